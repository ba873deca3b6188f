"""Playable pages (``--html FILE``, ``to_html()``): one self-contained HTML file per puzzle.

The page holds everything it needs inline: the template ``page.html``, the style ``page.css`` and
the players (``common.js`` and the family's script), all package data read with
``importlib.resources``; it loads nothing (its Content-Security-Policy forbids any request) and
runs no script but its own (the policy names it by its SHA-256, not ``'unsafe-inline'``). The
puzzle (grid, words, clues) is plain JSON in a ``<script type="application/json">`` element,
every ``<`` escaped so no text can end it early; the answers are XOR-ed with a fixed key and
base64-encoded, so they are neither in the page's text nor in its source at a glance (a determined
reader can decode them: it is a puzzle, not a secret). Each family builds its puzzle's JSON
(``wordsearch/play.py``, ``strips/play.py``; crossword and layout share ``crossword`` below, built
from their ipuz document) and calls ``page``.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from functools import cache
from html import escape
from importlib import resources
from typing import Any

from .. import printstyle
from ..ipuz import plain
from ..pagetext import DATE_LABEL, NAME_LABEL, PageText

KEY = b"pyclingo-puzzles"  # common.js holds the same key
PLAYERS = {"wordsearch": ("wordsearch.js", "WordSearch"), "crossword": ("crossword.js", "Crossword"),
           "strips": ("strips.js", "Strips"), "codeword": ("codeword.js", "Codeword")}  # fmt: skip
INSTRUCTIONS = {
    "wordsearch": "Find every word in the grid: drag from its first letter to its last, or click both.",
    "crossword": "Click a square and type. Arrows move; Tab and Shift+Tab go to the next and previous entry.",
    "strips": "Cover every cell with straight strips of the allowed lengths, no two with the same colour "
    "pattern (a strip and its reverse count as one): drag across the cells, or click the first and the last.",
    "codeword": "Click a square (or a number of the table) and type its letter: every square of that number takes "
    "it. Arrows move; Backspace clears.",
}
# the same on a touch screen (common.js puts it in place where the pointer is coarse): no Tab there
TOUCH_INSTRUCTIONS = {
    "wordsearch": "Find every word in the grid: slide your finger from its first letter to its last, or tap both.",
    "crossword": "Tap a square and type on your keyboard; tap it again to turn across or down. Tap a clue to go "
    "to its entry.",
    "strips": "Cover every cell with straight strips of the allowed lengths, no two with the same colour "
    "pattern (a strip and its reverse count as one): slide across the cells, or tap the first and the last.",
    "codeword": "Tap a square (or a number of the table) and type its letter on your keyboard: every square of "
    "that number takes it.",
}
NAME_LINE = f'<p class="name-line"><span>{NAME_LABEL}:</span><span>{DATE_LABEL}:</span></p>\n'
SLOT = re.compile(r"\{\{(\w+)\}\}")


@cache
def asset(name: str) -> str:
    """A file of this package (the template, the style, a script)."""
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def encode(value: Any) -> str:
    """``value`` as JSON, XOR-ed with ``KEY``, base64: what ``Page.decode`` in common.js reads back."""
    data = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.b64encode(bytes(b ^ KEY[i % len(KEY)] for i, b in enumerate(data))).decode("ascii")


def decode(text: str) -> Any:
    """The inverse of ``encode`` (for tests and tools)."""
    data = base64.b64decode(text)
    return json.loads(bytes(b ^ KEY[i % len(KEY)] for i, b in enumerate(data)).decode("utf-8"))


def text_of(kind: str, title: str, instructions: str | None = None, name_line: bool = False) -> PageText:
    """A ``to_html()`` call's page text, checked; the instructions default to how to play the page."""
    return PageText.of(title, instructions, name_line, INSTRUCTIONS[kind])


