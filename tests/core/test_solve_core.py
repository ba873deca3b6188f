"""The shared solve core: statuses, exit codes, time limit, cores, user rules, symbols as facts."""

from __future__ import annotations

from pathlib import Path

import clingo
import pytest

from pyclingo_puzzles.core.errors import InputError
from pyclingo_puzzles.core.solve import Solver
from pyclingo_puzzles.core.status import Status, exit_code


def test_enumerates_all_and_reports_exhausted() -> None:
    s = Solver()
    s.add_facts(clingo.Function("p", [clingo.Number(i)]) for i in range(3))
    s.add_program("{ q(X) } :- p(X). #show q/1.")
    r = s.solve(models=0)
    assert (r.status, r.count, r.exhausted, r.exit_code) == (Status.SAT, 8, True, 30)


def test_first_model_only_is_exit_10() -> None:
    s = Solver()
    s.add_program("{ a; b }.")
    r = s.solve(models=1)
    assert (r.status, r.count, r.exit_code) == (Status.SAT, 1, 10)


def test_unsat_core_names_failed_assumptions() -> None:
    s = Solver()
    s.add_program("{ b; c; d }. :- b, c.")
    r = s.solve(assumptions=[(clingo.Function(x), True) for x in "bcd"])
    assert r.status is Status.UNSAT and r.exit_code == 20
    assert sorted(str(x) for x in r.core) == ["b", "c"]


def test_time_limit_answers_with_interrupt_code() -> None:
    s = Solver()
    # pigeon hole 11 into 10: hard enough to outlast 0.2 s
    s.add_program("p(1..11). h(1..10). 1 { in(P,H) : h(H) } 1 :- p(P). :- in(P,H), in(Q,H), P < Q.")
    r = s.solve(time_limit=0.2)
    assert r.interrupted and r.status is Status.UNKNOWN and r.exit_code == 1


def test_string_facts_with_quotes_and_umlauts_survive() -> None:
    s = Solver()
    s.add_facts([clingo.Function("w", [clingo.String('Ä"Ñ\\ß')])])
    s.add_program("#show w/1.")
    r = s.solve()
    assert r.answers[0].symbols[0].arguments[0].string == 'Ä"Ñ\\ß'


def test_user_rules_syntax_error_is_input_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.lp"
    bad.write_text("a :- b\n")
    with pytest.raises(InputError) as info:
        Solver(rules=[bad])
    assert "bad.lp" in str(info.value) and "\n" not in str(info.value)


def test_missing_rules_file_is_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="not found"):
        Solver(rules=[tmp_path / "nope.lp"])


@pytest.mark.parametrize(
    ("status", "exhausted", "interrupted", "code"),
    [
        (Status.SAT, False, False, 10),
        (Status.SAT, True, False, 30),
        (Status.UNSAT, True, False, 20),
        (Status.SAT, False, True, 11),
        (Status.UNKNOWN, False, True, 1),
    ],
)
def test_exit_codes_follow_clingo(
    status: Status, exhausted: bool, interrupted: bool, code: int
) -> None:
    assert exit_code(status, exhausted, interrupted) == code
