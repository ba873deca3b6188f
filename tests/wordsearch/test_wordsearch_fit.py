"""Word search: the most words that fit (--fit most, priorities, required, --max-words), secret
words, --size auto, puzzles kept under a time limit, and the word-entry reader."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from itertools import product
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyclingo_puzzles.wordsearch.generate import generate
from pyclingo_puzzles.wordsearch.reader import LEVELS, parse_instance, read_instance
from pyclingo_puzzles.wordsearch.verify import Placement, occurrences, verify

from ..conftest import (
    INSTANCES,
    loaded,
    one_line_error,
    parse_or_one_line_error,
    wait_for_more_cpu,
    wait_for_watchdog,
)

WORDSEARCH = INSTANCES / "wordsearch"
DENSE = ["ABCDEFG", "HIJKLMN", "OPQRSTU", "VWXYZAB", "CDEFGHI", "JKLMNOP", "QRSTUVW", "XYZABCE",
         "FGHIJKM", "NOPQRTU", "VWXYACD", "EFGHJKL", "MNOPRST", "UVWXZAC", "BDEGHIK", "LMNQRSU",
         "TVWYZAE", "BCFGIJL", "MOPQSTV", "WXYZBDF"]  # fmt: skip


def write(tmp_path: Path, text: str, name: str = "w.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def placements(data: dict) -> list[Placement]:
    return [Placement(**p) for p in data["placements"]]


def check_puzzle(data: dict, words: list[str]) -> None:
    """Placed words exactly once where placed, dropped words nowhere (the scanner, independently)."""
    placed = [p.word for p in placements(data)]
    assert verify(data["grid"], placements(data), placed) == []
    assert sorted(placed + data["dropped"]) == sorted(words)
    assert all(not occurrences(data["grid"], w) for w in data["dropped"])


# ------------------------------------------------------------------------------- brute force optimum


def brute_force_best(words: list[str], weights: list[int], width: int, height: int, dirs) -> int:
    """Heaviest selection of words with placements that agree on shared cells and spell no word a
    second time (nor a dropped word) with their letters alone: plain exhaustive search."""
    options = []
    for word in words:
        opts = [None]
        for (dx, dy), r, c in product(dirs, range(height), range(width)):
            cells = [(r + dy * i, c + dx * i) for i in range(len(word))]
            if all(0 <= a < height and 0 <= b < width for a, b in cells):
                opts.append(tuple(zip(cells, word, strict=True)))
        options.append(opts)
    best = 0
    for choice in product(*options):
        grid: dict[tuple[int, int], str] = {}
        ok = True
        for opt in choice:
            for cell, ch in opt or ():
                if grid.setdefault(cell, ch) != ch:
                    ok = False
        if not ok:
            continue
        value = sum(w for w, opt in zip(weights, choice, strict=True) if opt is not None)
        if value <= best:
            continue
        rows = ["".join(grid.get((r, c), ".") for c in range(width)) for r in range(height)]
        clean = all(
            len(occurrences(rows, word)) == (opt is not None) for word, opt in zip(words, choice, strict=True)
        )
        if clean:
            best = value
    return best


@pytest.mark.parametrize(
    ("words", "weights"),
    [
        (["ABC", "CDE", "AFG", "EGA", "BDF"], [1, 1, 1, 1, 1]),
        (["ABC", "CDE", "AFG", "EGA", "BDF"], [1, 3, 1, 2, 1]),
        (["ABA", "BAB", "AAB", "BBA", "BBB"], [2, 1, 1, 1, 3]),  # (no word and its reverse: refused)
    ],
)
def test_fit_most_finds_the_brute_force_optimum(words: list[str], weights: list[int], tmp_path: Path) -> None:
    entries = ", ".join(f"{{word: {w}, priority: {p}}}" for w, p in zip(words, weights, strict=True))
    inst = read_instance(write(tmp_path, f"width: 3\nheight: 3\nlevel: easy\nalphabet: XYZ\nwords: [{entries}]\n"))
    outcome = generate(inst, fit="most")
    assert outcome.optimal and outcome.exit_code == 30
    puzzle = outcome.puzzles[0]
    placed = [p.word for p in puzzle.placements]
    assert verify(puzzle.grid, puzzle.placements, placed, absent=[w for w in words if w not in placed]) == []
    value = sum(p for w, p in zip(words, weights, strict=True) if w in placed)
    assert value == brute_force_best(words, weights, 3, 3, LEVELS["easy"])


# ------------------------------------------------------------------------------------------ the CLI


def test_partial_result_at_the_time_limit(cli, tmp_path: Path) -> None:
    # ten of the words in 7x7: a first answer within 0.05 s, no proof in 1.5 s of CPU (all twenty
    # in 10x10 needed 0.3 s for their first, and so a limit that burned three times as much)
    words = DENSE[:10]
    path = write(tmp_path, f"width: 7\nheight: 7\nwords: [{', '.join(words)}]\n")
    res = cli("wordsearch", path, "--fit", "most", "--time-limit", loaded(0.25), "--json")
    assert res.code == 11, res.err
    data = json.loads(res.out)
    assert data["optimal"] is False and data["dropped"]
    check_puzzle(data, words)
    n = len(data["placements"])
    assert f"partial: {n} of 10 words placed (optimum not proved); dropped: {data['dropped'][0]}" in res.err


def test_optimal_message_and_dropped_word_not_listed(cli) -> None:
    res = cli("wordsearch", WORDSEARCH / "too-many-4x4.yaml", "--fit", "most")
    assert res.code == 30 and "optimal: 4 of 5 words placed" in res.err
    dropped = res.err.split("dropped: ")[1].strip()
    listed = res.out.split("\n\n")[1].split()
    assert dropped not in listed and len(listed) == 4


@pytest.mark.parametrize("favourite", ["XY", "ABCD"])
def test_priorities_decide_what_is_dropped(favourite: str, cli, tmp_path: Path) -> None:
    words = ["ABCD", "EFGH", "IJKL", "MNOP", "XY"]
    entries = [f"{{word: {w}, priority: 5}}" if w == favourite else w for w in words]
    path = write(tmp_path, f"width: 4\nheight: 4\nlevel: easy\nwords: [{', '.join(entries)}]\n")
    data = json.loads(cli("wordsearch", path, "--fit", "most", "--json").out)
    check_puzzle(data, words)
    # ABCD at 5: dropping XY or one of the other long words weighs 8 either way (ties are not ordered)
    assert favourite not in data["dropped"] and len(data["dropped"]) == 1 and data["optimal"]


def test_required_word_is_kept_and_impossible_required_set_gives_the_core(cli, tmp_path: Path) -> None:
    words = "[ABCD, EFGH, IJKL, MNOP, {word: XY, required: true}]"
    path = write(tmp_path, f"width: 4\nheight: 4\nlevel: easy\nwords: {words}\n")
    data = json.loads(cli("wordsearch", path, "--fit", "most", "--json").out)
    assert "XY" not in data["dropped"] and len(data["dropped"]) == 1
    entries = ", ".join(f"{{word: {w}, required: true}}" for w in ("ABC", "DEF", "GHI", "JK"))
    path = write(tmp_path, f"width: 3\nheight: 3\nlevel: easy\nwords: [{entries}, XY]\n")
    res = cli("wordsearch", path, "--fit", "most", "--json")
    assert res.code == 20
    assert sorted(json.loads(res.out)["cannot_fit_together"]) == ["ABC", "DEF", "GHI", "JK"]


def test_max_words(cli) -> None:
    res = cli("wordsearch", WORDSEARCH / "vor-5x5.yaml", "--max-words", "2", "--json")
    data = json.loads(res.out)
    assert res.code == 30 and len(data["placements"]) == 2 and data["optimal"]
    check_puzzle(data, list(read_instance(WORDSEARCH / "vor-5x5.yaml").words))
    for bad in ("0", "-3", "two"):
        res = cli("wordsearch", WORDSEARCH / "vor-5x5.yaml", "--max-words", bad)
        assert res.code == 65 and res.err.count("\n") == 1 and "--max-words" in res.err


def test_secret_words_are_placed_but_not_listed(cli, tmp_path: Path) -> None:
    text = "width: 7\nheight: 7\nwords: [LION, TIGER, ZEBRA]\nsecret: [OKAPI, {word: GNU, priority: 2}]\n"
    path = write(tmp_path, text)
    res = cli("wordsearch", path, "--key")
    assert res.code == 10
    listed = res.out.split("\n\n")[1].split()
    assert listed == ["LION", "TIGER", "ZEBRA"]
    assert "Secret words: OKAPI, GNU" in res.out
    data = json.loads(cli("wordsearch", path, "--json").out)
    assert data["secret"] == ["OKAPI", "GNU"]
    words = ["LION", "TIGER", "ZEBRA", "OKAPI", "GNU"]
    assert verify(data["grid"], placements(data), words) == []


def test_size_auto_reports_the_smallest_size_and_the_proof_below(cli, tmp_path: Path) -> None:
    path = write(tmp_path, "width: 9\nheight: 9\nlevel: easy\nwords: [ABC, DEF, GHI, JK]\n")
    res = cli("wordsearch", path, "--size", "auto", "--json")
    data = json.loads(res.out)
    assert res.code == 10 and len(data["grid"]) == 4 and len(data["grid"][0]) == 4
    assert data["size_auto"] == {"width": 4, "height": 4, "smaller": "proved impossible"}
    assert "size auto: 4x4 is the smallest size found; the next smaller size: proved impossible" in res.err
    wide = json.loads(cli("wordsearch", path, "--size", "auto", "--aspect", "2:1", "--json").out)
    assert len(wide["grid"][0]) == 2 * len(wide["grid"])


@pytest.mark.parametrize("aspect", ["1000:1", "1000000000:1"])
def test_size_auto_with_an_aspect_no_allowed_grid_has_is_an_input_error(aspect: str, cli, tmp_path: Path) -> None:
    """Every 1000:1 grid that holds a word is wider than 500: the search grew sizes it could not
    try, for ever without a time limit (gigabytes in minutes); here the limit ends the old loop."""
    words = write(tmp_path, "CAT\nDOG\nHORSE\n", "words.txt")
    res = cli("wordsearch", words, "--size", "auto", "--aspect", aspect, "--time-limit", "5")
    assert res.code == 65 and res.out == "", res.err
    assert res.err == f"error: --aspect: no grid of shape {aspect} within 500x500 holds HORSE (5 letters)\n"


def test_size_auto_stops_at_the_largest_grid_of_its_aspect(cli, tmp_path: Path) -> None:
    """1:1000 is one column: the search stops growing it at 500 cells, the most a grid may have."""
    words = write(tmp_path, "CAT\nDOG\nHORSE\n", "words.txt")
    data = json.loads(cli("wordsearch", words, "--size", "auto", "--aspect", "1:1000", "--json").out)
    assert data["status"] == "SAT" and all(len(row) == 1 for row in data["grid"]) and len(data["grid"]) <= 500


def test_size_auto_stopped_by_a_signal_says_so(tmp_path: Path) -> None:
    """SIGTERM while --size auto has found no size yet: the run was interrupted (no time limit
    was given, so "within the time limit" would send the user looking for one). Each size is
    grounded anew, which no signal interrupts cooperatively ("interrupted while grounding"), so the
    search must be where the signal lands: three words ground in milliseconds, and a pigeonhole
    (13 pigeons, 12 holes) that the rules add keeps every size's solver busy for its whole 4 s (no
    CDCL solver proves it in minutes). At load 16-21 a list of 40 words, whose sizes ground in
    about as much CPU as their search got, took every one of eight signals while grounding (CI)."""
    words = write(tmp_path, "CAT\nDOG\nHORSE\n", "words.txt")
    rules = write(tmp_path, "pig(1..13). hole(1..12).\n{ in(P, H) : hole(H) } = 1 :- pig(P).\n"
                  ":- in(P, H), in(Q, H), P < Q.\n", "pigeons.lp")  # fmt: skip
    proc = subprocess.Popen(
        [sys.executable, "-m", "pyclingo_puzzles", "wordsearch", words, "--size", "auto", "--rules", rules],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    wait_for_watchdog(proc.pid)
    wait_for_more_cpu(proc.pid, 0.5)  # reading and the first grounding done: the pigeons' search
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 1, err
    assert "found before the run was interrupted" in err and "time limit" not in err, err


def test_every_puzzle_found_before_the_time_limit_is_printed(cli) -> None:
    # hundreds of puzzles in 0.1 s: the limit only has to end the enumeration
    res = cli("wordsearch", WORDSEARCH / "vor-5x5.yaml", "--models", "0", "--time-limit", loaded(0.25), "--json")
    assert res.code == 11
    data = json.loads(res.out)
    words = list(read_instance(WORDSEARCH / "vor-5x5.yaml").words)
    assert len(data["puzzles"]) > 10
    assert len({tuple(p["grid"]) for p in data["puzzles"]}) == len(data["puzzles"])
    for puzzle in data["puzzles"][:: max(1, len(data["puzzles"]) // 20)]:
        assert verify(puzzle["grid"], placements(puzzle), words) == []


# ------------------------------------------------------------------------------------------- reader

BASE = "width: 6\nheight: 6\n"


@pytest.mark.parametrize(
    ("text", "fragment", "line"),
    [
        (BASE + "words:\n  - AB\n  - {word: CD, priority: 0}\n", "positive integer", 5),
        (BASE + "words:\n  - {word: CD, priority: -2}\n", "positive integer", 4),
        (BASE + "words:\n  - {word: CD, priority: x}\n", "positive integer", 4),
        (BASE + "words:\n  - {word: CD, priority: 1.5}\n", "positive integer", 4),
        (BASE + "words:\n  - {word: CD, priority: true}\n", "positive integer", 4),
        (BASE + "words: [AB]\nsecret:\n  - {word: CD, required: true}\n", "a secret word is never dropped", 5),
        (BASE + "words:\n  - {word: CD, colour: red}\n", "unknown key 'colour'", 4),
        (BASE + "words:\n  - {priority: 2}\n", "has no 'word'", 4),
        (BASE + "words:\n  - {word: CD, required: yes please}\n", "required must be true or false", 4),
        (BASE + "words: [AB]\nsecret: [AB]\n", "listed twice", 4),
        (BASE + "words: [ABC]\nsecret: [BC]\n", "occurs inside ABC", 4),
        (BASE + "words: [AB]\nsecret: ABC\n", "must be a list", 4),
        (BASE + "words: [XY]\nsecret: [ABCDEFGH]\n", "longer than the 6x6 grid", 4),
    ],
)
def test_word_entry_errors(text: str, fragment: str, line: int) -> None:
    err = one_line_error(parse_instance, text)
    assert fragment in str(err) and err.line == line, str(err)


def test_word_entries_read() -> None:
    inst = parse_instance(
        BASE + "words: [cat, {word: tiger, priority: 3}, {word: lion, required: true}]\nsecret: [gnu]\n", "x.yaml"
    )
    assert inst.words == ("CAT", "TIGER", "LION", "GNU")
    assert [inst.priority(w) for w in range(4)] == [1, 3, 1, 1]
    assert inst.required == ("LION",) and inst.secret == ("GNU",)


def test_required_words_beyond_max_words_exit_65(cli, tmp_path: Path) -> None:
    path = write(tmp_path, BASE + "words: [{word: AB, required: true}, {word: CD, required: true}, EF]\n")
    res = cli("wordsearch", path, "--max-words", "1")
    assert res.code == 65 and "2 words are required but --max-words is 1" in res.err


ENTRY = st.one_of(
    st.text(alphabet="ABCé1 ", max_size=5),
    st.integers(-3, 3),
    st.dictionaries(
        st.sampled_from(["word", "priority", "required", "colour"]),
        st.one_of(st.text(alphabet="ABCD", max_size=4), st.integers(-2, 20_000), st.booleans(), st.none()),
        max_size=3,
    ),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ENTRY, max_size=4), st.lists(ENTRY, max_size=3) | st.none())
def test_fuzz_word_entries_give_instance_or_one_line_error(words: list, secret: list | None) -> None:
    doc: dict = {"width": 5, "height": 5, "words": words}
    if secret is not None:
        doc["secret"] = secret
    inst = parse_or_one_line_error(parse_instance, json.dumps(doc), "f.yaml")
    if inst is not None:
        assert all(w.isalpha() and len(w) >= 2 for w in inst.words)
        assert set(inst.secret) <= set(inst.words) and set(inst.required) <= set(inst.words)
        assert all(p >= 1 for p in inst.priorities)


def test_no_selection_fits_names_no_words(cli) -> None:
    # two words cannot cover the 23 cells the hidden message leaves to them
    res = cli("wordsearch", WORDSEARCH / "message-6x5.yaml", "--max-words", "2")
    assert res.code == 20 and "no selection of the words fits on 6x5 (proved)" in res.out


def test_pdf_pages_list_placed_words_and_the_key_the_secret_ones(tmp_path: Path) -> None:
    from pyclingo_puzzles.wordsearch.api import generate_instance
    from pyclingo_puzzles.wordsearch.report import pdf_pages

    path = write(tmp_path, "width: 4\nheight: 4\nlevel: easy\nwords: [ABCD, EFGH, IJKL, MNOP, XY]\nsecret: [QR]\n")
    result = generate_instance(read_instance(path), fit="most", models=3)
    pages = pdf_pages(result, "t")
    assert len(pages) == 2 * len(result.puzzles) >= 2
    fronts, keys = pages[: len(result.puzzles)], pages[len(result.puzzles) :]
    for front, key, puzzle in zip(fronts, keys, result.puzzles, strict=True):
        placed = [p.word for p in puzzle.placements]
        assert list(front.words) == [w for w in placed if w != "QR"]
        assert sorted(key.words) == sorted(placed)


# ------------------------------------------------------------------- "every word" as exact cover


def test_every_word_from_is_the_weight_only_the_whole_list_beats() -> None:
    from pyclingo_puzzles.wordsearch.fit_most import every_word_from

    text = "width: 5\nheight: 5\nwords: [{word: CAT, priority: 3}, DOG, {word: EMU, priority: 2}]\n"
    inst = parse_instance(text, "w.yaml")
    assert every_word_from(inst, None) == 6 - 1  # any selection without DOG weighs 5 at most
    assert every_word_from(inst, 3) == 5
    assert every_word_from(inst, 2) is None  # the whole list is not allowed


def test_fewest_left_decides_the_focus_word_with_fewest_placements_left() -> None:
    from pyclingo_puzzles.wordsearch.heuristic import PlacementHeuristic, _State

    cell = ((0, 0, "A"),)
    heuristic = PlacementHeuristic([[cell] * 3, [cell] * 2, [cell] * 4])  # 9 candidates, words 0-2
    heuristic.lit = list(range(1, 10))  # word 0: 1-3, word 1: 4-5, word 2: 6-9
    state = _State(9, [3, 2, 4])
    state.true = {-4}  # word 1's first placement is out: one left, literal 5
    state.left = [3, 1, 4]
    heuristic.fewest_left = {0, 1, 2}
    assert heuristic._fewest_left(state, heuristic.fewest_left, 99) == 5
    assert heuristic._fewest_left(state, {0, 2}, 99) == 1  # word 1 is not in focus
    state.placed = [1, 0, 0]  # word 0 placed: word 2 has the fewest left among the open ones
    assert heuristic._fewest_left(state, {0, 2}, 99) == 6
    state.placed = [1, 1, 1]
    assert heuristic._fewest_left(state, {0, 1, 2}, 99) == 99  # nothing open: clasp's choice


def _dictionary_words(count: int, size: int, seed: int) -> list[str]:
    """benchmarks/wordsearch.py's lists of dictionary words (4 letters up to ``size``)."""
    from benchmarks.wordsearch import DICT, word_list

    from ..conftest import shared_path

    shared_path(*DICT.parts[-3:])
    return word_list(count, 4, size, seed=seed)


