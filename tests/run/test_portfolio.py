"""portfolio.race: the winner is the decided worker with the fewest steps, not the first to finish."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from pyclingo_puzzles.run.portfolio import Progress, can_race, race

from ..conftest import MARGIN

pytestmark = pytest.mark.skipif(not can_race(), reason="racing needs the fork start method")


def counting(steps: int, delay: float, decided: bool = True) -> Callable[[Progress], tuple[int, bool]]:
    def task(progress: Progress) -> tuple[int, bool]:
        for k in range(1, steps + 1):
            progress.value = k
            time.sleep(delay)
        return steps, decided

    return task


def is_decided(out: tuple[int, bool]) -> bool:
    return out[1]


def test_fewest_steps_wins_even_when_it_finishes_last() -> None:
    # task 1 is done after ~0.03 s but needs 30 steps; task 0 needs 10 steps and ~0.3 s
    assert race([counting(10, 0.03), counting(30, 0.001)], is_decided)[:2] == (0, (10, True))


def test_a_finished_worker_wins_once_the_others_are_past_its_steps() -> None:
    start = time.perf_counter()
    assert race([counting(6000, 0.01), counting(30, 0.001)], is_decided)[:2] == (1, (30, True))
    assert time.perf_counter() - start < 60 - MARGIN  # the slow worker (60 s) is stopped, not awaited


def test_ties_go_to_the_earlier_worker() -> None:
    assert race([counting(5, 0.01), counting(5, 0.0)], is_decided)[0] == 0


def test_undecided_results_do_not_win() -> None:
    assert race([counting(3, 0.0, decided=False), counting(20, 0.001)], is_decided)[:2] == (1, (20, True))
    assert race([counting(3, 0.0, decided=False), counting(4, 0.0, decided=False)], is_decided)[:2] == (0, (3, False))


def test_a_worker_error_is_raised_in_the_caller() -> None:
    def failing(progress: Progress) -> tuple[int, bool]:
        raise ValueError("bad instance")

    with pytest.raises(ValueError, match="bad instance"):
        race([failing, counting(1000, 0.01)], is_decided)


def test_in_order_the_first_decided_task_wins_whatever_the_steps() -> None:
    # task 1 decides first and with fewer steps; task 0 is preferred and decides too
    assert race([counting(30, 0.01), counting(5, 0.0)], is_decided, in_order=True)[:2] == (0, (30, True))
    # task 0 does not decide: task 1 wins once task 0 has finished
    assert race([counting(30, 0.01, decided=False), counting(5, 0.0)], is_decided, in_order=True)[:2] == (1, (5, True))
    assert race([counting(3, 0.0, decided=False), counting(4, 0.0, decided=False)], is_decided, in_order=True)[:2] == (
        0,
        (3, False),
    )


def test_in_order_a_preferred_decided_task_stops_the_later_ones() -> None:
    start = time.perf_counter()
    assert race([counting(5, 0.0), counting(6000, 0.01)], is_decided, in_order=True)[:2] == (0, (5, True))
    assert time.perf_counter() - start < 60 - MARGIN
