"""The exact-cover peer of ``benchmarks/strips.py``: the C Dancing Links package from PyPI doing the
work of ``pyclingo-puzzles strips FILE --hunt --count``, so that it can run as a whole process too:

    python benchmarks/strips_exact_cover.py FILE [--solve]

reads the YAML file, finds one tiling of every grid and counts its tilings, assembles the meta grid
from the grids' 1x1 cells, tiles and counts it, prints one ``name: count`` line per grid (``--solve``:
one tiling per grid, no counting, as ``--hunt`` without ``--count``). It imports only what a user of
the package would (yaml with libyaml's loader when built, numpy, exact_cover): no pyclingo_puzzles.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

Rows = Sequence[str]  # a grid: row strings of b/w


def strip_rows(grid: Rows, lengths: Sequence[int]) -> tuple[list[list[int]], int]:
    """Rows of the exact-cover matrix: cells + one column per pattern (a slack row per pattern
    stands for "pattern unused", so every pattern column is primary)."""
    height, width = len(grid), len(grid[0])
    cells = {(r, c): r * width + c for r in range(height) for c in range(width)}
    patterns: dict[str, int] = {}
    rows: list[list[int]] = []
    for (r, c) in cells:
        for length in lengths:
            for dr, dc in ((0, 1), (1, 0)) if length > 1 else ((0, 1),):
                span = [(r + dr * i, c + dc * i) for i in range(length)]
                if not all(s in cells for s in span):
                    continue
                colours = "".join(grid[y][x] for y, x in span)
                key = min(colours, colours[::-1])
                col = patterns.setdefault(key, len(cells) + len(patterns))
                rows.append([cells[s] for s in span] + [col])
    for col in patterns.values():
        rows.append([col])
    return rows, len(cells) + len(patterns)


def tile(grid: Rows, count: bool, lengths: Sequence[int] = (1, 2, 3)) -> tuple[list[list[int]], int]:
    """One tiling (the cells of each strip, empty when there is none) and the number of tilings
    (0 or 1 unless ``count``)."""
    import exact_cover
    import numpy as np

    rows, width = strip_rows(grid, lengths)
    matrix = np.zeros((len(rows), width), dtype=np.int32)
    for i, row in enumerate(rows):
        matrix[i, row] = 1
    cells = width - sum(1 for row in rows if len(row) == 1)  # a slack row covers one pattern column
    try:
        chosen = exact_cover.get_exact_cover(matrix)
    except exact_cover.error.NoSolution:
        return [], 0
    strips = [[k for k in rows[i] if k < cells] for i in chosen]
    return [s for s in strips if s], int(exact_cover.get_solution_count(matrix)) if count else 1


def hunt(grids: Sequence[Rows], count: bool) -> list[int]:
    """Tile every grid, put each grid's 1x1 colour at that cell's position, tile that meta grid:
    the tiling counts of the grids and of the meta grid."""
    counts, colours = [], {}
    for grid in grids:
        strips, n = tile(grid, count)
        counts.append(n)
        width = len(grid[0])
        for strip in strips:
            if len(strip) == 1:
                r, c = divmod(strip[0], width)
                colours[(r, c)] = grid[r][c]
    height, width = len(grids[0]), len(grids[0][0])
    meta = ["".join(colours[(r, c)] for c in range(width)) for r in range(height)]
    return [*counts, tile(meta, count)[1]]


def main(argv: Sequence[str]) -> int:
    import yaml

    with open(argv[0], encoding="utf-8") as f:
        doc = yaml.load(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    entries = doc["grids"]
    counts = hunt([e["rows"] for e in entries], count="--solve" not in argv[1:])
    for name, n in zip([*(e["name"] for e in entries), "meta"], counts, strict=True):
        print(f"{name}: {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
