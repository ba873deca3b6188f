"""Decision heuristic for dense word searches, as a clingo propagator that only decides.

clasp's activity heuristic has no notion of space: on a tight grid it places words with few
crossings first and discovers late that the rest no longer fit. This one decides like a human
setter: the placement, over all words still open, that shares the most cells with letters already
written (so it uses the fewest new cells), among equals the word with the fewest placements left.
It adds no constraint: the search stays complete and proofs of unsolvability stay proofs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from clingo import Assignment, Function, Number, PropagateControl, PropagateInit

Cells = tuple[tuple[int, int, str], ...]  # (row, col, letter) per letter of a placement


class PlacementHeuristic:
    def __init__(self, options: Sequence[Sequence[Cells]], seed: int = 0):
        self.options = [list(opts) for opts in options]  # per word, per candidate id: its cells
        self.rng = random.Random(seed)
        self.lits: list[list[int]] = []  # per word, per candidate: solver literal (0: not in the program)
        self.true: list[set[int]] = []

    def init(self, init: PropagateInit) -> None:
        self.lits = []  # called again for each solve after the program grows
        for w, opts in enumerate(self.options):
            row = []
            for k in range(len(opts)):
                atom = init.symbolic_atoms[Function("place", [Number(w), Number(k)])]
                lit = init.solver_literal(atom.literal) if atom is not None else 0
                row.append(lit)
                if lit:
                    for watched in (lit, -lit):
                        init.add_watch(watched)
            self.lits.append(row)
        fixed = {lit for row in self.lits for x in row if x for lit in (x, -x) if init.assignment.is_true(lit)}
        self.true = [set(fixed) for _ in range(init.number_of_threads)]

    def propagate(self, control: PropagateControl, changes: Sequence[int]) -> None:
        self.true[control.thread_id].update(changes)

    def undo(self, thread_id: int, assignment: Assignment, changes: Sequence[int]) -> None:
        self.true[thread_id].difference_update(changes)

    def decide(self, thread_id: int, assignment: Assignment, fallback: int) -> int:
        true = self.true[thread_id]
        written: dict[tuple[int, int], str] = {}
        open_words = []  # (placements left, word)
        for w, row in enumerate(self.lits):
            done = False
            left = 0
            for k, lit in enumerate(row):
                if not lit:
                    continue
                if lit in true:
                    done = True
                    for r, c, ch in self.options[w][k]:
                        written[(r, c)] = ch
                    break
                if -lit not in true:
                    left += 1
            if not done and left:
                open_words.append((left, w))
        best, choice = -1.0, fallback
        for left, w in open_words:
            for k, lit in enumerate(self.lits[w]):
                if not lit or -lit in true:
                    continue
                shared = 0
                for r, c, ch in self.options[w][k]:
                    have = written.get((r, c))
                    if have is not None:
                        if have != ch:
                            shared = -1
                            break
                        shared += 1
                if shared < 0:
                    continue
                # most shared cells; among equals the word with fewer placements left; seeded ties
                score = shared - 0.001 * left + 0.0005 * self.rng.random()
                if score > best:
                    best, choice = score, lit
        return choice
