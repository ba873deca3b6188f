"""The layout family from Python: ``arrange`` a word list into one crossword, returning the
``LayoutResult`` the CLI prints from.

>>> from pyclingo_puzzles import layout
>>> result = layout.arrange(["kettle", "oven", "toaster"], seed=1)
>>> result.status, result.exit_code, result.crossings
(<Status.SAT: 'SAT'>, 0, 2)
>>> sorted(p.word for p in result.placements)
['KETTLE', 'OVEN', 'TOASTER']
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core import apicheck, messages
from ..core.errors import InputError
from ..core.grid import Placement
from ..core.results import Stats
from ..core.schema import build
from ..core.status import Status, api_code
from ..formats.instances import LIST_SUFFIXES, YAML_SUFFIXES
from ..formats.pagetext import PageText
from ..formats.yamlio import DataDoc
from . import dual, render
from .grid import Layout
from .options import DEFAULT_TIME_LIMIT, LayoutOptions
from .reader import MAX_SIDE, PREFERENCES, LayoutInstance, from_doc, read_instance
from .search import Outcome

__all__ = ["LayoutResult", "arrange"]

FILE_SUFFIXES = YAML_SUFFIXES + LIST_SUFFIXES  # words given as a file's path

Words = str | Path | LayoutInstance | Mapping[str, str] | Iterable[str | tuple[str, str]]


@dataclass
class LayoutResult:
    """The best layout found (verified), and how the search ended."""

    instance: LayoutInstance
    outcome: Outcome

    @property
    def layout(self) -> Layout | None:
        return self.outcome.layout

    @property
    def status(self) -> Status:
        if self.outcome.exit_code == 20:
            return Status.UNSAT
        return Status.SAT if self.layout is not None else Status.UNKNOWN

    @property
    def clingo_code(self) -> int:
        return self.outcome.exit_code

    @property
    def exit_code(self) -> int:
        """The command's exit code for this result, in the convention ``$PYCLINGO_PUZZLES_EXIT_CODES``
        names (Unix by default: 0 an answer, 1 none exists, 3 no answer within the limit)."""
        return api_code(self.clingo_code)

    @property
    def optimal(self) -> bool:
        return self.outcome.optimal

    @property
    def proved_box(self) -> tuple[int, int] | None:
        """(height, width) the optimality proof covers; None when it covers the whole plane."""
        return self.outcome.proved_box

    @property
    def unconnectable(self) -> list[str]:
        return self.outcome.unconnectable

    @property
    def shown(self) -> tuple[str, ...] | None:
        """What the user's ``#show`` statements show for the layout (None: they show nothing)."""
        return self.outcome.shown

    @property
    def stats(self) -> Stats:
        return self.outcome.stats

    @property
    def placements(self) -> list[Placement]:
        return list(self.layout.placements) if self.layout is not None else []

    @property
    def grid(self) -> list[str]:
        return self.layout.rows() if self.layout is not None else []

    @property
    def crossings(self) -> int:
        return self.layout.crossings if self.layout is not None else 0

    @property
    def area(self) -> int:
        return self.layout.area if self.layout is not None else 0

    def to_json(self) -> dict[str, Any]:
        """The CLI's ``--json`` document."""
        out: dict[str, Any] = {"status": self.status.value}
        if self.layout is not None:
            out.update(render.as_dict(self.layout, self.instance))
            out["optimal"] = self.optimal
            box = self.proved_box  # sizes are width x height everywhere the command shows them
            out["proved_within"] = {"width": box[1], "height": box[0]} if box else None
            out["prefer"] = self.instance.prefer
            if self.shown is not None:
                out["shown"] = list(self.shown)
        if self.unconnectable:
            out["cannot_connect"] = self.unconnectable
        return out

    def to_ipuz(self) -> dict[str, Any]:
        """The layout as an ipuz document (write it with ``ipuz.write_ipuz`` or ``json.dump``)."""
        if self.layout is None:
            raise ValueError("no layout to export")
        return render.ipuz(self.layout, self.instance)

    def to_puz(self) -> bytes:
        """The layout as Across Lite ``.puz`` bytes (puzpy reads them), with its clues and title."""
        if self.layout is None:
            raise ValueError("no layout to export")
        return render.puz(self.layout, self.instance)

    def _page_text(self, title: str | None, instructions: str | None, name_line: bool) -> PageText:
        default = render.page_text(self.instance)
        return PageText.of(default.title if title is None else title, instructions, name_line, default.instructions)

    def to_svg(
        self, key: bool = False, *, title: str | None = None, instructions: str | None = None, name_line: bool = False
    ) -> str:
        """The numbered blank puzzle with its clues, or (``key=True``) the filled one; ``title``
        (default: the instance's), ``instructions`` ("" none) and a Name / Date line as the command's."""
        apicheck.flag(key, "key")
        text = self._page_text(title, instructions, name_line)
        if self.layout is None:
            raise ValueError("no layout to draw")
        return render.svg(self.layout, self.instance, key=key, text=text)

    def to_pdf(
        self, *, title: str | None = None, instructions: str | None = None, name_line: bool = False, paper: str = "a4"
    ) -> bytes:
        """Printable pages (PDF bytes): the numbered blank grid with its clues, then the solution."""
        from ..formats.pdf import render as render_pdf

        text = self._page_text(title, instructions, name_line)
        apicheck.choice(paper, "paper", ("a4", "letter"))
        if self.layout is None:
            raise ValueError("no layout to draw")
        return render_pdf([render.pdf_sheet(self.layout, self.instance, text)], paper, text.title).content

    def to_html(self, *, title: str | None = None, instructions: str | None = None, name_line: bool = False) -> str:
        """A playable page (HTML, self-contained): the numbered grid to fill, the clues beside it;
        ``title`` as ``to_pdf``'s; ``instructions`` (default: how to play the page; "" none)."""
        from ..formats import playable

        default = self.instance.title or "Crossword"
        text = playable.text_of("crossword", default if title is None else title, instructions, name_line)
        if self.layout is None:
            raise ValueError("no layout to play")
        return playable.crossword(self.to_ipuz(), text, free_form=True, printed=render.INSTRUCTIONS)

    def verdict(self) -> str:
        layout = self.layout
        assert layout is not None
        figures = f"{layout.crossings} crossings, {layout.width}x{layout.height} box ({layout.area} cells)"
        if not self.optimal:
            return f"{figures}: not proved optimal"
        if self.proved_box is None:
            return f"{figures}: optimal"
        h, w = self.proved_box
        return f"{figures}: optimal (proved for every layout within {w}x{h})"

    def text(self, name: str) -> str:
        """The CLI's text output for the instance called ``name``."""
        if self.layout is not None:
            lines = []
            if len(self.instance.words) == 1:
                lines.append(f"{name}: one word, so the layout is that word alone")
            lines.append(render.text(self.layout, self.instance))
            if self.shown is not None:
                lines.append(f"shown: {' '.join(self.shown)}")
            lines += ["", f"{name}: {self.verdict()}"]
            return "\n".join(lines)
        if self.unconnectable:
            return f"{name}: cannot connect: {', '.join(self.unconnectable)} (shares no letter with the other words)"
        if self.proved_box is not None:
            h, w = self.proved_box
            return f"{name}: no layout fits within {w}x{h} (proved)"
        if self.optimal and self.outcome.collide:
            return f"{name}: the words cannot all connect: every way they cross collides (proved)"
        if self.optimal:
            return f"{name}: no layout satisfies the rules (proved)"
        return f"{name}: no layout found within the time limit"


