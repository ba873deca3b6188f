"""Word search generation: candidates in Python, placement in clingo, filler and checks in Python.

1. Candidates (``candidates.py``): every placement allowed by the level when there are few enough
   (then an UNSAT answer is a proof); otherwise a seeded random sample per word, grown for the
   words of the unsat core until it is complete.
2. clingo places every word (``encodings/wordsearch.lp``, one ``Round`` per candidate set), or
   with ``fit="most"`` the most (by priority) it can (``fit_most.py``). A copy of a word formed by
   placed letters alone is forbidden by a clause (``strays.py``), so every model is clean. Under
   the ``balanced`` switch no direction and no quadrant takes too large a share; a book of several
   puzzles is made one puzzle at a time, each distinct from the earlier ones (``distinct(P)``).
3. Filler letters (or the hidden message) go into the free cells (``fill.py``).
4. The independent checks: the scanner (``scan.verify``: every placed word occurs exactly once,
   every dropped word not at all) and ``quality.py`` (balance, when promised; a book's distinctness).

Strategies: ``fit_all`` (one puzzle, or a book of distinct ones), ``enumerate_all`` (``models=0``,
or a book without the distinctness: every puzzle as clingo enumerates them), ``fit_most``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.errors import VerificationError
from ..core.results import SolveResult, Stats
from ..core.status import Status
from ..run import runtime
from . import quality
from .fit_most import fit_most
from .options import WordSearchOptions
from .puzzle import Outcome, Puzzle, dropped_words, listed_words, placed_words
from .reader import WordSearchInstance
from .rounds import Collector, Found, Round
from .search import Run, balance_in_core, core_words, search_all, unsolvable

__all__ = ["Outcome", "Puzzle", "dropped_words", "generate", "listed_words", "placed_words"]


def generate(
    inst: WordSearchInstance,
    *,
    rules: Sequence[str] = (),
    models: int = 1,
    time_limit: float | None = None,
    fit: str = "all",
    max_words: int | None = None,
    max_shared: int = quality.MAX_SHARED,
    balance: bool = True,
) -> Outcome:
    """Place every word (``fit="all"``) or the heaviest selection that fits (``fit="most"``, implied
    by ``max_words``). Every puzzle found before the time limit is kept. Several puzzles (``models``
    > 1) share at most ``max_shared`` % of their placements pairwise (100: any different puzzles);
    ``balance``: spread the words over the directions and the grid when the grid allows it."""
    most = "most" if max_words is not None else fit
    return search(inst, WordSearchOptions(rules=tuple(rules), models=models, time_limit=time_limit, fit=most,
                                          max_words=max_words, max_shared=max_shared, balance=balance))  # fmt: skip


def search(inst: WordSearchInstance, options: WordSearchOptions) -> Outcome:
    """``generate`` with its options gathered (the API's and the command's way in)."""
    o = options
    most = o.fit == "most" or o.max_words is not None
    with runtime.until(o.deadline):  # every stage asks the run's budget for its time
        run = Run.start(inst, o.rules, o.models, most, o.max_words, o.max_shared, o.balance)
        if most:
            return fit_most(run)
        if o.models == 0 or o.max_shared >= 100:
            return enumerate_all(run)
        return fit_all(run)


def fit_all(run: Run) -> Outcome:
    """Every word: one puzzle, or a book of ``run.models`` puzzles made one after the other, each
    sharing at most ``max_shared`` % of its placements with every earlier one; or a proof the
    words cannot all fit. When the list cannot give so many distinct puzzles, the book is shorter."""
    book: list[Found] = []
    while True:
        rnd = run.new_round([f.chosen for f in book])
        result = fill_book(run, rnd, book)
        run.close(rnd)
        puzzles = check_book(run, [f.puzzle for f in book])
        if len(book) == run.models:
            return run.done(Status.SAT, puzzles, exhausted=False, interrupted=False)
        if result.status is not Status.UNSAT:  # the time is up (or the run was stopped)
            status = Status.SAT if book else Status.UNKNOWN
            return run.done(status, puzzles, interrupted=True, book_short="within the time limit" if book else "")
        if not run.complete and book and out_of_time(run):
            return run.done(Status.SAT, puzzles, interrupted=True, book_short="within the time limit")
        if not run.complete:  # over a sample: more candidates for the words that did not fit
            run.grow(core_words(result.core))
            continue
        if book:  # every candidate: no further puzzle differs enough from the ones found
            return run.done(Status.SAT, puzzles, exhausted=True, book_short="proved")
        return unsolvable(run, rnd, result, range(len(run.inst.words)))


def fill_book(run: Run, rnd: Round, book: list[Found]) -> SolveResult:
    """Puzzles into ``book`` until it holds ``run.models`` or a search ends without one (its result
    returned). Over every candidate, a balance the grid cannot give is dropped and the search goes on."""
    result = SolveResult(Status.SAT, [], 0, False, False, Stats())
    while len(book) < run.models:
        result, found = one_puzzle(run, rnd, len(book))
        if found is not None:
            book.append(found)
            if len(book) < run.models and out_of_time(run):  # no grounding at the deadline: keep the book
                return result.replace(interrupted=True)
            if len(book) < run.models:
                rnd.add_to_book(found.chosen)
            continue
        if result.status is Status.UNSAT and rnd.balance and run.complete and balance_in_core(result):
            run.unbalanced(rnd)
            continue
        break
    return result


def out_of_time(run: Run) -> bool:
    """Nothing left but the reserve for printing (grounding now could outlast the deadline)."""
    return runtime.out_of_time()


def one_puzzle(run: Run, rnd: Round, number: int) -> tuple[SolveResult, Found | None]:
    """The next puzzle of the book (distinct from those ``rnd`` knows); placements whose free cells
    cannot be filled are forbidden and the search goes on."""
    collect = Collector(rnd, f"{run.inst.seed}/{run.rounds}/{number}", every=True)
    words = range(len(run.inst.words))
    while True:
        collect.failed = []
        result = search_all(rnd, words, run.stats, collect)
        if collect.found:
            return result, collect.found[0]
        if not collect.failed or result.interrupted or run.timed_out():
            return result, None
        for chosen, _ in collect.failed:
            rnd.forbid(chosen)


def check_book(run: Run, puzzles: list[Puzzle]) -> list[Puzzle]:
    """The book's promise, checked on its own: no two puzzles share too many placements."""
    problems = quality.book_problems([p.placements for p in puzzles], run.max_shared)
    if problems:
        raise VerificationError(problems[0])
    return puzzles


