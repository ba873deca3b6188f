"""One run's limits (runtime.py, watchdog.py): the deadline covers grounding, the memory ceiling, Ctrl-C / SIGTERM,
and no worker outlives the command. These run the real command in a subprocess: the hard limits are
only armed there (a library must never end its caller's process)."""

from __future__ import annotations

import fcntl
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from pyclingo_puzzles.cli.argtypes import memory_size
from pyclingo_puzzles.run import process, runtime, watchdog, workers

from .. import conftest
from ..conftest import MARGIN, loaded, still_running, wait_for_more_cpu, wait_for_watchdog

ROOT = Path(__file__).resolve().parents[2]
STRIPS = ROOT / "instances" / "strips" / "small.yaml"
WORDSEARCH = ROOT / "instances" / "wordsearch" / "hola-8x8.yaml"
SHARED = ROOT.parent / "shared" / "crossword-bench"


F_SETPIPE_SZ = 1031  # Linux fcntl: set a pipe's capacity


def command(*args: object) -> list[str]:
    return [sys.executable, "-m", "pyclingo_puzzles", *map(str, args)]


@pytest.fixture
def many_solutions(tmp_path: Path) -> Path:
    """A crossword with 12! solutions to enumerate."""
    return conftest.many_solutions(tmp_path)[0]


def children_of(pid: int) -> list[int]:
    """The children of ``pid`` (from /proc: no subprocess to start on a busy machine; else pgrep)."""
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
        return [int(x) for x in out.split()]


def test_a_stop_reaches_the_parent_of_a_worker_as_it_was_raised() -> None:
    """Pickled, as a worker's exception is on its way to the parent (it was rebuilt from its message
    alone: TypeError, "internal error" under load, where a strips worker hit the limit)."""
    import pickle

    back = pickle.loads(pickle.dumps(runtime.Stopped("time limit", "solving in a worker process")))
    assert (back.reason, back.stage, str(back)) == ("time limit", "solving in a worker process",
                                                    "time limit hit while solving in a worker process")  # fmt: skip


def test_time_limit_ends_grounding(endless: Path) -> None:
    # start-up and reading take about 0.2 s of CPU: 0.5 s leaves a quiet machine room to reach the
    # grounding, a busy one's limit is longer (``loaded``: start-up alone once took a second there,
    # and the limit hit "reading the input")
    limit = loaded(0.5)
    t0 = time.monotonic()
    res = subprocess.run(
        command("strips", STRIPS, "--rules", endless, "--time-limit", limit, "--json"), capture_output=True, text=True
    )
    elapsed = time.monotonic() - t0
    assert res.returncode == 1
    # a loaded machine may still be loading the rules: a C call too, that no deadline interrupts
    stage = "loading rules" if "loading rules" in res.stderr else "grounding"
    assert res.stderr.strip().splitlines() == [f"time limit hit while {stage}"]
    # the watchdog ends the process, and --json still prints one document (a script parses it)
    assert json.loads(res.stdout) == {"status": "UNKNOWN", "error": f"time limit hit while {stage}"}
    assert elapsed < limit + MARGIN  # the overshoot itself is measured by benchmarks/limits.py, not asserted here


@pytest.mark.slow
def test_memory_limit_ends_grounding(endless: Path) -> None:
    res = subprocess.run(
        command("wordsearch", WORDSEARCH, "--rules", endless, "--memory-limit", "100M"),  # start-up: 30 MB
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert res.returncode == 1
    assert res.stderr.startswith("memory limit hit while grounding")
    assert "Traceback" not in res.stderr and len(res.stderr.strip().splitlines()) == 1


def test_sigint_and_sigterm_take_one_path() -> None:
    """Ctrl-C and SIGTERM reach the watchdog the same way: one handler writes the number to the
    wakeup pipe, and the watchdog's ``_on_signal`` never looks at which it was. So the end-to-end
    tests send one of them for each behaviour (to a process group they differ: a worker ignores
    SIGINT and dies of SIGTERM, and those tests send both)."""
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signal handlers are only set from the main thread")
    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    with runtime.Run() as run, watchdog.Watchdog(run) as guard:  # no limit: it never ends this process
        assert signal.getsignal(signal.SIGINT) is signal.getsignal(signal.SIGTERM) is watchdog._ignore
        assert guard.wakeup_fd is not None and signal.set_wakeup_fd(guard.wakeup_fd) == guard.wakeup_fd
    assert (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)) == before


