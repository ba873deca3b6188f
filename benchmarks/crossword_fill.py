"""Crossword dictionary fill on van Beek's grids (../shared/crossword-bench) with wamerican.

Per grid: filled / proved unfillable / timed out, and the time, end to end in-process (read,
prune, facts, ground, solve, verify), first as the CLI runs by default (FILL_JOBS processes racing
the propagator's value rules, default 2), then in one process with the default rule, then the peer
Qxw in batch mode (benchmarks.qxw, same cap, its fill checked against the dictionary; Qxw uses one
core). FILL_CAP seconds per grid (default 60), FILL_GRIDS a glob (default "15.*" and "19.*").
"""

from __future__ import annotations

import os
import time

from benchmarks.common import SHARED, table
from benchmarks.qxw import run_qxw
from pyclingo_puzzles.crossword.fill import FillOutcome, read_dictionary, read_framework, solve_fill
from pyclingo_puzzles.solve import Status

BENCH = SHARED / "crossword-bench"
CAP = float(os.environ.get("FILL_CAP", "60"))
GLOBS = os.environ.get("FILL_GRIDS", "15.*,19.*").split(",")
JOBS = int(os.environ.get("FILL_JOBS", "2"))


def main() -> None:
    dict_path = BENCH / "dict" / "wamerican-lower-alpha.txt"
    if not dict_path.exists():
        print(f"skipped: {dict_path} not present (third-party data, never committed)")
        return
    dictionary = read_dictionary(dict_path)
    grids = sorted({p for g in GLOBS for p in (BENCH / "grids").glob(f"{g}.grid")})
    rows = []
    decided = 0
    single_decided = 0
    qxw_decided = 0
    for path in grids:
        framework, _ = read_framework(path)
        t0 = time.perf_counter()
        outcome = solve_fill(framework, dictionary, time_limit=CAP, jobs=JOBS)
        elapsed = time.perf_counter() - t0
        verdict = describe(outcome)
        decided += verdict != "timed out"
        t0 = time.perf_counter()
        single = solve_fill(framework, dictionary, time_limit=CAP)
        single_elapsed = time.perf_counter() - t0
        single_verdict = describe(single)
        single_decided += single_verdict != "timed out"
        s = outcome.stats
        qxw_verdict, qxw_elapsed = run_qxw(path, dict_path, CAP)
        qxw_decided += qxw_verdict in ("filled", "no fill")
        qxw_s = f"{qxw_elapsed:.1f}" if qxw_verdict != "not installed" else "-"
        rows.append(
            [
                path.stem,
                verdict,
                f"{elapsed:.1f}",
                s.extra.get("value_rule", "-"),
                single_verdict,
                f"{single_elapsed:.1f}",
                qxw_verdict,
                qxw_s,
            ]
        )
        print(
            f"  {path.stem}: {verdict} in {elapsed:.1f} s ({JOBS} jobs), {single_verdict} in {single_elapsed:.1f} s"
            f" (1 job); qxw {qxw_verdict} in {qxw_s} s",
            flush=True,
        )
    heads = ["grid", "result", f"ours s ({JOBS} jobs)", "won by", "1 job", "1 job s", "qxw", "qxw s"]
    print(table(heads, rows))
    print(
        f"decided within {CAP:.0f} s each: ours {decided}/{len(grids)} ({JOBS} jobs), {single_decided}/{len(grids)}"
        f" (1 job); qxw {qxw_decided}/{len(grids)}"
    )


def describe(outcome: FillOutcome) -> str:
    if outcome.result is None:
        return f"unfillable ({len(outcome.empty)} slots without candidate)"
    if outcome.result.status is Status.SAT:
        return "filled"
    if outcome.result.status is Status.UNSAT:
        return "proved unfillable"
    return "timed out"


if __name__ == "__main__":
    main()
