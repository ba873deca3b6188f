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


def user_env() -> dict[str, str]:
    """The environment a user's command runs in: bytecode caches written and used (a session
    with PYTHONDONTWRITEBYTECODE=1 would time the compiler, not the program)."""
    import os

    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def process_times(cmd: Sequence[str], repeat: int = 10, cwd: Path | None = None) -> tuple[float, float, int]:
    """Whole process as a user runs it: best wall and best CPU seconds (user + system, the
    command and its children) of ``repeat`` runs after one warm-up run, and the exit code. CPU
    time is the steadier figure on a shared machine; both are printed."""
    import resource
    import subprocess

    def cpu() -> float:
        r = resource.getrusage(resource.RUSAGE_CHILDREN)
        return r.ru_utime + r.ru_stime

    env = user_env()
    run = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=cwd)  # warm-up
    best_wall = best_cpu = float("inf")
    for _ in range(repeat):
        c0, t0 = cpu(), time.perf_counter()
        run = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=cwd)
        best_wall = min(best_wall, time.perf_counter() - t0)
        best_cpu = min(best_cpu, cpu() - c0)
    return best_wall, best_cpu, run.returncode


def json_run(args: Sequence[str]) -> tuple[dict, int, float, float]:
    """``pyclingo-puzzles ARGS`` once, as a user runs it: its JSON document ({} when none), exit
    code, wall and CPU seconds (user + system, the command and its children)."""
    import json
    import resource
    import subprocess
    import sys

    def cpu() -> float:
        r = resource.getrusage(resource.RUSAGE_CHILDREN)
        return r.ru_utime + r.ru_stime

    c0, t0 = cpu(), time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "pyclingo_puzzles", *args], capture_output=True, text=True,
                         cwd=ROOT, env=user_env())  # fmt: skip
    wall, spent = time.perf_counter() - t0, cpu() - c0
    try:
        doc = json.loads(out.stdout)
    except ValueError:
        doc = {}
    return doc, out.returncode, wall, spent
