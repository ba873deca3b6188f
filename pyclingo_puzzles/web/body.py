"""A request's JSON body checked into a ``Job``, or a ``BadRequest`` naming the field.

The body is the family's YAML instance (``words``, ``framework``, ``grids`` ...) plus the options
``seed``, ``time_limit``, ``models``, ``format`` and ``paper``. Checked here: that it is a JSON
object, the options' types and ranges, the server's limits (words, sides, the time limit's cap)
and that it names no file and carries no rules program (only the family's keys are taken). What
the instance's values mean is checked by the family's own reader, in the worker (``jobs.py``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..core.schema import JSON, Option, Refused
from ..formats.pagetext import PAPERS
from .families import Family, formats

NO_RULES = ("rules", "rules_file", "rules_files", "program", "dictionary", "include")  # refused by name
SIDED_KEYS = ("width", "height", "max_width", "max_height")  # whole numbers held to the largest side
ROW_KEYS = ("framework", "mask", "final_grid")  # lists of row strings held to the largest side
MAX_TEXT = 500  # characters of a title or instructions line, a clue, an alphabet
TEXT_KEYS = ("title", "alphabet")  # the instance's text fields held to MAX_TEXT (a hidden message: to a grid's cells)
MAX_DEPTH = 16  # levels of nesting in a body (an instance needs four: grids, a grid, its rows)
MAX_DIGITS = 15  # digits of a whole number anywhere in a body (no field needs more; a float holds them exactly)


@dataclass(frozen=True)
class Limits:
    """What one request may ask for (``serve``'s options)."""

    time_limit: float = 10.0  # seconds, when the request gives none
    max_time_limit: float = 30.0  # the largest time_limit a request may ask for
    max_words: int = 200  # words (or grids) in one request
    max_side: int = 100  # a grid's width or height, a word's length
    max_body: int = 256 * 1024  # bytes of a request's body
    workers: int = 2  # runs at once
    lane: int = 1  # more workers, for the studio's keystroke answers only (pool.py's interactive lane)
    queue: int = 8  # requests waiting for a worker; more are turned away (503)
    max_grids: int = 50  # strips: grids in one request


class BadRequest(Exception):
    """A request the server will not run: ``status`` (4xx) and one line naming ``field``."""

    def __init__(self, message: str, field: str | None = None, status: int = 400):
        self.message = f"{field}: {message}" if field else message
        self.field = field
        self.status = status
        super().__init__(self.message)

    def as_json(self) -> dict[str, Any]:
        return {"error": self.message} | ({"field": self.field} if self.field else {})


@dataclass(frozen=True)
class Job:
    family: Family
    instance: dict[str, Any]  # the family's YAML keys, as given
    format: str = "json"  # json, all (the pages: the document and every file) or a file format
    time_limit: float = 10.0
    models: int = 1
    seed: int | None = None
    paper: str = "a4"
    flags: tuple[str, ...] = field(default=())  # command-line flags asked for (strips: --hunt)
    printing: tuple[tuple[str, str | bool], ...] = ()  # the printed page's options: (request key, value)


def parse(family: Family, raw: bytes, limits: Limits) -> Job:
    """The body of a request to ``family``, checked."""
    if len(raw) > limits.max_body:
        raise BadRequest(f"{len(raw)} bytes is over the server's limit of {limits.max_body} bytes", "body", 413)
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_not_json)
    except UnicodeDecodeError:
        raise BadRequest("not UTF-8 text", "body") from None
    except json.JSONDecodeError as exc:
        raise BadRequest(f"not JSON ({exc.msg} at line {exc.lineno} column {exc.colno})", "body") from None
    except RecursionError:  # [[[[...]]]] 100,000 deep fits the body limit
        raise BadRequest("nested too deeply", "body") from None
    except ValueError:  # Python reads no integer of more than 4,300 digits (sys.set_int_max_str_digits)
        raise BadRequest(f"a number has more than {MAX_DIGITS} digits", "body") from None
    if _depth(data) > MAX_DEPTH:  # json reads 900 levels; the YAML the worker is given does not
        raise BadRequest(f"nested too deeply (more than {MAX_DEPTH} levels of arrays and objects)", "body")
    _numbers(data)
    if not isinstance(data, dict):
        raise BadRequest(f"must be a JSON object (the {family.name} instance plus options), got {_kind(data)}", "body")
    for key in data:
        if key in NO_RULES:
            raise BadRequest("the web app takes no rules program and no file: give words, clues and grids", key)
        if key not in family.allowed:
            raise BadRequest(f"unknown field; a {family.name} request takes {', '.join(family.allowed)}", key)
    _check_size(family, data, limits)
    given = {o.keyword: _option(o, data[o.keyword], family, limits) for o in family.offered if o.keyword in data}
    return Job(
        family,
        {k: v for k, v in data.items() if k in family.keys},
        format=_format(family, data.get("format", "json")),
        time_limit=given.get("time_limit") or min(limits.time_limit, limits.max_time_limit),
        models=given.get("models", 1),
        seed=given.get("seed"),
        paper=_choice(data.get("paper", "a4"), "paper", tuple(PAPERS)),
        flags=tuple(flag for flag in family.flags if given.get(flag)),
        printing=tuple((k, _printing(data[k], k)) for k in family.printing if k in data),
    )


