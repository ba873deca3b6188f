"""The studio's request bodies (``POST /api/crossword/<route>``) checked into an ``Ask``, or a
``BadRequest`` naming the field (docs/web.md, "The constructor's API").

A grid is ``framework``: rows of equal length, 3 to 25 (and at most the server's ``--max-side``)
a side, each character a letter, ``.`` (an empty square) or ``#`` (a block; a space is one too).
The word lists are the command's: ``dictionary`` (``"en"``, the default, or null), ``min_score``,
``exclude`` (words) and ``word_list`` (the words inline, plain or ``WORD;SCORE`` lines, merged as
a second ``--dictionary`` is). ``locked`` entries (``WORD@ROW,COL,A|D``) keep their letters and need
not be words of the lists.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import InputError
from ..core.schema import RunOptions, options_of
from ..crossword.construction.themes import Theme, parse_theme
from ..crossword.framework import BLOCK_MARKS, SQUARE_MARKS, Framework, Site
from ..crossword.options import FillOptions
from .body import BadRequest, Limits, checked

RUN = options_of(RunOptions)  # the run's options a studio request may give (seed, time_limit)

MIN_SIDE, MAX_SIDE = 3, 25  # the studio's grids, as the command's --size
MAX_SUGGESTIONS = 100  # the largest "limit" of a suggest request
MAX_LOCKED = 60
# a suggest's checking time when it asks for none: the page asks again, for longer, while some
# suggestions are not known yet (the engine's learnt nogoods and fills kept between the asks)
SUGGEST_SECONDS = 2.0
WORD_LISTS = ("dictionary", "min_score", "exclude", "word_list")
GRID = ("framework", "locked", *WORD_LISTS, "time_limit")
ROUTES: dict[str, tuple[str, ...]] = {  # route -> the fields its body may hold
    "slots": GRID,
    "suggest": (*GRID, "slot", "limit"),
    "verdict": GRID,
    "autofill": (*GRID, "slots", "seed", "avoid"),
    "pattern": ("width", "height", "symmetry", "theme", *WORD_LISTS, "seed", "time_limit"),
    "export": ("framework", "locked", "clues", "title", "author", "format", "paper"),
    "open": ("name", "data"),
}


@dataclass(frozen=True)
class WordLists:
    """The word-list fields: what ``studio.dictionary`` builds (and caches) a ``Dictionary`` from."""

    english: bool = True
    min_score: int | None = None
    exclude: tuple[str, ...] = ()
    inline: str = ""  # the word_list text, "" for none


@dataclass(frozen=True)
class Ask:
    """One checked studio request."""

    route: str
    framework: Framework | None = None
    locked: tuple[Theme, ...] = ()
    lists: WordLists = WordLists()
    time_limit: float = 10.0
    slot: Site | None = None
    slots: tuple[Site, ...] = ()
    limit: int = 20
    seed: int | None = None
    avoid: tuple[str, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)  # the route's other fields, as given


def parse(route: str, raw: bytes, limits: Limits) -> Ask:
    body = _object(raw)
    allowed = ROUTES[route]
    for key in body:
        if key not in allowed:
            raise BadRequest(f"unknown field; a {route} request takes {', '.join(allowed)}", key)
    framework = grid(body.get("framework"), limits) if "framework" in allowed else None
    locked = tuple(_entries(body.get("locked", []), "locked"))
    if framework is not None:
        framework = with_locked(framework, locked)
    found = framework.sites() if framework else []
    sites: dict[tuple[int, int, str], Site] = {(s.row, s.col, s.direction): s for s in found}
    return Ask(
        route, framework, locked, word_lists(body) if "dictionary" in allowed else WordLists(),
        time_limit=_seconds(body.get("time_limit"), limits, SUGGEST_SECONDS if route == "suggest" else None),
        slot=_slot(body["slot"], "slot", sites) if "slot" in body else None,
        slots=tuple(_slot(s, f"slots[{i}]", sites) for i, s in enumerate(_list(body.get("slots", []), "slots"))),
        limit=_whole(body.get("limit", 20), "limit", 1, MAX_SUGGESTIONS),
        seed=checked(RUN["seed"], body.get("seed"), limits),
        avoid=tuple(_rows(body["avoid"], "avoid")) if body.get("avoid") is not None else (),
        data={k: v for k, v in body.items() if k not in GRID},
    )  # fmt: skip


def _object(raw: bytes) -> dict[str, Any]:
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_no_number)
    except UnicodeDecodeError:
        raise BadRequest("not UTF-8 text", "body") from None
    except json.JSONDecodeError as exc:
        raise BadRequest(f"not JSON ({exc.msg} at line {exc.lineno} column {exc.colno})", "body") from None
    except RecursionError:
        raise BadRequest("nested too deeply", "body") from None
    if not isinstance(data, dict):
        raise BadRequest("must be a JSON object", "body")
    return data


def _no_number(name: str) -> Any:
    raise BadRequest(f"not JSON ({name} is no JSON number)", "body")


def kind(value: Any) -> str:
    return {dict: "an object", list: "an array", str: "a string", bool: "true or false"}.get(
        type(value), "null" if value is None else "a number"
    )


def _list(value: Any, name: str) -> list[Any]:
    if not isinstance(value, list):
        raise BadRequest(f"must be an array, got {kind(value)}", name)
    return value


def _rows(value: Any, name: str) -> list[str]:
    rows = _list(value, name)
    if not all(isinstance(r, str) for r in rows):
        raise BadRequest("must be an array of row strings", name)
    return rows


def grid(value: Any, limits: Limits, name: str = "framework") -> Framework:
    """A studio grid: rectangular, MIN_SIDE to MAX_SIDE a side, letters, ``.`` and blocks only."""
    rows = _rows(value, name)
    most = min(MAX_SIDE, limits.max_side)
    width = len(rows[0]) if rows else 0
    if not MIN_SIDE <= len(rows) <= most or not MIN_SIDE <= width <= most:
        raise BadRequest(f"{width}x{len(rows)} is outside {MIN_SIDE}x{MIN_SIDE} to {most}x{most}", name, 413
                         if len(rows) > most or width > most else 400)  # fmt: skip
    for r, row in enumerate(rows):
        if len(row) != width:
            raise BadRequest(f"not rectangular: row {r} has {len(row)} squares, row 0 has {width}", name)
        for c, ch in enumerate(row):
            if not (ch in SQUARE_MARKS or ch in BLOCK_MARKS or ch.isalpha()):  # the frameworks' one notation
                raise BadRequest(f"row {r}, column {c}: {ch!r} is neither a letter, a square ('.', '_') nor a block "
                                 "('#', '*', a space)", name)  # fmt: skip
    framework = Framework.from_lines(rows)
    if not framework.sites():
        raise BadRequest("no entry: the grid needs a run of two or more squares", name)
    return framework


def _entries(value: Any, name: str) -> list[Theme]:
    items = _list(value, name)
    if len(items) > MAX_LOCKED:
        raise BadRequest(f"{len(items)} entries is more than this server takes ({MAX_LOCKED})", name, 413)
    out = []
    for i, item in enumerate(items):
        if not isinstance(item, str):
            raise BadRequest(f"entry {i} must be WORD@ROW,COL,A|D, got {kind(item)}", name)
        try:
            out.append(parse_theme(item, name))
        except InputError as exc:
            raise BadRequest(exc.message, f"{name}[{i}]") from None
    return out


def with_locked(framework: Framework, locked: tuple[Theme, ...], name: str = "locked") -> Framework:
    """The grid with each locked entry's letters written in; each must be a whole slot of it."""
    sites: dict[tuple[int | None, int | None, str], Site] = {(s.row, s.col, s.direction): s for s in framework.sites()}
    cells = [list(row) for row in framework.rows]
    for i, entry in enumerate(locked):
        site = sites.get((entry.row, entry.col, entry.direction)) if entry.placed else None
        if site is None or site.length != len(entry.word):
            raise BadRequest(f"{entry.text()} is not an entry of the grid (a whole run between blocks)", f"{name}[{i}]")
        for (r, c), ch in zip(site.cells(), entry.word, strict=True):
            if cells[r][c] not in (".", ch):
                raise BadRequest(f"{entry.text()} has {ch} at row {r}, column {c}; the grid has {cells[r][c]}",
                                 f"{name}[{i}]")  # fmt: skip
            cells[r][c] = ch
    return Framework(tuple("".join(row) for row in cells))


