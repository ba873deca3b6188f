"""ipuz export (http://ipuz.org/v2, the open JSON crossword format apps read) of a filled grid.

Shared by ``layout`` and by the ``crossword`` subcommand's P-99 and dictionary-fill results: the grid
is a list of row strings (a space is a block), the placements name each entry's start and direction,
and the numbering is the standard one, recomputed from the grid.

ipuz's text fields (a clue, the title) are HTML (a few inline tags and entities, http://ipuz.org/v2
"HTML"): a clue written ``<script>`` or ``Salt & pepper`` is escaped (``&lt;script&gt;``, ``&amp;``),
so that an app shows the text as it was written and runs nothing; ``plain`` reads such a field
back as plain text (tags dropped, entities read).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from html import escape, unescape
from pathlib import Path
from typing import Any

from ..core.grid import Placement
from .outfiles import write_atomic

BLOCK = "#"
TAG = re.compile(r"<[^>]*>")


def html_text(text: str) -> str:
    """Plain ``text`` as an ipuz text field (HTML): markup characters escaped."""
    return escape(text, quote=False)


def plain(field: object) -> str:
    """An ipuz text field as plain text: its tags dropped, its entities read ("" if not a string)."""
    return unescape(TAG.sub("", field)) if isinstance(field, str) else ""


def numbering(rows: Sequence[str], blank: str = " ") -> dict[tuple[int, int], int]:
    """Standard numbering: row by row, a cell starting an across or down run of 2+ letters gets the
    next number."""

    def filled(r: int, c: int) -> bool:
        return 0 <= r < len(rows) and 0 <= c < len(rows[r]) and rows[r][c] != blank

    numbers: dict[tuple[int, int], int] = {}
    for r in range(len(rows)):
        for c in range(len(rows[r])):
            if filled(r, c) and (
                (not filled(r, c - 1) and filled(r, c + 1)) or (not filled(r - 1, c) and filled(r + 1, c))
            ):
                numbers[(r, c)] = len(numbers) + 1
    return numbers


def clue_lines(
    rows: Sequence[str],
    placements: Sequence[Placement],
    clue: Callable[[Placement], str] = lambda p: "",
    answers: bool = True,
    written: Callable[[Placement], str] | None = None,
) -> list[str]:
    """The clue list as printed: an ``Across`` and a ``Down`` heading, then one indented line per
    entry, ``  1. clue (5)``, with its answer when ``answers``; ``written`` gives an answer as
    written, a phrase's ``ICE CREAM`` (then shown so, and its enumeration ``(3,5)``)."""
    from ..core.letters import enumeration
    numbers = numbering(rows)
    lines: list[str] = []
    for heading in ("across", "down"):
        group = sorted((numbers[(p.row, p.col)], p) for p in placements if p.dir == heading)
        if not group:
            continue
        lines.append(heading.capitalize())
        for n, p in group:
            text, answer = clue(p), written(p) if written is not None else p.word
            size = enumeration(answer)
            text = f"{text} {size}" if text else size
            lines.append(f"{n:>3}. {text}" + (f"  {answer}" if answers else ""))
    return lines


EMPTY_PLACE = "."  # a filled crossword grid's place without a letter (a lone place, on no entry)


def crossword_ipuz(
    rows: Sequence[str],
    placements: Sequence[Placement],
    *,
    clue: Callable[[Placement], str] = lambda p: "",
    title: str = "",
    given: Mapping[tuple[int, int], str] | None = None,
) -> dict[str, Any]:
    """The ipuz document of a filled grid; an entry without a clue gets an empty clue text, the
    clues and the title are escaped as ipuz's HTML text; the ``given`` letters (a framework's
    predefined ones) are shown in the puzzle as its cells' values."""
    width = max((len(r) for r in rows), default=0)
    grid = [r.ljust(width) for r in rows]
    numbers = numbering(grid)
    given = given or {}

    def cell(r: int, c: int, ch: str) -> Any:
        if ch == " ":
            return BLOCK
        number = numbers.get((r, c), 0)
        return {"cell": number, "value": given[(r, c)]} if (r, c) in given else number

    puzzle = [[cell(r, c, ch) for c, ch in enumerate(row)] for r, row in enumerate(grid)]
    # a crossword's lone place (on no entry) stays empty, "." in its grid: no letter to solve there
    solution = [[BLOCK if ch == " " else None if ch == EMPTY_PLACE else ch for ch in row] for row in grid]
    clues: dict[str, list[dict[str, Any]]] = {"Across": [], "Down": []}
    for p in sorted(placements, key=lambda p: numbers.get((p.row, p.col), 0)):
        entry = {"number": numbers[(p.row, p.col)], "clue": html_text(clue(p)), "answer": p.word,
                 "enumeration": str(len(p.word))}  # fmt: skip
        clues["Across" if p.dir == "across" else "Down"].append(entry)
    doc: dict[str, Any] = {
        "version": "http://ipuz.org/v2",
        "kind": ["http://ipuz.org/crossword#1"],
        "dimensions": {"width": width, "height": len(grid)},
        "block": BLOCK,
        "empty": 0,
        "puzzle": puzzle,
        "solution": solution,
        "clues": clues,
        "origin": "pyclingo-puzzles",
    }
    if title:
        doc["title"] = html_text(title)
    from .printstyle import current

    if current().author:  # --author
        doc["author"] = html_text(current().author)
    return doc


