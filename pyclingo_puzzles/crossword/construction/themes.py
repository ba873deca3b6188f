"""Theme entries: ``WORD[@ROW,COL,A|D]`` as the command line, YAML and ``.grid`` files write them,
checked, and placed where none is given (symmetrically on a generated pattern).

A theme entry is part of the solution, never a given letter: outputs print the puzzle without it.
It need not be in the dictionary (the fill adds it). Rows and columns count from 0, as everywhere
in the tool's output.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise
from typing import NamedTuple

from ...core.errors import InputError
from ...core.letters import normalize_word
from ..framework import Direction, Framework, Site

NOTATION = re.compile(r"^\s*([^@\s]+)\s*(?:@\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*([AaDd]|across|down))?\s*)?$")


class Theme(NamedTuple):
    word: str
    row: int | None = None  # None: placed by the tool
    col: int | None = None
    direction: Direction = "across"

    @property
    def placed(self) -> bool:
        return self.row is not None and self.col is not None

    def site(self) -> Site:
        assert self.row is not None and self.col is not None
        return Site(-1, self.row, self.col, self.direction, len(self.word))

    def cells(self) -> list[tuple[int, int]]:
        return self.site().cells()

    def text(self) -> str:
        where = f"@{self.row},{self.col},{self.direction[0].upper()}" if self.placed else ""
        return f"{self.word}{where}"


def parse_theme(text: str, source: str = "--theme", line: int | None = None) -> Theme:
    """``WORD``, ``WORD@ROW,COL`` (across) or ``WORD@ROW,COL,A|D``; the word: letters only."""
    m = NOTATION.match(text)
    if not m:
        raise InputError(f"theme entry {text!r} is not WORD or WORD@ROW,COL,A|D", source, line)
    word = normalize_word(m.group(1))
    if not word.isalpha():
        raise InputError(f"theme entry {m.group(1)!r} has characters that are not letters", source, line)
    if m.group(2) is None:
        return Theme(word)
    d = (m.group(4) or "a")[0].lower()
    return Theme(word, int(m.group(2)), int(m.group(3)), "down" if d == "d" else "across")


def check_themes(themes: Sequence[Theme], height: int, width: int, source: str = "--theme") -> None:
    """Each theme fits the grid, and placed ones agree where they cross and do not overlap."""
    letters: dict[tuple[int, int], tuple[str, Theme]] = {}
    runs: dict[tuple[str, int], list[tuple[int, int, Theme]]] = {}
    for t in themes:
        room = height if t.direction == "down" else width
        if len(t.word) > room:
            raise InputError(f"theme entry {t.word} ({len(t.word)} letters) is longer than the grid ({room})", source)
        if not t.placed:
            continue
        assert t.row is not None and t.col is not None
        if not (0 <= t.row < height and 0 <= t.col < width) or any(
            not (0 <= r < height and 0 <= c < width) for r, c in t.cells()
        ):
            raise InputError(f"theme entry {t.text()} does not fit in the {height}x{width} grid", source)
        for cell, ch in zip(t.cells(), t.word, strict=True):
            if cell in letters and letters[cell][0] != ch:
                other = letters[cell][1]
                raise InputError(f"theme entries {other.text()} and {t.text()} disagree at {cell}", source)
            letters[cell] = (ch, t)
        line = (t.direction, t.row if t.direction == "across" else t.col)
        start = t.col if t.direction == "across" else t.row
        for a, b, other in runs.get(line, []):
            if start <= b and a <= start + len(t.word):  # overlapping or touching: one entry
                raise InputError(f"theme entries {other.text()} and {t.text()} overlap or touch", source)
        runs.setdefault(line, []).append((start, start + len(t.word) - 1, t))


def place_themes(themes: Sequence[Theme], height: int, width: int, symmetry: str) -> list[Theme]:
    """Themes without a position go across, centred, on rows spread evenly over the grid. With
    rotational symmetry two of the same length take rows symmetric about the middle (each one's
    slot the other's image); one alone takes the middle row when it can be its own image, else a
    row whose symmetric row keeps its image free. Placed ones keep their place and rows."""
    free = [t for t in themes if not t.placed]
    if not free:
        return list(themes)
    taken = {t.row for t in themes if t.placed and t.direction == "across"}
    units: list[tuple[Theme, ...]] = []  # themes on a pair of symmetric rows (or one row)
    middle: Theme | None = None
    if symmetry == "rotational":
        by_length: dict[int, list[Theme]] = {}
        for t in sorted(free, key=lambda t: (-len(t.word), t.word)):
            by_length.setdefault(len(t.word), []).append(t)
        for group in by_length.values():
            units += [(group[k], group[k + 1]) for k in range(0, len(group) - 1, 2)]
            if len(group) % 2:
                alone = group[-1]
                if middle is None and height % 2 and (width - len(alone.word)) % 2 == 0:
                    middle = alone
                else:
                    units.append((alone,))
        count = 2 * len(units) + (middle is not None)
    else:
        units = [(t,) for t in sorted(free, key=lambda t: (-len(t.word), t.word))]
        count = len(units)
    rows = _theme_rows(count, height, taken)
    if rows is None:
        raise InputError(f"{len(free)} theme entries do not fit on separate rows of a {height}-row grid", "--theme")
    placed: dict[Theme, Theme] = {}
    if symmetry != "rotational":
        for (t,), r in zip(units, rows, strict=True):
            placed[t] = Theme(t.word, r, (width - len(t.word)) // 2, "across")
        return [placed.get(t, t) for t in themes]
    for k, unit in enumerate(units):
        c = (width - len(unit[0].word)) // 2
        placed[unit[0]] = Theme(unit[0].word, rows[k], c, "across")
        if len(unit) == 2:
            mate = unit[1]
            placed[mate] = Theme(mate.word, rows[-1 - k], width - len(mate.word) - c, "across")
    if middle is not None:
        placed[middle] = Theme(middle.word, rows[len(rows) // 2], (width - len(middle.word)) // 2, "across")
    return [placed.get(t, t) for t in themes]


def _theme_rows(count: int, height: int, taken: set[int | None]) -> list[int] | None:
    """``count`` rows spread evenly (symmetric about the middle), none taken or adjacent to
    another theme row; None when they do not fit."""
    rows = [round((i + 1) * (height + 1) / (count + 1)) - 1 for i in range(count)]
    if len(set(rows)) < count or any(r in taken for r in rows):
        return None
    if any(b - a < 2 for a, b in pairwise(rows)) and count > 1:
        return None
    return rows


def theme_letters(themes: Sequence[Theme]) -> dict[tuple[int, int], str]:
    out: dict[tuple[int, int], str] = {}
    for t in themes:
        out.update(zip(t.cells(), t.word, strict=True))
    return out


def with_letters(framework: Framework, letters: dict[tuple[int, int], str]) -> Framework:
    """The framework with these letters written in (their cells must be places)."""
    rows = [list(row) for row in framework.rows]
    for (r, c), ch in letters.items():
        rows[r][c] = ch
    return Framework(tuple("".join(row) for row in rows))


def fit_themes(framework: Framework, themes: Sequence[Theme], source: str) -> list[Theme]:
    """Themes on a given framework: a placed one must be exactly one of its slots; one without a
    place takes the first free slot of its length, in reading order, whose given letters agree."""
    check_themes(themes, framework.height, framework.width, source)
    slots = framework.sites()
    given = framework.predefined()
    used: set[tuple[int, int, str]] = set()
    out = []
    for t in sorted(themes, key=lambda t: not t.placed):  # placed ones first: they claim their slots
        if t.placed:
            slot = next((s for s in slots if (s.row, s.col, s.direction, s.length) == t.site()[1:]), None)
            if slot is None:
                raise InputError(f"theme entry {t.text()} is not on a slot of {len(t.word)} letters", source)
            if any(given.get(c, ch) != ch for c, ch in zip(slot.cells(), t.word, strict=True)):
                raise InputError(f"theme entry {t.text()} disagrees with the grid's given letters", source)
        else:
            slot = next((s for s in slots if s.length == len(t.word) and (s.row, s.col, s.direction) not in used
                         and all(given.get(c, ch) == ch for c, ch in zip(s.cells(), t.word, strict=True))), None)
            if slot is None:
                raise InputError(f"theme entry {t.word} finds no free slot of {len(t.word)} letters", source)
        used.add((slot.row, slot.col, slot.direction))
        out.append(Theme(t.word, slot.row, slot.col, slot.direction))
    return out


def file_themes(path: str, text: str) -> list[Theme]:
    """The theme entries a ``.grid`` file (``theme: WORD@ROW,COL,A|D`` lines) or a YAML file (a
    ``theme:`` list in the same notation) names; none for other files."""
    from ..reader import THEME_LINE, is_yaml

    if path.lower().endswith(".grid"):
        return [
            parse_theme(THEME_LINE.sub("", line, count=1), path, i + 1)
            for i, line in enumerate(text.split("\n"))
            if THEME_LINE.match(line)
        ]
    if not is_yaml(path, text):
        return []
    from ...formats.yamlio import expect_str_list, load_yaml

    doc = load_yaml(path, text)
    entries = expect_str_list(doc, "theme", required=False) or []
    return [parse_theme(t, path, doc.line("theme", i)) for i, t in enumerate(entries)]
