"""Where the test suite's CPU goes: a pytest plugin and its report (docs/development.md, "Time").

    .venv/bin/python -m pytest -p benchmarks.testcpu -n 3 --dist loadgroup --ignore=tests/browser
    .venv/bin/python -m benchmarks.testcpu            # seconds of CPU per file, the most first
    .venv/bin/python -m benchmarks.testcpu --tests    # per test

Each test's CPU is its process's own (``RUSAGE_SELF``) plus what the processes it started and waited
for used (``RUSAGE_CHILDREN``): on two cores the suite's CPU, not its tests' wall clock, bounds
``make test``. A test that runs a solver until a time limit shows here as CPU close to its wall time.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest

FOLDER = Path(os.environ.get("TESTCPU_DIR", ".venv/testcpu"))  # one file per pytest process


def _cpu() -> tuple[float, float]:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


def pytest_sessionstart(session: pytest.Session) -> None:
    if not hasattr(session.config, "workerinput"):  # the controller (or a run without xdist): a new report
        FOLDER.mkdir(parents=True, exist_ok=True)
        for old in FOLDER.glob("*.tsv"):
            old.unlink()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    own0, children0 = _cpu()
    wall0 = time.monotonic()
    yield
    own1, children1 = _cpu()
    FOLDER.mkdir(parents=True, exist_ok=True)
    with (FOLDER / f"{os.getpid()}.tsv").open("a", encoding="utf-8") as out:
        out.write(f"{own1 - own0:.3f}\t{children1 - children0:.3f}\t{time.monotonic() - wall0:.3f}\t{item.nodeid}\n")


def rows() -> list[tuple[float, float, float, str]]:
    found = []
    for path in FOLDER.glob("*.tsv"):
        for line in path.read_text(encoding="utf-8").splitlines():
            own, children, wall, test = line.split("\t", 3)
            found.append((float(own), float(children), float(wall), test))
    return found


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.testcpu", description=__doc__.splitlines()[0])
    parser.add_argument("--tests", action="store_true", help="one line per test, not per file")
    parser.add_argument("--top", type=int, default=30, help="lines to print (default 30)")
    args = parser.parse_args(argv)
    measured = rows()
    if not measured:
        print(f"nothing measured in {FOLDER}: run pytest with -p benchmarks.testcpu first", file=sys.stderr)
        return 1
    totals: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0.0])
    for own, children, wall, test in measured:
        key = test if args.tests else test.split("::", 1)[0]
        total = totals[key]
        total[0] += own + children
        total[1] += own
        total[2] += wall
        total[3] += 1
    print(f"{'cpu s':>7} {'own s':>7} {'wall s':>7} {'tests':>5}  {'test' if args.tests else 'file'}")
    for key, (cpu, own, wall, count) in sorted(totals.items(), key=lambda kv: -kv[1][0])[: args.top]:
        print(f"{cpu:7.2f} {own:7.2f} {wall:7.2f} {int(count):5d}  {key}")
    cpu_sum = sum(own + children for own, children, _, _ in measured)
    print(f"{cpu_sum:7.2f} s of CPU in {len(measured)} tests")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
