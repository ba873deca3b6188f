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
  takes several (the baseline script always does; ours with its default ``--jobs`` and with
  ``--jobs 1``, one process like the script). Best of ``RUNS`` runs; start-up counts.

Targets (issue 15): in-process 19.01 <= 0.05 s and P-99 a-d total <= 0.05 s; whole process on the
large two, ours <= 0.5 x the baseline.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from benchmarks import p99_baseline as baseline
from benchmarks.common import SHARED, process_times, table, timed
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
    assert len(blocks) == len(paths) + 1, "the baseline printed fewer answers than files"  # + the last newline
    for path, block in zip(paths, blocks[:-1], strict=True):
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


def whole(cmd: list[str], ok: set[int]) -> tuple[float, float]:
    """Best wall and CPU seconds of RUNS runs of ``cmd`` (after a warm-up); its exit code must be in ``ok``."""
    wall, cpu, code = process_times(cmd, repeat=RUNS)
    assert code in ok, f"{' '.join(cmd)}: exit {code}"
    return wall, cpu


def baseline_checked(paths: list[Path]) -> tuple[float, float]:
    """The baseline script on ``paths``: its printed grids verified, then timed."""
    proc = subprocess.run([sys.executable, str(BASELINE), *map(str, paths)], capture_output=True, text=True)
    check_grids(paths, proc.stdout)
    return whole([sys.executable, str(BASELINE), *map(str, paths)], {10, 20})


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
    large = {"ours": [0.0, 0.0], "base": [0.0, 0.0]}

    def row(name: str, ours_t: Sequence[float], base_t: Sequence[float]) -> list[str]:
        return [name, f"{ours_t[0]:.3f}", f"{ours_t[1]:.3f}", f"{base_t[0]:.3f}", f"{base_t[1]:.3f}",
                f"{ours_t[0] / base_t[0]:.2f}", f"{ours_t[1] / base_t[1]:.2f}"]

    for path in paths:
        t_ours = whole([str(OURS), "crossword", str(path)], {10, 20})
        t_base = baseline_checked([path])
        if path.name in LARGE:
            for k in (0, 1):
                large["ours"][k] += t_ours[k]
                large["base"][k] += t_base[k]
        rows.append(row(path.name, t_ours, t_base))
    both = [p for p in paths if p.name in LARGE]
    if len(both) == 2:
        rows.append(row("both large, one command each", large["ours"], large["base"]))
        t_base = baseline_checked(both)
        if takes_several_files(both):
            command = [str(OURS), "crossword", *map(str, both)]
            rows.append(row("both large, one command", whole(command, {10}), t_base))
            rows.append(row("both large, one command, --jobs 1", whole([*command, "--jobs", "1"], {10}), t_base))
        else:
            rows.append(["both large, one command", "(one FILE only)", "", *row("", t_base, t_base)[3:5], "-", "-"])
    bare = whole([sys.executable, "-c", "pass"], {0})
    wall, cpu = whole([sys.executable, "-c", "import clingo"], {0})
    print(f"\nwhole process (best of {RUNS} after a warm-up), seconds; python -c pass: wall {bare[0]:.3f}, "
          f"cpu {bare[1]:.3f}; python -c 'import clingo': wall {wall:.3f}, cpu {cpu:.3f}")
    print(table(["puzzle", "ours", "ours cpu", "baseline", "base cpu", "ours/base", "cpu ours/base"], rows))
    print("target: ours/baseline <= 0.5 on the large two")


if __name__ == "__main__":
    main()
