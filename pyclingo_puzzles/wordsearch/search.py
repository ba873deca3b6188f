"""What every strategy of the generator shares: the run's state across rounds, the search for one
puzzle with every word, and the smallest set of words (and rule files) that cannot fit together."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from clingo import Symbol

from ..core.results import Answer, SolveResult, Stats
from ..core.status import Status
from ..run import runtime
from . import quality
from .candidates import FIRST_SAMPLE, FULL_LIMIT, TIGHT, Candidate, candidate_count, grow_sample
from .puzzle import Outcome, Puzzle
from .reader import WordSearchInstance
from .rounds import BALANCED, DENSE, Round

# fit all: conflicts of the first turn of each heuristic (search_all), about 0.5 s of search on a
# quiet machine; counted in conflicts, not seconds, so the same seed gives the same puzzle under load
FIRST_TURN = 4000
BOOK_SAMPLE = 4  # a book on a big grid: more candidates per word in the first round, per further puzzle
BOOK_SAMPLE_MAX = 9  # ... for at most this many further puzzles (a larger book grows its sample as it goes)
BALANCE_TIGHT = 0.8  # letters per cell from which the grid is too full to balance (the search would not end)


@dataclass
class Run:
    """One generation: the instance and options, the candidates (grown round by round), the figures."""

    inst: WordSearchInstance
    rules: Sequence[str]
    models: int
    fit_most: bool
    max_words: int | None
    max_shared: int
    balance: bool  # solve under the balance constraints (until the grid proves it cannot)
    balance_note: str  # why not, when not
    rng: random.Random
    stats: Stats = field(default_factory=Stats)
    cands: list[list[Candidate]] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)  # per word: every candidate there is
    rounds: int = 0
    nogoods: int = 0
    tight: bool = False  # many letters per cell: sample more, decide overlap first (heuristic.py)

    @classmethod
    def start(cls, inst: WordSearchInstance, rules: Sequence[str], models: int, fit_most: bool,
              max_words: int | None, max_shared: int, balance: bool) -> Run:  # fmt: skip
        """The generation's time is the run's budget (``runtime.until``, set by ``generate``)."""
        letters = sum(map(len, inst.words))
        cells = sum(row.count("#") for row in inst.mask) if inst.mask else inst.width * inst.height
        tight = letters >= TIGHT * cells
        note = "" if balance else "off (switched off)"
        if models == 0 and balance:
            balance, note = False, "off (--models 0 lists every puzzle)"
        if fit_most and balance:
            balance, note = False, "off (--fit most puts the number of words first)"
        elif letters >= BALANCE_TIGHT * cells and balance:
            balance, note = False, f"off (the grid is too full to balance: {letters} letters on {cells} cells)"
        # the directions some word fits in (as the encoding's direction/2 over every candidate)
        fits = [d for d in inst.directions if any(candidate_count(len(w), inst, d) for w in inst.words)]
        if balance and not quality.directions_can_balance(len(inst.words), len(fits)):
            # proved by counting: no need to grow a big grid's sample to every candidate to find it out
            balance, note = False, f"off ({len(inst.words)} words cannot spread over {len(fits)} directions: proved)"
        rng = random.Random(inst.seed)
        run = cls(inst, rules, models, fit_most, max_words, max_shared, balance, note, rng)
        run.tight = tight
        run.totals = [sum(candidate_count(len(w), inst, d) for d in inst.directions) for w in inst.words]
        complete = sum(run.totals) <= FULL_LIMIT
        first = max(FIRST_SAMPLE, FULL_LIMIT // len(inst.words)) if tight else FIRST_SAMPLE
        first += BOOK_SAMPLE * min(max(0, models - 1), BOOK_SAMPLE_MAX)
        run.cands = [[] for _ in inst.words]
        with runtime.stage("building candidates", after="preparing the search"):
            for w, word in enumerate(inst.words):
                runtime.check()  # 100,000 words take seconds here: the deadline must still hold
                grow_sample(word, inst, run.cands[w], run.totals[w] if complete else first, run.rng)
        return run

    @staticmethod
    def left() -> float | None:
        """The generation's time left (the run's budget: its own limit within the run's)."""
        return runtime.remaining()

    @staticmethod
    def timed_out() -> bool:
        return runtime.out_of_time()

    @property
    def complete(self) -> bool:
        return all(len(c) >= t for c, t in zip(self.cands, self.totals, strict=True))

    def new_round(self, book: Sequence[dict[int, int]] = ()) -> Round:
        """Ground the encoding over the candidates so far; the book's puzzles so far stay distinct."""
        self.rounds += 1
        # every candidate: overlap first where space is short (and for fit most), else clasp in the
        # seeded order of the candidates (vary: a sample differs between seeds by itself)
        dense = self.complete and DENSE and (self.tight or self.fit_most)
        vary = self.complete and not dense and not self.fit_most
        rnd = Round(self.inst, self.cands, self.rules, dense=dense, vary=vary, fit_most=self.fit_most,
                    max_words=self.max_words, max_shared=self.max_shared, balance=self.balance)  # fmt: skip
        for chosen in book:
            rnd.add_to_book(chosen)
        return rnd

    def close(self, rnd: Round) -> None:
        """A round is over: its nogoods, the size of its program and its grounding time count."""
        self.nogoods += rnd.nogoods
        if rnd.last is not None:
            self.stats.atoms += rnd.last.atoms
            self.stats.rules += rnd.last.rules
            self.stats.ground_seconds += rnd.last.ground_seconds

    def unbalanced(self, rnd: Round) -> None:
        """The grid holds no (further) balanced puzzle, proved over every candidate: solve without."""
        self.balance = rnd.balance = False
        if rnd.book:
            self.balance_note = (
                f"off from puzzle {len(rnd.book) + 1} on (no further balanced puzzle differs enough: proved)"
            )
        else:
            self.balance_note = "off (the grid allows no balanced puzzle: proved)"

    def grow(self, words: Sequence[int]) -> None:
        """More candidates for ``words`` (or, if they have all theirs, for every word that has not)."""
        n = len(self.cands)
        grow = [w for w in words if len(self.cands[w]) < self.totals[w]]
        for w in grow or [w for w in range(n) if len(self.cands[w]) < self.totals[w]]:
            grow_sample(self.inst.words[w], self.inst, self.cands[w], len(self.cands[w]) * 4, self.rng)

    def done(self, status: Status, puzzles: list[Puzzle], **kw) -> Outcome:
        inst = self.inst
        self.stats.extra.update(rounds=self.rounds, nogoods=self.nogoods, candidates=sum(map(len, self.cands)))
        self.stats.extra["balance"] = "on" if self.balance else self.balance_note
        book = [p.placements for p in puzzles]
        fits = [d for d in inst.directions if any(candidate_count(len(w), inst, d) for w in inst.words)]
        self.stats.extra.update(quality.figures(inst.width, inst.height, book, fits))
        return Outcome(status, puzzles, self.stats, fit_most=self.fit_most, **kw)


