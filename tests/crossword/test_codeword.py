"""Codewords (crossword/codeword/): every uniqueness claim and every minimality claim checked by a
plain Python search (codeword_brute.py), the answers by the verifier, the outputs and the command."""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import combinations
from pathlib import Path
from xml.etree import ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyclingo_puzzles.core.errors import InputError, VerificationError
from pyclingo_puzzles.core.status import Status
from pyclingo_puzzles.crossword.codeword import api
from pyclingo_puzzles.crossword.codeword.decoding import Decoder
from pyclingo_puzzles.crossword.codeword.puzzle import Codeword, numbering
from pyclingo_puzzles.crossword.codeword.verify import verify
from pyclingo_puzzles.formats import playable

from ..conftest import INSTANCES
from .codeword_brute import decodings

THREES = str.split("CAT COT COG DOG HOG HAT BAT BAG BOG TAG TOG RAT ROT RAG ART OAT TAB CAB DAB TAD COD GOD HOT DOT "
                   "TOT BOT GOB BOB HOB ACT TAO")  # fmt: skip
FIVE = INSTANCES / "codeword" / "filled-5x5.grid"
FIVE_WORDS = str.split("AFAR GABE ORION PERU TEST OPT AGREE FAIRS ABOUT REN AGREES FAIRY ABORT ADOPT ORIEL PERT "
                       "TENT REP TEN PEN OAT GATE AGATE FEARS TEAR TEST NEST BEST")  # fmt: skip
GRIDS = {
    "ring": (["CAT", "O O", "GOD"], THREES),
    "square": (["CAT", "A#O", "BOG"], THREES),
    "five": ([line.strip("\n") for line in FIVE.read_text().splitlines()], FIVE_WORDS),
}


def brute(puzzle: Codeword, words: list[str], given: tuple[int, ...]) -> int:
    """How many decodings (0, 1 or 2: at least two) agree with the key on ``given``."""
    return len(decodings(puzzle.numbers(), [*words, *_entries(puzzle)], {n: puzzle.key[n] for n in given}))


def _entries(puzzle: Codeword) -> list[str]:
    from pyclingo_puzzles.crossword.codeword.verify import entries

    return entries(puzzle.rows)


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("name", sorted(GRIDS))
def test_the_givens_are_the_fewest_and_make_it_unique(name: str, seed: int) -> None:
    rows, words = GRIDS[name]
    result = api.make(rows, dictionary=words, seed=seed, min_givens=0, max_givens=3)
    puzzle = result.puzzle
    if result.status is Status.SAT:
        assert brute(puzzle, words, puzzle.given) == 1  # unique, by the independent search
        assert result.needed == len(puzzle.given)
        for fewer in combinations(sorted(puzzle.key), len(puzzle.given) - 1) if puzzle.given else ():
            assert brute(puzzle, words, fewer) == 2, fewer  # no smaller set does it
        assert result.to_json()["unique"] is True
    else:
        assert result.status is Status.UNSAT
        for three in combinations(sorted(puzzle.key), 3):
            assert brute(puzzle, words, three) == 2, three
        assert result.to_json()["unique"] is False and result.to_json()["differ"]


@pytest.mark.parametrize("name", sorted(GRIDS))
def test_each_check_agrees_with_the_plain_search(name: str) -> None:
    """Decoder.other on every set of up to two givens: a second decoding exactly when the plain
    search finds two, and what it finds is a decoding the plain search accepts."""
    rows, words = GRIDS[name]
    key = numbering(rows, 5)
    puzzle = Codeword(tuple(rows), key, ())
    all_words = [*words, *_entries(puzzle)]
    decoder = Decoder(puzzle.rows, key, all_words)
    for k in (0, 1, 2):
        for fixed in combinations(sorted(key), k):
            other = decoder.other(fixed)
            assert (other.status is Status.SAT) == (brute(puzzle, words, fixed) == 2), fixed
            if other.decoding is not None:
                assert len(decodings(puzzle.numbers(), all_words, other.decoding, limit=1)) == 1


