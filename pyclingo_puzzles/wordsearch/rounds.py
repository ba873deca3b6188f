"""One grounding of the word search encoding over a fixed candidate set, and the check of each answer.

A ``Round`` holds the clingo control: the encoding, the candidates' facts, the stray-copy
propagator (``strays.py``), on complete candidates the overlap-first heuristic (``heuristic.py``),
and the switches the driver solves under as assumptions: ``placed(W)`` per word, ``balanced`` (the
balance constraints) and ``distinct(P)`` per earlier puzzle of a book (``book(P)`` program parts).
A ``Collector`` fills and verifies each answer as it arrives.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import astuple, dataclass
from pathlib import Path
from typing import cast

from clingo import Configuration, Function, Number, Symbol, SymbolType

from ..core.errors import VerificationError, derived_error
from ..core.results import Answer, SolveResult, Stats
from ..core.solve import Solver
from ..core.status import Status
from ..run import runtime
from . import quality
from .candidates import Candidate, facts, place_atom, placed_atom
from .fill import fill
from .heuristic import PlacementHeuristic
from .puzzle import Puzzle, weight
from .reader import WordSearchInstance
from .strays import StrayCopies
from .verify import Placement, verify

ENCODING = "wordsearch.lp"
CLINGO_OPTIONS = ("--sign-def=rnd", "--rand-freq=0.02")  # seeded variety between puzzles
OPT_OPTIONS: tuple[str, ...] = ()  # fit most: extra clasp options (measured in benchmarks/wordsearch.py)
DENSE = True  # overlap-first decisions (heuristic.py) whenever the candidates are complete
DENSE_OPTIONS = ("--restarts=L,32",)  # with them: frequent restarts redraw the seeded ties
# "every word" by fewest placements left: conflicts to settle the 8x8 lists of benchmarks/wordsearch.py
# (10 of 10, 11 of 11, 12 of 12, 12 of 12 words): no restarts 53k, 42k, 276k, 80k; L,32 25k, 23k,
# over 210k, 59k; x,100,1.5 20k, 29k, 225k, 58k
EVERY_WORD_RESTARTS = "x,100,1.5"
VARY_OPTIONS = ("--heuristic=Domain", "-c", "vary=1")  # every candidate, no overlap heuristic: seeded order
BALANCED = Function("balanced")


def distinct_atom(p: int) -> Symbol:
    return Function("distinct", [Number(p)])


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
            word, cand = s.arguments
            if word.type is not SymbolType.Number or cand.type is not SymbolType.Number:
                raise derived_error(s, NOT_CANDIDATE, rules)
            w, k = word.number, cand.number
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



class Round:
    """One grounding over a fixed candidate set (stray copies are excluded lazily by ``strays.py``)."""

    def __init__(
        self,
        inst: WordSearchInstance,
        cands: list[list[Candidate]],
        rules: Sequence[str],
        *,
        dense: bool = False,
        vary: bool = False,
        fit_most: bool = False,
        max_words: int | None = None,
        max_shared: int = quality.MAX_SHARED,
        balance: bool = False,
    ):
        self.inst, self.cands, self.rules = inst, cands, rules
        options = (*CLINGO_OPTIONS, *(DENSE_OPTIONS if dense else VARY_OPTIONS if vary else ()))
        if max_shared != quality.MAX_SHARED:
            options = (*options, "-c", f"max_shared={max_shared}")
        if fit_most:
            options = (*options, *OPT_OPTIONS, "-c", "fit_most=1")
        self.solver = Solver([ENCODING], rules, seed=inst.seed, options=options)
        self.max_shared = max_shared
        self.balance = balance  # solve under the balance constraints (assumption balanced)
        self.last: Stats | None = None  # the last solve call's figures (the problem's size)
        self.book: list[dict[int, int]] = []  # the book's puzzles so far: each one's distinct(P) is assumed
        placements: list[list[Placement]] = []
        with runtime.stage("building candidates", after="preparing the search"):
            for w, word in enumerate(inst.words):
                runtime.check()
                placements.append([Placement(word, *astuple(c)) for c in cands[w]])
            self.strays = StrayCopies(inst.words, placements, inst.width, inst.height)
        self.solver.register_propagator(self.strays)
        self.heuristic: PlacementHeuristic | None = None
        if dense:  # tight grid: decide by most shared cells, then fewest placements left
            cells = [
                [tuple((r, col, ch) for (r, col), ch in zip(p.cells(), p.word, strict=True)) for p in row]
                for row in placements
            ]
            self.heuristic = PlacementHeuristic(cells, inst.seed or 0)
            self.solver.register_propagator(self.heuristic)
        self.solver.add_facts(facts(inst, cands, max_words))
        self.solver.ground([("base", []), *([("balance", [])] if balance else [])])
        self.balanced = balance  # the part is grounded: every solve call assumes balanced true or false
        if balance:
            self.solver.assign_external(BALANCED, None)  # free (externals start false)
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
        conflicts: int | None = None,
    ) -> SolveResult:
        """Solve with ``placed(W)`` assumed for ``words`` (and ``place(W, K)`` for ``fixed``); with
        ``optimise``, improving models come first and then (``models`` != 1) up to ``models``
        optimal ones (clasp's optN); ``at_least``: only models of at least this weight.
        ``conflicts``: end the call after that many conflicts (clasp's solve limit), reported as
        interrupted: a turn measured in search, not seconds, ends the same way on any machine."""
        conf = cast(Configuration, self.solver.ctl.configuration.solve)  # a group of options, not one
        mode = ("opt" if models == 1 else "optN") if optimise else "ignore"
        conf.opt_mode = mode if at_least is None else f"{mode},{-at_least}"
        conf.solve_limit = "umax" if conflicts is None else str(conflicts)
        try:
            result = self.solver.solve(
                models=0 if optimise and models == 1 else models,
                time_limit=time_left,
                assumptions=self.assumptions(words, rules_off) + [(place_atom(w, k), True) for w, k in fixed],
                on_answer=on_answer,
            )
            if conflicts is not None and result.status is Status.UNKNOWN and not result.interrupted:
                result = result.replace(interrupted=True)  # the solve limit ended the call
        except Reached:  # no selection can weigh more: as good as a proof, without the search for one
            stats.models += 1
            return SolveResult(Status.SAT, [], 1, True, False, Stats())
        except Switch:  # branch and bound has done its part: what is left is for solve_every_word
            stats.models += 1
            return SolveResult(Status.SAT, [], 1, False, True, Stats())
        finally:
            conf.solve_limit = "umax"
        self.last = result.stats
        # per call: the search; the problem's size and grounding count once per round (Run.close)
        stats.solve_seconds += result.stats.solve_seconds
        stats.choices += result.stats.choices
        stats.conflicts += result.stats.conflicts
        stats.models += result.stats.models
        return result

    def solve_every_word(
        self,
        time_left: float | None,
        stats: Stats,
        on_answer: Callable[[Answer], None] | None = None,
        words: Sequence[int] | None = None,
        rules_off: Sequence[str] = (),
        conflicts: int | None = None,
    ) -> SolveResult:
        """Every word placed, deciding as exact cover with colours does (the word with the fewest
        placements left, geometric restarts): on small grids this settles "not every word fits" far
        sooner than branch and bound or the overlap heuristic (8x8, 10-12 words: 20k-225k conflicts,
        where those do not settle the 10-word list within 1 M)."""
        heuristic, conf = self.heuristic, cast(Configuration, self.solver.ctl.configuration.solver)
        words = range(len(self.inst.words)) if words is None else words
        if heuristic is None:  # sampled candidates: clasp decides
            return self.solve(1, time_left, words, stats, on_answer, rules_off=rules_off, conflicts=conflicts)
        restarts = conf.restarts
        heuristic.fewest_left, conf.restarts = set(words), EVERY_WORD_RESTARTS
        try:
            return self.solve(1, time_left, words, stats, on_answer, rules_off=rules_off, conflicts=conflicts)
        finally:
            heuristic.fewest_left, conf.restarts = None, restarts

    def assumptions(self, words: Sequence[int], rules_off: Sequence[str] = ()) -> list[tuple[Symbol, bool]]:
        """Each listed word is placed; each rule file holds unless in ``rules_off`` (in cores)."""
        rules = [(atom, atom.arguments[0].string not in rules_off) for atom, _ in self.solver.rule_assumptions()]
        switches = [(BALANCED, self.balance)] if self.balanced else []
        switches += [(distinct_atom(p), True) for p in range(len(self.book))]
        return [(placed_atom(w), True) for w in words] + rules + switches

    def add_to_book(self, chosen: dict[int, int]) -> None:
        """The next puzzle must differ from this one (the program part ``book(P)``)."""
        p = len(self.book)
        earlier = [("earlier", [Number(p), Number(w), Number(k)]) for w, k in chosen.items()]
        self.solver.ground([*earlier, ("book", [Number(p)])])
        self.solver.assign_external(distinct_atom(p), None)  # free: assumed true from now on
        self.book.append(chosen)

    def forbid(self, chosen: dict[int, int]) -> None:
        self.solver.add_nogood([place_atom(w, k) for w, k in chosen.items()])
        self.forbidden += 1


@dataclass
class Found:
    puzzle: Puzzle
    chosen: dict[int, int]
    value: int  # weight of the placed words


class Reached(Exception):
    """Raised from the model callback when a puzzle reaches the most weight there can be (every
    word, or the heaviest ``max_words``): clasp would otherwise search on to prove it."""


class Switch(Exception):
    """Raised from the model callback when only the whole list would weigh more than the puzzle
    found: branch and bound stops there and ``solve_every_word`` takes over."""


def filler_rng(tag: str, number: int, inst: WordSearchInstance, placements: Sequence[Placement]) -> random.Random:
    """The filler letters' generator: from the seed (in ``tag``), the answer's number and the
    puzzle's own content (its size, alphabet and placements), so two sheets made with one seed from
    other words (or two puzzles of one book) get other letters, and the same puzzle the same ones.
    A string seeds ``random.Random`` through SHA-512: the same in every run, whatever PYTHONHASHSEED."""
    content = ";".join(f"{p.word}@{p.row},{p.col},{p.dx},{p.dy}" for p in sorted(placements, key=astuple))
    return random.Random(f"{tag}/{number}/{inst.width}x{inst.height}/{''.join(inst.alphabet)}/{content}")


class Collector:
    """Fills and checks each model as it arrives (so what is found before the time limit is
    printed); placements whose free cells cannot be filled are kept apart."""

    def __init__(self, rnd: Round, tag: str, every: bool, stop_at: int | None = None):
        self.rnd, self.inst, self.cands, self.tag, self.every = rnd, rnd.inst, rnd.cands, tag, every
        self.stop_at = stop_at
        self.switch_at: int | None = None  # fit most: stop branch and bound from this weight on
        self.found: list[Found] = []
        self.failed: list[tuple[dict[int, int], int]] = []  # (placement, weight)
        self.proven = False  # clasp reported a model as optimal (optN)

    def __call__(self, answer: Answer) -> None:
        inst = self.inst
        chosen = decode(answer.symbols, self.cands, self.rnd.rules, self.every)
        placements = placements_of(chosen, inst, self.cands)
        placed = {p.word for p in placements}
        absent = [w for w in inst.words if w not in placed]
        grid = fill(inst, placements, filler_rng(self.tag, answer.number, inst, placements), absent)
        if grid is None:
            self.failed.append((chosen, weight(inst, placed)))
            return
        problems = verify(grid, placements, [p.word for p in placements], absent=absent)
        if self.rnd.balance:  # promised by the encoding's balance constraints: checked here on its own
            directions = quality.used_directions(self.cands)
            problems += quality.balance_problems(inst.width, inst.height, placements, directions)
        if problems:
            raise VerificationError(problems[0])
        puzzle = Puzzle(grid, tuple(placements), self.rnd.solver.shown(answer))
        self.found.append(Found(puzzle, chosen, weight(inst, placed)))
        runtime.priced(puzzle)  # timed on a sample: the reserve for printing the puzzles
        self.proven = self.proven or answer.optimality_proven
        if self.stop_at is not None and self.found[-1].value >= self.stop_at:
            raise Reached
        if self.switch_at is not None and self.found[-1].value >= self.switch_at:
            raise Switch
