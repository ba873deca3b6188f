"""Strip exact cover: the 25 MUMS grids plus the meta grid, solved and counted, three ways in one run.

- ours: pyclingo-puzzles end to end in-process (read, facts, ground, solve, decode, verify)
- exact-cover: the C Dancing Links package from PyPI (matrix building included)
- dfs: a plain depth-first search in the style of the puzzle's write-up, written for this benchmark
"""

from __future__ import annotations

from collections.abc import Sequence

from benchmarks.common import ROOT, ratio, table, timed
from pyclingo_puzzles.strips.hunt import assemble
from pyclingo_puzzles.strips.instance import Grid, StripsInstance, read_instance
from pyclingo_puzzles.strips.solver import solve_grids

MUMS = ROOT / "instances" / "strips" / "mums2010.yaml"


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


def strip_rows(grid: Grid, lengths: Sequence[int]) -> tuple[list[list[int]], int]:
    """Rows of the exact-cover matrix: cells + one column per pattern (a slack row per pattern
    stands for "pattern unused", so every pattern column is primary)."""
    cells = {(r, c): r * grid.width + c for r in range(grid.height) for c in range(grid.width)}
    patterns: dict[str, int] = {}
    rows: list[list[int]] = []
    for (r, c) in cells:
        for length in lengths:
            for dr, dc in ((0, 1), (1, 0)) if length > 1 else ((0, 1),):
                span = [(r + dr * i, c + dc * i) for i in range(length)]
                if not all(s in cells for s in span):
                    continue
                colours = "".join(grid.rows[y][x] for y, x in span)
                key = min(colours, colours[::-1])
                col = patterns.setdefault(key, len(cells) + len(patterns))
                rows.append([cells[s] for s in span] + [col])
    for col in patterns.values():
        rows.append([col])
    return rows, len(cells) + len(patterns)


def exact_cover_run(grids: Sequence[Grid], count: bool) -> list[int]:
    import exact_cover
    import numpy as np

    counts = []
    for grid in grids:
        rows, width = strip_rows(grid, (1, 2, 3))
        matrix = np.zeros((len(rows), width), dtype=np.int32)
        for i, row in enumerate(rows):
            matrix[i, row] = 1
        try:
            exact_cover.get_exact_cover(matrix)  # a tiling to show, as ours returns one per grid
            found = 1
        except exact_cover.error.NoSolution:
            found = 0
        counts.append(int(exact_cover.get_solution_count(matrix)) if count else found)
    return counts


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


def main() -> None:
    _instance, grids = all_grids()
    rows = []
    for label, count in (("solve all 26", False), ("solve + count all 26", True)):
        t_ours, n_ours = timed(lambda c=count: ours(grids, c), repeat=5)
        t_dlx, n_dlx = timed(lambda c=count: exact_cover_run(grids, c), repeat=5)
        t_dfs, n_dfs = timed(lambda c=count: dfs_run(grids, c), repeat=3)
        assert n_ours == n_dlx == n_dfs, (n_ours, n_dlx, n_dfs)
        rows.append([label, sum(n_ours), f"{t_ours * 1000:.1f}", f"{t_dlx * 1000:.1f}", f"{t_dfs * 1000:.1f}",
                     ratio(t_dlx, t_ours), ratio(t_ours, t_dfs)])
    print(table(["task", "tilings", "ours ms", "exact-cover ms", "dfs ms", "ours/exact-cover", "dfs/ours"], rows))
    print("same work on each side: one tiling per grid (+ the number of tilings per grid on the second row);")
    print("goal: ours within 2x of exact-cover (ours/exact-cover <= 2.0x) and ahead of dfs (dfs/ours > 1x)")


if __name__ == "__main__":
    main()
