"""Decision heuristic for dense word searches, as a clingo propagator that only decides.

clasp's activity heuristic has no notion of space: on a tight grid it places words with few
crossings first and discovers late that the rest no longer fit. This one decides like a human
setter: the placement, over all words still open, that shares the most cells with letters already
written (so it uses the fewest new cells), among equals the word with the fewest placements left.
It adds no constraint: the search stays complete and proofs of unsolvability stay proofs.

The counts are kept incrementally (a placement made true adds one shared cell to every candidate
that writes the same letter on one of its cells), so a decision is one pass over the candidates.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from clingo import Assignment, PropagateControl, PropagateInit, SymbolType

Cells = tuple[tuple[int, int, str], ...]  # (row, col, letter) per letter of a placement
LEFT_WEIGHT = 0.001  # per placement left: a tie-break after shared cells


class PlaceLiterals:
    """Solver literal of every ``place(W, K)`` (0: not in the program), per word, per candidate.
    The program atoms are looked up once (symbols are slow to read); their solver literals on every
    solve call, when propagators are initialised again."""

    def __init__(self, options: Sequence[Sequence[object]]):
        self.sizes = [len(opts) for opts in options]
        self.atoms: list[list[int]] | None = None

    def __call__(self, init: PropagateInit) -> list[list[int]]:
        if self.atoms is None:
            self.atoms = [[0] * n for n in self.sizes]
            for atom in init.symbolic_atoms.by_signature("place", 2):
                w, k = atom.symbol.arguments  # the user's rules may derive others: not candidates
                if w.type is not SymbolType.Number or k.type is not SymbolType.Number:
                    continue
                if 0 <= w.number < len(self.atoms) and 0 <= k.number < len(self.atoms[w.number]):
                    self.atoms[w.number][k.number] = atom.literal
        return [[init.solver_literal(a) if a else 0 for a in row] for row in self.atoms]


class _State:
    """One solver thread's view: shared cells per candidate, words placed, candidates left."""

    def __init__(self, n_cands: int, left: list[int]):
        self.shared = [0] * n_cands
        self.written: dict[tuple[int, int], int] = {}  # cell -> placed words writing it
        self.placed = [0] * len(left)  # placements of the word made true
        self.left = list(left)  # candidates of the word not (yet) false
        self.true: set[int] = set()


class PlacementHeuristic:
    def __init__(self, options: Sequence[Sequence[Cells]], seed: int = 0):
        self.options = [list(opts) for opts in options]  # per word, per candidate id: its cells
        self.rng = random.Random(seed)
        self.literals = PlaceLiterals(self.options)
        self.word: list[int] = []  # flat candidate index -> word
        self.cells: list[Cells] = []
        self.span: list[range] = []  # word -> its flat candidate indices
        for w, opts in enumerate(self.options):
            self.span.append(range(len(self.word), len(self.word) + len(opts)))
            for cells in opts:
                self.word.append(w)
                self.cells.append(cells)
        self.cover: dict[tuple[int, int], list[tuple[int, str]]] = {}  # cell -> (candidate, letter)
        for i, cells in enumerate(self.cells):
            for r, c, ch in cells:
                self.cover.setdefault((r, c), []).append((i, ch))
        self.lit: list[int] = []  # flat candidate -> solver literal (0: not in the program)
        self.on_true: dict[int, list[int]] = {}  # literal -> candidates it makes true
        self.on_false: dict[int, list[int]] = {}  # literal -> candidates it makes false
        self.states: list[_State] = []
        self.fewest_left: set[int] | None = None  # these words, fewest placements left first (proofs)

    def init(self, init: PropagateInit) -> None:  # called again for each solve call
        lits = [lit for row in self.literals(init) for lit in row]
        if lits != self.lit:
            self.lit, self.on_true, self.on_false = lits, {}, {}
            for i, lit in enumerate(lits):
                if lit:
                    self.on_true.setdefault(lit, []).append(i)
                    self.on_false.setdefault(-lit, []).append(i)
        for lit in set(self.on_true) | set(self.on_false):
            init.add_watch(lit)
        left = [0] * len(self.options)
        for i, lit in enumerate(self.lit):
            if lit:
                left[self.word[i]] += 1
        self.states = [_State(len(self.lit), left) for _ in range(init.number_of_threads)]
        fixed = [lit for lit in set(self.on_true) | set(self.on_false) if init.assignment.is_true(lit)]
        for state in self.states:
            self._apply(state, fixed, +1)

    def _apply(self, state: _State, changes: Sequence[int], sign: int) -> None:
        lean = self.fewest_left is not None  # its decisions read no shared cells: skip their upkeep
        for lit in changes:
            if sign > 0:
                state.true.add(lit)
            else:
                state.true.discard(lit)
            for i in self.on_true.get(lit, ()):
                state.placed[self.word[i]] += sign
                if lean:
                    continue
                for r, c, ch in self.cells[i]:
                    before = state.written.get((r, c), 0)
                    state.written[(r, c)] = before + sign
                    if before == (0 if sign > 0 else 1):  # a cell counts once, however many words cross it
                        for j, other in self.cover[(r, c)]:
                            if other == ch:
                                state.shared[j] += sign
            for i in self.on_false.get(lit, ()):
                state.left[self.word[i]] -= sign

    def propagate(self, control: PropagateControl, changes: Sequence[int]) -> None:
        self._apply(self.states[control.thread_id], changes, +1)

    def undo(self, thread_id: int, assignment: Assignment, changes: Sequence[int]) -> None:
        self._apply(self.states[thread_id], changes, -1)

    def decide(self, thread_id: int, assignment: Assignment, fallback: int) -> int:
        state = self.states[thread_id]
        if self.fewest_left is not None:
            return self._fewest_left(state, self.fewest_left, fallback)
        true, shared, lits, noise = state.true, state.shared, self.lit, self.rng.random
        best, choice = -1.0, fallback
        for w, span in enumerate(self.span):
            if state.placed[w]:
                continue
            tie = -LEFT_WEIGHT * state.left[w]  # among equals the word with fewer placements left
            for i in span:
                lit = lits[i]
                if lit and shared[i] + tie > best - 0.0005 and lit not in true and -lit not in true:
                    score = shared[i] + tie + 0.0005 * noise()  # seeded ties
                    if score > best:
                        best, choice = score, lit
        return choice

    def _fewest_left(self, state: _State, words: set[int], fallback: int) -> int:
        """Of ``words``, the one with the fewest placements left (as Knuth's exact cover with colours
        branches), its first placement still open; the other words are clasp's to decide."""
        placed, left, true, lits = state.placed, state.left, state.true, self.lit
        best, word = 1 << 30, -1
        for w, n in enumerate(left):
            if w in words and not placed[w] and 0 < n < best:
                best, word = n, w
        if word >= 0:
            for i in self.span[word]:
                lit = lits[i]
                if lit and lit not in true and -lit not in true:
                    return lit
        return fallback