def test_fit_most_proves_a_7x7_optimum() -> None:
    """Ten dictionary words, 9 fit into 7x7: exact cover's order proves the optimum (benchmarks/
    wordsearch.py measures the 8x8 list, where branch and bound alone does not within 60 s)."""
    from dataclasses import replace

    from benchmarks.wordsearch import instance

    words = _dictionary_words(10, 7, seed=4)
    # the search's turns are counted in conflicts: only a limit could change the outcome, so the
    # limit is far beyond what it needs (half a second alone), for a busy machine
    outcome = generate(replace(instance(words, 7, "medium"), seed=1), fit="most", time_limit=600)
    assert outcome.optimal and outcome.exit_code == 30
    puzzle = outcome.puzzles[0]
    assert len(puzzle.placements) == 9
    placed = [p.word for p in puzzle.placements]
    assert verify(puzzle.grid, puzzle.placements, placed, absent=[w for w in words if w not in placed]) == []


def test_fit_all_proves_a_7x7_list_unsolvable_with_a_core() -> None:
    """Nine dictionary words that do not all fit into 7x7: the proof, and the smallest set of words
    that cannot fit together."""
    from dataclasses import replace

    from benchmarks.wordsearch import instance

    words = _dictionary_words(9, 7, seed=4)
    outcome = generate(replace(instance(words, 7, "medium"), seed=1), time_limit=600)  # see above
    assert outcome.status.value == "UNSAT" and outcome.exit_code == 20
    assert outcome.core and set(outcome.core) <= set(words)