def in_core(result: SolveResult, atom: Symbol) -> bool:
    return any(s == atom for s in result.core)


def balance_in_core(result: SolveResult) -> bool:
    return in_core(result, BALANCED)


def search_all(
    rnd: Round,
    words: Sequence[int],
    stats: Stats,
    on_answer: Callable[[Answer], None] | None = None,
    rules_off: Sequence[str] = (),
) -> SolveResult:
    """One puzzle with all ``words``: the overlap-first heuristic (which places a list that fits)
    and exact cover's fewest placements left (which proves a list that does not fit several times
    sooner) take turns, each turn twice as long as the last; clasp keeps what it learnt across
    turns. Without the heuristic (sampled candidates) clasp decides alone. The time is the run's
    budget's (``runtime.remaining``)."""
    if rnd.heuristic is None:
        return rnd.solve(1, runtime.remaining(), words, stats, on_answer, rules_off=rules_off)
    turn = FIRST_TURN
    while True:
        for every_word in (False, True):
            left = runtime.remaining()
            if every_word:
                result = rnd.solve_every_word(left, stats, on_answer, words, rules_off, conflicts=turn)
            else:
                result = rnd.solve(1, left, words, stats, on_answer, rules_off=rules_off, conflicts=turn)
            if not result.interrupted or runtime.out_of_time() or runtime.stopping():
                return result
        turn *= 2


def core_words(core: Sequence[Symbol]) -> list[int]:
    return sorted(s.arguments[0].number for s in core if s.name == "placed")


def minimise_core(rnd: Round, core: list[int], stats: Stats) -> tuple[list[int], list[str]]:
    """Deletion-based: drop each word, then each rule file, whose removal keeps the rest
    unsolvable. Returns the words and the rule files left (no words: the rules alone fail)."""
    current = list(core)
    files = [f.path for f in rnd.solver.rule_files]
    for w in list(current):
        if w not in current or (len(current) == 1 and not files):
            continue
        trial = [v for v in current if v != w]
        result = search_all(rnd, trial, stats)
        if result.status is Status.UNSAT:
            found = core_words(result.core)
            current = found if found and set(found) <= set(trial) else trial
        elif result.status is Status.UNKNOWN:
            break
    off: list[str] = []
    for f in files:
        if search_all(rnd, current, stats, rules_off=[*off, f]).status is Status.UNSAT:
            off.append(f)  # unsolvable without it too
    return current, [f for f in files if f not in off]


def unsolvable(run: Run, rnd: Round, result: SolveResult, must: Sequence[int]) -> Outcome:
    """The words cannot all fit (complete candidates): the smallest set that cannot, and the rules' part."""
    rnd.balance = False  # the core is about the words (the balance is not to blame: not in the core)
    words = core_words(result.core) or list(must)  # fit most without required words: none
    core, rules_core = minimise_core(rnd, words, run.stats)
    words_core = tuple(run.inst.words[w] for w in core)
    return run.done(Status.UNSAT, [], core=words_core, rules_core=tuple(rules_core), exhausted=True)
