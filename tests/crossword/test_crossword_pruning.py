"""P-99 candidates: pruning in Python (arc consistency), the encoding's per-letter crossing support, and
the benchmark's plain-Python reference (its answers verified)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyclingo_puzzles.core.solve import Solver
from pyclingo_puzzles.crossword.engine.facts import candidate_facts, site_facts, word_facts
from pyclingo_puzzles.crossword.framework import Framework
from pyclingo_puzzles.crossword.options import FillOptions
from pyclingo_puzzles.crossword.p99 import candidates, solve_instance
from pyclingo_puzzles.crossword.reader import CrosswordInstance, read_instance
from pyclingo_puzzles.crossword.solution import Placement, build_solution, verify

from ..conftest import INSTANCES

# Sites in reading order: 0 = (0,0) across CAT/DOG, 1 = (0,0) down, 2 = (3,0) across. DOG fits site 0
# by length, but site 1 (only CO) cannot show a D at their crossing: only a crossing excludes it.
FRAME = Framework.from_lines(["...", ".", "", "..."])
WORDS = ["CAT", "CO", "DOG"]


def test_a_crossing_site_that_cannot_show_the_letter_excludes_the_word_in_the_encoding() -> None:
    sites = FRAME.sites()
    assert [(s.row, s.col, s.direction, s.length) for s in sites] == [
        (0, 0, "across", 3), (0, 0, "down", 2), (3, 0, "across", 3)
    ]
    # every pair of the same length, as a driver without pruning would give them
    every = {s.id: [w for w, text in enumerate(WORDS) if len(text) == s.length] for s in sites}
    solver = Solver(["crossword.lp"])
    solver.add_facts(site_facts(FRAME, sites, cells=False))
    solver.add_facts(word_facts(WORDS))
    solver.add_facts(candidate_facts(every))
    solver.ground()
    atoms = solver.ctl.symbolic_atoms
    fits = {tuple(a.symbol.arguments[i].number for i in (0, 1)) for a in atoms.by_signature("fits", 2) if a.is_fact}
    assert fits == {(0, 0), (0, 2), (1, 1), (2, 2)}  # not (2, 0): DOG across the top
    shows = {(s.arguments[0].number, s.arguments[1].number, s.arguments[2].string)
             for s in (a.symbol for a in atoms.by_signature("can_show", 3))}
    assert {x for s, i, x in shows if (s, i) == (1, 0)} == {"C"}
    assert solver.solve(models=0).count == 1


def test_python_pruning_drops_the_same_pair_and_keeps_the_solution() -> None:
    assert candidates(FRAME, FRAME.sites(), WORDS) == {0: [0], 1: [1], 2: [0, 2]}
    result, solutions = solve_instance(CrosswordInstance("<test>", tuple(WORDS), FRAME), FillOptions(models=0))
    assert result.count == 1 and solutions[0].grid == ("CAT", "O  ", "   ", "DOG")


def test_equal_words_are_candidates_together() -> None:
    frame = Framework.from_lines(["..", "..", "", ".."])
    words = ["AB", "AB", "AC", "BD", "BC"]  # a multiset: both copies of AB stay where AB fits
    cands = candidates(frame, frame.sites(), words)
    assert all((0 in ws) == (1 in ws) for ws in cands.values()) and any(0 in ws for ws in cands.values())


def random_puzzle(height: int, width: int, seed: int) -> CrosswordInstance | None:
    """A random framework filled with letters A and B: its runs are the words (so it is solvable,
    often in several ways), the framework handed out blank."""
    rng = random.Random(seed)
    rows = ["".join(rng.choice("AB") if rng.random() < 0.8 else " " for _ in range(width)) for _ in range(height)]
    filled = Framework.from_lines(rows)
    words = tuple("".join(filled.rows[r][c] for r, c in s.cells()) for s in filled.sites())
    if not words:
        return None
    return CrosswordInstance("<random>", words, Framework.from_lines([row.replace("A", ".").replace("B", ".")
                                                                      for row in filled.rows]))



@settings(max_examples=40, deadline=None)
@given(st.integers(2, 6), st.integers(2, 6), st.integers(0, 2**32 - 1))
def test_pruning_never_drops_a_placement_of_a_known_solution(height: int, width: int, seed: int) -> None:
    """Each run's word of the random fill must stay a candidate of its site (arc consistency
    removes only pairs that are in no solution)."""
    instance = random_puzzle(height, width, seed)
    if instance is None:
        return
    sites = instance.framework.sites()
    cands = candidates(instance.framework, sites, instance.words)
    for s, word in zip(sites, instance.words, strict=True):
        assert any(instance.words[w] == word for w in cands[s.id]), (instance.framework.rows, s)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet=". A#", max_size=7), min_size=1, max_size=6))
def test_sites_are_the_maximal_runs_of_places(lines: list[str]) -> None:
    frame = Framework.from_lines(lines)
    expected = []
    for r in range(frame.height):
        for c in range(frame.width):
            for d, (dr, dc) in (("across", (0, 1)), ("down", (1, 0))):
                if not frame.is_place(r, c) or frame.is_place(r - dr, c - dc):
                    continue
                n = 0
                while frame.is_place(r + dr * n, c + dc * n):
                    n += 1
                if n >= 2:
                    expected.append((r, c, d, n))
    assert [(s.row, s.col, s.direction, s.length) for s in frame.sites()] == expected


@pytest.mark.parametrize("name", ["large.dat", "lattice.dat", "lattice-predefined.dat", "unsat-lengths.dat"])
def test_the_benchmarks_plain_python_baseline_agrees_and_verifies(name: str) -> None:
    """benchmarks/p99_baseline.py is the reference the P-99 benchmark measures against: its answers
    must pass the project's verifier, and it must find a solution exactly when we do."""
    from benchmarks import p99_baseline

    path = INSTANCES / "crossword" / name
    instance = read_instance(path)
    placements = p99_baseline.solve(*p99_baseline.parse(path.read_text(encoding="utf-8")))
    _result, ours = solve_instance(instance)
    assert (placements is not None) == bool(ours)
    if placements is not None:
        solution = build_solution(instance.framework, [Placement(*p) for p in placements])
        assert verify(instance.framework, solution, instance.words) == []


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 4), st.integers(2, 4), st.integers(0, 2**32 - 1))
def test_pruning_keeps_the_number_of_solutions(height: int, width: int, seed: int) -> None:
    instance = random_puzzle(height, width, seed)
    if instance is None:
        return
    sites = instance.framework.sites()
    every = {s.id: [w for w, text in enumerate(instance.words) if len(text) == s.length] for s in sites}
    solver = Solver(["crossword.lp"])
    solver.add_facts(site_facts(instance.framework, sites, cells=False))
    solver.add_facts(word_facts(instance.words))
    solver.add_facts(candidate_facts(every))
    unpruned = solver.solve(models=0, keep=0)
    result, _ = solve_instance(instance, FillOptions(count_only=True))
    assert result.count == unpruned.count >= 1 and result.exhausted and unpruned.exhausted


def test_a_dictionary_filled_from_again_keeps_its_tables_and_a_new_one_gets_its_own() -> None:
    from pyclingo_puzzles.crossword.engine import strategy
    from pyclingo_puzzles.crossword.engine.pruning import prune
    from pyclingo_puzzles.crossword.reader import Dictionary

    words = Dictionary({"CAT": 90, "CO": 80, "DOG": 70, "COT": 60})
    first, again = prune(FRAME, FRAME.sites(), words), prune(FRAME, FRAME.sites(), words)
    assert first.tables[3] is again.tables[3]  # built once for this dictionary
    other = prune(FRAME, FRAME.sites(), Dictionary({"CAT": 90, "CO": 80, "DOG": 70}))
    assert other.tables[3] is not first.tables[3] and other.tables[3].words == ("CAT", "DOG")
    assert strategy.best_words(words, 70, 3) is strategy.best_words(words, 70, 3)
    assert set(strategy.best_words(words, 70, None).words) == {"CAT", "CO", "DOG"}
