"""Every stage asks the one budget (``runtime``) for its time: a family's own ``time_limit`` is a
stage deadline of the run's budget (``runtime.until``), so a search inside it gets that time from
``runtime.remaining()`` without being handed it, and no stage keeps a deadline of its own."""

from __future__ import annotations

import dataclasses
import time
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


# ------------------------------------------------------------- the deadline travels one way


def _spent(options: FillOptions) -> FillOptions:
    """``options`` with their deadline already past (made for their limit, a minute ago)."""
    return dataclasses.replace(options, deadline=runtime.due(LIMIT, time.monotonic() - 60))


def test_the_options_carry_the_deadline_made_once() -> None:
    options = FillOptions(time_limit=LIMIT)
    assert options.deadline is not None and options.deadline.seconds == LIMIT
    assert dataclasses.replace(options, models=2).deadline == options.deadline  # a copy keeps it
    assert dataclasses.replace(options, time_limit=1.0).deadline.seconds == 1.0  # type: ignore[union-attr]
    assert FillOptions().deadline is None and dataclasses.replace(options, time_limit=None).deadline is None


@pytest.mark.parametrize("stage", ["dictionary fill", "word list", "word search", "size search", "strips"])
def test_a_stage_keeps_to_the_options_deadline_not_a_new_one_from_the_limit(stage: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A stage given options whose deadline has passed (their limit is 30 s) stops at once: it reads
    the deadline it is handed, it does not make one from the limit again."""
    from pyclingo_puzzles.crossword.api import instance_of
    from pyclingo_puzzles.crossword.p99 import solve_instance
    from pyclingo_puzzles.wordsearch.generate import search

    spent = runtime.due(LIMIT, time.monotonic() - 60)
    if stage == "dictionary fill":
        outcome = solve_fill(Framework.from_lines(["..."]), Dictionary({"CAT": 1, "DOG": 1}),
                             _spent(FillOptions(time_limit=LIMIT)))  # fmt: skip
        assert outcome.result is None or not outcome.solutions
    elif stage == "strips":
        from pyclingo_puzzles.strips.api import instance_of as strips_instance
        from pyclingo_puzzles.strips.options import StripsOptions
        from pyclingo_puzzles.strips.solver import solve_with

        tiled = solve_with(strips_instance([["bw", "wb"]]), StripsOptions(time_limit=LIMIT, deadline=spent))
        assert tiled.status is not Status.SAT
    elif stage == "word list":
        result, solutions = solve_instance(instance_of(["NON", "TOT"], [" . ", "...", " . "]),
                                           _spent(FillOptions(time_limit=LIMIT)))  # fmt: skip
        assert result.status is Status.UNKNOWN and not solutions
    else:
        path = tmp_path / "w.yaml"
        path.write_text("words: [CAT, DOG, EMU]\n")
        inst = read_instance(path, "auto")
        options = WordSearchOptions(time_limit=LIMIT, size="auto", deadline=spent)
        if stage == "word search":
            assert search(inst, dataclasses.replace(options, size=(5, 5))).status is Status.UNKNOWN
        else:
            assert find_size(inst, options).outcome.status is Status.UNKNOWN


def test_the_commands_options_have_the_runs_deadline() -> None:
    """Built from the arguments inside the command's run, the options' deadline is the run's (from
    its start, the process's), not one from the moment they are built."""
    from pyclingo_puzzles.cli.commands import crossword as command
    from pyclingo_puzzles.cli.parsing import build_parser

    argv = ["crossword", "a.dat", "--time-limit", "7"]
    with runtime.Run(time_limit=7.0) as run:
        run.started -= 100  # as if the process had started long before
        options = command.fill_options(build_parser(argv).parse_args(argv))
    assert options.deadline is not None and options.deadline.at == run.started + 7.0


def test_a_pause_moves_a_deadline_made_before_it() -> None:
    """SIGSTOP: the run's pauses since a deadline was made move it (``Run.resumed``), also for a
    stage that had not started yet when the run was stopped."""
    with runtime.Run() as run:
        due = runtime.due(1.0)
        run.resumed(100.0)  # the process was stopped for 100 s
        with runtime.until(due):
            left = runtime.remaining()
    assert left is not None and left > 50
