"""Word search generation: candidates in Python, placement in clingo, filler and checks in Python.

1. Candidates: every placement allowed by the level when there are few enough (then an UNSAT
   answer is a proof); otherwise a seeded random sample per word, grown for the words of the
   unsat core until it is complete.
2. clingo places every word (``encodings/wordsearch.lp``). A second copy of a word formed by placed
   letters alone is found after each model and forbidden by a nogood, and clingo solves again.
3. Filler letters (or the hidden message) go into the free cells; a copy of a word that runs
   through a filler cell is broken by redrawing that cell.
4. The independent scanner (``scan.verify``) checks every word occurs exactly once.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import astuple, dataclass
from pathlib import Path

from clingo import Function, Number, String, Symbol, SymbolType

from ..errors import VerificationError, derived_error
from ..solve import Solver, SolveResult, Stats, Status, exit_code
from . import shapes
from .heuristic import PlacementHeuristic
from .instance import Direction, WordSearchInstance
from .scan import GridIndex, Placement, verify

ENCODING = "wordsearch.lp"
FULL_LIMIT = 4_000  # at most this many candidates in all: give clingo every one (complete)
FIRST_SAMPLE = 12  # candidates per word in the first round of a big grid
GROWTH = 4  # sample growth factor per round for the words of the core
CLINGO_OPTIONS = ("--sign-def=rnd", "--rand-freq=0.02")  # seeded variety between puzzles
FREE = "\x01"  # a free cell before filling: never a letter
REPAIR_ROUNDS = 200
DENSE = True  # overlap-first decisions (heuristic.py) whenever the candidates are complete


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

    @property
    def exit_code(self) -> int:
        return exit_code(self.status, self.exhausted, self.interrupted)


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


def facts(inst: WordSearchInstance, cands: Sequence[Sequence[Candidate]]) -> list[Symbol]:
    """One fact per candidate; the encoding spells out its cells (cheaper in the grounder)."""
    num = [Number(i) for i in range(max(inst.width, inst.height, max(map(len, cands)), len(inst.words)) + 1)]
    direction = {d: Number(d) for d in (-1, 0, 1)}
    out = [Function("size", [Number(inst.width), Number(inst.height)])]
    if inst.message:
        out.append(Function("message_length", [Number(len(inst.message))]))
    for w, word in enumerate(inst.words):
        out.append(Function("word", [num[w], String(word)]))
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
    symbols: Sequence[Symbol], cands: Sequence[Sequence[Candidate]], rules: Sequence[str | Path] = ()
) -> dict[int, int]:
    """``place(W, K)`` atoms -> {word id: candidate id}. The encoding chooses one candidate per
    word; any other ``place`` atom comes from the user's rules and is reported, never a crash."""
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
    if len(chosen) != len(cands):
        missing = next(w for w in range(len(cands)) if w not in chosen)
        raise VerificationError(f"the model places no copy of word {missing + 1}")
    return chosen


def placements_of(
    chosen: dict[int, int], inst: WordSearchInstance, cands: Sequence[Sequence[Candidate]]
) -> list[Placement]:
    """The placements ``decode`` chose, in word-list order."""
    out = []
    for w, word in enumerate(inst.words):
        c = cands[w][chosen[w]]
        out.append(Placement(word, c.row, c.col, c.dx, c.dy))
    return out


def partial_grid(inst: WordSearchInstance, placements: Sequence[Placement]) -> list[list[str]]:
    rows = shapes.empty_grid(inst, FREE)  # unusable cells of a shape stay blank
    for p in placements:
        for (r, c), ch in zip(p.cells(), p.word, strict=True):
            rows[r][c] = ch
    return rows


def stray_copies(grid: Sequence[Sequence[str]], placements: Sequence[Placement]) -> list[tuple[int, frozenset]]:
    """(word index, cells) of every copy of a word other than its own placement."""
    index = GridIndex(["".join(row) for row in grid])
    stray = []
    for w, p in enumerate(placements):
        own = frozenset(p.cells())
        stray.extend((w, cells) for cells in index.occurrences(p.word) if cells != own)
    return stray


