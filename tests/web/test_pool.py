"""The server's warm pool (web/pool.py): a worker serves request after request and keeps what it
loaded, a newer request from the same page stops the older one and frees its worker, a worker
that dies or overruns is replaced, and a stopped server leaves no process behind.

One worker (``workers=1``) where it matters: then a request served at all proves the worker is
free, whatever the machine's load; no assertion on how long anything took."""

from __future__ import annotations

import functools
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra (pyclingo-puzzles[web]) is not installed")

from starlette.testclient import TestClient

from pyclingo_puzzles.web.app import create_app
from pyclingo_puzzles.web.body import Limits
from tests.conftest import MARGIN
from tests.web.live import Server, gone
from tests.web.test_serve import LONG

PETS = [{"word": "cat", "clue": "Purrs"}, {"word": "dog", "clue": "Barks"}, {"word": "goat", "clue": "Eats anything"}]
OPEN_3X3 = {"framework": ["...", "...", "..."], "time_limit": 10}  # filled from the built-in dictionary


@pytest.fixture
def one() -> Iterator[TestClient]:
    with TestClient(create_app(Limits(workers=1, queue=2, max_time_limit=30, lane=0))) as c:
        yield c


async def _never() -> None:
    import asyncio

    await asyncio.Event().wait()


def status(client: TestClient) -> dict[str, Any]:
    """The worker's own account (pid, tasks, what it loaded), asked through the pool."""
    pool = client.app.state.pool  # type: ignore[attr-defined]
    reply = client.portal.call(functools.partial(pool.run, ("status", None), time_limit=5, gone=_never))  # type: ignore[union-attr]
    assert reply[0] == "done", reply
    return reply[1]


