"""Generated block patterns: the rules hold (checked in Python, apart from the encoding), a seed
gives the same pattern, an unfillable pattern's core is learnt, bad input is one line."""

from __future__ import annotations

import math

import pytest

from pyclingo_puzzles.core.errors import InputError
from pyclingo_puzzles.core.solve import Status
from pyclingo_puzzles.crossword.construction.pattern import (
    FULL_SHARE,
    PatternSearch,
    PatternSpec,
    check_spec,
    parse_size,
    pattern_problems,
    rows_of,
)
from pyclingo_puzzles.crossword.construction.themes import Theme, parse_theme
from pyclingo_puzzles.crossword.framework import Framework


def first_pattern(spec: PatternSpec, seed: int = 1) -> Framework:
    search = PatternSearch(check_spec(spec), seed)
    status, blocks, slots = search.next(None)
    assert status is Status.SAT and slots
    return rows_of(search.spec, blocks)


@pytest.mark.parametrize(
    "spec",
    [
        PatternSpec(11, 11),
        PatternSpec(9, 9, symmetry="mirror"),
        PatternSpec(9, 11, symmetry="none", min_length=4),
        PatternSpec(15, 15, themes=(Theme("CROSSWORDPUZZLE"), Theme("ANSWERSETPROGRA"))),
        PatternSpec(3, 3),
        PatternSpec(5, 5),
        PatternSpec(3, 5),
    ],
    ids=["11x11", "9x9-mirror", "9x11-none-4", "15x15-themes", "3x3", "5x5-mini", "3x5"],
)
def test_generated_patterns_keep_the_rules(spec: PatternSpec) -> None:
    framework = first_pattern(spec)
    checked = check_spec(spec)
    assert (framework.height, framework.width) == (spec.height, spec.width)
    assert pattern_problems(framework, checked) == []


def test_small_grids_may_have_an_entry_a_row_and_a_column() -> None:
    # 78 entries scaled by area would leave a 5x5 9 entries, fewer than any pattern of it has
    assert [PatternSpec(n, n).words_bound for n in (3, 5, 13, 15, 21)] == [6, 10, 59, 78, 153]


def test_the_checker_sees_broken_rules() -> None:
    spec = PatternSpec(5, 5)
    lopsided = Framework.from_lines(["#....", *["....."] * 4])
    assert "the blocks are not rotationally symmetric" in pattern_problems(lopsided, spec)
    split = Framework.from_lines(["..#..", "..#..", "#####", "..#..", "..#.."])
    problems = pattern_problems(split, spec)
    assert "the white cells are not connected" in problems and "an entry is shorter than 3 letters" in problems


def test_themes_sit_on_symmetric_slots_of_their_length() -> None:
    spec = check_spec(PatternSpec(15, 15, themes=(Theme("CROSSWORDPUZZLE"), Theme("ANSWERSETPROGRA"))))
    rows = {(t.row, t.col) for t in spec.themes}
    assert rows == {(4, 0), (10, 0)}  # a pair of 15s: rows symmetric about the middle
    framework = first_pattern(spec)
    letters = framework.predefined()
    for t in spec.themes:
        assert "".join(letters[c] for c in t.cells()) == t.word


def test_a_seed_gives_the_same_pattern_and_seeds_differ() -> None:
    spec = PatternSpec(11, 11)
    seven = first_pattern(spec, 7)
    assert seven == first_pattern(spec, 7)
    assert any(first_pattern(spec, s).rows != seven.rows for s in range(1, 5))  # stops at the first that differs


def test_a_forbidden_set_of_slots_never_comes_back() -> None:
    search = PatternSearch(check_spec(PatternSpec(7, 7)), 3)
    _, _, slots = search.next(None)
    chosen = slots[:3]
    search.forbid(chosen)
    for _ in range(5):
        status, _, later = search.next(None)
        if status is not Status.SAT:
            break
        assert not set(chosen) <= set(later)
        search.forbid(later)


@pytest.mark.parametrize(
    ("text", "message"),
    [("2x5", "3 to 25"), ("26x26", "3 to 25"), ("ax5", "WxH"), ("15x15x2", "3 to 25")],
)
def test_sizes_outside_the_limits_are_one_line_errors(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_size(text)


def test_sizes_read_both_ways() -> None:
    assert parse_size("15x13") == (13, 15)  # columns x rows, as word search's --size
    assert parse_size("11") == (11, 11)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (PatternSpec(5, 5, themes=(Theme("TOOLONG"),)), "longer than the grid"),
        (PatternSpec(5, 5, min_length=1), "at least 2"),
        (PatternSpec(5, 5, min_length=6), "longer than the 5x5 grid"),
        (PatternSpec(5, 5, block_share=1.5), "below 1"),
        (PatternSpec(5, 5, max_words=1), "at least 2"),
        (PatternSpec(5, 5, symmetry="diagonal"), "unknown symmetry"),
        (PatternSpec(9, 9, themes=(Theme("AB"),)), "shorter than --min-length"),
        (PatternSpec(9, 9, themes=(Theme("ABC", 0, 0), Theme("XBC", 0, 0, "down"))), "disagree"),
        (PatternSpec(9, 9, themes=(Theme("ABCDEF", 0, 5),)), "does not fit"),
    ],
)
def test_options_that_cannot_hold_together_are_one_line_errors(spec: PatternSpec, message: str) -> None:
    with pytest.raises(InputError, match=message):
        check_spec(spec)


