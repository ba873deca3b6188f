"""``WordSearchOptions``: how one word search run searches, built once (by ``cli/commands/`` from the
arguments, by ``api.py`` from keywords) and handed down unchanged to the search."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import InputError
from .quality import MAX_SHARED
from .reader import WordSearchInstance

AUTO = "auto"  # size: the smallest grid the words fit on (autosize.py)
FITS = ("all", "most")


@dataclass(frozen=True)
class WordSearchOptions:
    """``level``, ``seed`` and ``size`` override the instance's; ``size`` is (width, height),
    ``"auto"`` (given, or the input has no size) or None (the instance's). ``fit`` is "most" when
    ``max_words`` is given (both builders resolve it)."""

    rules: tuple[str, ...] = ()  # the user's rule files (paths as strings)
    models: int = 1  # puzzles wanted, 0 = all
    seed: int | None = None
    time_limit: float | None = None  # seconds, within the run's own budget
    level: str | None = None
    size: tuple[int, int] | str | None = None
    aspect: tuple[int, int] = (1, 1)  # the grid's shape when the size is auto
    fit: str = FITS[0]  # "all": every word or a proof they cannot fit; "most": the heaviest selection
    max_words: int | None = None
    max_shared: int = MAX_SHARED  # percent of placements two puzzles may share
    balance: bool = True  # spread the words over the directions and the quadrants
    count_only: bool = False  # count the placements of the whole list, keep no puzzle (--count)

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
