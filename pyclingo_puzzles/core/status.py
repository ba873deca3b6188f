"""A run's outcome: ``Status`` (as in the JSON output), clingo's exit codes, and the convention
a user sees (Unix by default, clingo's with ``PYCLINGO_PUZZLES_EXIT_CODES=clingo``).

Kept apart from ``solve.py`` so the user-rules module and the API's ``Status`` need no clingo control.
Results compute clingo's code (``clingo_code``: it says more, and the batch ranks by it); the API's
``exit_code`` and the command's exit status convert it at the edge.
"""

from __future__ import annotations

import os
from enum import StrEnum
from typing import Protocol

EXIT_SAT = 10
EXIT_UNSAT = 20
EXIT_EXHAUSTED = 30
EXIT_SAT_INTERRUPTED = 11
EXIT_INTERRUPTED = 1


class Status(StrEnum):
    SAT = "SAT"
    UNSAT = "UNSAT"
    UNKNOWN = "UNKNOWN"


def exit_code(status: Status, exhausted: bool, interrupted: bool) -> int:
    """clingo's convention: 10 SAT, 20 UNSAT, 30 SAT and exhausted, 11 SAT but stopped, 1 stopped."""
    if status is Status.UNSAT:
        return EXIT_UNSAT
    if status is Status.SAT:
        if interrupted:
            return EXIT_SAT_INTERRUPTED
        return EXIT_EXHAUSTED if exhausted else EXIT_SAT
    return EXIT_INTERRUPTED


ENV = "PYCLINGO_PUZZLES_EXIT_CODES"
CONVENTIONS = ("unix", "clingo")
DEFAULT_CONVENTION = "unix"
UNIX = {0: 0, 10: 0, 11: 0, 30: 0, 20: 1, 65: 2}  # any other code: 3
UNIX_OTHER = 3


def environment_convention() -> str:
    """What ``$PYCLINGO_PUZZLES_EXIT_CODES`` asks for, as written (the default when unset or empty)."""
    return os.environ.get(ENV, "").strip().lower() or DEFAULT_CONVENTION


def convert(code: int, convention: str) -> int:
    """clingo's ``code`` in ``convention`` (unix: 0 an answer, 1 none, 2 bad input, 3 no answer)."""
    return code if convention == "clingo" else UNIX.get(code, UNIX_OTHER)


def api_code(code: int) -> int:
    """clingo's ``code`` as the API's ``exit_code`` gives it: in the environment's convention
    (an unknown value counts as the default: the API has no usage error to report it with)."""
    return convert(code, environment_convention())


class _Ended(Protocol):
    """How a search ended, as a result holds it."""

    @property
    def status(self) -> Status: ...

    @property
    def exhausted(self) -> bool: ...

    @property
    def interrupted(self) -> bool: ...


class Coded:
    """A result's exit codes, from its ``status``, ``exhausted`` and ``interrupted``: ``clingo_code``
    (clingo's convention, which the command reports and a batch ranks by) and the API's ``exit_code``."""

    @property
    def clingo_code(self: _Ended) -> int:
        return exit_code(self.status, self.exhausted, self.interrupted)

    @property
    def exit_code(self: _Ended) -> int:
        """The command's exit code for this result, in the convention ``$PYCLINGO_PUZZLES_EXIT_CODES``
        names (Unix by default: 0 an answer, 1 none exists, 3 no answer within the limit)."""
        return api_code(exit_code(self.status, self.exhausted, self.interrupted))
