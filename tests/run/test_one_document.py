"""Issue 49, points 2 and 8: ``--json`` prints exactly one document on every path, through one
writer behind one lock (``run/jsonout``): never a second after the first (the layout's UNKNOWN,
then its SAT), never none (a strips grid at its limit, ``--json=yes``, two inputs with ``--svg -``)."""

from __future__ import annotations

import io
import json
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from pyclingo_puzzles.formats.output import print_json
from pyclingo_puzzles.run import jsonout

from ..conftest import INSTANCES, CliResult, loaded

HOLA = INSTANCES / "wordsearch" / "hola-8x8.yaml"


@pytest.fixture
def stdout(monkeypatch: pytest.MonkeyPatch) -> Callable[[], io.StringIO]:
    """Standard output as a string, set in the test itself (pytest sets its own per phase)."""
    jsonout.begin(True)

    def capture() -> io.StringIO:
        out = io.StringIO()
        monkeypatch.setattr(sys, "stdout", out)
        return out

    return capture


def documents(text: str) -> list[dict]:
    decoder, found, at = json.JSONDecoder(), [], 0
    while at < len(text.rstrip()):
        doc, end = decoder.raw_decode(text, at)
        found.append(doc)
        at = end + 1
    return found


def test_the_first_document_is_the_only_one(stdout: Callable[[], io.StringIO]) -> None:
    out = stdout()
    assert jsonout.error("time limit hit while grounding")
    assert not print_json({"status": "SAT"})  # the answer, too late: the run has its document
    assert documents(out.getvalue()) == [{"status": "UNKNOWN", "error": "time limit hit while grounding"}]


def test_a_late_error_never_follows_the_answer(stdout: Callable[[], io.StringIO]) -> None:
    out = stdout()
    assert print_json({"status": "SAT"})
    assert not jsonout.error("time limit hit while printing")
    assert documents(out.getvalue()) == [{"status": "SAT"}]


def test_a_document_being_written_is_waited_for_whole(stdout: Callable[[], io.StringIO], monkeypatch) -> None:
    """The watchdog's last words while the main thread writes its answer: it waits for the lock,
    finds the document written, and adds none (was: "has output started?" checked, then a
    document begun or not, cut by the exit)."""
    out = stdout()
    writing, go_on = threading.Event(), threading.Event()
    real_write = out.write

    def slow_write(text: str) -> int:
        writing.set()
        go_on.wait(10)
        return real_write(text)

    monkeypatch.setattr(out, "write", slow_write)
    main = threading.Thread(target=print_json, args=({"status": "SAT", "grid": ["AB"]},))
    main.start()
    writing.wait(10)
    late = threading.Thread(target=jsonout.error, args=("time limit hit while printing",))
    late.start()
    go_on.set()
    main.join(10)
    late.join(10)
    assert documents(out.getvalue()) == [{"status": "SAT", "grid": ["AB"]}]


@pytest.mark.parametrize(
    "argv",
    [
        ["wordsearch", "--words", "CAT DOG", "--json=yes"],  # argparse: "ignored explicit argument"
        ["wordsearch", HOLA, HOLA, "--json", "--svg", "-"],  # refused before the batch starts
        ["wordsearch", HOLA, "--json", "--svg", "-"],
    ],
)
def test_a_refused_command_line_is_one_document(cli: Callable[..., CliResult], argv: list) -> None:
    result = cli(*argv)
    assert result.code == 65
    [doc] = documents(result.out)
    assert doc["status"] == "UNKNOWN" and doc["error"] in result.err


def test_an_error_nothing_else_caught_is_a_document_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """An exception past every handler (the console's last line): the run's one document."""
    code = (
        "import sys; from pyclingo_puzzles.cli import command\n"
        "def broken(args, report): raise LookupError('boom')\n"
        "command.delivery.deliver = broken\n"
        "sys.argv = ['pyclingo-puzzles', 'wordsearch', HOLA, '--json']\n"
        "command.console()\n"
    )
    done = subprocess.run([sys.executable, "-c", code.replace("HOLA", repr(str(HOLA)))], capture_output=True,
                          text=True, timeout=60)  # fmt: skip
    assert done.stderr == "internal error: LookupError: boom\n"
    assert documents(done.stdout) == [{"status": "UNKNOWN", "error": "internal error: LookupError: boom"}]


