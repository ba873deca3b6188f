"""A caller's daemonic worker (a ``multiprocessing.Pool``'s, or a batch's) may not start processes of
its own: the package then runs that work in the process it was called in, not an AssertionError."""

from __future__ import annotations

import multiprocessing

import pytest

from pyclingo_puzzles import crossword, layout
from pyclingo_puzzles.run.workers import can_fork

from ..conftest import INSTANCES

pytestmark = pytest.mark.skipif(not can_fork(), reason="the pool's worker is forked")

WORDS = ["CAT", "TOE", "COT", "EAR", "TAR", "RAT", "TEA", "ACE", "OAT", "EAT"]


def _in_a_pool_worker() -> tuple[bool, str, int, str]:
    built = layout.arrange(INSTANCES / "layout" / "garden-20.yaml", seed=1, time_limit=1)
    filled = crossword.fill(["...", ".#.", "..."], WORDS, jobs=2)
    return can_fork(), built.status.value, len(built.placements), filled.status.value


def test_a_pool_worker_of_the_caller_gets_answers_not_errors() -> None:
    # a layout of more than 7 words starts a second search in a worker process, a fill with jobs=2
    # races its letter rules in two: before, the layout raised "daemonic processes are not allowed
    # to have children" here
    with multiprocessing.get_context("fork").Pool(1) as pool:
        forks, laid, placed, filled = pool.apply(_in_a_pool_worker)
    assert not forks
    assert (laid, placed) == ("SAT", 20)
    assert filled == "SAT"