def _slot(value: Any, name: str, sites: dict[tuple[int, int, str], Site]) -> Site:
    if not isinstance(value, dict) or set(value) != {"row", "col", "direction"}:
        raise BadRequest('must be {"row": R, "col": C, "direction": "across" | "down"}', name)
    row, col, direction = value["row"], value["col"], value["direction"]
    if direction not in ("across", "down") or any(isinstance(v, bool) or not isinstance(v, int) for v in (row, col)):
        raise BadRequest('must be {"row": R, "col": C, "direction": "across" | "down"}', name)
    site = sites.get((row, col, direction))
    if site is None:
        raise BadRequest(f"no {direction} entry starts at row {row}, column {col}", name)
    return site


def word_lists(body: dict[str, Any]) -> WordLists:
    dictionary = body.get("dictionary", "en")
    if dictionary not in ("en", None):
        raise BadRequest(f'must be "en" or null (a list of your own goes in word_list), got {kind(dictionary)}',
                         "dictionary")  # fmt: skip
    inline = body.get("word_list", "")
    if isinstance(inline, list) and all(isinstance(t, str) for t in inline):
        inline = "\n".join(inline)
    if not isinstance(inline, str):
        raise BadRequest(f"must be the list's text (a word a line, or WORD;SCORE), got {kind(inline)}", "word_list")
    if "\x00" in inline or "\ufffd" in inline:
        line = inline[: max(inline.find("\x00"), inline.find("\ufffd"))].count("\n") + 1
        raise BadRequest(f"not a text word list (binary data at line {line})", "word_list")
    if dictionary is None and not inline.strip():
        raise BadRequest('no word list: give word_list, or dictionary "en"', "word_list")
    score = checked(options_of(FillOptions)["min_score"], body.get("min_score"), Limits())
    exclude = body.get("exclude", [])
    if isinstance(exclude, str):
        exclude = exclude.split("\n")
    if not isinstance(exclude, list) or not all(isinstance(w, str) for w in exclude):
        raise BadRequest(f"must be an array of words, got {kind(exclude)}", "exclude")
    return WordLists(dictionary == "en", score, tuple(w for w in exclude if w.strip()), inline)


def _whole(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(f"must be a whole number from {low} to {high}, got {kind(value)}", name)
    if value > high and name == "limit":
        raise BadRequest(f"{value} is over this server's cap of {high}", name)
    if not low <= value <= high:
        raise BadRequest(f"must be from {low} to {high}, got {value}", name)
    return value


def _seconds(value: Any, limits: Limits, default: float | None = None) -> float:
    """``time_limit``: the schema's check and the server's cap; none given, ``default`` (a suggest's
    2 s) or the server's default."""
    given = checked(RUN["time_limit"], value, limits)
    return min(default or limits.time_limit, limits.max_time_limit) if given is None else given


def text(value: Any, name: str, most: int = 500) -> str:
    if not isinstance(value, str) or len(value) > most:
        raise BadRequest(f"must be text of at most {most} characters, got {kind(value)}", name)
    return value
