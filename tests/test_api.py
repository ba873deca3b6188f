"""The Python API: README examples as doctests, API = CLI on every shipped instance, validation."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyclingo_puzzles
from pyclingo_puzzles import InputError, Status, crossword, layout, strips, wordsearch
from pyclingo_puzzles.crossword import api as crossword_api
from pyclingo_puzzles.layout import api as layout_api
from pyclingo_puzzles.strips import api as strips_api
from pyclingo_puzzles.wordsearch import api as wordsearch_api
from pyclingo_puzzles.wordsearch.reader import WordSearchInstance

from .conftest import INSTANCES, ROOT, PublicErrorNames


def test_readme_examples_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("PYCLINGO_PUZZLES_EXIT_CODES")  # the README shows the default exit codes
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    test = doctest.DocTestParser().get_doctest(text, {"__name__": "__main__"}, "README.md", str(ROOT / "README.md"), 0)
    runner = doctest.DocTestRunner(checker=PublicErrorNames())
    failed, attempted = runner.run(test)
    assert attempted > 10 and failed == 0


@pytest.mark.parametrize("module", [wordsearch_api, crossword_api, strips_api, layout_api])
def test_module_examples_run(module, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PYCLINGO_PUZZLES_EXIT_CODES")  # docstrings show the default exit codes
    failed, attempted = doctest.testmod(module, report=True)
    assert attempted > 0 and failed == 0


def test_top_level_names() -> None:
    for name in pyclingo_puzzles.__all__:
        assert hasattr(pyclingo_puzzles, name)
    assert {"InputError", "Status", "crossword", "strips", "wordsearch"} <= set(pyclingo_puzzles.__all__)


def test_the_driver_module_stays_importable() -> None:
    from pyclingo_puzzles.wordsearch.generate import Outcome, generate

    assert callable(generate) and generate is not wordsearch.generate and Outcome.__name__ == "Outcome"


# ---------------------------------------------------------------------------------------- validation


@pytest.mark.parametrize(
    "words",
    [("CAT", "CATS"), ("CAT", "TAC", "CATALOG"), ("cat", "DOG"), ("DOG", "DOG"), ("A1", "DOG"), ("X", "DOG")],
)
def test_word_search_instance_from_python_validates_like_the_reader(words) -> None:
    with pytest.raises(InputError):
        WordSearchInstance("<words>", 8, 8, words, ((1, 0),), None, ("A",), 1, "")


def test_generate_rejects_like_the_cli() -> None:
    for bad in (["cat", "cats"], ["dog", "DOG"], ["c4t"], []):
        with pytest.raises(InputError):
            wordsearch.generate(bad, width=5, height=5)


def test_generate_upper_cases_like_the_reader() -> None:
    puzzle = wordsearch.generate(["hola", "Peña"], width=5, height=5)
    assert [p.word for p in puzzle.placements] == ["HOLA", "PEÑA"]
    assert all(ch == ch.upper() for row in puzzle.grid for ch in row)


def test_unsolvable_results_are_results_not_none() -> None:
    ws = wordsearch.generate(str(INSTANCES / "wordsearch" / "too-many-4x4.yaml"))
    assert ws.status is Status.UNSAT and ws.core and ws.grid == () and ws.exit_code == 20
    cw = crossword.solve(INSTANCES / "crossword" / "unsat-crossing.yaml")
    assert cw.status is Status.UNSAT and cw.solutions == [] and cw.exit_code == 20
    fill = crossword.fill(["...", ".#.", "..."], ["CAT", "DOG"])
    assert fill.status is Status.UNSAT and fill.empty_slots and fill.exit_code == 20
    st = strips.tile(INSTANCES / "strips" / "unsolvable.yaml")
    assert st.status is Status.UNSAT and st.exit_code == 20


def test_exit_code_follows_the_unix_default_and_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PYCLINGO_PUZZLES_EXIT_CODES")
    unsat = [
        wordsearch.generate(str(INSTANCES / "wordsearch" / "too-many-4x4.yaml")),
        crossword.solve(INSTANCES / "crossword" / "unsat-crossing.yaml"),
        strips.tile(INSTANCES / "strips" / "unsolvable.yaml"),
        layout.arrange(str(INSTANCES / "layout" / "cannot-connect.yaml")),
    ]
    assert [(r.exit_code, r.clingo_code) for r in unsat] == [(1, 20)] * 4
    found = [crossword.solve(["NON", "TOT"], [" . ", "...", " . "], models=0), layout.arrange(["oven", "toaster"])]
    assert [(r.exit_code, r.clingo_code) for r in found] == [(0, 30), (0, 30)]
    monkeypatch.setenv("PYCLINGO_PUZZLES_EXIT_CODES", "clingo")
    assert [r.exit_code for r in unsat + found] == [20, 20, 20, 20, 30, 30]


def test_strips_reject_a_colour_that_is_not_b_or_w() -> None:
    with pytest.raises(InputError, match="only b and w"):
        strips.Grid("g", ("bx",))
    with pytest.raises(InputError, match="only b and w"):
        strips.tile({"g": ["bw", "xw"]})


def test_errors_from_files_carry_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("width: 5\nheight: 5\nwords: [CAT, CATS]\n")
    with pytest.raises(InputError) as info:
        wordsearch.generate(str(bad))
    assert info.value.file == str(bad) and info.value.line == 3


# ------------------------------------------------------------------------- API = CLI, every instance


def _instances(family: str, *suffixes: str) -> list[Path]:
    return sorted(p for p in (INSTANCES / family).iterdir() if p.suffix in suffixes)


@pytest.mark.parametrize("path", _instances("wordsearch", ".yaml"), ids=lambda p: p.name)
def test_word_search_api_equals_cli(path: Path, cli) -> None:
    res = cli("wordsearch", path, "--json")
    result = wordsearch.generate(str(path))
    assert res.code == result.exit_code
    assert json.loads(res.out) == json.loads(json.dumps(result.to_json()))


@pytest.mark.parametrize("path", _instances("crossword", ".yaml", ".dat"), ids=lambda p: p.name)
def test_crossword_api_equals_cli(path: Path, cli) -> None:
    res = cli("crossword", path, "--json", "--models", "0")
    try:
        result = crossword.solve(path, models=0)
    except InputError as exc:
        assert res.code == 65 and str(exc) in res.err
        return
    assert res.code == result.exit_code
    assert json.loads(res.out) == json.loads(json.dumps(result.to_json()))


@pytest.mark.parametrize("path", _instances("strips", ".yaml"), ids=lambda p: p.name)
def test_strips_api_equals_cli(path: Path, cli) -> None:
    res = cli("strips", path, "--json", "--count")
    result = strips.tile(path, count=True)
    assert res.code == result.exit_code
    assert json.loads(res.out) == strips_api.HuntResult(result).to_json(count=True)


def test_hunt_api_equals_cli(cli) -> None:
    path = INSTANCES / "strips" / "mums2010.yaml"
    res = cli("strips", path, "--hunt", "--json")
    chain = strips.hunt(path)
    assert res.code == chain.exit_code == 10
    assert json.loads(res.out) == json.loads(json.dumps(chain.to_json()))


@settings(max_examples=30, deadline=None)
@given(st.lists(st.text(alphabet="abcAB1 -é", max_size=6), max_size=4))
def test_any_word_list_gives_a_result_or_one_line_error(words: list[str]) -> None:
    try:
        result = wordsearch.generate(words, width=5, height=5, time_limit=5)
    except InputError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("<words>")
        return
    assert result.status in (Status.SAT, Status.UNSAT, Status.UNKNOWN)
    if result.status is Status.SAT:
        assert [p.word for p in result.placements] == list(result.words)


# ------------------------------------------------------------------------------- QA regressions

RING = ["...", ". .", "..."]
RING_WORDS = ["CAT", "TOE", "COT", "EAR", "TAR", "RAT", "TEA", "ACE", "OAT", "EAT"]
ODD_CALLS = {
    # each raised TypeError, OverflowError or clingo's RuntimeError before
    "words None": lambda: wordsearch.generate(None),
    "words int": lambda: wordsearch.generate(5),
    "missing YAML as a Path": lambda: wordsearch.generate(Path("/nonexistent/x.yaml")),
    "direction None": lambda: wordsearch.generate(["cat"], directions=[None]),
    "models None": lambda: wordsearch.generate(["cat"], models=None),
    "models beyond clingo": lambda: wordsearch.generate(["cat"], models=10**20),
    "time_limit str": lambda: wordsearch.generate(["cat", "dog"], time_limit="1"),
    "time_limit nan": lambda: wordsearch.generate(["cat", "dog"], time_limit=float("nan")),
    "width 0 (was taken as no width)": lambda: wordsearch.generate(["cat"], width=0, height=3),
    "crossword seed beyond clingo": lambda: crossword.solve(["AB"], [".."], seed=2**40),
    "crossword negative seed": lambda: crossword.solve(["AB"], [".."], seed=-5),
    "crossword models None": lambda: crossword.solve(["AB"], [".."], models=None),
    "fill dictionary None": lambda: crossword.fill(RING, None),
    "fill dictionary int": lambda: crossword.fill(RING, 5),
    "fill framework None": lambda: crossword.fill(None, RING_WORDS),
    "fill score beyond clingo": lambda: crossword.fill(RING, {"CAT": 10**30}, optimize=True),
    "fill jobs str": lambda: crossword.fill(RING, RING_WORDS, jobs="2"),
    "fill min_length None": lambda: crossword.fill(RING, RING_WORDS, min_length=None),
    "fill seed beyond clingo": lambda: crossword.fill(RING, RING_WORDS, seed=2**40),
    "strips None": lambda: strips.tile(None),
    "strips int": lambda: strips.tile(5),
    "strips rows None": lambda: strips.tile([None]),
    "strips seed beyond clingo": lambda: strips.tile([["bw", "wb"]], seed=2**40),
    "hunt None": lambda: strips.hunt(None),
}


@pytest.mark.parametrize("name", sorted(ODD_CALLS))
def test_odd_arguments_raise_input_error(name: str) -> None:
    with pytest.raises(InputError) as info:
        ODD_CALLS[name]()
    assert "\n" not in str(info.value)


def test_rules_may_be_one_path_or_none(tmp_path: Path) -> None:
    """``rules="x.lp"`` was read as the files "x", ".", "l", "p"; ``rules=None`` raised TypeError."""
    path = tmp_path / "show.lp"
    path.write_text("#show word/2.\n")
    for rules in (path, str(path), [path]):
        assert strips.tile([["bw", "wb"]], rules=rules).shown is not None
        assert crossword.solve(["AB"], [".."], rules=rules).status is Status.SAT
    assert strips.tile([["bw", "wb"]], rules=None).shown is None
    assert wordsearch.generate(["cat", "dog"], rules=None).status is Status.SAT


def test_every_call_is_a_run_of_its_own_for_warnings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the warnings were kept once per process: a program's second call with the same rules said nothing
    rules = tmp_path / "misspelled.lp"
    rules.write_text(":- place(W, K), cand_dirs(W, K, 0, 1).\n")
    warning = f"{rules}:1: warning: predicate cand_dirs/4 is not defined by the encoding, the facts or your rules"
    for _ in range(2):
        wordsearch.generate(["cat", "dog"], width=5, height=5, seed=1, rules=[rules])
        assert capsys.readouterr().err.splitlines() == [warning]
    strips_rules = tmp_path / "grid.lp"
    strips_rules.write_text(":- use(G, _, _, _, _), grid_name(G, n).\n")
    for _ in range(2):
        strips.tile([["bw", "wb"]], rules=[strips_rules])
        assert capsys.readouterr().err.splitlines()[0].startswith(f"{strips_rules}:1: warning: predicate grid_name/2")
