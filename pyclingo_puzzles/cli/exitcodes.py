"""Exit codes in two conventions: clingo's (the default) and the Unix one for make and shell scripts.

clingo: 10 an answer, 30 all answers or the optimum, 11 stopped by a limit or signal with an answer,
20 proved that none exists, 1 stopped with no answer (or the answer could not be written), 65 bad
input or usage.

unix (``--exit-codes unix`` or ``PYCLINGO_PUZZLES_EXIT_CODES=unix``): 0 an answer was printed
(optimal or not), 1 proved that none exists, 2 bad input or usage, 3 no answer delivered: a limit or
signal came first, or the answer could not be written.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

ENV = "PYCLINGO_PUZZLES_EXIT_CODES"
CONVENTIONS = ("clingo", "unix")
UNIX = {0: 0, 10: 0, 11: 0, 30: 0, 20: 1, 65: 2}  # any other code: 3
UNIX_OTHER = 3
UNIX_SEVERITY = (2, 3, 1, 0)  # a batch exits with its most severe file's code


def from_environment() -> str:
    """The convention the environment asks for (clingo when unset); an unknown value is usage error."""
    value = os.environ.get(ENV, "").strip().lower()
    return value or "clingo"


def requested(argv: Sequence[str]) -> str:
    """The convention ``argv`` or the environment asks for, read before parsing (so argparse's own
    usage errors follow it); the last ``--exit-codes`` wins, as argparse's would."""
    chosen = from_environment()
    for i, arg in enumerate(argv):
        if arg == "--exit-codes" and i + 1 < len(argv):
            chosen = argv[i + 1]
        elif arg.startswith("--exit-codes="):
            chosen = arg.partition("=")[2]
    return chosen if chosen in CONVENTIONS else "clingo"


def convert(code: int, convention: str) -> int:
    """clingo's ``code`` in ``convention``."""
    return UNIX.get(code, UNIX_OTHER) if convention == "unix" else code


def usage_error(convention: str) -> int:
    return 2 if convention == "unix" else 65
