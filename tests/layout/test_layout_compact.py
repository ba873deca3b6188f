"""Layout compaction: the moves that shrink the box (Python and clingo), the words they free, and
the order the search keeps (``layout/objective.py``)."""

from __future__ import annotations

import random
import time

import pytest

from pyclingo_puzzles.core.grid import Placement
from pyclingo_puzzles.layout import search as search_module
from pyclingo_puzzles.layout.api import instance_of
from pyclingo_puzzles.layout.greedy import greedy
from pyclingo_puzzles.layout.grid import Layout
from pyclingo_puzzles.layout.objective import coarse, key
from pyclingo_puzzles.layout.parts import along_side, smaller_box
from pyclingo_puzzles.layout.search import Search
from pyclingo_puzzles.layout.verify import check

from ..conftest import INSTANCES

A, D = "across", "down"
#   POT
#     A
#    OPEN
#       U
#       TEN
TREE = Layout.of(
    [Placement("POT", 0, 0, A), Placement("TAP", 0, 2, D), Placement("OPEN", 2, 1, A),
     Placement("NUT", 2, 4, D), Placement("TEN", 4, 4, A)]
)  # fmt: skip


def test_along_side_names_the_words_near_each_side() -> None:
    assert along_side(TREE, 0, 1) == {"POT", "TAP"}  # top row: POT and the start of TAP
    assert along_side(TREE, 1, 1) == {"NUT", "TEN"}  # bottom row
    assert along_side(TREE, 2, 1) == {"POT"}  # left column
    assert along_side(TREE, 3, 1) == {"TEN"}  # right column
    assert along_side(TREE, 2, 2) == {"POT", "OPEN"}  # two columns deep


def test_smaller_box_loses_one_line_across_the_side() -> None:
    assert (TREE.height, TREE.width) == (5, 7)
    assert smaller_box(TREE, 0, None, None) == (7, 4)
    assert smaller_box(TREE, 3, None, None) == (6, 5)
    assert smaller_box(TREE, 3, 5, 9) == (5, 5)  # the instance's box still holds


def _sprawling(name: str) -> tuple[list[str], Layout]:
    words = list(instance_of(INSTANCES / "layout" / f"{name}.yaml").words)
    layout = greedy(words, random.Random(1), time.monotonic() + 30)
    assert layout is not None
    return words, layout


def test_shrink_move_gives_valid_layouts_in_a_smaller_box() -> None:
    words, start = _sprawling("travel-30")
    search = Search(instance_of(words), seed=1)
    smaller = 0
    for seed in range(60):
        search.rng = random.Random(seed)
        found = search.shrink_move(start, None, None)
        if found is None:
            continue
        assert check(words, found.placements) == []
        assert found.height <= start.height and found.width <= start.width
        assert found.area < start.area
        smaller += 1
    assert smaller > 0  # a greedy layout has room to lose a line


def test_squeezed_clingo_neighbourhood_stays_in_the_smaller_box() -> None:
    words, start = _sprawling("garden-20")
    search = Search(instance_of(words), seed=1)
    for seed in range(4):
        search.rng = random.Random(seed)
        found = search.squeezed(start)
        if found is not None:
            assert check(words, found.placements) == []
            assert found.area < start.area


def test_the_walk_holds_crossings_unless_area_comes_first() -> None:
    assert check(["POT", "TAP", "OPEN", "NUT", "TEN"], TREE.placements) == []
    assert (TREE.crossings, TREE.area) == (4, 35)
    assert coarse(TREE, "crossings") == coarse(TREE, "balanced") == -4 and coarse(TREE, "area") == 35
    assert key(TREE, "balanced") == (35 - 32 * 4, -4)  # 16 letters in 5 words: a crossing is worth 32 cells


def _budgeted(name: str, seed: int, work: float, monkeypatch) -> Search:
    """A search whose work budget is ``work`` and whose time limit is far away: the work ends it."""
    monkeypatch.setattr(search_module, "WORK_RATE", work / (60 - search_module.OUTPUT_MARGIN))
    search = Search(instance_of(INSTANCES / "layout" / f"{name}.yaml"), seed=seed)
    return search


def test_a_seed_gives_one_layout_whatever_the_machine_does(monkeypatch) -> None:
    # the phases end at counts of work, not seconds: the same seed gives the same moves and layout,
    # and a different seed another walk
    runs = [_budgeted("garden-20", seed, 30_000, monkeypatch).run(60) for seed in (3, 3, 4)]
    first, again, other = (r.layout for r in runs)
    assert first is not None and again is not None and other is not None
    assert first == again
    assert runs[0].stats.extra["python_moves"] == runs[1].stats.extra["python_moves"]
    assert runs[0].stats.extra["work"] >= 30_000  # the budget was spent, not cut by the clock
    assert first != other or runs[0].stats.extra["python_moves"] != runs[2].stats.extra["python_moves"]


def test_a_short_lists_proof_is_budgeted_by_work_too() -> None:
    # a book's layout of a short list, where the proof follows the walk: the proof ends by a count
    # of clingo's conflicts from the budget of work, so the clock near or far gives one layout (it
    # ended by the clock, 6 budgets of CPU: a loaded machine, or a cluster's worker, got another)
    from pyclingo_puzzles.layout import arrange

    words = [(w, "") for w in ("LION", "TIGER", "OTTER", "ZEBRA", "HORSE", "RABBIT")]
    near, far = (arrange(words, seed=3, work_limit=0.3, time_limit=limit) for limit in (10, 60))
    assert near.layout == far.layout and near.stats.conflicts == far.stats.conflicts > 0
    assert not near.optimal  # the conflicts ran out before the proof: not claimed


@pytest.mark.slow
def test_a_quarter_of_the_default_budget_reaches_many_crossings_in_a_small_box(monkeypatch) -> None:
    # a quarter of the work of the default 10 s (one process, about 1 s of CPU): garden-20 seed 5
    # reaches 25 crossings in at most 256 cells (genxword and pycrossword-generator: at most 21
    # crossings, at least 256 cells); half the work, seed 4, took twice the CPU to reach the same
    quarter = search_module.WORK_RATE * (10 - search_module.OUTPUT_MARGIN) / 4
    outcome = _budgeted("garden-20", 5, quarter, monkeypatch).run(60)
    layout = outcome.layout
    assert layout is not None and check([p.word for p in layout.placements], layout.placements) == []
    assert layout.crossings >= 25 and layout.area <= 256
