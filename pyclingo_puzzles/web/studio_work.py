"""The studio's engine routes: slot counts, suggestions, the verdict, autofill and a generated
pattern, each one call of the crossword family's warm studio engine (``crossword.studio.calls``:
the word lists and their tables are built once per word-list combination and kept), in the shape a
worker pool runs: a function's name, its keyword arguments, and the options of its warm object.
``run`` runs one in a warm worker of the pool (``work.py``), with ``stop`` as the engine's cancel
flag: set when a newer request of the same page takes over or its client goes."""

from __future__ import annotations

import threading
from typing import Any, NamedTuple

from .body import BadRequest
from .studio_body import MAX_LOCKED, MAX_SIDE, MIN_SIDE, Ask, kind


class Call(NamedTuple):
    function: str  # of crossword.studio.calls
    kwargs: dict[str, Any]
    warm: dict[str, Any]  # the word-list options of the warm Studio
    time_limit: float


def call_of(ask: Ask) -> Call:
    """The engine's call for a checked request."""
    kwargs = _pattern(ask) if ask.route == "pattern" else _grid(ask)
    if ask.route == "suggest":
        assert ask.slot is not None
        kwargs |= {"slot": (ask.slot.row, ask.slot.col, ask.slot.direction), "limit": ask.limit,
                   "time_limit": ask.time_limit}  # fmt: skip
    elif ask.route == "verdict":
        kwargs["time_limit"] = ask.time_limit
    elif ask.route == "autofill":
        chosen = [(s.row, s.col, s.direction) for s in ask.slots] or None
        kwargs |= {"slots": chosen, "seed": ask.seed, "differ_from": (list(ask.avoid),) if ask.avoid else (),
                   "time_limit": ask.time_limit}  # fmt: skip
    lists = ask.lists
    warm = {"dictionary": "en" if lists.english else None, "word_list": lists.inline or None,
            "min_score": lists.min_score, "exclude": lists.exclude}  # fmt: skip
    return Call(ask.route, kwargs, warm, ask.time_limit)


def run(call: Call, stop: threading.Event) -> dict[str, Any]:
    """The call, in this process (a worker's); its JSON answer with the grids' blocks as ``#``."""
    from ..crossword.studio import calls

    studio = calls.warm(**call.warm)
    kwargs = call.kwargs if call.function == "slots" else {**call.kwargs, "cancel": stop}
    answer: dict[str, Any] = getattr(calls, call.function)(studio, **kwargs)
    return blocks_as_hashes(answer)


def blocks_as_hashes(answer: dict[str, Any]) -> dict[str, Any]:
    """The API writes a grid's blocks as ``#``, as it takes them (the family's grids have spaces)."""
    for key in ("grid", "fill"):
        if isinstance(answer.get(key), list):
            answer[key] = [row.replace(" ", "#") for row in answer[key]]
    return answer


def _grid(ask: Ask) -> dict[str, Any]:
    assert ask.framework is not None
    rows = ["".join("#" if ch == " " else ch for ch in row) for row in ask.framework.rows]
    return {"framework": rows, "locked": [t.text() for t in ask.locked]}


def _pattern(ask: Ask) -> dict[str, Any]:
    """A block pattern and its fill around the ``theme`` entries (``crossword --size`` with ``--theme``)."""
    width, height = (_side(ask.data.get(k), k) for k in ("width", "height"))
    symmetry = ask.data.get("symmetry", "rotational")
    if symmetry not in ("rotational", "mirror", "none"):
        raise BadRequest(f"must be rotational, mirror or none, got {kind(symmetry)}", "symmetry")
    themes = ask.data.get("theme", [])
    if not isinstance(themes, list) or not all(isinstance(t, str) for t in themes) or len(themes) > MAX_LOCKED:
        raise BadRequest(f"must be an array of at most {MAX_LOCKED} entries WORD or WORD@ROW,COL,A|D", "theme")
    return {"size": (height, width), "locked": themes, "symmetry": symmetry, "seed": ask.seed,
            "time_limit": ask.time_limit}  # fmt: skip


def _side(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not MIN_SIDE <= value <= MAX_SIDE:
        raise BadRequest(f"must be a whole number from {MIN_SIDE} to {MAX_SIDE}, got {kind(value)}", name)
    return value
