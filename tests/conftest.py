"""Shared test fixtures: the project root, the optional ../shared data, and a CLI runner."""

from __future__ import annotations

import contextlib
import dataclasses
import doctest
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import pytest

from pyclingo_puzzles.cli.command import build_parser, main
from pyclingo_puzzles.core.errors import InputError

# Seconds a busy 2-core machine may add past a limit or a grace: the only wall-clock bound a test
# asserts is "within the limit plus MARGIN" (overshoot itself is measured by benchmarks/limits.py)
MARGIN = 10.0
ROOT = Path(__file__).resolve().parents[1]
INSTANCES = ROOT / "instances"
SHARED = ROOT.parent / "shared"
T = TypeVar("T")
pytest_plugins = ("tests.browser_support",)  # the browser and page fixtures (Chromium through Playwright)

# The suite's assertions read clingo's exit codes (10/20/30/11/65): pinned here, whatever the default
# convention is; a test of the default itself removes the variable (monkeypatch.delenv).
os.environ["PYCLINGO_PUZZLES_EXIT_CODES"] = "clingo"


# folders of long tests (runs stopped by limits and signals, books, the browser's pages)
LONG_FOLDERS = ("tests/run/", "tests/books/", "tests/browser/")


# Hypothesis in `make test`: each property test runs FEW_EXAMPLES examples, the same ones every run
# (derandomized from the test's name, no example database); `make fuzz` (HYPOTHESIS_PROFILE=fuzz)
# runs the tests marked fuzz with the many examples their own @settings ask for, newly drawn each run
FEW_EXAMPLES = 10
FUZZING = os.environ.get("HYPOTHESIS_PROFILE") == "fuzz"


def few_examples(test: object) -> None:
    """A Hypothesis test's own settings, capped at FEW_EXAMPLES fixed examples (read when it runs)."""
    from hypothesis import settings

    own = getattr(test, "_hypothesis_internal_use_settings", None)
    if own is not None:
        capped = settings(own, max_examples=min(own.max_examples, FEW_EXAMPLES), derandomize=True, database=None)
        test._hypothesis_internal_use_settings = capped  # type: ignore[attr-defined]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every Hypothesis test is marked ``fuzz`` (and, but under ``make fuzz``, given few fixed
    examples); then the slow tests first, then the long folders: ``make test`` hands tests to its
    processes one at a time in this order (``--dist loadgroup``), so that no long test starts last
    while the others have nothing left to do."""
    for item in items:
        test = getattr(item, "obj", None)
        if getattr(test, "is_hypothesis_test", False):
            item.add_marker(pytest.mark.fuzz)
            if not FUZZING:
                few_examples(test)
    items.sort(key=lambda item: (item.get_closest_marker("slow") is None, not item.nodeid.startswith(LONG_FOLDERS)))


@pytest.fixture
def endless(tmp_path: Path) -> Path:
    """Rules whose grounding never ends: limits and signals must still end the run."""
    rules = tmp_path / "inf.lp"
    rules.write_text("p(X+1) :- p(X). p(0).\n")
    return rules


def many_solutions(tmp_path: Path, copies: int = 1) -> list[Path]:
    """Copies of a crossword with 12! solutions (twelve separate two-letter sites, twelve distinct
    words): an enumeration runs until it is stopped."""
    words = [a + b for a, b in zip("ABCDEFGHIJKL", "MNOPQRSTUVWX", strict=True)]
    rows = [".. " * 4, " " * 12] * 3
    text = "words: [" + ", ".join(words) + "]\nframework:\n" + "".join(f"  - '{r}'\n" for r in rows)
    paths = [tmp_path / f"many{i}.yaml" for i in range(copies)]
    for path in paths:
        path.write_text(text)
    return paths


def loaded(seconds: float) -> float:
    """A time limit a run must get some work done within: ``seconds`` on a quiet machine, times the
    load past the cores on a busy one (``os.getloadavg``, or the processes runnable now), so the run
    gets about the CPU a quiet machine gives it in ``seconds``. For limits the test waits out; never
    a bound it asserts."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = 0.0
    with contextlib.suppress(OSError, ValueError, IndexError):  # runnable now: the average lags a rise
        load = max(load, int(Path("/proc/loadavg").read_text().split()[3].split("/")[0]) - 1)
    return round(seconds * max(1.0, load / max(1, cores)), 1)


def wait_for_watchdog(pid: int) -> None:
    """Until the run's watchdog thread is up (a second thread): a signal before it, while the
    interpreter still imports, ends the process as Python's default handler does (exit -2)."""
    until = time.monotonic() + 30
    while time.monotonic() < until:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            return  # no /proc, or the process has ended: the test's own assertions say more
        if int(status.split("Threads:")[1].split()[0]) >= 2:
            return
        time.sleep(0.02)


def cpu_seconds(pid: int) -> float | None:
    """The CPU time a process has used (its own, not its children's); None once it has ended."""
    import psutil

    try:
        process = psutil.Process(pid)
        times = process.cpu_times()
        if process.status() == psutil.STATUS_ZOMBIE:  # ended, not yet reaped by its parent
            return None
    except psutil.Error:
        return None
    return times.user + times.system


