"""Layout motifs: rectangles (4-cycles of crossings) found and placed, the move that builds one into
a layout, and the search on both cores."""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pyclingo_puzzles.core.grid import Placement
from pyclingo_puzzles.layout import dual
from pyclingo_puzzles.layout import search as search_module
from pyclingo_puzzles.layout.api import instance_of
from pyclingo_puzzles.layout.greedy import Board
from pyclingo_puzzles.layout.grid import Layout
from pyclingo_puzzles.layout.motifs import attachments, in_the_way, occupants, rectangles
from pyclingo_puzzles.layout.options import LayoutOptions
from pyclingo_puzzles.layout.parts import crossing_graph, cycle_core, grown
from pyclingo_puzzles.layout.search import Search
from pyclingo_puzzles.layout.verify import check

from ..conftest import INSTANCES, wait_for_cpu, wait_for_more_cpu

A, D = "across", "down"
# T A P
# E . O
# N U T
SQUARE = {Placement("TAP", 0, 0, A), Placement("NUT", 2, 0, A), Placement("TEN", 0, 0, D), Placement("POT", 0, 2, D)}
# the same words as a tree (4 crossings for 5 words: no cycle)
#   POT
#     A
#    OPEN
#       U
#       TEN
TREE = Layout.of(
    [Placement("POT", 0, 0, A), Placement("TAP", 0, 2, D), Placement("OPEN", 2, 1, A),
     Placement("NUT", 2, 4, D), Placement("TEN", 4, 4, A)]
)  # fmt: skip


def test_rectangles_finds_the_square_and_its_transpose() -> None:
    found = rectangles(["TAP", "TEN", "POT", "NUT", "OPEN"])
    assert {frozenset(b.placements) for b in found} == {
        frozenset(SQUARE),
        frozenset(Placement(p.word, p.col, p.row, D if p.dir == A else A) for p in SQUARE),
    }
    for b in found:
        assert b.cycles == 1
        assert check(sorted(b.words), b.placements) == []


def test_rectangles_rejects_side_by_side_words() -> None:
    # AT over EP with AXE and TOP down closes a cycle of crossings, but X and O would stand side by
    # side (a run XO that is no word): no rectangle
    assert rectangles(["AT", "AXE", "TOP", "EP"]) == []
    assert check(["AT", "AXE", "TOP", "EP"], [Placement("AT", 0, 0, A), Placement("EP", 2, 0, A),
                 Placement("AXE", 0, 0, D), Placement("TOP", 0, 1, D)]) != []  # fmt: skip


def test_attachments_keep_the_layout_valid() -> None:
    square = next(b for b in rectangles(["TAP", "TEN", "POT", "NUT"]) if b.placements[0].dir == A)
    board = Board([Placement("OPEN", 0, 0, A)])
    options = attachments(board, square)
    assert options
    for placements, crossing in options:
        layout = [*board.placements, *placements]
        assert check(["OPEN", "TAP", "TEN", "POT", "NUT"], layout) == []
        assert crossing >= 1 and Layout.of(layout).crossings == 4 + crossing


def test_in_the_way_names_blocking_words_only() -> None:
    at = occupants(TREE.placements)
    square = sorted(SQUARE)
    pot = next(p for p in TREE.placements if p.word == "POT")
    assert in_the_way(at, square) <= {"OPEN"}
    assert "OPEN" not in in_the_way(at, [Placement("OPEN", 50, 50, A)])  # its own word never blocks
    # under POT: side by side with POT, A where TAP has its A, above OPEN's letters
    assert in_the_way(at, [Placement("NUT", pot.row + 1, pot.col, A)]) == {"POT", "TAP", "OPEN"}
    assert in_the_way(at, [Placement("ANT", 3, 6, D)]) == set()  # crosses TEN's N, touches nothing else
    assert in_the_way(at, [Placement("AXT", 3, 6, D)]) == {"TEN"}  # X where TEN has N


