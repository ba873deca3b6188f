"""The web reproductions of issues 47 and 49.5/49.8, each run ``--runs`` times against a live server
(``tests/web/live.Server``: stderr a pipe nobody reads while it runs), counted as documented or not.

Usage: ``python -m benchmarks.hostile_web [--runs 20] [--only NAME ...]``; ``--list`` names them.
Kept out of the suite (minutes of work); tests/web/test_edge.py and test_sweep.py run each once.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tests.web.live import OPEN_5X5, Server, gone, read_all, response_status
from tests.web.test_edge import LONG, REQUEST_GRACE, bad_requests, cpu_until_idle, started_long

Case = Callable[[], str]  # "ok", or what went wrong


def stopped(s: Server, within: float = 5.0) -> str:
    """SIGTERM; "ok" when the server exits 0 within ``within`` s, leaves no process and no traceback."""
    workers = s.workers()
    started = time.monotonic()
    code, err = s.stop(signal.SIGTERM)
    took = time.monotonic() - started
    print(f"    SIGTERM: exit {code} in {took:.2f} s", flush=True)
    if code != 0 or took > within:
        return f"stop: exit {code} after {took:.1f} s"
    if gone(workers):
        return "stop: a process left"
    return "traceback in the log" if "Traceback" in err else "ok"


def wedge() -> str:
    """Issue 47: bad requests, 200 half-sent bodies, closed, 100 fills; then a request and SIGTERM."""
    s = Server()
    try:
        if bad_requests(s) != [400, 415, 400, 400, 400, 400, 403, 404]:
            return "bad requests"
        socks = [s.raw(s.head(length=100_000, body=b"{")) for _ in range(200)]
        during = s.post("wordsearch", {"words": ["cat", "dog"]})[0]
        for sock in socks:
            sock.close()
        bound = OPEN_5X5["time_limit"] + REQUEST_GRACE + 10
        with ThreadPoolExecutor(100) as pool:
            statuses = Counter(pool.map(lambda _: s.post("crossword", OPEN_5X5, timeout=bound)[0], range(100)))
        after = s.post("wordsearch", {"words": ["cat"]}, timeout=30)[0]
        print(f"    during {during}, fills {dict(statuses)}, after {after}", flush=True)
        if during != 200 or not set(statuses) <= {200, 503} or after != 200:
            return f"answers {during} {dict(statuses)} {after}"
        return stopped(s)
    finally:
        s.kill()


def oversize_10_mb() -> str:
    s = Server()
    try:
        status, body = s.post("wordsearch", b"[" + b" " * 10_000_000 + b"]", timeout=30)
        if status != 413 or json.loads(body).get("field") != "body":
            return f"{status} {body[:80]!r}"
        return stopped(s)
    finally:
        s.kill()


def hang_ups_mid_body() -> str:
    """20 clients hang up in the middle of their bodies: at most a few lines, no traceback."""
    s = Server()
    try:
        for _ in range(20):
            s.raw(s.head(length=1000, body=b'{"words": [')).close()
        time.sleep(0.5)
        if s.post("wordsearch", {"words": ["cat"]})[0] != 200:
            return "not answering"
        code, err = s.stop()
        lines = err.splitlines()
        return "ok" if code == 0 and "Traceback" not in err and len(lines) <= 5 else f"{len(lines)} lines: {err[-300:]}"
    finally:
        s.kill()


def hang_up_mid_solve() -> str:
    s = Server("--workers", "1")
    try:
        sock, _ = started_long(s)
        sock.close()
        used = cpu_until_idle(s)
        print(f"    CPU after the hang-up: {used:.2f} s", flush=True)
        return "ok" if used < 1.0 else f"{used:.2f} s of CPU"
    finally:
        s.kill()


def mask_of_500_rows() -> str:
    """Issue 49.5: a mask of 500 rows of 500 in one string, on a default server: refused, not solved."""
    s = Server()
    try:
        status, body = s.post("wordsearch", {"words": ["cat"], "mask": ("#" * 500 + "\n") * 500}, timeout=60)
        field = json.loads(body).get("field") if status != "timeout" else None
        return "ok" if status in (400, 413) and field in ("mask", "body") else f"{status} {body[:100]!r}"
    finally:
        s.kill()


def digits_4301() -> str:
    s = Server()
    try:
        got = [s.post("wordsearch", b'{"words": ["cat"], "%s": %s}' % (k.encode(), b"9" * 5000))[0]
               for k in ("seed", "width", "time_limit")]  # fmt: skip
        return "ok" if got == [400, 400, 400] else str(got)
    finally:
        s.kill()


def queue_given_back() -> str:
    """Issue 49.5: 2 long requests running, 8 queued and then closed: the next request is queued,
    not turned away (the default --workers and --queue)."""
    s = Server("--workers", "2", "--queue", "8")
    body = json.dumps(LONG).encode()
    try:
        running = [s.raw(s.head("/api/layout", len(body), body)) for _ in range(2)]
        time.sleep(0.5)
        queued = [s.raw(s.head("/api/layout", len(body), body)) for _ in range(8)]
        time.sleep(0.5)
        full = s.post("wordsearch", {"words": ["cat"]}, timeout=5)[0]
        for sock in queued:
            sock.close()
        time.sleep(0.3)
        status = s.post("wordsearch", {"words": ["dog"]}, timeout=2)[0]
        for sock in running:
            sock.close()
        return "ok" if full == 503 and status == "timeout" else f"full {full}, then {status}"
    finally:
        s.kill()


def _nofile_256() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))


def partial_headers(count: int, limited: bool) -> str:
    """Issue 49.5: ``count`` connections each sending a header line every 3 s: all cut by the header
    timeout (default 10 s); no 500, no traceback, a short log (under ulimit -n 256 when ``limited``)."""
    s = Server(preexec=_nofile_256 if limited else None)
    socks: list[socket.socket] = []
    try:
        with contextlib.suppress(OSError):
            for _ in range(count):
                socks.append(s.raw(b"POST /api/wordsearch HTTP/1.1\r\nHost: 127.0.0.1\r\n"))
        statuses: list[int | str] = []
        for i in range(5):  # 15 s: past the 10 s header timeout
            for sock in socks:
                with contextlib.suppress(OSError):
                    sock.send(f"X-{i}: a\r\n".encode())
            statuses.append(s.post("wordsearch", {"words": ["cat"], "seed": i}, timeout=30)[0])
            time.sleep(3)
        cut = Counter(response_status(sock, 0.5) for sock in socks)
        for sock in socks:
            sock.close()
        _, err = s.stop()
        print(f"    requests {statuses}, the slow ones {dict(cut)}, {len(err.splitlines())} log lines", flush=True)
        if 500 in statuses or statuses[-1] != 200 or "Traceback" in err or len(err.splitlines()) > 20:
            return f"requests {statuses}, log {len(err.splitlines())} lines"
        return "ok" if set(cut) <= {408, 503, "reset", "closed"} else f"still open: {dict(cut)}"
    finally:
        s.kill()


def half_close() -> str:
    s = Server()
    try:
        data = json.dumps({"words": ["cat", "dog"], "seed": 1}).encode()
        sock = s.raw(s.head(length=len(data), body=data))
        sock.shutdown(socket.SHUT_WR)
        answer = read_all(sock, 60)
        sock.close()
        return "ok" if b"HTTP/1.1 200" in answer and b'"SAT"' in answer else repr(answer[:120])
    finally:
        s.kill()


def headers_of_pages() -> str:
    s = Server()
    try:
        for path in ("/", "/api", "/static/app.js"):
            conn = s.connect()
            conn.request("GET", path)
            r = conn.getresponse()
            r.read()
            policy = r.getheader("Content-Security-Policy") or ""
            conn.close()
            script = policy.split("script-src")[1].split(";")[0] if "script-src" in policy else ""
            if r.getheader("X-Content-Type-Options") != "nosniff" or "frame-ancestors 'none'" not in policy:
                return f"{path}: {policy}"
            if "unsafe-inline" in script:
                return f"{path}: inline scripts allowed"
        return "ok"
    finally:
        s.kill()


def folders_after_kill() -> str:
    """Issue 49.8: a server killed mid-request (SIGKILL) leaves no process, and its folder goes at the next start."""
    tmp = Path(os.environ.get("TMPDIR", "/tmp"))
    s = Server("--workers", "1")
    sock, workers = started_long(s)
    mine = tmp / f"pyclingo-web-server-{s.pid}"
    s.proc.kill()
    s.proc.wait()
    sock.close()
    left = gone(workers)  # the workers end with their server (the parent-death signal)
    t = Server("--workers", "1")
    try:
        return "ok" if not mine.exists() and not left else f"{mine} left" if mine.exists() else f"{left} left running"
    finally:
        t.stop()
        t.kill()


CASES: dict[str, Case] = {
    "wedge": wedge, "oversize-10mb": oversize_10_mb, "hang-ups-mid-body": hang_ups_mid_body,
    "hang-up-mid-solve": hang_up_mid_solve, "mask-500-rows": mask_of_500_rows, "digits-5000": digits_4301,
    "queue-given-back": queue_given_back, "partial-headers-1500": lambda: partial_headers(1500, False),
    "partial-headers-ulimit-256": lambda: partial_headers(300, True), "half-close": half_close,
    "page-headers": headers_of_pages, "folders-after-kill": folders_after_kill,
}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--only", nargs="*", default=list(CASES))
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    if args.list:
        print("\n".join(CASES))
        return
    for name in args.only:
        print(f"{name}: load {os.getloadavg()[0]:.1f}", flush=True)
        outcomes: Counter[str] = Counter()
        for _ in range(args.runs):
            try:
                outcomes[CASES[name]()] += 1
            except (AssertionError, OSError, subprocess.SubprocessError) as exc:
                outcomes[f"{type(exc).__name__}: {str(exc)[:200]}"] += 1
        print(f"  {outcomes['ok']} of {args.runs} documented; {dict(outcomes - Counter(ok=outcomes['ok']))}",
              f"(load {os.getloadavg()[0]:.1f})", flush=True)  # fmt: skip
    sys.stdout.flush()


if __name__ == "__main__":
    main()
