"""The web app's edge against a live server (issue 47): the wedge sequence, and what each hostile
client gets. The server's stderr is a pipe nobody reads (``live.Server``): the wedge was a log
written on the event loop into a full pipe."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import struct
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psutil
import pytest

from tests.conftest import MARGIN
from tests.web.live import OPEN_5X5, Server, gone, read_all, response_status, sockets

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


# --- what each hostile client gets (one server for the quick cases) ---------------------------------

HEADER_TIMEOUT = 1.0
BODY_TIMEOUT = 1.0


@pytest.fixture(scope="module")
def edge() -> Iterator[Server]:
    s = Server("--workers", "1", "--queue", "1", "--max-body", "65536",
               header_timeout=HEADER_TIMEOUT, body_timeout=BODY_TIMEOUT)  # fmt: skip
    yield s
    code, err = s.stop()
    assert code == 0 and "Traceback" not in err, err[-3000:]


def test_a_body_declared_over_max_body_is_a_413_json_before_any_of_it_is_sent(edge: Server) -> None:
    with sockets(1, edge, edge.head(length=10_000_000, body=b"")) as (sock,):
        answer = read_all(sock, MARGIN)
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 413"), answer[:300]
    assert json.loads(body) == {"error": "body: 10000000 bytes is over the server's limit of 65536 bytes",
                                "field": "body"}  # fmt: skip


def test_a_client_that_sends_its_10_mb_body_anyway_reads_the_413_not_a_reset(edge: Server) -> None:
    status, body = edge.post("wordsearch", b"[" + b" " * 10_000_000 + b"]", timeout=MARGIN)
    assert status == 413 and json.loads(body)["field"] == "body", (status, body[:200])


def test_a_chunked_body_past_max_body_is_a_413(edge: Server) -> None:
    chunk = b"x" * 30_000
    data = b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(4)) + b"0\r\n\r\n"
    head = (f"POST /api/wordsearch HTTP/1.1\r\nHost: 127.0.0.1:{edge.port}\r\nContent-Type: application/json\r\n"
            "Transfer-Encoding: chunked\r\n\r\n").encode()  # fmt: skip
    with sockets(1, edge, head + data) as (sock,):
        assert response_status(sock, MARGIN) == 413


def test_headers_sent_a_line_at_a_time_are_cut_with_408(edge: Server) -> None:
    with sockets(1, edge, b"POST /api/wordsearch HTTP/1.1\r\n") as (sock,):
        started = time.monotonic()
        with contextlib.suppress(OSError):
            for i in range(int((HEADER_TIMEOUT + MARGIN) / 0.2)):
                sock.sendall(f"X-Slow-{i}: a\r\n".encode())
                time.sleep(0.2)
        assert response_status(sock, MARGIN) == 408
        assert time.monotonic() - started < HEADER_TIMEOUT + MARGIN


def test_a_connection_that_sends_nothing_is_cut_with_408(edge: Server) -> None:
    with sockets(1, edge, b"") as (sock,):
        assert response_status(sock, HEADER_TIMEOUT + MARGIN) == 408


def test_a_body_that_does_not_come_is_cut_with_408_naming_the_body(edge: Server) -> None:
    with sockets(1, edge, edge.head(length=1000, body=b"{")) as (sock,):
        answer = read_all(sock, BODY_TIMEOUT + MARGIN)
    assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
    assert json.loads(answer.partition(b"\r\n\r\n")[2])["field"] == "body"


def test_a_client_that_half_closes_after_its_body_gets_its_answer(edge: Server) -> None:
    body = json.dumps({"words": ["cat", "dog"], "seed": 1}).encode()
    with sockets(1, edge, edge.head(length=len(body), body=body)) as (sock,):
        sock.shutdown(socket.SHUT_WR)
        answer = read_all(sock, 60)
    statuses = re.findall(rb"^HTTP/1.1 (\d+)", answer, re.M)
    assert statuses[-1] == b"200" and set(statuses[:-1]) <= {b"100"}, answer[:500]
    assert json.loads(answer.rpartition(b"\r\n\r\n")[2])["status"] == "SAT"


def test_a_number_of_5000_digits_is_a_400_not_a_500(edge: Server) -> None:
    status, body = edge.post("wordsearch", b'{"words": ["cat"], "seed": ' + b"9" * 5000 + b"}")
    assert status == 400 and json.loads(body)["field"] == "body", body[:300]
    status, body = edge.post("wordsearch", b'{"words": ["cat"], "width": ' + b"9" * 4000 + b"}")
    assert status == 400 and json.loads(body)["field"] == "width", body[:300]


def test_a_mask_of_500_rows_in_one_string_is_refused_by_max_side(edge: Server) -> None:
    """(Issue 49.5 sent 500 x 500: over this server's --max-body; 500 rows of 100 fit it.)"""
    status, body = edge.post("wordsearch", {"words": ["cat"], "mask": ("#" * 100 + "\n") * 500})
    assert status == 413 and json.loads(body)["field"] == "mask", body[:300]


def test_every_answer_says_nosniff_and_no_framing(edge: Server) -> None:
    for method, path, body in (("GET", "/", None), ("GET", "/api", None), ("POST", "/api/nope", {}),
                               ("GET", "/static/app.js", None)):  # fmt: skip
        conn = edge.connect()
        conn.request(method, path, json.dumps(body) if body is not None else None)
        response = conn.getresponse()
        response.read()
        conn.close()
        assert response.getheader("X-Content-Type-Options") == "nosniff", path
        assert "frame-ancestors 'none'" in (response.getheader("Content-Security-Policy") or ""), path
    conn = edge.connect()
    conn.request("GET", "/")
    policy = conn.getresponse().getheader("Content-Security-Policy") or ""
    conn.close()
    assert "script-src 'self'" in policy and "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]


# --- hang-ups give back what they held -------------------------------------------------------------

# fifteen words with few shared letters: the layout search runs to its time limit, proving nothing
LONG = {"words": ["kettle", "oven", "toaster", "blender", "whisk", "ladle", "grater", "sieve", "skillet",
                  "spatula", "teapot", "colander", "mixer", "tongs", "peeler"], "time_limit": 25}  # fmt: skip


def cpu_until_idle(s: Server, pause: Callable[[], object] = lambda: time.sleep(0.02)) -> float:
    """The CPU seconds the server's worker processes use from now until they are all idle or gone:
    a worker process per request ends, a warm pool's goes back to sleep. Read every 20 ms (each
    process's last reading kept once it has gone); idle: no process of them running and their
    sum unchanged for 0.5 s of the clock. Counted in CPU time, not the clock: a busy machine makes
    the stop slower, not costlier. ``pause``: between two readings (a browser test's runs Playwright's events)."""
    first: dict[int, float] = {}
    last: dict[int, float] = {}
    quiet_since, total = time.monotonic(), -1.0
    until = time.monotonic() + MARGIN
    while time.monotonic() < until:
        running = False
        for p in s.workers():
            used = _cpu(p)
            if used is None:
                continue
            first.setdefault(p.pid, used)
            last[p.pid] = used
            with contextlib.suppress(psutil.Error):
                running = running or p.status() == psutil.STATUS_RUNNING
        now_total = sum(last[pid] - first[pid] for pid in last)
        if running or now_total - total > 0.01:
            quiet_since, total = time.monotonic(), now_total
        elif time.monotonic() - quiet_since >= 0.5:
            return total
        pause()
    raise AssertionError(f"the workers were still busy {MARGIN} s after the hang-up ({total:.2f} s of CPU)")


def _cpu(p: psutil.Process) -> float | None:
    try:
        if p.status() == psutil.STATUS_ZOMBIE:
            return None
        times = p.cpu_times()
        return times.user + times.system
    except psutil.Error:
        return None


def started_long(s: Server) -> tuple[socket.socket, list[psutil.Process]]:
    """A long layout request on a raw socket, once a worker has used some CPU on it. The server's
    warm workers are there before any request (and have used CPU starting): what counts is the
    CPU one gains after the request is sent, the pool first warmed by a quick request."""
    assert s.post("wordsearch", {"words": ["cat"]}, timeout=MARGIN)[0] == 200
    before = {p.pid: _cpu(p) or 0.0 for p in s.workers()}
    body = json.dumps(LONG).encode()
    sock = s.raw(s.head("/api/layout", len(body), body))
    until = time.monotonic() + MARGIN
    while time.monotonic() < until:
        workers = s.workers()
        if any((_cpu(p) or 0.0) - before.get(p.pid, 0.0) > 0.3 for p in workers):
            return sock, workers
        time.sleep(0.05)
    raise AssertionError("no worker started")


@pytest.mark.parametrize("how", ["close", "reset", "half-close then close"])
def test_a_hang_up_mid_solve_frees_the_worker_within_1_s_of_cpu(edge: Server, how: str) -> None:
    sock, _ = started_long(edge)
    if how == "reset":
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    elif how == "half-close then close":
        sock.shutdown(socket.SHUT_WR)
        time.sleep(0.3)
    sock.close()
    assert cpu_until_idle(edge) < 1.0  # the worker's solve is stopped, not finished for nobody
    assert edge.post("wordsearch", {"words": ["cat"]}, timeout=MARGIN)[0] == 200


def test_clients_that_leave_the_queue_give_their_places_back_at_once(edge: Server) -> None:
    """One worker, a queue of one: a running request and a queued one; the queued one hangs up,
    and the next request takes its place instead of a 503."""
    running, _ = started_long(edge)
    try:
        body = json.dumps({"words": ["cat"]}).encode()
        queued = edge.raw(edge.head(length=len(body), body=body))
        time.sleep(0.3)
        assert edge.post("wordsearch", {"words": ["dog"]}, timeout=MARGIN)[0] == 503  # the queue is full
        queued.close()
        until, status = time.monotonic() + MARGIN, None
        while time.monotonic() < until:
            status = edge.post("wordsearch", {"words": ["dog"]}, timeout=1.0)[0]
            if status != 503:
                break  # queued (the client gives up waiting: "timeout"), not turned away
        assert status == "timeout", status
    finally:
        running.close()
        assert cpu_until_idle(edge) < 1.0  # the running request's solve stopped with its client


# --- stopping, in every state ----------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("state", ["running and queued", "slow headers and bodies", "half-closed", "after a 413"])
def test_sigterm_stops_the_server_in_every_state_and_reaps_every_child(state: str) -> None:
    s = Server("--workers", "1", "--queue", "2", "--max-body", "65536", header_timeout=30, body_timeout=30)
    held: list[socket.socket] = []
    try:
        if state == "running and queued":
            sock, _ = started_long(s)
            body = json.dumps(LONG).encode()
            held += [sock, *(s.raw(s.head("/api/layout", len(body), body)) for _ in range(2))]
        elif state == "slow headers and bodies":
            held += [s.raw(b"POST /api/wordsearch HTTP/1.1\r\nHost: x\r\n") for _ in range(50)]
            held += [s.raw(s.head(length=50_000, body=b"{")) for _ in range(50)]
        elif state == "half-closed":
            sock, _ = started_long(s)
            sock.shutdown(socket.SHUT_WR)
            held.append(sock)
        else:
            sock = s.raw(s.head(length=10_000_000, body=b""))
            assert response_status(sock, MARGIN) == 413
            held.append(sock)
        time.sleep(0.3)
        workers = s.workers()
        started = time.monotonic()
        code, err = s.stop(signal.SIGTERM)
        took = time.monotonic() - started
        assert code == 0, (code, took, err[-2000:])
        assert not gone(workers), "a worker outlived the server"
        assert "Traceback" not in err and len(err.splitlines()) < 10, err[-2000:]
    finally:
        for sock in held:
            sock.close()
        s.kill()


def test_a_second_ctrl_c_stops_the_server_at_once() -> None:
    s = Server("--workers", "1")
    try:
        sock, workers = started_long(s)
        s.proc.send_signal(signal.SIGINT)
        code, _ = s.stop(signal.SIGINT)
        assert code == 0
        assert not gone(workers)
        sock.close()
    finally:
        s.kill()


def test_a_killed_servers_folders_are_removed_at_the_next_start(tmp_path: Path) -> None:
    env = dict(os.environ, TMPDIR=str(tmp_path))
    s = Server("--workers", "1", env=env)
    sock, _ = started_long(s)
    mine = tmp_path / f"pyclingo-web-server-{s.pid}"
    assert mine.is_dir() and any(mine.iterdir())  # the running request's folder is in the server's
    s.proc.kill()  # SIGKILL: nothing of the server's cleans up
    s.proc.wait()
    sock.close()
    old = tmp_path / "pyclingo-web-abcd1234"  # a request folder of the old layout, left long ago
    old.mkdir()
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    fresh = tmp_path / "pyclingo-web-fresh123"  # one that may still be in use by an app in process
    fresh.mkdir()
    other = tmp_path / "pyclingo-web-server-1"  # a live process's (pid 1): not ours to remove
    other.mkdir()
    t = Server("--workers", "1", env=env)
    try:
        assert not mine.exists() and not old.exists()
        assert fresh.exists() and other.exists()
        assert (tmp_path / f"pyclingo-web-server-{t.pid}").is_dir()
    finally:
        code, _ = t.stop()
    assert code == 0 and not (tmp_path / f"pyclingo-web-server-{t.pid}").exists()


def settled(pid: int, still: float = 0.5) -> None:
    """Until process ``pid``'s open descriptors have not changed for ``still`` seconds (or MARGIN)."""
    until, count, since = time.monotonic() + MARGIN, -1, time.monotonic()
    while time.monotonic() < until:
        now = psutil.Process(pid).num_fds()
        if now != count:
            count, since = now, time.monotonic()
        elif time.monotonic() - since >= still:
            return
        time.sleep(0.05)


def _few_file_descriptors() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))


