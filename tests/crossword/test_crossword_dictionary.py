"""The built-in English dictionary (``--dictionary en``, from wordfreq) and the fill's preference
for high-scored words."""

from __future__ import annotations

import itertools
import json
import random
import statistics
from pathlib import Path

import pytest

from pyclingo_puzzles.crossword.api import fill
from pyclingo_puzzles.crossword.engine import attempt
from pyclingo_puzzles.crossword.engine.strategy import preferred_floors, solve_fill
from pyclingo_puzzles.crossword.engine.wordsets import WordTable
from pyclingo_puzzles.crossword.framework import Framework
from pyclingo_puzzles.crossword.options import FillOptions
from pyclingo_puzzles.crossword.reader import Dictionary, framework_of, read
from pyclingo_puzzles.crossword.wordlists.english import (
    DEFAULT_MIN_SCORE,
    english_dictionary,
    english_scores,
    score_zipf,
    scored_words,
    zipf_score,
)
from pyclingo_puzzles.crossword.wordlists.lists import offensive_words

from ..conftest import shared_path

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


def test_the_built_in_list_equals_wordfreqs_frequencies_scored() -> None:
    """Read from wordfreq's buckets and stopped at the floor, the list is what scoring every entry
    of ``get_frequency_dict`` gives (the higher score where two entries normalise alike)."""
    import wordfreq  # not at collection: 0.3-0.7 s in every test process
    every: dict[str, int] = {}
    for word, score in scored_words(wordfreq.get_frequency_dict("en", "large").items()):
        every[word] = max(score, every.get(word, score))
    for floor in (DEFAULT_MIN_SCORE, 350):
        assert english_scores(floor) == {w: sc for w, sc in every.items() if sc >= floor}


def test_word_tables_equal_a_word_by_word_construction() -> None:
    """Bit k of ``masks[i][ch]`` is set exactly when word k has ``ch`` at i (ASCII columns and
    others are built differently); scored words come best first, ties alphabetical."""
    rng = random.Random(3)
    for alphabet in ("ABC", "ABCÉ"):
        words = sorted({"".join(rng.choice(alphabet) for _ in range(4)) for _ in range(150)})
        scores = {w: rng.randrange(5) for w in words}
        for table in (WordTable.build(words, 4), WordTable.build(reversed(words), 4, scores)):
            expected = sorted(words, key=lambda w: (-scores[w], w)) if table.scores else words
            assert table.words == tuple(expected)
            assert table.scores == (tuple(scores[w] for w in expected) if table.scores else ())
            for i in range(4):
                naive = {ch: sum(1 << k for k, w in enumerate(expected) if w[i] == ch) for ch in alphabet}
                assert table.masks[i] == {ch: m for ch, m in naive.items() if m}


# ------------------------------------------------------------------------------------------ the CLI


# classic-15x15's fill in make test: its kept fill verified (tests/crossword/test_known_fills.py)
@pytest.mark.parametrize("name", ["open-5x5.grid", pytest.param("classic-15x15.grid", marks=pytest.mark.full)])
def test_the_grids_the_docs_name_fill_from_the_default_dictionary(name: str, cli) -> None:
    """The docs' examples run from a fresh clone: the shipped grids fill from `en` (no ../shared)."""
    frame = MINI.parent / name
    res = cli("crossword", frame, "--json", "--time-limit", "60")
    assert res.code == 10, res.err
    grid = json.loads(res.out)["solutions"][0]["grid"]
    blocks = [[ch == "*" for ch in row] for row in frame.read_text().split()]
    assert [[ch == " " for ch in row] for row in grid] == blocks


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
        assert res.err == ""  # the documented default: no warning on every fill
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
    outcome = attempt.once(framework, dictionary, FillOptions(value_rule="failures"))
    assert [p.word for p in outcome.solutions[0].placements] == ["ZEBRA"]


@pytest.mark.parametrize("rule", ["failures", "product", "min"])
def test_crossing_slots_take_their_best_words(rule: str) -> None:
    """Two crossing slots: the fill is the pair of best words that agree on the shared letter."""
    framework = Framework.from_lines(["...", ".##", ".##"])
    words = {"ACE": 100, "ASK": 150, "ZOO": 400, "ZIP": 300, "ZAP": 120, "AXE": 110}
    outcome = solve_fill(framework, Dictionary(words), FillOptions(value_rule=rule))
    assert sorted(p.word for p in outcome.solutions[0].placements) == ["ZIP", "ZOO"]


