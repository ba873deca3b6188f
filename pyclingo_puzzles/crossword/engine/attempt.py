"""One dictionary-fill search: prune (``pruning.py``), then clingo over the pruned candidates with
the word propagator (C or Python) or the ground word atoms, each answer decoded and verified.
``strategy.py`` decides which dictionaries to try and in what order; this runs one of them."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from types import ModuleType
from typing import TYPE_CHECKING

from clingo import Symbol

from ...core import rules as user_rules
from ...core import rulesfile
from ...core.blame import blame
from ...core.errors import InputError, VerificationError
from ...core.programs import encoding_path
from ...core.results import Answer, SolveResult, Stats
from ...core.solve import Solver
from ...core.status import Status
from ...run import runtime
from ...run.portfolio import Progress, can_race, race
from ..framework import Framework, Site
from ..options import VALUE_RULES, FillOptions
from ..reader import Dictionary
from ..solution import CrosswordSolution, decode, decode_letters, verify
from ..wordlists.lists import without
from . import shared
from .bans import read_bans
from .facts import differ_facts, fill_facts, option_facts, site_facts
from .propagator import WordPropagator
from .pruning import Candidates, prune

if TYPE_CHECKING:
    from .native import NativePropagator

ENCODING = "crossword_fill.lp"
# The word propagator's search restarts after Luby's sequence with unit 30 conflicts, not clingo's
# 60 (docs/fill-propagator.md, "The hardest grids"): 0.91 times the conflicts over 58 runs of
# 15.xx-21.09, and 21.10 under "failures" in 24,084 conflicts instead of 28,534.
PROPAGATOR_RESTARTS = "--restarts=L,30"
DIFFER = "crossword_differ.lp"  # with earlier fills (--models N --min-differ K)


@dataclass
class FillOutcome:
    result: SolveResult | None  # None: pruning left a slot without candidates (``empty``)
    solutions: list[CrosswordSolution]
    empty: list[Site]
    stats: Stats
    rules_to_blame: list[str] = field(default_factory=list)  # UNSAT only because of these rule files


# asked in this process: the rule files -> (each file's one reading, the answer); a --size run asks
# for every pattern it fills, a run in rounds for every round
_asked: dict[tuple[str, ...], tuple[list[object], bool]] = {}


def wants_word_atoms(rules: Sequence[str]) -> bool:
    """Whether the user's rules use or define place/2, word/2, letter/3, cand/2 or score/2, which
    exist only when the word atoms are ground (read from the rules' syntax: comments never count);
    not when those uses are only word bans (``:- place(W, _), word(W, "ZEN").``: ``bans.py``), which
    the fast mode keeps by leaving the words out. Asked once per run: again only for files
    changed since (``rulesfile.read_rules`` reads a changed file again)."""
    key = tuple(map(str, rules))
    readings = [_reading(path) for path in key]
    known = _asked.get(key)
    if known is not None and all(a is b for a, b in zip(known[0], readings, strict=True)):
        return known[1]
    answer = user_rules.uses(rules, user_rules.WORD_ATOMS, [ENCODING]) and not read_bans(rules).only
    _asked[key] = (readings, answer)
    return answer


def _reading(path: str) -> object:
    """The process's one reading of a rules file (None: it cannot be read; loading it says why)."""
    try:
        return rulesfile.read_rules(path)
    except InputError:
        return None


def once(
    framework: Framework, dictionary: Dictionary, options: FillOptions, conflicts: int | None = None
) -> FillOutcome:
    """Prune, then solve (stopped after ``conflicts`` conflicts when given). By default the word
    constraint runs as a propagator over the letter atoms (no word atoms are ground);
    ``options.word_atoms`` (implied by ``optimize`` and by rules that mention place/2) grounds the
    whole encoding instead. With ``options.jobs`` > 1 a search for one fill races the propagator's
    value rules in that many processes (``portfolio.race``: the answer does not depend on timing)."""
    job = prepare(framework, dictionary, options, conflicts)
    if isinstance(job, FillOutcome):
        return job  # a slot without candidates
    if options.jobs > 1 and job.lazy and options.models == 1 and not options.count_only and can_race():
        diagnose_raced(options.rules)
        raced = VALUE_RULES[: max(1, min(options.jobs, len(VALUE_RULES)))]
        won, outcome, waited = race([partial(job.run, rule) for rule in raced], decided)
        outcome.stats.extra.update(value_rule=raced[won], jobs=len(raced), race_wait_seconds=round(waited, 3))
    else:
        outcome = job.run(options.value_rule)
    outcome.stats.extra.update(prune_seconds=job.prune_seconds)
    return outcome


def prepare(
    framework: Framework, dictionary: Dictionary, options: FillOptions, conflicts: int | None = None
) -> FillJob | FillOutcome:
    """Prune, then the search to run (see ``once``); the outcome instead when a slot is left
    without candidates. The search's time is what the run's budget has left after pruning."""
    t0 = time.perf_counter()
    sites = framework.sites()
    bans = read_bans(options.rules)
    if bans.only and not (options.word_atoms or options.optimize):  # the rules' bans, kept by the dictionary
        dictionary = without(dictionary, bans.words, "--rules")
    with runtime.stage("pruning candidates"):
        cands = prune(framework, sites, dictionary)
    prune_seconds = round(time.perf_counter() - t0, 4)
    if cands.empty:
        return FillOutcome(None, [], cands.empty, Stats(extra={"prune_seconds": prune_seconds}))
    lazy = not (options.word_atoms or options.optimize or wants_word_atoms(options.rules))
    # chosen (and loaded) here, before any worker is forked: a fallback is said once
    native = lazy and _native().choose(options.propagator) == "c"
    left = runtime.remaining()  # after pruning: the search's own limit (a raced worker's too)
    return FillJob(framework, sites, cands, dictionary, options, left, lazy, conflicts, native, prune_seconds)


def diagnose_raced(rules: Sequence[str]) -> None:
    """Said in the parent, not once per worker; the constants are those ``FillJob.run`` sets."""
    user_rules.diagnose_paths([encoding_path(ENCODING)], rules, ("no_repeat", "optimize", "lazy"))


def decided(outcome: FillOutcome) -> bool:
    return outcome.result is not None and outcome.result.status is not Status.UNKNOWN


@dataclass(frozen=True)
class FillJob:
    """One search over the pruned candidates: ``run`` may execute in a portfolio's worker process,
    so it returns answers as verified solutions only (clingo symbols do not cross processes)."""

    framework: Framework
    sites: list[Site]
    cands: Candidates
    dictionary: Dictionary
    options: FillOptions
    time_limit: float | None  # this search's, within the run's budget
    lazy: bool  # the word propagator over letter atoms (not the ground word atoms)
    conflicts: int | None = None  # stop the search after this many conflicts
    native: bool = False  # the word propagator compiled (native.NativePropagator), not WordPropagator
    prune_seconds: float = 0.0  # spent making ``cands`` (for --stats)

    def run(self, value_rule: str, progress: Progress | None = None) -> FillOutcome:
        """One search. The shared-substring rule (``shared.py``) costs its propagator's set-up
        (about 0.2 s on a 19x19 grid): a search for one fill runs first without it, and again with
        it only when its fill breaks the rule (the same fill when it does not: the rule would have
        refused nothing on the way)."""
        o = self.options
        if not shared.applies(self.sites, o.max_shared_substring):
            return self._run(value_rule, progress, shared_rule=False)
        if o.models == 1 and not (o.optimize or o.count_only):
            broken: list[str] = []
            outcome = self._run(value_rule, progress, shared_rule=False, broken=broken)
            if not broken:
                return outcome
        return self._run(value_rule, progress, shared_rule=True)

    def _run(
        self, value_rule: str, progress: Progress | None, shared_rule: bool, broken: list[str] | None = None
    ) -> FillOutcome:
        """The search, with the shared-substring propagator or, given ``broken``, stopping at a fill
        that breaks the rule (named in ``broken``, not kept)."""
        encodings = [ENCODING, DIFFER] if self.options.differ_from else [ENCODING]
        solver = Solver(encodings, self.options.rules, seed=self.options.seed, options=self._clingo_options())
        compiled, facts, words = self._inputs(solver, value_rule, progress)
        if shared_rule:
            solver.register_propagator(shared.SharedRunPropagator(self.sites, self.options.max_shared_substring))
        solver.add_facts(facts)
        solver.ground()
        solutions: list[CrosswordSolution] = []
        # improve until the optimum is proved (the last model is the best), or enumerate (--count:
        # every answer counted, none decoded)
        models = 0 if self.options.optimize or self.options.count_only else self.options.models
        on_answer = None if self.options.count_only else partial(self._take, solver, words, solutions, broken)
        left = runtime.remaining(self.time_limit)  # a second search (with the rule) gets what the first left
        try:
            result = solver.solve(models=models, time_limit=left, keep=0, on_answer=on_answer)
        except (MemoryError, RuntimeError) as exc:
            if not self.native or isinstance(exc, VerificationError):
                raise
            raise _native().solve_error(exc) from None  # what the C side reported, in one line
        finally:
            runtime.describe(None)  # the progress line's conflict count ends with the search
        if compiled is not None:
            compiled.finish()
        return self._outcome(solver, result, solutions)

    def _clingo_options(self) -> list[str]:
        o = self.options
        options = ["--sign-def=pos", "-c", f"no_repeat={int(o.no_repeat)}", "-c", f"optimize={int(o.optimize)}"]
        options += ["-c", f"lazy={int(self.lazy)}"]
        if self.lazy:
            options.append(PROPAGATOR_RESTARTS)
        if o.seed and not self.lazy:
            options.append("--rand-freq=0.01")
        if self.conflicts is not None:
            options.append(f"--solve-limit={self.conflicts}")
        if o.differ_from:
            options += ["-c", f"min_differ={o.min_differ or 0}"]
        return options

    def _inputs(
        self, solver: Solver, value_rule: str, progress: Progress | None
    ) -> tuple[NativePropagator | None, list[Symbol], list[str]]:
        """The facts and the words by id (word atoms ground: ``facts.fill_facts``); lazy, the word
        propagator registered on ``solver``, and returned when compiled (it is finished after the search)."""
        o, cands = self.options, self.cands
        earlier = list(differ_facts(self.sites, o.differ_from))
        if not self.lazy:
            scores = self.dictionary.words if o.optimize else None
            with runtime.stage("building facts"):  # a large word list takes seconds here
                facts, words = fill_facts(self.framework, self.sites, cands, scores, random.Random(o.seed or 0))
            return None, facts + earlier, words
        args = (self.sites, cands.tables, cands.bits, o.no_repeat, o.seed or 0, value_rule, progress)
        compiled: NativePropagator | None = None
        propagator: WordPropagator | NativePropagator
        if self.native:
            propagator = compiled = _native().NativePropagator(*args)
            compiled.register(solver.ctl)
        else:
            propagator = WordPropagator(*args)
            solver.register_propagator(propagator)
        runtime.describe(lambda: f"{propagator.conflicts:,} slot conflicts")
        return compiled, [*site_facts(self.framework, self.sites), *option_facts(cands), *earlier], []

    def _take(
        self, solver: Solver, words: list[str], solutions: list[CrosswordSolution], broken: list[str] | None,
        answer: Answer,
    ) -> None:
        """Decode and verify each answer as it arrives, so a run stopped by its time limit has its
        answers ready to print (an optimisation keeps only the latest, best one)."""
        rules = self.options.rules
        if self.lazy:
            sol = decode_letters(answer.symbols, self.sites, self.framework, rules)
        else:
            by_id = {s.id: s for s in self.sites}
            sol = decode(answer.symbols, words, by_id, self.framework, rules=rules)
        problems = verify(self.framework, sol, allowed=self.dictionary.words.keys(), repeats=not self.options.no_repeat)
        entries, n = [p.word for p in sol.placements], self.options.max_shared_substring
        shared_problems = [f"{a} and {b} share {run}" for a, b, run in shared.shared_runs(entries, n)]
        if shared_problems and broken is not None and not problems:
            broken.extend(shared_problems)  # searched without the rule: the caller searches again with it
            return
        problems += shared_problems
        if problems:
            raise VerificationError(problems[0])
        if self.options.optimize:
            solutions.clear()
        solutions.append(sol._replace(shown=solver.shown(answer)))
        runtime.priced(solutions[-1])  # timed on a sample: the reserve for printing

    def _outcome(self, solver: Solver, result: SolveResult, solutions: list[CrosswordSolution]) -> FillOutcome:
        blamed = []
        if result.status is Status.UNSAT and solver.rule_files and not self.lazy:
            # not with the propagator: it takes letters false at its start as gone for good, which
            # stops holding once the rules' switches are freed
            blamed = blame(solver, self.time_limit)
        result.stats.extra.update(candidates=self.cands.count(), word_atoms=not self.lazy)
        if self.lazy:
            result.stats.extra.update(propagator="C" if self.native else "Python")
        result = result.replace(answers=[], core=[])  # decoded above; symbols stay in this process
        return FillOutcome(result, solutions, [], result.stats, blamed)


def _native() -> ModuleType:
    """The compiled propagator's module, imported only when a fill runs the propagator."""
    from . import native

    return native

