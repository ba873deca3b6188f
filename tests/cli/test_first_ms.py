"""Issue 47.5: a Ctrl-C at any moment of the command's first 150 ms, through the console script as a
user runs it, is one line and the documented code (3, unix: interrupted with no answer), or Python's
own: killed by the signal before the interpreter has a handler. The console script installs its
handling before any import of ours (cli/entry.py); what runs before that line is the interpreter's
start and ``site``, where an editable install's import hook (setuptools') takes 11 ms on a quiet
machine: a Ctrl-C there is Python's start-up error, in frames none of which is ours; so is one while
the import system finds and loads the entry point itself (the console script's import line, the
same hook again). benchmarks/first_ms.py counts each case."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pyclingo_puzzles.cli import entry, exitcodes
from tests.conftest import ROOT

SCRIPT = Path(sys.executable).with_name("pyclingo-puzzles")
PACKAGE = str(ROOT / "pyclingo_puzzles")


def interrupted_at(ms: int, *argv: str) -> tuple[int, str]:
    env = {k: v for k, v in os.environ.items() if k != exitcodes.ENV}  # the default convention: unix
    proc = subprocess.Popen([str(SCRIPT), *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, cwd=ROOT)  # fmt: skip
    time.sleep(ms / 1000)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    return proc.returncode, err


def before_our_first_line(err: str) -> bool:
    """Python's own traceback from before the first line of ours ran: the interpreter's start
    (``site``: "Fatal Python error") or the import system finding and loading the entry point
    (the console script's import line): none of its frames is in the package."""
    frames = [line for line in err.splitlines() if line.lstrip().startswith('File "')]
    # "KeyboardInterrupt: " when Python's start is cut while it sets up __main__ (its
    # "python: failed to set __main__.__loader__", seen once at load 10 at 70 ms)
    python = "Fatal Python error: " in err or err.rstrip().rstrip(":").endswith("KeyboardInterrupt")
    if err.strip() == "KeyboardInterrupt":  # no frame at all: before the script's first line ran
        return True  # (seen once in 300 at load 14, at 80 ms: exit 1); ours would have frames, or none
    return python and bool(frames) and not any(PACKAGE in frame for frame in frames)


@pytest.mark.skipif(not SCRIPT.exists(), reason="the console script is not installed beside this Python")
@pytest.mark.parametrize("ms", range(10, 160, 10))
def test_a_ctrl_c_in_the_first_150_ms_is_one_line_and_exit_3(ms: int) -> None:
    code, err = interrupted_at(ms, "wordsearch", "instances/wordsearch/hola-8x8.yaml", "--seed", "1")
    lines = [line for line in err.splitlines() if line.strip()]
    if before_our_first_line(err):
        return  # the interpreter's own start: counted by benchmarks/first_ms.py, never ours
    assert len(lines) <= 1, err
    assert code in (3, -signal.SIGINT, 0), (code, err)  # 0: the answer was in before the signal came
    assert all(line.startswith("interrupted") for line in lines), err  # "(SIGINT)", or "while STAGE" later


@pytest.mark.parametrize(
    ("argv", "environ"),
    [([], {}), (["--exit-codes", "clingo"], {}), (["--exit-codes=unix"], {exitcodes.ENV: "clingo"}),
     ([], {exitcodes.ENV: "clingo"}), (["--exit-codes", "clingo", "--exit-codes", "unix"], {})],
)  # fmt: skip
def test_the_early_handler_exits_as_the_command_would(argv: list[str], environ: dict[str, str]) -> None:
    """entry's import-free reading of the convention gives exitcodes' code for an interruption."""
    os_env = {k: v for k, v in os.environ.items() if k != exitcodes.ENV} | environ
    saved = dict(os.environ)
    try:
        os.environ.clear()
        os.environ.update(os_env)
        want = exitcodes.convert(1, exitcodes.requested(argv))
    finally:
        os.environ.clear()
        os.environ.update(saved)
    assert entry.interrupted_code(argv, os_env) == want


def test_the_console_script_imports_nothing_of_ours_before_its_handler() -> None:
    """Importing the entry point runs the package's and cli's __init__ and entry itself, and they
    import no other module (the handler is up before anything heavy)."""
    code = (
        "import sys; before = set(sys.modules)\n"
        "from pyclingo_puzzles.cli.entry import console\n"
        "print('\\n'.join(sorted(set(sys.modules) - before)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True).stdout
    new = set(out.split())
    assert new <= {"pyclingo_puzzles", "pyclingo_puzzles.cli", "pyclingo_puzzles.cli.entry"}, new
