"""The documented rule style scales: ``:- place(W, _), word(W, "ZEN").`` (docs/rules.md) keeps a word
out of a dictionary fill in the fast mode, as leaving the word out does, instead of grounding every
candidate word (``--size 15x15`` with it once ground for the whole 120 s and ended with exit 3).
Rules that need the word atoms still get them, with a note that names the predicates and says what
to write instead."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pyclingo_puzzles.crossword.engine.bans import read_bans

from ..conftest import INSTANCES

MINI = INSTANCES / "crossword" / "mini-7x7.grid"


@pytest.mark.parametrize(("text", "words", "only"), [
    (':- place(W, _), word(W, "ZEN").', {"ZEN"}, True),
    (':- word(Word, "ZEN"), place(Word, Slot).\n:- place(V, _), word(V, "OHM").', {"ZEN", "OHM"}, True),
    (':- place(W, _), word(W, "ZEN").\n:- val(0, 0, "Q").', {"ZEN"}, True),  # letters: the fast mode anyway
    (':- place(W, _), word(W, "ZEN").\n#show place/2.', {"ZEN"}, False),  # place/2 wanted: word atoms
    (':- place(W, S), word(W, "ZEN"), site_at(S, 0, _, _).', set(), False),  # a ban in one place only
    (':- place(W, 3), word(W, "ZEN").', set(), False),
    (':- place(W, _), word(W, "zen").', set(), False),  # lower case matches no word: no ban, as written
    (':- place(W, _), not word(W, "ZEN").', set(), False),
])  # fmt: skip
def test_bans_are_read_from_the_rules_syntax(text: str, words: set[str], only: bool, tmp_path: Path) -> None:
    rules = tmp_path / "r.lp"
    rules.write_text(text + "\n", encoding="utf-8")
    bans = read_bans([str(rules)])
    assert (set(bans.words), bans.only) == (words, only and bool(words))


def slot_words(grid: list[str]) -> set[str]:
    rows = [row.replace(" ", "#") for row in grid]
    columns = ["".join(col) for col in zip(*rows, strict=True)]
    return {w for line in rows + columns for w in line.split("#") if len(w) > 1}


def stats_of(err: str) -> dict[str, str]:
    return dict(re.findall(r"(\w+)=(\S+)", next(line for line in err.splitlines() if line.startswith("stats:"))))


def test_a_banned_word_stays_out_of_the_fill_in_the_fast_mode(cli, tmp_path: Path) -> None:
    first = json.loads(cli("crossword", MINI, "--json", "--jobs", "1").out)["solutions"][0]["grid"]
    banned = sorted(slot_words(first))[0]
    rules = tmp_path / "ban.lp"
    rules.write_text(f'% keep {banned} out\n:- place(W, _), word(W, "{banned}").\n', encoding="utf-8")
    res = cli("crossword", MINI, "--rules", rules, "--json", "--stats", "--jobs", "1")
    assert res.code == 10, res.err
    assert banned not in slot_words(json.loads(res.out)["solutions"][0]["grid"])
    assert stats_of(res.err)["word_atoms"] == "False" and "slower mode" not in res.err


def test_the_ban_on_a_generated_pattern_keeps_the_fast_mode(cli, tmp_path: Path) -> None:
    rules = tmp_path / "zen.lp"
    rules.write_text(':- place(W,_), word(W,"ZEN").\n', encoding="utf-8")
    res = cli("crossword", "--size", "7x7", "--rules", rules, "--stats", "--seed", "1", "--jobs", "1")
    assert res.code == 10, res.err
    assert stats_of(res.err)["word_atoms"] == "False" and "ZEN" not in res.out


def test_rules_that_need_word_atoms_are_told_what_makes_them_slow(cli, tmp_path: Path) -> None:
    rules = tmp_path / "top.lp"
    rules.write_text(':- place(W, S), word(W, "ZEN"), site_at(S, 0, _, _).\n', encoding="utf-8")
    res = cli("crossword", "--size", "5x5", "--rules", rules, "--seed", "1", "--jobs", "1", "-t", "1")  # said first
    note = next(line for line in res.err.splitlines() if "slower mode" in line)
    assert f"place/2 ({rules}:1)" in note and f"word/2 ({rules}:1)" in note
    assert ':- place(W, _), word(W, "WORD").' in note and "val/3" in note
