"""The studio's grids in and out: the exports of a grid (the command's own writers:
``CrosswordResult.to_puz``, ``to_ipuz``, ``to_pdf``, ``to_html``, ``to_json``) and a ``.puz`` or
``.ipuz`` opened.

A saved ``.ipuz`` keeps what the studio needs to go on (an unfinished grid's letters, the locked
entries) under the extension key ``EXTENSION``, which other apps pass over.
"""

from __future__ import annotations

import base64
import binascii
import json
import tempfile
from pathlib import Path
from typing import Any

from ..core.errors import InputError
from ..core.grid import Placement
from ..core.letters import normalize_word
from ..core.status import Status
from ..crossword.framework import EMPTY, Framework
from ..crossword.result import CrosswordResult
from ..crossword.solution import CrosswordSolution
from ..formats import printstyle
from ..formats.ipuz import plain
from .body import BadRequest, Limits
from .studio_body import MAX_LOCKED, Ask, grid, kind, text

EXTENSION = "https://github.com/pyclingo-puzzles/pyclingo-puzzles#studio"
FORMATS = {  # format -> media type, suffix
    "puz": ("application/octet-stream", ".puz"),
    "ipuz": ("application/json", ".ipuz"),
    "pdf": ("application/pdf", ".pdf"),
    "html": ("text/html; charset=utf-8", ".html"),
    "json": ("application/json", ".json"),
}
MAX_CLUE = 500
PAPERS = ("a4", "letter")


def result_of(framework: Framework, clues: dict[str, str], title: str) -> CrosswordResult:
    """The grid as the command's result: every entry read off it, with its clue."""
    placements = []
    for site in framework.sites():
        word = "".join(framework.rows[r][c] for r, c in site.cells())
        placements.append(Placement(word, site.row, site.col, site.direction))
    solution = CrosswordSolution(framework.rows, tuple(placements))
    result = CrosswordResult(Status.SAT, [solution], 1)
    result.clues, result.title = clues, title
    return result


def export(ask: Ask) -> dict[str, Any]:
    """The grid as a file: ``{"content": bytes, "media": ..., "filename": ...}``."""
    assert ask.framework is not None
    fmt = ask.data.get("format", "puz")
    if fmt not in FORMATS:
        raise BadRequest(f"must be one of {', '.join(FORMATS)}, got {kind(fmt)}", "format")
    paper = ask.data.get("paper", "a4")
    if paper not in PAPERS:
        raise BadRequest(f"must be a4 or letter, got {kind(paper)}", "paper")
    title = text(ask.data.get("title", ""), "title", 200)
    author = " ".join(text(ask.data.get("author", ""), "author", 200).split())
    result = result_of(ask.framework, _clues(ask.data.get("clues", {})), title)
    empty = sum(row.count(EMPTY) for row in ask.framework.rows)
    if empty and fmt != "ipuz":
        raise BadRequest(f"{empty} empty square(s): fill the grid (Autofill) before exporting {fmt}; "
                         "an unfinished grid is saved as .ipuz", "framework")  # fmt: skip
    with printstyle.using(author=author):  # the writers read it as they read --author
        if fmt == "ipuz":
            content = json.dumps(work_ipuz(result, ask), ensure_ascii=False, indent=1).encode("utf-8")
        else:
            content = _written(result, fmt, paper)
    media, suffix = FORMATS[fmt]
    return {"content": content, "media": media, "filename": f"{_file_name(title)}{suffix}"}


def _written(result: CrosswordResult, fmt: str, paper: str) -> bytes:
    if fmt == "puz":
        return result.to_puz()
    if fmt == "pdf":
        return result.to_pdf(paper=paper)
    if fmt == "html":
        return result.to_html().encode("utf-8")
    return json.dumps(result.to_json(), ensure_ascii=False, indent=1).encode("utf-8")


def work_ipuz(result: CrosswordResult, ask: Ask) -> dict[str, Any]:
    """The command's ipuz document, with the studio's locked entries; an unfinished entry has no answer."""
    doc = result.to_ipuz()
    for entries in doc["clues"].values():
        for entry in entries:
            if EMPTY in entry["answer"]:
                del entry["answer"]
    doc[EXTENSION] = {"locked": [t.text() for t in ask.locked]}
    return doc


