"""A fill reads its input once (issue 48.3): the ``.grid`` and the rules file are each opened once
per process, counted by an audit hook (every ``open`` and ``os.open`` raises the "open" event), and
a rules file changed since it was read is read again."""

from __future__ import annotations

import os
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from pyclingo_puzzles.core import rulesfile

from ..conftest import INSTANCES

_counting: list[Counter[str]] = []  # the counters of the tests under way (the hook stays for the process)
_hooks: list[object] = []


def _audit(event: str, args: tuple) -> None:
    if event == "open" and _counting and isinstance(args[0], str | bytes | os.PathLike):
        name = os.path.abspath(os.fsdecode(args[0]))
        for counter in _counting:
            counter[name] += 1


@pytest.fixture
def opens() -> Iterator[Counter[str]]:
    """Files opened while the test runs, by absolute path: how often each."""
    if _audit not in _hooks:
        sys.addaudithook(_audit)  # an audit hook cannot be removed: one for the process, idle between tests
        _hooks.append(_audit)
    counter: Counter[str] = Counter()
    _counting.append(counter)
    yield counter
    _counting.remove(counter)


def test_a_fill_opens_its_grid_and_its_rules_file_once(cli, tmp_path: Path, opens: Counter[str]) -> None:
    grid = tmp_path / "themed.grid"
    grid.write_text((INSTANCES / "crossword" / "mini-7x7.grid").read_text())  # theme lines are read from it too
    rules = tmp_path / "no-q.lp"
    rules.write_text(':- val(0, 0, "Q").\n')  # letters only: the fast mode, asked about in several stages
    opens.clear()  # the files written above: from here on, the command's opens
    res = cli("crossword", grid, "--rules", rules, "--json", "--jobs", "1")
    assert res.code == 10, res.err
    assert (opens[str(grid)], opens[str(rules)]) == (1, 1)  # were 2 and 7


def test_a_rules_file_changed_since_it_was_read_is_read_again(tmp_path: Path) -> None:
    rules, part = tmp_path / "r.lp", tmp_path / "part.lp"
    part.write_text("b.\n")
    rules.write_text('a.\n#include "part.lp".\n')
    first = rulesfile.read_rules(rules)
    assert rulesfile.read_rules(rules) is first  # unchanged: the one reading
    part.write_text("b. c.\n")  # an included file changed
    second = rulesfile.read_rules(rules)
    assert second is not first and second[1].text == "b. c.\n"
    rules.write_text("z.\n")
    assert rulesfile.read_rules(rules)[0].text == "z.\n"


FAMILIES = {  # a family's input file (copied: the count is by path) and a rules file it takes
    "wordsearch": ("hola-8x8.yaml", INSTANCES / "wordsearch" / "hola-8x8.yaml", ":- val(0, 0, \"Q\").\n"),
    "strips": ("small.yaml", INSTANCES / "strips" / "small.yaml", ":- use(_, 0, 0, v, 3).\n"),
    "layout": ("one-word.yaml", INSTANCES / "layout" / "one-word.yaml", ":- place(_, 5, _, _).\n"),
    "crossword": ("plus.yaml", INSTANCES / "crossword" / "plus-two-solutions.yaml", ":- val(9, 9, \"Q\").\n"),
}


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_family_opens_its_input_and_its_rules_file_once(
    family: str, cli, tmp_path: Path, opens: Counter[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    name, source, rule = FAMILIES[family]
    given = tmp_path / name
    given.write_text(source.read_text())
    rules = tmp_path / "r.lp"
    rules.write_text(rule)
    parses = count_parses(monkeypatch)
    opens.clear()
    res = cli(family, given, "--rules", rules, "--json")
    assert res.code in (10, 20, 30), res.err
    assert (opens[str(given)], opens[str(rules)], parses[str(rules)]) == (1, 1, 1)


def count_parses(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How often clingo's parser is run on each rules file (by the name it was given)."""
    from pyclingo_puzzles.core import rulesparse

    parses: Counter[str] = Counter()
    real = rulesparse._parse

    def counted(path, *args):  # type: ignore[no-untyped-def]
        parses[str(path)] += 1
        return real(path, *args)

    monkeypatch.setattr(rulesparse, "_parse", counted)
    return parses


def test_a_fill_reads_its_dictionary_once_and_asks_about_word_atoms_once(
    cli, tmp_path: Path, opens: Counter[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from pyclingo_puzzles.core import rules as user_rules

    grid = tmp_path / "ring.grid"
    grid.write_text("___\n_*_\n___\n")
    words = tmp_path / "w.txt"
    words.write_text("CAT\nTOE\nCOT\nEAR\nTAR\nRAT\nTEA\nACE\nOAT\nEAT\nZEN\nOHM\n")
    exclude = tmp_path / "out.txt"
    exclude.write_text("OHM\n")
    rules = tmp_path / "ban.lp"
    rules.write_text(':- place(W, _), word(W, "ZEN").\n:- val(0, 0, "Q").\n')  # a ban: the fast mode
    asked = []
    real = user_rules.uses
    monkeypatch.setattr(user_rules, "uses", lambda *a, **k: asked.append(a) or real(*a, **k))
    parses = count_parses(monkeypatch)
    opens.clear()
    res = cli("crossword", grid, "--dictionary", words, "--exclude", exclude, "--rules", rules, "--json", "--jobs", "1")
    assert res.code == 10, res.err
    assert [opens[str(p)] for p in (grid, words, exclude, rules)] == [1, 1, 1, 1]
    assert (parses[str(rules)], len(asked)) == (1, 1)


def test_a_changed_rules_file_changes_the_fills_answers_about_it(tmp_path: Path) -> None:
    """Asked once per run, not once per process: a library caller's next fill sees the file as it is."""
    from pyclingo_puzzles.crossword.engine.attempt import wants_word_atoms
    from pyclingo_puzzles.crossword.engine.bans import read_bans

    rules = tmp_path / "r.lp"
    rules.write_text(':- place(W, _), word(W, "ZEN").\n')
    assert read_bans([str(rules)]).words == {"ZEN"} and not wants_word_atoms([str(rules)])
    rules.write_text(':- place(W, S), word(W, "OHM"), site_at(S, 0, _, _).\n')  # no ban: word atoms
    assert read_bans([str(rules)]).words == set() and wants_word_atoms([str(rules)])
