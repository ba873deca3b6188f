"""Issue 34's last faults, one class at a time: lost answers (an unwritable stderr, SIGHUP, a pause
past the deadline), silent --json, tracebacks (early Ctrl-C, machine limits, a deleted working
directory, long output names). The process is what is tested where a subprocess is used; the rest
runs in-process."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import resource
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from ..conftest import (
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


def enumeration(tmp_path: Path, *args: object) -> subprocess.Popen:
    """A crossword enumeration (12! answers) that runs until it is stopped, once it has answers."""
    proc = subprocess.Popen(
        command("crossword", *many_solutions(tmp_path), "--models", "0", "--exit-codes", "clingo", *args),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    wait_for_watchdog(proc.pid)
    wait_for_more_cpu(proc.pid, 0.3)
    return proc


def finish(proc: subprocess.Popen, timeout: float = 60) -> tuple[str, str]:
    try:
        return proc.communicate(timeout=timeout)
    finally:
        if proc.poll() is None:  # a failed test leaves no process behind
            proc.kill()
            proc.communicate()


# --------------------------------------------------------------------------------- lost answers


def test_an_unwritable_stderr_is_a_closed_one(tmp_path: Path) -> None:
    """``2>/dev/full``: the warning on stderr fails, the answer still goes to stdout with its code."""
    with open(os.devnull if not os.path.exists("/dev/full") else "/dev/full", "w") as full:
        proc = subprocess.run(
            command("wordsearch", "--words", "CAT DOG", "--exit-codes", "clingo"),
            stdout=subprocess.PIPE, stderr=full, text=True, timeout=60,
        )  # fmt: skip
    assert proc.returncode == 10
    assert "CAT" in proc.stdout and "DOG" in proc.stdout


def test_sighup_keeps_the_answers_as_sigterm_does(tmp_path: Path) -> None:
    """A hung-up run (terminal closed, ssh dropped) prints what it found and exits 11, as after
    SIGINT (tests/run/test_hostile_budget.py::test_ctrl_c_in_a_single_run_keeps_its_answers, the
    same output) and SIGTERM, which takes SIGINT's path (test_sigint_and_sigterm_take_one_path)."""
    proc = enumeration(tmp_path, "--json")
    proc.send_signal(signal.SIGHUP)
    out, err = finish(proc)
    assert proc.returncode == 11, err
    assert json.loads(out)["count"] > 0


