"""A batch's graces for its busy workers, on a clock the test sets: when the parent gives up on a
worker after a signal or the deadline (``_Batch._until``), and the clock that grace runs on
(``_Batch._clock``: less the time the worker waited for a CPU). The real signals and deadlines, a
few of them: tests/cli/test_batch.py and tests/run/test_hostile_budget.py."""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import pytest

from pyclingo_puzzles.cli.batch import PRINT_WAIT, WAIT, _Batch
from pyclingo_puzzles.cli.batchworker import BatchWorker
from pyclingo_puzzles.run import runtime


@dataclass
class FakeProcess:
    """A worker process whose run-queue wait (seconds it waited for a CPU) the test sets."""

    waited: float = 0.0

    def run_queue_wait(self) -> float:
        return self.waited


def worker(stage: str, reserve_ms: int = 0, waited: float = 0.0) -> BatchWorker:
    stage_value = SimpleNamespace(value=stage.encode())
    return BatchWorker(FakeProcess(waited), stage_value, [0, 0, reserve_ms], index=0)  # type: ignore[arg-type]


def batch(give_up_at: float, deadline: float | None = None) -> Any:
    limits = SimpleNamespace(deadline=deadline)
    return SimpleNamespace(give_up_at=give_up_at, limits=limits if deadline is not None else None)


def test_a_worker_still_searching_is_given_up_at_the_parents_wait() -> None:
    assert _Batch._until(batch(give_up_at=100.0), worker("solving", reserve_ms=9000)) == 100.0


@pytest.mark.parametrize("stage", ["checking answers", "printing"])
def test_a_worker_checking_thousands_of_answers_gets_the_check_grace_and_their_reserve(stage: str) -> None:
    """After a signal (no deadline): longer than a run's own grace, as long as its answers need."""
    until = _Batch._until(batch(give_up_at=100.0), worker(stage, reserve_ms=2500))
    assert until == pytest.approx(100.0 + runtime.CHECK_GRACE + 2.5)


def test_at_the_deadline_the_check_grace_ends_where_the_limit_does() -> None:
    w = worker("checking answers", reserve_ms=60_000)
    assert _Batch._until(batch(give_up_at=100.0, deadline=99.0), w) == pytest.approx(99.0 + WAIT + PRINT_WAIT)


def test_a_worker_asked_to_stop_has_its_grace_on_a_clock_less_its_wait_for_a_cpu() -> None:
    """A machine that kept the worker waiting 7 s for a CPU since the signal does not eat its grace."""
    w = worker("checking answers", waited=9.0)
    w.asked_to_stop, w.waited_when_asked = True, 2.0
    assert _Batch._clock(w, 110.0) == pytest.approx(103.0)
    w.process.waited = 1.0  # a figure below the earlier one (a thread that ended): never a clock ahead
    assert _Batch._clock(w, 110.0) == 110.0


def test_a_worker_at_the_deadline_runs_on_the_wall_clock() -> None:
    w = worker("checking answers", waited=9.0)  # not asked to stop: the limit holds
    assert _Batch._clock(w, 110.0) == 110.0