def instance_of(
    words: Words,
    *,
    max_width: int | None = None,
    max_height: int | None = None,
    title: str | None = None,
    prefer: str | None = None,
) -> LayoutInstance:
    """An instance from a YAML path, an instance, one string of words (spaces or commas between),
    a list of words or ``(word, clue)`` pairs, or a mapping word -> clue; the keyword arguments
    override a file's values."""
    apicheck.choice(prefer, "prefer", PREFERENCES, optional=True)
    apicheck.text(title, "title")
    for value, what in ((max_width, "max_width"), (max_height, "max_height")):
        apicheck.optional_whole(value, what, 2, MAX_SIDE)
    if isinstance(words, LayoutInstance):
        inst = words
    elif isinstance(words, Path) or (isinstance(words, str) and Path(words).suffix.lower() in FILE_SUFFIXES):
        inst = read_instance(words)
    else:
        if isinstance(words, str):
            entries: list[Any] = words.replace(",", " ").split()
        elif isinstance(words, Mapping):
            entries = [{"word": w, "clue": c} for w, c in words.items()]
        elif isinstance(words, Iterable):
            entries = list(words)
            for i, e in enumerate(entries):
                if isinstance(e, tuple):
                    if len(e) != 2:  # the reader would say "a string or a {word, clue} mapping": pairs are taken too
                        message = f"word {i + 1} must be a (word, clue) pair, got a tuple of {len(e)}"
                        raise InputError(message, "<words>")
                    entries[i] = {"word": e[0], "clue": e[1]}
        else:
            raise InputError(f"words must be a list, a mapping or a YAML path, got {type(words).__name__}", "<words>")
        inst = from_doc(DataDoc("<words>", {"words": entries}))
    overrides = {"max_width": max_width, "max_height": max_height, "title": title, "prefer": prefer}
    if all(v is None for v in overrides.values()):
        return inst
    data: dict[str, Any] = {
        "words": [{"word": w, "clue": c} for w, c in zip(inst.words, inst.clues, strict=True)],
        "max_width": inst.max_width,
        "max_height": inst.max_height,
        "title": inst.title,
        "prefer": inst.prefer,
    }
    data.update((k, v) for k, v in overrides.items() if v is not None)
    return from_doc(DataDoc(inst.path, {k: v for k, v in data.items() if v is not None}))


