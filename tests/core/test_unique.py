"""core/unique.py: the verdict from two answers, and the fewest givens by the implicit hitting set
(checked against every subset of a small universe)."""

from __future__ import annotations

import itertools
import time

import pytest

from pyclingo_puzzles.core.unique import (
    SMALLEST,
    SUBSET,
    NoGivens,
    Uniqueness,
    differ_cells,
    fewest_givens,
    of_answers,
    smallest_hitting_set,
)


def test_differ_cells_row_major_and_ragged() -> None:
    assert differ_cells(["AB", "CD"], ["AX", "YD"]) == ((0, 1), (1, 0))
    assert differ_cells(["AB"], ["ABC", "D"]) == ((0, 2), (1, 0))
    assert differ_cells(["AB"], ["AB"]) == ()


def test_verdicts() -> None:
    assert of_answers([("AB",)], exhausted=True) == Uniqueness(True)
    assert of_answers([("AB",)], exhausted=False) == Uniqueness(None)
    assert of_answers([], exhausted=True) == Uniqueness(False)
    two = of_answers([("AB",), ("AC",)], exhausted=False)
    assert two == Uniqueness(False, ((0, 1),))
    assert two.as_json() == {"unique": False, "differ": [{"row": 0, "col": 1}]}
    assert "1 cell " in two.text() and "(0, 1)" in two.text()
    assert Uniqueness(True).as_json() == {"unique": True}


def _oracle(rivals: list[frozenset[int]]):
    """Each rival answer differs from ours at its set's places."""

    def oracle(givens: frozenset[int]) -> frozenset[int] | None:
        return next((r for r in rivals if not r & givens), None)

    return oracle


RIVALS = [frozenset(s) for s in ({1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 1}, {6}, {6, 7, 8})]


def _smallest_by_brute_force(rivals: list[frozenset[int]]) -> int:
    universe = sorted(set().union(*rivals))
    for k in range(len(universe) + 1):
        if any(all(r & set(c) for r in rivals) for c in itertools.combinations(universe, k)):
            return k
    raise AssertionError("the universe meets every set")


def test_fewest_givens_is_the_smallest_and_sufficient() -> None:
    found = fewest_givens(_oracle(RIVALS), seed=3)
    assert found is not None and found.minimal == SMALLEST
    assert _oracle(RIVALS)(frozenset(found.places)) is None
    assert len(found.places) == _smallest_by_brute_force(RIVALS) == 4  # a 5-cycle takes 3, and 6


def test_past_the_deadline_givens_are_subset_minimal() -> None:
    found = fewest_givens(_oracle(RIVALS), deadline=time.monotonic() - 0.5)
    assert found is not None and found.minimal == SUBSET
    places = frozenset(found.places)
    assert _oracle(RIVALS)(places) is None
    assert all(_oracle(RIVALS)(places - {p}) is not None for p in places)  # none can be dropped


def test_an_answer_nothing_rules_out() -> None:
    with pytest.raises(NoGivens):
        fewest_givens(lambda givens: givens)  # every rival differs only among the givens


def test_smallest_hitting_set() -> None:
    assert smallest_hitting_set([]) == frozenset()
    assert smallest_hitting_set([frozenset({"a", "b"}), frozenset({"b", "c"})]) == frozenset({"b"})


def test_hitting_sets_of_one_size_meet_every_set() -> None:
    from pyclingo_puzzles.core.unique import hitting_sets

    found = hitting_sets(RIVALS, 4, 100)
    assert found and len(set(found)) == len(found)
    assert all(len(h) == 4 and all(r & h for r in RIVALS) for h in found)
    universe = sorted(set().union(*RIVALS))
    every = {frozenset(c) for c in itertools.combinations(universe, 4) if all(r & set(c) for r in RIVALS)}
    assert set(found) == every  # all of them, as a search over every subset finds them
    assert hitting_sets(RIVALS, 3, 100) == []
