"""Why a grid cannot be filled: the unfillable core is unfillable on its own and minimal, checked
by brute force (every assignment of words to the slots) independently of clingo."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from pyclingo_puzzles.core.solve import Status
from pyclingo_puzzles.crossword.engine import native
from pyclingo_puzzles.crossword.engine.unfillable import fewest_candidates, fillable, find_core, pattern_of
from pyclingo_puzzles.crossword.framework import Framework, Site

# the compiled propagator where it loads (tests/crossword/test_fill_native.py holds the Python one to
# the same decisions, step for step); a core that rests on no-repeat is found with both
PREFERRED = "python" if isinstance(native.load(), str) else "c"
BOTH = pytest.mark.parametrize("propagator", ["c", "python"], indirect=True)


@pytest.fixture(autouse=True, params=[PREFERRED])
def propagator(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "c" and isinstance(native.load(), str):
        pytest.skip(f"the compiled fill propagator is not available: {native.load()}")
    monkeypatch.setenv(native.CHOICE_ENV, request.param)
    return str(request.param)


def brute_fillable(framework: Framework, slots: Sequence[Site], words: Sequence[str], no_repeat: bool = True) -> bool:
    """Backtracking over whole words, slot by slot: the slots agree where they cross."""
    given = framework.predefined()
    order = sorted(slots, key=lambda s: s.id)

    def go(k: int, letters: dict[tuple[int, int], str], used: set[str]) -> bool:
        if k == len(order):
            return True
        s = order[k]
        for w in words:
            if len(w) != s.length or (no_repeat and w in used):
                continue
            cells = s.cells()
            if all(letters.get(c, given.get(c, ch)) == ch for c, ch in zip(cells, w, strict=True)):
                new = dict(letters)
                new.update(zip(cells, w, strict=True))
                if go(k + 1, new, used | {w}):
                    return True
        return False

    return go(0, {}, set())


def check_core(framework: Framework, words: Sequence[str]) -> list[Site]:
    core = find_core(framework, dict.fromkeys(words, 1), time_limit=60)
    assert core is not None and core.minimal
    slots = list(core.slots)
    assert not brute_fillable(framework, slots, words)
    assert fillable(framework, slots, dict.fromkeys(words, 1)) is Status.UNSAT
    for s in slots:
        rest = [x for x in slots if x != s]
        assert brute_fillable(framework, rest, words), f"not minimal: fillable without {s}"
        assert fillable(framework, rest, dict.fromkeys(words, 1)) is Status.SAT
    return slots


def test_a_slot_no_word_fits_is_a_core_of_its_own() -> None:
    framework = Framework.from_lines(["QX.", "...", "..."])
    core = find_core(framework, dict.fromkeys(["CAT", "ART", "TEA", "ACE"], 1))
    assert core is not None and core.minimal
    assert [(s.row, s.col, s.direction) for s in core.slots] == [(0, 0, "across")]
    assert core.patterns == ("QX_",)
    assert core.lines() == ["row 0, column 0, across, QX_"]
    assert core.as_json() == [{"row": 0, "col": 0, "direction": "across", "length": 3, "pattern": "QX_"}]


def test_the_core_names_only_the_corner_that_cannot_be_filled() -> None:
    # two 2x2 blocks of slots joined by nothing: the left one is fillable, the right one is not
    framework = Framework.from_lines([".. XY", ".. .."])
    words = ["PQ", "RS", "PR", "QS", "XY", "XA", "YB"]  # the right one's second row: no AB, YB, ...
    slots = check_core(framework, words)
    assert all(s.col >= 3 for s in slots) and len(slots) == 3  # of the right one


@BOTH
def test_a_word_needed_twice_makes_a_core_without_repeats() -> None:
    framework = Framework.from_lines([".. X.", ".. .."])
    words = ["PQ", "RS", "PR", "QS", "XA", "AB", "AC"]  # XA across and down: twice
    slots = check_core(framework, words)
    assert {(s.row, s.col, s.direction) for s in slots} == {(0, 3, "across"), (0, 3, "down")}


@pytest.mark.parametrize("seed", range(6))
def test_random_small_grids_give_a_minimal_core(seed: int) -> None:
    rng = random.Random(seed)
    framework = Framework.from_lines(["...", "...", "..."])
    while True:  # a random dictionary that cannot fill the grid
        words = sorted({"".join(rng.choice("ABCDE") for _ in range(3)) for _ in range(14)})
        if not brute_fillable(framework, framework.sites(), words):
            break
    check_core(framework, words)


def test_a_fillable_grid_has_no_core() -> None:
    framework = Framework.from_lines(["..", ".."])
    assert find_core(framework, dict.fromkeys(["AB", "CD", "AC", "BD"], 1)) is None


def test_pattern_shows_the_given_letters() -> None:
    framework = Framework.from_lines([".Q..", "....", "...."])
    assert pattern_of(framework, framework.sites()[0]) == "_Q__"


def test_fewest_candidates_come_first() -> None:
    framework = Framework.from_lines(["Q..", "...", "..."])
    words = {"QAT": 1, "ARE": 1, "TEA": 1, "ATE": 1, "EAT": 1, "RAT": 1, "TAR": 1, "ART": 1}
    shown = fewest_candidates(framework, words, 2)
    assert len(shown) == 2 and shown[0][1] <= shown[1][1]
    assert shown[0][0].row == 0 and shown[0][0].col == 0  # the Q slots have one candidate at most


def test_a_fill_cut_by_the_limit_shows_the_slots_with_the_fewest_candidates() -> None:
    from pyclingo_puzzles.crossword.construction.construct import explain
    from pyclingo_puzzles.crossword.options import FillOptions
    from pyclingo_puzzles.crossword.reader import Dictionary
    from pyclingo_puzzles.crossword.result import CrosswordResult

    framework = Framework.from_lines(["Q..", "...", "..."])
    words = {"QAT": 1, "ARE": 1, "TEA": 1, "ATE": 1, "EAT": 1, "RAT": 1, "TAR": 1, "ART": 1}
    result = CrosswordResult(Status.UNKNOWN, [], 0, False, True)
    explain(result, framework, Dictionary(words), FillOptions())
    assert result.core is None and result.fewest
    text = result.text("g.grid")
    assert "the search was cut by the limit; the slots with the fewest candidates:" in text
    assert result.to_json()["fewest_candidates"][0]["candidates"] == result.fewest[0][1]
