"""Puzzles worth printing: a book's puzzles differ (pairwise shared placements), grids are balanced
(words per direction, letters per quadrant), both reported by --stats and checked by quality.py."""

from __future__ import annotations

import json
from dataclasses import astuple, replace
from fractions import Fraction
from pathlib import Path

import pytest
from clingo import Function, Number

from pyclingo_puzzles import wordsearch
from pyclingo_puzzles.core.errors import InputError
from pyclingo_puzzles.core.results import Answer
from pyclingo_puzzles.core.solve import Solver
from pyclingo_puzzles.wordsearch import quality
from pyclingo_puzzles.wordsearch.candidates import Candidate, all_candidates, facts
from pyclingo_puzzles.wordsearch.generate import generate
from pyclingo_puzzles.wordsearch.reader import LEVELS, WordSearchInstance, default_alphabet, read_instance
from pyclingo_puzzles.wordsearch.verify import Placement, verify

from ..conftest import INSTANCES

WORDSEARCH = INSTANCES / "wordsearch"
GARDEN = WORDSEARCH / "garden-15x15.yaml"  # 20 words, 15x15, medium: our own list
# shipped instances with room to balance (the others: too full, or unsolvable)
BALANCED = ["animals-30x30.yaml", "cross-ru-9x9.yaml", "ein-6x6.yaml", "garden-15x15.yaml", "heart-13x12.yaml",
            "hola-8x8.yaml", "vor-5x5.yaml"]  # fmt: skip
NOT_BALANCED = ["message-6x5.yaml", "too-many-4x4.yaml"]  # too full


def placements(puzzle: dict) -> list[Placement]:
    return [Placement(**p) for p in puzzle["placements"]]


def puzzles(data: dict) -> list[dict]:
    return data.get("puzzles", [data])


def p(word: str, row: int, col: int, dx: int = 1, dy: int = 0) -> Placement:
    return Placement(word, row, col, dx, dy)


# ------------------------------------------------------------------------------ the measures


def test_quadrant_shares_split_the_middle_line_of_an_odd_grid() -> None:
    # 3x3: the middle row and column count half to each side; the centre a quarter to each quadrant
    assert quality.quadrant_shares(3, 3, [p("AB", 0, 0)]) == [Fraction(3, 4), Fraction(1, 4), 0, 0]
    assert quality.quadrant_shares(3, 3, [p("A", 1, 1)]) == [Fraction(1, 4)] * 4
    assert quality.quadrant_shares(4, 4, [p("ABCD", 3, 0)]) == [0, 0, Fraction(1, 2), Fraction(1, 2)]


def test_direction_share_is_the_busiest_direction_over_its_even_share() -> None:
    across = [p("AB", 0, 0), p("CD", 1, 0), p("EF", 2, 0)]
    down = p("GH", 0, 3, 0, 1)
    assert quality.direction_share([*across, down], [(1, 0), (0, 1)]) == Fraction(3, 2)  # 3 of 4, even is 2
    assert quality.balance_problems(5, 5, [*across, down], [(1, 0), (0, 1)], max_quadrant=100) == []
    problems = quality.balance_problems(5, 5, [*across, p("IJ", 3, 0)], [(1, 0), (0, 1)], max_quadrant=100)
    assert problems == ["direction (1, 0) holds 4 of 4 words"]


def test_book_check_names_the_pair_that_shares_too_much() -> None:
    a = [p("AB", 0, 0), p("CD", 1, 0), p("EF", 2, 0), p("GH", 3, 0), p("IJ", 4, 0)]
    b = [*a[:1], p("CD", 1, 1), p("EF", 2, 1), p("GH", 3, 1), p("IJ", 4, 1)]  # 1 of 5 shared: 20 %
    c = [*a[:2], p("EF", 2, 2), p("GH", 3, 2), p("IJ", 4, 2)]  # 2 of 5 with a: 40 %; 1 with b
    assert quality.shared(a, b) == Fraction(1, 5) and quality.book_problems([a, b]) == []
    assert quality.book_problems([a, b, c]) == ["puzzles 1 and 3 share 40% of their placements"]


# ------------------------------------------------------------------------------ balance


@pytest.mark.parametrize("name", BALANCED)
def test_shipped_instances_are_balanced_and_say_so(name: str, cli) -> None:
    res = cli("wordsearch", WORDSEARCH / name, "--json", "--stats", "--models", "3")
    assert res.code == 10, res.err
    data = json.loads(res.out)
    inst = read_instance(WORDSEARCH / name)
    assert data["stats"]["balance"] == "on" and "balance=on" in res.err
    assert data["stats"]["quadrant_share_max"] <= 0.35
    for puzzle in puzzles(data):
        placed = placements(puzzle)
        assert verify(puzzle["grid"], placed, inst.words) == []
        assert quality.balance_problems(inst.width, inst.height, placed, inst.directions) == []
        counts = quality.direction_counts(placed, inst.directions)
        if len(inst.directions) > 1:  # 1.5 x the even share at most
            assert max(counts.values()) * len(inst.directions) * 2 <= 3 * len(placed)
    per = data["stats"]["puzzles"]
    assert len(per) == len(puzzles(data)) and all(len(q["quadrants"]) == 4 for q in per)


