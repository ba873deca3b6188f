"""Shared output helpers of the subcommands: JSON on stdout, statistics and warnings on stderr.

Kept apart from ``cli/`` so family modules never import the command line (imports run one way).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..core.results import Stats


def print_json(obj: Any) -> bool:
    """The run's one JSON document (``run/jsonout``: never a second); True when this one was printed."""
    from ..run import jsonout

    return jsonout.write(jsonout.dumps(obj))


def print_stats(stats: Stats) -> None:
    print(f"stats: {stats.format()}", file=sys.stderr)


def warn(message: str) -> None:
    print(f"warning: {' '.join(message.split())}", file=sys.stderr)
