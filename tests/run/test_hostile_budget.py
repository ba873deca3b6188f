"""Hostile runs against the budget: a signal in a batch keeps the answers found, ``--count`` uses
the whole limit, long words do not outlive a layout's limit, and ``--memory-limit`` says what it
counted. Time is asserted only as "at least the limit less 0.5 s" (a lower bound holds on a busy
machine) or "within the limit plus MARGIN"."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from pyclingo_puzzles.cli.argtypes import memory_size
from pyclingo_puzzles.core import solve as core_solve
from pyclingo_puzzles.run import process, runtime, watchdog

from ..conftest import (
    INSTANCES,
    MARGIN,
    CliResult,
    loaded,
    many_solutions,
    wait_for_children,
    wait_for_cpu,
    wait_for_more_cpu,
    wait_for_watchdog,
)


def command(*args: object) -> list[str]:
    return [sys.executable, "-m", "pyclingo_puzzles", *map(str, args)]


def long_words(count: int = 2, length: int = 250) -> list[str]:
    rng = random.Random(1)
    return ["".join(rng.choice("ABCDEFGH") for _ in range(length)) for _ in range(count)]


# --------------------------------------------------------------------------------- signals


def interrupted_enumeration(*args: object, jobs: int = 1) -> tuple[subprocess.Popen, str, str]:
    """``crossword ARGS --models 0 --json``, sent SIGINT once each search has enumerated for a while:
    measured in CPU time (the process's own, or with ``jobs`` > 1 each worker's), so that a busy
    machine waits longer rather than signalling before any answer is found. SIGINT stands for
    SIGTERM too: both reach the one watchdog the same way (tests/run/test_runtime.py checks that)."""
    proc = subprocess.Popen(
        command("crossword", *args, "--models", "0", "--json", *(["--jobs", jobs] if jobs > 1 else [])),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        wait_for_watchdog(proc.pid)
        if jobs == 1:
            # reading, grounding and the first answer take about 0.1 s of CPU; then thousands of answers a second
            wait_for_more_cpu(proc.pid, 0.3)
        else:
            workers = wait_for_children(proc.pid, jobs)
            for pid in workers:  # 0.3 s of enumerating each: about a thousand answers
                wait_for_cpu(pid, 0.3)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:  # a failed test leaves no process behind
            proc.kill()
            proc.communicate()
    return proc, out, err


def test_ctrl_c_in_a_batch_keeps_every_running_files_answers(tmp_path: Path) -> None:
    """SIGINT after each worker has enumerated for 0.3 s of CPU: about a thousand answers each;
    each running file reports exit 11 with all it found, the others "not started: interrupted".
    The parent's wait for answers being checked (longer than a run's grace, bounded, on a clock less
    the worker's wait for a CPU) is tests/cli/test_batch_clock.py's. Margin: at load 14 the answers
    were in 1.7 s after the signal, within that grace (5.5 s and their reserve); a second of
    enumerating each (3,500 answers) ran out of it at load 15."""
    proc, out, err = interrupted_enumeration(*many_solutions(tmp_path, 4), jobs=2)
    docs = [json.loads(line) for line in out.splitlines()]
    assert [d["exit"] for d in docs] == [11, 11, 1, 1] and proc.returncode == 1, err
    for doc in docs[:2]:
        assert doc["count"] > 0 and len(doc["solutions"]) == doc["count"]
    assert docs[2]["error"] == "not started: interrupted"
    assert "checking answers" not in err and "Traceback" not in err


def test_ctrl_c_in_a_single_run_keeps_its_answers(tmp_path: Path) -> None:
    proc, out, err = interrupted_enumeration(many_solutions(tmp_path, 1)[0])
    assert proc.returncode == 11, err
    doc = json.loads(out)
    assert doc["count"] > 0 and len(doc["solutions"]) == doc["count"]


def test_a_signals_grace_covers_checking_the_answers_found() -> None:
    run = runtime.Run()
    assert run.checking_grace() == runtime.CHECK_GRACE
    run.answers = 10_000
    assert run.checking_grace() == pytest.approx(runtime.CHECK_GRACE + run.reserve(10_000))


# --------------------------------------------------------------------------------- the whole limit


def test_count_uses_the_whole_limit(tmp_path: Path) -> None:
    """--count keeps no answer: no printing reserve is charged, the search runs to the deadline
    (it stopped after a quarter of it). Counting starts 0.2 s of CPU after the command does: 1 s
    leaves a quiet machine's start-up room (a busy one's: ``loaded``), and the lower bound still tells
    the two apart. The word search's count, in-process: ``test_a_word_search_count_keeps_no_reserve``."""
    limit = loaded(1.0)
    t0 = time.monotonic()
    res = subprocess.run(command("crossword", many_solutions(tmp_path, 1)[0], "--count", "--time-limit", limit),
                         capture_output=True, text=True, timeout=60)  # fmt: skip
    elapsed = time.monotonic() - t0
    assert res.returncode == 11, res.stderr  # no complete enumeration in a few seconds
    assert res.stdout.startswith("at least")
    assert limit - 0.5 <= elapsed < limit + MARGIN


