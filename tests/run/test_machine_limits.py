"""Issue 49, points 3 and 6: the machine's limits, whatever form they take and wherever they hit,
are the documented one line and exit code (3; clingo's 1), never bad input and never a traceback;
and a watchdog that fails under memory pressure ends the run in the memory limit's words rather
than leaving it without limits. The loops of 20 runs each under real ulimits: benchmarks/faults.py."""

from __future__ import annotations

import dis
import errno
import functools
import json
import os
import signal
import subprocess
import sys
import threading
import types
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from pyclingo_puzzles.cli import command
from pyclingo_puzzles.core.solve import Solver
from pyclingo_puzzles.run import children, jsonout, process, resources, runtime, watchdog

from ..conftest import INSTANCES, CliResult

HOLA = INSTANCES / "wordsearch" / "hola-8x8.yaml"
AGAIN = os.strerror(errno.EAGAIN)  # clingo's std::system_error when it cannot start its solving thread


@pytest.mark.parametrize(
    ("exc", "starts"),
    [
        (RuntimeError(AGAIN), "process limit hit while grounding"),  # clingo under ulimit -u
        (RuntimeError("can't start new thread"), "process limit hit while grounding"),
        (RuntimeError("std::bad_alloc"), "memory limit hit while grounding"),
        (RuntimeError("can't allocate read lock"), "memory limit hit while grounding"),  # Python's own, under -v
        (SystemError("Objects/dictobject.c: bad argument"), None),  # not a limit: not ours to rename
        (OSError(errno.ENOMEM, "Cannot allocate memory"), "memory limit hit while grounding"),  # fork under -v
        (OSError(errno.EMFILE, "Too many open files"), "open-file limit hit while grounding"),
        (BrokenProcessPool("A process in the pool was terminated abruptly"), "memory limit hit while grounding"),
        (ImportError("libssl.so.3: failed to map segment from shared object"), "memory limit hit while grounding"),
        (resources.LimitHit("open-file limit hit while making the puzzles: too many open files"), "open-file"),
    ],
)
def test_every_form_of_a_limit_is_its_line(exc: BaseException, starts: str | None) -> None:
    line = resources.limit_message(exc, "grounding")
    assert line == starts if starts is None else line is not None and line.startswith(starts)


def test_a_limit_behind_another_error_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    try:
        try:
            raise MemoryError
        except MemoryError as inner:
            raise ValueError("while reading") from inner
    except ValueError as outer:
        assert resources.limit_message(outer, "reading") == resources.memory_line("reading")
    # a half-made import left by memory that ran out: an error near the ulimit -v is the memory
    monkeypatch.setattr(resources, "memory_short", lambda: True)
    half_made = ImportError("cannot import name 'HTTPSHandler' from 'urllib.request'")
    assert resources.limit_message(half_made, "printing") == resources.memory_line("printing")


def test_an_error_names_the_stage_it_was_raised_in() -> None:
    with runtime.Run(), pytest.raises(OSError) as info, runtime.stage("grounding"):
        raise OSError(errno.EMFILE, "Too many open files")
    assert resources.limit_message(info.value) == "open-file limit hit while grounding: too many open files (ulimit -n)"


def test_clingo_without_a_thread_is_the_process_limit(cli: Callable[..., CliResult], monkeypatch) -> None:
    """``wordsearch hola-8x8.yaml --json`` as an unprivileged user under ``ulimit -u 2`` exited 3
    with ``internal error: RuntimeError`` and no JSON: clingo's solving thread could not start."""

    def refused(*args: object, **kwargs: object) -> None:
        raise RuntimeError(AGAIN)

    monkeypatch.setattr(Solver, "solve", refused)
    result = cli("wordsearch", HOLA, "--json", "--exit-codes", "unix")
    assert result.code == 3 and result.err.startswith("process limit hit while "), result.err
    assert json.loads(result.out)["error"] == result.err.strip()


def test_a_batch_worker_meeting_a_limit_is_one_line(cli: Callable[..., CliResult], monkeypatch) -> None:
    """A batch (``--jobs 2``) under ``ulimit -u 4`` printed a 107-line worker traceback."""

    def refused(*args: object, **kwargs: object) -> None:
        raise RuntimeError(AGAIN)

    monkeypatch.setattr(Solver, "solve", refused)  # inherited by the forked workers
    result = cli("wordsearch", HOLA, INSTANCES / "wordsearch" / "vor-5x5.yaml", "--jobs", "2")
    assert result.code == 1 and "Traceback" not in result.err, result.err
    assert result.err.count("process limit hit while ") == 4 and len(result.err.splitlines()) == 5, result.err


