"""The web app's edge against a live server (issue 47): the wedge sequence, and what each hostile
client gets. The server's stderr is a pipe nobody reads (``live.Server``): the wedge was a log
written on the event loop into a full pipe."""

from __future__ import annotations

import signal
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.conftest import MARGIN
from tests.web.live import OPEN_5X5, Server, gone, sockets

pytest.importorskip("uvicorn", reason="the web extra (pyclingo-puzzles[web]) is not installed")

# an admitted request ends within its time limit plus this (pyclingo_puzzles.web.guard.REQUEST_GRACE)
REQUEST_GRACE = 15.0


def bad_requests(s: Server) -> list[int | str]:
    """The refused requests of the issue: bad JSON, a form, deep nesting, NaN, a huge time limit,
    a foreign Host and Origin, a path trick."""
    word = {"words": ["cat"]}
    return [
        s.post("wordsearch", b"{not json")[0],
        s.post("wordsearch", b"x", **{"Content-Type": "text/plain"})[0],
        s.post("wordsearch", b"[" * 100_000 + b"]" * 100_000)[0],
        s.post("wordsearch", b'{"words": ["cat"], "time_limit": NaN}')[0],
        s.post("wordsearch", word | {"time_limit": 1e308})[0],
        s.post("wordsearch", word, Host="evil.example")[0],
        s.post("wordsearch", word, Origin="http://evil.example")[0],
        s.request("GET", "/static/../../../etc/passwd")[0],
    ]


def wedge(s: Server) -> Counter[int | str]:
    """The sequence of issue 47; the statuses of the 100 fills at the end."""
    assert bad_requests(s) == [400, 415, 400, 400, 400, 400, 403, 404]
    with sockets(200, s, s.head(length=100_000, body=b"{")):
        assert s.post("wordsearch", {"words": ["cat", "dog"]})[0] == 200  # while 200 bodies hang
    # the 200 are closed by their clients: each a hang-up in the middle of its body
    bound = OPEN_5X5["time_limit"] + REQUEST_GRACE + MARGIN
    with ThreadPoolExecutor(100) as pool:
        statuses = list(pool.map(lambda _: s.post("crossword", OPEN_5X5, timeout=bound)[0], range(100)))
    return Counter(statuses)


@pytest.mark.slow
def test_the_wedge_sequence_gets_every_request_answered_or_refused_and_sigterm_stops_it() -> None:
    s = Server()
    try:
        statuses = wedge(s)
        assert set(statuses) <= {200, 503} and statuses[200] >= 1, statuses
        assert s.post("wordsearch", {"words": ["cat"]}, timeout=MARGIN)[0] == 200
        workers = s.workers()
        started = time.monotonic()
        code, err = s.stop(signal.SIGTERM)
        assert code == 0, (code, time.monotonic() - started)
        assert not gone(workers), "a worker outlived the server"
        assert "Traceback" not in err, err[-3000:]
        assert len(err.splitlines()) < 50, err[-3000:]  # 200 hang-ups are not 200 log entries
    finally:
        s.kill()
