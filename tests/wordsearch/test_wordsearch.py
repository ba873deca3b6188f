"""Word search generation: instances, exactly-once scanner, seeds, cores, options, reader."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyclingo_puzzles.wordsearch.reader import parse_instance, read_instance
from pyclingo_puzzles.wordsearch.verify import Placement, occurrences, verify

from ..conftest import INSTANCES, loaded, one_line_error, parse_or_one_line_error

WORDSEARCH = INSTANCES / "wordsearch"
EXPECTED = {  # instance -> exit code
    "hola-8x8.yaml": 10,
    "vor-5x5.yaml": 10,
    "ein-6x6.yaml": 10,
    "animals-30x30.yaml": 10,
    "message-6x5.yaml": 10,
    "too-many-4x4.yaml": 20,
    "heart-13x12.yaml": 10,  # shapes (tests/wordsearch/test_wordsearch_shapes.py)
    "cross-ru-9x9.yaml": 10,
    "garden-15x15.yaml": 10,  # books and balance (tests/wordsearch/test_wordsearch_quality.py)
}


def test_every_shipped_instance_has_an_expectation() -> None:
    assert {p.name for p in WORDSEARCH.glob("*.yaml")} == set(EXPECTED)


def placements(data: dict) -> list[Placement]:
    return [Placement(**p) for p in data["placements"]]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_shipped_instances(name: str, cli) -> None:
    res = cli("wordsearch", WORDSEARCH / name, "--json")
    assert res.code == EXPECTED[name], res.err
    data = json.loads(res.out)
    inst = read_instance(WORDSEARCH / name)
    if res.code == 10:
        grid = data["grid"]
        assert len(grid) == inst.height and all(len(row) == inst.width for row in grid)
        assert verify(grid, placements(data), inst.words) == []
        for p in data["placements"]:
            assert (p["dx"], p["dy"]) in inst.directions
    else:
        assert data["status"] == "UNSAT" and data["cannot_fit_together"]


def test_every_word_exactly_once_in_the_text_output(cli) -> None:
    res = cli("wordsearch", WORDSEARCH / "ein-6x6.yaml")
    grid = ["".join(line.split()) for line in res.out.split("\n\n")[0].splitlines()]
    inst = read_instance(WORDSEARCH / "ein-6x6.yaml")
    assert all(len(occurrences(grid, w)) == 1 for w in inst.words)
    # hard level: filler drawn from the words' own letters
    assert set("".join(grid)) <= set("".join(inst.words))


def test_hidden_message_fills_the_free_cells(cli) -> None:
    data = json.loads(cli("wordsearch", WORDSEARCH / "message-6x5.yaml", "--json").out)
    used = {(p["row"] + p["dy"] * i, p["col"] + p["dx"] * i) for p in data["placements"] for i in range(len(p["word"]))}
    free = "".join(ch for r, row in enumerate(data["grid"]) for c, ch in enumerate(row) if (r, c) not in used)
    assert free == "FINDALL"


def test_same_seed_same_puzzle_other_seed_other_puzzle(cli) -> None:
    path = WORDSEARCH / "hola-8x8.yaml"
    a = json.loads(cli("wordsearch", path, "--json", "--seed", "5").out)["grid"]
    b = json.loads(cli("wordsearch", path, "--json", "--seed", "5").out)["grid"]
    others = {tuple(json.loads(cli("wordsearch", path, "--json", "--seed", str(s)).out)["grid"]) for s in (6, 7, 8)}
    assert a == b
    assert len(others | {tuple(a)}) > 1


def free_letters(grid: list[str], placed: list[dict]) -> list[tuple[int, int, str]]:
    used = {(p["row"] + p["dy"] * i, p["col"] + p["dx"] * i) for p in placed for i in range(len(p["word"]))}
    return [(r, c, ch) for r, row in enumerate(grid) for c, ch in enumerate(row) if (r, c) not in used]


def test_other_words_other_filler_with_the_same_seed(cli, tmp_path: Path) -> None:
    """Two sheets made with the default seed from other words once shared their filler (a row of
    X G Y U N U J R...), as did each puzzle of --models: pupils notice. The filler comes from the
    seed and the puzzle's own placements now: other words, other letters; the same puzzle, the same."""
    (tmp_path / "farm.txt").write_text("COW\nPIG\nHEN\n", encoding="utf-8")
    (tmp_path / "safari.txt").write_text("LION\nGNU\nEMU\n", encoding="utf-8")
    sheets = []
    for name in ("farm", "safari", "farm"):
        data = json.loads(cli("wordsearch", tmp_path / f"{name}.txt", "--size", "6x6", "--json").out)
        sheets.append(free_letters(data["grid"], data["placements"]))
    assert sheets[0] == sheets[2]  # deterministic
    assert same_stream(sheets[0], sheets[1]) <= 0.5
    book = json.loads(cli("wordsearch", tmp_path / "farm.txt", "--size", "6x6", "--models", "2", "--json").out)
    first, second = (free_letters(p["grid"], p["placements"]) for p in book["puzzles"])
    assert same_stream(first, second) <= 0.5 and same_stream(first, sheets[1]) <= 0.5