def test_whatever_a_batch_workers_file_raises_is_its_one_line() -> None:
    """An error past the run's own handling is the file's line, not the worker process's traceback."""
    import argparse

    from pyclingo_puzzles.cli import batchworker

    def broken(args: argparse.Namespace) -> int:
        raise LookupError("boom")

    result = batchworker._solved(broken, argparse.Namespace(json=False), "f.yaml", {})
    assert (result.code, result.err) == (1, "internal error: LookupError: boom\n")


def _no_files(job: object) -> None:
    raise OSError(errno.EMFILE, "Too many open files")


def test_a_books_worker_out_of_files_is_the_limit_not_a_bad_manifest(
    tmp_path: Path, cli: Callable[..., CliResult], monkeypatch
) -> None:
    """``book`` under ``ulimit -n 18`` exited 2 (bad input) with ``OSError: [Errno 24]`` in the line."""
    from pyclingo_puzzles.books import jobs

    (tmp_path / "w.txt").write_text("CAT\nDOG\nEMU\nGNU\n")
    (tmp_path / "b.yaml").write_text("title: T\nsections:\n  - wordsearch: {words: w.txt, count: 2, pick: 3}\n")
    monkeypatch.setattr(jobs, "make", _no_files)  # in the forked workers too
    result = cli("book", tmp_path / "b.yaml", "-o", tmp_path / "b.pdf", "-j", "2", "--exit-codes", "unix")
    assert result.code == 3 and result.err.startswith("open-file limit hit while making the puzzles"), result.err
    assert len(result.err.splitlines()) == 1


WATCHDOG_FAILS = """
import sys
from pyclingo_puzzles.run import watchdog
def broken(self):
    raise RuntimeError("can't allocate read lock")  # as Python's lock allocation fails under ulimit -v
watchdog.Watchdog._check_memory = broken
from pyclingo_puzzles.cli.command import console
sys.argv = ["pyclingo-puzzles", *sys.argv[1:]]
console()
"""


def test_a_watchdog_that_fails_ends_the_run_in_the_memory_limits_words(endless: Path) -> None:
    """Its thread died (``SystemError``, "can't allocate read lock") and the run went on without
    limits: a run stuck in grounding would never end. Now it ends at once, with the memory line."""
    done = subprocess.run([sys.executable, "-c", WATCHDOG_FAILS, "wordsearch", HOLA, "--rules", endless, "--json",
                           "--exit-codes", "unix"], capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 3, done.stderr
    assert done.stderr.startswith("memory limit hit while ") and len(done.stderr.splitlines()) == 1, done.stderr
    assert json.loads(done.stdout)["error"] == done.stderr.strip()


def test_the_kernels_backstop_is_armed_and_disarmed_after() -> None:
    """A run no Python thread can end (one spinning with the GIL) is ended by a profiling timer:
    past the limit's backstop, and without a limit at ``DEADMAN`` s of CPU without a poll."""
    assert threading.current_thread() is threading.main_thread()
    run = runtime.Run(time_limit=1.0)
    with run, watchdog.Watchdog(run):
        left, _ = signal.getitimer(signal.ITIMER_PROF)
        assert watchdog.BACKSTOP < left <= watchdog.DEADMAN + 0.1  # (rounded up to the kernel's tick)
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)
    with runtime.Run() as plain, watchdog.Watchdog(plain):
        assert 0.0 < signal.getitimer(signal.ITIMER_PROF)[0] <= watchdog.DEADMAN + 0.1
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)


# a handler far into a function: CPython 3.11 allocates the int it pushes for it (offsets past 256),
# and with no memory left loops for ever there, holding the GIL (python/cpython#132508)
LATE = ("def late():\n" + "    x = 1\n" * 200 + "    with contextlib.suppress(BaseException):\n"
        "        _testcapi.set_nomemory(0)\n        raise MemoryError\n    _testcapi.remove_mem_hooks()\n")


