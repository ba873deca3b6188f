"""Crossword layout from a word list: checker, numbering, proved optimum vs brute force, ipuz, CLI."""

from __future__ import annotations

import json
import random
from itertools import product
from pathlib import Path
from typing import NamedTuple

import ipuz
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyclingo_puzzles.core.grid import Placement
from pyclingo_puzzles.core.solve import Status
from pyclingo_puzzles.formats.ipuz import numbering
from pyclingo_puzzles.layout import arrange
from pyclingo_puzzles.layout.greedy import Board, work
from pyclingo_puzzles.layout.objective import key
from pyclingo_puzzles.layout.parts import orphan_pair, unconnectable
from pyclingo_puzzles.layout.reader import parse_instance
from pyclingo_puzzles.layout.verify import check

from ..conftest import INSTANCES, loaded, one_line_error, parse_or_one_line_error

LAYOUTS = INSTANCES / "layout"
A, D = "across", "down"


def P(word: str, row: int, col: int, d: str) -> Placement:
    return Placement(word, row, col, d)


# ---------------------------------------------------------------- checker on hand-made grids


def test_checker_accepts_a_hand_made_layout() -> None:
    # C A T
    #     O
    #     A
    #   G D?  -> use DOG across from TOAD's D
    layout = [P("CAT", 0, 0, A), P("TOAD", 0, 2, D), P("DOG", 3, 2, A)]
    assert check(["CAT", "TOAD", "DOG"], layout) == []


@pytest.mark.parametrize(
    ("placements", "problem"),
    [
        ([P("CAT", 0, 0, A), P("DOG", 0, 2, D)], "holds"),  # T and D in one cell
        ([P("CAT", 0, 0, A), P("TOAD", 0, 2, D), P("DOG", 6, 0, A)], "not connected"),
        ([P("CAT", 0, 0, A), P("TOAD", 0, 2, D), P("DOG", 3, 3, A)], "run"),  # DDOG: DOG touches TOAD's end
        ([P("CAT", 0, 0, A), P("TOAD", 0, 2, D), P("OX", 1, 3, D)], "run"),  # OO side by side
        ([P("CAT", 0, 0, A), P("TOAD", 0, 2, D)], "placed 0 times"),  # DOG missing
        ([P("CAT", 0, 0, A), P("TOAD", 0, 2, D), P("DOG", 3, 2, A), P("DOG", 3, 2, A)], "placed 2 times"),
    ],
)
def test_checker_rejects_bad_layouts(placements: list[Placement], problem: str) -> None:
    words = ["CAT", "TOAD", "OX"] if any(p.word == "OX" for p in placements) else ["CAT", "TOAD", "DOG"]
    problems = check(words, placements)
    assert any(problem in p for p in problems), problems


# a staircase: CAT is crossed at all three letters (TIC ends on C, ARE starts at A, PAT ends on T)
STAIRCASE = [P("CAT", 2, 0, A), P("TIC", 0, 0, D), P("ARE", 2, 1, D), P("PAT", 0, 2, D)]


def test_a_word_may_be_crossed_at_adjacent_letters() -> None:
    # why no "ceil(L/2) crossings per word" bound is claimed: this layout is valid
    assert check([p.word for p in STAIRCASE], STAIRCASE) == []


def test_taking_out_a_word_can_leave_a_run_that_is_no_word() -> None:
    assert orphan_pair(STAIRCASE, STAIRCASE[1:])  # C and A side by side with no across word
    assert not orphan_pair(STAIRCASE, STAIRCASE[:3])  # PAT out: CAT still covers its letters
    rest = [P("CAT", 0, 0, A), P("TOAD", 0, 2, D)]
    assert not orphan_pair([*rest, P("DOG", 3, 2, A)], rest)


def test_incremental_options_agree_with_a_fresh_scan() -> None:
    board = Board([P("KETTLE", 0, 0, A)])
    known = dict(board.options("TOAST"))
    board.add(P("TOASTER", 0, 2, D))
    board.update_options("TOAST", known, P("TOASTER", 0, 2, D))
    assert known == dict(board.options("TOAST"))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**9))
