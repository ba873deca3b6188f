"""``--fit most``: the heaviest selection of words that fits (by priority), as an optimisation.

Rounds over growing candidate samples as for fit all; on complete candidates under a time limit,
branch and bound, large neighbourhood search and a proof (``search_most``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from ..core.results import SolveResult, Stats
from ..core.status import Status
from ..run import runtime
from .puzzle import Outcome, Puzzle, best_weight, placed_words
from .reader import WordSearchInstance
from .rounds import Collector, Found, Round
from .search import Run, unsolvable

FULL_SHARE, PROOF_SHARE = 0.3, 0.3  # fit most: time shares of branch and bound before and after LNS
LNS_STEP = 0.5  # seconds per neighbourhood
LNS_FREE = 0.5  # share of the placed words a neighbourhood releases
GRACE = (0.5, 0.2)  # branch and bound's grace once only every word weighs more: at least s, at most share


def fit_most(run: Run) -> Outcome:
    """Rounds until the heaviest puzzle is proved optimal, reaches the most weight there can be, or
    the time is up; words dropped over a sample get more candidates."""
    inst, models = run.inst, run.models
    must = [w for w, word in enumerate(inst.words) if word in inst.required]
    ceiling = best_weight(inst, run.max_words)
    best: list[Found] = []  # the heaviest puzzles over all rounds
    while True:
        is_complete = run.complete
        try:
            rnd = run.new_round()
        except runtime.Stopped:
            if best:  # a later round was being built: the puzzles found so far stand
                return run.done(Status.SAT, pick(best, models), interrupted=True)
            raise
        collect = Collector(rnd, f"{inst.seed}/{run.rounds}", every=False, stop_at=ceiling if models == 1 else None)
        result = solve_round(run, rnd, collect, must)
        run.close(rnd)
        found = collect.found
        if found:
            top = max(f.value for f in found)
            if not best or top > best[0].value:
                best = [f for f in found if f.value == top]
            proved = (collect.proven or result.exhausted) and not result.interrupted and is_complete
            if top >= ceiling or proved:
                return run.done(Status.SAT, pick(best, models), exhausted=True, optimal=True)
        if best and (run.timed_out() or result.interrupted):
            return run.done(Status.SAT, pick(best, models), interrupted=True)
        if result.status is Status.UNKNOWN:
            return run.done(Status.UNKNOWN, [], interrupted=True)
        if result.status is Status.UNSAT and is_complete:
            return unsolvable(run, rnd, result, must)
        if result.status is Status.UNSAT:
            run.grow([s.arguments[0].number for s in result.core if s.name == "placed"] or must)
        else:  # an optimum over a sample: more candidates for the words it dropped
            kept = placed_words(best[0].puzzle) if best else set()
            run.grow([w for w, word in enumerate(inst.words) if word not in kept])
        if run.timed_out():
            return run.done(Status.SAT, pick(best, models), interrupted=True) if best else run.done(
                Status.UNKNOWN, [], interrupted=True
            )


def solve_round(run: Run, rnd: Round, collect: Collector, must: Sequence[int]) -> SolveResult:
    """One round's search; placements whose free cells cannot be filled are forbidden and the
    round solves again, until the heaviest placement found is completed."""
    found = collect.found
    while True:
        collect.failed = []
        if run.models == 1 and run.complete and run.left() is not None:
            every = every_word_from(run.inst, run.max_words)
            result = search_most(rnd, collect, must, run.stats, run.rng, every)
        else:
            result = rnd.solve(run.models, run.left(), must, run.stats, collect, optimise=True)
        failed = collect.failed
        if not failed or result.interrupted or run.timed_out():
            return result
        if found and max(f.value for f in found) >= max(v for _, v in failed):
            return result  # the heaviest placement was completed
        for chosen, _ in failed:
            rnd.forbid(chosen)


def search_most(
    rnd: Round,
    collect: Collector,
    must: Sequence[int],
    stats: Stats,
    rng: random.Random,
    every_word: int | None = None,
) -> SolveResult:
    """Fit most under a time limit: clasp's branch and bound for a share of the time; then, while
    the optimum is not proved, large neighbourhood search (keep most placed words where they are,
    re-optimise the rest with a bound that asks for an improvement), then branch and bound again
    with that bound for the rest of the time: UNSAT there proves the best puzzle optimal.
    From weight ``every_word`` on, only the whole list weighs more: branch and bound goes on for a
    grace period (as long again as it took to get there, within bounds), which is when a list that
    fits gets its last word (lists cut from a letter grid: within a second), and then the rest of
    the time goes to placing every word as exact cover does, which settles "it does not fit" far
    sooner than the bound. Every share is of the time the run's budget has left (``runtime.remaining``)."""
    start = time.perf_counter()
    collect.switch_at = every_word
    result = rnd.solve(1, _left() * FULL_SHARE, must, stats, collect, optimise=True)
    collect.switch_at = None
    if not result.interrupted:
        return result
    if not collect.found:  # nothing to start a neighbourhood from: keep searching
        return rnd.solve(1, _left(), must, stats, collect, optimise=True)
    best = max(collect.found, key=lambda f: f.value)
    if every_word is not None and best.value >= every_word:
        grace = min(max(GRACE[0], time.perf_counter() - start), _left() * GRACE[1])
        result = rnd.solve(1, grace, must, stats, collect, optimise=True, at_least=best.value + 1)
        if result.status is Status.UNSAT:
            return proved_optimal(collect, result)
        if not result.interrupted:  # every word placed
            return result
        return prove_every_word(rnd, collect, stats, _left())
    with runtime.until(runtime.after(_left() * (1 - PROOF_SHARE))):  # LNS, then the proof
        while _left() > 0.05:
            best = max(collect.found, key=lambda f: f.value)
            placed = sorted(best.chosen.items())
            fixed = rng.sample(placed, len(placed) - max(2, round(len(placed) * LNS_FREE)))
            step = min(LNS_STEP, _left())
            rnd.solve(1, step, must, stats, collect, optimise=True, fixed=fixed, at_least=best.value + 1)
    best = max(collect.found, key=lambda f: f.value)
    result = rnd.solve(1, _left(), must, stats, collect, optimise=True, at_least=best.value + 1)
    return proved_optimal(collect, result) if result.status is Status.UNSAT else result


