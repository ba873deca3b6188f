"""Themed fills a constructor keeps: a generated grid takes no rare word of en (the floor), its
patterns leave theme crossings that good words fill, its fill is improved, and ``--optimize``
says the score it reached and whether that is proved the best."""

from __future__ import annotations

import json
from pathlib import Path

from pyclingo_puzzles.core.grid import Placement
from pyclingo_puzzles.core.solve import Status
from pyclingo_puzzles.crossword.construction import improve as improving
from pyclingo_puzzles.crossword.construction.construct import GENERATED_FLOOR, at_floor, default_floor, generate
from pyclingo_puzzles.crossword.construction.pattern import PatternSearch, PatternSpec, check_spec, longest
from pyclingo_puzzles.crossword.construction.themes import Theme
from pyclingo_puzzles.crossword.construction.themeslots import THIN_WORDS, no_word_slots, slot_words, thin_slots
from pyclingo_puzzles.crossword.engine.unfillable import tables_for
from pyclingo_puzzles.crossword.framework import Framework, Site
from pyclingo_puzzles.crossword.options import FillOptions
from pyclingo_puzzles.crossword.reader import Dictionary
from pyclingo_puzzles.crossword.solution import build_solution, verify
from pyclingo_puzzles.crossword.wordlists.english import english_dictionary, english_scores

BEST = ["MAY", "AGE", "NOT", "MAN", "AGO", "YET"]  # rows MAY AGE NOT, columns MAN AGO YET
WORSE = ["SAT", "ORE", "WED", "SOW", "ARE", "TED"]  # rows SAT ORE WED, columns SOW ARE TED


def test_the_floor_leaves_out_rare_words_of_en_only() -> None:
    words = {**english_dictionary().words, "ZQXJ": 1}  # a word of the user's own list, scored 1
    floored = at_floor(Dictionary(words), GENERATED_FLOOR).words
    en = english_scores()
    assert "ZQXJ" in floored and "IRU" not in floored and en["IRU"] < GENERATED_FLOOR  # IRU: the user's grid had it
    assert all(score >= GENERATED_FLOOR for word, score in floored.items() if en.get(word) == score)
    assert default_floor(["en"], None) == GENERATED_FLOOR
    assert default_floor(["en"], 300) is None and default_floor(["mine.txt"], None) is None


def test_a_themed_generated_grid_has_no_entry_below_the_floor() -> None:
    result = generate("5x5", themes=["QWXYZ"], seed=2, jobs=1)  # its crossings: Q, W, X, Y and Z
    assert result.status is Status.SAT
    en = english_scores()
    entries = [p.word for p in result.solutions[0].placements if p.word != "QWXYZ"]
    assert entries and all(en[w] >= GENERATED_FLOOR for w in entries), entries


def test_non_theme_entries_are_no_longer_than_the_longest_bound() -> None:
    spec = check_spec(PatternSpec(11, 11, themes=(Theme("CROSSWORDER"),)))  # 11 letters, across the middle
    search = PatternSearch(spec, 1)
    status, _, slots = search.next(None)
    assert status is Status.SAT
    lengths = [s.arguments[3].number for s in slots]
    assert lengths.count(11) == 1 and max(n for n in lengths if n != 11) <= longest(spec) == 8


def test_the_first_patterns_leave_out_theme_crossings_few_words_fit() -> None:
    spec = check_spec(PatternSpec(11, 11, themes=(Theme("QUIZZICAL"),)))
    words = at_floor(english_dictionary(), GENERATED_FLOOR).words
    tables = tables_for([Site(0, 0, 0, "across", n) for n in range(2, 12)], words)
    thin = set(thin_slots(spec, tables))
    assert thin and not thin & set(no_word_slots(spec, tables))  # some slots fit 1-4 words, none 0
    search = PatternSearch(spec, 1, no_word=list(no_word_slots(spec, tables)), thin=list(thin))
    status, _, slots = search.next(None)
    assert status is Status.SAT and search.level == 0
    fits = {(r, c, d, n): k for r, c, d, n, k, crossed in slot_words(spec, tables) if crossed}
    taken = [(s.arguments[0].number, s.arguments[1].number, s.arguments[2].name, s.arguments[3].number) for s in slots]
    assert all(fits[key] >= THIN_WORDS for key in taken if key in fits)


