"""Shared output helpers of the subcommands: JSON on stdout, statistics and warnings on stderr.

Kept apart from ``cli/`` so family modules never import the command line (imports run one way).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..core.results import Stats


def print_json(obj: Any) -> None:
    import json  # on use: a text run does not pay for the json package at start-up

    # one write: json.dump writes chunk by chunk, which is many times slower for large results;
    # a stdout that cannot hold every letter (PYTHONIOENCODING=ascii) gets \\u escapes: the same JSON
    utf = "utf" in (getattr(sys.stdout, "encoding", None) or "utf-8").lower()
    sys.stdout.write(json.dumps(obj, ensure_ascii=not utf, indent=2) + "\n")


def print_stats(stats: Stats) -> None:
    print(f"stats: {stats.format()}", file=sys.stderr)


def warn(message: str) -> None:
    print(f"warning: {' '.join(message.split())}", file=sys.stderr)
