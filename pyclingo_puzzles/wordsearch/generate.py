"""Word search generation: candidates in Python, placement in clingo, filler and checks in Python.

1. Candidates: every placement allowed by the level when there are few enough (then an UNSAT
   answer is a proof); otherwise a seeded random sample per word, grown for the words of the
   unsat core until it is complete.
2. clingo places every word (``encodings/wordsearch.lp``), or with ``fit="most"`` the most (by
   priority) it can, as an optimisation. A copy of a word formed by placed letters alone is found
   on each complete assignment and forbidden by a clause (``strays.py``), so every model is clean.
3. Filler letters (or the hidden message) go into the free cells; a copy of a word that runs
   through a filler cell is broken by redrawing that cell.
4. The independent scanner (``scan.verify``) checks every placed word occurs exactly once and
   every dropped word not at all.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import astuple, dataclass
from pathlib import Path

from clingo import Function, Number, String, Symbol, SymbolType

from ..core.errors import VerificationError, derived_error
from ..core.solve import Answer, Solver, SolveResult, Stats, Status, exit_code
from ..run import runtime
from . import shapes
from .heuristic import PlacementHeuristic
from .reader import Direction, WordSearchInstance
from .strays import FREE, StrayCopies
from .verify import GridIndex, Placement, verify

ENCODING = "wordsearch.lp"
FULL_LIMIT = 4_000  # at most this many candidates in all: give clingo every one (complete)
FIRST_SAMPLE = 12  # candidates per word in the first round of a big grid
TIGHT = 0.6  # letters per cell from which the first round shares out FULL_LIMIT instead (few rounds)
GROWTH = 4  # sample growth factor per round for the words of the core
CLINGO_OPTIONS = ("--sign-def=rnd", "--rand-freq=0.02")  # seeded variety between puzzles
FULL_SHARE, PROOF_SHARE = 0.3, 0.3  # fit most: time shares of branch and bound before and after LNS
LNS_STEP = 0.5  # seconds per neighbourhood
LNS_FREE = 0.5  # share of the placed words a neighbourhood releases
OPT_OPTIONS: tuple[str, ...] = ()  # fit most: extra clasp options (measured in benchmarks/wordsearch.py)
REPAIR_ROUNDS = 200
DENSE = True  # overlap-first decisions (heuristic.py) whenever the candidates are complete
DENSE_OPTIONS = ("--restarts=L,32",)  # with them: frequent restarts redraw the seeded ties
# "every word" by fewest placements left: conflicts to settle the 8x8 lists of benchmarks/wordsearch.py
# (10 of 10, 11 of 11, 12 of 12, 12 of 12 words): no restarts 53k, 42k, 276k, 80k; L,32 25k, 23k,
# over 210k, 59k; x,100,1.5 20k, 29k, 225k, 58k
EVERY_WORD_RESTARTS = "x,100,1.5"
FIRST_TURN = 0.5  # fit all: seconds of the first turn of each heuristic (search_all)
GRACE = (0.5, 0.2)  # branch and bound's grace once only every word weighs more: at least s, at most share


@dataclass(frozen=True)
class Candidate:
    row: int
    col: int
    dx: int
    dy: int


@dataclass(frozen=True)
class Puzzle:
    grid: tuple[str, ...]
    placements: tuple[Placement, ...]  # in word-list order
    shown: tuple[str, ...] | None = None  # what the user's #show statements show (None: no #show)

    def key(self) -> tuple[str, ...]:
        """The answer key: placed letters only, '.' elsewhere."""
        rows = [["."] * len(self.grid[0]) for _ in self.grid]
        for p in self.placements:
            for (r, c), ch in zip(p.cells(), p.word, strict=True):
                rows[r][c] = ch
        return tuple("".join(row) for row in rows)


@dataclass
class Outcome:
    status: Status
    puzzles: list[Puzzle]
    stats: Stats
    core: tuple[str, ...] = ()  # words that cannot all fit together (UNSAT, complete candidates)
    rules_core: tuple[str, ...] = ()  # rule files that take part in the unsolvability
    exhausted: bool = False
    interrupted: bool = False
    fit_most: bool = False
    optimal: bool = False  # fit most: no placement of more weight exists (proved)

    @property
    def exit_code(self) -> int:
        if self.fit_most and self.status is Status.SAT:
            return exit_code(self.status, self.optimal, self.interrupted and not self.optimal)
        return exit_code(self.status, self.exhausted, self.interrupted)


def placed_words(puzzle: Puzzle) -> set[str]:
    return {p.word for p in puzzle.placements}


def listed_words(inst: WordSearchInstance, puzzle: Puzzle) -> list[str]:
    """The printed word list: placed words that are not secret, in file order."""
    placed = placed_words(puzzle)
    return [w for w in inst.words if w in placed and w not in inst.secret]


def dropped_words(inst: WordSearchInstance, puzzle: Puzzle) -> list[str]:
    placed = placed_words(puzzle)
    return [w for w in inst.words if w not in placed]


def weight(inst: WordSearchInstance, words: set[str]) -> int:
    return sum(inst.priority(w) for w, word in enumerate(inst.words) if word in words)


def best_weight(inst: WordSearchInstance, max_words: int | None) -> int:
    """No placement can weigh more: every word, or the heaviest ``max_words``."""
    weights = sorted((inst.priority(w) for w in range(len(inst.words))), reverse=True)
    return sum(weights[:max_words] if max_words is not None else weights)


# ------------------------------------------------------------------------------------- candidates


def _span(length: int, size: int, step: int) -> range:
    """Start coordinates along one axis so that ``length`` letters stay inside ``size`` cells."""
    if step > 0:
        return range(0, size - length + 1)
    if step < 0:
        return range(length - 1, size)
    return range(0, size)


def candidate_count(length: int, inst: WordSearchInstance, d: Direction) -> int:
    if inst.mask is not None:  # shaped grid: placements on usable cells only
        return shapes.count_runs(inst.mask, length, *d)
    return len(_span(length, inst.height, d[1])) * len(_span(length, inst.width, d[0]))


def all_candidates(word: str, inst: WordSearchInstance) -> list[Candidate]:
    return [
        Candidate(r, c, dx, dy)
        for dx, dy in inst.directions
        for r in _span(len(word), inst.height, dy)
        for c in _span(len(word), inst.width, dx)
        if shapes.fits(inst.mask, r, c, dx, dy, len(word))
    ]


def grow_sample(word: str, inst: WordSearchInstance, have: list[Candidate], k: int, rng: random.Random) -> None:
    """Add random distinct candidates to ``have`` until it holds ``k`` (or all there are)."""
    total = sum(candidate_count(len(word), inst, d) for d in inst.directions)
    if k >= total:
        seen = set(have)
        rest = [c for c in all_candidates(word, inst) if c not in seen]
        rng.shuffle(rest)
        have.extend(rest)
        return
    weights = [candidate_count(len(word), inst, d) for d in inst.directions]
    seen = set(have)
    while len(have) < k:
        dx, dy = rng.choices(inst.directions, weights)[0]
        rows, cols = _span(len(word), inst.height, dy), _span(len(word), inst.width, dx)
        cand = Candidate(rng.choice(rows), rng.choice(cols), dx, dy)
        if cand not in seen and shapes.fits(inst.mask, cand.row, cand.col, dx, dy, len(word)):
            seen.add(cand)
            have.append(cand)


# ------------------------------------------------------------------------------------------ facts


def facts(inst: WordSearchInstance, cands: Sequence[Sequence[Candidate]], max_words: int | None = None) -> list[Symbol]:
    """One fact per candidate; the encoding spells out its cells (cheaper in the grounder)."""
    num = [Number(i) for i in range(max(inst.width, inst.height, max(map(len, cands)), len(inst.words)) + 1)]
    direction = {d: Number(d) for d in (-1, 0, 1)}
    out = [Function("size", [Number(inst.width), Number(inst.height)])]
    if inst.message:
        out.append(Function("message_length", [Number(len(inst.message))]))
    if max_words is not None:
        out.append(Function("max_words", [Number(max_words)]))
    for w, word in enumerate(inst.words):
        out.append(Function("word", [num[w], String(word)]))
        out.append(Function("priority", [num[w], Number(inst.priority(w))]))
        out.extend(Function("letter", [num[w], num[i], String(ch)]) for i, ch in enumerate(word))
        for k, c in enumerate(cands[w]):
            out.append(Function("cand", [num[w], num[k], num[c.row], num[c.col], direction[c.dx], direction[c.dy]]))
    return out


def place_atom(w: int, k: int) -> Symbol:
    return Function("place", [Number(w), Number(k)])


def active_atom(w: int) -> Symbol:
    return Function("active", [Number(w)])


# ---------------------------------------------------------------------------------------- decoding


NOT_CANDIDATE = "which is not a candidate"


def decode(
    symbols: Sequence[Symbol],
    cands: Sequence[Sequence[Candidate]],
    rules: Sequence[str | Path] = (),
    every: bool = True,
) -> dict[int, int]:
    """``place(W, K)`` atoms -> {word id: candidate id}. The encoding chooses one candidate per
    word (``every``; else per placed word); any other ``place`` atom comes from the user's rules and
    is reported, never a crash."""
    chosen: dict[int, int] = {}
    for s in symbols:
        if s.name == "place" and len(s.arguments) == 2:
            w, k = s.arguments
            if w.type is not SymbolType.Number or k.type is not SymbolType.Number:
                raise derived_error(s, NOT_CANDIDATE, rules)
            w, k = w.number, k.number
            if not (0 <= w < len(cands) and 0 <= k < len(cands[w])):
                raise derived_error(s, NOT_CANDIDATE, rules)
            if chosen.setdefault(w, k) != k:
                raise derived_error(s, f"a second placement of word {w + 1}", rules)
    if every and len(chosen) != len(cands):
        missing = next(w for w in range(len(cands)) if w not in chosen)
        raise VerificationError(f"the model places no copy of word {missing + 1}")
    return chosen


def placements_of(
    chosen: dict[int, int], inst: WordSearchInstance, cands: Sequence[Sequence[Candidate]]
) -> list[Placement]:
    """The chosen placements in word-list order (dropped words have none)."""
    out = []
    for w, word in enumerate(inst.words):
        if w in chosen:
            c = cands[w][chosen[w]]
            out.append(Placement(word, c.row, c.col, c.dx, c.dy))
    return out


def partial_grid(inst: WordSearchInstance, placements: Sequence[Placement]) -> list[list[str]]:
    rows = shapes.empty_grid(inst, FREE)  # unusable cells of a shape stay blank
    for p in placements:
        for (r, c), ch in zip(p.cells(), p.word, strict=True):
            rows[r][c] = ch
    return rows


def stray_copies(
    grid: Sequence[Sequence[str]], placements: Sequence[Placement], absent: Sequence[str] = ()
) -> list[tuple[str, frozenset]]:
    """(word, cells) of every copy of a placed word other than its own placement, and of every
    copy of an ``absent`` (dropped) word."""
    index = GridIndex(["".join(row) for row in grid])
    stray = []
    for p in placements:
        own = frozenset(p.cells())
        stray.extend((p.word, cells) for cells in index.occurrences(p.word) if cells != own)
    for word in absent:
        stray.extend((word, cells) for cells in index.occurrences(word))
    return stray


# ------------------------------------------------------------------------------------------ filling


def fill(
    inst: WordSearchInstance, placements: Sequence[Placement], rng: random.Random, absent: Sequence[str] = ()
) -> tuple[str, ...] | None:
    """Fill the free cells (message or filler) so no placed word has a second copy and no
    ``absent`` word a first one; None if that fails."""
    grid = partial_grid(inst, placements)
    free = [(r, c) for r in range(inst.height) for c in range(inst.width) if grid[r][c] == FREE]
    if inst.message:
        for (r, c), ch in zip(free, inst.message, strict=True):
            grid[r][c] = ch
        return None if stray_copies(grid, placements, absent) else tuple("".join(row) for row in grid)
    for r, c in free:
        grid[r][c] = rng.choice(inst.alphabet)
    free_set = set(free)
    word_letters = {ch for w in inst.words for ch in w}
    spare = [ch for ch in inst.alphabet if ch not in word_letters]
    for attempt in range(REPAIR_ROUNDS):
        stray = stray_copies(grid, placements, absent)
        if not stray:
            return tuple("".join(row) for row in grid)
        for _w, cells in stray:
            movable = sorted(cells & free_set)
            if not movable:
                return None  # formed by placed letters alone (the nogoods should prevent this)
            r, c = rng.choice(movable)
            # late rounds: prefer letters that occur in no word, when the alphabet has any
            pool = spare if spare and attempt > REPAIR_ROUNDS // 2 else inst.alphabet
            options = [ch for ch in pool if ch != grid[r][c]] or list(pool)
            grid[r][c] = rng.choice(options)
    return None


# ------------------------------------------------------------------------------------------- driver


class _Round:
    """One grounding over a fixed candidate set (stray copies are excluded lazily by ``strays.py``)."""

    def __init__(
        self,
        inst: WordSearchInstance,
        cands: list[list[Candidate]],
        rules: Sequence[str],
        *,
        dense: bool = False,
        fit_most: bool = False,
        max_words: int | None = None,
    ):
        self.inst, self.cands, self.rules = inst, cands, rules
        options = (*CLINGO_OPTIONS, *(DENSE_OPTIONS if dense else ()))
        if fit_most:
            options = (*options, *OPT_OPTIONS, "--const=fit_most=1")
        self.solver = Solver([ENCODING], rules, seed=inst.seed, options=options)
        placements: list[list[Placement]] = []
        with runtime.stage("building candidates", after="preparing the search"):
            for w, word in enumerate(inst.words):
                runtime.check()
                placements.append([Placement(word, *astuple(c)) for c in cands[w]])
            self.strays = StrayCopies(inst.words, placements, inst.width, inst.height)
        self.solver.ctl.register_propagator(self.strays)
        self.heuristic: PlacementHeuristic | None = None
        if dense:  # tight grid: decide by most shared cells, then fewest placements left
            cells = [
                [tuple((r, col, ch) for (r, col), ch in zip(p.cells(), p.word, strict=True)) for p in row]
                for row in placements
            ]
            self.heuristic = PlacementHeuristic(cells, inst.seed or 0)
            self.solver.ctl.register_propagator(self.heuristic)
        self.solver.add_facts(facts(inst, cands, max_words))
        self.solver.ground()
        self.forbidden = 0

    @property
    def nogoods(self) -> int:
        return self.strays.clauses + self.forbidden

    def solve(
        self,
        models: int,
        time_left: float | None,
        words: Sequence[int],
        stats: Stats,
        on_answer: Callable[[Answer], None] | None = None,
        optimise: bool = False,
        fixed: Sequence[tuple[int, int]] = (),
        at_least: int | None = None,
        rules_off: Sequence[str] = (),
    ) -> SolveResult:
        """Solve with ``active(W)`` assumed for ``words`` (and ``place(W, K)`` for ``fixed``); with
        ``optimise``, improving models come first and then (``models`` != 1) up to ``models``
        optimal ones (clasp's optN); ``at_least``: only models of at least this weight."""
        conf = self.solver.ctl.configuration.solve
        mode = ("opt" if models == 1 else "optN") if optimise else "ignore"
        conf.opt_mode = mode if at_least is None else f"{mode},{-at_least}"  # type: ignore[union-attr]
        try:
            result = self.solver.solve(
                models=0 if optimise and models == 1 else models,
                time_limit=time_left,
                assumptions=self.assumptions(words, rules_off) + [(place_atom(w, k), True) for w, k in fixed],
                on_answer=on_answer,
            )
        except _Reached:  # no selection can weigh more: as good as a proof, without the search for one
            stats.models += 1
            return SolveResult(Status.SAT, [], 1, True, False, Stats())
        except _Switch:  # branch and bound has done its part: what is left is for solve_every_word
            stats.models += 1
            return SolveResult(Status.SAT, [], 1, False, True, Stats())
        stats.add(result.stats)
        return result

    def solve_every_word(
        self,
        time_left: float | None,
        stats: Stats,
        on_answer: Callable[[Answer], None] | None = None,
        words: Sequence[int] | None = None,
        rules_off: Sequence[str] = (),
    ) -> SolveResult:
        """Every word placed, deciding as exact cover with colours does (the word with the fewest
        placements left, geometric restarts): on small grids this settles "not every word fits" far
        sooner than branch and bound or the overlap heuristic (8x8, 10-12 words: 20k-225k conflicts,
        where those do not settle the 10-word list within 1 M)."""
        heuristic, conf = self.heuristic, self.solver.ctl.configuration.solver
        words = range(len(self.inst.words)) if words is None else words
        if heuristic is None:  # sampled candidates: clasp decides
            return self.solve(1, time_left, words, stats, on_answer, rules_off=rules_off)
        restarts = conf.restarts  # type: ignore[union-attr]
        heuristic.fewest_left, conf.restarts = set(words), EVERY_WORD_RESTARTS  # type: ignore[union-attr]
        try:
            return self.solve(1, time_left, words, stats, on_answer, rules_off=rules_off)
        finally:
            heuristic.fewest_left, conf.restarts = None, restarts  # type: ignore[union-attr]

    def assumptions(self, words: Sequence[int], rules_off: Sequence[str] = ()) -> list[tuple[Symbol, bool]]:
        """Each listed word is placed; each rule file holds unless in ``rules_off`` (in cores)."""
        rules = [(atom, atom.arguments[0].string not in rules_off) for atom, _ in self.solver.rule_assumptions()]
        return [(active_atom(w), True) for w in words] + rules

    def forbid(self, chosen: dict[int, int]) -> None:
        self.solver.add_nogood([place_atom(w, k) for w, k in chosen.items()])
        self.forbidden += 1


@dataclass
class _Found:
    puzzle: Puzzle
    chosen: dict[int, int]
    value: int  # weight of the placed words


class _Reached(Exception):
    """Raised from the model callback when a puzzle reaches the most weight there can be (every
    word, or the heaviest ``max_words``): clasp would otherwise search on to prove it."""


class _Switch(Exception):
    """Raised from the model callback when only the whole list would weigh more than the puzzle
    found: branch and bound stops there and ``solve_every_word`` takes over."""


class _Collector:
    """Fills and checks each model as it arrives (so what is found before the time limit is
    printed); placements whose free cells cannot be filled are kept apart."""

    def __init__(self, rnd: _Round, tag: str, every: bool, stop_at: int | None = None):
        self.rnd, self.inst, self.cands, self.tag, self.every = rnd, rnd.inst, rnd.cands, tag, every
        self.stop_at = stop_at
        self.switch_at: int | None = None  # fit most: stop branch and bound from this weight on
        self.found: list[_Found] = []
        self.failed: list[tuple[dict[int, int], int]] = []  # (placement, weight)
        self.proven = False  # clasp reported a model as optimal (optN)

    def __call__(self, answer: Answer) -> None:
        inst = self.inst
        chosen = decode(answer.symbols, self.cands, self.rnd.rules, self.every)
        placements = placements_of(chosen, inst, self.cands)
        placed = {p.word for p in placements}
        absent = [w for w in inst.words if w not in placed]
        grid = fill(inst, placements, random.Random(f"{self.tag}/{answer.number}"), absent)
        if grid is None:
            self.failed.append((chosen, weight(inst, placed)))
            return
        problems = verify(grid, placements, [p.word for p in placements], absent=absent)
        if problems:
            raise VerificationError(problems[0])
        puzzle = Puzzle(grid, tuple(placements), self.rnd.solver.shown(answer))
        self.found.append(_Found(puzzle, chosen, weight(inst, placed)))
        self.proven = self.proven or answer.optimality_proven
        if self.stop_at is not None and self.found[-1].value >= self.stop_at:
            raise _Reached
        if self.switch_at is not None and self.found[-1].value >= self.switch_at:
            raise _Switch


def generate(
    inst: WordSearchInstance,
    *,
    rules: Sequence[str] = (),
    models: int = 1,
    time_limit: float | None = None,
    fit: str = "all",
    max_words: int | None = None,
) -> Outcome:
    """Place every word (``fit="all"``) or the heaviest selection that fits (``fit="most"``, implied
    by ``max_words``). Every puzzle found before the time limit is kept."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    fit_most = fit == "most" or max_words is not None
    rng = random.Random(inst.seed)
    stats = Stats()
    n = len(inst.words)
    must = [w for w, word in enumerate(inst.words) if word in inst.required] if fit_most else list(range(n))
    ceiling = best_weight(inst, max_words)
    totals = [sum(candidate_count(len(w), inst, d) for d in inst.directions) for w in inst.words]
    complete = sum(totals) <= FULL_LIMIT
    cands: list[list[Candidate]] = [[] for _ in range(n)]
    cells = sum(row.count("#") for row in inst.mask) if inst.mask else inst.width * inst.height
    tight = sum(map(len, inst.words)) >= TIGHT * cells
    first = max(FIRST_SAMPLE, FULL_LIMIT // n) if tight else FIRST_SAMPLE
    with runtime.stage("building candidates", after="preparing the search"):
        for w, word in enumerate(inst.words):
            runtime.check()  # 100,000 words take seconds here: the deadline must still hold
            grow_sample(word, inst, cands[w], totals[w] if complete else first, rng)
    rounds = 0
    nogoods = 0
    best: list[_Found] = []  # fit most: the heaviest puzzles over all rounds

    def left() -> float | None:
        return None if deadline is None else max(0.0, deadline - time.perf_counter())

    def timed_out() -> bool:
        return deadline is not None and time.perf_counter() >= deadline

    def done(status: Status, puzzles: list[Puzzle], **kw) -> Outcome:
        stats.extra.update(rounds=rounds, nogoods=nogoods, candidates=sum(len(c) for c in cands))
        return Outcome(status, puzzles, stats, fit_most=fit_most, **kw)

    while True:
        rounds += 1
        is_complete = all(len(cands[w]) >= totals[w] for w in range(n))
        try:
            rnd = _Round(inst, cands, rules, dense=is_complete and DENSE, fit_most=fit_most, max_words=max_words)
        except runtime.Stopped:
            if best:  # a later round was being built: the puzzles found so far stand
                return done(Status.SAT, pick(best, models), interrupted=True)
            raise
        stop_at = ceiling if fit_most and models == 1 else None
        collect = _Collector(rnd, f"{inst.seed}/{rounds}", every=not fit_most, stop_at=stop_at)
        found = collect.found
        while True:
            collect.failed = []
            wanted = models - len(found) if models and not fit_most else models
            if fit_most and models == 1 and is_complete and deadline is not None:
                result = search_most(rnd, collect, must, stats, deadline, rng, every_word_from(inst, max_words))
            elif not fit_most and models == 1 and rnd.heuristic is not None:
                result = search_all(rnd, must, stats, deadline, collect)
            else:
                result = rnd.solve(wanted, left(), must, stats, collect, optimise=fit_most)
            failed = collect.failed
            if not failed or result.interrupted or timed_out():
                break
            if fit_most and found and max(f.value for f in found) >= max(v for _, v in failed):
                break  # the heaviest placement was completed
            if not fit_most and models and len(found) >= models:
                break
            # placements that could not be completed are forbidden (with the puzzles already kept,
            # so an enumeration goes on with new ones) and clingo solves again
            for chosen, _ in failed:
                rnd.forbid(chosen)
            if not fit_most:
                for f in found:
                    rnd.forbid(f.chosen)
        nogoods += rnd.nogoods
        if not fit_most:
            if found:
                return done(
                    Status.SAT,
                    [f.puzzle for f in found],
                    exhausted=result.exhausted,
                    interrupted=result.interrupted or timed_out(),
                )
        else:
            if found:
                top = max(f.value for f in found)
                if not best or top > best[0].value:
                    best = [f for f in found if f.value == top]
                proved = (collect.proven or result.exhausted) and not result.interrupted and is_complete
                if top >= ceiling or proved:
                    return done(Status.SAT, pick(best, models), exhausted=True, optimal=True)
            if best and (timed_out() or result.interrupted):
                return done(Status.SAT, pick(best, models), interrupted=True)
        if result.status is Status.UNKNOWN:
            return done(Status.UNKNOWN, [], interrupted=True)
        if result.status is Status.UNSAT:
            core_words = _core_words(result.core) or list(must)  # fit most without required words: none
            if is_complete:
                core, rules_core = minimise_core(rnd, core_words, stats, deadline)
                words_core = tuple(inst.words[w] for w in core)
                return done(Status.UNSAT, [], core=words_core, rules_core=tuple(rules_core), exhausted=True)
            grow = [w for w in core_words if len(cands[w]) < totals[w]]
        else:  # fit most, optimum over a sample: more candidates for the words it dropped
            kept = placed_words(best[0].puzzle) if best else set()
            grow = [w for w in range(n) if inst.words[w] not in kept and len(cands[w]) < totals[w]]
        for w in grow or [w for w in range(n) if len(cands[w]) < totals[w]]:
            grow_sample(inst.words[w], inst, cands[w], len(cands[w]) * GROWTH, rng)
        if timed_out():
            if best:
                return done(Status.SAT, pick(best, models), interrupted=True)
            return done(Status.UNKNOWN, [], interrupted=True)


def search_most(
    rnd: _Round,
    collect: _Collector,
    must: Sequence[int],
    stats: Stats,
    deadline: float,
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
    sooner than the bound."""
    start = time.perf_counter()
    collect.switch_at = every_word
    result = rnd.solve(1, (deadline - start) * FULL_SHARE, must, stats, collect, optimise=True)
    collect.switch_at = None
    if not result.interrupted:
        return result
    if not collect.found:  # nothing to start a neighbourhood from: keep searching
        return rnd.solve(1, deadline - time.perf_counter(), must, stats, collect, optimise=True)
    best = max(collect.found, key=lambda f: f.value)
    if every_word is not None and best.value >= every_word:
        now = time.perf_counter()
        grace = min(max(GRACE[0], now - start), (deadline - now) * GRACE[1])
        result = rnd.solve(1, grace, must, stats, collect, optimise=True, at_least=best.value + 1)
        if result.status is Status.UNSAT:
            return proved_optimal(collect, result)
        if not result.interrupted:  # every word placed
            return result
        return prove_every_word(rnd, collect, stats, deadline - time.perf_counter())
    until = deadline - (deadline - time.perf_counter()) * PROOF_SHARE
    while time.perf_counter() < until - 0.05:
        best = max(collect.found, key=lambda f: f.value)
        placed = sorted(best.chosen.items())
        fixed = rng.sample(placed, len(placed) - max(2, round(len(placed) * LNS_FREE)))
        step = min(LNS_STEP, until - time.perf_counter())
        rnd.solve(1, step, must, stats, collect, optimise=True, fixed=fixed, at_least=best.value + 1)
    best = max(collect.found, key=lambda f: f.value)
    result = rnd.solve(1, deadline - time.perf_counter(), must, stats, collect, optimise=True, at_least=best.value + 1)
    return proved_optimal(collect, result) if result.status is Status.UNSAT else result


def proved_optimal(collect: _Collector, result: SolveResult) -> SolveResult:
    """Nothing heavier than the best puzzle exists (an UNSAT ``result``): it is optimal."""
    collect.proven = True
    return result.replace(status=Status.SAT, exhausted=True, interrupted=False, core=[])


def search_all(
    rnd: _Round,
    words: Sequence[int],
    stats: Stats,
    deadline: float | None,
    on_answer: Callable[[Answer], None] | None = None,
    rules_off: Sequence[str] = (),
) -> SolveResult:
    """One puzzle with all ``words``: the overlap-first heuristic (which places a list that fits)
    and exact cover's fewest placements left (which proves a list that does not fit several times
    sooner) take turns, each turn twice as long as the last; clasp keeps what it learnt across
    turns. Without the heuristic (sampled candidates) clasp decides alone."""
    if rnd.heuristic is None:
        left = None if deadline is None else max(0.0, deadline - time.perf_counter())
        return rnd.solve(1, left, words, stats, on_answer, rules_off=rules_off)
    turn = FIRST_TURN
    while True:
        for every_word in (False, True):
            left = None if deadline is None else deadline - time.perf_counter()
            step = turn if left is None else min(turn, max(0.0, left))
            if every_word:
                result = rnd.solve_every_word(step, stats, on_answer, words, rules_off)
            else:
                result = rnd.solve(1, step, words, stats, on_answer, rules_off=rules_off)
            if not result.interrupted or (left is not None and step >= left) or runtime.stopping():
                return result
        turn *= 2


def every_word_from(inst: WordSearchInstance, max_words: int | None) -> int | None:
    """The least weight from which only the whole list weighs more (any selection without a word
    weighs at most the total less that word's priority); None with ``max_words`` below the list."""
    n = len(inst.words)
    if max_words is not None and max_words < n:
        return None
    total = sum(inst.priority(w) for w in range(n))
    return total - min(inst.priority(w) for w in range(n))


def prove_every_word(rnd: _Round, collect: _Collector, stats: Stats, time_left: float) -> SolveResult:
    """Place every word (an improvement, as good as it gets) or prove it impossible: then the best
    puzzle found is optimal."""
    result = rnd.solve_every_word(max(0.0, time_left), stats, collect)
    return proved_optimal(collect, result) if result.status is Status.UNSAT else result


def pick(best: list[_Found], models: int) -> list[Puzzle]:
    """The heaviest puzzles, the last found first (clasp improves as it goes), at most ``models``."""
    puzzles = [f.puzzle for f in reversed(best)]
    return puzzles[:models] if models else puzzles


def _core_words(core: Sequence[Symbol]) -> list[int]:
    return sorted(s.arguments[0].number for s in core if s.name == "active")


def minimise_core(rnd: _Round, core: list[int], stats: Stats, deadline: float | None) -> tuple[list[int], list[str]]:
    """Deletion-based: drop each word, then each rule file, whose removal keeps the rest
    unsolvable. Returns the words and the rule files left (no words: the rules alone fail)."""
    current = list(core)
    files = [f.path for f in rnd.solver.rule_files]
    for w in list(current):
        if w not in current or (len(current) == 1 and not files):
            continue
        trial = [v for v in current if v != w]
        result = search_all(rnd, trial, stats, deadline)
        if result.status is Status.UNSAT:
            found = _core_words(result.core)
            current = found if found and set(found) <= set(trial) else trial
        elif result.status is Status.UNKNOWN:
            break
    off: list[str] = []
    for f in files:
        if search_all(rnd, current, stats, deadline, rules_off=[*off, f]).status is Status.UNSAT:
            off.append(f)  # unsolvable without it too
    return current, [f for f in files if f not in off]
