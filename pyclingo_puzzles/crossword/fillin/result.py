"""``FillinResult``: a fill-in puzzle made (its answer, verified; its starters; its grade), what
``api.make`` returns and the command prints from."""

from __future__ import annotations

from typing import Any

from ...core import apicheck
from ...core.results import Record, Stats
from ...core.status import Coded, Status
from ...formats.pagetext import PageText
from ..framework import Framework
from ..solution import CrosswordSolution, render_text
from . import render
from .starters import Starters
from .words import lines, printed


class FillinResult(Record, Coded):
    """``status``: SAT (a puzzle: ``answer`` and ``starters``), UNSAT (the words cannot fill the
    framework, ``why``), UNKNOWN (the limit came first). ``exhausted``: the starters' uniqueness
    is proved (always, for a puzzle made)."""

    def __init__(self, status: Status, framework: Framework, words: tuple[str, ...], answer: CrosswordSolution | None,
                 starters: Starters | None, stats: Stats | None = None, why: tuple[str, ...] = (),
                 title: str = "") -> None:  # fmt: skip
        self.status, self.framework, self.words, self.answer = status, framework, words, answer
        self.starters, self.stats, self.why, self.title = starters, stats or Stats(), why, title
        self.exhausted = status is not Status.UNKNOWN
        self.interrupted = status is Status.UNKNOWN

    @property
    def given(self) -> dict[tuple[int, int], str]:
        """The letters the puzzle shows: the framework's own and the starters."""
        letters = dict(self.framework.predefined())
        if self.answer is not None and self.starters is not None:
            letters.update({(r, c): self.answer.grid[r][c] for r, c in self.starters.cells})
        return letters

    def to_json(self) -> dict[str, Any]:
        """The command's ``--json`` document."""
        out: dict[str, Any] = {"status": self.status.value, "title": self.title, "words": printed(self.words)}
        if self.answer is None or self.starters is None:
            return {**out, "unique": None if self.status is Status.UNKNOWN else False, "why": list(self.why)}
        s = self.starters
        out["grid"] = list(self.answer.grid)
        out["framework"] = ["".join(" " if ch == " " else "." for ch in row) for row in self.answer.grid]
        out["starters"] = [{"row": r, "col": c, "letter": self.answer.grid[r][c]} for r, c in s.cells]
        out["unique"], out["starters_minimal"], out["fewest"] = True, s.minimal, s.fewest
        out["difficulty"] = {"grade": s.grade.name, "steps": s.grade.steps, "unknown": len(s.grade.unknown)}
        out["checks"] = s.checks
        if s.notes:
            out["notes"] = list(s.notes)
        return out

    def text(self, name: str) -> str:
        """What the command prints: the empty framework with its starters, the list, the verdict."""
        if self.answer is None or self.starters is None:
            if self.status is Status.UNSAT:
                what = "the framework has no fill" if not self.words else "the words cannot fill the framework"
                return "\n".join([f"{name}: no fill-in: {what} (proved)",
                                  *(f"{name}: why: {line}" for line in self.why)])  # fmt: skip
            return f"{name}: no fill-in within the time limit (unknown)"
        given = self.given
        blank = ["".join(ch if ch == " " else given.get((r, c), ".") for c, ch in enumerate(row))
                 for r, row in enumerate(self.answer.grid)]  # fmt: skip
        notes = [f"{name}: {line}" for line in (*verdict(self.starters), *self.starters.notes)]
        listed = lines(self.words)
        return "\n".join([*blank, "", *listed, "", "Solution:", render_text(self.answer), "", *notes])

    def __str__(self) -> str:
        return self.text(self.title or "fillin")

    def page_text(self, title: str | None = None, instructions: str | None = None, name_line: bool = False) -> PageText:
        return PageText.of(self.title or "Fill-in" if title is None else title, instructions, name_line,
                           render.INSTRUCTIONS)  # fmt: skip

    def _answer(self, what: str) -> CrosswordSolution:
        if self.answer is None:
            raise ValueError(f"no puzzle to {what}")
        return self.answer

    def to_svg(self, *, key: bool = False, title: str | None = None, instructions: str | None = None,
               name_line: bool = False) -> str:  # fmt: skip
        """The puzzle page (SVG), or with ``key`` the filled grid."""
        apicheck.flag(key, "key")
        text = self.page_text(title, instructions, name_line)
        return render.svg(self._answer("draw"), self.words, text, self.given, key=key)

    def to_pdf(self, *, title: str | None = None, instructions: str | None = None, name_line: bool = False,
               paper: str = "a4") -> bytes:  # fmt: skip
        """The puzzle page, then the key (PDF bytes)."""
        apicheck.choice(paper, "paper", ("a4", "letter"))
        text = self.page_text(title, instructions, name_line)
        return render.pdf(self._answer("draw"), self.words, text, self.given, paper).content

    def to_html(self, *, title: str | None = None, instructions: str | None = None, name_line: bool = False) -> str:
        """The playable page (HTML, self-contained)."""
        text = self.page_text(title, instructions, name_line)
        return render.html(self._answer("play"), self.words, text, self.given)

    def to_ipuz(self) -> dict[str, Any]:
        """The puzzle as an ipuz document: the starters as given letters."""
        return render.ipuz_doc(self._answer("export"), self.title, self.given)


def _steps(n: int) -> str:
    return f"{n} step" + ("" if n == 1 else "s")


MINIMAL = {"smallest": "proved smallest", "subset": "subset-minimal: none can be left out",
           "none": "enough, not shown minimal (the limit)"}  # fmt: skip


def verdict(s: Starters) -> list[str]:
    """The text's last lines: uniqueness and how few the starters are, then the grade."""
    grade = s.grade
    steps = _steps(grade.steps)
    how = (f"solved by reasoning alone in {steps}" if grade.easy
           else f"{len(grade.unknown)} cells left after {steps} of reasoning: a guess is needed")  # fmt: skip
    return [f"unique (proved): {len(s.cells)} starter(s); the fewest {s.fewest}, {MINIMAL[s.minimal]}",
            f"difficulty {grade.name}: {how}"]  # fmt: skip
