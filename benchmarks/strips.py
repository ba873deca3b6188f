"""Strip exact cover: the 25 MUMS grids plus the meta grid, solved and counted, side by side in one run.

Whole process, as a user runs it (start-up counts): ``pyclingo-puzzles strips FILE --hunt [--count]``
against ``python benchmarks/strips_exact_cover.py FILE [--solve]``, the same chain (tile and count the
25 grids, assemble the meta grid from their 1x1 cells, tile and count it) with exact-cover, the C
Dancing Links package from PyPI; both outputs are compared line by line.

In-process, the 26 grids as one instance:
- ours: pyclingo-puzzles end to end (facts, ground, solve, decode, verify)
- exact-cover: matrix building included
- dfs: a plain depth-first search in the style of the puzzle's write-up, written for this benchmark
"""

from __future__ import annotations

import resource
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from benchmarks.common import ROOT, SHARED, ratio, table, timed, user_env
from benchmarks.strips_exact_cover import tile
from pyclingo_puzzles.strips.hunt import assemble
from pyclingo_puzzles.strips.reader import Grid, StripsInstance, read_instance
from pyclingo_puzzles.strips.solver import solve_grids

# the grids as data in ../shared when present; the shipped instance holds the same grids
SHARED_MUMS = SHARED / "mums2010" / "grids.yaml"
MUMS = SHARED_MUMS if SHARED_MUMS.is_file() else ROOT / "instances" / "strips" / "mums2010.yaml"
BIN = Path(sys.executable).parent
PEER = ROOT / "benchmarks" / "strips_exact_cover.py"
TARGET = 0.75  # issue 15: whole process, counting all 26 grids, ours <= 0.75x exact-cover


def all_grids() -> tuple[StripsInstance, list[Grid]]:
    instance = read_instance(MUMS)
    result = solve_grids(instance)
    meta = assemble(instance, [g.tilings[0] for g in result.grids]).grid
    return instance, [*instance.grids, meta]


# ------------------------------------------------------------------------------------------------ ours


def ours(grids: Sequence[Grid], count: bool) -> list[int]:
    result = solve_grids(StripsInstance("bench", (1, 2, 3), tuple(grids)), count=count)
    return [g.count for g in result.grids]


# ----------------------------------------------------------------------------------------- exact-cover


def exact_cover_run(grids: Sequence[Grid], count: bool) -> list[int]:
    return [tile(grid.rows, count)[1] for grid in grids]


# ----------------------------------------------------------------------------------------------- dfs


def dfs_grid(grid: Grid, count: bool) -> int:
    """Place patterns longest first at every position that shows them, as the write-up does;
    count every tiling, or stop at the first."""
    patterns = sorted({min(p, p[::-1]) for p in _patterns((1, 2, 3))}, key=len, reverse=True)
    cells = {(r, c) for r in range(grid.height) for c in range(grid.width)}
    occupied: set[tuple[int, int]] = set()
    found = 0

    def go(k: int) -> bool:
        nonlocal found
        if len(occupied) == len(cells):
            found += 1
            return not count
        if k == len(patterns):
            return False
        pattern = patterns[k]
        # a pattern may stay unused only while the remaining ones can still cover the free cells
        if sum(len(p) for p in patterns[k + 1 :]) >= len(cells) - len(occupied) and go(k + 1):
            return True
        for r, c in cells:
            for dr, dc in ((0, 1), (1, 0)) if len(pattern) > 1 else ((0, 1),):
                span = [(r + dr * i, c + dc * i) for i in range(len(pattern))]
                if any(s not in cells or s in occupied for s in span):
                    continue
                colours = "".join(grid.rows[y][x] for y, x in span)
                if pattern not in (colours, colours[::-1]):
                    continue
                occupied.update(span)
                stop = go(k + 1)
                occupied.difference_update(span)
                if stop:
                    return True
        return False

    go(0)
    return found


def dfs_run(grids: Sequence[Grid], count: bool) -> list[int]:
    return [dfs_grid(grid, count) for grid in grids]


def _patterns(lengths: Sequence[int]) -> list[str]:
    out = [""]
    pats = []
    for n in range(1, max(lengths) + 1):
        out = [p + ch for p in out for ch in "bw"]
        if n in lengths:
            pats.extend(out)
    return pats


# -------------------------------------------------------------------------------------- whole process


def _output(cmd: Sequence[str]) -> list[str]:
    proc = subprocess.run(cmd, capture_output=True, text=True, env=user_env(), cwd=ROOT)
    return proc.stdout.splitlines()