def test_incremental_options_agree_with_a_fresh_scan_and_count_every_kept_position(seed: int) -> None:
    # words go in at random valid positions; after each, every other word's kept positions, brought
    # up to date, equal a fresh scan of the board
    words = parse_instance((LAYOUTS / "garden-20.yaml").read_text(), "garden-20.yaml").words
    rng = random.Random(seed)
    board = Board([P(words[0], 0, 0, A)])
    remaining = list(words[1:])
    known = {w: dict(board.options(w)) for w in remaining}
    while remaining:
        placeable = [(w, p) for w in remaining for p in known[w]]
        if not placeable:
            break
        word, placed = rng.choice(placeable)
        board.add(placed)
        remaining.remove(word)
        near = board.anchors(placed.cells())
        for w in remaining:
            kept = len(known[w])
            before = work()
            board.update_options(w, known[w], placed, near if rng.random() < 0.5 else None)
            spent = work() - before
            assert known[w] == dict(board.options(w))
            # the positions far from the new word are not fitted again, but counted as if they were:
            # the search's work, and so its phases, are those of fitting every kept position
            before = work()
            board.options_near(w, placed.cells())
            assert spent == kept + (work() - before)
    assert len(remaining) < len(words) - 1


def test_api_arrange_matches_the_cli(cli) -> None:
    # the proof needs about a second of CPU: the limit grows with the load (it failed at load 9 with 5 s)
    limit = loaded(5)
    result = arrange(LAYOUTS / "pets-5.yaml", seed=1, time_limit=limit)
    assert result.status is Status.SAT and result.optimal and result.exit_code == 30
    assert check(list(result.instance.words), result.placements) == []
    run = cli("layout", str(LAYOUTS / "pets-5.yaml"), "--json", "--seed", "1", "--time-limit", str(limit))
    doc = json.loads(run.out)
    assert run.code == 30 and (doc["crossings"], doc["area"]) == (result.crossings, result.area)
    assert sorted(result.to_json()) == sorted(doc)
    puzzle = ipuz.read(json.dumps(result.to_ipuz()))
    assert len(puzzle["solution"]) == result.layout.height
    pairs = arrange([("dog", "barks"), ("goat", "bleats")], time_limit=3)
    clues = pairs.to_ipuz()["clues"]
    assert sorted(c["clue"] for part in clues.values() for c in part) == ["barks", "bleats"]
    assert arrange("cat, tac", time_limit=2).crossings == 1


def test_numbering_of_a_known_grid() -> None:
    rows = ["CAT ", "  O ", " DOG", "  A ", "  D "]  # not a valid layout; numbering only reads runs
    # 1 CAT across; 2 TOAD down (0,2); 3 DOG across at (2,1)
    assert numbering(rows) == {(0, 0): 1, (0, 2): 2, (2, 1): 3}
    rows = ["SEA", "E  ", "A  "]
    assert numbering(rows) == {(0, 0): 1}


# ---------------------------------------------------------------- brute force vs proved optimum
def _valid(words: list[str], placed: list[Placement]) -> bool:
    """The test's own validity check: letters agree, every run of 2+ is a placed word, connected."""
    grid: dict[tuple[int, int], str] = {}
    for p in placed:
        for i, ch in enumerate(p.word):
            cell = (p.row, p.col + i) if p.dir == A else (p.row + i, p.col)
            if grid.get(cell, ch) != ch:
                return False
            grid[cell] = ch
    starts = {(p.row, p.col, p.dir): p.word for p in placed}
    runs = {}
    for r, c in grid:
        for d, (dr, dc) in ((A, (0, 1)), (D, (1, 0))):
            if (r - dr, c - dc) not in grid and (r + dr, c + dc) in grid:
                n = 0
                while (r + dr * n, c + dc * n) in grid:
                    n += 1
                runs[(r, c, d)] = "".join(grid[(r + dr * i, c + dc * i)] for i in range(n))
    if runs != starts:
        return False
    todo, seen = [next(iter(grid))], set()
    while todo:
        r, c = todo.pop()
        if (r, c) in seen:
            continue
        seen.add((r, c))
        todo += [x for x in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if x in grid]
    return len(seen) == len(grid)