def same_stream(a: list[tuple[int, int, str]], b: list[tuple[int, int, str]]) -> float:
    """The share of the filler letters, in reading order, that two sheets have alike (a shared
    random stream: near 1, whichever cells the words left free; by chance: about 1 in 26)."""
    pairs = list(zip((ch for *_, ch in a), (ch for *_, ch in b), strict=False))
    assert len(pairs) >= 10
    return sum(x == y for x, y in pairs) / len(pairs)


def test_unsolvable_names_a_minimal_core(cli) -> None:
    res = cli("wordsearch", WORDSEARCH / "too-many-4x4.yaml")
    assert res.code == 20
    assert "cannot fit together: ABCD, EFGH, IJKL, MNOP, XY" in res.out


def test_core_is_minimal(cli, tmp_path: Path) -> None:
    path = tmp_path / "w.yaml"
    path.write_text("width: 3\nheight: 3\nlevel: easy\nwords: [ABC, DEF, GHI, JKL, XY]\n")
    res = cli("wordsearch", path, "--json")
    assert res.code == 20
    core = json.loads(res.out)["cannot_fit_together"]
    assert len(core) == 4  # any four of the five words cannot fit; three always can


def test_level_and_size_overrides(cli) -> None:
    data = json.loads(
        cli("wordsearch", WORDSEARCH / "hola-8x8.yaml", "--json", "--level", "hard", "--size", "9x7", "--seed", "3").out
    )
    assert len(data["grid"]) == 7 and len(data["grid"][0]) == 9


def test_user_rules_change_the_answer(cli, tmp_path: Path) -> None:
    rules = tmp_path / "vertical.lp"
    rules.write_text("% every word runs down\n:- place(W, K), cand_dir(W, K, DX, DY), (DX, DY) != (0, 1).\n")
    data = json.loads(cli("wordsearch", WORDSEARCH / "hola-8x8.yaml", "--json", "--rules", rules).out)
    assert {(p["dx"], p["dy"]) for p in data["placements"]} == {(0, 1)}


def test_svg_pages(cli, tmp_path: Path) -> None:
    puzzle, key = tmp_path / "p.svg", tmp_path / "k.svg"
    res = cli("wordsearch", WORDSEARCH / "vor-5x5.yaml", "--svg", puzzle, "--svg-key", key)
    assert res.code == 10
    assert puzzle.read_text().startswith("<svg") and "<line" not in puzzle.read_text()
    assert key.read_text().count("<line") == 4 and ">TORF<" in key.read_text()


def test_key_shows_only_placed_letters(cli) -> None:
    out = cli("wordsearch", WORDSEARCH / "vor-5x5.yaml", "--key").out
    key = out.split("Answer key:\n")[1].split("\n\n")[0]
    assert sum(ch.isalpha() for ch in key) <= sum(len(w) for w in ("VOR", "RAD", "EVA", "TORF"))


# ------------------------------------------------------------------------------------------ scanner


def test_scanner_catches_a_second_copy() -> None:
    grid = ["CATXX", "XXXXX", "TACXX"]
    assert len(occurrences(grid, "CAT")) == 2
    assert verify(grid, [Placement("CAT", 0, 0, 1, 0)], ["CAT"]) == ["CAT occurs 2 times"]


