"""Crossword dictionary fill on van Beek's grids (../shared/crossword-bench) with wamerican.

Per grid: filled / proved unfillable / timed out, and the time, end to end in-process (read,
prune, facts, ground, solve, verify), first as the CLI runs by default (FILL_JOBS processes racing
the propagator's value rules, default 2, with the compiled propagator), then in one process with the
default rule; "python" is the default run with the pure-Python propagator, "cli" the default run as a
whole process (``python -m pyclingo_puzzles crossword GRID --dictionary ...``, start-up included);
then two peers, each as a whole process with the same cap and the same dictionary file, its fill checked
against the grid and the dictionary: Qxw in batch mode (benchmarks.qxw, one core) and Gecode 6.2's
own crossword example (benchmarks.gecode, built here when the machine allows, one thread).
Per group of grids (15.*, 19.*, ...): grids decided and total time per program (a time-out counts
its full time).

FILL_CAP seconds per grid and program (default 60), FILL_GRIDS globs (default "15.*,19.*"),
FILL_PROGRAMS the columns to run (default "ours,ours1,qxw,gecode"; also "python" and "cli"),
FILL_DICT the word list under crossword-bench/dict (default wamerican-lower-alpha.txt), FILL_SHARED
ours' --max-shared-substring (default the command's; 0: none, as the peers fill).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.common import SHARED, table
from benchmarks.gecode import Gecode, prepare, run_gecode
from benchmarks.qxw import find_qxw, run_qxw
from pyclingo_puzzles.core.solve import Status
from pyclingo_puzzles.crossword.engine.attempt import FillOutcome
from pyclingo_puzzles.crossword.engine.strategy import solve_fill
from pyclingo_puzzles.crossword.options import DEFAULT_SHARED, FillOptions
from pyclingo_puzzles.crossword.reader import Dictionary, framework_of, read, read_dictionary

BENCH = SHARED / "crossword-bench"
CAP = float(os.environ.get("FILL_CAP", "60"))
GLOBS = os.environ.get("FILL_GRIDS", "15.*,19.*").split(",")
JOBS = int(os.environ.get("FILL_JOBS", "2"))
PROGRAMS = os.environ.get("FILL_PROGRAMS", "ours,ours1,qxw,gecode").split(",")
DICT = os.environ.get("FILL_DICT", "wamerican-lower-alpha.txt")
SHARED_RUN = int(os.environ.get("FILL_SHARED", str(DEFAULT_SHARED)))  # --max-shared-substring (0: none, as the peers)
NAMES = {
    "ours": f"ours ({JOBS} jobs)",
    "ours1": "ours (1 job)",
    "python": f"ours, Python propagator ({JOBS} jobs)",
    "cli": f"ours, whole process ({JOBS} jobs)",
    "qxw": "Qxw",
    "gecode": "Gecode",
}
DECIDED = {"filled", "no fill"}

Run = Callable[[Path], tuple[str, float]]  # grid -> (verdict, seconds); verdicts as the peers give them


def wamerican() -> tuple[Dictionary, Path] | None:
    """The benchmark dictionary and its path from ../shared, or None (said so) when absent."""
    dict_path = BENCH / "dict" / DICT
    if not dict_path.exists():
        print(f"skipped: {dict_path} not present (third-party data, never committed)")
        return None
    return read_dictionary(dict_path), dict_path


def main() -> None:
    loaded = wamerican()
    if loaded is None:
        return
    dictionary, dict_path = loaded
    check_same_words(dictionary, dict_path)
    won_by: dict[str, str] = {}  # grid -> value rule that won our default (racing) run
    runs = programs(dictionary, dict_path, won_by)
    grids = sorted({p for g in GLOBS for p in (BENCH / "grids").glob(f"{g}.grid")})
    print(f"load at the start (1, 5, 15 min): {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    results: dict[str, dict[str, tuple[str, float]]] = {name: {} for name in runs}
    for path in grids:
        for name, run in runs.items():
            results[name][path.stem] = run(path)
        line = "; ".join(f"{NAMES[n]} {cell(results[n][path.stem])}" for n in runs)
        print(f"  {path.stem}: {line} (load {os.getloadavg()[0]:.1f})", flush=True)
    heads = ["grid"] + [NAMES[n] for n in runs] + (["won by"] if "ours" in runs else [])
    rows = [
        [p.stem] + [cell(results[n][p.stem]) for n in runs] + ([won_by.get(p.stem, "-")] if "ours" in runs else [])
        for p in grids
    ]
    print(table(heads, rows))
    print(f"\nper group: grids decided within {CAP:.0f} s each, total seconds (a time-out counts its full time)")
    groups = sorted({p.stem.split(".")[0] for p in grids})
    group_rows = []
    for group in groups:
        stems = [p.stem for p in grids if p.stem.split(".")[0] == group]
        row = [f"{group}.*"]
        for name in runs:
            got = [results[name][s] for s in stems]
            if all(cell(r) == "-" for r in got):
                row.append("-")  # peer not available
                continue
            row.append(f"{sum(v in DECIDED for v, _ in got)}/{len(stems)}, {sum(t for _, t in got):.1f} s")
        group_rows.append(row)
    print(table(["grids"] + [NAMES[n] for n in runs], group_rows))
    print(f"load at the end (1, 5, 15 min): {', '.join(f'{x:.1f}' for x in os.getloadavg())}")


def programs(dictionary: Dictionary, dict_path: Path, won_by: dict[str, str]) -> dict[str, Run]:
    """The columns of FILL_PROGRAMS; a missing peer gets its reason printed and an empty column."""
    runs: dict[str, Run] = {}
    for name in PROGRAMS:
        if name == "ours":
            runs[name] = lambda path: run_ours(path, dictionary, JOBS, won_by)
        elif name == "ours1":
            runs[name] = lambda path: run_ours(path, dictionary, 1, {})
        elif name == "python":
            runs[name] = lambda path: run_ours(path, dictionary, JOBS, {}, "python")
        elif name == "cli":
            runs[name] = lambda path: run_cli(path, dict_path)
        elif name == "qxw":
            if find_qxw() is None:
                print("qxw: not installed (apt-get install qxw): its column is empty")
            runs[name] = lambda path: run_qxw(path, dict_path, CAP)
        elif name == "gecode":
            t0 = time.perf_counter()
            peer = prepare()
            if peer.binary is None:
                print(f"gecode: its column is empty: {peer.reason}")
            else:
                print(
                    f"gecode: crossword example of libgecode {peer.version} at {peer.binary}"
                    f" ({len(peer.grids)} grids; ready in {time.perf_counter() - t0:.1f} s)"
                )
            runs[name] = _gecode_run(peer, dict_path)
        else:
            print(f"FILL_PROGRAMS: unknown program {name!r} ignored (known: {', '.join(NAMES)})")
    return runs


def _gecode_run(peer: Gecode, dict_path: Path) -> Run:
    return lambda path: run_gecode(peer, path, dict_path, CAP)


def run_ours(
    path: Path, dictionary: Dictionary, jobs: int, won_by: dict[str, str], propagator: str = "auto"
) -> tuple[str, float]:
    framework = framework_of(read(path))
    t0 = time.perf_counter()
    options = FillOptions(time_limit=CAP, jobs=jobs, propagator=propagator, max_shared_substring=SHARED_RUN)
    outcome = solve_fill(framework, dictionary, options)
    elapsed = time.perf_counter() - t0
    verdict = describe(outcome)
    if verdict in DECIDED:
        won_by[path.stem] = str(outcome.stats.extra.get("value_rule", "-"))
    return verdict, elapsed


def run_cli(path: Path, dict_path: Path) -> tuple[str, float]:
    """The command as a user runs it (its answer is verified inside), timed as a whole process."""
    argv = [sys.executable, "-m", "pyclingo_puzzles", "crossword", str(path), "--dictionary", str(dict_path)]
    argv += ["--time-limit", str(CAP), "--jobs", str(JOBS), "--max-shared-substring", str(SHARED_RUN)]
    argv += ["--exit-codes", "clingo"]  # the verdicts below read clingo's codes
    t0 = time.perf_counter()
    proc = subprocess.run(argv, capture_output=True, text=True, check=False, timeout=CAP + 60)
    elapsed = time.perf_counter() - t0
    verdict = {10: "filled", 20: "no fill"}.get(proc.returncode, "timed out")
    if proc.returncode not in (1, 10, 11, 20):
        verdict = f"exit {proc.returncode}"
    return verdict, elapsed


def describe(outcome: FillOutcome) -> str:
    """Ours in the peers' words: "filled", "no fill" (proved) or "timed out"."""
    if outcome.result is None:
        return "no fill"  # a slot without any candidate: unfillable before solving
    if outcome.result.status is Status.SAT:
        return "filled"
    if outcome.result.status is Status.UNSAT:
        return "no fill"
    return "timed out"