def test_a_scored_dictionary_is_tried_with_its_best_words_first() -> None:
    assert preferred_floors(Dictionary(dict.fromkeys(["CAT", "DOG", "EMU"], 1))) == []
    scored = Dictionary({f"W{i:03d}": i for i in range(100)})
    assert preferred_floors(scored) == [70, 55, 40]
    fill_ = solve_fill(Framework.from_lines(["..."]), Dictionary({"CAT": 900, "DOG": 5, "EMU": 1}))
    assert fill_.stats.extra["score_floor"] == 900


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_best_words_win_when_several_attempts_run_at_once(jobs: int) -> None:
    """With two processes the first two attempts (best 30%, best 45%) run side by side: both fill
    this slot, and the fill is the first attempt's whichever finishes first."""
    words = {f"{a}{b}X": 100 + 10 * i + j for i, a in enumerate("ABCDE") for j, b in enumerate("FGHI")}
    dictionary = Dictionary(words)
    outcome = solve_fill(Framework.from_lines(["..."]), dictionary, FillOptions(jobs=jobs))
    assert outcome.stats.extra["score_floor"] == preferred_floors(dictionary)[0]
    assert [p.word for p in outcome.solutions[0].placements] == ["EIX"]  # the best word


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_attempt_without_candidates_passes_to_the_next(jobs: int) -> None:
    """The best words are all too short for the slot: the fill comes from a wider attempt."""
    words = {f"{a}{b}": 500 + i for i, (a, b) in enumerate(itertools.product("ABC", "DEF"))}
    words |= {"LONG": 200, "WORD": 199, "MORE": 198}
    dictionary = Dictionary(words)
    outcome = solve_fill(Framework.from_lines(["...."]), dictionary, FillOptions(jobs=jobs))
    assert outcome.solutions and outcome.stats.extra.get("score_floor", 0) < preferred_floors(dictionary)[0]
    assert [p.word for p in outcome.solutions[0].placements] == ["LONG"]


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


# ------------------------------------------------------------------------------------------ van Beek's grids

VAN_BEEK_15 = [f"15.{i:02d}" for i in range(1, 11)]


def van_beek(name: str) -> Framework:
    return framework_of(read(shared_path("crossword-bench", "grids", f"{name}.grid")))


def best_words_fill(name: str, en: Dictionary) -> tuple[list[str], list[str], int]:
    """A grid filled through the API, default settings on two processes: (grid, words, score floor)."""
    outcome = solve_fill(van_beek(name), en, FillOptions(jobs=2))
    assert outcome.solutions, name
    best = outcome.solutions[0]
    return list(best.grid), [p.word for p in best.placements], outcome.stats.extra["score_floor"]


def fill_as_a_user_runs_it(cli, name: str) -> tuple[list[str], list[str], int]:
    """A grid filled by the command as a user runs it (its default processes, JSON and --stats):
    (grid, words, score floor)."""
    res = cli("crossword", shared_path("crossword-bench", "grids", f"{name}.grid"), "--json", "--stats")
    assert res.code == 10, res.err
    solution = json.loads(res.out)["solutions"][0]
    assert len(slot_words(solution["grid"])) == 72
    floor = int(res.err.split("score_floor=")[1].split()[0])
    return solution["grid"], [p["word"] for p in solution["placements"]], floor


def test_a_van_beek_grid_fills_from_its_best_words_as_a_user_runs_it(cli) -> None:
    """15.06 as ``test_every_15x15_van_beek_grid_fills_from_its_best_words`` checks each of the ten
    (``make test-full``): the command's attempts are each stopped after a count of conflicts."""
    import wordfreq  # not at collection: 0.3-0.7 s in every test process
    grid, words, floor = fill_as_a_user_runs_it(cli, "15.06")
    en = english_dictionary()
    assert floor in preferred_floors(en)
    assert not set(slot_words(grid)) & offensive_words()
    zipf = [wordfreq.zipf_frequency(w.lower(), "en") for w in words]
    assert min(zipf) >= 2.0 and statistics.mean(zipf) >= 3.6, (min(zipf), statistics.mean(zipf))


@pytest.mark.full  # make test: 15.06 alone (the test above)
def test_every_15x15_van_beek_grid_fills_from_its_best_words(cli) -> None:
    """Default settings on two processes (as on a 2-core machine): every grid is filled by one of
    the attempts with the list's best words (each stopped after a count of conflicts, so the fill
    does not depend on the machine's load), no word below Zipf 2.0 by wordfreq's own measure, a
    mean of at least 3.6 over all words, and no offensive word in the grid (15.06, 15.08, 15.09 and
    15.10 held some before ``en`` left them out; 15.04: tests/crossword/test_wordlists.py). 15.06 is
    filled by the command as a user runs it (a test of its own filled it a second time)."""
    import wordfreq  # not at collection: 0.3-0.7 s in every test process
    en = english_dictionary()
    preferred = preferred_floors(en)
    zipfs = []
    for name in VAN_BEEK_15:
        grid, words, floor = fill_as_a_user_runs_it(cli, name) if name == "15.06" else best_words_fill(name, en)
        assert floor in preferred, name
        assert not set(slot_words(grid)) & offensive_words(), name
        zipf = [wordfreq.zipf_frequency(w.lower(), "en") for w in words]
        assert min(zipf) >= 2.0, (name, min(zip(zipf, words, strict=True)))
        zipfs += zipf
    assert statistics.mean(zipfs) >= 3.6


@pytest.mark.slow
def test_a_van_beek_fill_is_the_same_for_the_same_seed() -> None:
    """15.10 needs more than the first attempt: with two processes (two attempts side by side,
    then the next, each worker racing the other) the same seed gives the same fill, run after
    run. The two propagators take the same decisions (tests/crossword/test_fill_native.py)."""
    framework, en = van_beek("15.10"), english_dictionary()
    first, again = (solve_fill(framework, en, FillOptions(seed=5, jobs=2)) for _ in range(2))
    assert first.solutions and first.solutions[0].placements == again.solutions[0].placements
    assert first.stats.extra["score_floor"] == again.stats.extra["score_floor"] < preferred_floors(en)[0]
