"""The grid a constructor's page sends: row strings (letters, ``.`` open, a block character) and
the locked entries (theme entries, ``WORD@ROW,COL,A|D``), read by the family's own framework
reading (``Framework.from_lines``, ``reader.check_framework``, ``themes.fit_themes``) into a
``Board``: the framework with the locked letters written in, its slots, and which slots are locked."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core.errors import InputError
from ..construction.themes import Theme, fit_themes, parse_theme, theme_letters, with_letters
from ..framework import BLOCK, EMPTY, Direction, Framework, Site
from ..reader import check_framework

BLOCKS = "#* "  # the canonical block characters: ipuz's and the page's '#', .grid's '*', .dat's space
MAX_SIDE = 25  # rows and columns, as a generated pattern's (``pattern.parse_size``)
FRAMEWORK, LOCKED, SLOT = "framework", "locked", "slot"  # the fields errors name
DIRECTIONS: tuple[Direction, ...] = ("across", "down")


@dataclass(frozen=True)
class Board:
    framework: Framework  # the locked entries' letters written in
    locked: tuple[Theme, ...]  # each on exactly one slot
    locked_slots: frozenset[int]  # their slots' ids

    @property
    def sites(self) -> list[Site]:
        return self.framework.sites()

    @property
    def key(self) -> tuple[tuple[str, ...], tuple[Theme, ...]]:
        return self.framework.rows, self.locked

    @property
    def shape(self) -> tuple[tuple[str, ...], tuple[Theme, ...]]:
        """The blocks and the locked entries, letters left out: what a fill of the grid depends on
        besides its letters (a fill of one board fills every board of this shape whose letters it keeps)."""
        rows = tuple("".join(BLOCK if ch == BLOCK else EMPTY for ch in row) for row in self.framework.rows)
        return rows, self.locked

    @property
    def extra(self) -> tuple[str, ...]:
        """The locked words (they need not be in the word lists)."""
        return tuple(t.word for t in self.locked)

    def keeps(self, grid: Sequence[str]) -> bool:
        """Whether a filled grid of this shape has every letter this board has."""
        return all(
            f in (EMPTY, BLOCK) or f == g for frow, grow in zip(self.framework.rows, grid, strict=True)
            for f, g in zip(frow, grow, strict=True)
        )


def read_board(rows: Any, locked: Any = ()) -> Board:
    """The rows and locked entries of a request (or a caller), checked: an ``InputError`` naming
    the field (``framework``, ``locked``) and what is wrong, in one line."""
    if isinstance(rows, str) or not isinstance(rows, Sequence) or not rows:
        raise InputError("a framework is a non-empty list of row strings", FRAMEWORK)
    if len(rows) > MAX_SIDE:
        raise InputError(f"{len(rows)} rows: at most {MAX_SIDE}", FRAMEWORK)
    for i, row in enumerate(rows):
        if not isinstance(row, str):
            raise InputError(f"row {i} is not a string (rows count from 0)", FRAMEWORK)
        if len(row) != len(rows[0]):
            raise InputError(f"row {i} has {len(row)} cells, row 0 has {len(rows[0])}: not rectangular", FRAMEWORK)
        for j, ch in enumerate(row):
            if not (ch == EMPTY or ch in BLOCKS or ch.isalpha()):
                raise InputError(f"row {i}, column {j}: {ch!r} is neither a letter, '.' nor a block "
                                 f"({', '.join(repr(b) for b in BLOCKS)})", FRAMEWORK)  # fmt: skip
    if len(rows[0]) > MAX_SIDE:
        raise InputError(f"{len(rows[0])} columns: at most {MAX_SIDE}", FRAMEWORK)
    framework = check_framework(Framework.from_lines(list(rows)), FRAMEWORK, None)
    themes = _locked(locked, framework)
    if themes:
        framework = with_letters(framework, theme_letters(themes))
    by_place = {(s.row, s.col, s.direction): s.id for s in framework.sites()}
    ids = frozenset(by_place[(t.site().row, t.site().col, t.direction)] for t in themes)
    return Board(framework, tuple(sorted(themes)), ids)


def _locked(locked: Any, framework: Framework) -> list[Theme]:
    if isinstance(locked, str) or not isinstance(locked, Sequence):
        raise InputError("locked must be a list of entries WORD@ROW,COL,A|D", LOCKED)
    themes = []
    for entry in locked:
        if not isinstance(entry, str):
            raise InputError("locked must be a list of entries WORD@ROW,COL,A|D", LOCKED)
        theme = parse_theme(entry, LOCKED)
        if not theme.placed:
            raise InputError(f"locked entry {theme.word} has no place: write it WORD@ROW,COL,A|D", LOCKED)
        themes.append(theme)
    return fit_themes(framework, themes, LOCKED)


def find_slot(board: Board, slot: Any) -> Site:
    """The slot a request names: ``(row, col, direction)`` (or a mapping of those), any of its
    cells; an ``InputError`` naming ``slot`` when no slot runs through that cell that way."""
    if isinstance(slot, dict):
        slot = (slot.get("row"), slot.get("col"), slot.get("direction"))
    if not isinstance(slot, Sequence) or isinstance(slot, str) or len(slot) != 3:
        raise InputError("a slot is {row, col, direction}", SLOT)
    row, col, direction = slot
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (row, col)) or direction not in DIRECTIONS:
        raise InputError("a slot is a row and a column (whole numbers) and a direction, across or down", SLOT)
    for site in board.sites:
        if site.direction == direction and (row, col) in site.cells():
            return site
    raise InputError(f"no {direction} slot runs through row {row}, column {col}", SLOT)