def test_motif_move_closes_a_cycle_in_a_tree() -> None:
    words = ["TAP", "TEN", "POT", "NUT", "OPEN"]
    assert TREE.crossings == len(words) - 1 and check(words, TREE.placements) == []
    search = Search(instance_of(words), seed=3)
    search.blocks = rectangles(words)
    for i, block in enumerate(search.blocks):
        for w in block.words:
            search.blocks_of.setdefault(w, []).append(i)
    results = []
    for seed in range(40):
        search.rng = random.Random(seed)
        found = search.motif_move(TREE, None, None)
        if found is not None:
            assert check(words, found.placements) == []
            results.append(found.crossings)
    assert results and max(results) == len(words)  # words - 1 + one cycle


def test_two_cores_give_a_checked_layout_and_leave_no_worker(monkeypatch) -> None:
    monkeypatch.setattr(dual, "two_cores", lambda: True)  # the test machine may have one core
    # a small budget of work (a tenth of a second's each at 1.5 s; the default's took 0.5 s of CPU in
    # each process): the searches end by it, not by the clock, with the same layout
    monkeypatch.setattr(search_module, "WORK_RATE", 30_000)
    inst = instance_of(INSTANCES / "layout" / "kitchen-10.yaml")
    outcome = dual.arrange(inst, LayoutOptions(seed=1, time_limit=1.5), started=time.monotonic())
    assert outcome.layout is not None and check(inst.words, outcome.layout.placements) == []
    assert outcome.stats.extra["workers"] == 2 and outcome.stats.extra["invalid_moves"] == 0
    assert outcome.layout.crossings >= len(inst.words) - 1
    assert multiprocessing.active_children() == []


def test_a_worker_behind_the_parent_still_counts(monkeypatch) -> None:
    # the worker starts a second late and spends the same small budget: the parent is done first,
    # and waits for the worker's layout until the deadline they share, not only a moment after
    monkeypatch.setattr(dual, "two_cores", lambda: True)
    # about a quarter of a second's work, whatever the limit: a limit of 30 s, not 5, since at load 15 a
    # forked worker's fork, second of sleep and search outlasted 5 s (CI: 1 worker of 2); a quiet run
    # still ends when the worker's layout arrives, not at the limit
    monkeypatch.setattr(search_module, "WORK_RATE", 1_700)
    parent, search = os.getpid(), dual._search

    def late_in_the_worker(*args):  # forked: the worker runs this too
        if os.getpid() != parent:
            time.sleep(1.0)
        return search(*args)

    monkeypatch.setattr(dual, "_search", late_in_the_worker)
    inst = instance_of(INSTANCES / "layout" / "garden-20.yaml")
    t0 = time.monotonic()
    outcome = dual.arrange(inst, LayoutOptions(seed=1, time_limit=30), started=t0)
    assert outcome.stats.extra["workers"] == 2  # the worker's layout arrived and was compared
    assert outcome.layout is not None and check(inst.words, outcome.layout.placements) == []
    assert multiprocessing.active_children() == []


def test_a_short_time_limit_leaves_most_of_it_to_the_search() -> None:
    # printing a layout takes milliseconds: half a second kept for it whatever the limit left a 0.5 s
    # run no search at all ("no layout found" 0.1 s into it, on every list)
    assert search_module.search_seconds(10) == pytest.approx(9.5)  # the default's budget is unchanged
    assert search_module.search_seconds(2) == pytest.approx(1.5)
    assert search_module.search_seconds(1) == pytest.approx(0.75)
    assert search_module.search_seconds(0.5) == pytest.approx(0.375)