def to_text(doc: dict[str, Any]) -> str:
    import json  # on use: only --ipuz needs it

    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"


def write_ipuz(path: str | Path, doc: dict[str, Any]) -> None:
    write_atomic(path, to_text(doc), "ipuz file")


# ------------------------------------------------------------------------------------------ reading


def read_framework(path: str | Path, keep_letters: bool = False) -> tuple[list[str], list[str]]:
    """An ``.ipuz`` crossword as framework rows (``.`` an empty place, ``#`` a block, a letter
    given) and notes for the user. The ipuz library checks the document; the puzzle grid gives the
    blocks (an omitted cell, null, is a block too) and the given letters (a cell's ``value``); the
    solution's letters become given letters only with ``keep_letters``."""
    import ipuz as ipuz_lib

    from ..core.errors import InputError, read_text

    name = str(path)
    try:
        doc = ipuz_lib.read(read_text(path))
    except ipuz_lib.IPUZException as exc:
        raise InputError(f"not a valid ipuz file ({exc})", name) from None
    except (TypeError, ValueError, KeyError, AttributeError, IndexError, RecursionError) as exc:
        raise InputError(f"not a valid ipuz file ({type(exc).__name__})", name) from None
    if not any(isinstance(k, str) and "crossword" in k for k in doc.get("kind", ())):
        raise InputError("not an ipuz crossword (its 'kind' names no crossword)", name)
    puzzle, solution = doc.get("puzzle"), doc.get("solution")
    if not _grid(puzzle):
        raise InputError("the ipuz file has no 'puzzle' grid (a list of rows)", name)
    block, notes = doc.get("block", BLOCK), []
    width = max(len(row) for row in puzzle)
    letters = solution if keep_letters and _grid(solution) else []
    if keep_letters and not letters:
        notes.append("no 'solution' grid: only the puzzle's given letters are kept")
    rows, marks = [], 0
    for r, row in enumerate(puzzle):
        out = ""
        for c in range(width):
            cell = row[c] if c < len(row) else None
            marks += isinstance(cell, dict) and bool(cell.get("style"))
            given = _letter(cell.get("value") if isinstance(cell, dict) else None)
            if _is_block(cell, block):
                out += "#"
            elif given:
                out += given
            elif r < len(letters) and c < len(letters[r]) and _letter(_value(letters[r][c])):
                out += _letter(_value(letters[r][c])) or "."
            else:
                out += "."
        rows.append(out)
    if marks:
        notes.append(f"{marks} styled cell(s) (circles, shading): the styles are dropped (a framework has none)")
    return rows, notes


def _grid(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(r, list) and r for r in value)


def _is_block(cell: Any, block: Any) -> bool:
    if isinstance(cell, dict):
        if "cell" not in cell:
            return False  # a styled or given cell with no number: a place
        cell = cell["cell"]
    return cell is None or cell in (block, BLOCK)


def _value(cell: Any) -> Any:
    return cell.get("value") if isinstance(cell, dict) else cell


def _letter(value: Any) -> str:
    """A single letter (upper case), or "" for anything else (a rebus, a number, a block)."""
    if isinstance(value, str) and len(value.strip()) == 1 and value.strip().isalpha():
        return value.strip().upper()
    return ""
