"""The independent verifier: scan a finished grid for every word in all 8 directions.

Plain string search over the grid's rows, columns and both diagonal families, forwards and
backwards. An occurrence is the set of cells a word is read from (a palindrome read both ways is
one occurrence). A valid puzzle has every word exactly once, at its placement, and no two words on
the same cells (STOP and POTS on one strip would each occur once, yet the player finds one strip).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

Cell = tuple[int, int]  # (row, col)
SEPARATOR = "\0"  # between lines, never a letter


@dataclass(frozen=True)
class Placement:
    word: str
    row: int
    col: int
    dx: int  # along the row
    dy: int  # down

    def cells(self) -> list[Cell]:
        return [(self.row + self.dy * i, self.col + self.dx * i) for i in range(len(self.word))]

    def as_dict(self) -> dict[str, Any]:
        return {"word": self.word, "row": self.row, "col": self.col, "dx": self.dx, "dy": self.dy}


class GridIndex:
    """The grid's lines in four orientations, each joined into one string with a cell map."""

    def __init__(self, grid: Sequence[str]):
        height, width = len(grid), len(grid[0]) if grid else 0
        starts: dict[tuple[int, int], list[Cell]] = {
            (0, 1): [(r, 0) for r in range(height)],  # rows, left to right
            (1, 0): [(0, c) for c in range(width)],  # columns, top to bottom
            (1, 1): [(0, c) for c in range(width)] + [(r, 0) for r in range(1, height)],
            (1, -1): [(0, c) for c in range(width)] + [(r, width - 1) for r in range(1, height)],
        }
        self.families: list[tuple[str, list[Cell | None]]] = []
        for (dr, dc), firsts in starts.items():
            chars: list[str] = []
            cells: list[Cell | None] = []
            for r, c in firsts:
                while 0 <= r < height and 0 <= c < width:
                    chars.append(grid[r][c])
                    cells.append((r, c))
                    r, c = r + dr, c + dc
                chars.append(SEPARATOR)
                cells.append(None)
            self.families.append(("".join(chars), cells))

    def occurrences(self, word: str) -> list[frozenset[Cell]]:
        """Every distinct cell set from which ``word`` can be read, in any of the 8 directions."""
        found: set[frozenset[Cell]] = set()
        for text, cells in self.families:
            for needle in {word, word[::-1]}:
                i = text.find(needle)
                while i >= 0:
                    found.add(frozenset(cells[i : i + len(word)]))  # type: ignore[arg-type]
                    i = text.find(needle, i + 1)
        return sorted(found, key=sorted)


def occurrences(grid: Sequence[str], word: str) -> list[frozenset[Cell]]:
    return GridIndex(grid).occurrences(word)


def verify(
    grid: Sequence[str], placements: Sequence[Placement], words: Sequence[str], absent: Sequence[str] = ()
) -> list[str]:
    """Problems with a finished puzzle (empty = every word exactly once, where it was placed, and
    no ``absent`` word anywhere)."""
    if not grid or any(len(row) != len(grid[0]) for row in grid):
        return ["grid rows differ in length"]
    problems = []
    index = GridIndex(grid)
    by_word = {p.word: p for p in placements}
    on_cells: dict[frozenset[Cell], str] = {}  # two words on one strip of cells: the player finds one
    for p in placements:
        other = on_cells.setdefault(frozenset(p.cells()), p.word)
        if other != p.word:
            problems.append(f"{other} and {p.word} are placed on the same cells")
    for word in words:
        if word not in by_word:
            problems.append(f"{word} is not placed")
            continue
        found = index.occurrences(word)
        placed = frozenset(by_word[word].cells())
        if len(found) != 1:
            problems.append(f"{word} occurs {len(found)} times")
        elif found[0] != placed:
            problems.append(f"{word} occurs elsewhere than its placement")
    problems.extend(f"dropped word {word} occurs" for word in absent if index.occurrences(word))
    return problems
