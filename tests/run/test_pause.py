"""A pause (SIGSTOP, then SIGCONT) moves every deadline under way, not only the run's: a search's own
end, computed before the pause, would otherwise cut it short with nothing found."""

from __future__ import annotations

import time

import pytest

from pyclingo_puzzles.run import runtime


def test_a_pause_moves_the_run_its_stages_and_a_searchs_own_deadline() -> None:
    with runtime.Run(time_limit=10.0) as run:
        run_deadline = run.deadline
        due = runtime.local_deadline(time.monotonic() + 5.0)
        search_end = due()
        with runtime.until(time.monotonic() + 3.0):
            stage_end = min(runtime._until)
            run.resumed(2.0)
            assert min(runtime._until) == pytest.approx(stage_end + 2.0)
        assert run.deadline == pytest.approx((run_deadline or 0.0) + 2.0)
        assert due() == pytest.approx((search_end or 0.0) + 2.0)


def test_a_deadline_waits_for_a_watchdog_that_has_not_looked_at_the_clock() -> None:
    with runtime.Run(time_limit=10.0) as run:
        due = runtime.local_deadline(time.monotonic() - 1.0)  # passed
        run.watched_at = time.monotonic() - 1.0  # stopped or starved: a pause it may yet count
        assert due() is None
        run.watched_at = time.monotonic()
        assert due() is not None


def test_without_a_run_a_search_keeps_its_own_deadline() -> None:
    end = time.monotonic() + 1.0
    assert runtime.local_deadline(end)() == end
