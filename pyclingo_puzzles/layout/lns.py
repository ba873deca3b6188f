"""clingo's part of the search: a neighbourhood placed optimally (large-neighbourhood search), a
layout made to obey user rules, and the complete model in a box (the proof for short lists).

The freed words are placed by ``encodings/layout.lp`` with every other word fixed; candidates are
pruned in Python against the fixed letters, so a ground program stays small whatever the list's length.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from clingo import Function

from ..core.errors import VerificationError, derived_error
from ..core.grid import Placement
from ..core.results import Stats
from ..core.solve import Solver
from ..core.status import EXIT_EXHAUSTED, EXIT_INTERRUPTED, EXIT_SAT_INTERRUPTED, EXIT_UNSAT
from .facts import box_candidates, cand_fact, option_facts, window_candidates, word_facts
from .greedy import Board, Mark
from .grid import Layout, bounds
from .objective import key
from .parts import MAX_FREE, along_side, smaller_box
from .reader import LayoutInstance
from .verify import check

ENCODING = "layout.lp"
MARGIN = 2  # a freed word may move this far outside the current bounding box
CONFLICTS = 2000  # clingo's conflicts per neighbourhood (a count, not seconds: a seed gives one layout)
NEIGHBOURHOOD_WORK = 1500  # work charged per neighbourhood (greedy.work units: about what its grounding
# and solving take as positions fitted in Python)
SQUEEZE_DEPTH = 2  # a squeezed neighbourhood frees the words within 1 to this many lines of a side


@dataclass
class Outcome:
    layout: Layout | None
    optimal: bool = False
    proved_box: tuple[int, int] | None = None  # (height, width) the proof covers
    unconnectable: list[str] = field(default_factory=list)
    stats: Stats = field(default_factory=Stats)
    interrupted: bool = False
    shown: tuple[str, ...] | None = None  # the user's #show atoms for the layout (None: their rules show none)
    collide: bool = False  # proved none without rules: every way the words cross collides

    @property
    def exit_code(self) -> int:
        if self.unconnectable:
            return EXIT_UNSAT
        if self.layout is None:
            return EXIT_UNSAT if self.optimal else EXIT_INTERRUPTED
        return EXIT_EXHAUSTED if self.optimal else EXIT_SAT_INTERRUPTED


class Clingo:
    """The clingo steps; ``Search`` holds the state they share."""

    inst: LayoutInstance
    rules: list[str | Path]
    seed: int | None
    rng: random.Random
    warn: Callable[[str], None] | None
    stats: Stats
    iterations: int
    improvements: int
    deadline: float
    charged_work: int
    last_shown: tuple[str, ...] | None = None  # the user's #show atoms of the layout solve_sub returned last

    def going(self, mark: Mark | None = None) -> bool:
        raise NotImplementedError

    def pick_free(self, layout: Layout, k: int) -> set[str]:  # moves.Moves's, as Search mixes them
        raise NotImplementedError

    def relocate(self, layout: Layout, until: Mark) -> Layout:  # moves.Moves's
        raise NotImplementedError

    def left(self) -> float:
        """Seconds to the search's deadline."""
        return self.deadline - time.monotonic()

    def solve_sub(
        self,
        cands: dict[str, list[Placement]],
        root: str,
        time_limit: float,
        *,
        origin: bool = False,
        max_height: int | None = None,
        max_width: int | None = None,
        conflicts: int | None = None,
    ) -> tuple[Layout | None, bool, bool]:
        """Best layout over these candidates: (layout or None, search exhausted, interrupted);
        ``conflicts`` bounds clingo's search by a count (then the answer does not depend on the
        machine's speed, unless ``time_limit`` comes first)."""
        inst = self.inst
        options = [f"--solve-limit={conflicts}"] if conflicts is not None else []
        # only the best layout is kept: no projection of the user's atoms (see Solver's ``distinct``)
        solver = Solver([ENCODING], self.rules, seed=self.seed, options=options, warn=self.warn, distinct=False)
        solver.add_facts(word_facts(inst.words))
        solver.add_facts(
            option_facts(root, inst.prefer, max_width or inst.max_width, max_height or inst.max_height, origin)
        )
        solver.add_facts(cand_fact(p) for ps in cands.values() for p in ps)
        solver.ground()
        result = solver.solve(models=0, time_limit=max(0.01, time_limit), keep=1)
        self.stats.add(result.stats)
        if not result.answers:
            return None, result.exhausted, result.interrupted
        # the encoding places each word on one of its candidates; any other place/4 atom comes
        # from the user's rules: reported, never a crash
        allowed = {cand_fact(p): p for ps in cands.values() for p in ps}
        placements = []
        for sym in result.answers[-1].symbols:
            if sym.name == "place" and len(sym.arguments) == 4:
                placement = allowed.get(Function("cand", sym.arguments))
                if placement is None:
                    raise derived_error(sym, "which is not a candidate", self.rules)
                placements.append(placement)
        problems = check(inst.words, placements)
        if problems:
            raise VerificationError(f"layout failed the checker: {problems[0]}")
        self.last_shown = solver.shown(result.answers[-1])
        return Layout.of(placements), result.exhausted, result.interrupted

    def shown_of(self, layout: Layout, time_limit: float) -> tuple[str, ...] | None:
        """The user's ``#show`` atoms for ``layout`` (None: their rules show nothing, or no time
        was left): one solve with every word fixed where it lies."""
        self.last_shown = None
        cands = {p.word: [p] for p in layout.placements}
        self.solve_sub(cands, layout.placements[0].word, time_limit)
        return self.last_shown

    def neighbourhood(self, layout: Layout, free: set[str]) -> tuple[dict[str, list[Placement]], str]:
        """Candidates of the freed words: every valid position crossing a fixed word, and every
        position near where the freed words lie now (so freed words may cross each other)."""
        fixed = [p for p in layout.placements if p.word not in free]
        board = Board(fixed)
        r0, c0, h, w = bounds([cell for p in layout.placements if p.word in free for cell in p.cells()])
        rows = range(r0 - MARGIN, r0 + h + MARGIN)
        cols = range(c0 - MARGIN, c0 + w + MARGIN)
        cands: dict[str, list[Placement]] = {p.word: [p] for p in fixed}
        for p in layout.placements:
            if p.word in free:
                found = dict.fromkeys(window_candidates(p.word, board, rows, cols))
                found.update((q, None) for q, _ in board.options(p.word))
                found[p] = None  # the incumbent stays reachable
                cands[p.word] = list(found)
        root = fixed[0].word if fixed else layout.placements[0].word
        return cands, root

    def fit_rules(self, layout: Layout, t_end: float, decide_at: float | None = None) -> Layout | None:
        """User rules may reject the greedy layout: try it and its transpose, then grow the freed
        part until clingo finds a layout that satisfies them. With ``decide_at`` (a
        ``time.monotonic()`` value; the caller has the complete model decide next), give up (None)
        then, or as soon as freeing every word near the layout finds nothing."""
        for start in (layout, layout.transposed()):
            cands = {p.word: [p] for p in start.placements}
            found, _, _ = self.solve_sub(cands, start.placements[0].word, t_end - time.monotonic())
            if found is not None:
                return found
        n = len(self.inst.words)
        k = 2
        while self.going():
            free = self.pick_free(layout, k)
            cands, root = self.neighbourhood(layout, free)
            found, exhausted, _ = self.solve_sub(cands, root, self.left(), conflicts=CONFLICTS)
            if found is not None:
                return found
            if decide_at is not None and ((k >= n and exhausted) or time.monotonic() >= decide_at):
                return None
            k = min(n, k + 1)
        return None

    def lns(self, best: Layout, until: Mark) -> Layout:
        """Large-neighbourhood search until ``until``: free a few words (3 at first,
        one more after 4 neighbourhoods without a gain, back to 3 after MAX_FREE) and let clingo
        place them best; every other neighbourhood is a compaction (``squeezed``)."""
        prefer = self.inst.prefer
        n = len(self.inst.words)
        k, stall = min(3, n), 0
        while self.going(until) and self.left() > 0.05:
            self.iterations += 1
            self.charged_work += NEIGHBOURHOOD_WORK
            found = self.squeezed(best) if self.iterations % 2 == 0 else None
            if found is None:
                free = self.pick_free(best, k)
                cands, root = self.neighbourhood(best, free)
                found, _, _ = self.solve_sub(cands, root, self.left(), conflicts=CONFLICTS)
            if found is not None and key(found, prefer) <= key(best, prefer):
                if key(found, prefer) < key(best, prefer):
                    self.improvements += 1
                    k, stall = min(3, n), 0
                    found = self.relocate(found, until)
                best = found
            else:
                stall += 1
            if stall >= 4:
                k, stall = (k + 1 if k < min(MAX_FREE, n) else min(3, n)), 0
        return best

    def squeezed(self, layout: Layout) -> Layout | None:
        """The words near one side of the box freed (1 to SQUEEZE_DEPTH lines deep), and clingo
        asked for the best layout in the box one line smaller there (None: too many words there, or
        none fits)."""
        side = self.rng.randrange(4)
        free = along_side(layout, side, self.rng.randint(1, SQUEEZE_DEPTH))
        if len(free) > MAX_FREE or len(free) == len(layout.placements):
            return None
        cands, root = self.neighbourhood(layout, free)
        width, height = smaller_box(layout, side, self.inst.max_width, self.inst.max_height)
        return self.solve_sub(cands, root, self.left(), max_height=height, max_width=width, conflicts=CONFLICTS)[0]

    def prove(
        self, best: Layout | None, t_end: float, side: int | None = None, conflicts: int | None = None
    ) -> Outcome:
        """The complete model in a box (the instance's max_width x max_height, else a square of
        ``side``, by default a little larger than the best layout's): every word free, the longest
        across (when the box is square and there are no user rules: a transposed layout is as
        good), the layout touching row 0 and column 0 (no translated copies); ``conflicts`` bounds
        it by a count (a budget of work), else the clock does."""
        inst = self.inst
        if side is None:
            side = max(best.height, best.width) + 2 if best is not None else 0
        height = inst.max_height or side
        width = inst.max_width or side
        root = max(inst.words, key=len)
        cands: dict[str, list[Placement]] = {}
        for w in inst.words:
            dirs = ("across",) if w == root and height == width and not self.rules else ("across", "down")
            cands[w] = box_candidates(w, height, width, dirs)
        found, exhausted, interrupted = self.solve_sub(
            cands, root, t_end - time.monotonic(), origin=True, max_height=height, max_width=width, conflicts=conflicts
        )
        if found is not None and (best is None or key(found, inst.prefer) < key(best, inst.prefer)):
            self.improvements += 1
            best = found
        optimal = exhausted and not interrupted
        return Outcome(best, optimal=optimal, proved_box=(height, width) if optimal else None, stats=self.stats)