def enumerate_all(run: Run) -> Outcome:
    """``models`` puzzles (0: all) as clingo enumerates them: each differs from the others, by as
    little as one placement (``models=0``, or ``max_shared`` 100)."""
    found: list[Found] = []
    while True:
        rnd = run.new_round()
        result = enumerate_round(run, rnd, found)
        run.close(rnd)
        if found:
            puzzles = [f.puzzle for f in found]
            stopped = result.interrupted or run.timed_out()
            return run.done(Status.SAT, puzzles, exhausted=result.exhausted, interrupted=stopped)
        if result.status is Status.UNKNOWN:
            return run.done(Status.UNKNOWN, [], interrupted=True)
        if run.complete and rnd.balance and balance_in_core(result):
            run.unbalanced(rnd)
        elif run.complete:
            return unsolvable(run, rnd, result, range(len(run.inst.words)))
        else:
            run.grow(core_words(result.core))
        if run.timed_out():
            return run.done(Status.UNKNOWN, [], interrupted=True)


def enumerate_round(run: Run, rnd: Round, found: list[Found]) -> SolveResult:
    collect = Collector(rnd, f"{run.inst.seed}/{run.rounds}", every=True)
    collect.found = found
    words = range(len(run.inst.words))
    while True:
        collect.failed = []
        wanted = run.models - len(found) if run.models else 0
        if run.models == 1:
            result = search_all(rnd, words, run.stats, collect)
        else:
            result = rnd.solve(wanted, run.left(), words, run.stats, collect)
        if not collect.failed or result.interrupted or run.timed_out():
            return result
        if run.models and len(found) >= run.models:
            return result
        # placements that could not be completed are forbidden (with the puzzles already kept, so
        # an enumeration goes on with new ones) and clingo solves again
        for chosen, _ in collect.failed:
            rnd.forbid(chosen)
        for f in found:
            rnd.forbid(f.chosen)
