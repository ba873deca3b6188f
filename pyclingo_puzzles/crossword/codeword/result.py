"""``CodewordResult``: a codeword and its proof of one decoding (or why there is none), what
``api.make`` returns and the command prints from."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import apicheck
from ...core.results import Record, Stats
from ...core.status import Coded, Status
from ...formats.pagetext import PageText
from .puzzle import INSTRUCTIONS, Codeword

if TYPE_CHECKING:
    from .decoding import Decoder



class CodewordResult(Record, Coded):
    """``status`` SAT: ``puzzle`` is unique with its givens (proved), ``needed`` the fewest givens
    that do that; UNSAT: no set of givens within the bound does (``other``: a second decoding);
    UNKNOWN: the limit came first. ``dictionary``: what the decoding was checked against."""

    def __init__(self, status: Status, puzzle: Codeword, needed: int | None, dictionary: str, words: int,
                 decoder: Decoder | None, title: str = ""):  # fmt: skip
        self.status = status
        self.puzzle = puzzle
        self.needed = needed
        self.dictionary = dictionary
        self.words = words
        self.checks = decoder.checks if decoder is not None else 0
        self.stats = decoder.stats if decoder is not None else Stats()
        self.title = title
        self.every_letter = False
        self.other: dict[int, str] | None = None
        self.bound = len(puzzle.given)  # the most givens tried
        self.minimal: str | None = None  # how minimal ``needed`` is: "smallest" (proved) or "subset"
        self.exhausted = status is Status.SAT  # the uniqueness is proved: clingo's 30
        self.interrupted = status is Status.UNKNOWN

    @property
    def unique(self) -> bool:
        return self.status is Status.SAT

    def differ(self) -> list[tuple[int, int]]:
        """The cells a second decoding (of the best givens tried) changes."""
        from .decoding import differ

        return differ(self.puzzle, self.other) if self.other else []

    def why(self) -> str:
        if self.status is Status.UNKNOWN:
            return "no unique codeword within the time limit"
        if self.status is Status.UNSAT:
            return f"no {self.bound} given letter(s) or fewer make the decoding unique"
        return ""

    def to_json(self) -> dict[str, Any]:
        """The CLI's ``--json`` document."""
        p = self.puzzle
        out: dict[str, Any] = {"status": self.status.value, "unique": self.unique, "grid": list(p.rows),
                               "numbers": p.numbers(), "given": {str(n): x for n, x in p.given_letters().items()}}
        out["key"] = {str(n): p.key[n] for n in sorted(p.key)}
        out.update(givens_needed=self.needed, givens_minimal=self.minimal,
                   letters=len(p.key), every_letter=len(p.key) == 26, dictionary=self.dictionary,
                   dictionary_words=self.words, checks=self.checks)  # fmt: skip
        if self.other:
            out["differ"] = [{"row": r, "col": c} for r, c in self.differ()]
        return out

    def page_text(self, title: str | None = None, instructions: str | None = None, name_line: bool = False) -> PageText:
        default = self.title or "Codeword"
        return PageText.of(default if title is None else title, instructions, name_line, INSTRUCTIONS)

    def to_svg(self, *, key: bool = False, title: str | None = None, instructions: str | None = None,
               name_line: bool = False) -> str:  # fmt: skip
        """The puzzle's page (SVG): the numbered grid with the givens, the 1-26 table and the letter
        bank; with ``key`` the solution."""
        from .render import svg_page

        apicheck.flag(key, "key")
        return svg_page(self.puzzle, self.page_text(title, instructions, name_line), key=key)

    def to_pdf(self, *, title: str | None = None, instructions: str | None = None, name_line: bool = False,
               paper: str = "a4") -> bytes:  # fmt: skip
        """Printable pages (PDF bytes): the puzzle, then its key."""
        from ...formats.pdf import render
        from .render import pdf_sheets

        apicheck.choice(paper, "paper", ("a4", "letter"))
        text = self.page_text(title, instructions, name_line)
        return render(pdf_sheets([self.puzzle], text), paper, text.title).content

    def to_html(self, *, title: str | None = None, instructions: str | None = None) -> str:
        """The playable page: typing a letter for a number fills every cell of that number."""
        from .play import page

        return page(self.puzzle, self.page_text(title, instructions))