def test_scanner_sees_all_eight_directions() -> None:
    grid = ["AXXB", "XBAX", "XAXX", "BXXA"]
    assert len(occurrences(grid, "AB")) >= 4
    assert len(occurrences(["ABA"], "ABA")) == 1  # a palindrome read both ways is one occurrence


def test_scanner_rejects_word_at_wrong_place_or_missing() -> None:
    grid = ["DOGX", "XXXX"]
    assert verify(grid, [Placement("DOG", 1, 0, 1, 0)], ["DOG"]) == ["DOG occurs elsewhere than its placement"]
    assert verify(grid, [], ["DOG"]) == ["DOG is not placed"]


# ------------------------------------------------------------------------------------------- reader

BASE = "width: 6\nheight: 6\n"


@pytest.mark.parametrize(
    ("text", "fragment", "line"),
    [
        (BASE + "words: [ABCDEFGH]\n", "word ABCDEFGH (8 letters) is longer than the 6x6 grid", 3),
        # a word too long to echo: shortened, its length said once
        (BASE + f"words: [{'A' * 60}]\n", f"word {'A' * 39}… (60 characters) is longer than", 3),
        (BASE + "words: ['']\n", "empty word", 3),
        (BASE + "words: [AB1]\n", "'1', which is not a letter", 3),
        ("width: 0\nheight: 6\nwords: [AB]\n", "between 1 and 500", 1),
        ("width: 6\nheight: 501\nwords: [AB]\n", "between 1 and 500", 2),
        (BASE + "words: [AB]\nlevel: extreme\n", "unknown level", 4),
        (BASE + "words: [CAT, CATS]\n", "occurs inside CATS", 3),
        (BASE + "words: [TAC, CATS]\n", "reversed inside", 3),
        (BASE + "words: [AB, CD, AB]\n", "listed twice", 3),
        (BASE + "words: [AB]\ndirections: [[2, 0]]\n", "direction 1", 4),
        (BASE + "words: [AB]\ncolour: red\n", "unknown key", 4),
        ("width: six\nheight: 6\nwords: [AB]\n", "must be an integer", 1),
        (BASE + "words: [A]\n", "one letter", 3),
        (BASE + "words: [AB]\nalphabet: ''\n", "'alphabet' has no letters: give the filler's letters", 4),
        (BASE + "words: [AB]\nalphabet: []\n", "'alphabet' has no letters", 4),
        (BASE + "words: [AB]\nalphabet: ', '\n", "'alphabet' has no letters", 4),
        (BASE + "words: [AB]\nalphabet: 'AB1'\n", "'alphabet' must be letters only, found '1'", 4),
    ],
)
def test_reader_errors(text: str, fragment: str, line: int) -> None:
    err = one_line_error(parse_instance, text)
    assert fragment in str(err) and err.line == line, str(err)


@pytest.mark.parametrize(("size", "message"), [
    ("0x5", "width must be between 1 and 500, got 0"),
    ("12x501", "height must be between 1 and 500, got 501"),
])  # fmt: skip
def test_a_size_out_of_range_is_blamed_on_the_option_not_the_file(size: str, message: str, cli, tmp_path: Path) -> None:
    """The size came from --size: the one-line error names the option, not the word list (which
    holds no width a teacher could look for)."""
    words = tmp_path / "words.txt"
    words.write_text("CAT\nDOG\n")
    res = cli("wordsearch", words, "--size", size)
    assert res.code == 65 and res.out == ""
    assert res.err.strip().endswith(f"error: argument --size: {message}") and res.err.count("\n") == 1, res.err
    assert str(words) not in res.err


def test_reader_unicode_and_defaults() -> None:
    inst = parse_instance(BASE + "words: [Straße, über]\n", "x.yaml")
    assert inst.words == ("STRAßE", "ÜBER") and inst.level == "medium"
    assert "Ü" in inst.alphabet and "A" in inst.alphabet
    assert parse_instance(BASE + "words: [AB]\nlevel: hard\n", "x.yaml").alphabet == ("A", "B")


