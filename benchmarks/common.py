"""Small helpers shared by the benchmarks: timing and table printing."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"


def timed(fn: Callable[[], T], repeat: int = 1, clock: Callable[[], float] = time.perf_counter) -> tuple[float, T]:
    """Best time of ``repeat`` runs (wall time, or ``clock``: e.g. ``time.process_time``), and the
    last result."""
    best = float("inf")
    result: T
    for _ in range(repeat):
        t0 = clock()
        result = fn()
        best = min(best, clock() - t0)
    return best, result


def table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    cells = [[str(c) for c in header]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def ratio(a: float | None, b: float | None) -> str:
    if a is None or b is None or a <= 0:
        return "-"
    return f"{b / a:.1f}x"