def _option(option: Option, value: Any, family: Family, limits: Limits) -> Any:
    """A request's value of one of the family's options, checked by its field (``core/schema.py``)
    within the server's own bounds: 1 to the family's most models (no "all"), the time limit's cap."""
    if option.keyword == "models":
        option = option.but(low=1, high=family.most_models, note="")
    return checked(option, value, limits)


def checked(option: Option, value: Any, limits: Limits) -> Any:
    """``value`` checked by ``option``'s field, a ``BadRequest`` naming its JSON key; a time limit
    also within the server's cap."""
    try:
        got = option.checked(value, JSON)
    except Refused as exc:
        raise BadRequest(str(exc), option.keyword) from None
    if option.keyword == "time_limit" and got is not None and got > limits.max_time_limit:
        raise BadRequest(f"{value} seconds is over the server's cap of {limits.max_time_limit:g} seconds", "time_limit")
    return got


def _depth(data: Any) -> int:
    """How deeply arrays and objects nest in ``data`` (without recursion)."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        value, level = stack.pop()
        if isinstance(value, dict | list):
            deepest = max(deepest, level)
            stack.extend((item, level + 1) for item in (value.values() if isinstance(value, dict) else value))
    return deepest


def _numbers(data: Any) -> None:
    """Every whole number in the body, at any depth, of at most MAX_DIGITS digits: a number past
    what a field takes is a 400 naming its top-level field, never an overflow later (a float of
    a 400-digit integer, YAML's and clingo's numbers)."""
    stack = [(value, key) for key, value in data.items()] if isinstance(data, dict) else [(data, "body")]
    while stack:
        value, field = stack.pop()
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**MAX_DIGITS:
            digits = len(str(abs(value)))
            raise BadRequest(f"a number of {digits} digits; this server takes at most {MAX_DIGITS}", field)
        if isinstance(value, dict):
            stack.extend((item, field) for item in value.values())
        elif isinstance(value, list):
            stack.extend((item, field) for item in value)


def _not_json(name: str) -> Any:
    """NaN, Infinity and -Infinity: Python reads them, JSON has no such numbers."""
    raise BadRequest(f"not JSON ({name} is no JSON number)", "body")


def _printing(value: Any, name: str) -> str | bool:
    if name == "name_line":
        return _flag(value, name)
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise BadRequest(f"must be text of at most {MAX_TEXT} characters, got {_kind(value)}", name)
    return value


def _kind(value: Any) -> str:
    return {dict: "an object", list: "an array", str: "a string", bool: "true or false"}.get(
        type(value), "null" if value is None else "a number"
    )


def _format(family: Family, value: Any) -> str:
    offered = (*formats(family.name), "all")
    return _choice(value, "format", offered)


def _choice(value: Any, name: str, offered: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in offered:
        got = repr(value)[:40] if isinstance(value, str) else _kind(value)
        raise BadRequest(f"must be one of {', '.join(offered)}, got {got}", name)
    return value


def _flag(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise BadRequest(f"must be true or false, got {_kind(value)}", name)
    return value


def _check_size(family: Family, data: dict[str, Any], limits: Limits) -> None:
    """The server's limits: words, sides, rows, grids (what the reader would take, it may not run)."""
    side = limits.max_side
    for key in family.word_lists:
        items = data.get(key)
        if not isinstance(items, list):
            continue  # the reader says what it should be
        most = limits.max_grids if key == "grids" else limits.max_words
        if len(items) > most:
            what = "grids" if key == "grids" else "words"
            raise BadRequest(f"{len(items)} {what} is more than this server takes ({most})", key, 413)
        for i, item in enumerate(items):
            word = item.get("word") if isinstance(item, dict) else item
            if isinstance(word, str | list) and len(word) > side:
                raise BadRequest(f"word {i + 1} has {len(word)} letters, more than this server's largest side ({side})",
                                 key, 413)  # fmt: skip
            clue = item.get("clue") if isinstance(item, dict) else None
            if isinstance(clue, str) and len(clue) > MAX_TEXT:
                raise BadRequest(f"the clue of word {i + 1} has {len(clue)} characters, more than {MAX_TEXT}", key, 413)
            if key == "grids" and isinstance(item, dict):
                _rows(item.get("rows"), f"grids[{i}].rows", side)
    for key in SIDED_KEYS:
        value = data.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value > side:
            raise BadRequest(f"{value} is more than this server's largest side ({side})", key, 413)
    for key in ROW_KEYS:
        _rows(data.get(key), key, side)
    for key, most in ((*((k, MAX_TEXT) for k in TEXT_KEYS), ("message", side * side))):
        value = data.get(key)
        if isinstance(value, str) and len(value) > most:
            raise BadRequest(f"{len(value)} characters is more than this server takes ({most})", key, 413)


def _rows(rows: Any, name: str, side: int) -> None:
    """Rows of a grid, in whatever form a reader may take them: a list of strings (or of lists),
    or one string of lines (a word search's ``mask`` block)."""
    if isinstance(rows, str):
        rows = rows.rstrip("\n").split("\n")
    if not isinstance(rows, list):
        return
    longest = max((len(r) for r in rows if isinstance(r, str | list)), default=0)
    if len(rows) > side or longest > side:
        raise BadRequest(f"{longest}x{len(rows)} is larger than this server's largest side ({side})", name, 413)
