"""Several FILEs in one command (batch.py): headers, JSON Lines, the most severe exit code, input
order with a pool, a bad file in the middle, limits and signals over a batch, per-file output
names, and the progress line (a terminal only)."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pyclingo_puzzles.cli.batchfile import FileResult
from pyclingo_puzzles.cli.exitcodes import SEVERITY, most_severe

from .. import conftest
from ..conftest import INSTANCES, MARGIN, loaded, shared_path, still_running, wait_for_children, wait_for_cpu

WS = INSTANCES / "wordsearch"
CW = INSTANCES / "crossword"
STRIPS = INSTANCES / "strips" / "small.yaml"
EARLY_STAGE = "(reading the input|building facts|grounding)"  # where endless rules' runs are stopped
SLOW = WS / "heart-13x12.yaml"  # the slowest shipped word search (about half a second)


def command(*args: object) -> list[str]:
    return [sys.executable, "-m", "pyclingo_puzzles", *map(str, args)]


def summary_rows(err: str) -> list[list[str]]:
    lines = err.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("summary: "))
    return [line.split() for line in lines[start + 1 :]]


@pytest.fixture
def many_solutions(tmp_path: Path) -> list[Path]:
    """Four copies of a crossword with 12! solutions: an enumeration runs until it is stopped."""
    return conftest.many_solutions(tmp_path, 4)


# --------------------------------------------------------------------------------- unit


def test_severity_order() -> None:
    assert most_severe([10, 30, 20]) == 20
    assert most_severe([10, 30]) == 10 and most_severe([30, 30]) == 30
    assert most_severe([10, 11, 20]) == 11
    assert most_severe([11, 1, 20]) == 1
    assert most_severe([1, 65, 10]) == 65
    for i, code in enumerate(SEVERITY):
        assert most_severe(list(SEVERITY[i:])) == code


def test_json_line_of_a_failed_file_carries_its_error() -> None:
    line = FileResult("x.yaml", 65, err="warning: w\nerror: x.yaml:3: bad\n").json_line()
    assert json.loads(line) == {"file": "x.yaml", "exit": 65, "error": "x.yaml:3: bad"}
    doc = FileResult("y.dat", 10, out='{"status": "SAT", "file": "theirs"}', data={"status": "SAT", "file": "t"})
    assert json.loads(doc.json_line()) == {"file": "y.dat", "exit": 10, "status": "SAT"}


# --------------------------------------------------------------------------------- in-process


def test_one_file_prints_as_before(cli) -> None:
    single = cli("crossword", CW / "lattice.dat")
    assert single.code == 10 and "==>" not in single.out and single.err == ""


def test_several_files_text_headers_and_severity(cli) -> None:
    files = [CW / "lattice.dat", CW / "unsat-crossing.yaml", CW / "plus-two-solutions.yaml"]
    res = cli("crossword", *files, "--jobs", "2")
    alone = [cli("crossword", f) for f in files]
    assert res.code == 20  # 20 is more severe than 10
    expected = "\n".join(f"==> {f} <==\n{one.out}" for f, one in zip(files, alone, strict=True))
    assert res.out == expected
    rows = summary_rows(res.err)
    assert [(r[0], int(r[1])) for r in rows] == [(str(f), one.code) for f, one in zip(files, alone, strict=True)]
    assert res.err.splitlines()[-4] == (
        "summary: 3 files, exit 20 (the most severe: 65 bad input > 1 no answer > 11 stopped with an answer > "
        "20 unsolvable > 10 found > 30 complete): 2 solved, 1 proved unsolvable"
    )


def test_json_lines_one_object_per_file(cli) -> None:
    files = [WS / "vor-5x5.yaml", WS / "too-many-4x4.yaml", WS / "message-6x5.yaml"]
    res = cli("wordsearch", files[0], "--json", *files[1:], "--seed", "3")  # FILEs and options mixed
    lines = res.out.splitlines()
    assert len(lines) == 3
    docs = [json.loads(line) for line in lines]
    assert [d["file"] for d in docs] == [str(f) for f in files]
    assert [d["exit"] for d in docs] == [10, 20, 10] and res.code == 20
    alone = json.loads(cli("wordsearch", files[0], "--json", "--seed", "3").out)
    assert {k: v for k, v in docs[0].items() if k not in ("file", "exit")} == alone


def test_input_order_with_two_jobs_and_bad_files_in_the_middle(cli, tmp_path: Path) -> None:
    """The slow first file finishes last; the bad ones at once: all are printed in input order, and
    a bad file is its one-line error while the batch goes on."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("width: 5\nheight: [\n")
    files = [SLOW, bad, WS / "vor-5x5.yaml", tmp_path / "missing.yaml", WS / "message-6x5.yaml"]
    res = cli("wordsearch", *files, "--json", "--jobs", "2")
    docs = [json.loads(line) for line in res.out.splitlines()]
    assert [d["file"] for d in docs] == [str(f) for f in files]
    assert [d["exit"] for d in docs] == [10, 65, 10, 65, 10] and res.code == 65
    assert docs[3]["error"] == f"{files[3]}: file not found"
    assert docs[1]["error"].startswith(f"{bad}:")
    errors = [line for line in res.err.splitlines() if line.startswith("error: ")]
    assert errors == [f"error: {docs[1]['error']}", f"error: {files[3]}: file not found"]
    # (that the slow first file finished last is likely, not asserted: it is a timing)


def test_output_files_get_one_name_per_input(cli, tmp_path: Path) -> None:
    files = [WS / "vor-5x5.yaml", WS / "message-6x5.yaml"]
    out = tmp_path / "page.svg"
    res = cli("wordsearch", *files, "--svg", out)
    assert res.code == 10, res.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["page-message-6x5.svg", "page-vor-5x5.svg"]
    same_name = tmp_path / "vor-5x5.yaml"
    same_name.write_text(files[0].read_text())
    clash = cli("wordsearch", files[0], same_name, "--svg", out)
    assert clash.code == 65 and clash.out == ""
    assert clash.err == (
        f"error: {same_name}: --svg would write {tmp_path / 'page-vor-5x5.svg'} for both {files[0]} and this file: "
        "rename one input\n"
    )


def test_a_file_without_an_answer_names_the_output_files_it_did_not_write(cli, tmp_path: Path) -> None:
    # read alone (stdout redirected), stderr still says which input's files are missing
    files = [INSTANCES / "layout" / "cannot-connect.yaml", INSTANCES / "layout" / "one-word.yaml"]
    res = cli("layout", *files, "--svg", tmp_path / "o.svg", "--json")
    assert res.code == 20, res.err
    assert f"warning: no answer, so --svg {tmp_path / 'o-cannot-connect.svg'} not written" in res.err.splitlines()
    assert [p.name for p in tmp_path.iterdir()] == ["o-one-word.svg"]


def test_the_same_file_twice_with_output_files_is_refused(cli, tmp_path: Path) -> None:
    # both runs would write page-vor-5x5.svg, the second replacing the first's: refused before solving
    out = tmp_path / "page.svg"
    for again in (WS / "vor-5x5.yaml", WS / ".." / "wordsearch" / "vor-5x5.yaml"):
        res = cli("wordsearch", WS / "vor-5x5.yaml", WS / "message-6x5.yaml", again, "--svg", out, "--jobs", "2")
        assert res.code == 65 and res.out == "", res.err
        page = tmp_path / "page-vor-5x5.svg"
        assert res.err == f"error: {again}: given twice, so --svg would write {page} twice: give it once\n"
        assert list(tmp_path.iterdir()) == []
    # without output files the same file twice is two runs, as asked
    twice = cli("wordsearch", WS / "vor-5x5.yaml", WS / "vor-5x5.yaml", "--json")
    assert twice.code == 10 and len(twice.out.splitlines()) == 2


def test_every_subcommand_takes_several_files(cli, tmp_path: Path) -> None:
    grid = tmp_path / "ring.grid"
    grid.write_text("___\n_*_\n___\n")
    words = tmp_path / "words.txt"
    words.write_text("CAT\nTOE\nCOT\nEAR\nTAR\nRAT\nTEA\nACE\nOAT\nEAT\n")
    runs = {
        "strips": ["strips", STRIPS, INSTANCES / "strips" / "unsolvable.yaml"],
        # two layouts decided without a search (a search of its own: 1 s of CPU, for no more here)
        "layout": ["layout", INSTANCES / "layout" / "one-word.yaml", INSTANCES / "layout" / "cannot-connect.yaml",
                   "--time-limit", "5"],
        "fill": ["crossword", grid, grid, "--dictionary", words],
    }
    for name, argv in runs.items():
        res = cli(*argv, "--json")
        docs = [json.loads(line) for line in res.out.splitlines()]
        assert len(docs) == 2 and all("exit" in d for d in docs), (name, res.err)
        assert res.code == most_severe([d["exit"] for d in docs]), name


def test_a_batch_of_layouts_searches_each_in_its_pool_worker(cli) -> None:
    # each file of a batch runs in a worker of the batch's pool, which may not start a worker of its
    # own (the layout's second search did: "daemonic processes are not allowed to have children",
    # a traceback and exit 1 for every file); a file there is one search (--jobs 1)
    lists = [INSTANCES / "layout" / "kitchen-10.yaml", INSTANCES / "layout" / "weather-10.yaml"]
    # each search gets the limit less the 0.5 s kept for the output, and finds its first layout (the
    # greedy start's) in hundredths of a second: 0.7 s, not 1 s, for the two searches waited out
    res = cli("layout", *lists, "--time-limit", loaded(0.7), "--json")
    assert "Traceback" not in res.err and "ended unexpectedly" not in res.err
    docs = [json.loads(line) for line in res.out.splitlines()]
    assert [d["exit"] for d in docs] == [11, 11] and res.code == 11
    for doc in docs:
        assert len(doc["placements"]) == 10


# --------------------------------------------------------------------------------- limits and signals


def test_time_limit_bounds_the_whole_batch(many_solutions: list[Path]) -> None:
    """The stated rule, not a timing: once a file's search is cut by the deadline (it stops early
    enough to check what it found), no further file starts, however much of the reserve is left.
    One job: its worker is free again after the cut and must not take the next file (two files cut
    at once, their answers kept, are the Ctrl-C batch's test; two workers at the deadline,
    test_time_limit_ends_workers_stuck_in_grounding)."""
    jobs = 1
    limit = loaded(0.5)  # start-up and the first answers (a tenth of a second): a busy machine's process gets more
    t0 = time.monotonic()
    res = subprocess.run(
        command("crossword", *many_solutions, "--models", "0", "--time-limit", limit, "--jobs", jobs, "--json"),
        capture_output=True, text=True, timeout=60 + limit,
    )
    assert time.monotonic() - t0 < limit + MARGIN
    docs = [json.loads(line) for line in res.stdout.splitlines()]
    assert len(docs) == 4 and res.returncode == 1, res.stderr
    for doc in docs[:jobs]:
        # the rule holds whether or not the cut file had answers: a machine whose load rose after
        # ``loaded`` read it may give the worker's start-up the whole limit (then its line names the
        # limit); answers found are kept, every one
        if doc["exit"] == 11:
            assert doc["count"] > 0 and len(doc["solutions"]) == doc["count"]
        else:
            assert doc["exit"] == 1 and not doc.get("solutions") and "time limit hit while " in res.stderr, doc
    assert [d["error"] for d in docs[jobs:]] == ["not started: time limit"] * (4 - jobs)
    # past the progress line's delay, but stderr is a pipe: no line (a terminal's: the test below)
    assert "\r" not in res.stderr and "\x1b" not in res.stderr and "summary: 4 files" in res.stderr


def test_time_limit_ends_workers_stuck_in_grounding(endless: Path) -> None:
    # the workers ground within a tenth of a second of the start; the limit is waited out, whole,
    # by both workers (half a second, not a second: half the CPU)
    res = subprocess.run(
        command("strips", STRIPS, STRIPS, STRIPS, "--rules", endless, "--time-limit", loaded(0.5), "--jobs", "2"),
        capture_output=True, text=True, timeout=60,
    )
    assert res.returncode == 1 and "Traceback" not in res.stderr
    assert [r[-1] for r in summary_rows(res.stderr)] == ["grounding", "grounding", "limit"]
    assert res.stderr.splitlines()[:3] == ["time limit hit while grounding"] * 2 + ["not started: time limit"]


def _wait_for_workers(pid: int, count: int, cpu: float = 0.1) -> list[int]:
    """The batch's ``count`` workers, once each has worked ``cpu`` seconds on its file (the strips
    file is read in a few ms: after that the endless rules are being grounded)."""
    workers = wait_for_children(pid, count)
    for worker in workers:
        wait_for_cpu(worker, cpu)
    return workers


def test_a_signal_to_the_process_group_stops_a_batch_and_no_worker_survives(endless: Path) -> None:
    """``kill -TERM -PGID``: the workers die first (of SIGTERM). A signal to the command alone (its
    workers asked to stop, then given up on) is test_a_worker_killed_from_outside_is_reported_and_replaced's."""
    proc = subprocess.Popen(
        command("strips", STRIPS, STRIPS, STRIPS, "--rules", endless, "--jobs", "2"),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )
    workers = _wait_for_workers(proc.pid, 2)  # the workers are grounding
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        _, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:  # a failed test leaves no process behind
            proc.kill()
            proc.communicate()
    assert proc.returncode == 1 and "Traceback" not in err
    # on a busy machine a worker may still be reading its file when the signal comes
    assert all(re.fullmatch(f"interrupted while {EARLY_STAGE}", line) for line in err.splitlines()[:2]), err
    assert err.splitlines()[2] == "not started: interrupted"
    assert len(workers) == 2 and not still_running(workers)


def test_a_worker_dying_between_the_wait_and_the_give_up_still_reports_its_file() -> None:
    """The race behind a batch that never ended after ``kill -TERM -PGID``: a busy worker dies
    after ``_collect``'s wait and before ``_give_up`` prunes the dead workers. Its file must still
    get a result (from its pipe's end of file), or the parent waits for it for ever."""
    import multiprocessing
    from types import SimpleNamespace

    from pyclingo_puzzles.cli import batch, batchworker

    mine, theirs = multiprocessing.Pipe(duplex=True)
    theirs.close()  # the worker has gone: its end of the pipe is closed
    dead = SimpleNamespace(conn=mine, alive=lambda: False, stop=mine.close, signal=lambda sig: None,
                           proc=SimpleNamespace(join=lambda timeout: None, exitcode=-signal.SIGTERM))
    worker = batchworker.BatchWorker(dead, SimpleNamespace(value=b"grounding"), [0, 0], index=0)  # type: ignore[arg-type]
    state = batch._Batch.__new__(batch._Batch)
    state.files, state.results, state.workers, state.started = ["a.yaml"], [None], [worker], 1
    state.limits, state.give_up_at, state.idle_since = None, time.monotonic() + 60, None
    state.command = state.args = state.outputs = None  # no worker is started: the file is not retried
    state._give_up()
    state._collect()
    assert state.results[0] is not None and state.results[0].note == "interrupted while grounding"
    assert state.workers == []


# --------------------------------------------------------------------------------- progress line


def _with_terminal_stderr(argv: list[str], stdout: Path, until: str | None = None,
                          sig: int = signal.SIGKILL, stdin: int | None = None) -> bytes:
    """Run with stderr on a pseudo-terminal (stdout to a file); what the terminal received. With
    ``until`` (a pattern), the run is sent ``sig`` once the terminal has shown it."""
    leader, follower = pty.openpty()
    with stdout.open("w") as out:
        proc = subprocess.Popen(argv, stdin=stdin, stdout=out, stderr=follower)
    os.close(follower)
    seen = b""
    try:
        while True:
            if until is not None and re.search(until, seen.decode(errors="replace")):
                proc.send_signal(sig)
                until = None
            ready, _, _ = select.select([leader], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(leader, 4096)
                except OSError:  # the other side closed
                    break
                if not chunk:
                    break
                seen += chunk
            elif proc.poll() is not None:
                break
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:  # a failed test leaves no process behind
            proc.kill()
            proc.wait()
        os.close(leader)
    return seen


@pytest.mark.slow
def test_progress_on_a_terminal_only(many_solutions: list[Path], tmp_path: Path) -> None:
    """The line shows on a terminal once a run has taken a second, and is erased before anything
    else is written. Each run is ended by Ctrl-C once its line has shown (no limit to wait out: the
    last message goes through the same erasing stderr as a limit's). On a pipe: no line, see
    test_time_limit_bounds_the_whole_batch."""
    # a batch: --count searches until stopped, so the first file runs past the second
    argv = command("crossword", *many_solutions, "--count", "--jobs", "1", "--time-limit", "60")
    line = r"\r\x1b\[K[0-4]/4 files, \d+\.\d s"
    seen = _with_terminal_stderr(argv, tmp_path / "out.txt", until=line, sig=signal.SIGINT).decode()
    assert re.search(line, seen) and "summary: 4 files" in seen, seen[-300:]
    assert "\x1b[K" not in (tmp_path / "out.txt").read_text()  # never on stdout
    # a single run, stuck (as in grounding, but spending no CPU: reading a standard input that never
    # comes): the line, then the watchdog's last message on a clean line
    silent, writer = os.pipe()
    try:
        single = _with_terminal_stderr(command("strips", "-", "--time-limit", "60"), tmp_path / "one.txt",
                                       until=r"\r\x1b\[Kreading the input, \d s", sig=signal.SIGINT, stdin=silent)
    finally:
        os.close(silent)
        os.close(writer)
    assert single.decode().endswith("\r\x1b[Kinterrupted while reading the input\r\n"), single[-300:]


@pytest.mark.slow
@pytest.mark.parametrize(("jobs", "detail"), [(1, r"\d+ slot conflicts"), (2, r"[\d,]+ search steps in 2 workers")])
def test_a_long_fill_shows_its_progress_on_a_terminal(tmp_path: Path, jobs: int, detail: str) -> None:
    grid = shared_path("crossword-bench", "grids", "21.10.grid")  # not filled for long: conflicts pile up
    words = shared_path("crossword-bench", "dict", "wamerican-lower-alpha.txt")
    # the run is killed once the line shows (about a second into the search); the limit is only the
    # ceiling: at 10 s, reading the input and pruning took all of it at load 11 and no search line came
    argv = command("crossword", grid, "--dictionary", words, "--time-limit", "120", "--jobs", jobs)
    line = rf"\r\x1b\[K[a-z ]+, {detail}, \d+ s"  # any second: busy machines are slow
    seen = _with_terminal_stderr(argv, tmp_path / "out.txt", until=line).decode()
    assert re.search(line, seen), seen[-300:]


def test_a_worker_killed_from_outside_is_reported_and_replaced(endless: Path) -> None:
    """SIGKILL to the first file's worker: its file says so, a new worker takes the third file. Then
    Ctrl-C to the command (SIGINT stands for SIGTERM too: both reach the one watchdog the same way,
    see tests/run/test_runtime.py) stops the batch: the workers' files are interrupted, the fourth
    is not started, and no worker survives (a worker at the deadline is
    test_time_limit_ends_workers_stuck_in_grounding's)."""
    proc = subprocess.Popen(
        command("strips", STRIPS, STRIPS, STRIPS, STRIPS, "--rules", endless, "--jobs", "2", "--time-limit", "60"),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    replaced: list[int] = []
    try:
        workers = _wait_for_workers(proc.pid, 2, cpu=0.1)
        os.kill(min(workers), signal.SIGKILL)  # the first forked: the first file's
        deadline = time.monotonic() + 30
        while not replaced and time.monotonic() < deadline:  # the new worker: forked once the death is read
            time.sleep(0.02)
            replaced = [pid for pid in wait_for_children(proc.pid, 1) if pid not in workers]
        assert len(replaced) == 1, (workers, replaced)
        wait_for_cpu(replaced[0], 0.1)  # it has the third file
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 1 and "Traceback" not in err
    statuses = [" ".join(r[4:]) for r in summary_rows(err)]
    assert statuses[0].startswith("the worker was killed (signal 9) while "), err
    # on a busy machine a worker may still be reading its file when the signal comes
    assert all(re.fullmatch(f"interrupted while {EARLY_STAGE}", status) for status in statuses[1:3]), err
    assert statuses[3:] == ["not started: interrupted"]
    assert err.splitlines()[:4] == statuses  # each file's line, in input order, before the summary
    assert len(workers) == 2 and not still_running([*workers, *replaced])


def test_the_memory_limit_counts_the_workers(endless: Path) -> None:
    """The workers' memory counts: the message says what each part had, no worker survives, and
    the batch still ends with its summary (each file: the memory limit, and the stage it hit)."""
    proc = subprocess.Popen(  # the three processes hold ~70 MiB at the start: the workers then ground
        command("strips", STRIPS, STRIPS, "--rules", endless, "--memory-limit", "150M", "--jobs", "2"),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    workers = wait_for_children(proc.pid, 2)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 1
    assert re.search(
        r"^memory limit hit while solving files in worker processes; the program grew past 150 MiB "
        r"\(--memory-limit\): \d+ MiB in the main process and \d+ MiB in 2 worker processes "
        r"\(fewer --jobs need less\)$",
        err,
        re.MULTILINE,
    ), err
    statuses = [" ".join(r[4:]) for r in summary_rows(err)]
    assert statuses == ["memory limit hit while grounding"] * 2, err
    assert len(workers) == 2 and not still_running(workers)


def test_a_closed_pipe_ends_the_batch_quietly(tmp_path: Path) -> None:
    """``... | head -1``: the batch stops handing out files and exits without a word."""
    files = []
    for i in range(150):
        path = tmp_path / f"lattice{i}.dat"
        path.write_text((CW / "lattice.dat").read_text())
        files.append(path)
    proc = subprocess.Popen(command("crossword", *files), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stdout.readline().startswith(b"==> ")
    proc.stdout.close()
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 10 and err == b""


def test_a_worker_asked_to_stop_gets_its_grace_less_its_wait_for_a_cpu() -> None:
    """After a signal a worker's grace for its answers is not eaten by a busy machine: its clock
    runs less the time it has waited in the run queue since it was asked to stop."""
    from types import SimpleNamespace

    from pyclingo_puzzles.cli import batch

    process = SimpleNamespace(run_queue_wait=lambda: 4.0)
    asked = SimpleNamespace(asked_to_stop=True, waited_when_asked=1.0, process=process)
    assert batch._Batch._clock(asked, 100.0) == 97.0  # type: ignore[arg-type]
    busy = SimpleNamespace(asked_to_stop=False, waited_when_asked=0.0, process=process)
    assert batch._Batch._clock(busy, 100.0) == 100.0  # at the deadline the wall clock holds  # type: ignore[arg-type]