def test_improve_replaces_a_worse_fill_and_proves_the_best_on_a_small_grid() -> None:
    framework = Framework.from_lines(["...", "...", "..."])
    dictionary = Dictionary({**dict.fromkeys(BEST, 500), **dict.fromkeys(WORSE, 100)})
    worse = build_solution(framework, _placements(framework, ("SAT", "ORE", "WED")))
    better = improving.improve(framework, worse, dictionary, FillOptions())
    assert better.start == 600 and better.score == 3000 and better.proved
    assert better.solution.grid in (("MAY", "AGE", "NOT"), ("MAN", "AGO", "YET"))  # the square or its transpose
    assert verify(framework, better.solution, allowed=dictionary.words.keys()) == []


def test_improve_steps_keep_the_grid_filled_and_the_score_never_drops() -> None:
    result = generate("5x5", seed=2, jobs=1)
    framework = Framework(tuple("".join(" " if ch == " " else "." for ch in row) for row in result.solutions[0].grid))
    words = at_floor(english_dictionary(), GENERATED_FLOOR)
    before = result.solutions[0]
    better = improving.improve(framework, before, words, FillOptions(), steps=3)
    assert 1 <= better.steps <= 3 and better.score >= better.start == improving.total(before, words.words)
    assert verify(framework, better.solution, allowed=words.words.keys()) == []


def _placements(framework: Framework, grid: tuple[str, ...]) -> list[Placement]:
    return [Placement("".join(grid[r][c] for r, c in s.cells()), s.row, s.col, s.direction) for s in framework.sites()]


