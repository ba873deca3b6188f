"""``--count`` in every subcommand: enumerate all solutions, print only their number (the option:
``cli/shared_options.py``)."""

from __future__ import annotations

from .report import Report


def report(count: int, exhausted: bool, code: int, as_json: bool = False) -> Report:
    """The number (a lower bound when the search was stopped) as the report prints it; ``code``."""
    status = "SAT" if count else "UNSAT" if exhausted else "UNKNOWN"  # every JSON document has one
    return Report(
        code,
        text=f"{count if exhausted else f'at least {count}'}\n",
        json=lambda: {"status": status, "count": count, "exhausted": exhausted},
        answered=False,
    )
