"""The studio's engine routes: slot counts, suggestions, the verdict and autofill, each one call of
the crossword family's warm studio engine (``crossword.studio``: the dictionary and its tables are
loaded once per word-list combination and kept) turned into the JSON of docs/web.md. Run in a
thread by ``studio.Studio.run``; ``stop`` is set when a newer request of the same page takes over
or its client goes away, and the engine, which polls it, ends its search."""

from __future__ import annotations

import importlib
import threading
from types import ModuleType
from typing import Any

from .body import BadRequest
from .studio_body import Ask, WordLists

SUGGEST_SECONDS = 2.0  # the time suggestions are checked in (the rest come back "not known yet")


def engine() -> ModuleType:
    """The crossword family's studio engine (imported on first use: the other pages need none of it)."""
    try:
        return importlib.import_module("pyclingo_puzzles.crossword.studio")
    except ModuleNotFoundError as exc:  # the engine lands after these routes: until then, said plainly
        if exc.name != "pyclingo_puzzles.crossword.studio":
            raise
        raise BadRequest("this version has no studio engine yet (counts, suggestions, verdicts, autofill)",
                         None, 503) from None  # fmt: skip


def warm(lists: WordLists) -> Any:
    """The engine's studio for the request's word lists (built once, then kept warm by the engine)."""
    module = engine()
    return module.studio_for(module.WordLists(
        dictionary="en" if lists.english else None, word_list=lists.inline or None, min_score=lists.min_score,
        exclude=lists.exclude,
    ))  # fmt: skip


def _grid(ask: Ask) -> tuple[list[str], list[str]]:
    assert ask.framework is not None
    rows = ["".join("#" if ch == " " else ch for ch in row) for row in ask.framework.rows]
    return rows, [t.text() for t in ask.locked]


def _blocks_as_hashes(answer: dict[str, Any]) -> dict[str, Any]:
    """The API writes a grid's blocks as ``#``, as it takes them (the family's grids have spaces)."""
    for key in ("grid", "fill"):
        if isinstance(answer.get(key), list):
            answer[key] = [row.replace(" ", "#") for row in answer[key]]
    return answer


def slots(ask: Ask, stop: threading.Event) -> dict[str, Any]:
    rows, locked = _grid(ask)
    answer: dict[str, Any] = warm(ask.lists).slots(rows, locked=locked).as_json()
    return answer


def suggest(ask: Ask, stop: threading.Event) -> dict[str, Any]:
    rows, locked = _grid(ask)
    assert ask.slot is not None
    slot = (ask.slot.row, ask.slot.col, ask.slot.direction)
    found = warm(ask.lists).suggest(rows, slot, limit=ask.limit, locked=locked,
                                    time_limit=min(SUGGEST_SECONDS, ask.time_limit), cancel=stop)  # fmt: skip
    answer: dict[str, Any] = found.as_json()
    return answer


def verdict(ask: Ask, stop: threading.Event) -> dict[str, Any]:
    rows, locked = _grid(ask)
    said = warm(ask.lists).verdict(rows, locked=locked, time_limit=ask.time_limit, cancel=stop)
    return _blocks_as_hashes(said.as_json())


def autofill(ask: Ask, stop: threading.Event) -> dict[str, Any]:
    rows, locked = _grid(ask)
    chosen = [(s.row, s.col, s.direction) for s in ask.slots] or None
    differ = (list(ask.avoid),) if ask.avoid else ()
    filled = warm(ask.lists).autofill(rows, slots=chosen, locked=locked, seed=ask.seed, differ_from=differ,
                                      time_limit=ask.time_limit, cancel=stop)  # fmt: skip
    return _blocks_as_hashes(filled.as_json())
