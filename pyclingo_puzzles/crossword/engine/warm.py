"""A warm fill search: one clingo control for one shape of grid (its blocks), asked again and
again with assumptions (the studio's suggestions and verdict, ``crossword/studio``).

The control holds the dictionary fill's own encoding (``crossword_fill.lp``, lazy: letter atoms
only) and its word propagator (compiled when it loads, as every fill) over every word of each
slot's length. A question is a set of letters in places: the grid's own letters, and for "can the
grid be filled with WORD on this slot?" the slot's open places holding WORD's letters. They are
assumptions of one solve: the propagator keeps every slot a word and no word twice, so a model is
a fill with those letters, and "unsatisfiable" under them is a proof that none exists. clingo
keeps what it learnt between solves (nogoods of the program, which hold whatever the assumptions),
so later questions about the same shape, the next keystroke's grid included, start ahead. Every
model is decoded and checked by the family's verifier before it is believed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Sequence

import clingo
from clingo import Function, Symbol

from ...core.errors import VerificationError
from ...core.grid import Placement
from ...core.solve import Solver
from ...core.status import Status
from ...run import runtime
from ..framework import Framework
from ..solution import CrosswordSolution, build_solution, verify
from .attempt import ENCODING, PROPAGATOR_RESTARTS
from .facts import number, site_facts, string
from .wordsets import WordTable

POLL = 0.01  # seconds between two looks at the cancel flag and the clock while clingo searches

Stop = Callable[[], bool]  # True once the caller wants the search under way to end


class WarmSearch:
    """The fill of one shape of grid (its blocks; the letters come with each question) as a
    multi-shot control: the letters a grid has are assumptions like a suggestion's, so one control
    serves every grid of the shape as the constructor types, and what clingo learns about the
    shape carries over from one keystroke to the next."""

    def __init__(
        self,
        framework: Framework,
        tables: dict[int, WordTable],
        allowed: Collection[str],
        *,
        no_repeat: bool = True,
        seed: int = 0,
    ):
        self.framework = framework  # blocks and open places only
        self.sites = framework.sites()
        self.tables = tables
        self.allowed = allowed
        self.no_repeat = no_repeat
        self.solves = 0
        self._literal: dict[tuple[int, int, str], int] = {}
        self._place: dict[Symbol, tuple[int, int, str]] = {}  # a val/3 atom's symbol -> (row, col, letter)
        bits = {s.id: tables[s.length].full for s in self.sites}
        options = ["--sign-def=pos", "-c", f"no_repeat={int(no_repeat)}", "-c", "optimize=0", "-c", "lazy=1"]
        self.solver = Solver([ENCODING], options=[*options, PROPAGATOR_RESTARTS])
        from . import native
        from .propagator import WordPropagator

        args = (self.sites, tables, bits, no_repeat, seed)
        if native.choose("auto") == "c":
            native.NativePropagator(*args).register(self.solver.ctl)
        else:
            self.solver.register_propagator(WordPropagator(*args))
        placed = self._options(bits)
        self.solver.add_facts([*site_facts(framework, self.sites), *placed])
        self.solver.ground()
        atoms = self.solver.ctl.symbolic_atoms
        for fact, (r, c, ch) in placed.items():
            val = Function("val", fact.arguments)
            atom = atoms[val]
            if atom is not None:
                self._literal[(r, c, ch)] = atom.literal
                self._place[val] = (r, c, ch)

    def _options(self, bits: dict[int, int]) -> dict[Symbol, tuple[int, int, str]]:
        """``option(R, C, X)`` facts (with their place and letter): the letters every slot through
        a place has there in some word."""
        letters: dict[tuple[int, int], set[str]] = {}
        for s in self.sites:
            for i, cell in enumerate(s.cells()):
                here = self.tables[s.length].letters(bits[s.id], i)
                letters[cell] = here if cell not in letters else letters[cell] & here
        return {
            Function("option", [number(r), number(c), string(ch)]): (r, c, ch)
            for (r, c), options in sorted(letters.items())
            for ch in sorted(options)
        }

    def solve(
        self, letters: Sequence[tuple[tuple[int, int], str]], seconds: float | None, stop: Stop
    ) -> tuple[Status, CrosswordSolution | None]:
        """A fill in which these places hold these letters (a grid's and a suggestion's): SAT with
        the fill (verified against ``framework`` with the letters written in), UNSAT (proved: none),
        or UNKNOWN when ``seconds`` or ``stop`` came first."""
        assumptions = []
        for (r, c), ch in letters:
            lit = self._literal.get((r, c, ch))
            if lit is None:  # a letter no candidate has there: no fill has it
                return Status.UNSAT, None
            assumptions.append(lit)
        status, symbols = self._search(assumptions, seconds, stop)
        self.solves += 1
        if symbols is None:
            return status, None
        fill = self._decode(symbols)
        cells = [list(row) for row in self.framework.rows]
        for (r, c), ch in letters:
            cells[r][c] = ch
        given = Framework(tuple("".join(row) for row in cells))  # the grid asked about
        problems = verify(given, fill, allowed=self.allowed, repeats=not self.no_repeat)
        if problems:  # the encoding or the propagator is wrong: a defect, never the user's
            raise VerificationError(problems[0])
        return status, fill

    def _decode(self, symbols: Sequence[Symbol]) -> CrosswordSolution:
        """A model's letters read along each slot (as ``decode_letters``, by the symbols looked up
        once: reading each symbol's arguments costs 20 ms a model on a 15x15)."""
        letters: dict[tuple[int, int], str] = {}
        for sym in symbols:
            place = self._place.get(sym)
            if place is not None:
                letters[place[:2]] = place[2]
        placements = [
            Placement("".join(letters.get(cell, "?") for cell in s.cells()), s.row, s.col, s.direction)
            for s in self.sites
        ]
        return build_solution(self.framework, placements)

    def _search(
        self, assumptions: list[int], seconds: float | None, stop: Stop
    ) -> tuple[Status, Sequence[Symbol] | None]:
        ctl = self.solver.ctl
        ctl.configuration.solve.models = "1"  # type: ignore[union-attr]
        found: list[Sequence[Symbol]] = []

        def on_model(model: clingo.Model) -> bool:
            found.append(model.symbols(shown=True))
            return False

        due = None if seconds is None else time.monotonic() + max(0.0, seconds)
        cut = False
        with ctl.solve(assumptions=assumptions, on_model=on_model, async_=True) as handle:
            while not handle.wait(POLL if due is None else max(0.0, min(POLL, due - time.monotonic()))):
                if stop() or runtime.stopping() or (due is not None and time.monotonic() >= due):
                    handle.cancel()
                    cut = True
                    break
            result = handle.get()
        if found:
            return Status.SAT, found[0]
        if result.unsatisfiable and not cut and not result.interrupted:
            return Status.UNSAT, None
        return Status.UNKNOWN, None