@pytest.mark.parametrize("name", NOT_BALANCED)
def test_a_grid_too_full_to_balance_says_so(name: str, cli) -> None:
    assert "balance=off (the grid is too full to balance: " in cli("wordsearch", WORDSEARCH / name, "--stats").err


def test_a_grid_that_cannot_be_balanced_is_proved_so_and_still_solved(cli, tmp_path: Path) -> None:
    path = tmp_path / "apart.yaml"  # no shared letter: the words cannot cross, so both run one way
    path.write_text("width: 3\nheight: 3\nlevel: easy\nwords: [ABC, DEF]\n")
    res = cli("wordsearch", path, "--stats", "--json")
    assert res.code == 10 and "balance=off (the grid allows no balanced puzzle: proved)" in res.err
    assert json.loads(res.out)["stats"]["direction_share_max"] == 2.0


@pytest.mark.parametrize(("words", "directions", "can"), [
    (5, 4, False), (6, 4, True), (4, 4, True), (2, 4, False), (1, 2, False), (2, 2, True),
    (9, 8, False), (10, 8, False), (11, 8, True), (5, 8, False), (6, 8, True), (3, 1, True),
])  # fmt: skip
def test_whether_words_can_spread_over_the_directions_is_counted(words: int, directions: int, can: bool) -> None:
    assert quality.directions_can_balance(words, directions) is can


def test_five_words_on_a_big_grid_skip_a_balance_they_cannot_have(cli, tmp_path: Path) -> None:
    """Five words cannot spread over medium's four directions (at most one each): counting says
    so at once, where proving it grew a big grid's sample to every candidate (a 100x100 grid took
    minutes and gigabytes; here a 40x40 one, which took seconds)."""
    path = tmp_path / "words.txt"
    path.write_text("CAT\nDOG\nBIRD\nFISH\nHORSE\n")
    res = cli("wordsearch", path, "--size", "40x40", "--stats", "--json", "--time-limit", "60")
    assert res.code == 10, res.err
    assert "balance=off (5 words cannot spread over 4 directions: proved)" in res.err
    stats = json.loads(res.out)["stats"]
    assert stats["candidates"] < 1000  # a sample: never grown to all 4 x 40 x 40 placements a word
    assert stats["rounds"] == 1


def test_no_balance_switch_turns_it_off(cli) -> None:
    res = cli("wordsearch", GARDEN, "--stats", "--no-balance")
    assert res.code == 10 and "balance=off (switched off)" in res.err


def test_balance_holds_on_medium_lists_over_several_seeds() -> None:
    inst = read_instance(GARDEN)
    for seed in range(1, 6):
        puzzle = generate(replace(inst, seed=seed)).puzzles[0]
        assert quality.balance_problems(inst.width, inst.height, puzzle.placements, inst.directions) == []


# ------------------------------------------------------------------------------ books


@pytest.mark.parametrize("name", ["garden-15x15.yaml", "hola-8x8.yaml", "vor-5x5.yaml", "heart-13x12.yaml"])
def test_a_book_of_ten_shares_at_most_a_fifth_of_the_placements(name: str, cli) -> None:
    res = cli("wordsearch", WORDSEARCH / name, "--models", "10", "--json", "--stats")
    assert res.code == 10, res.err
    data = json.loads(res.out)
    inst = read_instance(WORDSEARCH / name)
    book = [placements(puzzle) for puzzle in data["puzzles"]]
    assert len(book) == 10 and "book" not in data
    assert quality.most_shared(book) <= Fraction(1, 5) and data["stats"]["shared_max"] <= 0.2
    for puzzle, placed in zip(data["puzzles"], book, strict=True):
        assert verify(puzzle["grid"], placed, inst.words) == []


def test_a_book_is_the_same_for_the_same_seed() -> None:
    inst = read_instance(GARDEN)
    first, again = generate(inst, models=4), generate(inst, models=4)
    assert [p.grid for p in first.puzzles] == [p.grid for p in again.puzzles]


