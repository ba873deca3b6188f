"""fillin: the fewest starters, proved against the plain Python search of brute.py (unique with
them, not with fewer), the grade, --starters, the outputs and bad input."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyclingo_puzzles.core.errors import InputError
from pyclingo_puzzles.crossword import fillin
from pyclingo_puzzles.crossword.fillin.grade import grade
from pyclingo_puzzles.crossword.reader import read_instance

from ..conftest import INSTANCES
from .brute import solutions

SMALL = [
    INSTANCES / "fillin" / "two-crosses.yaml",
    INSTANCES / "crossword" / "plus-two-solutions.yaml",
    INSTANCES / "crossword" / "lattice.dat",
    INSTANCES / "crossword" / "ring-duplicates.yaml",
    INSTANCES / "crossword" / "umlauts.yaml",
]


def _letters(data: dict) -> dict[tuple[int, int], str]:
    return {(s["row"], s["col"]): s["letter"] for s in data["starters"]}


@pytest.mark.parametrize("path", SMALL, ids=[p.name for p in SMALL])
def test_fewest_starters_are_proved_by_a_plain_search(path: Path) -> None:
    result = fillin.make(path, seed=1)
    data = result.to_json()
    instance = read_instance(path)
    given = _letters(data)
    assert solutions(instance.framework.rows, instance.words, given) == [tuple(data["grid"])]
    assert data["unique"] is True and data["starters_minimal"] == "smallest"
    cells = [(r, c) for r, row in enumerate(data["grid"]) for c, ch in enumerate(row) if ch != " "]
    for fewer in itertools.combinations(cells, len(given) - 1) if given else ():  # no smaller set is enough
        letters = {cell: data["grid"][cell[0]][cell[1]] for cell in fewer}
        assert len(solutions(instance.framework.rows, instance.words, letters)) > 1


def test_two_crosses_need_two_starters() -> None:
    data = fillin.make(INSTANCES / "fillin" / "two-crosses.yaml").to_json()
    assert data["fewest"] == len(data["starters"]) == 2
    assert data["words"] == ["DAD", "NON", "PAP", "TOT"]
    assert data["framework"] == [" .   . ", "... ...", " .   . "]


def test_easy_starters_let_reasoning_solve_it_and_none_can_go() -> None:
    path = INSTANCES / "crossword" / "lattice.dat"
    instance = read_instance(path)
    data = fillin.make(path, difficulty="easy", seed=2).to_json()
    given = _letters(data)
    assert data["difficulty"]["grade"] == "easy" and data["difficulty"]["unknown"] == 0
    assert grade(instance.framework, instance.words, given).easy
    assert all(not grade(instance.framework, instance.words, {k: v for k, v in given.items() if k != cell}).easy
               for cell in given)  # fmt: skip
    assert solutions(instance.framework.rows, instance.words, given) == [tuple(data["grid"])]


def test_hard_leaves_a_guess_or_says_why() -> None:
    data = fillin.make(INSTANCES / "crossword" / "lattice.dat", difficulty="hard").to_json()
    assert data["difficulty"]["grade"] == "hard" or data["notes"]


def test_the_grade_solves_a_forced_puzzle() -> None:
    instance = read_instance(INSTANCES / "fillin" / "two-crosses.yaml")
    assert not grade(instance.framework, instance.words, {}).easy
    found = grade(instance.framework, instance.words, {(0, 1): "N", (0, 5): "D"})
    assert found.easy and found.steps >= 1


def test_starters_n() -> None:
    path = INSTANCES / "fillin" / "two-crosses.yaml"
    data = fillin.make(path, starters=4, seed=3).to_json()
    assert len(data["starters"]) == 4 and data["fewest"] == 2
    fewer = fillin.make(path, starters=1).to_json()
    assert len(fewer["starters"]) == 2 and "1 starters cannot make the answer unique" in fewer["notes"][0]


def test_api_checks_its_keywords() -> None:
    with pytest.raises(InputError, match="difficulty"):
        fillin.make(["NON", "TOT"], [" . ", "...", " . "], difficulty="medium")
    with pytest.raises(InputError, match="starters"):
        fillin.make(["NON", "TOT"], [" . ", "...", " . "], starters=-1)


def test_cli_outputs(cli, tmp_path: Path) -> None:
    outs = {k: tmp_path / f"p.{k}" for k in ("svg", "pdf", "html", "ipuz")}
    res = cli("fillin", INSTANCES / "fillin" / "two-crosses.yaml", "--json", "--exit-codes", "unix",
              *(a for k, p in outs.items() for a in (f"--{k}", p)))  # fmt: skip
    assert res.code == 0, res.err
    data = json.loads(res.out)
    assert data["unique"] is True and set(data) >= {"grid", "words", "starters", "starters_minimal"}
    assert outs["pdf"].read_bytes().startswith(b"%PDF")
    assert "<svg" in outs["svg"].read_text() and "DAD" in outs["svg"].read_text()
    assert "NON" in outs["html"].read_text()
    assert json.loads(outs["ipuz"].read_text())["solution"]


def test_cli_text_and_exit_codes(cli) -> None:
    res = cli("fillin", INSTANCES / "crossword" / "plus-two-solutions.yaml", "--exit-codes", "clingo")
    assert res.code == 30 and "unique (proved): 1 starter(s); the fewest 1, proved smallest" in res.out
    res = cli("fillin", INSTANCES / "crossword" / "unsat-lengths.dat", "--exit-codes", "unix")
    assert res.code == 1 and "no fill-in: the words cannot fill the framework (proved)" in res.out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["missing.dat"], "not found"),
        (["-"], "not standard input"),
        ([str(INSTANCES / "fillin" / "two-crosses.yaml"), "--size", "5x5"], "not both"),
        ([str(INSTANCES / "fillin" / "two-crosses.yaml"), "--difficulty", "medium"], "medium"),
        ([str(INSTANCES / "fillin" / "two-crosses.yaml"), "--models", "3"], "give no --models"),
    ],
)
def test_bad_input_is_one_line(cli, args: list[str], message: str) -> None:
    res = cli("fillin", *args, "--exit-codes", "unix")
    assert res.code == 2 and message in res.err and len(res.err.strip().splitlines()) == 1, res.err


def test_a_word_list_gets_a_layout(cli, tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("CAT\nTOAD\nDOG\n")
    res = cli("fillin", words, "--json", "--time-limit", "4", "--seed", "1")
    data = json.loads(res.out)
    assert data["unique"] is True and sorted(data["words"]) == ["CAT", "DOG", "TOAD"], res.err
    rows = [row.rstrip() for row in data["framework"]]
    assert all(set(row) <= {" ", "."} for row in rows)


def test_a_framework_without_words_is_filled_from_the_dictionary(cli, tmp_path: Path) -> None:
    grid, words = tmp_path / "plus.grid", tmp_path / "words.txt"
    grid.write_text("#.#\n...\n#.#\n")
    words.write_text("CAT\nTOE\nOAT\n")
    res = cli("fillin", grid, "--dictionary", words, "--json", "--exit-codes", "unix")
    data = json.loads(res.out)
    assert res.code == 0 and data["unique"] is True, res.err
    assert solutions(data["framework"], data["words"], _letters(data)) == [tuple(data["grid"])]
    words.write_text("CAT\nDOG\n")  # no two three-letter words cross here
    res = cli("fillin", grid, "--dictionary", words, "--exit-codes", "unix")
    assert res.code == 1 and "no fill-in: the framework has no fill (proved)" in res.out


def test_a_word_list_no_layout_joins_is_one_line(cli) -> None:
    res = cli("fillin", INSTANCES / "layout" / "cannot-connect.yaml", "--time-limit", "4", "--exit-codes", "unix")
    assert res.code == 2 and "shares no letter with the other words" in res.err
    assert len(res.err.strip().splitlines()) == 1


def test_hard_starters_stay_hard_when_padded() -> None:
    data = fillin.make(INSTANCES / "crossword" / "lattice.dat", difficulty="hard", starters=2, seed=1).to_json()
    assert data["unique"] is True and data["difficulty"]["grade"] == "hard"  # any starter more makes it easy:
    assert len(data["starters"]) == 2 or "no more keep the puzzle hard" in data["notes"][0]  # said so


def _random_puzzle(cells: list[list[str]]) -> tuple[list[str], list[str]] | None:
    """A framework (blocks where ``cells`` has '#') and the words its runs spell, or None (no run)."""
    from .brute import sites

    rows = ["".join(row) for row in cells]
    runs = sites(rows)
    if not runs:
        return None
    frame = ["".join(" " if ch == "#" else "." for ch in row) for row in rows]
    return frame, ["".join(rows[r][c] for r, c in run) for run in runs]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(st.sampled_from("AB#"), min_size=3, max_size=4), min_size=3, max_size=3))
def test_random_small_fillins_are_unique_with_their_starters_and_no_fewer(cells: list[list[str]]) -> None:
    """Grids of A, B and blocks: the starters found leave one solution (the plain search), and no
    smaller set of cells does, whatever the grid (many have several solutions without starters)."""
    width = max(map(len, cells))
    made = _random_puzzle([row + ["#"] * (width - len(row)) for row in cells])
    if made is None:
        return
    frame, words = made
    data = fillin.make(words, frame, seed=1).to_json()
    given = _letters(data)
    assert solutions(frame, words, given) == [tuple(data["grid"])]
    assert data["starters_minimal"] == "smallest"
    places = [(r, c) for r, row in enumerate(frame) for c, ch in enumerate(row) if ch == "."]
    for fewer in itertools.combinations(places, len(given) - 1) if given else ():
        letters = {cell: data["grid"][cell[0]][cell[1]] for cell in fewer}
        assert len(solutions(frame, words, letters)) > 1


def test_hard_finds_other_fewest_starters_that_leave_a_guess() -> None:
    """On two-crosses the first fewest starters may be easy; --difficulty hard looks among every
    other set of as many for one that is unique (the plain search) and leaves a guess."""
    path = INSTANCES / "fillin" / "two-crosses.yaml"
    instance = read_instance(path)
    data = fillin.make(path, difficulty="hard").to_json()
    given = _letters(data)
    assert solutions(instance.framework.rows, instance.words, given) == [tuple(data["grid"])]
    hard_exists = any(
        not grade(instance.framework, instance.words, {c: data["grid"][c[0]][c[1]] for c in pair}).easy
        and len(solutions(instance.framework.rows, instance.words, {c: data["grid"][c[0]][c[1]] for c in pair})) == 1
        for pair in itertools.combinations([(r, c) for r, row in enumerate(data["grid"]) for c, ch in enumerate(row)
                                            if ch != " "], data["fewest"])
    )  # fmt: skip
    assert (data["difficulty"]["grade"] == "hard") == hard_exists