def test_usual_rules_give_two_or_three_and_say_how_many_were_needed() -> None:
    rows, words = GRIDS["five"]
    result = api.make(rows, dictionary=words, seed=1)
    assert result.status is Status.SAT and 2 <= len(result.puzzle.given) <= 3
    doc = result.to_json()
    assert doc["givens_needed"] <= len(doc["given"]) and doc["givens_minimal"] == "smallest"
    assert api.make(rows, dictionary=words, seed=1, givens=3).puzzle.given.__len__() == 3


def test_the_json_document() -> None:
    result = api.make(GRIDS["square"][0], dictionary=THREES, seed=2)
    doc = json.loads(json.dumps(result.to_json()))
    assert doc["grid"] == ["CAT", "A O", "BOG"]
    numbers, key = doc["numbers"], doc["key"]
    assert numbers[1][1] == 0 and all(key[str(n)] == doc["grid"][r][c] for r, row in enumerate(numbers)
                                      for c, n in enumerate(row) if n)  # fmt: skip
    assert all(key[n] == x for n, x in doc["given"].items())


def test_the_verifier_refuses_a_wrong_codeword() -> None:
    rows = ("CAT", "A O", "BOG")
    key = numbering(rows, 1)
    verify(Codeword(rows, key, ()), set(THREES) | {"CAB", "TOG"})
    with pytest.raises(VerificationError, match="not a word"):
        verify(Codeword(rows, key, ()), set(THREES) - {"BOG"})
    two = dict(key)
    two[min(two)] = two[max(two)]
    with pytest.raises(VerificationError):
        verify(Codeword(rows, two, ()), set(THREES) | {"CAB", "TOG"})


def test_outputs_svg_pdf_and_the_playable_page() -> None:
    result = api.make(GRIDS["five"][0], dictionary=GRIDS["five"][1], seed=1)
    svg = result.to_svg()
    root = ElementTree.fromstring(svg)
    texts = ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert [t for t in texts if len(t) == 1 and t.isalpha()][-26:] == list("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert sum(t.isdigit() for t in texts) >= 2 * len(result.puzzle.key)  # the cells and the table
    key_svg = result.to_svg(key=True)
    assert all(f">{x}</text>" in key_svg for x in result.puzzle.key.values())
    assert result.to_pdf().startswith(b"%PDF")
    html = result.to_html(title="Five")
    data = json.loads(html.split('id="puzzle-data">')[1].split("</script>")[0])
    assert data["kind"] == "codeword" and data["numbers"] == result.puzzle.numbers()
    assert playable.decode(data["answers"]) == {str(n): x for n, x in result.puzzle.key.items()}


def test_bad_input_is_one_line() -> None:
    with pytest.raises(InputError, match="not both"):
        api.make(["CAT"], size="5x5")
    with pytest.raises(InputError, match="min_givens"):
        api.make(["CAT"], dictionary=THREES, min_givens=3, max_givens=2)
    with pytest.raises(InputError, match="on no entry"):
        api.make(["CAT", "# #", "A#B"], dictionary=THREES)
    with pytest.raises(InputError, match="dictionary"):
        api.make(["C.T", "A O", "BOG"], dictionary=None)


def command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pyclingo_puzzles", "codeword", "--exit-codes", "unix", *args],
                          capture_output=True,
                          text=True, timeout=120)  # fmt: skip