def test_a_list_without_room_gives_a_shorter_book_and_says_so(cli, tmp_path: Path) -> None:
    path = tmp_path / "small.yaml"
    path.write_text("width: 3\nheight: 3\nlevel: easy\nwords: [ABC, DEF]\n")
    res = cli("wordsearch", path, "--models", "10", "--json")
    assert res.code == 30, res.err  # every candidate tried: no further distinct puzzle exists
    data = json.loads(res.out)
    assert 1 < len(data["puzzles"]) < 10
    assert data["book"]["asked"] == 10 and data["book"]["distinct"] == len(data["puzzles"]) and data["book"]["proved"]
    lines = [line for line in res.err.splitlines() if line.startswith("book: ")]
    assert lines == [f"book: only {len(data['puzzles'])} of 10 puzzles share at most 20% of their placements "
                     "with each other (proved)"]  # fmt: skip
    assert quality.most_shared([placements(q) for q in data["puzzles"]]) == 0  # 20 % of 2 words: none shared


def test_max_shared_100_enumerates_as_clingo_does(cli) -> None:
    near = json.loads(cli("wordsearch", GARDEN, "--models", "3", "--max-shared", "100", "--json").out)
    book = [placements(q) for q in near["puzzles"]]
    assert len(book) == 3 and quality.most_shared(book) > Fraction(1, 2)  # near copies: filler differs


def test_seeds_give_different_puzzles() -> None:
    for path in (GARDEN, WORDSEARCH / "hola-8x8.yaml"):
        inst = read_instance(path)
        book = [generate(replace(inst, seed=seed)).puzzles[0].placements for seed in range(1, 6)]
        assert quality.most_shared(book) <= Fraction(1, 5), path.name


def test_bad_max_shared_is_refused(cli) -> None:
    res = cli("wordsearch", GARDEN, "--max-shared", "120")
    assert res.code != 0 and "--max-shared: must be a whole number from 0 to 100, got 120" in res.err
    with pytest.raises(InputError, match=r"^max_shared=: must be a whole number from 0 to 100"):
        wordsearch.generate(["cat", "dog"], width=5, height=5, max_shared=-1)



# ------------------------------------------------------------------------------ encoding = checker

SMALL = ["CATS", "DOGS", "EMUS"]  # on 5x5, medium: every placement is enumerated


def small_instance(level: str = "medium") -> WordSearchInstance:
    words = tuple(SMALL)
    return WordSearchInstance("t", 5, 5, words, LEVELS[level], level, default_alphabet(words, level), 1, "")


def small_candidates(level: str = "medium") -> list[list[Candidate]]:
    return [all_candidates(w, small_instance(level)) for w in SMALL]


def every_model(
    balance: bool | None = None, earlier: dict[int, int] | None = None, level: str = "medium"
) -> set[frozenset[Placement]]:
    """Every placement of SMALL the encoding allows: ``balance`` None leaves the balance part out,
    else assumes ``balanced`` so; ``earlier`` (word -> candidate) is a book's earlier puzzle."""
    cands = small_candidates(level)
    solver = Solver(["wordsearch.lp"])
    solver.add_facts(facts(small_instance(level), cands))
    solver.ground([("base", []), *([("balance", [])] if balance is not None else [])])
    assumptions = [(Function("placed", [Number(w)]), True) for w in range(len(SMALL))]
    if balance is not None:
        solver.assign_external(Function("balanced"), None)
        assumptions.append((Function("balanced"), balance))
    if earlier is not None:
        parts = [("earlier", [Number(0), Number(w), Number(k)]) for w, k in earlier.items()]
        solver.ground([*parts, ("book", [Number(0)])])
        solver.assign_external(Function("distinct", [Number(0)]), None)
        assumptions.append((Function("distinct", [Number(0)]), True))
    found: set[frozenset[Placement]] = set()

    def keep(answer: Answer) -> None:
        chosen = [s.arguments for s in answer.symbols if s.name == "place"]
        found.add(frozenset(Placement(SMALL[w.number], *astuple(cands[w.number][k.number])) for w, k in chosen))

    assert solver.solve(models=0, assumptions=assumptions, on_answer=keep).exhausted
    return found


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_the_encodings_balance_is_the_checkers(level: str) -> None:
    every = every_model(level=level)
    balanced = every_model(balance=True, level=level)
    assert every_model(balance=False, level=level) == every and 0 < len(balanced) < len(every)
    directions = LEVELS[level]
    assert balanced == {m for m in every if not quality.balance_problems(5, 5, list(m), directions)}


def test_the_encodings_book_is_the_checkers() -> None:
    every = every_model()
    first = min(every, key=lambda m: sorted(astuple(p) for p in m))
    cands = small_candidates()
    earlier = {w: next(k for k, c in enumerate(cands[w]) if Placement(word, *astuple(c)) in first)
               for w, word in enumerate(SMALL)}  # fmt: skip
    distinct = every_model(earlier=earlier)
    assert 0 < len(distinct) < len(every)
    assert distinct == {m for m in every if quality.shared(list(m), list(first)) <= Fraction(1, 5)}
