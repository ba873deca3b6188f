"""Stray copies as lazy clauses: a propagator that checks every complete placement.

A copy of a word spelled by placed letters alone (crossing words, or a dropped word formed by
chance) is found on each total assignment by the independent scanner's string search, and the
placements that spell it are forbidden together by a clause, unless the word itself is placed on
exactly those cells. The clause holds for every valid puzzle, so the clingo search stays complete:
every model it reports is clean, and an optimum or an unsatisfiability it proves is a proof.
"""

from __future__ import annotations

from collections.abc import Sequence

from clingo import PropagateControl, PropagateInit

from .heuristic import PlaceLiterals
from .verify import Cell, GridIndex, Placement

FREE = "\x01"  # a free cell before filling: never a letter


class StrayCopies:
    def __init__(self, words: Sequence[str], placements: Sequence[Sequence[Placement]], width: int, height: int):
        self.words = list(words)
        self.placements = [list(row) for row in placements]  # per word, per candidate id
        self.cells = [[frozenset(p.cells()) for p in row] for row in self.placements]
        self.width, self.height = width, height
        self.literals = PlaceLiterals(self.cells)
        self.lits: list[list[int]] = []
        self.at_cells: list[dict[frozenset[Cell], list[int]]] = []
        self.clauses = 0

    def init(self, init: PropagateInit) -> None:  # called again for each solve call
        self.lits = self.literals(init)
        self.at_cells = []
        for row, lits in zip(self.cells, self.lits, strict=True):
            by_cells: dict[frozenset[Cell], list[int]] = {}
            for cells, lit in zip(row, lits, strict=True):
                if lit:
                    by_cells.setdefault(cells, []).append(lit)
            self.at_cells.append(by_cells)

    def check(self, control: PropagateControl) -> None:
        assignment = control.assignment
        chosen: dict[int, int] = {}
        for w, lits in enumerate(self.lits):
            for k, lit in enumerate(lits):
                if lit and assignment.is_true(lit):
                    chosen[w] = k
                    break
        rows = [[FREE] * self.width for _ in range(self.height)]
        for w, k in chosen.items():
            p = self.placements[w][k]
            for (r, c), ch in zip(p.cells(), p.word, strict=True):
                rows[r][c] = ch
        index = GridIndex(["".join(row) for row in rows])
        for u, word in enumerate(self.words):
            own = self.cells[u][chosen[u]] if u in chosen else None
            for cells in index.occurrences(word):
                if cells == own:
                    continue
                makers = [v for v, k in chosen.items() if cells & self.cells[v][k]]
                clause = [-self.lits[v][chosen[v]] for v in makers] + self.at_cells[u].get(cells, [])
                self.clauses += 1
                if not control.add_clause(clause) or not control.propagate():
                    return
