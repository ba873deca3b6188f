"""Shared test fixtures: the project root, the optional ../shared data, and a CLI runner."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from pyclingo_puzzles.cli import main

ROOT = Path(__file__).resolve().parents[1]
INSTANCES = ROOT / "instances"
SHARED = ROOT.parent / "shared"


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
