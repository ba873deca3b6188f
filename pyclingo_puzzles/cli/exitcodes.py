"""Exit codes in two conventions: Unix (the default) for make and shell scripts, and clingo's.

unix: 0 an answer was printed (optimal or not), 1 proved that none exists, 2 bad input or usage,
3 no answer delivered: a limit or signal came first, or the answer could not be written.

clingo (``--exit-codes clingo`` or ``PYCLINGO_PUZZLES_EXIT_CODES=clingo``): 10 an answer, 30 all
answers or the optimum, 11 stopped by a limit or signal with an answer, 20 proved that none exists,
1 stopped with no answer (or the answer could not be written), 65 bad input or usage.

Runs compute clingo's code (it says more); ``convert`` maps it at the edge (``core/status.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.status import CONVENTIONS, DEFAULT_CONVENTION, ENV, convert, environment_convention

__all__ = [
    "CONVENTIONS", "ENV", "SEVERITY", "UNIX_SEVERITY", "convert", "from_environment", "most_severe", "requested",
    "usage_error",
]  # fmt: skip

# a batch exits with its most severe file's code, most severe first
SEVERITY = (65, 1, 11, 20, 10, 30)  # clingo's: 30 only when every file gave 30
UNIX_SEVERITY = (2, 3, 1, 0)


def from_environment() -> str:
    """The convention the environment asks for (unix when unset); an unknown value is a usage error."""
    return environment_convention()


def requested(argv: Sequence[str]) -> str:
    """The convention ``argv`` or the environment asks for, read before parsing (so argparse's own
    usage errors follow it); the last ``--exit-codes`` wins, as argparse's would."""
    chosen = from_environment()
    for i, arg in enumerate(argv):
        if arg == "--exit-codes" and i + 1 < len(argv):
            chosen = argv[i + 1]
        elif arg.startswith("--exit-codes="):
            chosen = arg.partition("=")[2]
    return chosen if chosen in CONVENTIONS else DEFAULT_CONVENTION


def most_severe(codes: Sequence[int], convention: str = "clingo") -> int:
    """The batch's exit code (clingo's, the command converts it): 65 > 1 > 11 > 20 > 10 > 30 (an
    unknown code counts as 1); in the unix convention the most severe once converted, 2 > 3 > 1 > 0."""
    if convention == "unix":
        order = UNIX_SEVERITY
        return min(codes, key=lambda code: order.index(convert(code, "unix")))
    rank = {code: i for i, code in enumerate(SEVERITY)}
    return min(codes, key=lambda code: rank.get(code, 1))


def usage_error(convention: str) -> int:
    return 65 if convention == "clingo" else 2


def last_line(exc: BaseException) -> int:
    """Print the one line for an exception nothing else caught (``entry.console``, ``command.console``);
    its exit code (clingo's)."""
    from ..run import jsonout, resources

    if isinstance(exc, KeyboardInterrupt):
        line = "interrupted"
    else:
        line = resources.limit_message(exc) or f"internal error: {type(exc).__name__}: {exc}"
    jsonout.last_line(line)
    if jsonout.wanted:  # --json: the run's one document, unless it has printed it
        jsonout.error(line)
    return 1