def brute_force(words: list[str]) -> list[tuple[int, int, int]]:
    """(crossings, height, width) of every connected layout (up to translation and transposition):
    the first word across at the origin, every other word placed (in any order) crossing an
    already placed one at an equal letter."""
    found = []
    seen: set[frozenset[Placement]] = set()

    def grow(placed: list[Placement]) -> None:
        key = frozenset(placed)
        if key in seen:
            return
        seen.add(key)
        if len(placed) == len(words):
            if _valid(words, placed):
                cells = {
                    (p.row + i * (p.dir == D), p.col + i * (p.dir == A)) for p in placed for i in range(len(p.word))
                }
                across = {(p.row, p.col + i) for p in placed if p.dir == A for i in range(len(p.word))}
                down = {(p.row + i, p.col) for p in placed if p.dir == D for i in range(len(p.word))}
                rows = [r for r, _ in cells]
                cols = [c for _, c in cells]
                found.append((len(across & down), max(rows) - min(rows) + 1, max(cols) - min(cols) + 1))
            return
        done = {p.word for p in placed}
        for w in words:
            if w in done:
                continue
            for p in placed:
                for (i, x), (j, y) in product(enumerate(p.word), enumerate(w)):
                    if x != y:
                        continue
                    q = Placement(w, p.row - j, p.col + i, D) if p.dir == A else Placement(w, p.row + i, p.col - j, A)
                    grow([*placed, q])

    grow([Placement(words[0], 0, 0, A)])
    return found


def crossing_weight(lengths: list[int]) -> int:
    """balanced: a crossing is worth ten times the mean word length in cells, rounded half up."""
    return int(10 * sum(lengths) / len(lengths) + 0.5)


def best_by(prefer: str, found: list[tuple[int, int, int]], weight: int) -> tuple[int, int]:
    """The test's own statement of each order, as (crossings, area) of the best layout."""
    order = {
        "crossings": lambda x, a: (x, -a),
        "area": lambda x, a: (-a, x),
        "balanced": lambda x, a: (x * weight - a, x),
    }[prefer]
    return max(((x, h * w) for x, h, w in found), key=lambda xa: order(*xa))


@pytest.mark.parametrize("prefer", ["crossings", "balanced"])
@pytest.mark.parametrize(
    "text", ["[cat, dog, goat, toad, cod]", "[kettle, salt, oven, tone]", "[ring, grin, nag, gin]"]
)
def test_proved_optimum_equals_brute_force(cli, tmp_path: Path, text: str, prefer: str) -> None:
    path = tmp_path / "list.yaml"
    path.write_text(f"words: {text}\nprefer: {prefer}\n")
    res = cli("layout", path, "--json", "--time-limit", "20")
    assert res.code == 30, res.err
    data = json.loads(res.out)
    words = [w.upper() for w in text.strip("[]").replace(" ", "").split(",")]
    best = best_by(prefer, brute_force(words), crossing_weight([len(w) for w in words]))
    assert (data["crossings"], data["area"]) == best


class _Scored(NamedTuple):
    crossings: int
    area: int
    placements: tuple[Placement, ...]


@pytest.mark.parametrize("prefer", ["crossings", "area", "balanced"])
def test_the_search_key_orders_as_the_test_states_it(prefer: str) -> None:
    # ten words of 58 letters: a crossing is worth 58 cells under balanced
    lengths = [6] * 8 + [5] * 2
    words = tuple(Placement("A" * n, 2 * i, 0, A) for i, n in enumerate(lengths))
    pairs = [(x, a) for x in (9, 10, 11, 12) for a in (90, 96, 120, 154, 195, 250)]
    ranked = sorted(pairs, key=lambda xa: key(_Scored(xa[0], xa[1], words), prefer))  # type: ignore[arg-type]
    assert ranked[0] == best_by(prefer, [(x, a, 1) for x, a in pairs], crossing_weight(lengths))
    if prefer == "balanced":  # 10 in 96 beats 11 in 195, 11 in 120 beats 10 in 96
        assert ranked.index((10, 96)) < ranked.index((11, 195))
        assert ranked.index((11, 120)) < ranked.index((10, 96))


def test_a_crossing_weighs_the_same_on_a_long_list() -> None:
    # fifty words of 6 letters: a crossing is worth 60 cells, not the list's 300 letters, so one
    # crossing more does not pay for a box a tenth larger
    words = tuple(Placement("A" * 6, 2 * i, 0, A) for i in range(50))
    smaller, more = _Scored(64, 630, words), _Scored(65, 700, words)
    assert key(smaller, "balanced") < key(more, "balanced")  # type: ignore[arg-type]
    assert key(more, "crossings") < key(smaller, "crossings")  # type: ignore[arg-type]
    assert key(_Scored(65, 680, words), "balanced") < key(smaller, "balanced")  # type: ignore[arg-type]