def test_half_a_second_gives_a_checked_layout_of_the_longest_list(monkeypatch) -> None:
    """The search a 0.5 s limit leaves (``search_seconds(0.5)``), on both cores, as a budget of work
    (a quiet machine's seconds of it): the clock's half second gave a search at load 15 too little
    CPU for any layout. How a short limit is shared: the test above; that the clock's limit holds:
    tests/run/test_hostile_budget.py's layout tests."""
    monkeypatch.setattr(dual, "two_cores", lambda: True)
    inst = instance_of(INSTANCES / "layout" / "mixed-50.yaml")
    options = LayoutOptions(seed=1, time_limit=60, work_limit=search_module.search_seconds(0.5))
    outcome = dual.arrange(inst, options, started=time.monotonic())
    assert outcome.layout is not None and check(inst.words, outcome.layout.placements) == []
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize("name, sets", [("kitchen-10", 6), ("weather-10", 10)])
def test_rectangles_of_the_ten_word_lists(name: str, sets: int) -> None:
    # the counts of distinct word sets come from a separate brute force over all word quadruples
    words = instance_of(INSTANCES / "layout" / f"{name}.yaml").words
    found = rectangles(words)
    assert len({b.words for b in found}) == sets
    for b in found:
        assert check(sorted(b.words), b.placements) == []


def _gone(pid: int, within: float = 10.0) -> bool:
    until = time.monotonic() + within
    while time.monotonic() < until:
        try:
            with open(f"/proc/{pid}/stat") as f:
                if f.read().split(")")[-1].split()[0] == "Z":
                    return True  # dead, waiting for its new parent to reap it
        except FileNotFoundError:
            return True
        time.sleep(0.05)
    return False


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc to find the worker")
def test_ctrl_c_prints_the_best_layout_and_ends_the_worker() -> None:
    if not dual.two_cores():
        pytest.skip("one core: no worker is forked")
    proc = subprocess.Popen(
        [sys.executable, "-m", "pyclingo_puzzles", "layout", str(INSTANCES / "layout" / "kitchen-10.yaml"), "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    children: list[int] = []
    until = time.monotonic() + 20
    while not children and time.monotonic() < until:  # the worker is forked after the start-up
        time.sleep(0.1)
        with contextlib.suppress(FileNotFoundError):
            children = [int(c) for c in Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()]
    assert children, "no worker process appeared"
    # both searches under way (CPU time, not the clock's: a busy machine waits longer); the first
    # layout comes within 0.1 s of CPU
    wait_for_more_cpu(proc.pid, 0.2)
    wait_for_cpu(children[0], 0.2)
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=20)
    assert proc.returncode == 11
    placements = json.loads(out)["placements"]
    words = instance_of(INSTANCES / "layout" / "kitchen-10.yaml").words
    assert check(words, [Placement(p["word"], p["row"], p["col"], p["dir"]) for p in placements]) == []
    assert all(_gone(pid) for pid in children)


def test_cycle_core_keeps_the_words_on_cycles() -> None:
    # the square's four words form a cycle; OPEN hangs off POT and LID off OPEN: a tail, not kept
    graph = {
        "TAP": {"TEN", "POT"}, "NUT": {"TEN", "POT"}, "TEN": {"TAP", "NUT"},
        "POT": {"TAP", "NUT", "OPEN"}, "OPEN": {"POT", "LID"}, "LID": {"OPEN"},
    }  # fmt: skip
    assert cycle_core(graph) == {"TAP", "NUT", "TEN", "POT"}
    assert cycle_core(crossing_graph(TREE.placements)) == set()  # a tree has no cycle


def test_core_move_rebuilds_the_rest_around_the_cycles() -> None:
    words = list(instance_of(INSTANCES / "layout" / "travel-30.yaml").words)
    search = Search(instance_of(words), seed=1)
    block = rectangles(words, limit=1)[0]
    start = grown(Board(block.placements), [w for w in words if w not in block.words], random.Random(1), None, None)
    assert start is not None and block.words <= cycle_core(crossing_graph(start.placements))
    rebuilt = 0
    for seed in range(10):
        search.rng = random.Random(seed)
        found = search.core_move(start, None, None)
        if found is not None:
            assert check(words, found.placements) == []  # every word placed, the layout valid
            rebuilt += found != start
    assert rebuilt > 0
