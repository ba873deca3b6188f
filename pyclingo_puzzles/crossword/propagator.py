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

Cell = tuple[int, int]


def letter_masks(words: Sequence[str], length: int) -> list[dict[str, int]]:
    """Per position, per letter: the bitset of the words (by index) with that letter there."""
    rows: list[dict[str, bytearray]] = [{} for _ in range(length)]
    size = (len(words) + 7) // 8
    for k, word in enumerate(words):
        byte, bit = divmod(k, 8)
        for i, ch in enumerate(word):
            buf = rows[i].get(ch)
            if buf is None:
                buf = rows[i][ch] = bytearray(size)
            buf[byte] |= 1 << bit
    return [{ch: int.from_bytes(buf, "little") for ch, buf in row.items()} for row in rows]


class WordPropagator:
    """Enforces "each slot spells a candidate word" (and, optionally, no word twice) on val/3."""

    def __init__(
        self, sites: Sequence[Site], candidates: dict[int, list[str]], no_repeat: bool = True, seed: int = 0
    ):
        self.sites = list(sites)
        self.rng = random.Random(seed)
        self.jitter = bool(seed)  # jitter off by default: measured, it lengthens the heavy tail (15.06)
        self.no_repeat = no_repeat
        by_length: dict[int, set[str]] = {}
        for s in self.sites:
            by_length.setdefault(s.length, set()).update(candidates[s.id])
        words = {n: sorted(ws) for n, ws in by_length.items()}
        index = {n: {w: k for k, w in enumerate(ws)} for n, ws in words.items()}
        self.masks = {n: letter_masks(ws, n) for n, ws in words.items()}
        self.base: dict[int, int] = {}
        for s in self.sites:
            idx = index[s.length]
            m = 0
            for w in candidates[s.id]:
                m |= 1 << idx[w]
            self.base[s.id] = m
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
        if not m:
            return control.add_clause(self._reason(st, s))
        true = st.true
        masks = self.masks[len(self.cells[s])]
        unsupported = []
        for i, cell in enumerate(self.cells[s]):
            row = masks[i]
            for ch, lit in self.options[cell]:
                if lit in true:
                    break
                if -lit not in true and not m & row.get(ch, 0):
                    unsupported.append((i, lit))
        if not unsupported:
            return True
        parts = self._parts(st, s)
        for i, lit in unsupported:
            clause = [-lit]
            for j, part in enumerate(parts):
                if j != i:
                    clause.extend(part)
            if not control.add_clause(clause):
                return False
        return True


@dataclass
class _ThreadState:
    true: set[int]  # watched literals currently true (both polarities are watched)
    cur: dict[int, int]  # slot -> candidates its letters still allow (bitset)
    trail: list[tuple[int, int, int]] = field(default_factory=list)  # (literal, slot, previous bitset)
