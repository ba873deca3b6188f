"""Word constraint of the dictionary fill as a clingo propagator.

``crossword_fill.lp`` states declaratively that the letters of each slot spell one of its candidate
words; grounded, that is one rule per candidate and position (millions on a 15x15 grid with a 60k-word
dictionary), and grounding alone takes longer than Qxw needs for the whole fill. With ``lazy=1`` the
encoding leaves the word atoms out and this propagator enforces the same constraint on the letter
atoms ``val(R, C, X)``: each slot keeps its candidates as a bitset over the words of its length
(``wordsets.WordTable``); a letter loses support in a place when no remaining candidate of a slot
through the place has it there, and is then made false (generalised arc consistency on the slot's
word table). The reason given to clingo is a small set of the slot's places whose letters already
rule the letter out, not all of them: shorter reasons make the learnt clauses stronger (15.02: 712
conflicts with whole-slot reasons, 128 with these); of a place with letters ruled out, only those
whose words were still left count (16 literals a clause instead of 39 on 15.06,
docs/fill-propagator.md). Total assignments are checked again, so the
constraint holds even where propagation was skipped, and repeated words are refused there.

The hooks and the narrowing are here; the reasons are built in ``reasons.py``, the decisions taken
in ``decisions.py``, the per-thread state kept in ``trail.py`` (each solver thread has its own, so
threads sharing clingo's nogoods need no locks).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from clingo import Assignment, PropagateControl, PropagateInit, PropagatorCheckMode

from ...run.portfolio import Progress
from ..framework import Site
from ..options import VALUE_RULES
from . import decisions, reasons
from .trail import Searcher, ThreadState, val_atoms
from .wordsets import WordTable


class WordPropagator:
    """Enforces "each slot spells a candidate word" (and, optionally, no word twice) on val/3."""

    def __init__(
        self,
        sites: Sequence[Site],
        tables: dict[int, WordTable],
        candidates: dict[int, int],
        no_repeat: bool = True,
        seed: int = 0,
        value_rule: str = "failures",
        progress: Progress | None = None,
    ):
        """``candidates``: per site, its candidate words as a bitset over ``tables[length]``.
        ``value_rule`` (see ``VALUE_RULES``) picks the letter to try; ``progress``, when given, gets
        the work done so far: literals propagated, letters tested for support and decisions, a
        deterministic count that grows about as the propagator's time does (a portfolio's workers
        compare their progress by it)."""
        if value_rule not in VALUE_RULES:
            raise ValueError(f"unknown value rule {value_rule!r}")
        self.value_rule = value_rule
        self.progress = progress
        self.sites = list(sites)
        # With a seed, slot ties fall at random and the first letter is drawn at random (small fills
        # vary; restarts undo it on big ones: strategy.SEED_DROP varies those). Random letter choices
        # throughout cost too much: jittering each (support x 1..2) timed out on 15.06 (3,228 conflicts).
        self.seed = seed
        # per solver thread, what steers its search (kept across solves: init adds threads only)
        self.searchers = [self._searcher(0)]
        self.no_repeat = no_repeat
        self.given = dict(candidates)
        self.base = dict(candidates)  # set by init: the candidates less the letters ruled out at the start
        self.place_cells: list[tuple[int, int]] = []  # place number -> (row, column)
        self.slot_places: dict[int, list[int]] = {}  # slot -> its places, in order
        self.slots_at: list[list[tuple[int, int]]] = []  # place -> (slot, position there)
        self._number_places()
        self.tables = {s.id: tables[s.length] for s in self.sites}
        # scored tables (best word first): decide() tries the letters of the best words first
        self.scored = all(t.scores for t in self.tables.values())
        # complements are taken within the table (x ^ full): & with a negative int is slower
        self.full = {s.id: tables[s.length].full for s in self.sites}
        # filled by init
        self.options: list[list[tuple[str, int]]] = []  # place -> (letter, solver literal)
        self.option_lits: list[list[int]] = []  # place -> its solver literals, in letter order
        self.slot_mask: dict[int, list[dict[int, int]]] = {}  # slot -> position -> literal -> words
        self.slot_tests: dict[int, list[tuple[int, int, dict[int, int]]]] = {}  # slot -> (position, place, masks)
        # per watched literal: (places it sets a letter in, places it rules one out in, and per slot
        # through them the words to keep (a letter set) and the words to drop (one ruled out))
        self.info: dict[int, tuple[tuple[int, ...], tuple[int, ...], list[tuple[int, int]], list[tuple[int, int]]]] = {}
        self.threads: list[ThreadState] = []
        self.crossing = [(at[0][0], at[1][0] if len(at) > 1 else -1) for at in self.slots_at]

    def _searcher(self, thread: int) -> Searcher:
        return Searcher.for_thread(thread, [s.id for s in self.sites], VALUE_RULES, self.value_rule, self.seed)

    @property
    def steps(self) -> int:
        """Literals propagated, letters tested for support and decisions, in all threads."""
        return sum(sr.steps for sr in self.searchers)

    @property
    def conflicts(self) -> int:
        """Slots whose candidates ran out, in all threads (the progress line shows it)."""
        return sum(sr.conflicts for sr in self.searchers)

    def _number_places(self) -> None:
        """Places numbered in the order the slots meet them (``fillprop.c`` numbers them alike)."""
        cell_index: dict[tuple[int, int], int] = {}
        for s in self.sites:
            places = []
            for i, cell in enumerate(s.cells()):
                p = cell_index.get(cell)
                if p is None:
                    p = cell_index[cell] = len(self.place_cells)
                    self.place_cells.append(cell)
                    self.slots_at.append([])
                self.slots_at[p].append((s.id, i))
                places.append(p)
            self.slot_places[s.id] = places

    # ------------------------------------------------------------------------------ clingo hooks
    # STALE: a control solved again (multi-shot: the studio's warm search, the core's shrinking)
    # runs init again, and the watches an earlier init added stay. A letter decided at the top
    # level since is left out of the new tables (its words are gone from ``base``), so a change of
    # its literal means nothing to them: propagate and undo pass over it.

    def init(self, init: PropagateInit) -> None:
        self.options = []  # init runs again if the program grows
        keep: dict[int, list[tuple[int, int]]] = {}  # literal -> (slot, the words it keeps)
        drop: dict[int, list[tuple[int, int]]] = {}  # literal -> (slot, the words it drops)
        where: dict[int, list[int]] = {}  # letter literal -> the places it stands for
        self.base = dict(self.given)
        fixed: list[int] = []
        atoms = val_atoms(init)
        assignment = init.assignment  # a new wrapper object per access
        for p, (r, c) in enumerate(self.place_cells):
            at = self.slots_at[p]
            # the letters some candidate of a slot through the place has there
            letters = set().union(*(self.tables[s].letters(self.base[s], i) for s, i in at))
            opts: list[tuple[str, int]] = []
            value = 0
            for ch in sorted(letters):
                atom_literal = atoms.get((r, c, ch))
                lit = 0 if atom_literal is None else init.solver_literal(atom_literal)
                # ruled out before the search: never a candidate's; so is a letter whose atom the
                # solver found equivalent to another letter's here (two letters cannot both hold)
                if not lit or assignment.is_false(lit) or any(lit == other for _ch, other in opts):
                    for s, i in at:
                        self.base[s] &= self.full[s] ^ self.tables[s].masks[i].get(ch, 0)
                    continue
                if assignment.is_true(lit):
                    value = lit
                opts.append((ch, lit))
                where.setdefault(lit, []).append(p)
                for watched in (lit, -lit):
                    if watched not in keep:
                        init.add_watch(watched)
                        keep[watched], drop[watched] = [], []
                for s, i in at:
                    mask = self.tables[s].masks[i].get(ch, 0)
                    keep[lit].append((s, mask))
                    drop[-lit].append((s, mask))
            self.options.append(opts)
            fixed.append(value)
        self._index(init, fixed, keep, drop, where)

    def _index(
        self,
        init: PropagateInit,
        fixed: list[int],
        keep: dict[int, list[tuple[int, int]]],
        drop: dict[int, list[tuple[int, int]]],
        where: dict[int, list[int]],
    ) -> None:
        """``init``'s tables from the letters' literals: per slot and position the words each
        literal keeps, each thread's starting state, per watched literal what it changes."""
        self.slot_mask = {
            s: [{lit: self.tables[s].masks[i].get(ch, 0) for ch, lit in self.options[p]} for i, p in enumerate(places)]
            for s, places in self.slot_places.items()
        }
        self.slot_tests = {
            s: [(i, p, self.slot_mask[s][i]) for i, p in enumerate(places)] for s, places in self.slot_places.items()
        }
        cur = dict(self.base)
        for p, lit in enumerate(fixed):
            if lit:
                for s, i in self.slots_at[p]:
                    cur[s] &= self.slot_mask[s][i][lit]
        self.option_lits = [[lit for _ch, lit in opts] for opts in self.options]
        live = [set(lits) for lits in self.option_lits]
        self.threads = [
            ThreadState(
                list(fixed),
                [[] for _ in fixed],
                [set(x) for x in live],
                dict(cur),
                [],
            )
            for _ in range(init.number_of_threads)
        ]
        while len(self.searchers) < init.number_of_threads:
            self.searchers.append(self._searcher(len(self.searchers)))
        self.info = {
            lit: (tuple(where.get(lit, ())), tuple(where.get(-lit, ())), kept, drop[lit]) for lit, kept in keep.items()
        }
        init.check_mode = PropagatorCheckMode.Total

    def propagate(self, control: PropagateControl, changes: Sequence[int]) -> None:
        st, sr = self.threads[control.thread_id], self.searchers[control.thread_id]
        cur, trail, fixed, out, live = st.cur, st.trail, st.fixed, st.out, st.live
        sr.steps += len(changes)
        dirty = set()
        info = self.info
        for lit in changes:
            if lit in info:  # not: watched by an earlier solve's init, decided at the top since (STALE)
                for p in info[lit][0]:  # a letter is set
                    fixed[p] = lit
        for lit in changes:
            if lit not in info:
                continue
            setting, ruling, keeps, drops = info[lit]
            if ruling:  # a letter is ruled out
                for p in ruling:
                    out[p].append(-lit)
                    live[p].discard(-lit)
                if not setting and (fixed[ruling[0]] if len(ruling) == 1 else all(fixed[p] for p in ruling)):
                    continue  # implied: the letter set there already excludes these words
            for s, mask in keeps:
                old = cur[s]
                new = old & mask
                if new != old:
                    trail.append((lit, s, old))
                    cur[s] = new
                    dirty.add(s)
            for s, mask in drops:
                old = cur[s]
                gone = old & mask  # one AND, no compare, when nothing goes (the slot that ruled it out)
                if gone:
                    trail.append((lit, s, old))
                    cur[s] = old ^ gone
                    dirty.add(s)
        try:
            for s in sorted(dirty):  # in slot order, as the compiled propagator does
                if not self._narrow(control, st, sr, s):
                    return
        finally:
            if self.progress is not None:
                self.progress.value = self.steps

    def undo(self, thread_id: int, assignment: Assignment, changes: Sequence[int]) -> None:
        st = self.threads[thread_id]
        fixed, out, live = st.fixed, st.out, st.live
        info = self.info
        for lit in changes:
            if lit not in info:
                continue  # STALE
            setting, ruling, _keeps, _drops = info[lit]
            for p in setting:
                fixed[p] = 0
            for p in ruling:
                out[p].remove(-lit)
                live[p].add(-lit)
        trail, cur = st.trail, st.cur
        if trail and trail[-1][0] in changes:
            undone = set(changes)
            while trail and trail[-1][0] in undone:
                _lit, s, old = trail.pop()
                cur[s] = old

    def check(self, control: PropagateControl) -> None:
        st = self.threads[control.thread_id]
        seen: dict[tuple[int, int], int] = {}
        for site in self.sites:
            m = st.cur[site.id]
            if m.bit_count() != 1:  # all letters are set: exactly the one word they spell is left
                control.add_clause(reasons.whole_slot(self, st, site.id))
                return
            if not self.no_repeat:
                continue
            key = (site.length, m)
            if key in seen:
                clause = reasons.whole_slot(self, st, seen[key]) + reasons.whole_slot(self, st, site.id)
                control.add_clause(clause)
                return
            seen[key] = site.id

    def decide(self, thread_id: int, assignment: Assignment, fallback: int) -> int:
        """The letter to try next, by this thread's value rule (``decisions.choose``)."""
        searcher = self.searchers[thread_id]
        searcher.steps += 1
        return decisions.choose(self, self.threads[thread_id], searcher, fallback)

    # ------------------------------------------------------------------------------ the work

    def _narrow(self, control: PropagateControl, st: ThreadState, sr: Searcher, s: int) -> bool:
        """Falsify the letters of slot s that no remaining candidate supports; a place left with one
        supported letter gets that letter instead (one clause; the encoding's one letter per place
        falsifies the others). Returns False when a conflict stops propagation."""
        m = st.cur[s]
        todo = self._unsupported(st, sr, s, m) if m else []
        if m and not todo:
            return True
        explain = reasons.explainer(self, st, s)
        if not m:
            sr.fails[s] += 1
            sr.conflicts += 1
            return control.add_clause(explain(self.base[s], -1))
        return self._falsify(control, st, s, todo, explain)

    def _unsupported(self, st: ThreadState, sr: Searcher, s: int, m: int) -> list[tuple[int, list[int]]]:
        """(position, its live letters no candidate of ``m`` has there, in letter order) of slot s."""
        fixed, live, option_lits = st.fixed, st.live, self.option_lits
        todo = []
        steps = 0
        for i, p, md in self.slot_tests[s]:
            if fixed[p]:
                continue
            lits = live[p]
            steps += len(lits)  # the tests below are most of the propagator's time
            gone = [lit for lit in option_lits[p] if lit in lits and not m & md[lit]]  # in letter order
            if gone:
                todo.append((i, gone))
        sr.steps += steps
        return todo

    def _falsify(
        self,
        control: PropagateControl,
        st: ThreadState,
        s: int,
        todo: list[tuple[int, list[int]]],
        explain: Callable[[int, int], list[int]],
    ) -> bool:
        """``_narrow``'s clauses for the unsupported letters ``todo``."""
        places, live, maskd, full, base = self.slot_places[s], st.live, self.slot_mask[s], self.full[s], self.base[s]
        for i, gone in todo:
            p = places[i]
            if len(gone) + 1 == len(live[p]):  # one letter is left: set it
                (keep,) = live[p].difference(gone)
                if not control.add_clause([keep, *explain(base & (full ^ maskd[i][keep]), -1)]):
                    return False
                continue
            words = 0
            for lit in gone:
                words |= maskd[i][lit]
            reason = explain(base & words, i)
            for lit in gone:
                if not control.add_clause([-lit, *reason]):
                    return False
        return True

