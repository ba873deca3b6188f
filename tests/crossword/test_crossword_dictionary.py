"""The built-in English dictionary (``--dictionary en``, from wordfreq) and the fill's preference
for high-scored words."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from pyclingo_puzzles.crossword.api import fill
from pyclingo_puzzles.crossword.english import (
    DEFAULT_MIN_SCORE,
    english_dictionary,
    english_scores,
    score_zipf,
    scored_words,
    zipf_score,
)
from pyclingo_puzzles.crossword.fill import Dictionary, _fill_once, preferred_floors, solve_fill
from pyclingo_puzzles.crossword.framework import Framework

MINI = Path(__file__).resolve().parents[2] / "instances" / "crossword" / "mini-7x7.grid"


def grid_file(tmp_path: Path, text: str, name: str = "g.grid") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def slot_words(grid: list[str]) -> list[str]:
    """The words of a filled grid (runs of two or more letters across and down), read from the grid
    itself: an independent check of the fill's placements."""
    width = max(map(len, grid))
    rows = [r.ljust(width) for r in grid]
    lines = rows + ["".join(r[c] for r in rows) for c in range(width)]
    return [run for line in lines for run in line.split(" ") if len(run) >= 2]


# ------------------------------------------------------------------------------------------ scores


def test_zipf_frequency_becomes_an_integer_score() -> None:
    assert zipf_score(3.0) == 300
    assert zipf_score(2.004) == 200
    assert zipf_score(7.73) == 773
    assert score_zipf(360) == 3.6
    assert zipf_score(2.0) == DEFAULT_MIN_SCORE


def test_only_words_of_letters_are_kept_and_normalised() -> None:
    entries = [("hello", 1e-4), ("don't", 1e-4), ("mp3", 1e-5), ("e-mail", 1e-5), ("café", 1e-6), ("", 1e-3)]
    got = dict(scored_words(entries))
    assert got == {"HELLO": 500, "CAFÉ": 300}  # Zipf = log10(frequency) + 9


def test_the_built_in_list_holds_common_words_only_above_the_floor() -> None:
    scores = english_scores()
    assert scores["THE"] > scores["CROSSWORD"] > DEFAULT_MIN_SCORE
    assert all(w.isalpha() and w == w.upper() for w in itertools.islice(scores, 5000))
    default = english_dictionary()
    assert min(default.words.values()) >= DEFAULT_MIN_SCORE
    assert len(english_dictionary(min_score=100).words) > len(default.words)
    assert all(len(w) >= 4 for w in english_dictionary(min_length=4).words)


# ------------------------------------------------------------------------------------------ the CLI


def test_dictionary_en_fills_a_grid_with_known_words_above_the_floor(cli) -> None:
    res = cli("crossword", MINI, "--dictionary", "en", "--json")
    assert res.code == 10
    grid = json.loads(res.out)["solutions"][0]["grid"]
    words = slot_words(grid)
    assert len(words) == 22  # 11 across, 11 down
    assert len(set(words)) == len(words)
    scores = english_scores()
    assert all(scores.get(w, 0) >= DEFAULT_MIN_SCORE for w in words)
    blocks = [[ch == "*" for ch in row] for row in MINI.read_text().split()]
    assert [[ch == " " for ch in row] for row in grid] == blocks


def test_a_framework_without_words_is_filled_from_en_by_default(cli, tmp_path: Path) -> None:
    for name, text in (("g.grid", "_____\n_*_*_\n_____\n"), ("bare.dat", ".....\n.#.#.\n.....\n")):
        res = cli("crossword", grid_file(tmp_path, text, name), "--json")
        assert res.code == 10, res.err
        assert "built-in English dictionary" in res.err
        words = slot_words(json.loads(res.out)["solutions"][0]["grid"])
        assert all(english_scores().get(w, 0) >= DEFAULT_MIN_SCORE for w in words)


def test_min_score_raises_the_floor(cli, tmp_path: Path) -> None:
    frame = grid_file(tmp_path, "_____\n_*_*_\n_____\n")
    res = cli("crossword", frame, "--dictionary", "en", "--min-score", "450", "--json")
    words = slot_words(json.loads(res.out)["solutions"][0]["grid"])
    assert all(english_scores()[w] >= 450 for w in words)


def test_a_file_named_en_is_read_as_a_file(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    grid_file(tmp_path, "zzz\n", "en")
    res = cli("crossword", grid_file(tmp_path, "___\n"), "--dictionary", "./en", "--json")
    assert json.loads(res.out)["solutions"][0]["grid"] == ["ZZZ"]


# ------------------------------------------------------------------------------------------ preference


def test_the_search_tries_the_best_scored_word_first() -> None:
    """One search, no staged floors: the propagator's letter choice alone picks the common word
    (alphabetical order, or a choice by candidate counts, would take APPLE)."""
    framework = Framework.from_lines(["....."])
    dictionary = Dictionary({"APPLE": 100, "ZEBRA": 500, "MANGO": 300})
    outcome = _fill_once(
        framework,
        dictionary,
        rules=(),
        models=1,
        seed=None,
        time_limit=None,
        no_repeat=True,
        optimize=False,
        word_atoms=False,
        jobs=1,
        value_rule="failures",
    )
    assert [p.word for p in outcome.solutions[0].placements] == ["ZEBRA"]


@pytest.mark.parametrize("rule", ["failures", "product", "min"])
def test_crossing_slots_take_their_best_words(rule: str) -> None:
    """Two crossing slots: the fill is the pair of best words that agree on the shared letter."""
    framework = Framework.from_lines(["...", ".##", ".##"])
    words = {"ACE": 100, "ASK": 150, "ZOO": 400, "ZIP": 300, "ZAP": 120, "AXE": 110}
    outcome = solve_fill(framework, Dictionary(words), value_rule=rule)
    assert sorted(p.word for p in outcome.solutions[0].placements) == ["ZIP", "ZOO"]


def test_a_scored_dictionary_is_tried_with_its_best_words_first() -> None:
    assert preferred_floors(Dictionary(dict.fromkeys(["CAT", "DOG", "EMU"], 1))) == []
    scored = Dictionary({f"W{i:03d}": i for i in range(100)})
    assert preferred_floors(scored) == [70, 55, 40]
    fill_ = solve_fill(Framework.from_lines(["..."]), Dictionary({"CAT": 900, "DOG": 5, "EMU": 1}))
    assert fill_.stats.extra["score_floor"] == 900


def test_optimize_proves_the_best_total(tmp_path: Path) -> None:
    """A ring of four 3-letter slots: --optimize's answer has the best total score (brute force)."""
    rows = ["...", ".#.", "..."]
    words = {"CAT": 5, "TAN": 9, "COT": 3, "NET": 4, "TEN": 8, "CAN": 2, "NOT": 7, "TOT": 1, "TAT": 6, "NUT": 2}
    result = fill(rows, words, optimize=True)
    assert result.exit_code == 30  # the optimum, proved
    got = result.solutions[0].placements
    best = 0
    for top, bottom, left, right in itertools.permutations(words, 4):
        if top[0] == left[0] and top[2] == right[0] and bottom[0] == left[2] and bottom[2] == right[2]:
            best = max(best, words[top] + words[bottom] + words[left] + words[right])
    assert sum(words[p.word] for p in got) == best