# ------------------------------------------------------------------------------------------ filling


def fill(inst: WordSearchInstance, placements: Sequence[Placement], rng: random.Random) -> tuple[str, ...] | None:
    """Fill the free cells (message or filler) so no word has a second copy; None if impossible."""
    grid = partial_grid(inst, placements)
    free = [(r, c) for r in range(inst.height) for c in range(inst.width) if grid[r][c] == FREE]
    if inst.message:
        for (r, c), ch in zip(free, inst.message, strict=True):
            grid[r][c] = ch
        return None if stray_copies(grid, placements) else tuple("".join(row) for row in grid)
    for r, c in free:
        grid[r][c] = rng.choice(inst.alphabet)
    free_set = set(free)
    word_letters = {ch for w in inst.words for ch in w}
    spare = [ch for ch in inst.alphabet if ch not in word_letters]
    for attempt in range(REPAIR_ROUNDS):
        stray = stray_copies(grid, placements)
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
    """One grounding over a fixed candidate set; solves lazily until the placement is clean."""

    def __init__(
        self, inst: WordSearchInstance, cands: list[list[Candidate]], rules: Sequence[str], dense: bool = False
    ):
        self.inst, self.cands, self.rules = inst, cands, rules
        self.solver = Solver([ENCODING], rules, seed=inst.seed, options=CLINGO_OPTIONS)
        if dense:  # tight grid: decide by most shared cells, then fewest placements left
            cells = [
                [
                    tuple((r, col, ch) for (r, col), ch in zip(Placement(word, *astuple(c)).cells(), word, strict=True))
                    for c in cands[w]
                ]
                for w, word in enumerate(inst.words)
            ]
            self.solver.ctl.register_propagator(PlacementHeuristic(cells, inst.seed or 0))
        self.solver.add_facts(facts(inst, cands))
        self.solver.ground()
        self.nogoods = 0

    def assumptions(self, words: Sequence[int], rules_off: Sequence[str] = ()) -> list[tuple[Symbol, bool]]:
        """Each listed word is placed; each rule file holds unless in ``rules_off`` (in cores)."""
        rules = [(atom, atom.arguments[0].string not in rules_off) for atom, _ in self.solver.rule_assumptions()]
        return [(active_atom(w), True) for w in words] + rules

    def solve(
        self, models: int, time_left: float | None, words: Sequence[int], stats: Stats, rules_off: Sequence[str] = ()
    ) -> SolveResult:
        deadline = None if time_left is None else time.perf_counter() + time_left
        while True:
            remaining = None if deadline is None else max(0.0, deadline - time.perf_counter())
            result = self.solver.solve(
                models=models, time_limit=remaining, assumptions=self.assumptions(words, rules_off)
            )
            stats.add(result.stats)
            if result.status is not Status.SAT or len(words) < len(self.inst.words):
                return result
            dirty = False
            for answer in result.answers:
                chosen = decode(answer.symbols, self.cands, self.rules)
                placements = placements_of(chosen, self.inst, self.cands)
                for _w, cells in stray_copies(partial_grid(self.inst, placements), placements):
                    # the copy is made of these words' letters: they may not stand like this together
                    makers = [v for v, p in enumerate(placements) if cells & set(p.cells())]
                    self.solver.add_nogood([place_atom(v, chosen[v]) for v in makers])
                    self.nogoods += 1
                    dirty = True
            if not dirty:
                return result

    def forbid(self, chosen: dict[int, int]) -> None:
        self.solver.add_nogood([place_atom(w, k) for w, k in chosen.items()])
        self.nogoods += 1


