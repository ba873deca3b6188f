"""Independent checker of a layout: rebuilds the grid from the placements and rescans every run.

It shares no logic with ``encodings/layout.lp``: letters are written cell by cell, maximal runs are
found by scanning rows and columns, connectivity by a breadth-first search over filled cells.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Sequence

from ..core.grid import Placement


def check(words: Sequence[str], placements: Sequence[Placement]) -> list[str]:
    """Problems found (empty = a valid layout of exactly ``words``)."""
    problems: list[str] = []
    used = Counter(p.word for p in placements)
    for w in words:
        if used[w] != 1:
            problems.append(f"{w} is placed {used[w]} times")
    problems.extend(f"{w} is not in the word list" for w in used if w not in set(words))
    grid: dict[tuple[int, int], str] = {}
    clashes: list[str] = []
    for p in placements:
        if p.dir not in ("across", "down"):
            clashes.append(f"{p.word} has direction {p.dir!r}")
            continue
        for i, ch in enumerate(p.word):
            cell = (p.row, p.col + i) if p.dir == "across" else (p.row + i, p.col)
            if grid.setdefault(cell, ch) != ch:
                clashes.append(f"cell {cell} holds {grid[cell]} and {ch}")
    if clashes:
        return problems + clashes
    starts = {(p.row, p.col, p.dir): p.word for p in placements}
    runs: dict[tuple[int, int, str], str] = {}
    for r, c in grid:
        for d, (dr, dc) in (("across", (0, 1)), ("down", (1, 0))):
            if (r - dr, c - dc) in grid:
                continue
            text = ""
            while (r + dr * len(text), c + dc * len(text)) in grid:
                text += grid[(r + dr * len(text), c + dc * len(text))]
            if len(text) >= 2:
                runs[(r, c, d)] = text
    for key, text in sorted(runs.items()):
        if starts.get(key) != text:
            problems.append(f"the run {text} at {key} is not a listed word placed there")
    for key, word in sorted(starts.items()):
        if runs.get(key) != word:
            problems.append(f"{word} at {key} is not a whole run (reads {runs.get(key)!r})")
    if grid:
        first = next(iter(grid))
        seen = {first}
        queue = deque([first])
        while queue:
            r, c = queue.popleft()
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb in grid and nb not in seen:
                    seen.add(nb)
                    queue.append(nb)
        if len(seen) != len(grid):
            problems.append(f"not connected: {len(grid) - len(seen)} of {len(grid)} letters unreachable")
    return problems