def side_by_side(commands: Sequence[Sequence[str]], repeat: int = 10) -> list[tuple[float, float, int]]:
    """Whole process, the commands taking turns (a fair share of a busy machine's load): per
    command the best wall and best CPU seconds (user + system) of ``repeat`` runs after a warm-up
    run each, and the last exit code."""
    best = [[float("inf"), float("inf"), 0] for _ in commands]
    for turn in range(repeat + 1):
        for k, cmd in enumerate(commands):
            c0 = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=user_env(), cwd=ROOT)
            wall = time.perf_counter() - t0
            c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = c1.ru_utime + c1.ru_stime - c0.ru_utime - c0.ru_stime
            if turn:  # the first turn warms the caches
                best[k] = [min(best[k][0], wall), min(best[k][1], cpu), proc.returncode]
    return [(wall, cpu, int(code)) for wall, cpu, code in best]


def whole_process() -> list[list[object]]:
    command = str(BIN / "pyclingo-puzzles")
    floors = [[sys.executable, "-c", "import clingo"], [sys.executable, "-c", "import exact_cover, yaml"]]
    rows: list[list[object]] = []
    for label, mine, theirs in (
        ("count all 26", [command, "strips", str(MUMS), "--hunt", "--count"], [sys.executable, str(PEER), str(MUMS)]),
        ("solve all 26", [command, "strips", str(MUMS), "--hunt"], [sys.executable, str(PEER), str(MUMS), "--solve"]),
    ):
        if label.startswith("count"):  # the same count for every grid and the meta grid
            assert _output(mine) == _output(theirs), (label, _output(mine), _output(theirs))
        (wall, cpu, code), (peer_wall, peer_cpu, peer_code), *floor = side_by_side([mine, theirs, *floors])
        assert peer_code == 0, (theirs, peer_code)
        ms = [f"{t * 1000:.0f}" for t in (wall, peer_wall, cpu, peer_cpu)]
        rows.append([f"{label} (exit {code})", *ms[:2], f"{wall / peer_wall:.2f}x", *ms[2:], f"{cpu / peer_cpu:.2f}x"])
    print("whole process, the commands taking turns (best of 10 after a warm-up; cpu = user + system):")
    print("  pyclingo-puzzles strips FILE --hunt [--count] vs python benchmarks/strips_exact_cover.py FILE [--solve]")
    print(f"  FILE = {MUMS.relative_to(ROOT.parent)}")
    print(table(["task", "ours ms", "exact-cover ms", "ours/exact-cover", "ours cpu ms", "exact-cover cpu ms",
                 "cpu ratio"], rows))
    print("start-up floors, same turns: " + "; ".join(
        f"python -c '{cmd[-1]}' {wall * 1000:.0f} ms wall, {cpu * 1000:.0f} ms cpu"
        for cmd, (wall, cpu, _) in zip(floors, floor, strict=True)))
    return rows


def in_process(grids: Sequence[Grid]) -> None:
    rows = []
    for label, count in (("solve all 26", False), ("solve + count all 26", True)):
        t_ours, n_ours = timed(lambda c=count: ours(grids, c), repeat=5)
        t_dlx, n_dlx = timed(lambda c=count: exact_cover_run(grids, c), repeat=5)
        t_dfs, n_dfs = timed(lambda c=count: dfs_run(grids, c), repeat=3)
        assert n_ours == n_dlx == n_dfs, (n_ours, n_dlx, n_dfs)
        rows.append([label, sum(n_ours), f"{t_ours * 1000:.1f}", f"{t_dlx * 1000:.1f}", f"{t_dfs * 1000:.1f}",
                     ratio(t_dlx, t_ours), ratio(t_ours, t_dfs)])
    print("in-process (best of 5; the 26 grids as one instance; same work on each side: one tiling per grid,")
    print("and on the second row the number of tilings per grid)")
    print(table(["task", "tilings", "ours ms", "exact-cover ms", "dfs ms", "ours/exact-cover", "dfs/ours"], rows))


def main() -> None:
    try:
        import exact_cover  # noqa: F401
    except ImportError as exc:
        print(f"(skipped: exact-cover is not installed: {exc}; make bench installs it)")
        return
    _instance, grids = all_grids()
    rows = whole_process()
    print(f"target: whole process, count all 26, ours/exact-cover <= {TARGET}x: "
          + ("met" if float(str(rows[0][3]).rstrip("x")) <= TARGET else "NOT met"))
    print()
    in_process(grids)


if __name__ == "__main__":
    main()
