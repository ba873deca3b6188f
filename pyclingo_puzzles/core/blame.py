"""When the user's rules make a puzzle unsolvable: which rule files are to blame, and the sentence
that says so (an unsat core over rule files and words, or the rule files without which there is a
solution). Plain code over a solver: no ``clingo.ast``, so a family imports it at no cost."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

import clingo

from ..run import runtime
from .errors import escaped
from .status import Status


def describe_core(rule_files: Sequence[str], items: Sequence[str]) -> str:
    """One sentence for an unsat core that may hold rule files and the family's items (words)."""
    if not rule_files:
        return f"these cannot fit together: {', '.join(items)}"
    files = ", ".join(escaped(Path(f).name) for f in rule_files)  # the answer's one line
    if not items:
        return f"your rules alone are unsatisfiable ({files})"
    return f"your rules ({files}) together with {', '.join(items)} cannot all hold"


def describe_rules(blamed: Sequence[str]) -> str:
    """The tail of an UNSAT line when the user's rules are to blame ("" when they are not)."""
    if not blamed:
        return ""
    files = ", ".join(escaped(Path(f).name) for f in blamed)  # the answer's one line
    return f"; your rules ({files}) rule out every solution (without them there is one)"


class _RuleFile(Protocol):
    @property
    def path(self) -> str: ...


class _Solving(Protocol):
    """What ``blame`` needs of a ``solve.Solver`` (named here: solve.py imports the rules)."""

    @property
    def rule_files(self) -> Sequence[_RuleFile]: ...

    def rule_assumptions(self, on: bool = True) -> list[tuple[clingo.Symbol, bool]]: ...

    def solve(
        self, *, models: int, time_limit: float | None = None, assumptions: Sequence[tuple[clingo.Symbol, bool]]
    ) -> _Solved: ...


class _Solved(Protocol):
    status: Status


def blame(
    solver: _Solving, time_limit: float | None = None, assumptions: Sequence[tuple[clingo.Symbol, bool]] = ()
) -> list[str]:
    """After an UNSAT answer (under ``assumptions``): the rule files without which the problem has
    a solution (a minimal set, by deletion), or [] when it is unsolvable without any of them. The
    rules' switches become free: later solves must pass ``solver.rule_assumptions()``. Each solve
    asks the run's budget for its time (``runtime.until``: ``time_limit`` for them all)."""
    files = [f.path for f in solver.rule_files]
    if not files:
        return []

    def status(off: Sequence[str]) -> Status:
        switches = [(atom, atom.arguments[0].string not in off) for atom, _ in solver.rule_assumptions()]
        return solver.solve(models=1, assumptions=[*assumptions, *switches]).status

    with runtime.until(runtime.after(time_limit)):
        if status(files) is not Status.SAT:
            return []
        off: list[str] = []
        for f in files:
            if status([*off, f]) is Status.UNSAT:
                off.append(f)  # unsolvable without it too: not needed to explain
    return [f for f in files if f not in off]
