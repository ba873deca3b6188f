"""What the studio's calls return, each with ``as_json()``: the document the JSON API sends
(docs/web.md). Grids are row strings with ``#`` for a block and ``.`` for an open cell."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from ..framework import BLOCK, Site

if TYPE_CHECKING:
    from ..engine.unfillable import Core

PAGE_BLOCK = "#"

Fillable = bool | None  # True: a fill with it exists; False: proved none does; None: not known yet
# how a suggestion was decided: a fill found ("fill"), or proved dead by the whole grid having no
# fill ("grid"), the word already being an entry ("repeat"), a crossing left without a word
# ("crossings") or the search ("search"); "open": not decided within the time
Why = Literal["fill", "grid", "repeat", "crossings", "search", "open"]


def page_rows(grid: Sequence[str]) -> list[str]:
    """A framework's or a fill's rows as the page writes them (``#`` blocks)."""
    return [row.replace(BLOCK, PAGE_BLOCK) for row in grid]


def slot_json(site: Site, pattern: str) -> dict[str, Any]:
    return {"row": site.row, "col": site.col, "direction": site.direction, "length": site.length, "pattern": pattern}


@dataclass
class SlotInfo:
    site: Site
    pattern: str  # its letters, ``.`` where open
    count: int  # the words of the lists that fit its letters
    consistent: int  # ... and that arc consistency with the crossings keeps (0 for all: no fill)
    locked: bool

    def as_json(self) -> dict[str, Any]:
        return {**slot_json(self.site, self.pattern), "count": self.count, "consistent": self.consistent,
                "locked": self.locked}  # fmt: skip


@dataclass
class CellInfo:
    row: int
    col: int
    letters: str  # the letters its slots' fitting words have there (sorted)
    hotspot: bool  # open, and few of them (``hotspot`` or fewer)

    def as_json(self) -> dict[str, Any]:
        return {"row": self.row, "col": self.col, "letters": self.letters, "hotspot": self.hotspot}


@dataclass
class SlotsReport:
    slots: list[SlotInfo]
    cells: list[CellInfo]  # every place (a cell on a slot)
    arc_consistent: bool  # False: arc consistency proved the grid has no fill
    seconds: float = 0.0

    @property
    def dead(self) -> list[int]:
        """The indexes (in ``slots``) of the slots no word fits, or none after arc consistency."""
        return [i for i, s in enumerate(self.slots) if not s.count or not s.consistent]

    def as_json(self) -> dict[str, Any]:
        return {
            "slots": [s.as_json() for s in self.slots],
            "cells": [c.as_json() for c in self.cells],
            "dead": self.dead,
            "arc_consistent": self.arc_consistent,
            "seconds": round(self.seconds, 4),
        }


@dataclass
class Suggestion:
    word: str
    score: int
    fillable: Fillable = None
    why: Why = "open"

    def as_json(self) -> dict[str, Any]:
        return {"word": self.word, "score": self.score, "fillable": self.fillable, "why": self.why}


@dataclass
class Suggestions:
    slot: SlotInfo
    suggestions: list[Suggestion]
    seconds: float = 0.0
    solves: int = 0  # clingo solves it took (the rest were decided without one)

    @property
    def checked(self) -> int:
        """How many suggestions are decided (true or false)."""
        return sum(s.fillable is not None for s in self.suggestions)

    def as_json(self) -> dict[str, Any]:
        return {
            "slot": self.slot.as_json(),
            "suggestions": [s.as_json() for s in self.suggestions],
            "checked": self.checked,
            "solves": self.solves,
            "seconds": round(self.seconds, 4),
        }


@dataclass
class Verdict:
    verdict: Literal["fillable", "unfillable", "undecided"]
    fill: tuple[str, ...] | None = None  # a fill, when fillable (blocks as spaces)
    core: Core | None = None  # when unfillable: slots that cannot be filled together (None: not found in time)
    seconds: float = 0.0  # searched for it, over every call about this grid (a restart adds to it)

    def as_json(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "fill": None if self.fill is None else page_rows(self.fill),
            "core": None if self.core is None else self.core.as_json(),
            "core_minimal": None if self.core is None else self.core.minimal,
            "seconds": round(self.seconds, 3),
        }


@dataclass
class Autofill:
    status: Literal["filled", "unfillable", "undecided"]
    grid: tuple[str, ...] | None = None  # the framework with the chosen slots (or all) written in
    fill: tuple[str, ...] | None = None  # the whole fill the chosen slots were taken from
    core: Core | None = None
    seconds: float = 0.0
    locked: tuple[str, ...] = ()  # the locked entries as placed (a generated pattern places them)
    extra: dict[str, Any] = field(default_factory=dict)  # the fill's statistics
    below_floor: tuple[str, ...] = ()  # en's words of the fill under the default floor (none found at it)

    def as_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "grid": None if self.grid is None else page_rows(self.grid),
            "fill": None if self.fill is None else page_rows(self.fill),
            "core": None if self.core is None else self.core.as_json(),
            "core_minimal": None if self.core is None else self.core.minimal,
            "locked": list(self.locked),
            "below_floor": list(self.below_floor),
            "seconds": round(self.seconds, 3),
        }
