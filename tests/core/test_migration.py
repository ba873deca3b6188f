"""Rules files written for the old predicate names keep working until ``migration.REMOVED_IN``:
every row of the migration table (docs/rules.md) is rewritten through clingo's AST, with one
warning per old name naming the file, the line, the new name and the release."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pyclingo_puzzles.core import migration, signatures
from pyclingo_puzzles.core.rulesparse import parsed
from pyclingo_puzzles.strips.reader import Grid, StripsInstance
from pyclingo_puzzles.strips.solver import solve_grids

from ..conftest import ROOT

# the rows whose old name is also a name of today's encoding: the rule's other atoms say which it is
EVIDENCE = {
    ("crossword.lp", "word(W, L)"): (":- word(W, 3), place(W, S).", "word_length(W,3)"),
    ("crossword_fill.lp", "cand(S, W)"): (':- cand(S, W), site(S, 5), word(W, "ZEN").', "cand(W,S)"),
    ("crossword_fill.lp", "place(R, C)"): (':- place(R, C), val(R, C, "Q").', "white(R,C)"),
    ("strips.lp", "size(G, Height, Width)"): (":- size(G, A, B), inside(B, A, 0, 0, h, 1).", "size(G,B,A)"),
    ("strips.lp", "covers(Height, Width, R, C, D, L, R2, C2)"): (
        ":- covers(A, B, 0, 0, h, 2, 0, 1), inside(B, A, 0, 0, h, 2).", "covers(B,A,0,0,h,2,0,1)"),
}


def rewritten(tmp_path: Path, text: str, encoding: str, name: str = "old.lp") -> tuple[str, list[str], Path]:
    path = tmp_path / name
    path.write_text(f"% written for the old names\n{text}\n")
    info = parsed(path, [encoding])
    return " ".join(str(s) for s in info.statements), info.warnings, path


def new_atom(new: str) -> str:
    """The new atom as clingo prints it (the old one's variables, where the names put them)."""
    (name, _), new_args = signatures._atom(new)
    return f"{name}({','.join(new_args)})" if new_args else name


ROWS = [pytest.param(*row, id=f"{row[0]}:{row[1]}") for row in migration.RENAMES]


@pytest.mark.parametrize(("encoding", "old", "new"), ROWS)
def test_every_old_name_is_read_as_the_new_one(encoding: str, old: str, new: str, tmp_path: Path) -> None:
    rule, expected = EVIDENCE.get((encoding, old), (f":- {old}.", new_atom(new)))
    text, warnings, path = rewritten(tmp_path, rule, encoding)
    assert expected in text.replace(" ", ""), text
    assert warnings == [
        f"{path}:2: warning: {old} is renamed {new} ({encoding}): read as {new}; the old name goes away in "
        f"{migration.REMOVED_IN}"
    ]


def test_the_argument_order_is_the_new_ones(tmp_path: Path) -> None:
    text, _, _ = rewritten(tmp_path, ":- fill(3, 7).", "crossword_fill.lp")
    assert "place(7,3)" in text  # fill(S, W) -> place(W, S): the word first
    text, _, _ = rewritten(tmp_path, "#show fill/2.\n:- not fill(S, W), site(S, 4), word(W, _).", "crossword_fill.lp")
    assert "#show place/2." in text and "not place(W,S)" in text


def test_one_warning_per_old_name_at_its_first_use(tmp_path: Path) -> None:
    rules = ':- at(0, 0, X), X != "A".\n:- at(1, 1, "B").\n:- active(3).'
    _, warnings, path = rewritten(tmp_path, rules, "wordsearch.lp")
    assert [w.split(": warning: ")[0] for w in warnings] == [f"{path}:2", f"{path}:4"]


def test_an_old_name_that_is_also_todays_stays_todays_without_a_sign(tmp_path: Path) -> None:
    """``cand(X, Y)`` with nothing to say which it is: today's meaning, no warning; with an old
    name elsewhere in the file, the file is an old one and so is the atom."""
    text, warnings, _ = rewritten(tmp_path, ":- cand(X, Y), X = Y.", "crossword_fill.lp")
    assert "cand(X,Y)" in text and warnings == []
    text, warnings, _ = rewritten(tmp_path, ":- cand(X, Y), X = Y.\n:- fill(0, 1).", "crossword_fill.lp")
    assert "cand(Y,X)" in text and len(warnings) == 2
    text, warnings, _ = rewritten(tmp_path, ':- cand(W, S), site(S, 5), word(W, "ZEN").', "crossword_fill.lp")
    assert "cand(W,S)" in text and warnings == []  # today's, as its arguments say


def test_a_predicate_of_the_users_own_is_left_alone_and_said(tmp_path: Path) -> None:
    text, warnings, path = rewritten(tmp_path, 'at(R, C, X) :- val(R, C, X).\n:- at(0, 0, "Q").', "wordsearch.lp")
    assert "at(0,0,\"Q\")" in text.replace(" ", "")
    assert warnings == [f"{path}:2: warning: at(R, C, X) is an old name of val(R, C, X) (wordsearch.lp), but your "
                        "rules define it, so it is read as a predicate of your own"]


def test_old_names_of_another_encoding_are_not_renamed(tmp_path: Path) -> None:
    text, warnings, _ = rewritten(tmp_path, ":- active(1).", "layout.lp")
    assert "active(1)" in text and warnings == []


def test_the_docs_migration_table_is_the_code_table() -> None:
    doc = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    section = doc.split("### Migration: renamed predicates", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([a-z_]+\.lp)` \| `([^`]+)`[^|]*\| `([^`]+)`", section, re.M)
    assert sorted(rows) == sorted(migration.RENAMES)


def test_an_old_rule_still_acts_in_a_run(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Read as ``tiled(0)``, the rule leaves grid 0 one tiling of its two (it tied nothing before:
    active/1 was no longer defined)."""
    rules = tmp_path / "tie.lp"
    rules.write_text(":- active(0), use(0, 0, 0, h, 2).\n")
    instance = StripsInstance("tie", (1, 2, 3), (Grid("a", ("bw",)), Grid("b", ("bb",))))
    assert [g.count for g in solve_grids(instance, count=True, rules=[str(rules)]).grids] == [1, 1]
    err = capfd.readouterr().err
    assert err.count("warning: active(G) is renamed tiled(G) (strips.lp)") == 1, err


def test_an_old_fill_rule_blames_its_file(cli, tmp_path: Path) -> None:
    """The docs' fill example in the old names: fill(S, W) is place(W, S), so the rule asks for word
    atoms and rules out every fill."""
    grid = tmp_path / "ring.grid"
    grid.write_text("___\n_*_\n___\n")
    words = tmp_path / "w.txt"
    words.write_text("CAT\nTOE\nCOT\nEAR\nTAR\nRAT\nTEA\nACE\nOAT\nEAT\n")
    culprit = tmp_path / "nocat.lp"
    culprit.write_text(':- fill(_, W), word(W, T), T != "CAT".\n')
    res = cli("crossword", grid, "--dictionary", words, "--rules", culprit, "--json")
    assert res.code == 20 and json.loads(res.out)["rules_to_blame"] == [str(culprit)], res.err
    assert f"{culprit}:1: warning: fill(S, W) is renamed place(W, S) (crossword_fill.lp)" in res.err
    assert "not defined" not in res.err


@pytest.mark.parametrize(
    ("rule", "expected", "old"),
    [
        (":- word(W, L), L > 5.", "word_length(W,L)", True),  # compared with a number: a length
        (":- word(W, L), place(W, S), site(S, L).", "word_length(W,L)", True),  # a site's length
        (':- word(W, T), T != "CAT".', "word(W,T)", False),  # compared with a string: a text
        (":- word(W, T), place(W, _).", "word(W,T)", False),  # nothing says: today's
    ],
)
def test_a_same_name_atom_is_told_by_how_its_arguments_are_used(tmp_path: Path, rule: str, expected: str,
                                                                  old: bool) -> None:  # fmt: skip
    text, warnings, _ = rewritten(tmp_path, rule, "crossword.lp")
    assert expected in text.replace(" ", "") and bool(warnings) == old, (text, warnings)
