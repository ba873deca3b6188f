"""P-99 7.09 crossword: pyclingo-puzzles against a strong plain-Python solver, side by side in one run.

Puzzles: the four P-99 files and the two large P-99-format puzzles (19.01: 128 words, puzzle17: 88)
from ../shared (third-party data, never committed; skipped when absent). The reference is
``benchmarks/p99_baseline.py``: most-constrained site first over bitsets of candidate words, with
forward checking of crossings and of used words. Every answer of both is checked by the project's
verifier (``crossword/solution.py``).

- in-process: ours is read + prune + facts + ground + solve + verify (``p99.solve_instance``); the
  baseline is read + solve (its verification is not timed). Best of ``REPEAT`` runs.
- whole process, as a user runs it: ``pyclingo-puzzles crossword FILE`` against ``python
  p99_baseline.py FILE``, one command per file, and one command with both large files when the CLI
  takes several (the baseline script always does). Best of ``RUNS`` runs; start-up counts.

Targets (issue 15): in-process 19.01 <= 0.05 s and P-99 a-d total <= 0.05 s; whole process on the
large two, ours <= 0.5 x the baseline.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from benchmarks import p99_baseline as baseline
from benchmarks.common import SHARED, table, timed
from pyclingo_puzzles.crossword.p99 import solve_instance
from pyclingo_puzzles.crossword.reader import read_instance
from pyclingo_puzzles.crossword.solution import CrosswordSolution, Placement, build_solution, verify

REPEAT = int(os.environ.get("P99_REPEAT", "7"))  # in-process runs per puzzle (best is kept)
RUNS = int(os.environ.get("P99_RUNS", "5"))  # whole-process runs per command (best is kept)
BASELINE = Path(baseline.__file__)
OURS = Path(sys.executable).with_name("pyclingo-puzzles")
LARGE = ("fill-19.01-wamerican.dat", "fill-puzzle17-wamerican.dat")


def puzzles() -> list[Path]:
    found = [SHARED / "p99" / f"p7_09{x}.dat" for x in "abcd"]
    found += sorted((SHARED / "crossword-bench" / "p99fmt").glob("*.dat"))
    return [p for p in found if p.exists()]


# ------------------------------------------------------------------------------------ checked answers


def ours(path: Path) -> bool:
    """Solved (True) or proved unsolvable (False); solve_instance verifies what it returns."""
    _result, solutions = solve_instance(read_instance(path))
    return bool(solutions)


def baseline_answer(path: Path) -> list[tuple[str, int, int, str]] | None:
    return baseline.solve(*baseline.parse(path.read_text(encoding="utf-8")))


def check_placements(path: Path, placements: list[tuple[str, int, int, str]] | None) -> bool:
    """The baseline's answer through the project's verifier (raises when it is wrong)."""
    if placements is None:
        return False
    instance = read_instance(path)
    solution = build_solution(instance.framework, [Placement(w, r, c, d) for w, r, c, d in placements])
    problems = verify(instance.framework, solution, instance.words)
    assert not problems, f"baseline answer for {path.name} fails verification: {problems[0]}"
    return True


def check_grids(paths: list[Path], stdout: str) -> None:
    """The baseline script's printed grids (one per file, then a blank line): each verified, the
    placements read back from the grid along the framework's sites."""
    blocks = stdout.split("\n\n")
    for path, block in zip(paths, blocks, strict=False):
        if block.endswith("no solution"):
            continue
        instance = read_instance(path)
        grid = tuple(block.split("\n"))
        placements = []
        for site in instance.framework.sites():
            word = "".join(grid[r][c] for r, c in site.cells())
            placements.append(Placement(word, site.row, site.col, site.direction))
        solution = CrosswordSolution(grid, tuple(placements))
        problems = verify(instance.framework, solution, instance.words)
        assert not problems, f"baseline output for {path.name} fails verification: {problems[0]}"


# ---------------------------------------------------------------------------------------- whole process