def test_bad_input_exit_65(cli, tmp_path: Path) -> None:
    path = tmp_path / "w.yaml"
    path.write_text(BASE + "words: [ABCDEFGHIJ]\n")
    res = cli("wordsearch", path)
    assert res.code == 65 and res.out == "" and res.err.count("\n") == 1 and f"{path}:3:" in res.err


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.text(max_size=80)
    | st.builds(
        lambda w, h, words: f"width: {w}\nheight: {h}\nwords: {words}\n",
        st.integers(-2, 600),
        st.integers(-2, 600),
        st.lists(st.text(alphabet="ABCä1 -", max_size=6), max_size=4),
    )
)
def test_fuzz_reader_gives_instance_or_one_line_error(text: str) -> None:
    inst = parse_or_one_line_error(parse_instance, text, "f.yaml")
    if inst is not None:
        assert inst.words and all(w.isalpha() for w in inst.words)


def test_several_puzzles_with_models(cli) -> None:
    data = json.loads(cli("wordsearch", WORDSEARCH / "vor-5x5.yaml", "--models", "3", "--json").out)
    inst = read_instance(WORDSEARCH / "vor-5x5.yaml")
    assert len({tuple(p["grid"]) for p in data["puzzles"]}) == 3
    for puzzle in data["puzzles"]:
        assert verify(puzzle["grid"], placements(puzzle), inst.words) == []


def test_time_limit_answers_unknown_with_exit_1(cli, tmp_path: Path) -> None:
    # 140 letters for 100 cells and words that share few letters: neither a fill nor a quick proof
    words = ["ABCDEFG", "HIJKLMN", "OPQRSTU", "VWXYZAB", "CDEFGHI", "JKLMNOP", "QRSTUVW", "XYZABCE",
             "FGHIJKM", "NOPQRTU", "VWXYACD", "EFGHJKL", "MNOPRST", "UVWXZAC", "BDEGHIK", "LMNQRSU",
             "TVWYZAE", "BCFGIJL", "MOPQSTV", "WXYZBDF"]
    path = tmp_path / "dense.yaml"
    path.write_text(f"width: 10\nheight: 10\nlevel: medium\nwords: [{', '.join(words)}]\n")
    # the search starts within 0.1 s of the command's start (a limit before it says where it was
    # instead); 0.5 s unscaled: a loaded machine was still reading
    res = cli("wordsearch", path, "--time-limit", loaded(0.3), "--json")
    assert res.code == 1
    assert json.loads(res.out) == {"status": "UNKNOWN"}


def dense_words(seed: int) -> list[str]:
    """20 segments (5-8 letters, medium directions) cut from a random 10x10 grid: about 120 letters
    in 100 cells, so all of them fit, but only with many crossings."""
    import random

    rng = random.Random(seed)
    grid = [[rng.choice("ABCDEFGHILMNOPRSTU") for _ in range(10)] for _ in range(10)]
    words: list[str] = []
    while len(words) < 20:
        length, (dx, dy) = rng.randint(5, 8), rng.choice([(1, 0), (0, 1), (1, 1), (1, -1)])
        r, c = rng.randrange(10), rng.randrange(10)
        cells = [(r + dy * i, c + dx * i) for i in range(length)]
        if not all(0 <= a < 10 and 0 <= b < 10 for a, b in cells):
            continue
        w = "".join(grid[a][b] for a, b in cells)
        if not any(w in v or v in w or w[::-1] in v or v[::-1] in w for v in words):
            words.append(w)
    return words


@pytest.mark.slow
def test_dense_feasible_grid_is_filled(tmp_path: Path) -> None:
    from pyclingo_puzzles.wordsearch.generate import generate

    words = dense_words(1)
    path = tmp_path / "dense.yaml"
    path.write_text(json.dumps({"width": 10, "height": 10, "level": "medium", "seed": 1, "words": words}))
    outcome = generate(read_instance(path), time_limit=30)
    assert outcome.status.value == "SAT"
    puzzle = outcome.puzzles[0]
    assert verify(puzzle.grid, puzzle.placements, words) == []
