"""Every stage asks the one budget (``runtime``) for its time: a family's own ``time_limit`` is a
stage deadline of the run's budget (``runtime.until``), so a search inside it gets that time from
``runtime.remaining()`` without being handed it, and no stage keeps a deadline of its own."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace

import pytest

from pyclingo_puzzles.core.blame import blame
from pyclingo_puzzles.core.solve import Solver
from pyclingo_puzzles.core.status import Status
from pyclingo_puzzles.crossword.engine.strategy import solve_fill
from pyclingo_puzzles.crossword.framework import Framework
from pyclingo_puzzles.crossword.options import FillOptions
from pyclingo_puzzles.crossword.reader import Dictionary
from pyclingo_puzzles.run import runtime
from pyclingo_puzzles.wordsearch.api import generate
from pyclingo_puzzles.wordsearch.autosize import find_size
from pyclingo_puzzles.wordsearch.options import WordSearchOptions
from pyclingo_puzzles.wordsearch.reader import read_instance

LIMIT = 30.0  # far beyond what these small searches need: the figure is read, not waited for


@pytest.fixture
def budget_seen(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[float | None]]:
    """What the budget says is left whenever a search starts (the Python API: no run)."""
    seen: list[float | None] = []
    solve = Solver.solve

    def recording(self: Solver, *args, **kw):  # type: ignore[no-untyped-def]
        seen.append(runtime.remaining())
        return solve(self, *args, **kw)

    monkeypatch.setattr(Solver, "solve", recording)
    assert runtime.current() is None
    yield seen


def within_the_limit(seen: list[float | None]) -> bool:
    return bool(seen) and all(left is not None and 0 < left <= LIMIT for left in seen)


def test_a_word_search_asks_the_budget(budget_seen: list[float | None]) -> None:
    generate("cat dog emu", width=5, height=5, time_limit=LIMIT)
    assert within_the_limit(budget_seen)


def test_the_size_search_asks_the_budget(budget_seen: list[float | None], tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "w.yaml"
    path.write_text("words: [CAT, DOG, EMU]\n")
    find_size(read_instance(path, "auto"), WordSearchOptions(time_limit=LIMIT, size="auto"))
    assert within_the_limit(budget_seen)


def test_a_dictionary_fill_asks_the_budget(budget_seen: list[float | None]) -> None:
    solve_fill(Framework.from_lines(["..."]), Dictionary({"CAT": 1, "DOG": 1}), FillOptions(time_limit=LIMIT))
    assert within_the_limit(budget_seen)


def test_blaming_rule_files_asks_the_budget() -> None:
    seen: list[float | None] = []
    atom = SimpleNamespace(arguments=[SimpleNamespace(string="r.lp")])

    def solve(**kw):  # type: ignore[no-untyped-def]
        seen.append(runtime.remaining())
        return SimpleNamespace(status=Status.UNSAT)

    solver = SimpleNamespace(rule_files=[SimpleNamespace(path="r.lp")], rule_assumptions=lambda: [(atom, True)],
                             solve=solve)  # fmt: skip
    assert blame(solver, LIMIT) == []  # type: ignore[arg-type]
    assert within_the_limit(seen)
    assert runtime.remaining() is None  # the stage's deadline ends with it