@messages.one_run
def arrange(
    words: Words,
    *,
    max_width: int | None = None,
    max_height: int | None = None,
    title: str | None = None,
    prefer: str | None = None,
    rules: Iterable[str | Path] = (),
    seed: int | None = None,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    work_limit: float | None = None,
) -> LayoutResult:
    """Every word placed once, across or down, into one crossword, the best found within
    ``time_limit`` seconds by ``prefer`` (``layout/objective.py``): ``"balanced"`` (default:
    crossings x weight - box area, a crossing worth ten times the mean word length in cells),
    ``"crossings"`` (most crossings, then the smallest box) or ``"area"`` (the reverse);
    ``result.optimal`` when proved. Words are checked as the CLI checks a file (bad input
    raises ``InputError``); ``rules``: ``.lp`` files as with ``--rules``. Lists of more than 7
    words without rules are searched in two processes on a machine with two cores or more (see
    ``layout/dual.py``). ``work_limit`` (seconds, at most ``time_limit``): the search's budget
    of work as that many seconds of a quiet machine's work (a short list's proof too, by clingo's
    conflicts), so the same seed gives the same layout under any load; ``time_limit`` still ends
    it (give it room)."""
    started = time.monotonic()
    options = layout_options(rules=rules, seed=seed, time_limit=time_limit, work_limit=work_limit)
    inst = instance_of(words, max_width=max_width, max_height=max_height, title=title, prefer=prefer)
    return LayoutResult(inst, dual.arrange(inst, options, started=started))


def layout_options(**keywords: Any) -> LayoutOptions:
    """``arrange``'s search keywords (``rules``, ``seed``, ``time_limit``, ``work_limit``), each checked
    by its field, as one ``LayoutOptions`` (the command's ``layout_options``); no time limit: the
    default's."""
    if keywords.get("time_limit", DEFAULT_TIME_LIMIT) is None:
        keywords = {**keywords, "time_limit": DEFAULT_TIME_LIMIT}
    return build(LayoutOptions, keywords).checked(apicheck.ARGS)