def test_a_hung_up_batch_prints_its_summary(tmp_path: Path) -> None:
    """SIGHUP to a batch's whole process group (what a closed terminal sends): the workers leave it
    to the parent, which prints what they found and the summary."""
    files = many_solutions(tmp_path, 2)
    proc = subprocess.Popen(
        command("crossword", *files, "--models", "0", "--jobs", "1", "--exit-codes", "clingo"),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    try:
        wait_for_watchdog(proc.pid)
        # the worker's CPU, not the parent's: the parent only waits on it (its own 0.3 s took ~20 s)
        workers = wait_for_children(proc.pid, 1)
        wait_for_cpu(workers[0] if workers else proc.pid, 0.3)
        os.killpg(proc.pid, signal.SIGHUP)
    finally:
        _, err = finish(proc)
    assert proc.returncode == 1, err
    assert "summary: 2 files" in err and "not started: interrupted" in err, err
    assert "Traceback" not in err


def test_a_run_paused_past_its_deadline_keeps_its_answer(tmp_path: Path) -> None:
    """SIGSTOP as soon as the run is under way, SIGCONT well past the deadline and its grace: the
    pause is not the run's doing, so it keeps the time it had, prints its answers and exits 11
    (was: "time limit hit while ...", exit 1, or killed with what it had half printed)."""
    # start-up to the watchdog takes about 0.1 s of CPU; after the pause the run still has to ground and
    # find its first answer in what is left (loaded(0.5) left too little once at load 4.5: exit 1)
    limit = loaded(1.0)
    started = time.monotonic()
    proc = subprocess.Popen(
        command("crossword", *many_solutions(tmp_path), "--models", "0", "--json", "-t", limit,
                "--exit-codes", "clingo"),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    wait_for_watchdog(proc.pid)
    proc.send_signal(signal.SIGSTOP)
    try:
        time.sleep(max(0.0, started + limit + 2 - time.monotonic()))  # past the deadline and every grace
    finally:
        proc.send_signal(signal.SIGCONT)
    out, err = finish(proc)
    assert proc.returncode == 11, err
    assert json.loads(out)["count"] > 0


# --------------------------------------------------------------------------------- --json


@pytest.mark.parametrize("refused", [["-t", "-1"], ["--bogus"], ["--exit-codes", "x"], ["--jso", "-n", "x"]])
def test_json_prints_one_document_for_a_usage_error(cli: Callable[..., CliResult], refused: list[str]) -> None:
    result = cli("wordsearch", "--words", "CAT DOG", "--json", *refused)
    assert result.code in (2, 65)  # a usage error (an unknown --exit-codes: in the default convention)
    doc = json.loads(result.out)
    assert doc["status"] == "UNKNOWN" and doc["error"] in result.err


# --------------------------------------------------------------------------------- tracebacks


def test_ctrl_c_in_the_imports_gives_no_traceback() -> None:
    """SIGINT while the command imports clingo (its library just mapped), before any run exists:
    one line (was: a KeyboardInterrupt traceback from the middle of an import)."""
    proc = subprocess.Popen(
        command("wordsearch", "--words", "CAT DOG", "--exit-codes", "clingo"),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        until = time.monotonic() + 30
        while proc.poll() is None and time.monotonic() < until:
            with contextlib.suppress(OSError):
                if "clingo" in Path(f"/proc/{proc.pid}/maps").read_text():
                    break
            time.sleep(0.001)
        proc.send_signal(signal.SIGINT)
    finally:
        _, err = finish(proc)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert proc.returncode in (1, 10, 11), err  # 10, 11: the run was up already and finished


def limited(kind: int, value: int) -> Callable[[], None]:
    return lambda: resource.setrlimit(kind, (value, value))


def test_out_of_memory_under_ulimit_v_is_one_line(tmp_path: Path) -> None:
    """clingo's bad_alloc (and Python's MemoryError) under ``ulimit -v``: the memory limit's line."""
    rules = tmp_path / "big.lp"
    rules.write_text("big(X,Y) :- X=1..20000, Y=1..20000.\n")
    # 600M: the grounding's CPU grows with the limit (at 400-460M a thread's start, not the
    # grounding, ran out first: glibc's "cannot allocate memory for thread-local data", exit 127)
    proc = subprocess.run(
        command("wordsearch", "--words", "CAT DOG", "--rules", rules, "--json", "--exit-codes", "clingo"),
        capture_output=True, text=True, timeout=120, preexec_fn=limited(resource.RLIMIT_AS, 600 * 2**20),
    )  # fmt: skip
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 1
    assert proc.stderr.startswith("memory limit hit while "), proc.stderr
    assert json.loads(proc.stdout)["status"] == "UNKNOWN"


def test_too_many_open_files_is_one_line(tmp_path: Path) -> None:
    proc = subprocess.run(
        command("wordsearch", "--words", "CAT DOG", "--exit-codes", "clingo"),
        capture_output=True, text=True, timeout=120, preexec_fn=limited(resource.RLIMIT_NOFILE, 5),
    )  # fmt: skip
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 1
    assert proc.stderr.startswith("open-file limit hit while "), proc.stderr


def refused_fork() -> int:
    raise BlockingIOError(errno.EAGAIN, "Resource temporarily unavailable")


def test_no_process_under_ulimit_u_is_one_line(
    cli: Callable[..., CliResult], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``ulimit -u`` with ``-j 2``: fork refused (EAGAIN). (Root ignores ``ulimit -u``, so the
    refusal is simulated.)"""
    monkeypatch.setattr(os, "fork", refused_fork)
    files = many_solutions(tmp_path, 2)
    result = cli("crossword", *files, "--jobs", "2")
    assert result.code == 1
    assert result.err.startswith("process limit hit while "), result.err


def test_no_thread_is_one_line(cli: Callable[..., CliResult], monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", refused)
    monkeypatch.setattr(os, "fork", refused_fork)
    result = cli("layout", "--words", "kettle oven toaster fridge mixer blender spoon knife", "--jobs", "2")
    assert result.code in (1, 10, 11, 30)  # a run that needs no thread or worker may finish
    assert "Traceback" not in result.err
    assert result.code != 1 or result.err.startswith("process limit hit while "), result.err


def test_a_deleted_working_directory_is_refused_before_the_work(
    cli: Callable[..., CliResult], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    result = cli("wordsearch", "--words", "CAT DOG", "--svg", "o.svg")
    assert result.code == 65
    assert result.out == ""  # refused before any work
    assert "working directory no longer exists" in result.err


def test_the_longest_legal_output_name_is_written(cli: Callable[..., CliResult], tmp_path: Path) -> None:
    """A 255-byte name is legal: its temporary file beside it must be short enough too."""
    out = tmp_path / ("x" * 251 + ".svg")
    result = cli("wordsearch", "--words", "CAT DOG", "--svg", out)
    assert result.code == 10, result.err
    assert out.read_text().startswith("<")
    assert sorted(p.name for p in tmp_path.iterdir()) == [out.name]


def test_a_name_too_long_is_refused_before_the_work(cli: Callable[..., CliResult], tmp_path: Path) -> None:
    out = tmp_path / ("x" * 252 + ".svg")
    result = cli("wordsearch", "--words", "CAT DOG", "--svg", out)
    assert result.code == 65
    assert result.out == "" and "256 bytes" in result.err
