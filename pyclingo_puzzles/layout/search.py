"""Finding the best layout within the time limit; the best layout so far is always kept. Better
means ``objective.key`` of the instance's ``prefer`` throughout (default: balanced).

1. Words that share no letter with the rest: named, proved without search (``parts.py``).
2. Randomised greedy starts (``greedy.py``), unbounded and inside square boxes, a third of them from
   a rectangle of four words (``motifs.py``: a cycle of crossings from the start).
3. Ruin and recreate in Python (``moves.py``): free a few words and put them back greedily, or build
   a rectangle into the layout; while exploring, a worse result is accepted now and then and moves
   stay within the best box plus SLACK lines; the closing walk holds the best box and also shrinks
   it a line at a time. Crossings = words - 1 + independent cycles of the crossing graph, and a
   greedy step rarely closes a cycle: the rectangles close one at a time.
4. Large-neighbourhood search with clingo (``lns.py``): the freed words are placed optimally by
   ``encodings/layout.lp`` with every other word fixed, every other time in a box one line smaller;
   candidates are pruned in Python against the fixed letters, so a ground program stays small
   whatever the list's length.
5. Short lists (and a given box the greedy cannot enter): the complete model in a box, which proves
   the optimum (or that nothing fits) for that box.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from ..core.errors import VerificationError
from ..core.results import Stats
from ..run import runtime
from .greedy import Board, Mark, greedy, work
from .grid import Layout
from .lns import CONFLICTS, Clingo, Outcome
from .motifs import Block, rectangles
from .moves import Moves
from .objective import key
from .parts import grown, unconnectable
from .reader import LayoutInstance
from .verify import check

PROOF_WORDS = 7  # lists up to this many words also get the complete model in a box (measured: at 10 words
# it does not decide "11 crossings in 12x12" within 60 s, so longer lists spend the time on the search)
WORK_RATE = 120_000  # work (positions fitted and moves.MOVE_WORK a move, ``greedy.work``) budgeted per second
# of the time limit: at the default 10 s a free core spends it in 4.5-5.6 s, so a seed gives one layout on a machine
# with a core for each search; in-process (20-50 words, seeds 1-9) it met both layout goals on 25 of 45 runs,
# 50,000 a second (the same weight) on 15, 150,000 on 24 (no gain: the walks find their best by about 0.4M)
GREEDY_SHARE = 0.15  # share of the work spent on randomised greedy starts
GREEDY_STARTS = 2000  # and at most this many
RUIN_SHARE = 0.95  # share of the search after the starts spent on Python ruin-and-recreate moves (the rest: clingo)
SHORT_RUIN_SHARE = 0.85  # the same for lists short enough for the proof (clingo's neighbourhoods are cheap there)
SHORT_LNS_SHARE = 0.3  # short lists: share of the work after the starts before the proof takes the rest of the time
SHORT_LNS_WORK = WORK_RATE // 5  # and at most this much: the proof decides a short list (measured on 5-7-word
# lists: the same layouts with a fifth of a second's walk as with a whole second's, each proof as fast; pets-5 0.9 s
# instead of 1.8 s, whole process; and a 3-word list given 20 s does not walk 6 s before its proof)
PROOF_WORK_PER_CONFLICT = 8  # a budget of work (books) bounds the proof too, by clingo's conflicts: about
# WORK_RATE / the conflicts a core does in a second (11,000 on a 6-word list on a loaded machine), so the proof
# ends by its count well inside the clock's 6 budgets (books.jobs) and a seed gives one layout under any load
CLOSE_SHARE = 0.15  # of that, the share of the closing phase (no worse steps, the box held: compaction)
RELOCATE = True  # hill-climb one word at a time before the moves
OUTPUT_MARGIN = 0.5  # seconds of the time limit kept for checking and printing (the worker's wait included)
OUTPUT_SHARE = 0.25  # and at most this share of it: printing a layout takes milliseconds, and a limit of 0.5 s
# kept whole for the output left the search nothing (every list gave "no layout found", 0.1 s into the run)


GIVE_UP_STARTS = 12  # a short list without a layout after this many greedy starts (4 of 200 tries each
# unbounded) goes to the proof: a list with layouts gets one at its first start (the proof would find it too)
PLANE_CANDIDATES = 10_000  # user rules the greedy layout breaks: the complete model in the square every
# connected layout fits in decides a short list up to this many candidates (measured: 25,000 ground in 1.7 s)


def plane_side(words: Sequence[str]) -> int:
    """The side of a square every connected layout of ``words`` fits in: each word after the first
    adds at most its length - 1 lines either way."""
    return sum(map(len, words)) - len(words) + 1


def plane_candidates(words: Sequence[str]) -> int:
    """How many placements the complete model has in that square."""
    side = plane_side(words)
    return sum(2 * side * (side - len(w) + 1) for w in words)


def output_margin(time_limit: float) -> float:
    """The seconds at the end of ``time_limit`` kept for checking and printing the layout."""
    return min(OUTPUT_MARGIN, OUTPUT_SHARE * time_limit)


def search_seconds(time_limit: float) -> float:
    """The seconds of ``time_limit`` a search may take: ``output_margin`` is kept for the output."""
    return max(0.05, time_limit - output_margin(time_limit))


class Search(Moves, Clingo):
    """One search: the state the moves and the clingo steps share, and the phases of a run."""

    def __init__(
        self,
        inst: LayoutInstance,
        *,
        rules: Sequence[str | Path] = (),
        seed: int | None = None,
        warn: Callable[[str], None] | None = None,
        work_seconds: float | None = None,
    ):
        self.inst = inst
        self.rules = list(rules)
        # the work budget in seconds of WORK_RATE (None: the time limit's): given, the search ends
        # by its work whatever the machine's load, so a seed gives the same layout (books)
        self.work_seconds = work_seconds
        self.seed = seed
        self.warn = warn
        self.rng = random.Random(seed or 0)
        self.stats = Stats()
        self.iterations = 0
        self.improvements = 0
        self.starts = 0
        self.moves = 0
        self.motif_moves = 0
        self.invalid_moves = 0
        self.blocks: list[Block] = []
        self.blocks_of: dict[str, list[int]] = {}  # word -> indices of the blocks holding it
        self.motif_order: list[str] | None = None  # the words in the order their rectangles are to be found
        self.deadline = float("inf")  # time.monotonic() at which the search stops, whatever work is left
        self.work0 = work()  # the work counter when this search began
        self.charged_work = 0  # work charged beyond the positions fitted: moves.MOVE_WORK, lns.NEIGHBOURHOOD_WORK

    def done(self) -> int:
        """Work done by this search so far."""
        return work() - self.work0 + self.charged_work

    def going(self, mark: Mark | None = None) -> bool:
        """Before ``mark`` (None: any) and the deadline, and no Ctrl-C / SIGTERM: the best layout so
        far is kept."""
        now = time.monotonic()
        if runtime.stopping() or now >= self.deadline:
            return False
        return mark is None or (self.done() < mark.work and now < mark.time)

    def mark(self, share: float, end: Mark) -> Mark:
        """The mark ``share`` of the way from now to ``end``, in work and in time."""
        done, now = self.done(), time.monotonic()
        return Mark(done + share * max(0.0, end.work - done), now + share * max(0.0, end.time - now))

    def short_walk(self, budget: Mark, share: float = SHORT_LNS_SHARE) -> Mark:
        """Where a phase before a short list's proof ends (the walk; the starts, which in a given
        box may find nothing, and then the proof decides): ``share`` of the way to the budget's
        end, and at most SHORT_LNS_WORK of work."""
        end = self.mark(share, budget)
        return Mark(min(end.work, self.done() + SHORT_LNS_WORK), end.time)

    def run(self, time_limit: float, started: float | None = None) -> Outcome:
        """Search until ``time_limit`` seconds after ``started`` (a ``time.monotonic()`` value,
        default now), keeping ``output_margin`` for checking and writing the answer."""
        seconds = search_seconds(time_limit)
        t_end = (started if started is not None else time.monotonic()) + seconds
        self.deadline = t_end
        self.work0, self.charged_work = work(), 0
        # at most the largest float: a time limit near it (finite, so allowed) made the budget infinite
        worked = seconds if self.work_seconds is None else min(seconds, self.work_seconds)
        budget = Mark(min(WORK_RATE * worked, sys.float_info.max), t_end)
        inst = self.inst
        lost = unconnectable(inst.words)
        if lost:
            return Outcome(None, optimal=True, unconnectable=lost, stats=self.stats)
        self.order_motifs()
        short = len(inst.words) <= PROOF_WORDS
        # a short list whose square holding every connected layout grounds quickly: when greedy
        # finds no layout, the complete model there decides (STRAXE FUX MAX: every crossing collides)
        provable = short and plane_candidates(inst.words) <= PLANE_CANDIDATES
        until = self.short_walk(budget, GREEDY_SHARE) if short else self.mark(GREEDY_SHARE, budget)
        best = self.starts_phase(until, give_up=provable)
        self.find_motifs()  # when the starts ended after the first
        if best is None:
            if inst.max_width and inst.max_height and self.going():
                return self.prove(None, t_end)  # greedy found no way into the box: clingo decides
            if provable and self.going():
                return self.plane_decide(t_end)
            return Outcome(None, stats=self.stats, interrupted=True)
        if check(inst.words, best.placements):
            raise VerificationError("greedy layout failed the checker")
        if self.rules:
            boxed = bool(inst.max_width and inst.max_height)
            # the complete model can decide (half the time to find a layout first): in a given box,
            # or for a short list whose square holding every connected layout grounds quickly
            decide = boxed or (short and plane_candidates(inst.words) <= PLANE_CANDIDATES)
            fitted = self.fit_rules(best, t_end, (time.monotonic() + t_end) / 2 if decide else None)
            if fitted is None:
                if decide and self.going():
                    return self.plane_decide(t_end)
                return Outcome(None, stats=self.stats, interrupted=True)
            best = fitted
        if len(inst.words) == 1 and not self.rules:
            return Outcome(best, optimal=True, proved_box=None, stats=self.stats)
        best = self.improve(best, self.short_walk(budget) if short else budget)
        outcome = Outcome(best, stats=self.stats)
        if short and self.going():
            outcome = self.prove(best, t_end, conflicts=self.proof_conflicts(budget))
        return self._checked(outcome, budget)

    def proof_conflicts(self, budget: Mark) -> int | None:
        """The proof's bound in clingo's conflicts under a budget of work (the work left, at least a
        neighbourhood's); None: the clock's, without one."""
        if self.work_seconds is None:
            return None
        return max(CONFLICTS, int((budget.work - self.done()) // PROOF_WORK_PER_CONFLICT))

    def _checked(self, outcome: Outcome, budget: Mark) -> Outcome:
        """The outcome after the independent check, with the search's counts in its statistics."""
        if outcome.layout is not None:
            problems = check(self.inst.words, outcome.layout.placements)
            if problems:  # the moves keep layouts valid by construction: this is the independent check
                raise VerificationError(f"layout failed the checker: {problems[0]}")
        outcome.stats.extra.update(
            greedy_starts=self.starts,
            python_moves=self.moves,
            motif_moves=self.motif_moves,
            invalid_moves=self.invalid_moves,
            rectangles=len(self.blocks),
            neighbourhoods=self.iterations,
            improvements=self.improvements,
            work=self.done(),
            work_budget=int(budget.work),
        )
        return outcome

    def plane_decide(self, t_end: float) -> Outcome:
        """Greedy found no layout, or user rules rejected it: the complete model decides, in the
        instance's box or (no box given) in a square every connected layout fits in (each word
        after the first adds at most its length - 1 lines: the proof then covers the plane). A
        proof that nothing fits is exit 20, so words whose crossings all collide, or rules that
        rule out every layout, are reported as such, not as a time limit."""
        plane = not (self.inst.max_width and self.inst.max_height)
        side = plane_side(self.inst.words) if plane else None
        outcome = self.prove(None, t_end, side=side)
        if plane and outcome.optimal:
            outcome.proved_box = None  # the square holds every layout: the proof is the plane's
            outcome.collide = outcome.layout is None and not self.rules
        return outcome

    def starts_phase(self, until: Mark, give_up: bool = False) -> Layout | None:
        """Randomised greedy starts, unbounded and inside square boxes (a box keeps the layout
        compact: as many crossings in a smaller area), until ``until``; the box side
        follows the smallest that worked so far. Without a layout they go on to the deadline,
        unless the complete model decides after them (a given box, or ``give_up``)."""
        inst = self.inst
        words = inst.words
        t_end = self.deadline
        best: Layout | None = None
        longest = max(len(w) for w in words)
        side = max(longest, int((2 * sum(len(w) for w in words)) ** 0.5) + 1)
        cap = GREEDY_STARTS if len(words) > PROOF_WORDS else GREEDY_STARTS // 20  # short lists: the proof decides
        boxed = bool(inst.max_width and inst.max_height)
        while self.going():
            if best is not None and (not self.going(until) or self.starts >= cap):
                break
            if best is None and (boxed or give_up) and not self.going(until):
                break  # greedy finds no way (into the given box): the complete model decides
            if best is None and give_up and self.starts >= GIVE_UP_STARTS:
                break
            if self.starts == 1:
                self.find_motifs()
            self.starts += 1
            box = None if self.starts % 3 == 1 else side + self.rng.choice((-1, 0, 0, 1, 2))
            mw = min(x for x in (inst.max_width, box) if x is not None) if box or inst.max_width else None
            mh = min(x for x in (inst.max_height, box) if x is not None) if box or inst.max_height else None
            if (mw is not None and mw < longest and (mh is None or mh < longest)) or len(words) == 1:
                mw, mh = inst.max_width, inst.max_height
            if self.blocks and self.starts % 3 == 2:
                found = self.seeded(mw, mh)  # a cycle from the start
                if found is None:
                    continue
            else:
                found = greedy(words, self.rng, t_end, max_width=mw, max_height=mh, tries=1 if box else 200)
            if found is None:
                if box is not None:
                    side += 1
                continue
            if box is not None:
                side = max(longest, min(side, max(found.height, found.width)) - 1)
            if best is None or key(found, inst.prefer) < key(best, inst.prefer):
                best = found
            if len(words) == 1:
                break
        return best

    def seeded(self, mw: int | None, mh: int | None) -> Layout | None:
        """A greedy start from a random rectangle instead of the longest word."""
        block = self.rng.choice(self.blocks)
        rest = [w for w in self.inst.words if w not in block.words]
        return grown(Board(block.placements), rest, self.rng, mw, mh)

    def order_motifs(self) -> None:
        """The order the list's rectangles are found in (``find_motifs``, after the first start)."""
        if len(self.inst.words) < 4 or self.rules:
            return  # with user rules every move is clingo's
        self.motif_order = list(self.inst.words)
        self.rng.shuffle(self.motif_order)  # a list with more rectangles than kept is sampled differently per seed

    def find_motifs(self) -> None:
        """The rectangles of the list, indexed by word: once, after the first greedy start (which
        does not use them), so a tight time limit has a layout before this 0.2 s (50 words) is spent."""
        order, self.motif_order = self.motif_order, None
        if order is None:
            return
        self.blocks = rectangles(order, self.deadline)  # bounded by their number (motifs.MAX_RECTANGLES)
        for i, block in enumerate(self.blocks):
            for w in block.words:
                self.blocks_of.setdefault(w, []).append(i)

    def improve(self, best: Layout, until: Mark) -> Layout:
        """Hill climbing, the exploring walk, the closing (compacting) walk, then clingo's
        neighbourhoods until ``until``."""
        share = RUIN_SHARE if len(self.inst.words) > PROOF_WORDS else SHORT_RUIN_SHARE
        ruin = self.mark(share, until)
        if RELOCATE:
            best = self.relocate(best, ruin)
        best = self.ruin_recreate(best, self.mark(1 - CLOSE_SHARE, ruin))
        best = self.ruin_recreate(best, ruin, worse=0.0)  # then compaction
        return self.lns(best, until)
