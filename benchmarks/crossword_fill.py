"""Crossword dictionary fill on van Beek's grids (../shared/crossword-bench) with wamerican.

Per grid: filled / proved unfillable / timed out, and the time, end to end in-process (read,
prune, facts, ground, solve, verify), then the same for the peer Qxw in batch mode (benchmarks.qxw,
same cap, its fill checked against the dictionary). FILL_CAP seconds per grid (default 60),
FILL_GRIDS a glob (default "15.*" and "19.*").
"""

from __future__ import annotations

import os
import time

from benchmarks.common import SHARED, table
from benchmarks.qxw import run_qxw
from pyclingo_puzzles.crossword.fill import read_dictionary, read_framework, solve_fill
from pyclingo_puzzles.solve import Status

BENCH = SHARED / "crossword-bench"
CAP = float(os.environ.get("FILL_CAP", "60"))
GLOBS = os.environ.get("FILL_GRIDS", "15.*,19.*").split(",")


def main() -> None:
    dict_path = BENCH / "dict" / "wamerican-lower-alpha.txt"
    if not dict_path.exists():
        print(f"skipped: {dict_path} not present (third-party data, never committed)")
        return
    dictionary = read_dictionary(dict_path)
    grids = sorted({p for g in GLOBS for p in (BENCH / "grids").glob(f"{g}.grid")})
    rows = []
    decided = 0
    qxw_decided = 0
    for path in grids:
        framework, _ = read_framework(path)
        t0 = time.perf_counter()
        outcome = solve_fill(framework, dictionary, time_limit=CAP)
        elapsed = time.perf_counter() - t0
        if outcome.result is None:
            verdict = f"unfillable ({len(outcome.empty)} slots without candidate)"
        elif outcome.result.status is Status.SAT:
            verdict = "filled"
        elif outcome.result.status is Status.UNSAT:
            verdict = "proved unfillable"
        else:
            verdict = "timed out"
        decided += verdict != "timed out"
        s = outcome.stats
        qxw_verdict, qxw_elapsed = run_qxw(path, dict_path, CAP)
        qxw_decided += qxw_verdict in ("filled", "no fill")
        qxw_s = f"{qxw_elapsed:.1f}" if qxw_verdict != "not installed" else "-"
        rows.append(
            [
                path.stem,
                verdict,
                f"{elapsed:.1f}",
                f"{s.ground_seconds:.1f}",
                s.extra.get("candidates", "-"),
                qxw_verdict,
                qxw_s,
            ]
        )
        print(f"  {path.stem}: {verdict} in {elapsed:.1f} s; qxw {qxw_verdict} in {qxw_s} s", flush=True)
    print(table(["grid", "result", "ours s", "ground s", "candidates", "qxw", "qxw s"], rows))
    print(f"decided {decided}/{len(grids)} (ours), {qxw_decided}/{len(grids)} (qxw) within {CAP:.0f} s each")


if __name__ == "__main__":
    main()
