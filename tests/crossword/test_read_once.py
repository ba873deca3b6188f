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