@pytest.mark.parametrize(("height", "width"), [(4, 4), (4, 5), (5, 5), (4, 6)])
def test_a_given_box_is_decided_as_brute_force_says(cli, tmp_path: Path, height: int, width: int) -> None:
    path = tmp_path / "box.yaml"
    box = f"max_width: {width}\nmax_height: {height}\nprefer: crossings\n"
    path.write_text(f"words: [cat, dog, goat, toad, cod]\n{box}")
    res = cli("layout", path, "--json", "--time-limit", "20")
    fitting = [
        (x, -h * w) for x, h, w in brute_force(["CAT", "DOG", "GOAT", "TOAD", "COD"])
        if (h <= height and w <= width) or (w <= height and h <= width)  # a transposed layout fits too
    ]
    if not fitting:
        assert res.code == 20 and json.loads(res.out)["status"] == "UNSAT"
    else:
        data = json.loads(res.out)
        assert res.code == 30 and (data["crossings"], -data["area"]) == max(fitting)


# ---------------------------------------------------------------- ipuz round trips
def _check_ipuz(path: Path, grid: list[str], clues: dict[tuple[int, str], str] | None = None) -> None:
    doc = ipuz.read(path.read_text(encoding="utf-8"))
    numbers = numbering(grid)
    width = max(len(r) for r in grid)
    assert doc["dimensions"] == {"width": width, "height": len(grid)}
    for r, row in enumerate(grid):
        for c, ch in enumerate(row.ljust(width)):
            if ch == " ":
                assert doc["puzzle"][r][c] == "#" and doc["solution"][r][c] == "#"
            else:
                assert doc["solution"][r][c] == ch
                assert doc["puzzle"][r][c] == numbers.get((r, c), 0)
    listed = {(e["number"], d): e for d in ("Across", "Down") for e in doc["clues"][d]}
    for (n, d), e in listed.items():
        r, c = next(cell for cell, m in numbers.items() if m == n)
        step = (0, 1) if d == "Across" else (1, 0)
        read = "".join(grid[r + step[0] * i][c + step[1] * i] for i in range(len(e["answer"])))
        assert read == e["answer"]
    if clues is not None:
        assert {k: e["clue"] for k, e in listed.items()} == clues


# three of pets-5's words with their clues: the optimum in half the CPU of five words
PETS_3 = (
    "words:\n  - {word: cat, clue: Purrs on the sofa}\n  - {word: cod, clue: Fish for chips}\n"
    "  - {word: dog, clue: Wags its tail}\n"
)


def test_layout_ipuz_round_trip(cli, tmp_path: Path) -> None:
    out = tmp_path / "pets.ipuz"
    pets = tmp_path / "pets.yaml"
    pets.write_text(PETS_3)
    res = cli("layout", pets, "--json", "--ipuz", out)
    data = json.loads(res.out)
    clues = {(p["number"], p["dir"].capitalize()): p["clue"] for p in data["placements"]}
    assert len(clues) == 3 and all(clues.values())
    _check_ipuz(out, data["grid"], clues)


def test_p99_ipuz_round_trip(cli, tmp_path: Path) -> None:
    out = tmp_path / "p99.ipuz"
    res = cli("crossword", INSTANCES / "crossword" / "plus-two-solutions.yaml", "--json", "--ipuz", out)
    assert res.code in (10, 30)
    _check_ipuz(out, json.loads(res.out)["solutions"][0]["grid"])


