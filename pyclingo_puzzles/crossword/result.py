"""``CrosswordResult``: the verified solutions of a crossword run and how its search ended, what
``api.solve`` and ``api.fill`` return and the command prints from (its own module: the search's
helpers, ``construct.py``, build one too, below ``api``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core import apicheck
from ..core.blame import describe_rules
from ..core.results import Record, SolveResult, Stats
from ..core.solve import Solver
from ..core.status import Coded, Status
from ..formats.pagetext import PageText
from .framework import Framework, Site
from .outputs import exports
from .solution import CrosswordSolution, render_text

if TYPE_CHECKING:
    from ..core.unique import Uniqueness
    from .engine.unfillable import Core

SLOTS_SHOWN = 20  # slots without a candidate word named in the text
CORE_AND_SLOTS_SHOWN = 5  # the same after a minimal core, which says it all


class CrosswordResult(Record, Coded):
    """Solutions (verified) and how the search ended; what both CLI modes print.

    ``rules_to_blame``: when unsolvable only because of the user's rule files, those files.
    ``empty_slots``: dictionary fill proved impossible before any search (no word fits these).
    ``optimal``, ``score``: with ``optimize``, whether the fill's total score was proved the best,
    and that total (None otherwise); ``count`` is then the fills returned, not the improvements.
    (A plain class, not a dataclass: see solve.py.)"""

    def __init__(
        self,
        status: Status,
        solutions: list[CrosswordSolution],
        count: int = 0,
        exhausted: bool = False,
        interrupted: bool = False,
        stats: Stats | None = None,
        rules_to_blame: tuple[str, ...] = (),
        empty_slots: tuple[Site, ...] = (),
        optimal: bool | None = None,
        score: int | None = None,
    ):
        # set by construct.explain: why no fill (a core proved), or at a limit the tightest slots
        self.core: Core | None = None
        self.fewest: tuple[tuple[Site, int], ...] = ()
        self.framework: Framework | None = None  # crossword.generate: the pattern made (no theme letters)
        self.why: tuple[str, ...] = ()  # a word list proved unsolvable: why, in words (p99.why_unsolvable)
        self.status = status
        self.solutions = solutions
        self.count = count
        self.exhausted = exhausted
        self.interrupted = interrupted
        self.stats = Stats() if stats is None else stats
        self.rules_to_blame = rules_to_blame
        self.empty_slots = empty_slots
        self.optimal = optimal
        self.score = score
        self.clues: dict[str, str] = {}  # entry -> clue (``--clues``, ``clues=``): in every export
        self.given: dict[tuple[int, int], str] = {}  # the framework's given letters, shown on the blank puzzle
        self.title = ""  # the exported puzzle's title
        # a generated grid's fill improved (construction/improve.py: Improved.as_json()), else None
        self.improvement: dict[str, Any] | None = None
        self.uniqueness: Uniqueness | None = None  # unique=True (--unique): the verdict, where two differ

    def to_puz(self) -> bytes:
        """The first solution as Across Lite ``.puz`` bytes (through puzpy), with its clues and title."""
        return exports.puz_bytes(self._first("export"), self.title, self.clues)

    def to_ipuz(self) -> dict[str, Any]:
        """The first solution as an ipuz document (``json.dump`` it), with its clues and title."""
        return exports.ipuz_doc(self._first("export"), self.title, self.clues, self.given)

    def unclued(self) -> list[str]:
        """The first solution's entries without a clue, as ``1 across ABBA``."""
        return exports.unclued(self._first("check"), self.clues) if self.solutions else []

    def page_text(self, title: str | None = None, instructions: str | None = None, name_line: bool = False) -> PageText:
        """The printed page's text: ``title`` (default: the result's, else "Crossword"), ``instructions``
        ("" none), a Name / Date line."""
        default = self.title or "Crossword"
        words = [p.word for p in self.solutions[0].placements] if self.solutions else []
        own = exports.instructions(bool(self.clues), words)
        return PageText.of(default if title is None else title, instructions, name_line, own)

    def to_svg(
        self, *, key: bool = False, title: str | None = None, instructions: str | None = None, name_line: bool = False
    ) -> str:
        """The first solution's printable page (SVG): the blank numbered grid with its clues, or with
        ``key`` the filled one."""
        apicheck.flag(key, "key")
        text = self.page_text(title, instructions, name_line)
        return exports.svg_page(self._first("draw"), text, self.clues, key=key, given=None if key else self.given)

    def to_pdf(
        self, *, title: str | None = None, instructions: str | None = None, name_line: bool = False, paper: str = "a4"
    ) -> bytes:
        """Printable pages (PDF bytes): each solution's blank numbered grid with its clues, then the fills."""
        from ..formats.pdf import render as render_pdf
        from .outputs.render import pdf_sheets

        text = self.page_text(title, instructions, name_line)
        apicheck.choice(paper, "paper", ("a4", "letter"))
        self._first("draw")
        return render_pdf(pdf_sheets(self.solutions, text, self.given, self.clues), paper, text.title).content

    def _first(self, what: str) -> CrosswordSolution:
        if not self.solutions:
            raise ValueError(f"no solution to {what}")
        return self.solutions[0]

    def to_json(self) -> dict[str, Any]:
        """The CLI's ``--json`` document."""
        out: dict[str, Any] = {
            "status": self.status.value,
            "count": self.count,
            "solutions": [exports.with_clues(s.as_dict(), self.clues) for s in self.solutions],
        }
        if self.rules_to_blame:
            out["rules_to_blame"] = list(self.rules_to_blame)
        if self.empty_slots:
            out["empty_slots"] = [s._asdict() for s in self.empty_slots]
        if self.optimal is not None:
            out["optimal"], out["score"] = self.optimal, self.score
        if self.improvement is not None:
            out["improvement"] = self.improvement
        if self.core is not None:
            out["core"], out["core_minimal"] = self.core.as_json(), self.core.minimal
        if self.fewest:
            out["fewest_candidates"] = [{**site._asdict(), "candidates": n} for site, n in self.fewest]
        if self.why:
            out["why"] = list(self.why)
        if self.uniqueness is not None:
            out.update(self.uniqueness.as_json())
        return out

    def to_html(self, *, title: str | None = None, instructions: str | None = None, name_line: bool = False) -> str:
        """A playable page (HTML, self-contained) of the first solution's grid: type the letters; its
        clues (``clues=``) where there are some, else each entry's length. ``title`` as ``to_pdf``'s;
        ``instructions`` (default: how to play the page; "" none)."""
        from ..formats.playable import text_of
        from .outputs.render import html

        text = text_of("crossword", self.title or "Crossword" if title is None else title, instructions, name_line)
        return html(self._first("play"), text, self.given, self.clues)

    def text(self, name: str, models: int = 1) -> str:
        """The CLI's text output for the instance called ``name``."""
        lines = []
        for i, sol in enumerate(self.solutions, 1):
            if len(self.solutions) > 1:
                lines.append(f"Solution {i}:")
            lines.append(render_text(sol))
            if sol.shown is not None:
                lines.append(f"shown: {' '.join(sol.shown)}")
            lines.append("")
        if self.empty_slots and self.core is not None:
            # the minimal core first: it is the answer; the slots left empty by the pruning after it
            lines.extend(self._why(name, "no fill (proved)"))
            n = len(self.empty_slots)
            lines.append(f"{name}: with their crossings, {n} slots are left without a dictionary word:")
            lines.extend(self._slot_lines(self.empty_slots[:CORE_AND_SLOTS_SHOWN]))
        elif self.empty_slots:
            lines.append(f"{name}: no fill (proved): no dictionary word fits these slots:")
            lines.extend(self._slot_lines(self.empty_slots[:SLOTS_SHOWN]))  # a 400x400 grid listed 800
        else:
            if self.status is Status.UNSAT:
                lines.append(f"{name}: no solution (proved unsolvable){describe_rules(self.rules_to_blame)}")
                lines.extend(f"{name}: why: {line}" for line in self.why)
            elif not self.solutions:
                lines.append(f"{name}: no solution found within the time limit (unknown)")
            lines.extend(self._why(name))
        if self.optimal is not None and self.solutions:
            how = "optimal (proved)" if self.optimal else "the best found (optimum not proved)"
            lines.append(f"{name}: total score {self.score}{improved_text(self.improvement)}, {how}")
        elif self.uniqueness is not None:
            lines.append(f"{name}: {self.uniqueness.text()}")
        elif self.count and (models != 1 or self.count > 1):
            lines.append(f"{name}: {'all' if self.exhausted else 'at least'} {self.count} solution(s)")
        return "\n".join(lines)


    def _slot_lines(self, shown: Sequence[Site]) -> list[str]:
        """The slots ``shown``, and how many of ``empty_slots`` are not (``--json`` lists them all)."""
        lines = [f"  {site.describe()}" for site in shown]
        if len(self.empty_slots) > len(shown):
            lines.append(f"  ... and {len(self.empty_slots) - len(shown)} more slots (--json lists them all)")
        return lines

    def __str__(self) -> str:
        """What the command prints for the result (``print(result)``), not the fields' dump (``repr``)."""
        return self.text(self.title or "crossword", max(1, len(self.solutions)))

    def _why(self, name: str, verdict: str = "why") -> list[str]:
        """The core's slots (row, column, direction, pattern), or the slots with the fewest candidates;
        ``verdict`` opens the core's first line."""
        if self.core is not None:
            how = "minimal" if self.core.minimal else "not shown minimal: the limit came first"
            n = len(self.core.slots)
            what = "this slot cannot be filled" if n == 1 else f"these {n} slots cannot be filled together"
            lines = [f"{name}: {verdict}: {what} ({how}):"]
            return lines + [f"  {line}" for line in self.core.lines()]
        if self.fewest:
            lines = [f"{name}: the search was cut by the limit; the slots with the fewest candidates:"]
            return lines + [f"  {site.describe()}: {n} candidate(s)" for site, n in self.fewest]
        return []


def improved_text(improvement: dict[str, Any] | None) -> str:
    """`` over 73 entries (mean 389, theme entries not counted; 3,102 before 5 of 30 steps)``."""
    if not improvement:
        return ""
    n = improvement["entries"]
    mean = f"mean {improvement['score'] / n:.0f}" if n else "no entry"
    themes = ", theme entries not counted" if improvement.get("themes") else ""
    local = ", a local optimum" if improvement["local_optimum"] and not improvement["optimal"] else ""
    return (f" over {n} entries ({mean}{themes}; {improvement['score_before']} before "
            f"{improvement['steps_kept']} of {improvement['steps']} improving steps{local})")


def from_solve(result: SolveResult, solutions: list[CrosswordSolution], blamed: Sequence[str] = ()) -> CrosswordResult:
    return CrosswordResult(
        result.status,
        solutions,
        result.count,
        result.exhausted,
        result.interrupted,
        result.stats,
        tuple(blamed) or tuple(Solver.rule_core(result.core)),
    )