def test_the_command(tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("\n".join(FIVE_WORDS) + "\n")
    out = command(str(FIVE), "--dictionary", str(words), "--seed", "1", "--json", "--svg", str(tmp_path / "p.svg"))
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["unique"] is True and doc["status"] == "SAT" and (tmp_path / "p.svg").exists()
    none = command(str(FIVE), "--dictionary", str(words), "--max-givens", "0", "--min-givens", "0", "--seed", "1",
                   "--svg", str(tmp_path / "none.svg"))  # fmt: skip
    assert none.returncode in (0, 1)
    if none.returncode == 1:  # proved: no codeword without givens, and no file for it
        assert "no 0 given letter(s) or fewer" in none.stdout and not (tmp_path / "none.svg").exists()
    bad = command(str(FIVE), "--size", "5x5")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and len(bad.stderr.strip().splitlines()) == 1


def test_no_fill_is_bad_input_and_the_limit_no_answer(tmp_path: Path) -> None:
    words = INSTANCES / "codeword" / "words.txt"
    none = command(str(INSTANCES / "crossword" / "mini-7x7.grid"), "--dictionary", str(words))
    assert none.returncode == 2 and none.stderr.strip().endswith("no fill from the dictionary's 27 words")
    assert "mini-7x7.grid" in none.stderr and len(none.stderr.strip().splitlines()) == 1
    # a 15x15 fill takes seconds of CPU (2.1 s at least, benchmarks/codeword.py): 0.3 s cannot
    # hold it, and a busy machine only makes the margin wider
    late = command("--size", "15x15", "--seed", "3", "-t", "0.3", "--json", "--svg", str(tmp_path / "late.svg"))
    assert late.returncode == 3 and json.loads(late.stdout)["status"] == "UNKNOWN"
    assert not (tmp_path / "late.svg").exists()


@settings(max_examples=40, deadline=None)
@given(st.sets(st.sampled_from(THREES), min_size=0, max_size=len(THREES)), st.integers(0, 1000))
def test_any_dictionary_and_seed_agree_with_the_plain_search(words: set[str], seed: int) -> None:
    """Random dictionaries for the square grid: the claim (unique with these givens, fewest) holds
    by the plain search, and so does a refusal (no three givens do)."""
    rows = GRIDS["square"][0]
    result = api.make(rows, dictionary=sorted(words) or None, seed=seed, min_givens=0, max_givens=3)
    puzzle = result.puzzle
    if result.status is Status.SAT:
        assert brute(puzzle, sorted(words), puzzle.given) == 1
        assert all(brute(puzzle, sorted(words), fewer) == 2
                   for fewer in combinations(sorted(puzzle.key), len(puzzle.given) - 1)) if puzzle.given else True
    else:
        assert all(brute(puzzle, sorted(words), three) == 2 for three in combinations(sorted(puzzle.key), 3))


def test_a_p99_word_list_is_its_own_dictionary() -> None:
    result = api.make(INSTANCES / "crossword" / "lattice.dat", seed=1, min_givens=0, max_givens=5)
    assert result.unique and result.dictionary == "the word list of lattice.dat"
    words = {w for w in INSTANCES.joinpath("crossword", "lattice.dat").read_text().split() if w.isalpha()}
    assert brute(result.puzzle, sorted(words), result.puzzle.given) == 1


def test_no_givens_within_the_bound_is_proved_none_exit_1(tmp_path: Path) -> None:
    grid, words = tmp_path / "ring.grid", tmp_path / "words.txt"
    grid.write_text("CAT\nA#O\nBOG\n")
    words.write_text("CAT\nCAB\nTOG\nBOG\nRAT\nRAD\nDOG\n")
    out = command(str(grid), "--dictionary", str(words), "--seed", "1", "--min-givens", "0", "--max-givens", "0",
                  "--pdf", str(tmp_path / "ring.pdf"))  # fmt: skip
    assert out.returncode == 1 and not (tmp_path / "ring.pdf").exists()
    assert out.stdout.splitlines() == ["no codeword: no 0 given letter(s) or fewer make the decoding unique "
                                       "(checked against words.txt)",
                                       "a second decoding changes the cells (0,0), (2,0)"]  # fmt: skip


def test_proved_against_a_larger_list_by_the_plain_search() -> None:
    rows = GRIDS["square"][0]
    small = ["CAT", "CAB", "TOG", "BOG"]
    alone = api.make(rows, dictionary=small, seed=4, min_givens=0)
    assert alone.unique and alone.needed == 1  # its own four: T and B swap (CAB across, CAT down)
    larger = api.make(rows, dictionary=small, proved_against=THREES, seed=4, min_givens=0)
    assert larger.unique and larger.dictionary == "the words given and the grid's entries"
    assert brute(larger.puzzle, THREES, larger.puzzle.given) == 1
    fewer = combinations(sorted(larger.puzzle.key), len(larger.puzzle.given) - 1) if larger.puzzle.given else ()
    assert all(brute(larger.puzzle, THREES, f) == 2 for f in fewer) and larger.needed >= alone.needed