def test_dictionary_fill_ipuz_round_trip(cli, tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("cat\ncar\narc\nart\ntar\nrat\nate\neat\ntea\nera\nare\near\n")
    frame = tmp_path / "f.grid"
    frame.write_text("___\n_*_\n___\n")
    out = tmp_path / "fill.ipuz"
    res = cli("crossword", frame, "--dictionary", words, "--json", "--ipuz", out)
    assert res.code in (10, 30)
    _check_ipuz(out, json.loads(res.out)["solutions"][0]["grid"])


# ---------------------------------------------------------------- CLI behaviour and exit codes
def test_layout_prints_grid_clues_and_verdict(cli, tmp_path: Path) -> None:
    svg, key, pets = tmp_path / "p.svg", tmp_path / "k.svg", tmp_path / "pets.yaml"
    pets.write_text(PETS_3)
    res = cli("layout", pets, "--svg", svg, "--svg-key", key)
    assert res.code == 30
    assert "Across" in res.out and "Down" in res.out and "Purrs on the sofa (3)" in res.out
    assert "optimal" in res.out and "not proved" not in res.out
    assert svg.read_text().count("<rect") == key.read_text().count("<rect") > 5
    assert ">DOG<" not in svg.read_text() and ">G<" in key.read_text()


def test_cannot_connect_is_proved(cli) -> None:
    res = cli("layout", LAYOUTS / "cannot-connect.yaml")
    assert res.code == 20 and "cannot connect: BUZZ" in res.out
    assert unconnectable(["CAT", "ACT", "DOG", "GOD"]) == ["DOG", "GOD"]


def test_one_word_is_a_layout(cli) -> None:
    res = cli("layout", LAYOUTS / "one-word.yaml", "--json")
    data = json.loads(res.out)
    assert res.code == 30 and data["grid"] == ["HELLO"] and data["placements"][0]["number"] == 1


def test_time_limit_gives_the_best_found_with_exit_11(cli) -> None:
    # the first greedy start comes before the list's rectangles are found: a layout within 0.1 s of
    # CPU after reading, so 0.5 s (0.375 s of search; more on a busy machine) leaves room. --jobs 1: no
    # worker searching beside for the whole limit too (its own tests are in test_layout_motifs.py)
    res = cli("layout", LAYOUTS / "mixed-50.yaml", "--time-limit", loaded(0.5), "--json", "--jobs", "1")
    data = json.loads(res.out)
    assert res.code == 11 and data["optimal"] is False
    assert (
        check(
            [p["word"] for p in data["placements"]],
            [Placement(p["word"], p["row"], p["col"], p["dir"]) for p in data["placements"]],
        )
        == []
    )
    assert len(data["placements"]) == 50


def test_user_rules_are_obeyed(cli, tmp_path: Path) -> None:
    rules = tmp_path / "r.lp"
    rules.write_text(':- place("GOAT",_,_,across).\n:- top(R), place(_,R,_,across).\n')
    # four words: the optimum under the rules is proved in half the CPU pets-5.yaml's takes
    path = tmp_path / "four.yaml"
    path.write_text("words: [cat, cod, dog, goat]\nmax_width: 6\nmax_height: 6\n")  # a 6x6 box: a smaller proof
    res = cli("layout", path, "--rules", rules, "--json", "--time-limit", "5")
    data = json.loads(res.out)
    assert res.code in (11, 30)
    goat = next(p for p in data["placements"] if p["word"] == "GOAT")
    assert goat["dir"] == "down"
    assert all(p["row"] > 0 for p in data["placements"] if p["dir"] == "across")
    # only the best layout is kept: no projection, so no clingo warning that the optimum "may depend
    # on enumeration order" (it came once per neighbourhood, 100 times on a 10-word list)
    assert "Projection" not in res.err and "warning" not in res.err


@pytest.mark.slow
def test_prefer_area_trades_crossings_for_a_smaller_box(cli, tmp_path: Path) -> None:
    path = tmp_path / "l.yaml"
    path.write_text("words: [cat, dog, goat, toad, cod]\nprefer: area\n")
    res = cli("layout", path, "--json")
    area_first = json.loads(res.out)
    # pets-5's words in the default order: its proved optimum is the brute force's, as the test above
    # holds (a second layout here, of pets-5.yaml, cost 0.4 s of CPU); and so is the area's
    words = ["CAT", "DOG", "GOAT", "TOAD", "COD"]
    found, weight = brute_force(words), crossing_weight([len(w) for w in words])
    default_crossings, default_area = best_by("balanced", found, weight)
    assert res.code == 30 and (area_first["crossings"], area_first["area"]) == best_by("area", found, weight)
    assert area_first["area"] <= default_area
    assert area_first["crossings"] <= default_crossings


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("words: []\n", "empty"),
        ("words: [a, cat]\n", "one letter"),
        ("words: [cat, CAT]\n", "listed twice"),
        ("words: [cat, concatenate]\n", "inside"),
        ("words:\n  - {word: cat, clue: 3}\n", "'clue' must be a string"),
        ("words: [cat, dog]\nmax_width: 2\nmax_height: 2\n", "fits neither"),
        ("words: [c4t]\n", "not a letter"),
        ("words: [cat]\nprefer: speed\n", "prefer"),
    ],
)
def test_bad_input_is_one_line_and_exit_65(cli, tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    err = one_line_error(parse_instance, text)
    assert message in str(err)
    res = cli("layout", path)
    assert res.code == 65 and res.err.startswith("error: ") and res.err.count("\n") == 1


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet="words:[]{},-clue: \nabcÄ1'\"#max_width2prefer", max_size=80))
def test_reader_fuzz(text: str) -> None:
    parse_or_one_line_error(parse_instance, text, "fuzz.yaml")


