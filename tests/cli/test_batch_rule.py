"""Whether a batch starts another file, as the stated rule (``_Batch.may_start``), not a timing:
while more than the run's own reserve is left and until some file's search is cut by the deadline."""

from __future__ import annotations

import argparse
from types import SimpleNamespace

import pytest

from pyclingo_puzzles.cli import batch
from pyclingo_puzzles.run import runtime


def a_batch(spent: list[int]) -> batch._Batch:
    """A batch whose workers report ``spent`` (1: its search was cut by the deadline); none is started."""
    b = batch._Batch(lambda args: 0, argparse.Namespace(json=False), ["a", "b", "c"], [{}, {}, {}])
    b.workers = [SimpleNamespace(budget=[flag, 0, 0]) for flag in spent]  # type: ignore[misc]
    return b


def test_files_start_while_time_is_left_and_no_search_was_cut() -> None:
    with runtime.Run(time_limit=60):
        assert a_batch([0, 0]).may_start()


def test_no_file_starts_once_a_search_was_cut_by_the_deadline_however_much_is_left() -> None:
    with runtime.Run(time_limit=60):
        b = a_batch([0, 1])
        assert not b.may_start()
        b.workers[1].budget[0] = 0  # the worker moved on: the batch's budget stays spent
        assert not b.may_start()


def test_no_file_starts_when_only_the_runs_reserve_is_left(monkeypatch: pytest.MonkeyPatch) -> None:
    with runtime.Run(time_limit=60) as run:
        monkeypatch.setattr(run, "remaining", lambda: 0.0)
        assert not a_batch([0, 0]).may_start()


def test_without_a_limit_every_file_starts() -> None:
    with runtime.Run():
        assert a_batch([0]).may_start()
