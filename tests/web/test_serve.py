"""``pyclingo-puzzles serve`` as a process on a free loopback port: eight requests at once, a
client that goes away, and SIGTERM / SIGHUP with a run in progress (no orphan workers)."""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import psutil
import pytest

from tests.conftest import MARGIN
from tests.web.test_edge import _cpu, cpu_until_idle

pytest.importorskip("uvicorn", reason="the web extra (pyclingo-puzzles[web]) is not installed")

# fifteen words with few shared letters: the layout search runs to its time limit, proving nothing
LONG = {"words": ["kettle", "oven", "toaster", "blender", "whisk", "ladle", "grater", "sieve", "skillet",
                  "spatula", "teapot", "colander", "mixer", "tongs", "peeler"], "time_limit": 25}  # fmt: skip


def _poll_pause() -> None:
    """Between two looks at the server's processes (a browser test passes Playwright's own pause)."""
    time.sleep(0.05)


class Server:
    def __init__(self, *options: str):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "pyclingo_puzzles", "serve", "--port", "0", *options],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        line = self.proc.stdout.readline()  # "pyclingo-puzzles serve: http://127.0.0.1:PORT/ (...)"
        assert "http://127.0.0.1:" in line, (line, self.proc.stderr.read() if self.proc.poll() is not None else "")
        self.port = int(line.split("http://127.0.0.1:")[1].split("/")[0])

    def connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)

    def post(self, family: str, body: dict) -> tuple[int, dict]:
        conn = self.connect()
        try:
            conn.request("POST", f"/api/{family}", json.dumps(body), {"Content-Type": "application/json"})
            response = conn.getresponse()
            return response.status, json.loads(response.read())
        finally:
            conn.close()

    def workers(self) -> list[psutil.Process]:
        try:
            return psutil.Process(self.proc.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            return []

    def wait_for_workers(self, at_least: int = 1, pause: Callable[[], object] = _poll_pause) -> list[psutil.Process]:
        """``pause``: a browser test passes one that runs Playwright's events (``page.wait_for_timeout``):
        its page's requests are routed through the test process, and a request made while the test
        only sleeps waits unrouted, so the server never sees it (a race the load decides)."""
        until = time.monotonic() + MARGIN
        while time.monotonic() < until:
            found = self.workers()
            if len(found) >= at_least:
                return found
            pause()
        raise AssertionError("no worker started")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(MARGIN)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def gone(processes: list[psutil.Process]) -> bool:
    def ended(p: psutil.Process) -> bool:
        try:
            return p.status() == psutil.STATUS_ZOMBIE
        except psutil.NoSuchProcess:
            return True

    return all(ended(p) for p in processes)


def wait_until_gone(processes: list[psutil.Process], pause: Callable[[], object] = _poll_pause) -> bool:
    until = time.monotonic() + MARGIN
    while time.monotonic() < until and not gone(processes):
        pause()
    return gone(processes)


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    s = Server("--workers", "2", "--queue", "2")
    yield s
    s.stop()


def test_eight_requests_at_once_get_answers_or_a_clean_503(server: Server) -> None:
    body = {"words": ["cat", "dog", "bird", "fish"], "time_limit": 10}
    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(lambda i: server.post("wordsearch", body | {"seed": i}), range(8)))
    statuses = [status for status, _ in results]
    assert set(statuses) <= {200, 503}, results
    assert 200 in statuses
    for status, doc in results:
        if status == 200:
            assert doc["status"] == "SAT"
        else:
            assert "busy" in doc["error"]
    assert server.post("wordsearch", body)[0] == 200  # and the server keeps running
    assert server.proc.poll() is None


def test_a_client_that_goes_away_stops_its_worker(server: Server) -> None:
    """Its solve is stopped (the warm worker goes back to sleep, CPU time says), not run for nobody."""
    assert server.post("wordsearch", {"words": ["cat"]})[0] == 200  # the pool is up
    before = {p.pid: cpu(p) for p in server.workers()}
    conn = server.connect()
    conn.request("POST", "/api/layout", json.dumps(LONG), {"Content-Type": "application/json"})
    until = time.monotonic() + MARGIN
    while time.monotonic() < until and not any(cpu(p) - before.get(p.pid, 0.0) > 0.3 for p in server.workers()):
        time.sleep(0.05)
    conn.close()  # the client goes away mid-run
    assert cpu_until_idle(server) < 1.0  # type: ignore[arg-type]  # (only its workers() is used)
    assert server.post("wordsearch", {"words": ["cat"]})[0] == 200


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGKILL])
def test_a_stop_signal_ends_the_server_and_its_workers(sig: signal.Signals) -> None:
    """SIGKILL too: the workers die with the server (the kernel's parent-death signal)."""
    s = Server("--workers", "1")
    try:
        answer: list[object] = []
        thread = threading.Thread(target=lambda: answer.append(_post_quietly(s)), daemon=True)
        thread.start()
        workers = s.wait_for_workers()
        s.proc.send_signal(sig)
        assert s.proc.wait(MARGIN) == (-signal.SIGKILL if sig == signal.SIGKILL else 0)
        assert wait_until_gone(workers), [p.pid for p in workers]
        err = s.proc.stderr.read()
        assert "Traceback" not in err, err
        thread.join(MARGIN)
        assert answer and answer[0] in (503, "closed"), answer  # the run in progress was turned away, not left hanging
    finally:
        s.stop()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent-death signal is Linux's")
def test_a_worker_started_as_the_server_dies_ends_itself() -> None:
    """A server killed between a worker's start and its parent-death signal's arming sends that
    worker no signal (it is already adopted): the worker ends itself, before importing anything."""
    import socket

    mine, theirs = socket.socketpair()
    with mine, theirs:
        env = dict(os.environ, PYCLINGO_PUZZLES_WORKER=f"{theirs.fileno()}:1")
        worker = subprocess.run([sys.executable, "-m", "pyclingo_puzzles.web.worker"], pass_fds=(theirs.fileno(),),
                                env=env, timeout=60)  # fmt: skip
    assert worker.returncode == 1  # its parent is this test, not pid 1: as if the server had died


def cpu(p: psutil.Process) -> float:
    return _cpu(p) or 0.0


def _post_quietly(s: Server) -> object:
    try:
        return s.post("layout", LONG)[0]
    except (OSError, http.client.HTTPException):
        return "closed"
