"""Layouts: placed words on an unbounded grid, their letters, crossings, bounding box and numbering."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from ..core.grid import Placement

Cell = tuple[int, int]


def letters(placements: Iterable[Placement]) -> dict[Cell, str]:
    """Cell -> letter (a later word overwrites a clash; the checker judges clashes separately)."""
    out: dict[Cell, str] = {}
    for p in placements:
        for cell, ch in zip(p.cells(), p.word, strict=True):
            out[cell] = ch
    return out


def crossings(placements: Iterable[Placement]) -> int:
    """Cells covered by an across and a down word."""
    across: set[Cell] = set()
    down: set[Cell] = set()
    for p in placements:
        (across if p.dir == "across" else down).update(p.cells())
    return len(across & down)


def bounds(cells: Iterable[Cell]) -> tuple[int, int, int, int]:
    """(min row, min col, height, width) of a cell set ((0, 0, 0, 0) when empty)."""
    cs = list(cells)
    if not cs:
        return 0, 0, 0, 0
    rows = [r for r, _ in cs]
    cols = [c for _, c in cs]
    return min(rows), min(cols), max(rows) - min(rows) + 1, max(cols) - min(cols) + 1


@dataclass(frozen=True)
class Layout:
    """Placements normalised so the bounding box starts at (0, 0), in reading order."""

    placements: tuple[Placement, ...]

    @classmethod
    def of(cls, placements: Iterable[Placement]) -> Layout:
        ps = list(placements)
        cells = [cell for p in ps for cell in p.cells()]
        r0, c0, _, _ = bounds(cells)
        moved = [Placement(p.word, p.row - r0, p.col - c0, p.dir) for p in ps]
        return cls(tuple(sorted(moved, key=lambda p: (p.row, p.col, p.dir))))

    # cached: the search compares layouts many thousand times (cached_property writes the
    # instance __dict__ directly, which a frozen dataclass allows)
    @cached_property
    def cells(self) -> dict[Cell, str]:
        return letters(self.placements)

    @cached_property
    def _box(self) -> tuple[int, int, int, int]:
        return bounds(list(self.cells))

    @property
    def height(self) -> int:
        return self._box[2]

    @property
    def width(self) -> int:
        return self._box[3]

    @property
    def area(self) -> int:
        return self._box[2] * self._box[3]

    @cached_property
    def crossings(self) -> int:
        return crossings(self.placements)

    def rows(self) -> list[str]:
        """The grid, one string per row, blanks as spaces."""
        cells = self.cells
        return ["".join(cells.get((r, c), " ") for c in range(self.width)) for r in range(self.height)]

    def transposed(self) -> Layout:
        flip = {"across": "down", "down": "across"}
        return Layout.of(Placement(p.word, p.col, p.row, flip[p.dir]) for p in self.placements)
