"""Shared test fixtures: the project root, the optional ../shared data, and a CLI runner."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import pytest

from pyclingo_puzzles.cli.command import main
from pyclingo_puzzles.core.errors import InputError

ROOT = Path(__file__).resolve().parents[1]
INSTANCES = ROOT / "instances"
SHARED = ROOT.parent / "shared"
T = TypeVar("T")


@pytest.fixture
def endless(tmp_path: Path) -> Path:
    """Rules whose grounding never ends: limits and signals must still end the run."""
    rules = tmp_path / "inf.lp"
    rules.write_text("p(X+1) :- p(X). p(0).\n")
    return rules


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