def wait_for_cpu(pid: int, seconds: float, timeout: float = 60) -> None:
    """Until process ``pid`` has used ``seconds`` of CPU (or has ended): the work a test needs done
    before it signals (answers found, grounding under way), counted in CPU time rather than slept
    for by the clock, so a busy machine waits longer instead of signalling too early, and a quiet
    one does not wait longer than the work takes."""
    until = time.monotonic() + timeout
    while time.monotonic() < until:
        used = cpu_seconds(pid)
        if used is None or used >= seconds:
            return
        time.sleep(0.02)


def wait_for_more_cpu(pid: int, seconds: float) -> None:
    """Until process ``pid`` has used ``seconds`` more of CPU than it has now (``wait_for_cpu``)."""
    wait_for_cpu(pid, (cpu_seconds(pid) or 0.0) + seconds)


def wait_for_children(pid: int, count: int, timeout: float = 30) -> list[int]:
    """Until process ``pid`` has ``count`` children (its worker processes) or has ended: their pids."""
    import psutil

    until = time.monotonic() + timeout
    found: list[int] = []
    while time.monotonic() < until:
        try:
            found = [child.pid for child in psutil.Process(pid).children()]
        except psutil.Error:
            return found
        if len(found) >= count:
            return found
        time.sleep(0.02)
    return found


def still_running(pids: list[int], zombies: bool = True, timeout: float = 10) -> list[int]:
    """Those of ``pids`` still in the process table once they have had ``timeout`` seconds to leave
    it (a killed process goes at once on a quiet machine, a moment later on a busy one: the wait
    ends as soon as all have gone). ``zombies=False``: a zombie, ended but not reaped, counts as gone."""

    def present(pid: int) -> bool:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            return False
        return zombies or state != "Z"

    until = time.monotonic() + timeout
    left = [pid for pid in pids if present(pid)]
    while left and time.monotonic() < until:
        time.sleep(0.02)
        left = [pid for pid in left if present(pid)]
    return left


def shared_path(*parts: str) -> Path:
    """A path under ../shared, skipping the test with a clear reason when it is absent."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(
            f"third-party data not present: {path} (it is never committed; CI has ../shared)"
        )
    return path


@dataclass
class CliResult:
    code: int
    out: str
    err: str


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., CliResult]:
    """Run ``pyclingo-puzzles ARGS`` in-process and capture exit code, stdout and stderr."""

    def run(*argv: str | Path) -> CliResult:
        try:
            code = main([str(a) for a in argv])
        except SystemExit as exc:  # argparse errors
            code = int(exc.code or 0)
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    return run


def one_line_error(parse: Callable[[str, str], object], text: str, name: str = "bad.yaml") -> InputError:
    """``parse`` must reject ``text`` with a one-line InputError that names the file."""
    with pytest.raises(InputError) as info:
        parse(text, name)
    assert "\n" not in str(info.value) and str(info.value).startswith(name)
    return info.value


def parse_or_one_line_error(parse: Callable[[str, str], T], text: str, name: str) -> T | None:
    """The fuzzing contract of every reader: an instance, or a one-line InputError naming the file."""
    try:
        return parse(text, name)
    except InputError as exc:
        assert "\n" not in str(exc) and str(exc).startswith(name)
        return None


@pytest.fixture(autouse=True)
def _rule_warnings_each_test() -> None:
    """Rule diagnostics are printed once per process; each test starts afresh."""
    from pyclingo_puzzles.core import rules

    rules._emitted.clear()


class PublicErrorNames(doctest.OutputChecker):
    """An error shown as ``pyclingo_puzzles.InputError`` (its public name) matches wherever inside the
    package the class is defined; the message must match exactly."""

    @staticmethod
    def _public(text: str) -> str:
        return re.sub(r"\bpyclingo_puzzles(?:\.\w+)*\.(\w+Error)\b", r"pyclingo_puzzles.\1", text)

    def check_output(self, want: str, got: str, optionflags: int) -> bool:
        return super().check_output(self._public(want), self._public(got), optionflags)


Options = TypeVar("Options")


def options_from_arguments(build: Callable[..., Options], *argv: str, **extra: object) -> Options:
    """A family's options object as its ``cli`` builds it from the command line ``argv`` (the
    subcommand first); the parsed arguments are read, never changed."""
    parsed = build_parser(list(argv)).parse_args(list(argv))
    before = vars(parsed).copy()
    options = build(parsed, **extra)
    assert vars(parsed) == before  # the arguments are read, never changed
    # the command's defaults of the machine (--jobs: its cores, --memory-limit: 75% of its RAM) set
    # to the options' own where not given, so that the command's options compare with the API's
    machine = {name: getattr(type(options)(), name) for name, flag in (("jobs", "--jobs"), ("memory_limit",
               "--memory-limit")) if flag not in argv and hasattr(options, name)}  # fmt: skip
    return dataclasses.replace(options, **machine) if machine else options  # type: ignore[type-var]

