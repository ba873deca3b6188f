"""The guard and the quiet log in process: an unforeseen error is one log line with an id that the
client's 500 carries (its traceback only under --debug), a log nobody reads never blocks its
writer, and one kind of expected event is one line however often it comes."""

from __future__ import annotations

import logging
import os
import re
import threading
import time

import pytest

pytest.importorskip("starlette", reason="the web extra (pyclingo-puzzles[web]) is not installed")

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route
from starlette.testclient import TestClient

from pyclingo_puzzles.web import quietlog
from pyclingo_puzzles.web.guard import Guard
from tests.conftest import MARGIN


async def broken(request: Request) -> JSONResponse:
    raise RuntimeError("something nobody foresaw")


async def fine(request: Request) -> JSONResponse:
    return JSONResponse({"ok": True})


def app() -> Starlette:
    guard = Middleware(Guard, max_body=1000, body_timeout=5, max_time_limit=5)  # type: ignore[arg-type]
    return Starlette(routes=[Route("/broken", broken), Route("/fine", fine)], middleware=[guard])


def test_an_unforeseen_error_is_a_500_with_an_id_and_one_log_line(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="pyclingo_puzzles.web"), TestClient(app()) as client:
        r = client.get("/broken")
    assert r.status_code == 500
    eid = re.search(r"\(error ([0-9a-f]{8})\)", r.json()["error"])
    assert eid, r.json()
    [record] = [rec for rec in caplog.records if rec.levelno >= logging.ERROR]
    quiet, debug = quietlog.OneLine(debug=False).format(record), quietlog.OneLine(debug=True).format(record)
    assert eid[1] in quiet and "RuntimeError: something nobody foresaw" in quiet
    assert quiet.count("\n") == 1 and "Traceback" not in quiet
    assert "Traceback" in debug and "broken" in debug
    assert "Traceback" not in r.text and "RuntimeError" not in r.text  # the client gets the id, not the error


def test_answers_carry_the_security_headers() -> None:
    with TestClient(app()) as client:
        r = client.get("/fine")
    assert r.headers["x-content-type-options"] == "nosniff"
    assert "frame-ancestors 'none'" in r.headers["content-security-policy"]


def test_a_log_nobody_reads_never_blocks_and_says_what_it_dropped() -> None:
    read, write = os.pipe()  # nobody reads it: 64 KiB and the writer thread blocks
    sink = quietlog.Sink(write, capacity=50)
    logger = logging.getLogger("test.quietlog.blocked")
    logger.addHandler(sink)
    logger.propagate = False
    try:
        done = threading.Event()

        def flood() -> None:
            for i in range(5000):
                logger.error("unexpected %d", i, extra={"error_id": str(i)})  # never held back as a kind
            done.set()

        threading.Thread(target=flood, daemon=True).start()
        assert done.wait(MARGIN), "logging blocked on a full sink"
        assert sink.dropped > 0
        os.set_blocking(read, False)
        drained = b""
        until = time.monotonic() + MARGIN
        while b"were dropped" not in drained and time.monotonic() < until:
            try:
                drained += os.read(read, 1 << 16)
            except BlockingIOError:
                time.sleep(0.01)
        assert b"log lines were dropped" in drained
    finally:
        logger.removeHandler(sink)
        sink.close(0.1)
        os.close(read)
        os.close(write)


def test_one_kind_of_expected_event_is_one_line_then_a_count() -> None:
    read, write = os.pipe()
    sink = quietlog.Sink(write)
    logger = logging.getLogger("test.quietlog.kinds")
    logger.setLevel(logging.INFO)
    logger.addHandler(sink)
    logger.propagate = False
    try:
        for _ in range(200):
            logger.info("a client hung up", extra={"kind": "gone"})
        logger.info("a client was too slow", extra={"kind": "408"})
        sink.close(MARGIN)
        os.close(write)
        text = b"".join(iter(lambda: os.read(read, 1 << 16), b"")).decode()
    finally:
        logger.removeHandler(sink)
        os.close(read)
    lines = text.splitlines()
    assert lines[0].endswith("info: a client hung up") and "408" not in lines[0], lines
    assert "a client was too slow" in lines[1]
    assert "199 more like this" in lines[2] and len(lines) == 3, lines
