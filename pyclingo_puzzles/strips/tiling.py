"""Tilings: facts for the encoding, decoding of ``use/5``, the independent verifier, outlines."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from clingo import Function, Number, Symbol, SymbolType

from ..core.errors import derived_error
from .reader import Grid, StripsInstance

Cell = tuple[int, int]


@dataclass(frozen=True)
class Strip:
    cells: tuple[Cell, ...]  # in order along the strip
    pattern: str  # colours along the strip, e.g. "bwb"

    def as_dict(self) -> dict[str, Any]:
        return {"cells": [list(c) for c in self.cells], "pattern": self.pattern}


@dataclass(frozen=True)
class Tiling:
    grid: Grid
    strips: tuple[Strip, ...]  # sorted by first cell

    def single(self) -> list[Strip]:
        return [s for s in self.strips if len(s.cells) == 1]


def grid_facts(instance: StripsInstance, ids: Sequence[int] | None = None) -> Iterator[Symbol]:
    """``strip_length/1``, ``grid/1``, ``color/4`` for the grids with the given ids (default all)."""
    for length in instance.strip_lengths:
        yield Function("strip_length", [Number(length)])
    ids = range(len(instance.grids)) if ids is None else ids
    # one symbol per number and colour, shared by all facts: building symbols is most of the cost
    size = max([len(instance.grids), *(max(g.height, g.width) for g in instance.grids)])
    numbers = [Number(i) for i in range(size)]
    colours = {x: Function(x) for x in "bw"}
    for g in ids:
        yield Function("grid", [numbers[g]])
        for r, row in enumerate(instance.grids[g].rows):
            for c, colour in enumerate(row):
                yield Function("color", [numbers[g], numbers[r], numbers[c], colours[colour]])


NOT_A_STRIP = "which is not a strip of a grid"


# use(G, R, C, D, L) as clingo prints it: one str() per atom instead of a dozen calls into clingo
USE = re.compile(r"use\((-?\d+),(-?\d+),(-?\d+),([hv]),(-?\d+)\)")


NAMES_NO_GRID = "which names no grid"


def names_grid(arg: Symbol, n: int) -> bool:
    """Whether ``arg`` (of a ``tiled/1`` atom) is the index of one of ``n`` grids."""
    return arg.type is SymbolType.Number and 0 <= arg.number < n


def decode(
    symbols: Sequence[Symbol], grids: Sequence[Grid], rules: Sequence[str | Path] = ()
) -> dict[int, Tiling]:
    """``use(G, R, C, D, L)`` atoms -> one tiling per grid id present in the model. An atom that
    names no grid, leaves it or has no direction h/v comes from the user's ``rules``: reported,
    never a crash (overlaps and wrong lengths are left to the verifier)."""
    strips: dict[int, list[Strip]] = {}
    for sym in symbols:
        m = USE.fullmatch(str(sym))
        if m is None:
            if sym.name == "use" and len(sym.arguments) == 5:
                raise derived_error(sym, NOT_A_STRIP, rules)  # use/5 of a shape no strip has
            if sym.name == "tiled" and len(sym.arguments) == 1 and not names_grid(sym.arguments[0], len(grids)):
                raise derived_error(sym, NAMES_NO_GRID, rules)  # e.g. tiled(99) from the user's rules
            continue
        g, r, c, length = int(m[1]), int(m[2]), int(m[3]), int(m[5])
        if not 0 <= g < len(grids):
            raise derived_error(sym, NOT_A_STRIP, rules)
        grid = grids[g]
        dr, dc = (0, 1) if m[4] == "h" else (1, 0)
        if not (length >= 1 and 0 <= r < grid.height and 0 <= c < grid.width) or not (
            r + dr * (length - 1) < grid.height and c + dc * (length - 1) < grid.width
        ):
            raise derived_error(sym, NOT_A_STRIP, rules)
        cells = tuple((r + dr * i, c + dc * i) for i in range(length))
        pattern = "".join(grid.rows[rr][cc] for rr, cc in cells)
        strips.setdefault(g, []).append(Strip(cells, pattern))
    return {g: Tiling(grids[g], tuple(sorted(ss, key=lambda s: s.cells))) for g, ss in strips.items()}


def verify(tiling: Tiling, lengths: Sequence[int]) -> list[str]:
    """Independent check: exact cover, straight contiguous strips of allowed lengths, colours right,
    no two strips with the same pattern up to reversal."""
    grid = tiling.grid
    problems: list[str] = []
    seen: dict[Cell, int] = {}
    patterns: dict[str, int] = {}
    for k, strip in enumerate(tiling.strips):
        cells = strip.cells
        if len(cells) not in lengths:
            problems.append(f"strip {k} has length {len(cells)}, not allowed")
        if len(cells) > 1:
            steps = {(b[0] - a[0], b[1] - a[1]) for a, b in itertools.pairwise(cells)}
            if steps not in ({(0, 1)}, {(1, 0)}):
                problems.append(f"strip {k} is not a straight run of neighbouring cells: {cells}")
        for r, c in cells:
            if not (0 <= r < grid.height and 0 <= c < grid.width):
                problems.append(f"strip {k} leaves the grid at {(r, c)}")
                continue
            if (r, c) in seen:
                problems.append(f"cell {(r, c)} covered by strips {seen[(r, c)]} and {k}")
            seen[(r, c)] = k
        colours = "".join(grid.rows[r][c] for r, c in cells if 0 <= r < grid.height and 0 <= c < grid.width)
        if colours != strip.pattern:
            problems.append(f"strip {k} claims pattern {strip.pattern} but covers {colours}")
        key = min(colours, colours[::-1])
        if key in patterns:
            problems.append(f"strips {patterns[key]} and {k} share the pattern {key}")
        patterns[key] = k
    missing = [(r, c) for r in range(grid.height) for c in range(grid.width) if (r, c) not in seen]
    if missing:
        problems.append(f"cells not covered: {missing}")
    return problems


def outline(tiling: Tiling, bottom_up: bool = False) -> list[str]:
    """The tiling drawn with ``|`` and ``_``: a top border line, then one line per row in which each
    cell shows its left wall and its floor; walls are left out inside a strip. ``bottom_up`` draws
    row 0 at the bottom (the convention of the puzzle's original write-up)."""
    grid = tiling.grid
    owner: dict[Cell, int] = {cell: k for k, s in enumerate(tiling.strips) for cell in s.cells}
    lines = [" _" * grid.width + " "]
    step = -1 if bottom_up else 1
    for r in range(grid.height - 1, -1, -1) if bottom_up else range(grid.height):
        line = ""
        for c in range(grid.width):
            joined_left = c > 0 and owner.get((r, c - 1)) == owner.get((r, c))
            below = r + step
            joined_below = 0 <= below < grid.height and owner.get((below, c)) == owner.get((r, c))
            line += (" " if joined_left else "|") + (" " if joined_below else "_")
        lines.append(line + "|")
    return lines


def side_by_side(blocks: Sequence[list[str]], per_row: int) -> str:
    """Several outlines per row, separated by one space."""
    out: list[str] = []
    for start in range(0, len(blocks), per_row):
        group = blocks[start : start + per_row]
        height = max(len(b) for b in group)
        width = [max(len(line) for line in b) for b in group]
        for i in range(height):
            out.append(" ".join((b[i] if i < len(b) else "").ljust(w) for b, w in zip(group, width, strict=True)))
    return "\n".join(line.rstrip() for line in out)