def page(
    kind: str,
    text: PageText | str,
    puzzle: Mapping[str, Any],
    answers: Any,
    printed: str = "",
    words: Sequence[str] = (),
) -> str:
    """The whole page of one puzzle of ``kind`` (a key of ``PLAYERS``) with its ``text`` (a title
    alone: the default instructions, no Name / Date line): ``puzzle`` is what the player shows,
    ``answers`` what it checks against and reveals (stored encoded). ``printed``: the family's
    instructions for paper, printed instead of the page's own (how to play it) when no others
    are given. ``words``: the puzzle's words (or rows): their script tells its language, for the
    page's own instructions and answers' label (``printstyle.play_text``); the print style
    (``printstyle.current()``) sets large print and lowercase letters."""
    if isinstance(text, str):
        text = PageText(text, INSTRUCTIONS[kind])
    script, player = PLAYERS[kind]
    style, own = printstyle.current(), printstyle.play_text(kind, words)
    data = {"kind": kind, **puzzle, "answers": encode(answers), "lowercase": style.lowercase,
            "key_label": printstyle.page_key_label(words)}  # fmt: skip
    # "<" escaped: no "</script>" in a title or a clue can close the data element
    blob = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    js = f"\n{asset('common.js')}\n{asset(script)}\nPage.run({{ {kind}: {player} }});\n"
    slots = {
        "title": escape(text.title),
        "kind": kind,
        "lang": own[0] if own else "en",
        "style": "large-print" if style.large_print else "",
        "css": asset("page.css"),
        "name_line": NAME_LINE if text.name_line else "",
        "instructions": _instructions(text.instructions, kind, printed, own[1:] if own else None),
        "data": blob,
        "js": js,
        "script_hash": script_hash(js),
    }
    return SLOT.sub(lambda m: slots[m.group(1)], asset("page.html"))  # one pass: no slot inside a value is filled


def script_hash(script: str) -> str:
    """The page's Content-Security-Policy source for its one inline script: its SHA-256 (no other
    inline script runs, not even one a title or a clue could smuggle in)."""
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    return f"'sha256-{digest}'"


def _instructions(text: str, kind: str, printed: str, own: Sequence[str] | None) -> str:
    """The instructions line ("" none); the page's own, on how to play it, is not printed: the
    family's line for paper (``printed``) is, in its place; on a touch screen it speaks of taps.
    ``own``: the page's own (mouse, touch) in the puzzle's language (None: English)."""
    if not text:
        return ""
    if text != INSTRUCTIONS[kind]:
        return f'<p id="instructions">{escape(text)}</p>\n'
    paper = f'<p class="print-only">{escape(printed)}</p>\n' if printed else ""
    text, touch = own if own else (text, TOUCH_INSTRUCTIONS[kind])
    touch = escape(touch)
    return f'<p id="instructions" class="screen-only" data-touch="{touch}">{escape(text)}</p>\n{paper}'


def crossword(
    doc: Mapping[str, Any], text: PageText | str | None = None, *, free_form: bool = False, printed: str = ""
) -> str:
    """The page of an ipuz crossword document (``formats/ipuz.crossword_ipuz``, a layout's
    ``to_ipuz()``): its grid, numbers, given letters and clues; an entry without a clue shows its
    length. The solution is what the player checks against. ``text``: the page's (default: the
    document's title). ``free_form`` (a layout): the squares without a letter are left blank, not
    drawn as blocks. ``printed``: as ``page``'s."""
    grid = doc["puzzle"]
    solution = doc["solution"]
    block = doc.get("block", "#")
    height, width = len(grid), len(grid[0]) if grid else 0
    cells: list[list[Any]] = []
    starts: dict[int, tuple[int, int]] = {}
    for r in range(height):
        row: list[Any] = []
        for c in range(width):
            spec, answer = grid[r][c], solution[r][c]
            if spec == block or spec is None:
                row.append(None)  # a block
                continue
            number = spec.get("cell", 0) if isinstance(spec, dict) else spec
            cell: dict[str, Any] = {}
            if number:
                cell["n"] = int(number)
                starts[int(number)] = (r, c)
            if isinstance(spec, dict) and spec.get("value"):
                cell["given"] = spec["value"]
            if answer is None:
                cell["void"] = True  # a place on no entry: nothing to solve there
            row.append(cell)
        cells.append(row)
    entries = []
    for heading, (dr, dc) in (("Across", (0, 1)), ("Down", (1, 0))):
        for clue in doc.get("clues", {}).get(heading, []):
            r, c = starts[int(clue["number"])]
            run = []
            while 0 <= r < height and 0 <= c < width and cells[r][c] is not None:
                run.append([r, c])
                r, c = r + dr, c + dc
            wording = plain(clue.get("clue")) if isinstance(clue, dict) else ""  # ipuz's HTML as text
            enumeration = str(clue.get("enumeration") or len(run))
            entries.append({"n": int(clue["number"]), "dir": heading.lower(), "cells": run, "clue": wording,
                            "enum": enumeration})  # fmt: skip
    letters = [["" if ch in (None, block) else ch for ch in row] for row in solution]
    puzzle = {"width": width, "height": height, "cells": cells, "entries": entries, "free_form": free_form}
    title = text if text is not None else plain(doc.get("title")) or "Crossword"
    return page("crossword", title, puzzle, letters, printed, ["".join(row) for row in letters])


def cells_of(rows: Sequence[str], blank: str = " ") -> list[list[str]]:
    """A grid of row strings as rows of cells, ``""`` where there is no cell."""
    return [["" if ch == blank else ch for ch in row] for row in rows]