def until(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + MARGIN
    while time.monotonic() < deadline and not condition():
        time.sleep(0.02)
    assert condition()


def busy(client: TestClient) -> bool:
    pool = client.app.state.pool  # type: ignore[attr-defined]
    # a worker has read its task ("began"): one killed before that gives the task to its replacement,
    # which then runs the whole long layout (two suites side by side: the kill landed there once)
    began = [w for w in pool.workers if not w.lane and w.began]
    return bool(began) and not [w for w in pool.idle if not w.lane] and pool.admitted >= 1


def in_thread(call: Callable[[], Any]) -> tuple[threading.Thread, list[Any]]:
    out: list[Any] = []
    thread = threading.Thread(target=lambda: out.append(call()), daemon=True)
    thread.start()
    return thread, out


def test_one_worker_serves_every_request_and_loads_the_dictionary_once(one: TestClient) -> None:
    for _ in range(2):
        r = one.post("/api/crossword", json=OPEN_3X3)
        assert r.status_code == 200 and r.json()["status"] == "SAT", r.text
    first = status(one)
    for _ in range(2):
        r = one.post("/api/crossword/slots", json={"framework": ["C..", "...", "..."]})
        assert r.status_code == 200, r.text
    second = status(one)
    assert second["pid"] == first["pid"]  # the same process, no interpreter per request
    assert first["english_loads"] == 1 and second["english_loads"] == 1  # read once, kept
    assert first["english_dictionaries"] == 1  # both fills from one dictionary object (its tables kept with it)
    assert second["studios"] == 1  # the studio's word tables built once for both calls
    assert second["tasks"] == first["tasks"] + 3


def test_a_newer_request_from_the_page_stops_the_older_and_frees_its_worker(one: TestClient) -> None:
    page = {"X-Page-Id": "page-1"}
    thread, out = in_thread(lambda: one.post("/api/layout", json=LONG, headers=page))
    until(lambda: busy(one))
    r = one.post("/api/layout", json={"words": PETS, "seed": 1, "time_limit": 10}, headers=page)
    assert r.status_code == 200 and r.json()["status"] == "SAT", r.text  # the one worker was freed for it
    thread.join(MARGIN)
    assert out and out[0].status_code == 409 and "superseded" in out[0].json()["error"]


def test_a_request_from_another_page_is_not_superseded(one: TestClient) -> None:
    thread, out = in_thread(lambda: one.post("/api/wordsearch", json={"words": ["cat", "dog"]},
                                             headers={"X-Page-Id": "a"}))  # fmt: skip
    r = one.post("/api/wordsearch", json={"words": ["bird"]}, headers={"X-Page-Id": "b"})
    thread.join(MARGIN)
    assert r.status_code == 200 and out and out[0].status_code == 200


def test_the_studios_answers_have_a_lane_long_jobs_never_take() -> None:
    """Two long layouts on the one worker puzzles may take, one running and one waiting: the idle
    lane worker is not given the waiting one, and the studio's slots call is answered while both
    are still there (beside them, not after them)."""
    with TestClient(create_app(Limits(workers=1, queue=3, max_time_limit=30, lane=1))) as c:
        pool = c.app.state.pool  # type: ignore[attr-defined]
        until(lambda: sum(w.ready for w in pool.workers) == 2)
        slow = {**LONG, "time_limit": 30}
        layouts = [in_thread(lambda p=p: c.post("/api/layout", json=slow, headers={"X-Page-Id": p})) for p in "ab"]
        until(lambda: pool.admitted == 2 and len(pool.waiting) == 1)
        assert [w.lane for w in pool.idle] == [True] and not pool.waiting[0].interactive
        r = c.post("/api/crossword/slots", json={"framework": ["C..", "...", "..."]})
        assert r.status_code == 200 and r.json()["slots"], r.text
        assert pool.admitted == 2 and len(pool.waiting) == 1  # the layout that waited still waits
        # each page's newer, small layout stops its long one: the waiting one's first (else it would
        # take the worker the running one's frees)
        small = {"words": PETS, "seed": 1, "time_limit": 10}
        newer = [in_thread(lambda p=p: c.post("/api/layout", json=small, headers={"X-Page-Id": p})) for p in "ba"]
        for thread, out in newer:
            thread.join(MARGIN)
            assert out and out[0].status_code == 200, out
        for thread, out in layouts:
            thread.join(MARGIN)
            assert out and out[0].status_code in (200, 409)


def test_a_killed_worker_is_replaced_and_its_request_told(one: TestClient) -> None:
    before = status(one)["pid"]
    os.kill(before, signal.SIGKILL)  # idle: a request sent at once goes to its replacement
    assert one.post("/api/wordsearch", json={"words": ["cat"]}).status_code == 200
    replaced = status(one)["pid"]
    assert replaced != before
    thread, out = in_thread(lambda: one.post("/api/layout", json=LONG))
    until(lambda: busy(one))
    os.kill(replaced, signal.SIGKILL)  # mid-solve
    thread.join(MARGIN)
    assert out and out[0].status_code == 500, out
    assert "died" in out[0].json()["error"] and "replaced" in out[0].json()["error"]
    assert one.post("/api/wordsearch", json={"words": ["cat"]}).status_code == 200
    assert status(one)["pid"] not in (before, replaced)


def test_a_worker_past_its_hard_limit_is_killed_and_replaced(one: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from pyclingo_puzzles.web import pool

    before = status(one)["pid"]
    monkeypatch.setattr(pool, "HARD_GRACE", -0.9)  # the pool's stop comes before the run's own
    r = one.post("/api/layout", json={**LONG, "time_limit": 1})
    assert r.status_code == 504 and "was stopped" in r.json()["error"]
    monkeypatch.undo()
    assert one.post("/api/wordsearch", json={"words": ["cat"]}).status_code == 200
    assert status(one)["pid"] != before


def test_sigterm_stops_an_idle_pool_and_reaps_every_worker() -> None:
    s = Server("--workers", "2")
    try:
        until(lambda: len(s.workers()) >= 2)  # warm before any request
        workers = s.workers()
        code, err = s.stop()
        assert code == 0 and "Traceback" not in err, err[-2000:]
        assert not gone(workers), "a worker outlived the server"
    finally:
        s.kill()


def test_a_worker_its_memory_limit_ends_answers_as_the_command_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command's watchdog ends the worker past its memory share; the request gets the document
    the command prints then (status unknown, the limit's line), the next worker is a new one."""
    from pyclingo_puzzles.web import app

    monkeypatch.setattr(app, "memory_share", lambda workers: 1 << 20)  # 1 MiB: any run is over it
    with TestClient(create_app(Limits(workers=1))) as c:
        # a search that runs for many of the watchdog's looks (every 10 ms): a tiny one may end before the first
        r = c.post("/api/layout", json=LONG)
        assert r.status_code == 200, r.text
        assert r.json()["status"] == "UNKNOWN" and r.json()["error"].startswith("memory limit hit"), r.json()
        r = c.post("/api/layout", json={**LONG, "format": "pdf"})
        assert r.status_code == 422 and "memory limit hit" in r.json()["error"], r.text
