"""Shaped word searches: masks of usable cells, read from YAML rows or drawn from a built-in shape.

A mask is a tuple of equal-length rows over ``#`` (usable cell) and ``.`` (not part of the grid);
its bounding box is the grid's. Built-in shapes are drawn to any width x height by pure geometry:
a cell is usable when at least half of its area (sampled on a k x k grid of points) lies inside the
figure. The left half is computed and mirrored (every built-in shape is symmetric left-right; the
circle, diamond and donut also top-bottom), so symmetry is exact, not subject to rounding.

The generator uses a mask in three places: candidates run over usable cells only
(``fits``/``count_runs``), the filler fills usable cells only (``empty_grid`` marks the rest
``BLOCK``), and the scanner reads ``BLOCK`` as a non-letter, so no word is ever read across an
unusable cell.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Protocol

from ..core.errors import InputError, shown
from ..formats.yamlio import YamlDoc

Mask = tuple[str, ...]
USABLE, UNUSABLE = "#", "."
BLOCK = " "  # an unusable cell in a finished grid: never a letter, so the scanner reads across nothing
MAX_SAMPLES = 400_000  # sample points per shape drawing: fewer points per cell on big grids


class Sized(Protocol):
    """What the grid helpers read of a ``WordSearchInstance`` (reader.py imports this module)."""

    @property
    def path(self) -> str: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def mask(self) -> Mask | None: ...
    @property
    def shape(self) -> str | None: ...


# ----------------------------------------------------------------------------------- built-in shapes


def _star_polygon() -> list[tuple[float, float]]:
    """A five-pointed star, apex up, outer radius 1 (y up)."""
    inner = 0.5  # fatter than the regular pentagram (0.38), so the points stay words wide on a grid
    points = []
    for i in range(10):
        angle = math.radians(90 + 36 * i)
        radius = 1.0 if i % 2 == 0 else inner
        points.append((radius * math.cos(angle), radius * math.sin(angle)))
    return points


STAR = _star_polygon()
STAR_BOTTOM = min(y for _, y in STAR)
STAR_HALF_WIDTH = max(x for x, _ in STAR)


def _inside_polygon(x: float, y: float, poly: Sequence[tuple[float, float]]) -> bool:
    inside = False
    for (x0, y0), (x1, y1) in zip(poly, [*poly[1:], poly[0]], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _heart(u: float, v: float) -> bool:
    # the classic heart curve (x^2 + y^2 - 1)^3 <= x^2 y^3, which spans x in [-1.139, 1.139] and
    # y in [-1, 1.236]; the box is stretched over it (v grows downwards)
    x = u * 1.139
    y = 1.236 - (v + 1) / 2 * 2.236
    return (x * x + y * y - 1) ** 3 - x * x * y**3 <= 0


def _star(u: float, v: float) -> bool:
    x = u * STAR_HALF_WIDTH
    y = 1 - (v + 1) / 2 * (1 - STAR_BOTTOM)
    return _inside_polygon(x, y, STAR)


# Each test takes the cell point (u, v) in [-1, 1]^2, v downwards, and says if it is in the figure;
# the flag says whether the figure is also symmetric top-bottom.
SHAPES: dict[str, tuple[Callable[[float, float], bool], bool]] = {
    "circle": (lambda u, v: u * u + v * v <= 1, True),
    "diamond": (lambda u, v: abs(u) + abs(v) <= 1, True),
    "donut": (lambda u, v: 0.25 <= u * u + v * v <= 1, True),  # the hole has half the radius
    "heart": (_heart, False),
    "star": (_star, False),
    "triangle": (lambda u, v: abs(u) <= (v + 1) / 2, False),  # apex up, base along the bottom
}


def draw(name: str, width: int, height: int) -> Mask:
    """The built-in shape ``name`` drawn to ``width`` x ``height`` cells (ValueError if unknown)."""
    if name not in SHAPES:
        raise ValueError(name)
    test, top_bottom = SHAPES[name]
    k = max(1, min(4, math.isqrt(MAX_SAMPLES // max(1, width * height))))  # samples per cell side
    # sample coordinates as integer fractions: the mirror image of a point is exactly its negation
    wk, hk = width * k, height * k

    def usable(r: int, c: int) -> bool:
        inside = sum(
            test((2 * (c * k + i) + 1 - wk) / wk, (2 * (r * k + j) + 1 - hk) / hk) for i in range(k) for j in range(k)
        )
        return 3 * inside >= k * k  # a third of the cell: thin points and apexes still get their cell

    rows: list[str] = []
    half_rows = (height + 1) // 2 if top_bottom else height
    for r in range(half_rows):
        left = [USABLE if usable(r, c) else UNUSABLE for c in range((width + 1) // 2)]
        rows.append("".join(left + left[: width // 2][::-1]))
    if top_bottom:
        rows += rows[: height // 2][::-1]
    return tuple(rows)


def has_hole(mask: Mask) -> bool:
    """An unusable cell that cannot reach the border through unusable cells (4-neighbourhood)."""
    height, width = len(mask), len(mask[0])
    outside = {(r, c) for r in range(height) for c in range(width) if mask[r][c] == UNUSABLE}
    seen = {(r, c) for r, c in outside if r in (0, height - 1) or c in (0, width - 1)}
    stack = list(seen)
    while stack:
        r, c = stack.pop()
        for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if cell in outside and cell not in seen:
                seen.add(cell)
                stack.append(cell)
    return len(seen) < len(outside)


# ------------------------------------------------------------------------------------------ reading


def read_mask(doc: YamlDoc) -> Mask | None:
    """The ``mask`` key: a list of row strings or one block string of rows; None when absent."""
    raw = doc.data.get("mask")
    if raw is None:
        return None
    if doc.data.get("shape") is not None:
        raise doc.error("give either 'mask' or 'shape', not both", "shape")
    if isinstance(raw, str):
        first = doc.line("mask") or 0
        lines = raw.rstrip("\n").split("\n")
        below = 1 if len(lines) > 1 else 0  # `mask: |` puts row 1 on the line after the key
        rows = [(row.strip(), first + below + i) for i, row in enumerate(lines)]
    elif isinstance(raw, list) and all(isinstance(row, str) for row in raw):
        rows = [(row.strip(), doc.line("mask", i)) for i, row in enumerate(raw)]
    else:
        raise doc.error("'mask' must be rows of '#' (usable cell) and '.' (no cell), as a list or a block", "mask")
    if not rows or not rows[0][0]:
        raise doc.error("'mask' is empty", "mask")
    width = len(rows[0][0])
    for i, (row, line) in enumerate(rows):
        bad = next((ch for ch in row if ch not in (USABLE, UNUSABLE)), None)
        if bad is not None:
            raise InputError(f"mask row {i + 1} has {bad!r}; use '#' (usable cell) and '.' (no cell)", doc.path, line)
        if len(row) != width:
            raise InputError(f"mask row {i + 1} has {len(row)} cells, row 1 has {width}", doc.path, line)
    mask = tuple(row for row, _ in rows)
    if not any(USABLE in row for row in mask):
        raise doc.error("the mask has no usable cell ('#')", "mask")
    return mask


def read_shape(doc: YamlDoc) -> str | None:
    name = doc.data.get("shape")
    if name is None:
        return None
    if not isinstance(name, str) or name.strip().lower() not in SHAPES:
        raise doc.error(f"unknown shape {shown(name)} (built-in: {', '.join(sorted(SHAPES))})", "shape")
    return name.strip().lower()


def shaped(name: str, width: int, height: int, path: str, line: int | None = None) -> Mask:
    """The built-in shape at this size, or an InputError when the size is too small to draw it."""
    mask = draw(name, width, height)
    if not any(USABLE in row for row in mask) or (name == "donut" and not has_hole(mask)):
        raise InputError(f"{width}x{height} is too small to draw a {name}", path, line)
    return mask


# ------------------------------------------------------------------------------ use in the generator


@lru_cache(maxsize=64)
def _runs(mask: Mask, dx: int, dy: int) -> tuple[tuple[int, ...], ...]:
    """Per cell: how many usable cells in a row start there in direction (dx, dy)."""
    height, width = len(mask), len(mask[0])
    runs = [[0] * width for _ in range(height)]
    rows = range(height - 1, -1, -1) if dy > 0 else range(height)
    cols = range(width - 1, -1, -1) if dx > 0 else range(width)
    for r in rows:  # the next cell along the direction is always computed first
        for c in cols:
            if mask[r][c] == USABLE:
                nr, nc = r + dy, c + dx
                runs[r][c] = 1 + (runs[nr][nc] if 0 <= nr < height and 0 <= nc < width else 0)
    return tuple(tuple(row) for row in runs)


def fits(mask: Mask | None, row: int, col: int, dx: int, dy: int, length: int) -> bool:
    """A word of ``length`` letters starting at (row, col) in (dx, dy) lies on usable cells only.
    (The caller keeps it inside the bounding box.)"""
    return mask is None or _runs(mask, dx, dy)[row][col] >= length


@lru_cache(maxsize=1024)
def count_runs(mask: Mask, length: int, dx: int, dy: int) -> int:
    """How many placements of ``length`` letters in direction (dx, dy) lie on usable cells."""
    return sum(n >= length for row in _runs(mask, dx, dy) for n in row)


def empty_grid(inst: Sized, free: str) -> list[list[str]]:
    """The grid before placing: ``free`` in usable cells, ``BLOCK`` in the others."""
    if inst.mask is None:
        return [[free] * inst.width for _ in range(inst.height)]
    return [[free if ch == USABLE else BLOCK for ch in row] for row in inst.mask]


def resize(inst: Sized, width: int, height: int) -> Mask | None:
    """The mask for ``--size``: a built-in shape is drawn anew; rows given in the file cannot resize."""
    if inst.shape is not None:
        return shaped(inst.shape, width, height, inst.path)
    if inst.mask is not None and (width, height) != (len(inst.mask[0]), len(inst.mask)):
        raise InputError("--size cannot resize a mask given as rows (use 'shape:' or edit the mask)", inst.path)
    return inst.mask
