"""A run's outcome: ``Status`` (as in the JSON output) and clingo's exit codes.

Kept apart from ``solve.py`` so the user-rules module and the API's ``Status`` need no clingo control.
"""

from __future__ import annotations

from enum import StrEnum

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