def generate(
    inst: WordSearchInstance,
    *,
    rules: Sequence[str] = (),
    models: int = 1,
    time_limit: float | None = None,
) -> Outcome:
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    rng = random.Random(inst.seed)
    stats = Stats()
    n = len(inst.words)
    totals = [sum(candidate_count(len(w), inst, d) for d in inst.directions) for w in inst.words]
    complete = sum(totals) <= FULL_LIMIT
    cands: list[list[Candidate]] = [[] for _ in range(n)]
    for w, word in enumerate(inst.words):
        grow_sample(word, inst, cands[w], totals[w] if complete else FIRST_SAMPLE, rng)
    rounds = 0
    nogoods = 0

    def left() -> float | None:
        return None if deadline is None else max(0.0, deadline - time.perf_counter())

    while True:
        rounds += 1
        is_complete = all(len(cands[w]) >= totals[w] for w in range(n))
        rnd = _Round(inst, cands, rules, dense=is_complete and DENSE)
        while True:
            result = rnd.solve(models, left(), range(n), stats)
            if result.status is not Status.SAT:
                break
            puzzles = []
            for i, answer in enumerate(result.answers):
                chosen = decode(answer.symbols, cands, rules)
                placements = placements_of(chosen, inst, cands)
                grid = fill(inst, placements, random.Random(f"{inst.seed}/{rounds}/{i}"))
                if grid is None:
                    rnd.forbid(chosen)  # this placement cannot be completed: try another
                    puzzles = []
                    break
                problems = verify(grid, placements, inst.words)
                if problems:
                    raise VerificationError(problems[0])
                puzzles.append(Puzzle(grid, tuple(placements), rnd.solver.shown(answer)))
            if puzzles:
                stats.extra.update(rounds=rounds, nogoods=nogoods + rnd.nogoods, candidates=sum(len(c) for c in cands))
                return Outcome(
                    Status.SAT,
                    puzzles,
                    stats,
                    exhausted=result.exhausted,
                    interrupted=result.interrupted,
                )
        nogoods += rnd.nogoods
        stats.extra.update(rounds=rounds, nogoods=nogoods, candidates=sum(len(c) for c in cands))
        if result.status is Status.UNKNOWN:
            return Outcome(Status.UNKNOWN, [], stats, interrupted=True)
        core_words = _core_words(result.core) or list(range(n))
        if is_complete:
            core, rules_core = minimise_core(rnd, core_words, stats, left)
            return Outcome(
                Status.UNSAT,
                [],
                stats,
                core=tuple(inst.words[w] for w in core),
                rules_core=tuple(rules_core),
                exhausted=True,
            )
        grow = [w for w in core_words if len(cands[w]) < totals[w]] or [
            w for w in range(n) if len(cands[w]) < totals[w]
        ]
        for w in grow:
            grow_sample(inst.words[w], inst, cands[w], len(cands[w]) * GROWTH, rng)
        if deadline is not None and time.perf_counter() >= deadline:
            return Outcome(Status.UNKNOWN, [], stats, interrupted=True)


def _core_words(core: Sequence[Symbol]) -> list[int]:
    return sorted(s.arguments[0].number for s in core if s.name == "active")


def minimise_core(rnd: _Round, core: list[int], stats: Stats, left) -> tuple[list[int], list[str]]:
    """Deletion-based: drop each word, then each rule file, whose removal keeps the rest
    unsolvable. Returns the words and the rule files left (no words: the rules alone fail)."""
    current = list(core)
    files = [f.path for f in rnd.solver.rule_files]
    for w in list(current):
        if w not in current or (len(current) == 1 and not files):
            continue
        trial = [v for v in current if v != w]
        result = rnd.solve(1, left(), trial, stats)
        if result.status is Status.UNSAT:
            found = _core_words(result.core)
            current = found if found and set(found) <= set(trial) else trial
        elif result.status is Status.UNKNOWN:
            break
    off: list[str] = []
    for f in files:
        if rnd.solve(1, left(), current, stats, rules_off=[*off, f]).status is Status.UNSAT:
            off.append(f)  # unsolvable without it too
    return current, [f for f in files if f not in off]
