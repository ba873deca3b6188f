"""Word constraint of the dictionary fill as a clingo propagator.

``crossword_fill.lp`` states declaratively that the letters of each slot spell one of its candidate
words; grounded, that is one rule per candidate and position (millions on a 15x15 grid with a 60k-word
dictionary), and grounding alone takes longer than Qxw needs for the whole fill. With ``lazy=1`` the
encoding leaves the word atoms out and this propagator enforces the same constraint on the letter
atoms ``val(R, C, X)``: each slot keeps its candidates as a bitset (one Python int, one bit per word of
that length); a letter loses support in a place when no remaining candidate of a slot through the
place has it there, and is then made false with the slot's current letters as the reason (generalised
arc consistency on the slot's word table). Total assignments are checked again, so the constraint
holds even where propagation was skipped, and repeated words are refused there.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from clingo import Assignment, Function, Number, PropagateControl, PropagateInit, PropagatorCheckMode, String

from .framework import Site
from .wordsets import WordTable

Cell = tuple[int, int]


class WordPropagator:
    """Enforces "each slot spells a candidate word" (and, optionally, no word twice) on val/3."""

    def __init__(
        self,
        sites: Sequence[Site],
        tables: dict[int, WordTable],
        candidates: dict[int, int],
        no_repeat: bool = True,
        seed: int = 0,
    ):
        """``candidates``: per site, its candidate words as a bitset over ``tables[length]``."""
        self.sites = list(sites)
        self.rng = random.Random(seed)
        self.jitter = bool(seed)  # jitter off by default: measured, it lengthens the heavy tail (15.06)
        self.no_repeat = no_repeat
        self.masks = {n: table.masks for n, table in tables.items()}
        self.base = dict(candidates)
        self.cells = {s.id: s.cells() for s in self.sites}
        self.slots_at: dict[Cell, list[int]] = {}
        for s in self.sites:
            for cell in self.cells[s.id]:
                self.slots_at.setdefault(cell, []).append(s.id)
        # filled by init: per place the (letter, solver literal) pairs
        self.options: dict[Cell, list[tuple[str, int]]] = {}
        # per watched literal: (slot, bitset to AND into the slot's candidates when it becomes true)
        self.effects: dict[int, list[tuple[int, int]]] = {}
        self.threads: list[_ThreadState] = []

    # ------------------------------------------------------------------------------ clingo hooks

    def init(self, init: PropagateInit) -> None:
        self.effects = {}  # clingo calls init again if the program grows between solves
        for cell, slots in self.slots_at.items():
            r, c = cell
            at = [(s, self.cells[s].index(cell)) for s in slots]
            opts = []
            # the letters some candidate of a slot through the place has there
            letters = {ch for s, i in at for ch, m in self.masks[len(self.cells[s])][i].items() if m & self.base[s]}
            for ch in sorted(letters):
                atom = init.symbolic_atoms[Function("val", [Number(r), Number(c), String(ch)])]
                if atom is None:
                    continue
                lit = init.solver_literal(atom.literal)
                opts.append((ch, lit))
                for watched in (lit, -lit):
                    if watched not in self.effects:
                        init.add_watch(watched)
                        self.effects[watched] = []
                for s, i in at:
                    mask = self.masks[len(self.cells[s])][i].get(ch, 0)
                    self.effects[lit].append((s, mask))
                    self.effects[-lit].append((s, ~mask))
            self.options[cell] = opts
        # per slot, per position: (literal, bitset of the words with that letter there)
        self.slot_opts = {
            s: [
                [(lit, self.masks[len(cells)][i].get(ch, 0)) for ch, lit in self.options[cell]]
                for i, cell in enumerate(cells)
            ]
            for s, cells in self.cells.items()
        }
        true = {lit for lit in self.effects if init.assignment.is_true(lit)}
        cur = dict(self.base)
        for lit in true:
            for s, mask in self.effects[lit]:
                cur[s] &= mask
        self.threads = [_ThreadState(set(true), dict(cur)) for _ in range(init.number_of_threads)]
        init.check_mode = PropagatorCheckMode.Total

    def propagate(self, control: PropagateControl, changes: Sequence[int]) -> None:
        st = self.threads[control.thread_id]
        st.true.update(changes)
        cur, trail = st.cur, st.trail
        dirty = set()
        for lit in changes:
            for s, mask in self.effects[lit]:
                old = cur[s]
                new = old & mask
                if new != old:
                    trail.append((lit, s, old))
                    cur[s] = new
                    dirty.add(s)
        for s in dirty:
            if not self._narrow(control, st, s):
                return

    def undo(self, thread_id: int, assignment: Assignment, changes: Sequence[int]) -> None:
        st = self.threads[thread_id]
        st.true.difference_update(changes)
        undone = set(changes)
        trail, cur = st.trail, st.cur
        while trail and trail[-1][0] in undone:
            _lit, s, old = trail.pop()
            cur[s] = old

    def check(self, control: PropagateControl) -> None:
        st = self.threads[control.thread_id]
        seen: dict[tuple[int, int], int] = {}
        for site in self.sites:
            m = st.cur[site.id]
            if m.bit_count() != 1:  # all letters are set: exactly the one word they spell is left
                control.add_clause(self._reason(st, site.id))
                return
            if not self.no_repeat:
                continue
            key = (site.length, m)
            if key in seen:
                clause = self._reason(st, seen[key]) + self._reason(st, site.id)
                control.add_clause(clause)
                return
            seen[key] = site.id

    def decide(self, thread_id: int, assignment: Assignment, fallback: int) -> int:
        """The open slot with the fewest candidates left, its first open place, and there the letter
        with the most candidates left across the slots through it (product; with a seed, jittered so
        that different seeds give different fills)."""
        st = self.threads[thread_id]
        true, cur = st.true, st.cur
        best: tuple[int, float] | None = None  # (candidates left, random tie-break)
        best_cell = None
        for site in self.sites:
            s = site.id
            key = (cur[s].bit_count(), self.rng.random())
            if best is not None and key >= best:
                continue
            for cell in self.cells[s]:  # its first open place: the word is spelled from its start
                if not any(lit in true for _ch, lit in self.options[cell]):
                    best, best_cell = key, cell
                    break
        if best_cell is None:
            return fallback
        choice, top = fallback, -1.0
        for ch, lit in self.options[best_cell]:
            if -lit in true:
                continue
            support = 1
            for s in self.slots_at[best_cell]:
                i = self.cells[s].index(best_cell)
                support *= (cur[s] & self.masks[len(self.cells[s])][i].get(ch, 0)).bit_count()
            if self.jitter:
                support *= 1.0 + self.rng.random()
            if support > top:
                choice, top = lit, support
        return choice

    # ------------------------------------------------------------------------------ the work

    def _parts(self, st: _ThreadState, s: int) -> list[list[int]]:
        """Per position of slot s: the clause literals that explain its restriction (the negated
        letter set there, or the letters ruled out there)."""
        true = st.true
        parts = []
        for cell in self.cells[s]:
            part = []
            for _ch, lit in self.options[cell]:
                if lit in true:
                    part = [-lit]
                    break
                if -lit in true:
                    part.append(lit)
            parts.append(part)
        return parts

    def _reason(self, st: _ThreadState, s: int) -> list[int]:
        return [lit for part in self._parts(st, s) for lit in part]

    def _narrow(self, control: PropagateControl, st: _ThreadState, s: int) -> bool:
        """Falsify the letters of slot s that no remaining candidate supports. Returns False when
        a conflict stops propagation."""
        m = st.cur[s]
        true = st.true
        opts_of = self.slot_opts[s]
        # per position: the true literal, or the literals ruled out and the live options
        state = []
        todo = []
        for i, opts in enumerate(opts_of):
            ruled_out = []
            live = []
            for opt in opts:
                lit = opt[0]
                if lit in true:
                    state.append((lit, opt[1], None))
                    break
                if -lit in true:
                    ruled_out.append(opt)
                else:
                    live.append(opt)
            else:
                state.append((0, ruled_out, live))
                if m:
                    gone = [opt for opt in live if not m & opt[1]]
                    if gone:
                        todo.append((i, gone))
        if m and not todo:
            return True
        base = self.base[s]
        # the restrictions, strongest first: places with a letter, then by fewest live letters
        order = [j for j, st_j in enumerate(state) if st_j[0]]
        order += sorted((j for j, st_j in enumerate(state) if not st_j[0] and st_j[1]), key=lambda j: len(state[j][2]))
        restrict: dict[int, tuple[int, list[int]]] = {}

        def explain(acc: int, skip: int) -> list[int]:
            clause = []
            for j in order:
                if not acc:
                    break
                if j == skip:
                    continue
                r = restrict.get(j)
                if r is None:
                    lit, a, _live = state[j]
                    if lit:
                        r = (a, [-lit])
                    else:
                        out = 0
                        for opt in a:
                            out |= opt[1]
                        r = (~out, [opt[0] for opt in a])
                    restrict[j] = r
                mask, part = r
                new = acc & mask
                if new != acc:
                    acc = new
                    clause.extend(part)
            return clause

        if not m:
            return control.add_clause(explain(base, -1))
        for i, gone in todo:
            words = 0
            for opt in gone:
                words |= opt[1]
            reason = explain(base & words, i)
            for opt in gone:
                if not control.add_clause([-opt[0], *reason]):
                    return False
        return True


@dataclass
class _ThreadState:
    true: set[int]  # watched literals currently true (both polarities are watched)
    cur: dict[int, int]  # slot -> candidates its letters still allow (bitset)
    trail: list[tuple[int, int, int]] = field(default_factory=list)  # (literal, slot, previous bitset)
