"""An independent plain-Python exact-cover enumerator for strip tilings (test oracle only)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache


def count_tilings(rows: Sequence[str], lengths: Sequence[int], at_most: int | None = None) -> int:
    """Count tilings, or up to ``at_most`` of them (each grid counted once per test process: several
    tests ask for the same ones)."""
    return _count_tilings(tuple(rows), tuple(lengths), at_most)


@cache
def _count_tilings(rows: tuple[str, ...], lengths: tuple[int, ...], at_most: int | None) -> int:
    """Count tilings: cover the first free cell (reading order) by every strip that can start there;
    with ``at_most``, stop once that many are found."""
    height, width = len(rows), len(rows[0])
    covered = [[False] * width for _ in range(height)]
    used: set[str] = set()

    def first_free() -> tuple[int, int] | None:
        for r in range(height):
            for c in range(width):
                if not covered[r][c]:
                    return r, c
        return None

    def go() -> int:
        free = first_free()
        if free is None:
            return 1
        r, c = free
        total = 0
        for length in lengths:
            for dr, dc in ((0, 1), (1, 0)) if length > 1 else ((0, 1),):
                cells = [(r + dr * i, c + dc * i) for i in range(length)]
                if any(not (0 <= y < height and 0 <= x < width) or covered[y][x] for y, x in cells):
                    continue
                colours = "".join(rows[y][x] for y, x in cells)
                key = min(colours, colours[::-1])
                if key in used:
                    continue
                used.add(key)
                for y, x in cells:
                    covered[y][x] = True
                total += go()
                for y, x in cells:
                    covered[y][x] = False
                used.discard(key)
                if at_most is not None and total >= at_most:
                    return total
        return total

    return go()