def _left() -> float:
    """The time the run's budget has left (``search_most`` runs only under a time limit)."""
    return runtime.remaining() or 0.0


def proved_optimal(collect: Collector, result: SolveResult) -> SolveResult:
    """Nothing heavier than the best puzzle exists (an UNSAT ``result``): it is optimal."""
    collect.proven = True
    return result.replace(status=Status.SAT, exhausted=True, interrupted=False, core=[])



def every_word_from(inst: WordSearchInstance, max_words: int | None) -> int | None:
    """The least weight from which only the whole list weighs more (any selection without a word
    weighs at most the total less that word's priority); None with ``max_words`` below the list."""
    n = len(inst.words)
    if max_words is not None and max_words < n:
        return None
    total = sum(inst.priority(w) for w in range(n))
    return total - min(inst.priority(w) for w in range(n))


def prove_every_word(rnd: Round, collect: Collector, stats: Stats, time_left: float) -> SolveResult:
    """Place every word (an improvement, as good as it gets) or prove it impossible: then the best
    puzzle found is optimal."""
    result = rnd.solve_every_word(max(0.0, time_left), stats, collect)
    return proved_optimal(collect, result) if result.status is Status.UNSAT else result


def pick(best: list[Found], models: int) -> list[Puzzle]:
    """The heaviest puzzles, the last found first (clasp improves as it goes), at most ``models``."""
    puzzles = [f.puzzle for f in reversed(best)]
    return puzzles[:models] if models else puzzles

