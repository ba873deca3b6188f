"""The web app's warm pool (issue 44.1): a trivial word search request (three words) end to end
through ``serve`` against the same job as a whole command-line process, medians of one run
(interleaved, so the machine's load weighs on both alike); goal: the request <= 0.25x the process.

Then what stopping costs: a long layout request superseded by a newer one from the same page,
timed from the newer request's arrival to the worker being free again (the pool's SIGINT, the
run's cooperative stop; a worker that does not answer within ``pool.CANCEL_GRACE`` is killed),
and whether the worker was kept (the same pid) or replaced.

Then the studio's lane: two long layouts on both of ``serve``'s workers, and the studio's slots
calls on a shipped 15x15 meanwhile, each timed end to end (the first warms the lane's worker:
en and its tables), and whether both layouts were still running when the last was answered."""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .common import table, user_env

WORDS = ["cat", "dog", "bird"]
RUNS = 15
LONG = ["kettle", "oven", "toaster", "blender", "whisk", "ladle", "grater", "sieve", "skillet", "spatula",
        "teapot", "colander", "mixer", "tongs", "peeler"]  # fmt: skip


def _serve() -> tuple[subprocess.Popen, int]:
    proc = subprocess.Popen([sys.executable, "-m", "pyclingo_puzzles", "serve", "--port", "0", "--workers", "2"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=user_env())  # fmt: skip
    line = proc.stdout.readline() if proc.stdout else ""
    return proc, int(line.split("http://127.0.0.1:")[1].split("/")[0])


def _post(port: int, body: dict) -> tuple[float, int]:
    started = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        conn.request("POST", "/api/wordsearch", json.dumps(body), {"Content-Type": "application/json"})
        response = conn.getresponse()
        response.read()
        return time.perf_counter() - started, response.status
    finally:
        conn.close()


def _command(path: Path, seed: int) -> tuple[float, int]:
    command = [sys.executable, "-m", "pyclingo_puzzles", "wordsearch", str(path), "--json", "--size", "auto",
               "--jobs", "1", "--seed", str(seed)]  # fmt: skip
    started = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=user_env())
    return time.perf_counter() - started, done.returncode


def request_vs_process() -> None:
    proc, port = _serve()
    folder = Path(tempfile.mkdtemp())
    path = folder / "words.yaml"
    path.write_text("words: [cat, dog, bird]\n")
    try:
        for seed in range(3):  # warm-up: both workers up, bytecode cached
            _post(port, {"words": WORDS, "seed": seed})
            _command(path, seed)
        served, whole = [], []
        for seed in range(RUNS):
            wall, status = _post(port, {"words": WORDS, "seed": seed})
            assert status == 200, status
            served.append(wall)
            wall, code = _command(path, seed)
            assert code == 0, code
            whole.append(wall)
    finally:
        proc.terminate()
        proc.wait(10)
    request, process = statistics.median(served), statistics.median(whole)
    print(f"word search of {len(WORDS)} words, {RUNS} runs each, interleaved; load {os.getloadavg()[0]:.1f}")
    print(table(["path", "median ms", "min ms", "max ms"], [
        ["POST /api/wordsearch (warm pool)", f"{request * 1000:.0f}", f"{min(served) * 1000:.0f}",
         f"{max(served) * 1000:.0f}"],
        ["pyclingo-puzzles wordsearch (a process)", f"{process * 1000:.0f}", f"{min(whole) * 1000:.0f}",
         f"{max(whole) * 1000:.0f}"],
    ]))  # fmt: skip
    print(f"request / process: {request / process:.2f}x (goal <= 0.25x)")


