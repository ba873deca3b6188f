"""What a solve call gives back: the answers (copied out of clingo), the ``--stats`` figures, and
how the call ended (``SolveResult``, with its exit code).

The result types here and on the P-99 path are NamedTuples and plain classes, not dataclasses:
importing dataclasses (it imports inspect) and building a dataclass at import time were a fifth
of a small puzzle's whole run (docs/development.md, "Start-up").
"""

from __future__ import annotations

from typing import Any, NamedTuple

import clingo

from .status import Status, exit_code


class Record:
    """Equality and repr from the instance's fields (``vars``), for the plain result classes."""

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and vars(self) == vars(other)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in vars(self).items())})"


class Answer(NamedTuple):
    """One model, copied out of clingo (a ``clingo.Model`` dies with its callback)."""

    symbols: tuple[clingo.Symbol, ...]
    number: int
    cost: tuple[int, ...] = ()
    optimality_proven: bool = False


class Stats(Record):
    """The figures ``--stats`` prints: problem size and where the time went."""

    def __init__(
        self,
        atoms: int = 0,
        rules: int = 0,
        ground_seconds: float = 0.0,
        solve_seconds: float = 0.0,
        choices: int = 0,
        conflicts: int = 0,
        models: int = 0,
        extra: dict[str, Any] | None = None,
    ):
        self.atoms = atoms
        self.rules = rules
        self.ground_seconds = ground_seconds
        self.solve_seconds = solve_seconds
        self.choices = choices
        self.conflicts = conflicts
        self.models = models
        self.extra: dict[str, Any] = {} if extra is None else extra

    def __repr__(self) -> str:
        return f"Stats({self.format()})"

    def add(self, other: Stats) -> None:
        """Accumulate figures of several clingo runs (families that solve in rounds)."""
        self.atoms += other.atoms
        self.rules += other.rules
        self.ground_seconds += other.ground_seconds
        self.solve_seconds += other.solve_seconds
        self.choices += other.choices
        self.conflicts += other.conflicts
        self.models += other.models

    def as_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "atoms": self.atoms,
            "rules": self.rules,
            "ground_seconds": round(self.ground_seconds, 4),
            "solve_seconds": round(self.solve_seconds, 4),
            "choices": self.choices,
            "conflicts": self.conflicts,
            "models": self.models,
        }
        d.update(self.extra)
        return d

    def format(self) -> str:
        return " ".join(f"{k}={v}" for k, v in self.as_dict().items())


class SolveResult(Record):
    """How one solve call ended, with the answers it kept."""

    def __init__(
        self,
        status: Status,
        answers: list[Answer],
        count: int,
        exhausted: bool,
        interrupted: bool,
        stats: Stats,
        core: list[clingo.Symbol] | None = None,
    ):
        self.status = status
        self.answers = answers
        self.count = count  # models found (may exceed len(answers) when only some are kept)
        self.exhausted = exhausted  # all models enumerated, or unsatisfiability proved
        self.interrupted = interrupted  # stopped by the time limit or Ctrl-C
        self.stats = stats
        self.core: list[clingo.Symbol] = [] if core is None else core  # failed assumptions when UNSAT

    def replace(self, **changes: Any) -> SolveResult:
        """A copy with some fields changed."""
        return SolveResult(**(vars(self) | changes))

    @property
    def exit_code(self) -> int:
        return exit_code(self.status, self.exhausted, self.interrupted)
