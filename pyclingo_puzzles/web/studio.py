"""The constructor's studio on the web: ``POST /api/crossword/<route>`` for the page ``/construct``
(and for scripts; docs/web.md, "The constructor's API").

Each request is checked (``studio_body``), then sent to the server's warm pool (``pool.py``) as
one task: a call of the crossword family's studio engine (``studio_work``; the worker keeps the
word lists and their tables built between calls, and a call goes back to a worker that has its
lists) or an export or opened file (``studio_files``). The page's answers as it changes (slots,
suggestions, the verdict) are interactive: a worker is kept for them that puzzles' jobs never
take. A newer request from the same page (its ``X-Page-Id``) for the same route stops the older
one, and a request whose client has gone is stopped too, so many fast edits from one page never
leave more than one job of a kind running for it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from . import studio_work
from .body import BadRequest, Limits
from .pool import Busy, Pool, Superseded
from .studio_body import parse

__all__ = ["PAGE_HEADER", "STUDIO_STATIC", "Busy", "Studio", "Superseded"]

PAGE_HEADER = "x-page-id"
MAX_PAGE_ID = 100
# the page's files: /static/NAME -> media type
STUDIO_STATIC = {f"construct{part}.js": "text/javascript; charset=utf-8"
                 for part in ("", "-model", "-view", "-engine", "-panel", "-files", "-notes")} | {
    "construct.css": "text/css; charset=utf-8", "construct-patterns.json": "application/json"}  # fmt: skip


class Studio:
    """The studio's side of the server: its routes' tasks, in the server's pool."""

    def __init__(self, limits: Limits, pool: Pool):
        self.limits = limits
        self.pool = pool

    async def answer(self, route: str, raw: bytes, page: str, gone: Callable[[], Awaitable[object]]) -> dict[str, Any]:
        """The route's answer to the body ``raw`` (a BadRequest, Superseded or Busy otherwise)."""
        if route not in ENGINE and route not in FILES:
            raise BadRequest(f"no studio route {route[:40]!r}; one of {', '.join((*ENGINE, *FILES))}", None, 404)
        ask = parse(route, raw, self.limits)
        key = (page[:MAX_PAGE_ID], route) if page else None
        if route in ENGINE:
            call = studio_work.call_of(ask)
            warm = tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in call.warm.items()))
            task: tuple = ("call", call)
        else:
            warm, task = None, ("file", (route, ask))
        reply = await self.pool.run(task, time_limit=ask.time_limit, gone=gone, page=key, warm=warm,
                                    interactive=route in INTERACTIVE)
        return answered(reply)

    def stop_all(self) -> None:
        self.pool.stop_all()


def answered(reply: tuple) -> dict[str, Any]:
    """A worker's reply (``work.py``) as the route's answer, or the error it stands for."""
    kind = reply[0]
    if kind == "done":
        return reply[1]
    if kind == "input":  # the engine's input error: its one line, naming the field it is about
        raise BadRequest(reply[1], reply[2] if reply[2] in FIELDS else None)
    if kind == "bad":
        refused = BadRequest(reply[1], None, reply[3])
        refused.field = reply[2]
        raise refused
    if kind == "stopped":  # the engine saw its stop: a newer request took over, or the client went
        raise Superseded()
    raise RuntimeError(str(reply[-1]))  # a plain 500 (app.internal_error)


FIELDS = ("framework", "locked", "dictionary", "min_score", "exclude", "word_list", "slot", "slots", "theme", "clues",
          "title", "author", "data", "name")  # fmt: skip


ENGINE = ("slots", "suggest", "verdict", "autofill", "pattern")  # the engine's calls (studio_work)
# the page's answers as the grid changes: the pool's interactive lane, never behind a long job (an
# autofill and a pattern run to their time limit like a puzzle's job, so they take a worker as one)
INTERACTIVE = ("slots", "suggest", "verdict")
FILES = ("export", "open")  # the files a studio page saves and opens (studio_files)