@pytest.mark.slow
def test_under_ulimit_n_256_many_slow_clients_make_no_500_and_no_flood_in_the_log() -> None:
    """Issue 49.5: 244 slow clients under ``ulimit -n 256`` made every request a 500 and 61,241
    EMFILE tracebacks in 15 s. The cap keeps the descriptors in hand: 300 slow clients get their
    503 (or their 408 once cut), and requests are answered 200 or 503, never 500."""
    s = Server("--workers", "2", header_timeout=2, preexec=_few_file_descriptors)
    try:
        opened: list[socket.socket] = []
        with contextlib.suppress(OSError):  # the client may run short of descriptors before the server
            for _ in range(300):
                opened.append(s.raw(b"POST /api/wordsearch HTTP/1.1\r\nHost: 127.0.0.1\r\n"))
        # past the cap a burst's connections are refused (503), and reset past a spare of 24 more
        # (edge.py): the requests below come once the server has taken the burst in (at load 15,
        # half a second after it, the spare was still full: every one of them was reset)
        settled(s.pid)
        with ThreadPoolExecutor(10) as pool:
            during = list(pool.map(lambda i: s.post("wordsearch", {"words": ["cat"], "seed": i}, timeout=60)[0],
                                   range(10)))  # fmt: skip
        statuses = Counter(response_status(sock, 2 + MARGIN) for sock in opened)
        for sock in opened:
            sock.close()
        after = s.post("wordsearch", {"words": ["cat"]}, timeout=60)[0]
        code, err = s.stop()
    finally:
        s.kill()
    assert set(during) <= {200, 503} and after == 200, (during, after)
    assert set(statuses) <= {408, 503, "reset", "closed"} and statuses[408] + statuses[503] > 0, statuses
    assert code == 0 and "Traceback" not in err, err[-2000:]
    assert "at most" in err and len(err.splitlines()) < 20, err[-3000:]  # the lowered cap said once


def test_behind_a_proxy_the_allowed_public_name_is_served_and_others_are_not() -> None:
    s = Server("--allow-host", "puzzles.example.org")
    try:
        word = {"words": ["cat"], "seed": 1}
        proxied = {"Host": "puzzles.example.org", "Origin": "https://puzzles.example.org"}
        assert s.post("wordsearch", word, **proxied)[0] == 200
        assert s.post("wordsearch", word, Host="evil.example")[0] == 400
        assert s.post("wordsearch", word, Host="puzzles.example.org", Origin="https://evil.example")[0] == 403
    finally:
        s.stop()
        s.kill()