def _file_name(title: str) -> str:
    kept = "".join(ch for ch in title if ch.isalnum() or ch in " -_").strip()
    return kept[:60] or "crossword"


def _clues(value: Any) -> dict[str, str]:
    if not isinstance(value, dict):
        raise BadRequest(f"must be an object, entry -> clue, got {kind(value)}", "clues")
    out = {}
    for word, clue in value.items():
        if not isinstance(clue, str) or len(clue) > MAX_CLUE:
            raise BadRequest(f"the clue of {word[:40]!r} must be text of at most {MAX_CLUE} characters", "clues")
        out[normalize_word(word)] = " ".join(clue.split())
    return out


def open_file(ask: Ask) -> dict[str, Any]:
    """A ``.puz`` or ``.ipuz`` (base64 in ``data``): its grid with the letters, clues, title, locked entries."""
    name = text(ask.data.get("name", ""), "name", 200)
    suffix = Path(name).suffix.lower()
    if suffix not in (".puz", ".ipuz"):
        raise BadRequest("open a .puz or an .ipuz file", "name")
    try:
        data = base64.b64decode(text(ask.data.get("data", ""), "data", 4 * 1024 * 1024), validate=True)
    except binascii.Error:
        raise BadRequest("not base64", "data") from None
    from ..crossword.reader import exchange_framework

    notes: list[str] = []
    with tempfile.TemporaryDirectory(prefix="pyclingo-studio-") as folder:
        path = Path(folder) / f"upload{suffix}"
        path.write_bytes(data)
        try:
            framework = exchange_framework(path, keep_letters=True, notes=notes)
        except InputError as exc:
            raise BadRequest(exc.message, "data") from None
    rows = ["".join("#" if ch == " " else ch for ch in row) for row in framework.rows]
    opened = {"framework": rows, "notes": notes, "title": "", "author": "", "clues": {}, "locked": []}
    try:
        grid(rows, Limits())
    except BadRequest as exc:
        raise BadRequest(exc.message.removeprefix("framework: "), "data") from None
    opened.update(_puz_extras(data, framework) if suffix == ".puz" else _ipuz_extras(data, framework))
    return opened


def _entry(framework: Framework, number: int, direction: str) -> str | None:
    from ..formats.ipuz import numbering

    numbers = numbering(framework.rows)
    for site in framework.sites():
        if site.direction == direction and numbers.get((site.row, site.col)) == number:
            word = "".join(framework.rows[r][c] for r, c in site.cells())
            return None if EMPTY in word else word
    return None


def _puz_extras(data: bytes, framework: Framework) -> dict[str, Any]:
    from ..formats.puz import load

    puzzle = load(data, "data")
    numbering = puzzle.clue_numbering()
    clues = {}
    for direction, entries in (("across", numbering.across), ("down", numbering.down)):
        for entry in entries:
            word = _entry(framework, entry["num"], direction)
            if word and entry.get("clue"):
                clues[word] = entry["clue"]
    return {"title": puzzle.title or "", "author": puzzle.author or "", "clues": clues}


def _ipuz_extras(data: bytes, framework: Framework) -> dict[str, Any]:
    doc = json.loads(data.decode("utf-8"))
    clues = {}
    for heading, entries in (doc.get("clues") or {}).items():
        direction = "across" if heading.lower().startswith("across") else "down"
        for entry in entries if isinstance(entries, list) else []:
            number, clue = (entry.get("number"), entry.get("clue")) if isinstance(entry, dict) else (None, None)
            word = _entry(framework, int(str(number)), direction) if str(number).isdigit() else None
            if word and plain(clue):
                clues[word] = plain(clue)  # ipuz's HTML, as the studio's plain text
    studio = doc.get(EXTENSION) if isinstance(doc.get(EXTENSION), dict) else {}
    locked = [t for t in studio.get("locked", []) if isinstance(t, str)][:MAX_LOCKED]
    kept = [_locked_json(t) for t in locked if _locked_json(t)]
    return {"title": plain(doc.get("title")), "author": plain(doc.get("author")), "clues": clues, "locked": kept}


def _locked_json(notation: str) -> dict[str, Any] | None:
    from ..crossword.construction.themes import parse_theme

    try:
        theme = parse_theme(notation)
    except InputError:
        return None
    if not theme.placed:
        return None
    return {"row": theme.row, "col": theme.col, "direction": theme.direction, "word": theme.word}