def cell(result: tuple[str, float]) -> str:
    """Time when filled, "unsat TIME" when proved unfillable, "timeout", or the peer's own word."""
    verdict, seconds = result
    if verdict == "filled":
        return f"{seconds:.1f}"
    if verdict == "no fill":
        return f"unsat {seconds:.1f}"
    if verdict == "timed out":
        return "timeout"
    if verdict in ("not installed", "-"):
        return "-"
    return verdict


def check_same_words(dictionary: Dictionary, dict_path: Path) -> None:
    """Say whether Gecode's reader (lowercase ASCII letters, shorter than 64) sees the words ours uses.

    Qxw reads the same file; ours normalises case, so compare case-folded sets of slot-sized words.
    """
    lines = {w.strip() for w in dict_path.read_text().splitlines()}
    gecode = {w for w in lines if 2 <= len(w) < 64 and w.isascii() and w.isalpha() and w.islower()}
    ours = {w.lower() for w in dictionary.words}
    if gecode == ours:
        print(f"dictionary {dict_path.name}: {len(ours)} words of 2+ letters, the same set for ours and Gecode")
    else:
        print(
            f"dictionary {dict_path.name}: ours {len(ours)} words, Gecode {len(gecode)};"
            f" {len(ours - gecode)} only ours, {len(gecode - ours)} only Gecode's"
        )


if __name__ == "__main__":
    main()