def late_handlers(code: types.CodeType) -> list[str]:
    """The functions in ``code`` (a module's, or one function's) with a handler that pushes an int
    past CPython's small ints (0-256): it is allocated while an exception unwinds."""
    found = [code.co_name] if any(e.lasti and e.end // 2 > 257 for e in dis._parse_exception_table(code)) else []
    for inner in code.co_consts:
        if isinstance(inner, types.CodeType):
            found += late_handlers(inner)
    return found


@pytest.mark.parametrize("module", [watchdog, jsonout, resources, process, children, command])
def test_the_way_out_of_a_run_never_unwinds_into_an_allocation(module: types.ModuleType) -> None:
    """``book`` under ``ulimit -v 130000`` hung 1 run in 20 before its line: the watchdog failed,
    and its last steps (one long function of ``with`` blocks) looped in CPython's unwinding at the
    handler of offset 376. What the watchdog's failure, a hard exit and the command's report run
    keeps to short functions."""
    assert late_handlers(compile(LATE, "late", "exec")) == ["late"]  # what the check finds
    source = Path(str(module.__file__)).read_text()
    assert late_handlers(compile(source, str(module.__file__), "exec")) == []


SPINNING = f"""
import contextlib, _testcapi
from pyclingo_puzzles.run import runtime, watchdog
watchdog.DEADMAN = 1.0
exec({LATE!r})
with runtime.Run() as run, watchdog.Watchdog(run, exit_code=3):
    late()
print("unwound")
"""


def test_a_thread_holding_the_gil_for_ever_is_ended_by_the_kernel() -> None:
    """That loop holds the GIL: no Python thread runs again, and the run hung for good (a SIGTERM
    too was ignored: its handler is Python's). The kernel ends it once it has used ``DEADMAN`` s of
    CPU without a poll of the watchdog."""
    pytest.importorskip("_testcapi")
    done = subprocess.run([sys.executable, "-c", SPINNING], capture_output=True, text=True, timeout=120)
    assert done.returncode == -signal.SIGPROF and "unwound" not in done.stdout, done.stderr


EXHAUSTED = """
import resource, sys, time
from pyclingo_puzzles.run import runtime, watchdog
with open("/proc/self/statm") as f:
    limit = int(f.read().split()[0]) * resource.getpagesize() + 96 * 2**20
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
exhausted = False
def broken(self):
    if exhausted:
        raise MemoryError  # the watchdog's next allocation
watchdog.Watchdog._check_memory = broken
hog = None
def exhaust():
    global hog
    for size in (2**20, 2**16, 2**12, 2**8, 40, 8):
        try:
            while True:
                hog = (hog, bytearray(size))
        except MemoryError:
            pass
with runtime.Run() as run, watchdog.Watchdog(run, exit_code=3):
    run.stage = "filling the memory"
    sys.setswitchinterval(100.0)  # the watchdog does not run while the memory is filled
    exhaust()
    exhausted = True
    sys.setswitchinterval(0.005)
    time.sleep(30.0)
"""


def test_a_watchdog_failing_with_no_memory_left_still_says_so() -> None:
    """With every byte of a ``ulimit -v`` used, the failing watchdog could not make its line: its
    thread died, and the run went on without limits (here: exit 0 after 30 s). The address space it
    set aside is given back first, so it ends the run with its line."""
    done = subprocess.run([sys.executable, "-c", EXHAUSTED], capture_output=True, text=True, timeout=120)
    assert done.returncode == 3, done.stderr
    assert done.stderr == resources.memory_line("filling the memory") + "\n"


def test_the_reserve_is_held_under_a_ulimit_v_only_and_given_back() -> None:
    script = ("import resource\nfrom pyclingo_puzzles.run import resources\n"
              "resources.hold_reserve(); print(resources._reserve is not None)\n"
              "resource.setrlimit(resource.RLIMIT_AS, (2**40, 2**40)); resources.hold_reserve()\n"
              "print(resources._reserve is not None); resources.release_reserve(); print(resources._reserve)\n")
    plain = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert plain.stdout.split() == ["False", "True", "None"], plain.stderr


def test_a_watchdog_without_a_thread_leaves_no_handler_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    before = signal.getsignal(signal.SIGINT), signal.set_wakeup_fd(-1)
    signal.set_wakeup_fd(before[1])

    def refused(self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", refused)
    run = runtime.Run(time_limit=1.0)
    with run, pytest.raises(RuntimeError), watchdog.Watchdog(run):
        pass
    assert signal.getsignal(signal.SIGINT) == before[0] and signal.set_wakeup_fd(-1) == before[1]
    signal.set_wakeup_fd(before[1])


NATIVE_LAST_WORDS = """
import os, sys
from pyclingo_puzzles.run import stdout_guard, workers
stdout_guard.standard_streams()  # as the command's: standard error guarded (QuietStderr)
def worker(conn):
    os.write(2, b"cannot allocate memory for thread-local data: ABORT\\n")  # glibc's, straight to 2
    print("a warning Python prints", file=sys.stderr)
    conn.send(type(sys.stderr).__name__)
w = workers.start(worker)
print(w.conn.recv())
w.stop()
print("the parent's own line", file=sys.stderr)
"""


def test_a_workers_native_last_words_are_not_printed_but_pythons_are() -> None:
    """``book`` under ``ulimit -v 130000``: glibc's "cannot allocate memory for thread-local data:
    ABORT" from a dying worker came before the book's one line (a worker process died)."""
    done = subprocess.run([sys.executable, "-c", NATIVE_LAST_WORDS], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout == "QuietStderr\n", done.stderr
    assert done.stderr == "a warning Python prints\nthe parent's own line\n"


def test_a_book_off_a_terminal_starts_no_progress_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """tqdm's monitor thread, started even for a disabled bar, could not start under ``ulimit -v``
    and warned in three lines before the book's one."""
    from pyclingo_puzzles.books import runner

    started: list[threading.Thread] = []
    monkeypatch.setattr(threading.Thread, "start", lambda self: started.append(self))
    update, close = runner.progress(3)
    update(1)
    close()
    assert started == []


def test_an_object_that_cannot_be_finalised_for_want_of_memory_is_left_unsaid(monkeypatch, capsys) -> None:
    """Under ``ulimit -v`` Python's own hook printed "Exception ignored in sys.unraisablehook" and
    "MemoryError" (it needs memory to format one) before the book's one line."""
    monkeypatch.setattr(sys, "unraisablehook", sys.unraisablehook)  # given back after the test

    class Finalised:
        def __init__(self, error: BaseException):
            self.error = error

        def __del__(self) -> None:
            raise self.error

    resources.quiet_unraisable()
    Finalised(MemoryError())
    assert capsys.readouterr().err == ""
    Finalised(LookupError("a real fault"))  # anything else is still said
    assert "LookupError: a real fault" in capsys.readouterr().err


NO_PILLOW = """
import sys
sys.modules["PIL"] = None  # as under ulimit -v: Pillow cannot be imported
from pyclingo_puzzles.formats import pdffont
import fpdf
"""


def test_fpdf_without_pillow_says_nothing() -> None:
    """``strips … --pdf`` and ``book`` under ``ulimit -v``: fpdf2's "Pillow could not be imported"
    warning (three lines) came before the limit's one line."""
    done = subprocess.run([sys.executable, "-c", NO_PILLOW], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (0, "")


@pytest.mark.parametrize(("error", "fallback"), [
    ("cannot load library 'x.so': x.so: failed to map segment from shared object", False),
    ("cannot load library 'x.so': x.so: cannot open shared object file: No such file or directory", True),
])  # fmt: skip
def test_a_library_that_cannot_be_mapped_is_the_memory_limit(monkeypatch, capsys, error: str, fallback: bool) -> None:
    """``book`` under ``ulimit -v``: "note: the compiled fill propagator is not available (it does not
    load (cannot load library ...: failed to map segment ...))" came before the book's memory line."""
    from cffi import FFI

    from pyclingo_puzzles.crossword.engine import native

    def refused(self: object, name: str) -> None:
        raise OSError(error)

    monkeypatch.setattr(native, "library_path", lambda: Path("x.so"))
    monkeypatch.setattr(FFI, "dlopen", refused)
    # fresh caches for this test only: clearing the module's own made the next load() build another
    # FFI, and a test holding the first one's library then failed ("mixing up different ffi instances")
    monkeypatch.setattr(native, "load", functools.cache(native.load.__wrapped__))
    monkeypatch.setattr(native, "_warn_fallback", functools.cache(native._warn_fallback.__wrapped__))
    if fallback:
        assert native.choose() == "python" and "not available" in capsys.readouterr().err
    else:
        with pytest.raises(MemoryError):
            native.choose()
        assert resources.limit_message(MemoryError()) is not None and capsys.readouterr().err == ""
