"""``WordSearchOptions``: how one word search run searches, built once (by ``cli/commands/`` from the
arguments, by ``api.py`` from keywords) and handed down unchanged to the search."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.errors import InputError, shown
from ..core.schema import Refused, RunOptions, option
from .quality import MAX_SHARED
from .reader import LEVELS, MAX_SIZE, WordSearchInstance

AUTO = "auto"  # size: the smallest grid the words fit on (autosize.py)
FITS = ("all", "most")


def _size(value: Any) -> tuple[int, int] | str:
    """``size``: ``"auto"`` or (width, height) within the grids a word search may have."""
    if value == AUTO:
        return AUTO
    if not (isinstance(value, tuple) and len(value) == 2):
        raise Refused(f"must be (width, height) or {AUTO!r}, got {shown(value)}")
    for name, side in zip(("width", "height"), value, strict=True):
        if isinstance(side, bool) or not isinstance(side, int) or not 1 <= side <= MAX_SIZE:
            raise Refused(f"{name} must be between 1 and {MAX_SIZE}, got {shown(side)}")
    return value


def _size_text(text: str) -> tuple[int, int] | str:
    """``--size``: ``auto`` or ``WxH`` such as ``12x10``."""
    if text.strip().lower() == AUTO:
        return AUTO
    try:
        w, h = text.lower().split("x")
        return int(w), int(h)
    except ValueError:
        raise Refused(f"expected WxH such as 12x10, got {text!r}") from None


def _aspect(value: Any) -> tuple[int, int]:
    if (not isinstance(value, tuple) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in value)):  # fmt: skip
        raise Refused(f"must be (W, H), each a whole number >= 1, got {shown(value)}")
    return value


def _aspect_text(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.split(":"))
    except ValueError:
        w = h = 0
    if w < 1 or h < 1:
        raise Refused(f"expected W:H such as 4:3, got {text!r}")
    return w, h


@dataclass(frozen=True)
class WordSearchOptions(RunOptions):
    """``level``, ``seed`` and ``size`` override the instance's; ``size`` is (width, height),
    ``"auto"`` (given, or the input has no size) or None (the instance's). ``fit`` is "most" when
    ``max_words`` is given (both builders resolve it). Each field is its option's one definition
    (``core/schema.py``)."""

    level: str | None = option(None, "choice", "override the file's level", choices=tuple(LEVELS))
    size: tuple[int, int] | str | None = option(
        None, "size", "the grid's width and height, over the file's (auto: the smallest fit; the default for a word "
        "list and --words)", parse=_size_text, check=_size, metavar="WxH|auto")  # fmt: skip
    fit: str = option(FITS[0], "choice", "all: every word or a proof they cannot fit (default); most: the heaviest "
                      "selection that fits", choices=FITS)  # all: every word or a proof; most: the heaviest selection
    max_words: int | None = option(None, "whole", "place at most N words (implies --fit most)", low=1, metavar="N")
    aspect: tuple[int, int] = option((1, 1), "aspect", "with --size auto: grid shape (default 1:1)", parse=_aspect_text,
                                     check=_aspect, metavar="W:H")  # the grid's shape when the size is auto
    max_shared: int = option(MAX_SHARED, "whole", "--models N: any two puzzles have at most PERCENT %% of their word "
                             f"placements in common (default {MAX_SHARED}; 100: any different puzzles, as clingo "
                             "enumerates them)", low=0, high=100, metavar="PERCENT")
    balance: bool = option(True, "flag", "do not spread the words evenly over the directions and the grid's "
                           "quadrants", flag="--no-balance", invert=True)  # over the directions and the quadrants
    count_only: bool = option(False, "flag", "count the placements of the whole word list (no second copy of a "
                              "word made of placed letters) and print only the number (with --time-limit a lower "
                              "bound, 'at least N')", keyword="count")  # keep no puzzle

    @property
    def auto(self) -> bool:
        return self.size == AUTO

    @property
    def fixed_size(self) -> tuple[int, int] | None:
        """The size given over the instance's (None: auto or the instance's own)."""
        return self.size if isinstance(self.size, tuple) else None

    def checked(self, inst: WordSearchInstance, where: str, command: bool = False) -> WordSearchOptions:
        """These options, or an ``InputError`` for a combination no search can do on ``inst``,
        naming them as the command (``command``: ``--max-words``) or the API (``max_words``) does."""
        if self.count_only:
            if self.auto:
                raise InputError("--count counts the placements on one grid: give its size with --size WxH", where)
            return self
        if self.max_words is not None and len(inst.required) > self.max_words:
            named = "--max-words" if command else "max_words"
            raise InputError(f"{len(inst.required)} words are required but {named} is {self.max_words}", where)
        if self.auto and self.fit == "most":
            if command:
                raise InputError("--fit most and --max-words choose words for one grid: give its size with --size WxH "
                                 "(--size auto, the default for a word list, places every word)", where)  # fmt: skip
            raise InputError("fit='most' needs width and height (the smallest grid is for all words)", where)
        return self