def test_a_limit_in_a_worker_is_one_document_naming_the_stage(endless: Path, tmp_path: Path) -> None:
    """A large strips grid solves in a worker; grounding there never ends: the worker is ended at
    the run's deadline and the run prints its one document, UNKNOWN (or, on a machine too busy
    for that, the watchdog does, naming the stage: it said "reading the input", the stage before)."""
    rows = ", ".join(["w" * 100] * 100)  # 10,000 cells: solved in a worker under a limit (strips/bounded.py)
    (tmp_path / "g.yaml").write_text(f"strip_lengths: [1, 2, 3]\ngrids:\n  - name: g\n    rows: [{rows}]\n")
    done = subprocess.run([sys.executable, "-m", "pyclingo_puzzles", "strips", tmp_path / "g.yaml", "--rules", endless,
                           "--json", "--time-limit", str(loaded(0.5)), "--exit-codes", "clingo"],
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    [doc] = documents(done.stdout)
    assert done.returncode == 1 and doc["status"] == "UNKNOWN", done.stderr
    assert done.stderr in ("", "time limit hit while solving in a worker process\n")


def test_the_runs_last_line_is_printed_once(capsys: pytest.CaptureFixture[str]) -> None:
    """``book`` under ``ulimit -v``: the memory limit's line came twice (the run's report, then a
    second path that said it again). The first of the main thread's report, the command's last
    resort and the watchdog's hard exit is the only one."""
    jsonout.begin()
    assert jsonout.last_line("memory limit hit while making the puzzles: out of memory")
    assert not jsonout.last_line("memory limit hit while making the puzzles: out of memory")
    assert capsys.readouterr().err == "memory limit hit while making the puzzles: out of memory\n"
    jsonout.begin()  # a new run (a batch's next file) has its own
    assert jsonout.last_line("error: x")


REPORT_FAILS = """
import sys
from pyclingo_puzzles.core.solve import Solver
from pyclingo_puzzles.cli import command
def no_memory(*args, **kwargs):
    raise MemoryError
Solver.solve = no_memory
def ticker_stopped_without_memory(run):  # the report's follow-up (the progress line's end) runs out too
    class Ticker:
        def stop(self):
            raise MemoryError
    return Ticker()
command._ticker = ticker_stopped_without_memory
sys.argv = ["pyclingo-puzzles", *sys.argv[1:]]
command.console()
"""


def test_a_limit_reported_as_memory_runs_out_again_is_one_line() -> None:
    done = subprocess.run([sys.executable, "-c", REPORT_FAILS, "wordsearch", HOLA, "--exit-codes", "unix"],
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 3 and done.stderr.startswith("memory limit hit while "), done.stderr
    assert len(done.stderr.splitlines()) == 1, done.stderr


HANGS_AFTER_ITS_LINE = """
import sys, threading
from pyclingo_puzzles.cli import command
from pyclingo_puzzles.core.solve import Solver
from pyclingo_puzzles.formats import printstyle
def no_memory(*args, **kwargs):
    raise MemoryError
Solver.solve = no_memory
command.LAST_WORDS = 0.3  # (the kernel's end 2 s later)
real_using = printstyle.using
class Stuck:  # what follows the line hangs (a thread short of memory, as book under ulimit -v did)
    def __init__(self, *args, **kwargs):
        self.inner = real_using(*args, **kwargs)
    def __enter__(self):
        return self.inner.__enter__()
    def __exit__(self, *exc):
        threading.Event().wait()
printstyle.using = Stuck
sys.argv = ["pyclingo-puzzles", *sys.argv[1:]]
command.console()
"""


def test_a_process_that_hangs_after_its_last_line_is_ended() -> None:
    done = subprocess.run([sys.executable, "-c", HANGS_AFTER_ITS_LINE, "wordsearch", HOLA, "--exit-codes", "unix"],
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.stderr.startswith("memory limit hit while ") and len(done.stderr.splitlines()) == 1, done.stderr
    assert done.returncode == 3  # ended by the command's own timer: a limit's code


def test_a_process_no_thread_can_end_after_its_last_line_is_ended_by_the_kernel() -> None:
    script = HANGS_AFTER_ITS_LINE.replace("command.console()", "threading.Timer = None\ncommand.console()")
    done = subprocess.run([sys.executable, "-c", script, "wordsearch", HOLA], capture_output=True, text=True,
                          timeout=60)  # fmt: skip
    assert done.stderr.startswith("memory limit hit while ") and len(done.stderr.splitlines()) == 1, done.stderr
    assert done.returncode == -signal.SIGALRM