def whole(cmd: list[str], ok: set[int]) -> tuple[float, str]:
    """Best wall time of RUNS runs of ``cmd`` and its output (the exit code must be in ``ok``)."""
    best = float("inf")
    out = ""
    for _ in range(RUNS):
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, text=True)
        best = min(best, time.perf_counter() - t0)
        assert proc.returncode in ok, f"{cmd}: exit {proc.returncode}: {proc.stderr.strip()[-300:]}"
        out = proc.stdout
    return best, out


def takes_several_files(paths: list[Path]) -> bool:
    proc = subprocess.run([str(OURS), "crossword", *map(str, paths)], capture_output=True, text=True)
    return "unrecognized arguments" not in proc.stderr  # a usage error: one FILE only on this version


def main() -> None:
    paths = puzzles()
    if not paths:
        print(f"skipped: no P-99 puzzles under {SHARED} (third-party data, never committed)")
        return
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (timings are noisy when others run)")

    rows = []
    totals = {"ours": 0.0, "ours cpu": 0.0, "base": 0.0}
    for path in paths:
        t_ours, solved = timed(lambda p=path: ours(p), repeat=REPEAT)
        cpu_ours, _ = timed(lambda p=path: ours(p), repeat=REPEAT, clock=time.process_time)
        t_base, answer = timed(lambda p=path: baseline_answer(p), repeat=REPEAT)
        assert check_placements(path, answer) == solved, path.name
        if path.name.startswith("p7_09"):
            totals["ours"] += t_ours
            totals["ours cpu"] += cpu_ours
            totals["base"] += t_base
        rows.append([path.name, "solved" if solved else "unsolvable", f"{t_ours:.4f}", f"{cpu_ours:.4f}",
                     f"{t_base:.4f}", f"{t_ours / t_base:.1f}"])
    print(f"\nin-process (best of {REPEAT}), seconds; cpu: process time, steadier than wall on a busy machine")
    print(table(["puzzle", "result", "ours", "ours cpu", "baseline", "ours/baseline"], rows))
    print(f"P-99 a-d total: ours {totals['ours']:.4f} s, cpu {totals['ours cpu']:.4f} s (target <= 0.05); "
          f"baseline {totals['base']:.4f} s")

    rows = []
    large: dict[str, float] = {"ours": 0.0, "base": 0.0}
    for path in paths:
        t_ours, _ = whole([str(OURS), "crossword", str(path)], {10, 20})
        t_base, out = whole([sys.executable, str(BASELINE), str(path)], {10, 20})
        check_grids([path], out)
        if path.name in LARGE:
            large["ours"] += t_ours
            large["base"] += t_base
        rows.append([path.name, f"{t_ours:.3f}", f"{t_base:.3f}", f"{t_ours / t_base:.2f}"])
    both = [p for p in paths if p.name in LARGE]
    if len(both) == 2:
        t_base, out = whole([sys.executable, str(BASELINE), *map(str, both)], {10})
        check_grids(both, out)
        if takes_several_files(both):
            t_ours, _ = whole([str(OURS), "crossword", *map(str, both)], {10})
            rows.append(["both large, one command", f"{t_ours:.3f}", f"{t_base:.3f}", f"{t_ours / t_base:.2f}"])
        else:
            rows.append(["both large, one command", "(one FILE only)", f"{t_base:.3f}", "-"])
        rows.append(["both large, one command each", f"{large['ours']:.3f}", f"{large['base']:.3f}",
                     f"{large['ours'] / large['base']:.2f}"])
    t_import, _ = whole([sys.executable, "-c", "import clingo"], {0})
    print(f"\nwhole process (best of {RUNS}), seconds; python -c 'import clingo' alone: {t_import:.3f}")
    print(table(["puzzle", "ours", "baseline", "ours/baseline"], rows))
    print("target: ours/baseline <= 0.5 on the large two")


if __name__ == "__main__":
    main()
