"""The slots across theme entries, as the pattern search sees them before any fill: the words of
the list that fit each one's theme letters (``slot_words``), the ones no word fits (``no_word``),
the thin ones a search leaves out at first, the theme letters no slot of any length can cross
(``dead_crossings``: a proof that no grid exists), and the theme letters a core crosses."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Protocol

from clingo import Function, Number, Symbol

from ..engine.wordsets import WordTable
from .themes import Theme, theme_letters

if TYPE_CHECKING:
    from ..engine.unfillable import Core


class PatternSpec(Protocol):
    """What these read of ``pattern.PatternSpec`` (that module imports this one)."""

    @property
    def height(self) -> int: ...
    @property
    def width(self) -> int: ...
    @property
    def min_length(self) -> int: ...
    @property
    def themes(self) -> tuple[Theme, ...]: ...

# The first patterns have no slot across a theme entry that fewer than this many words fit: fills at
# en's Zipf 2.5, three 15-letter themes, seeds 1-10, 2,000 conflicts: 10 of 10 within 4 patterns
# (8 the first) with slots of 5 or more words; 7 of 10 without the bound; 1 of 10 with 40 or more
# (the bound left no pattern of 74 entries)
THIN_WORDS = 5


def no_word_slots(spec: PatternSpec, tables: dict[int, WordTable]) -> Iterator[Symbol]:
    """``no_word(R, C, D, L)``: a slot no word fits, known before any search (so no pattern has it):
    one of a length without words, or one across a theme entry whose letters no word has there."""
    for r, c, d, n, fits, _ in slot_words(spec, tables):
        if not fits:
            yield _no_word(r, c, d, n)


def thin_slots(spec: PatternSpec, tables: dict[int, WordTable], at_least: int = THIN_WORDS) -> Iterator[Symbol]:
    """``no_word`` facts for the slots across a theme entry that fewer than ``at_least`` words fit
    (but some): the first patterns leave them out (``PatternSearch``'s levels)."""
    for r, c, d, n, fits, crossed in slot_words(spec, tables):
        if crossed and 0 < fits < at_least:
            yield _no_word(r, c, d, n)


def slot_words(spec: PatternSpec, tables: dict[int, WordTable]) -> Iterator[tuple[int, int, str, int, int, bool]]:
    """Each slot a pattern may have (but the theme entries'): (row, column, direction, length, the
    words that fit its theme letters, whether it crosses a theme entry)."""
    given = theme_letters(spec.themes)
    themes = {(t.row, t.col, t.direction, len(t.word)) for t in spec.themes}
    for d, (dr, dc) in (("across", (0, 1)), ("down", (1, 0))):
        for r in range(spec.height):
            for c in range(spec.width):
                room = spec.width - c if d == "across" else spec.height - r
                for n in range(spec.min_length, room + 1):
                    if (r, c, d, n) in themes:
                        continue
                    table = tables.get(n)
                    bits, crossed = (table.full if table is not None else 0), False
                    for i in range(n):
                        ch = given.get((r + dr * i, c + dc * i))
                        if ch is not None and table is not None:
                            bits &= table.masks[i].get(ch, 0)
                            crossed = True
                    yield r, c, d, n, bits.bit_count(), crossed


def _no_word(r: int, c: int, d: str, n: int) -> Symbol:
    return Function("no_word", [Number(r), Number(c), Function(d), Number(n)])


def dead_crossings(spec: PatternSpec, tables: dict[int, WordTable]) -> list[tuple[Theme, int, tuple[int, int]]]:
    """The theme letters (theme, index, cell) no slot across them can take: every slot of every
    length through the letter, across its theme, fits no word of the list with the theme letters
    it holds. Every white cell is crossed, so no grid has the theme there (a proof)."""
    alive: set[tuple[tuple[int, int], str]] = set()
    for r, c, d, n, fits, _ in slot_words(spec, tables):
        if fits:
            alive.update(((r + i, c) if d == "down" else (r, c + i), d) for i in range(n))
    out = []
    for t in spec.themes:
        across = "down" if t.direction == "across" else "across"
        out += [(t, i, cell) for i, cell in enumerate(t.cells()) if (cell, across) not in alive]
    return out


def crossed_cells(themes: Sequence[Theme], core: Core) -> set[tuple[int, int]]:
    """The theme letters a core's slots cross (not the theme entries' own slots)."""
    own = {(t.row, t.col, t.direction, len(t.word)) for t in themes}
    letters = {cell for t in themes if t.placed for cell in t.cells()}
    return {cell for s in core.slots if (s.row, s.col, s.direction, s.length) not in own
            for cell in s.cells() if cell in letters}  # fmt: skip
