"""Crossword frameworks: places, predefined letters, blocks, and the sites they form.

A framework is a list of row strings in one notation, wherever it comes from (a ``.dat``, YAML,
a ``.grid``, the Python API, the web app): ``.`` is an empty place, ``#`` a block, a letter a place
with that letter given (the canonical set, which .puz/.ipuz readers write too); ``_`` is read as an
empty place and ``*`` or a space as a block as well (the ``.grid`` files' and the P-99 files' own
characters). Any other character is refused, naming its row and column. Rows may be ragged: a short
row is padded with blocks, so no place is lost. A *site* is a maximal horizontal (across) or
vertical (down) run of at least two places.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import cached_property
from typing import Literal, NamedTuple

from ..core.letters import upper_letter

Direction = Literal["across", "down"]
EMPTY = "."
BLOCK = " "  # a block, as the framework holds it (and the text output prints it)
SQUARE_MARKS = "._"  # read as an empty place: "." (canonical), "_" (.grid files)
BLOCK_MARKS = "#* "  # read as a block: "#" (canonical), "*" (.grid files), a space (P-99 files)
NOTATION = "'.' or '_' an empty square, '#', '*' or a space a block, a letter a given letter"


class NotationError(ValueError):
    """A framework row's character that is neither a square, a block nor a letter (0-based place)."""

    def __init__(self, row: int, col: int, char: str):
        self.row, self.col, self.char = row, col, char
        super().__init__(f"row {row + 1}, column {col + 1}: {char!r} is not part of a framework ({NOTATION})")


class Site(NamedTuple):
    id: int
    row: int
    col: int
    direction: Direction
    length: int

    def cells(self) -> list[tuple[int, int]]:
        dr, dc = (0, 1) if self.direction == "across" else (1, 0)
        return [(self.row + dr * i, self.col + dc * i) for i in range(self.length)]

    def describe(self) -> str:
        """``across slot at row 0, column 2 (5 letters)``, as a result names a slot."""
        return f"{self.direction} slot at row {self.row}, column {self.col} ({self.length} letters)"


class Framework:
    """A rectangular framework: each cell is ``.`` (empty), an upper-case letter, or ``" "``.
    Immutable by convention; compared and hashed by its rows. (Not a dataclass: see solve.py.)"""

    def __init__(self, rows: tuple[str, ...]):
        self.rows = tuple(rows)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.rows == self.rows

    def __hash__(self) -> int:
        return hash(self.rows)

    def __repr__(self) -> str:
        return f"Framework(rows={self.rows!r})"

    @classmethod
    def from_lines(cls, lines: Sequence[str]) -> Framework:
        """Normalise raw framework lines (ragged, trailing spaces, any case, CR) to a rectangle;
        ``NotationError`` for a character outside the notation (``NOTATION``)."""
        cleaned = [unicodedata.normalize("NFC", line.rstrip("\r\n")) for line in lines]
        width = max((len(line) for line in cleaned), default=0)
        rows = []
        for r, line in enumerate(cleaned):
            cells = []
            for c, ch in enumerate(line.ljust(width)):
                if ch in SQUARE_MARKS:
                    cells.append(EMPTY)
                elif ch in BLOCK_MARKS:
                    cells.append(BLOCK)
                elif ch.isalpha():
                    cells.append(upper_letter(ch))
                else:
                    raise NotationError(r, c, ch)
            rows.append("".join(cells))
        return cls(tuple(rows))

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0]) if self.rows else 0

    def is_place(self, r: int, c: int) -> bool:
        return 0 <= r < self.height and 0 <= c < self.width and self.rows[r][c] != BLOCK

    def places(self) -> list[tuple[int, int]]:
        return [
            (r, c) for r in range(self.height) for c in range(self.width) if self.is_place(r, c)
        ]

    def predefined(self) -> dict[tuple[int, int], str]:
        return {
            (r, c): ch
            for r, row in enumerate(self.rows)
            for c, ch in enumerate(row)
            if ch not in (EMPTY, BLOCK)
        }

    def sites(self) -> list[Site]:
        """All sites, numbered in reading order (row, column, across before down)."""
        return list(self._sites)

    @cached_property
    def _sites(self) -> tuple[Site, ...]:
        # runs are read off the row and column strings (str.find), not cell by cell: the reader
        # and the solver both ask for them, a 25 x 25 framework has 625 places
        rows = [row[: self.width] for row in self.rows]
        columns = ["".join(column) for column in zip(*rows, strict=True)]
        found: list[tuple[int, int, Direction, int]] = []
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch == BLOCK:
                    continue
                if c == 0 or row[c - 1] == BLOCK:
                    n = _run(row, c)
                    if n >= 2:
                        found.append((r, c, "across", n))
                if r == 0 or columns[c][r - 1] == BLOCK:
                    n = _run(columns[c], r)
                    if n >= 2:
                        found.append((r, c, "down", n))
        return tuple(Site(i, r, c, d, n) for i, (r, c, d, n) in enumerate(found))


def _run(line: str, start: int) -> int:
    """Length of the run of places in ``line`` from ``start`` (a place) to the next block or the end."""
    end = line.find(BLOCK, start)
    return (len(line) if end < 0 else end) - start