@pytest.mark.parametrize("path", sorted(LAYOUTS.glob("*.yaml")), ids=lambda p: p.stem)
def test_shipped_instances_read(path: Path) -> None:
    parse_or_one_line_error(parse_instance, path.read_text(), str(path))


@pytest.mark.parametrize(
    ("box", "verdict"),
    [
        ("", "no layout satisfies the rules (proved)"),
        ("max_width: 8\nmax_height: 8\n", "no layout fits within 8x8 (proved)"),
    ],
)
def test_rules_that_rule_out_every_layout_are_proved_unsolvable(cli, tmp_path: Path, box: str, verdict: str) -> None:
    # GOAT may go nowhere: not a time limit (exit 1 after the whole limit), a proof (exit 20); three
    # words (five grounded twice the positions for the same proof)
    path = tmp_path / "pets.yaml"
    path.write_text("words: [cat, goat, toad]\n" + box)
    rules = tmp_path / "nowhere.lp"
    rules.write_text(':- place("GOAT", _, _, _).\n')
    res = cli("layout", path, "--rules", rules, "--time-limit", "5")
    assert res.code == 20, res.err
    assert res.out.strip() == f"{path}: {verdict}"
    assert json.loads(cli("layout", path, "--rules", rules, "--time-limit", "5", "--json").out) == {"status": "UNSAT"}
    assert arrange(str(path), rules=[rules], time_limit=5).status is Status.UNSAT


def test_the_rules_show_statements_are_printed_for_the_layout(cli, tmp_path: Path) -> None:
    # as in every family: the user's #show atoms after the answer and as "shown" in the JSON,
    # those of the layout printed (its crossings here)
    rules = tmp_path / "show.lp"
    rules.write_text("#show crossing/2.\n")
    # four words, whose optimum is proved within a second of CPU: the search ends there, and the
    # solve that gives the #show atoms has the rest of the limit (a limit the searches ran out
    # took its whole length three times over); in a 6x6 box (the optimum fits) the proof is smaller
    words = tmp_path / "four.yaml"
    words.write_text("words: [cat, cod, dog, goat]\nmax_width: 6\nmax_height: 6\n")
    res = cli("layout", words, "--rules", rules, "--json", "--time-limit", "20")
    data = json.loads(res.out)
    cells: dict[tuple[int, int], int] = {}
    for p in data["placements"]:
        for cell in P(p["word"], p["row"], p["col"], p["dir"]).cells():
            cells[cell] = cells.get(cell, 0) + 1
    crossings = sorted(f"crossing({r},{c})" for (r, c), n in cells.items() if n == 2)
    assert sorted(data["shown"]) == crossings and len(crossings) == data["crossings"]
    # the API, and the text the command prints (the result's ``text``: a third search took 0.4 s of
    # CPU for it): a busy machine may stop the search at another layout than the JSON's, so each is
    # held to its own layout's crossings
    result = arrange(words, rules=[rules], time_limit=20)
    assert result.shown is not None and len(result.shown) == result.layout.crossings
    text = result.text(str(words)).splitlines()
    shown = [line.removeprefix("shown: ").split() for line in text if line.startswith("shown: ")]
    count = int(text[-1].split(": ")[1].split()[0])  # "FILE: N crossings, ..."
    assert len(shown) == 1 and len(shown[0]) == count and all(a.startswith("crossing(") for a in shown[0])
    assert "shown" not in json.loads(cli("layout", words, "--json").out)