@pytest.mark.parametrize(
    ("text", "theme"),
    [
        ("crossword", Theme("CROSSWORD")),
        ("ASP@3,0", Theme("ASP", 3, 0, "across")),
        ("ASP@3,4,D", Theme("ASP", 3, 4, "down")),
        ("asp @ 1, 2, a", Theme("ASP", 1, 2, "across")),
    ],
)
def test_theme_notation(text: str, theme: Theme) -> None:
    assert parse_theme(text) == theme


@pytest.mark.parametrize("text", ["ASP-1", "AS P", "ASP@1", "ASP@1,2,X", "42"])
def test_bad_theme_notation_is_one_line(text: str) -> None:
    with pytest.raises(InputError):
        parse_theme(text)


def test_an_unfillable_pattern_teaches_the_search_its_core() -> None:
    from pyclingo_puzzles.core.results import SolveResult, Stats
    from pyclingo_puzzles.crossword.construction.pattern import generate
    from pyclingo_puzzles.crossword.engine.attempt import FillOutcome

    seen: list[Framework] = []

    def fill(framework: Framework, seconds: float) -> FillOutcome:  # never a fill
        seen.append(framework)
        result = SolveResult(Status.UNSAT, [], 0, True, False, Stats())
        return FillOutcome(result, [], [], Stats())

    words = dict.fromkeys(["CAT", "DOGS", "EAGLE", "FALCON", "GIRAFFE"], 1)  # one word per length
    spec = check_spec(PatternSpec(7, 7))
    made = generate(spec, words, fill, seed=1, max_patterns=3)
    assert made.patterns == 3 and len(made.cores) == 3 and all(n >= 1 for n in made.cores)
    assert len({f.rows for f in seen}) == 3
    from pyclingo_puzzles.crossword.engine.unfillable import find_core

    first = find_core(seen[0], words)
    assert first is not None
    learnt = {(s.row, s.col, s.direction, s.length) for s in first.slots}
    for later in seen[1:]:  # the first pattern's reason never comes back
        assert not learnt <= {(s.row, s.col, s.direction, s.length) for s in later.sites()}


def test_patterns_have_nearly_the_most_entries_first() -> None:
    spec = check_spec(PatternSpec(11, 11))
    search = PatternSearch(spec, 1)
    _, _, slots = search.next(None)
    assert len(slots) >= math.ceil(spec.words_bound * FULL_SHARE)  # 40 of at most 42


def test_bounds_loosen_when_no_pattern_keeps_them_and_forbidden_patterns_stay_out() -> None:
    search = PatternSearch(check_spec(PatternSpec(7, 7)), 1)
    seen: list[frozenset] = []
    levels = []
    for _ in range(200):
        status, _, slots = search.next(None)
        if status is not Status.SAT:
            break
        seen.append(frozenset(slots))
        levels.append(search.level)
        search.forbid(slots)
    assert status is Status.UNSAT and len(set(seen)) == len(seen)  # every pattern once, then none left
    assert levels == sorted(levels) and levels[-1] == len(search.levels) - 1 > levels[0]


def test_a_pattern_the_best_words_cannot_fill_is_passed_over_at_first() -> None:
    from pyclingo_puzzles.crossword.construction.construct import BEST_PATTERNS, pattern_fill
    from pyclingo_puzzles.crossword.options import FillOptions
    from pyclingo_puzzles.crossword.reader import Dictionary

    square = ["SAT", "ORE", "WED", "SOW", "ARE", "TED"]  # the only fill of a 3x3, all rarely used
    best = [f"Q{letter}Z" for letter in "ABCDEFGHIJ"]  # common words that fill nothing
    dictionary = Dictionary({**dict.fromkeys(square, 100), **dict.fromkeys(best, 500)})
    fill = pattern_fill(dictionary, FillOptions())
    framework = Framework.from_lines(["...", "...", "..."])
    for _ in range(BEST_PATTERNS):
        outcome = fill(framework, 10.0)
        assert not outcome.solutions and outcome.result is not None and outcome.result.status is Status.UNKNOWN
    outcome = fill(framework, 10.0)  # later patterns may reach past the best words
    assert outcome.solutions and outcome.solutions[0].grid == ("SAT", "ORE", "WED")
    ranked = Dictionary({**dict.fromkeys(square, 500), **dict.fromkeys(best, 100)})
    first = pattern_fill(ranked, FillOptions())(framework, 10.0)  # the best words fill it at once
    assert first.solutions and first.stats.extra["score_floor"] == 500