async def _superseded(rounds: int) -> list[tuple[float, bool]]:
    from pyclingo_puzzles.web import pool as pools
    from pyclingo_puzzles.web.body import Limits, parse
    from pyclingo_puzzles.web.families import families
    from pyclingo_puzzles.web.jobs import Jobs

    async def never() -> None:
        await asyncio.Event().wait()

    pool = pools.Pool(1, 2)
    jobs = Jobs(pool)
    layout = families()["layout"]
    long = parse(layout, json.dumps({"words": LONG, "time_limit": 25}).encode(), Limits(max_time_limit=30))
    found = []
    pool.start()
    try:
        for _ in range(rounds):
            running = asyncio.ensure_future(jobs.run(long, never, page="page"))
            while not (pool.workers and not pool.idle and pool.admitted):
                await asyncio.sleep(0.01)
            await asyncio.sleep(1.0)  # mid-search
            pid = pool.workers[0].pid
            started = time.perf_counter()
            pool.pages["page"].set()  # what a newer request of the page does
            while not pool.idle:
                await asyncio.sleep(0.005)
            found.append((time.perf_counter() - started, pool.idle[0].pid == pid))
            await asyncio.gather(running, return_exceptions=True)
    finally:
        await pool.close()
    return found


def superseded() -> None:
    found = asyncio.run(_superseded(7))
    times = [t for t, _ in found]
    kept = sum(1 for _, same in found if same)
    print(f"\nsuperseded layout search, {len(found)} runs; load {os.getloadavg()[0]:.1f}")
    print(f"worker free again after: median {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms "
          f"(goal <= 500 ms); worker kept {kept} of {len(found)} times (else killed and replaced)")  # fmt: skip


def shutdown(rounds: int = 3) -> None:
    """SIGTERM to a server whose two workers are mid-search: seconds until it has exited, and its
    processes left (running or defunct) then."""
    import signal
    import threading

    import psutil

    found = []
    for _ in range(rounds):
        proc, port = _serve()
        body = {"words": LONG, "time_limit": 25}
        for _ in range(2):
            threading.Thread(target=_post_layout, args=(port, body), daemon=True).start()
        workers = psutil.Process(proc.pid).children(recursive=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and sum(p.cpu_times().user for p in workers) < 1.0:
            time.sleep(0.05)
        started = time.perf_counter()
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)
        took = time.perf_counter() - started
        left = [p for p in workers if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
        found.append((took, len(workers), len(left)))
    print(f"\nSIGTERM with both workers mid-search, {rounds} runs; load {os.getloadavg()[0]:.1f}")
    for took, had, left in found:
        print(f"  exited after {took * 1000:.0f} ms (goal <= 5 s); {had} workers, {left} left")


def lane(calls: int = 10) -> None:
    import threading

    from .studio import SHIPPED, rows_of

    proc, port = _serve()
    try:
        layouts = [threading.Thread(target=_post_layout, args=(port, {"words": LONG, "time_limit": 25}), daemon=True)
                   for _ in range(2)]  # fmt: skip
        for thread in layouts:
            thread.start()
        time.sleep(1.0)  # both taken by the two workers puzzles may take
        body = {"framework": rows_of(SHIPPED[0])}
        times = []
        for _ in range(calls):
            started = time.perf_counter()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            conn.request("POST", "/api/crossword/slots", json.dumps(body), {"Content-Type": "application/json"})
            status = conn.getresponse().status
            conn.close()
            times.append((time.perf_counter() - started, status))
        running = sum(t.is_alive() for t in layouts)
    finally:
        proc.terminate()
        proc.wait(30)
    rest = [t for t, _ in times[1:]]
    load = os.getloadavg()[0]
    print(f"\nstudio slots on {SHIPPED[0].name} while two 25 s layouts run, {calls} calls; load {load:.1f}")
    print(f"first (warming the lane's worker) {times[0][0] * 1000:.0f} ms; the rest median "
          f"{statistics.median(rest) * 1000:.0f} ms, max {max(rest) * 1000:.0f} ms; statuses "
          f"{sorted({s for _, s in times})}; layouts still running at the end: {running} of 2")  # fmt: skip


def _post_layout(port: int, body: dict) -> None:
    import contextlib

    with contextlib.suppress(OSError, http.client.HTTPException):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        conn.request("POST", "/api/layout", json.dumps(body), {"Content-Type": "application/json"})
        conn.getresponse().read()


def main() -> None:
    request_vs_process()
    superseded()
    shutdown()
    lane()


if __name__ == "__main__":
    main()