def test_a_word_search_count_keeps_no_reserve(cli: Callable[..., CliResult], monkeypatch: pytest.MonkeyPatch) -> None:
    """``wordsearch --count`` as its command runs it (a run with its deadline, no watchdog): were any
    answer reported to be printed, a second's reserve for each would stop the search at its first
    look at the clock; it counts to the deadline instead."""
    monkeypatch.setattr(runtime, "reserve", lambda answers: float(answers))
    limit = 1.0
    t0 = time.monotonic()
    res = cli("wordsearch", INSTANCES / "wordsearch" / "hola-8x8.yaml", "--count", "--time-limit", limit)
    elapsed = time.monotonic() - t0
    assert res.code == 11, res.err  # no complete enumeration in a second
    assert res.out.startswith("at least")
    assert elapsed >= limit - 0.5


def test_models_0_uses_the_whole_limit(
    tmp_path: Path, cli: Callable[..., CliResult], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Thousands of solutions, each a few rows of text: the search runs until what is left is the
    reserve for printing its answers, and that reserve is their measured cost (a fixed 0.3 ms an
    answer stopped it after 1.6 s of 3). Both are checked against what the run itself computed, in
    CPU time, not as a share of the clock: on a busy machine the reserve is longer by the clock
    (``Pricing.cpu_share``), and a share of the limit held only on a quiet one (55-74% at load).
    In-process (the command's run and deadline; the process is not what is tested here)."""
    stop: dict[str, float] = {}
    real_reserve, real_wait = runtime.reserve, core_solve.Solver._wait

    def reserve(answers: int) -> float:  # the product's reserve, and the CPU share it divided by
        seconds = real_reserve(answers)
        run = runtime.current()
        stop.update(reserve=seconds, share=run.pricing.cpu_share() if run else 1.0, answers=answers)
        return seconds

    def wait(handle: object, due: Callable[[], float | None] | None, found: object) -> bool:
        def recorded_due() -> float | None:
            stop["deadline"] = deadline = due() if due is not None else None
            return deadline

        cancelled = real_wait(handle, recorded_due, found)  # type: ignore[arg-type]
        stop.update(at=time.monotonic(), cpu=time.thread_time())
        return cancelled

    monkeypatch.setattr(runtime, "reserve", reserve)
    monkeypatch.setattr(core_solve.Solver, "_wait", staticmethod(wait))
    limit = loaded(1.0)  # reading and grounding take a few ms: the rest is the search's
    t0 = time.monotonic()
    res = cli("crossword", many_solutions(tmp_path, 1)[0], "--models", 0, "--time-limit", limit, "--json")
    printing_cpu = time.thread_time() - stop["cpu"]  # checking and printing the answers, after the stop
    assert res.code == 11, res.err  # stopped by the limit, every answer found printed
    assert time.monotonic() - t0 < limit + MARGIN
    data = json.loads(res.out)
    assert data["count"] > 1 and len(data["solutions"]) == data["count"] == stop["answers"]
    # the search went on until only its reserve was left (one look at the clock's slack)
    assert stop["deadline"] - stop["at"] <= stop["reserve"] + 0.05
    # the reserve is the printing's cost: in CPU (times the share it was divided by), at most twice
    # what checking and printing then took (measured 1.1 times; the fixed 0.3 ms was 3.7 times)
    assert stop["reserve"] * stop["share"] <= 2 * printing_cpu + 0.02


# --------------------------------------------------------------------------------- long words


def test_long_words_do_not_outlive_the_layout_limit(tmp_path: Path) -> None:
    """Two 250-letter words: thousands of positions each, each a new layout to score. The search
    polls the one deadline there: it ends with its best layout (exit 11), not killed while
    "reading the input" (exit 1) past the limit."""
    path = tmp_path / "long.yaml"
    path.write_text("words: [" + ", ".join(long_words()) + "]\n")
    t0 = time.monotonic()
    # the first layout comes within 0.2 s of CPU: 0.7 s leave start-up room (a busy machine's: ``loaded``)
    limit = loaded(0.7)
    res = subprocess.run(command("layout", path, "--time-limit", limit), capture_output=True, text=True, timeout=120)
    assert time.monotonic() - t0 < limit + MARGIN
    assert res.returncode == 11, res.stderr
    assert "crossings" in res.stdout and res.stderr == ""


def test_the_layout_api_keeps_its_time_limit() -> None:
    from pyclingo_puzzles import layout

    limit = loaded(0.6)  # the first layout comes within 0.2 s of CPU
    t0 = time.monotonic()
    result = layout.arrange(long_words(), time_limit=limit)
    assert time.monotonic() - t0 < limit + MARGIN  # took 18 s before the search polled it
    assert result.layout is not None


def test_a_stage_deadline_is_polled_where_there_is_no_run() -> None:
    assert runtime.current() is None and not runtime.stopping()
    with runtime.until(time.monotonic() + 60):
        assert not runtime.stopping() and 59 < (runtime.remaining() or 0) <= 60
        with runtime.until(time.monotonic() - 1):
            assert runtime.stopping() and runtime.remaining(5) == 0
            runtime.check()  # a stage's deadline ends the stage cooperatively: it raises nothing
    assert not runtime.stopping() and runtime.remaining() is None


# --------------------------------------------------------------------------------- memory


def test_memory_limit_sizes_out_of_range_say_which_bound() -> None:
    with pytest.raises(Exception, match="must be at least 1M"):
        memory_size("512K")
    with pytest.raises(Exception, match="must be less than 1024T"):
        memory_size("999999999T")
    with pytest.raises(Exception, match="expected a size"):
        memory_size("nan")


def test_the_memory_message_gives_the_workers_share() -> None:
    alone = watchdog.memory_message(150 * 2**20, "solving", 160 * 2**20, 0, 0)
    assert alone == "memory limit hit while solving; the program grew past 150 MiB (--memory-limit)"
    shared = watchdog.memory_message(150 * 2**20, "searching in worker processes", 60 * 2**20, 100 * 2**20, 2)
    assert shared == (
        "memory limit hit while searching in worker processes; the program grew past 150 MiB (--memory-limit): "
        "60 MiB in the main process and 100 MiB in 2 worker processes (fewer --jobs need less)"
    )


# the whole message of a batch past the memory limit, from a real batch, with its workers reaped:
# tests/cli/test_batch.py::test_the_memory_limit_counts_the_workers (one run checks both)


def test_memory_and_children_without_proc(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where there is no /proc (macOS), psutil gives the same figures."""
    with_proc = process.rss_bytes()
    monkeypatch.setattr(process, "PROC", False)
    assert process.rss_bytes() > 0 and abs(process.rss_bytes() - with_proc) < 64 * 2**20
    assert 0 < process.process_age() < 3600
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        assert child.pid in process.own_children() and process.rss_bytes(child.pid) > 0
    finally:
        child.kill()
        child.wait()
    assert process.rss_bytes(child.pid) == 0
