"""The constructor's studio on the web: ``POST /api/crossword/<route>`` for the page ``/construct``
(and for scripts; docs/web.md, "The constructor's API").

Each request is checked (``studio_body``), then run by ``Studio.run``: the one function that hands
work to the engine. It runs in a thread of this process, with the dictionaries kept warm between
requests; a newer request from the same page (its ``X-Page-Id``) for the same route stops the older
one, and a request whose client has gone is stopped too, so many fast edits from one page never
leave more than one job of a kind running for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import threading
from collections.abc import Awaitable, Callable
from typing import Any

from ..core.errors import InputError
from ..crossword.reader import Dictionary
from . import studio_files, studio_work
from .body import BadRequest, Limits
from .jobs import RETRY_AFTER, Busy
from .studio_body import Ask, WordLists, parse

PAGE_HEADER = "x-page-id"
LIGHT = ("slots", "export", "open")  # routes that run no search
MAX_PAGE_ID = 100
# the page's files: /static/NAME -> media type
STUDIO_STATIC = {f"construct{part}.js": "text/javascript; charset=utf-8"
                 for part in ("", "-model", "-view", "-engine", "-panel", "-files")} | {
    "construct.css": "text/css; charset=utf-8", "construct-patterns.json": "application/json"}  # fmt: skip
WARM_LISTS = 2  # word-list combinations the pattern route keeps loaded (the engine keeps its own)


class Superseded(Exception):
    """A newer request from the same page took over, or the client went away."""


class Studio:
    """The studio's side of the server: each page's running requests, by route."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self.running: dict[tuple[str, str], threading.Event] = {}
        self.gate = asyncio.Semaphore(max(1, limits.workers))
        self.admitted = 0  # running and waiting: past the workers and the queue a request is turned away

    async def answer(self, route: str, raw: bytes, page: str, gone: Callable[[], Awaitable[object]]) -> dict[str, Any]:
        """The route's answer to the body ``raw`` (a BadRequest, Superseded or Busy otherwise)."""
        if route not in WORK:
            raise BadRequest(f"no studio route {route[:40]!r}; one of {', '.join(WORK)}", None, 404)
        ask = parse(route, raw, self.limits)
        return await self.run(page, route, functools.partial(WORK[route], ask), gone)

    async def run(
        self, page: str, route: str, work: Callable[[threading.Event], dict[str, Any]],
        gone: Callable[[], Awaitable[object]],
    ) -> dict[str, Any]:
        """``work(stop)`` in a thread; ``stop`` is set when a newer request of the page takes over
        or the client goes away (``gone()`` returns)."""
        key = (page[:MAX_PAGE_ID], route)
        if self.admitted >= self.limits.workers + self.limits.queue:
            raise Busy(f"the studio has {self.admitted} requests running and waiting; try again in {RETRY_AFTER} s")
        if page and key in self.running:
            self.running[key].set()
        stop = threading.Event()
        if page:
            self.running[key] = stop
        self.admitted += 1
        watch = asyncio.ensure_future(gone())
        watch.add_done_callback(lambda _: stop.set())
        try:
            async with self.gate:
                if stop.is_set():
                    raise Superseded()
                return await asyncio.to_thread(_guarded, work, stop, route not in LIGHT)
        finally:
            self.admitted -= 1
            watch.cancel()
            if self.running.get(key) is stop:
                del self.running[key]

    def stop_all(self) -> None:
        for stop in list(self.running.values()):
            stop.set()


# Searches run one at a time, each to its end: run/runtime's stage deadlines are the process's,
# and a stopped search's thread may still be ending when its successor starts
SEARCHING = threading.Lock()


def _guarded(work: Callable[[threading.Event], dict[str, Any]], stop: threading.Event, search: bool) -> dict[str, Any]:
    """The work's answer; an input error becomes the BadRequest naming its field."""
    try:
        with SEARCHING if search else contextlib.nullcontext():
            if stop.is_set():
                raise Superseded()
            answer = work(stop)
    except InputError as exc:
        raise BadRequest(exc.message, exc.file if exc.file in FIELDS else None) from None
    if stop.is_set():  # stopped: its answer is for a grid the page has left
        raise Superseded()
    return answer


FIELDS = ("framework", "locked", "dictionary", "min_score", "exclude", "word_list", "slot", "slots", "theme", "clues",
          "title", "data", "name")  # fmt: skip


@functools.lru_cache(maxsize=WARM_LISTS)
def dictionary(lists: WordLists) -> Dictionary:
    """The merged word lists of a pattern request, kept for the next (a list's errors name its field)."""
    from ..crossword.reader import parse_dictionary
    from ..crossword.wordlists.dictionaries import word_lists
    from ..crossword.wordlists.lists import banned_words

    sources: list[Any] = ["en"] if lists.english else []
    if lists.inline.strip():
        sources.append(parse_dictionary(lists.inline, "word_list", 2, lists.min_score))
    try:
        exclude = banned_words(lists.exclude)
    except InputError as exc:
        raise InputError(exc.message, "exclude") from None
    return word_lists(sources, 2, lists.min_score, False, exclude)


WORK: dict[str, Callable[[Ask, threading.Event], dict[str, Any]]] = {
    "slots": studio_work.slots,
    "suggest": studio_work.suggest,
    "verdict": studio_work.verdict,
    "autofill": studio_work.autofill,
    "pattern": lambda ask, stop: studio_files.pattern(ask, dictionary(ask.lists)),
    "export": lambda ask, stop: studio_files.export(ask),
    "open": lambda ask, stop: studio_files.open_file(ask),
}
