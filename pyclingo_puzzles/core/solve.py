"""The one clingo core every family uses.

Facts enter as symbols through ``ctl.backend()``; the family's encoding and the user's rule files are
loaded from disk; models leave as tuples of shown symbols for the family's decoder. Solving runs
asynchronously so a time limit (or Ctrl-C) always gets an answer.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import TYPE_CHECKING, cast

import clingo

from ..run import runtime
from . import clingolog, messages, rulesfile, signatures
from .errors import InputError, clingo_error
from .programs import ENCODINGS_DIR, encoding_path
from .results import Answer, SolveResult, Stats
from .status import Status

if TYPE_CHECKING:
    from .rules import RuleFile

Assumption = tuple[clingo.Symbol, bool]


def user_rules() -> ModuleType:
    """The user-rules module, imported when a run has rule files or must describe them: a run
    without ``--rules`` does not pay for clingo.ast."""
    from . import rules

    return rules


def _one_line(message: str) -> str:
    return " ".join(message.split())


class _Found:
    """The answers of one solve call as clingo hands them over (a ``clingo.Model`` dies with its
    callback): counted, stored up to ``keep``, passed to ``on_answer``."""

    def __init__(self, keep: int | None, on_answer: Callable[[Answer], None] | None, reports: bool = True):
        self.keep = keep
        self.reports = reports
        self.on_answer = on_answer
        self.answers: list[Answer] = []
        self.count = 0
        self.failure: list[BaseException] = []  # raised by on_answer: clingo would make it a RuntimeError

    @property
    def reported(self) -> int:
        """How many answers the caller will check and print: those stored, or every one handed to
        ``on_answer`` (``--count`` stores none and passes none on: nothing to reserve time for)."""
        if not self.reports:
            return 0
        return self.count if self.on_answer is not None else len(self.answers)

    def on_model(self, model: clingo.Model) -> bool:
        self.count += 1
        ans = Answer(
            symbols=tuple(model.symbols(shown=True)),
            number=model.number,
            cost=tuple(model.cost),
            optimality_proven=model.optimality_proven,
        )
        if self.keep is None or len(self.answers) < self.keep:
            self.answers.append(ans)
        elif self.answers and ans.cost and ans.cost < self.answers[-1].cost:
            self.answers[-1] = ans  # optimisation: always keep the best found so far
        if self.on_answer is not None:
            try:
                self.on_answer(ans)
            except BaseException as exc:
                self.failure.append(exc)
                return False  # stop the search; raised again by solve
        return True


class Solver:
    """One clingo run: encodings + user rules + facts, ground once, solve (possibly repeatedly)."""

    def __init__(
        self,
        encodings: Sequence[str] = (),
        rules: Sequence[str | Path] = (),
        *,
        seed: int | None = None,
        options: Sequence[str] = (),
        warn: Callable[[str], None] | None = None,
        rules_warn: Callable[[str], None] | None = None,
        distinct: bool = True,
    ):
        """``warn`` gets clingo's messages about programs other than the shipped encodings;
        ``rules_warn`` (default: stderr) the diagnostics of the user's rule files, once each.
        ``distinct``: answers are distinct in the encodings' output (see below); False for a caller
        that keeps only the best answer of an optimization, where projection changes nothing but
        clingo's warning that the optimum "may depend on enumeration order", once per solve."""
        args = list(options)
        # With the user's rules, an answer set may hold atoms of theirs that no output shows (a
        # choice rule {extra}.): the same solution would come twice, counted twice. Enumeration is
        # projected onto the encodings' output predicates then (core/signatures.py lists them).
        wanted = bool(rules) and distinct
        project = sorted({sig for name in encodings for sig in signatures.outputs(name)}) if wanted else []
        if project:
            args.append("--project=project")
        if seed is not None:
            args.append(f"--seed={int(seed)}")
        self.messages: list[str] = []
        self._warn = warn
        self.rule_files: list[RuleFile] = []
        self._rules_warn = rules_warn
        self._loading = False  # a rule file is being loaded: clingo's messages now are about it
        self._options = args
        clingolog.install()  # clingo's messages decoded with replacement; our logger never raises into clingo
        self.ctl = clingo.Control(args, logger=self._log, message_limit=50)
        self.stats = Stats()
        self._ground = False
        for name in encodings:
            try:
                self.ctl.load(str(encoding_path(name)))
            except RuntimeError:
                raise RuntimeError(f"encoding {name} does not load: {self.messages[-1:]}") from None
        if project:  # before the user's rules: a program error of theirs is reported when they load
            user_rules().add_projection(self.ctl, project)
        self._encodings = tuple(encodings)
        for rule_file in rules:
            self.load_rules(rule_file)
        if self.rule_files:
            self.check_rules(encodings)

    def _log(self, code: clingo.MessageCode, message: str) -> None:
        line = _one_line(message)
        self.messages.append(line)
        if self._loading or any(line.startswith(f"{name}:") for f in self.rule_files for name in f.summary.files):
            # about the user's rules: passed on, except what check_rules says better
            if code is not clingo.MessageCode.RuntimeError and not any(n in line for n in user_rules().NOISE):
                user_rules().warn_once(self._rules_warn or user_rules().default_warn, line)
            return
        # Shipped encodings are kept warning-free; clingo's info about them when facts arrive
        # through the backend before grounding (signatures "not yet" defined) is noise.
        if self._warn is not None and code is not clingo.MessageCode.RuntimeError and ENCODINGS_DIR not in line:
            messages.once(self._warn, line)  # clingo repeats a message per instance and per round

    def load_rules(self, path: str | Path) -> None:
        """Load a user's ``.lp`` file; a missing file or syntax error is an InputError."""
        p = Path(path)
        # rules.parse reads the file and what it #includes by Python first (rulesfile): a
        # missing file, a FIFO or device, an oversized or non-UTF-8 file is a one-line error
        before = len(self.messages)
        self._loading = True  # until loaded, the file is not in rule_files (its messages were the run's)
        try:
            with runtime.stage("loading rules"):
                self.rule_files.append(user_rules().load(self.ctl, p, self._log, self._encodings))
            clingolog.raise_dropped()
        except RuntimeError as exc:
            # a parse error is logged; some errors (#script without python support) come only
            # with the exception: "py.lp:1:1-3:6: error: python support not available"
            detail = next(
                (m for m in self.messages[before:] if "error" in m),
                _one_line(str(exc)) if "error" in str(exc) else "syntax error",
            )
            raise clingo_error(detail, "cannot load rules", p) from None
        finally:
            self._loading = False

    def check_rules(self, encodings: Sequence[str]) -> None:
        """Warn (once) about predicates the user's rules use that nothing defines, and about
        lower-case strings (words are upper case)."""
        user_rules().diagnose(
            [encoding_path(name) for name in encodings],
            self.rule_files,
            self._rules_warn or user_rules().default_warn,
            user_rules().command_constants(self._options),
        )

    def rule_assumptions(self, on: bool = True) -> list[Assumption]:
        """One assumption per rule file (true: its rules hold): passed to ``solve``, a rule file
        that takes part in unsatisfiability shows up in the core (``rule_core``). The rules'
        switches are fixed true until this is first called (after grounding); from then on they are
        free, so every later ``solve`` call must pass these assumptions."""
        out = [(user_rules().rules_atom(f.path), on) for f in self.rule_files]
        for sym, _ in out:
            self.assign_external(sym, None)
        return out

    @property
    def shows(self) -> bool:
        """Whether the user's rules have ``#show`` statements (see ``rules.user_shown``)."""
        return any(f.summary.shows for f in self.rule_files)

    def shown(self, answer: Answer) -> tuple[str, ...] | None:
        """The user's shown atoms in ``answer``; None when the rules show nothing."""
        return user_rules().user_shown(answer.symbols) if self.shows else None

    @staticmethod
    def rule_core(core: Sequence[clingo.Symbol]) -> list[str]:
        """The rule files in an unsat core."""
        return [s.arguments[0].string for s in core if s.name == user_rules().RULES_ATOM] if core else []

    def add_program(self, text: str, name: str = "<program>") -> None:
        """Add fixed rule text (used by tests and small families' parts); not for instance data."""
        try:
            self.ctl.add("base", [], text)
        except RuntimeError:
            detail = self.messages[-1] if self.messages else "syntax error"
            raise InputError(f"cannot parse rules: {detail}", name) from None

    def register_propagator(self, propagator: object) -> None:
        """A propagator that defines only the callbacks it needs (clingo installs only those):
        ``clingo.Propagator`` is an abstract class that defines them all, so ours do not derive from it."""
        self.ctl.register_propagator(cast(clingo.Propagator, propagator))

    def add_facts(self, facts: Iterable[clingo.Symbol]) -> int:
        """Add facts through the backend; returns how many were added."""
        n = 0
        with runtime.stage("building facts", after="preparing the search"), self.ctl.backend() as backend:
            for sym in facts:
                backend.add_rule([backend.add_atom(sym)])
                n += 1
                if not n % 4096:
                    runtime.check()  # a huge instance must not outlive the deadline here
        return n

    def ground(
        self, parts: Sequence[tuple[str, Sequence[clingo.Symbol]]] = (("base", ()),)
    ) -> None:
        t0 = time.perf_counter()
        try:
            with runtime.stage("grounding", after="preparing the search"):
                # the @ functions an API caller allowed (rulesfile.trusted_rules), and no others
                functions = rulesfile.policy.functions
                self.ctl.ground(list(parts), context=SimpleNamespace(**functions) if functions else None)
        except RuntimeError:
            detail = next((m for m in reversed(self.messages) if "error" in m), "grounding failed")
            raise clingo_error(detail, "grounding failed", "<rules>") from None
        self.stats.ground_seconds += time.perf_counter() - t0
        self._ground = True

    def add_nogood(self, atoms: Sequence[clingo.Symbol]) -> bool:
        """Forbid these atoms being true together (an integrity constraint added after grounding,
        for lazily found conflicts). Returns False when some atom does not exist (nothing added)."""
        literals = []
        for sym in atoms:
            atom = self.ctl.symbolic_atoms[sym]
            if atom is None:
                return False
            literals.append(atom.literal)
        with self.ctl.backend() as backend:
            backend.add_rule([], literals)
        return True

    def assign_external(self, symbol: clingo.Symbol, value: bool | None) -> None:
        """Switch an ``#external`` atom (True/False, None = free) before the next solve call."""
        self.ctl.assign_external(symbol, value)

    def solve(
        self,
        models: int = 1,
        time_limit: float | None = None,
        assumptions: Sequence[Assumption] = (),
        keep: int | None = None,
        on_answer: Callable[[Answer], None] | None = None,
        reports: bool = True,
    ) -> SolveResult:
        """Solve for up to ``models`` answers (0 = all). ``keep`` caps how many answers are stored.
        ``reports=False``: the answers are only counted (``on_answer`` does its work during the
        search), so no time is reserved for printing them. The search also ends when the run must
        stop (its deadline, Ctrl-C: see ``runtime``)."""
        if not self._ground:
            self.ground()
        time_limit = runtime.remaining(time_limit)
        run_left = runtime.run_remaining()
        # the run's deadline binds (not the caller's or a stage's own): a cut there spends the run
        run_bound = run_left is not None and time_limit is not None and run_left <= time_limit
        # clingo's model count is a signed 64-bit number; no enumeration reaches 2^31 anyway
        self.ctl.configuration.solve.models = str(min(max(0, int(models)), 2**31 - 1))  # type: ignore[union-attr]
        if runtime.stopping():  # never start (or restart) a search once the run is stopping
            return SolveResult(Status.UNKNOWN, [], 0, False, True, self._collect_stats(0.0, 0))
        found = _Found(keep, on_answer, reports)
        t0 = time.perf_counter()
        # the search's own end, moved by a pause (SIGSTOP) as the run's deadline is
        due = None if time_limit is None else runtime.local_deadline(time.monotonic() + max(0.0, float(time_limit)))
        with runtime.stage("solving", after="checking answers"), self.ctl.solve(
            on_model=found.on_model, assumptions=list(assumptions), async_=True
        ) as handle:
            interrupted = self._wait(handle, due, found)
            result = handle.get()
            if found.failure:
                raise found.failure[0]
            # on_core is not called in async mode; the handle keeps the core instead
            core_lits = list(handle.core()) if result.unsatisfiable and assumptions else []
        if interrupted and run_bound and not runtime.stopping():
            runtime.search_cut(found.reported)
        else:
            runtime.found(found.reported)
        interrupted = interrupted or result.interrupted
        if result.satisfiable or found.count:
            status = Status.SAT
        elif result.unsatisfiable and not interrupted:
            status = Status.UNSAT
        else:
            status = Status.UNKNOWN
        return SolveResult(
            status=status,
            answers=found.answers,
            count=found.count,
            exhausted=bool(result.exhausted) and not interrupted,
            interrupted=interrupted,
            stats=self._collect_stats(time.perf_counter() - t0, found.count),
            core=self._core_symbols(core_lits, assumptions) if status is Status.UNSAT else [],
        )

    @staticmethod
    def _wait(handle: clingo.SolveHandle, due: Callable[[], float | None] | None, found: _Found) -> bool:
        """Wait for the search; cancel it when the run must stop or, enumerating, early enough to
        check and print the answers it will report (``runtime.reserve``: their measured cost;
        ``--count`` keeps none, so it searches to the deadline). True when it was cancelled."""
        try:
            while True:
                deadline = None if due is None else due()  # None: no end, or a pause not yet counted
                step = 0.1 if deadline is None else max(0.0, min(0.1, deadline - time.monotonic()))
                if handle.wait(step):
                    return False
                late = deadline is not None and time.monotonic() >= deadline - runtime.reserve(found.reported)
                if runtime.stopping() or late:
                    handle.cancel()
                    return True
        except KeyboardInterrupt:
            handle.cancel()
            return True

    def _core_symbols(
        self, lits: Sequence[int], assumptions: Sequence[Assumption]
    ) -> list[clingo.Symbol]:
        if not lits or not assumptions:
            return []
        wanted = set(lits)
        found = []
        for sym, _truth in assumptions:
            atom = self.ctl.symbolic_atoms[sym]
            if atom is not None and atom.literal in wanted:
                found.append(sym)
        return found

    def _collect_stats(self, elapsed: float, count: int) -> Stats:
        s = self.ctl.statistics
        stats = Stats(ground_seconds=self.stats.ground_seconds, solve_seconds=elapsed, models=count)
        try:
            lp = s["problem"]["lp"]
            stats.atoms = int(lp["atoms"])
            stats.rules = int(lp["rules"])
            solvers = s["solving"]["solvers"]
            stats.choices = int(solvers["choices"])
            stats.conflicts = int(solvers["conflicts"])
        except (KeyError, RuntimeError, TypeError):
            pass
        return stats


def solve(
    encoding: str | Sequence[str],
    facts: Iterable[clingo.Symbol],
    *,
    rules: Sequence[str | Path] = (),
    models: int = 1,
    seed: int | None = None,
    time_limit: float | None = None,
    options: Sequence[str] = (),
    assumptions: Sequence[Assumption] = (),
    keep: int | None = None,
    warn: Callable[[str], None] | None = None,
) -> SolveResult:
    """Ground and solve in one call: the common path of every family."""
    encodings = [encoding] if isinstance(encoding, str) else list(encoding)
    solver = Solver(encodings, rules, seed=seed, options=options, warn=warn)
    solver.add_facts(facts)
    solver.ground()
    return solver.solve(models=models, time_limit=time_limit, assumptions=assumptions, keep=keep)