def test_optimize_on_a_generated_grid_reports_its_score_and_proof(cli, tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("".join(f"{w};500\n" for w in BEST) + "".join(f"{w};100\n" for w in WORSE))
    res = cli("crossword", "--size", "3x3", "--dictionary", words, "--optimize", "--json", "--jobs", "1")
    doc = json.loads(res.out)
    assert doc["optimal"] is True and doc["score"] == 3000 and doc["improvement"]["entries"] == 6
    text = cli("crossword", "--size", "3x3", "--dictionary", words, "--optimize", "--jobs", "1").out
    assert "3x3: total score 3000 over 6 entries (mean 500" in text and "optimal (proved)" in text
    big = json.loads(cli("crossword", "--size", "5x5", "--seed", "2", "--optimize", "--json", "--jobs", "1").out)
    assert big["optimal"] is False and big["score"] == big["improvement"]["score"] >= big["improvement"]["score_before"]


def test_optimize_with_a_theme_reports_the_score_without_it_and_its_proof(cli, tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("".join(f"{w};500\n" for w in BEST) + "".join(f"{w};100\n" for w in WORSE))
    args = ("crossword", "--size", "3x3", "--dictionary", words, "--theme", "MAY@0,0,A", "--optimize", "--jobs", "1")
    doc = json.loads(cli(*args, "--json").out)
    assert doc["solutions"][0]["grid"] == ["MAY", "AGE", "NOT"]  # the theme's row, the best words around it
    assert doc["optimal"] is True and doc["score"] == 2500
    assert doc["improvement"]["entries"] == 5 and doc["improvement"]["themes"] == 1
    text = cli(*args).out
    assert "3x3: total score 2500 over 5 entries (mean 500, theme entries not counted" in text, text
    assert "optimal (proved)" in text


def test_a_themed_pattern_is_filled_from_the_best_words_with_every_word_across_the_theme() -> None:
    from pyclingo_puzzles.crossword.construction.crossings import themed_fill, with_crossings

    frame = Framework.from_lines(["Z..", "...", "..."])  # a theme's Z: the across and the down through it
    words = {"ZAP": 10, "ZIT": 10, "BOA": 10, "TOO": 90, "TWO": 90, "ACE": 90, "SPA": 90}
    best = Dictionary({w: s for w, s in words.items() if s >= 90})
    assert set(with_crossings(best, Dictionary(words), frame).words) == set(best.words) | {"ZAP", "ZIT"}
    assert with_crossings(best, Dictionary(words), Framework.from_lines(["...", "..."])).words == best.words
    outcome = themed_fill(frame, Dictionary(words), FillOptions(seed=0), 1000)
    assert outcome is None or all(s.grid[0][0] == "Z" for s in outcome.solutions)


def test_a_run_without_a_grid_names_the_core_and_the_theme_its_crossings_fail() -> None:
    from pyclingo_puzzles.crossword.construction.construct import unfilled_reason
    from pyclingo_puzzles.crossword.construction.pattern import Generated, _reason_rank
    from pyclingo_puzzles.crossword.construction.themes import parse_theme
    from pyclingo_puzzles.crossword.engine.unfillable import find_core

    # the theme QAT on row 0; its Q's down needs Q.. : the list has no such word (at this score)
    frame = Framework.from_lines(["QAT", "...", "..."])
    words = {"QAT": 900, "ABE": 500, "TEN": 500, "ERA": 500, "BET": 500, "EAR": 500, "NAB": 500, "ANT": 500}
    core = find_core(frame, words, time_limit=10)
    assert core is not None and any(s.direction == "down" and (s.row, s.col) == (0, 0) for s in core.slots)
    plain = find_core(Framework.from_lines(["...", "...", "..."]), {"ZZZ": 1}, time_limit=10)
    assert plain is None or _reason_rank(core, frame) < _reason_rank(plain, Framework.from_lines(["..."] * 3))
    made = Generated(frame, patterns=3, cores=[len(core.slots)], smallest=core)
    spec = PatternSpec(3, 3, themes=(parse_theme("QAT@0,0,A"),))
    made.crossings.update({(0, 0): 1})
    lines = unfilled_reason(made, spec, 300)
    assert lines[0] == "1 of 3 patterns were proved unfillable with words scored 300 or more (--min-score)"
    assert lines[1] == "the theme letters their cores cross most: the Q of QAT at row 0, column 0 (1 of 1)"
    assert any("Q" in line for line in lines[2:]) and lines[-2].startswith("theme entry QAT@0,0,A: on that pattern")
    assert "below 300" in lines[-2] and unfilled_reason(Generated(None), spec, 300) == []
    # not every pattern was tried: no claim that no grid exists
    assert lines[-1] == "no grid was proved impossible: the time limit came before every pattern was tried"
    made.unproved = 2
    assert "2 patterns were passed over unfilled" in unfilled_reason(made, spec, 300)[-1]


def test_a_theme_letter_no_word_crosses_is_named_as_proved(cli, tmp_path: Path) -> None:
    """No word of the list (nor the theme) has a Q where a slot down through the theme's Q could
    take it, at any length: no pattern exists, proved, and the run says which letter and why."""
    words = tmp_path / "words.txt"
    words.write_text("ABE\nTEN\nERA\nBET\nEAR\nNAB\nANT\nSUQ\n")  # SUQ: a Q, not where a down takes it
    res = cli("crossword", "--size", "3x3", "--dictionary", words, "--theme", "AQT@0,0,A", "--jobs", "1")
    assert res.code == 20, res.err  # proved none (clingo's code in-process; 1 under --exit-codes unix)
    said = "no word of the lists of any length fits a slot down through its Q at row 0, column 1 (proved"
    assert said in res.err, res.err
    assert "cannot be placed on a pattern" in res.err and "no grid was proved impossible" not in res.err


def test_patterns_run_out_after_fills_cut_by_their_budget_prove_nothing() -> None:
    from pyclingo_puzzles.crossword.construction.construct import passed_over, unfilled_reason
    from pyclingo_puzzles.crossword.construction.pattern import generate as search_patterns

    spec = check_spec(PatternSpec(3, 3))
    made = search_patterns(spec, dict.fromkeys(["CAT", "ARE", "TEN"], 1), lambda frame, seconds: passed_over(), seed=1)
    assert made.patterns >= 1 and made.unproved == made.patterns and made.gave_up == "" and not made.dead
    assert unfilled_reason(made, spec, None) == [
        f"no grid was proved impossible: {made.patterns} patterns were passed over unfilled within their budget, "
        "not proved unfillable"]  # fmt: skip
