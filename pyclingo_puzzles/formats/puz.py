"""Across Lite ``.puz``, the binary format most crossword apps and constructors exchange, through
puzpy: it lays out the bytes and computes the checksums; this module only maps grids and clues.

Written: a filled grid (a crossword fill, a layout) with its clues in the format's order (by number,
across before down) and its title. Read: a ``.puz`` as a framework to fill, its blocks, and its
solution's letters as given letters when asked (``keep_letters``). What a framework cannot hold is
named in the notes: rebus cells (read as empty places, or as their first letter) and circles.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from ..core.errors import InputError, read_bytes
from ..core.grid import Placement

T = TypeVar("T")

BLOCK = "."  # puzpy's (the format's) block in the solution and fill strings
EMPTY_FILL = "-"  # a white cell the solver has not filled
LATIN_1 = "1.3"  # the version Across Lite reads everywhere (ISO-8859-1 text)
UTF_8 = "2.0"  # the version for text beyond Latin-1 (the grid still one byte a cell)


def _version(cells: str, texts: Sequence[str]) -> str:
    """1.3 when everything is Latin-1; 2.0 (UTF-8) when only the texts need it; an error when a
    cell's letter takes more than one byte either way."""
    if all(_latin_1(t) for t in (cells, *texts)):
        return LATIN_1
    if cells.isascii():
        return UTF_8
    bad = next(ch for ch in cells if not _latin_1(ch) or not ch.isascii())
    raise InputError(f"the letter {bad!r} does not fit a .puz cell (one Latin-1 character a cell)", "--puz")


def _latin_1(text: str) -> bool:
    try:
        text.encode("latin-1")
    except UnicodeEncodeError:
        return False
    return True


def crossword_puz(
    rows: Sequence[str],
    placements: Sequence[Placement],
    *,
    clue: Callable[[Placement], str] = lambda p: "",
    title: str = "",
    author: str = "",
    blank: str = " ",
) -> bytes:
    """The ``.puz`` bytes of a filled grid (``blank``: a block; any other non-letter, such as a lone
    place without a letter, is written as a block too: a .puz cell holds a letter or is a block).
    Every entry of the grid gets a clue, empty when ``clue`` gives none or no placement is there."""
    import puz

    width = max((len(r) for r in rows), default=0)
    grid = [r.ljust(width, blank) for r in rows]
    cells = "".join(ch if ch != blank and ch.isalpha() else BLOCK for row in grid for ch in row)
    at = {(p.row, p.col, p.dir): p for p in placements}
    across, down = puz.get_grid_numbering(cells, width, len(grid))
    entries = sorted(
        [(e["num"], 0, at.get((e["row"], e["col"], "across"))) for e in across]
        + [(e["num"], 1, at.get((e["row"], e["col"], "down"))) for e in down],
        key=lambda e: (e[0], e[1]),
    )
    clues = [clue(p) if p is not None else "" for _, _, p in entries]
    from .printstyle import current

    author = author or current().author  # --author
    p = puz.Puzzle(_version(cells, [title, author, *clues]))
    p.width, p.height = width, len(grid)
    p.title, p.author = title, author
    p.solution = cells
    p.fill = "".join(BLOCK if ch == BLOCK else EMPTY_FILL for ch in cells)
    p.clues = clues
    return p.tobytes()


def load(data: bytes, name: str):
    """The puzpy puzzle of ``data``; a file puzpy cannot read (bad checksum, truncated, not a
    .puz) is one InputError naming the file."""
    import puz

    try:
        puzzle = puz.load(data)
        if puzzle.width < 1 or puzzle.height < 1 or len(puzzle.solution) != puzzle.width * puzzle.height:
            raise puz.PuzzleFormatError("the grid is empty or shorter than its size")
        if len(puzzle.tobytes()) != len(data):  # puzpy reads a cut string as empty: it writes it whole
            raise puz.PuzzleFormatError("the file is truncated")
    except puz.PuzzleFormatError as exc:
        raise InputError(f"not a readable Across Lite .puz file ({exc})", name) from None
    except Exception as exc:  # puzpy reads arbitrary bytes: any failure is a bad file
        raise InputError(f"not a readable Across Lite .puz file ({type(exc).__name__}: {exc})", name) from None
    return puzzle


def read_framework(path: str | Path, keep_letters: bool = False) -> tuple[list[str], list[str]]:
    """A ``.puz`` as framework rows (``.`` an empty place, ``#`` a block, a letter given) and notes
    for the user (what the framework cannot hold)."""
    puzzle = load(read_bytes(path), str(path))
    notes = []
    solution = puzzle.solution
    rebus: set[int] = set()
    if _safely(puzzle.has_rebus):
        rebus = set(_safely(puzzle.rebus().get_rebus_squares) or ())
        notes.append(
            f"{len(rebus)} rebus cell(s): read as "
            + ("their first letter" if keep_letters else "one-letter places")
            + " (a fill puts one letter a cell; the rebus is dropped)"
        )
    if _safely(puzzle.has_markup):
        circled = _safely(puzzle.markup().get_markup_squares)
        if circled:
            notes.append(f"{len(circled)} circled or marked cell(s): the marks are dropped (a framework has none)")
    rows = []
    for r in range(puzzle.height):
        row = ""
        for c in range(puzzle.width):
            ch = solution[r * puzzle.width + c]
            if ch in (BLOCK, ":"):  # ":" is a diagramless puzzle's block
                row += "#"
            elif keep_letters and ch.isalpha():
                row += ch
            else:
                row += "."
        rows.append(row)
    return rows, notes


def _safely(call: Callable[[], T]) -> T | None:
    """A puzpy helper's answer, or None when a malformed extension makes it fail (its data is then
    left aside: the grid itself was read and checked)."""
    try:
        return call()
    except Exception:  # extension data is arbitrary bytes
        return None