def test_signal_during_grounding_stops_at_once(endless: Path) -> None:
    proc = subprocess.Popen(command("strips", STRIPS, "--rules", endless), stderr=subprocess.PIPE, text=True)
    wait_for_watchdog(proc.pid)
    wait_for_more_cpu(proc.pid, 0.3)  # reading takes a few ms: then grounding
    proc.send_signal(signal.SIGINT)  # stands for SIGTERM too (test_sigint_and_sigterm_take_one_path)
    t0 = time.monotonic()
    _, err = proc.communicate(timeout=20)
    assert time.monotonic() - t0 < watchdog.GRACE + MARGIN
    assert proc.returncode == 1
    # a loaded machine may still be loading the rules: a C call too, that no signal interrupts
    assert err.strip() in ("interrupted while grounding", "interrupted while loading rules")


def enumerating(pid: int) -> None:
    """Until the run has been enumerating for a while: reading, grounding and the first answer take
    about 0.1 s of CPU, then a crossword of 12! solutions gives thousands of answers a second (0.3 s:
    a thousand answers or more, tens of KiB of text)."""
    wait_for_watchdog(pid)
    wait_for_more_cpu(pid, 0.3)


# SIGTERM here, with text; SIGINT with JSON: tests/run/test_hostile_budget.py
def test_signal_during_enumeration_prints_what_was_found(many_solutions: Path) -> None:
    proc = subprocess.Popen(
        command("crossword", many_solutions, "--models", "0"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    enumerating(proc.pid)
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 11, err
    assert "Solution 1:" in out and "at least" in out.splitlines()[-1]
    assert "Traceback" not in err


def test_second_signal_ends_the_run_at_once(many_solutions: Path) -> None:
    # stdout is a pipe nobody reads: after the first Ctrl-C the run blocks printing its answers
    # (the pipe shrunk to one page: a loaded machine finds too few answers to fill 64 KiB)
    proc = subprocess.Popen(
        command("crossword", many_solutions, "--models", "0"), stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    if sys.platform.startswith("linux"):
        assert proc.stdout is not None
        fcntl.fcntl(proc.stdout.fileno(), F_SETPIPE_SZ, 4096)
    enumerating(proc.pid)  # hundreds of answers: more than the pipe's page
    proc.send_signal(signal.SIGINT)
    time.sleep(1)
    assert proc.poll() is None
    proc.send_signal(signal.SIGINT)
    t0 = time.monotonic()
    proc.wait(timeout=20)
    assert time.monotonic() - t0 < watchdog.GRACE + MARGIN
    _, err = proc.communicate()
    assert proc.returncode == 1
    assert b"stopped at once" in err


@pytest.mark.skipif(not (SHARED / "grids" / "15.06.grid").exists(), reason="needs ../shared/crossword-bench")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_no_worker_outlives_a_dictionary_fill(sig: signal.Signals) -> None:
    proc = subprocess.Popen(
        command("crossword", SHARED / "grids/15.06.grid", "--dictionary", SHARED / "dict/wamerican-lower-alpha.txt",
                "--seed", "3", "--jobs", "2"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    workers: list[int] = []
    for _ in range(100):  # wait until the race has forked its workers
        time.sleep(0.1)
        workers = children_of(proc.pid)
        if len(workers) >= 2 or proc.poll() is not None:
            break
    if proc.poll() is not None:
        pytest.skip("the fill finished before the race could be signalled")
    proc.send_signal(sig)
    proc.wait(timeout=20)
    assert workers and not still_running(workers, zombies=False)


def test_library_runs_get_the_cooperative_deadline_only() -> None:
    with runtime.Run(time_limit=5) as run:
        assert runtime.current() is run and run.watched_at is None  # no watchdog
        left = runtime.remaining(100)
        assert left is not None and 4 < left <= 5
        assert runtime.remaining(1) == 1
        assert not runtime.stopping()
    assert runtime.current() is None and runtime.remaining(3) == 3


def test_memory_sizes() -> None:
    assert memory_size("512M") == 512 * 2**20
    assert memory_size("4G") == 4 * 2**30
    assert memory_size("100") == 100 * 2**20
    assert memory_size("2GiB") == 2 * 2**30
    for bad in ("lots", "0", "-5G", ""):
        with pytest.raises(Exception, match=r"size|at least"):
            memory_size(bad)


# ------------------------------------------------------------------------------- QA regressions


def _ring_fill(tmp_path: Path) -> list[str]:
    grid = tmp_path / "ring.grid"
    grid.write_text("___\n_*_\n___\n")
    words = tmp_path / "words.txt"
    words.write_text("CAT\nTOE\nCOT\nEAR\nTAR\nRAT\nTEA\nACE\nOAT\nEAT\n")
    return ["crossword", str(grid), "--dictionary", str(words), "--jobs", "2"]


def _workers(pid: int) -> list[int]:
    workers: list[int] = []
    for _ in range(100):  # wait until the race has forked its workers
        time.sleep(0.05)
        workers = children_of(pid)
        if len(workers) >= 2:
            break
    return workers


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_to_the_process_group_during_a_race_is_one_line(endless: Path, tmp_path: Path, sig) -> None:
    """A terminal's Ctrl-C (and ``kill -TERM -PGID``) reaches the workers too: the parent saw a worker
    die before its watchdog read the signal and raised "search worker died" with a traceback."""
    proc = subprocess.Popen(
        command(*_ring_fill(tmp_path), "--rules", endless),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )
    assert len(_workers(proc.pid)) >= 2
    os.killpg(proc.pid, sig)
    _, err = proc.communicate(timeout=20)
    assert proc.returncode == 1
    assert err.strip() == "interrupted while searching in worker processes"


def test_workers_ended_by_the_deadline_are_reaped(endless: Path, tmp_path: Path) -> None:
    """Killed workers must not stay behind as zombies (this machine's init never reaps them)."""
    # the workers are forked after about 0.2 s of CPU; the limit ends them while they ground
    proc = subprocess.Popen(
        command(*_ring_fill(tmp_path), "--rules", endless, "--time-limit", loaded(0.5)),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    workers = _workers(proc.pid)
    _, err = proc.communicate(timeout=20)
    assert proc.returncode == 1 and err.strip() == "time limit hit while searching in worker processes"
    assert workers and not still_running(workers)


def test_first_signal_ends_long_python_work(tmp_path: Path) -> None:
    """Reading a big word list is Python work that polls no stop flag: a first Ctrl-C was ignored
    until it finished (seconds to minutes); now it ends the run like a deadline does."""
    words = [f"W{i:06d}".translate(str.maketrans("0123456789", "ABCDEFGHIJ")) for i in range(150_000)]
    path = tmp_path / "big.yaml"
    path.write_text("width: 500\nheight: 500\nwords: [" + ", ".join(words) + "]\n")
    proc = subprocess.Popen(command("wordsearch", path), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wait_for_watchdog(proc.pid)
    wait_for_more_cpu(proc.pid, 0.3)  # reading the words (CPU time, not the clock's)
    assert proc.poll() is None, "the word list was read before the signal: make it longer"
    proc.send_signal(signal.SIGINT)
    t0 = time.monotonic()
    _, err = proc.communicate(timeout=30)
    assert time.monotonic() - t0 < watchdog.GRACE + MARGIN
    assert proc.returncode == 1 and err.strip().startswith("interrupted while")


@pytest.mark.skipif(not (SHARED / "grids" / "21.01.grid").exists(), reason="needs ../shared/crossword-bench")
@pytest.mark.slow
def test_the_limit_names_the_word_atoms_being_built() -> None:
    """Building the word atoms of a big dictionary takes seconds: it was reported as 'reading the input'."""
    res = subprocess.run(
        command("crossword", SHARED / "grids/21.01.grid", "--dictionary", SHARED / "dict/wamerican-lower-alpha.txt",
                "--word-atoms", "--time-limit", loaded(1.0)),  # read in 0.5 s of CPU, then building for seconds
        capture_output=True, text=True, timeout=60,
    )
    assert res.returncode == 1
    # a loaded machine may still be pruning at the limit: any named stage but the reading
    stages = ("pruning candidates", "building facts", "grounding")
    assert res.stderr.strip() in [f"time limit hit while {stage}" for stage in stages]


def test_a_worker_forked_as_the_run_ends_does_not_stay() -> None:
    """A worker forked just before the run's hard exit is not yet registered to be killed, and its
    parent-death signal is only armed for a parent still alive: it must notice and exit."""
    with runtime.Run() as run:
        run.pid = -1  # as if the run's process had ended before the worker armed the signal
        pid = os.fork()
        if pid == 0:  # the worker
            workers.in_worker()
            os._exit(0)
        _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == runtime.EXIT_INTERRUPTED


def test_a_hard_exit_finds_children_not_yet_adopted() -> None:
    """The race forks a worker, then adopts it: a hard exit in between knew nothing of it (seen as
    workers left behind by --time-limit 0.001). It now reads the process's children from /proc."""
    pid = os.fork()
    if pid == 0:
        time.sleep(30)
        os._exit(0)
    try:
        assert pid in process.own_children()
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)


@pytest.mark.parametrize(("grace", "alive"), [(None, False), (30.0, True)])
def test_printing_may_go_on_for_the_runs_print_grace(grace: float | None, alive: bool) -> None:
    """A run printing at its deadline gets ``print_grace`` more (a batch's parent sets a longer one:
    it prints only once its workers have reported), then the watchdog ends it."""
    script = (
        "import sys, time\n"
        "from pyclingo_puzzles.run import process, runtime, watchdog\n"
        "with runtime.Run(time_limit=0.0, from_process_start=True) as run, watchdog.Watchdog(run):\n"
        f"    run.print_grace = {grace} or run.print_grace\n"
        "    run.stage = 'printing'\n"
        # past a single run's grace on the clock the graces run on (the watchdog's: less the time
        # the machine kept the run waiting for a CPU; by the wall clock, at load 15 it was not yet)
        "    while time.monotonic() - process.run_queue_wait() < run.started + 1.5:\n"
        "        time.sleep(0.05)\n"
        "    print('still printing', flush=True)\n"
    )
    res = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert (res.returncode, res.stdout) == ((0, "still printing\n") if alive else (1, ""))
    assert res.stderr == ("" if alive else "time limit hit while printing\n")


def test_graces_do_not_count_the_time_a_busy_machine_kept_the_run_waiting(monkeypatch: pytest.MonkeyPatch) -> None:
    """The watchdog's graces run on the clock less the main thread's run-queue wait: a signal's
    grace that the machine spent running other processes is still the run's to use."""
    waited = [0.0]
    monkeypatch.setattr(process, "run_queue_wait", lambda pid="self": waited[0])
    run = runtime.Run()
    run.stage = "building facts"  # Python work that polls no stop flag
    guard = watchdog.Watchdog(run)
    ended: list[str] = []
    monkeypatch.setattr(guard, "hard_exit", ended.append)
    now = time.monotonic()
    guard._signalled = guard._own_clock(now)
    monkeypatch.setattr(time, "monotonic", lambda: now + watchdog.SIGNAL_GRACE + 0.1)  # past it by the clock
    waited[0] = 10.0  # ... all of it in the run queue: none of the grace used
    guard._check_time(None)
    assert ended == []
    waited[0] = 0.05  # ... nearly all of it the run's: the grace is over
    guard._check_time(None)
    assert ended == ["interrupted while building facts"]


def test_run_queue_wait_is_read_for_a_live_process_only() -> None:
    assert process.run_queue_wait() >= 0.0
    assert process.run_queue_wait(2**22 + 1) == 0.0  # no such process (above the largest pid)
    assert process.thread_waits() and all(wait >= 0.0 for wait in process.thread_waits() or [])


def test_run_queue_wait_is_the_most_any_thread_waited_and_never_shrinks(monkeypatch: pytest.MonkeyPatch) -> None:
    """A main thread cancelling a search waits on the search's thread, which is the one a loaded
    machine keeps in the run queue (a first Ctrl-C's grace ran out so at load 7); a thread that
    ends must not move the graces' clock forward."""
    readings: list[list[float] | None] = [[1.0, 3.0], [1.2], [1.5, 4.0], None, [0.5]]
    monkeypatch.setattr(process, "thread_waits", lambda pid="self": readings.pop(0))
    pid = 2**22 + 2  # not a real process: the readings above are its
    assert [process.run_queue_wait(pid) for _ in range(5)] == [3.0, 3.0, 4.0, 0.0, 0.5]  # gone: a new process
