"""crossword --unique (and ``unique=True``): every shipped P-99 instance's verdict, checked by the
plain Python search of tests/fillin/brute.py (no code shared with the encoding)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyclingo_puzzles import crossword
from pyclingo_puzzles.core.errors import InputError
from pyclingo_puzzles.core.unique import differ_cells
from pyclingo_puzzles.crossword.reader import read_instance

from ..conftest import INSTANCES, shared_path
from ..fillin.brute import solutions

CROSSWORD = INSTANCES / "crossword"
SHIPPED = sorted(p.name for p in CROSSWORD.iterdir() if p.suffix in (".dat", ".yaml"))


def _check(path: Path, cli) -> None:
    res = cli("crossword", path, "--unique", "--json", "--exit-codes", "clingo")
    data = json.loads(res.out)
    instance = read_instance(path)
    brute = solutions(instance.framework.rows, instance.words)
    if not brute:
        assert (res.code, data["status"], data["unique"]) == (20, "UNSAT", False)
        assert "differ" not in data
    elif len(brute) == 1:
        assert (res.code, data["unique"]) == (30, True)
        assert [tuple(s["grid"]) for s in data["solutions"]] == brute
    else:
        assert (res.code, data["unique"]) == (10, False)
        grids = [tuple(s["grid"]) for s in data["solutions"]]
        assert len(grids) == 2 and set(grids) <= set(brute)
        assert [(d["row"], d["col"]) for d in data["differ"]] == list(differ_cells(*grids))
        assert data["differ"]


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_instance(name: str, cli) -> None:
    _check(CROSSWORD / name, cli)


@pytest.mark.parametrize("name", ["p7_09a", "p7_09b", "p7_09c", "p7_09d"])
def test_p99(name: str, cli) -> None:
    _check(shared_path("p99", f"{name}.dat"), cli)


def test_text_and_unix_codes(cli) -> None:
    res = cli("crossword", CROSSWORD / "plus-two-solutions.yaml", "--unique", "--exit-codes", "unix")
    assert res.code == 0
    assert "not unique: two solutions differ in 4 cells (row, column): (0, 1), (1, 0)" in res.out
    res = cli("crossword", CROSSWORD / "lattice.dat", "--unique", "--exit-codes", "unix")
    assert res.code == 0 and res.out.rstrip().endswith("unique (proved: no second solution)")
    res = cli("crossword", CROSSWORD / "unsat-lengths.dat", "--unique", "--exit-codes", "unix")
    assert res.code == 1 and "not unique: no solution at all (proved)" in res.out


def test_unique_refuses_what_it_does_itself(cli) -> None:
    res = cli("crossword", CROSSWORD / "lattice.dat", "--unique", "--models", "3", "--exit-codes", "unix")
    assert res.code == 2 and res.err.count("\n") == 1 and "--models" in res.err


def test_api() -> None:
    result = crossword.solve(["NON", "TOT"], [" . ", "...", " . "], unique=True)
    assert result.uniqueness is not None and result.uniqueness.unique is False
    assert result.to_json()["differ"] == [{"row": r, "col": c} for r, c in ((0, 1), (1, 0), (1, 2), (2, 1))]
    one = crossword.solve(["NON", "TOT"], [" N ", "...", " . "], unique=True)
    assert one.uniqueness is not None and one.uniqueness.unique and len(one.solutions) == 1
    with pytest.raises(InputError, match="unique"):
        crossword.solve(["NON", "TOT"], [" . ", "...", " . "], unique=True, models=0)


def test_dictionary_fill(tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("CAT\nCOT\nTAN\nNAP\n")
    result = crossword.fill(["..."], str(words), unique=True)
    assert result.uniqueness is not None and result.uniqueness.unique is False
    assert len(result.solutions) == 2
