"""The Python API checks its arguments as the command line does: a wrong type or value is an
``InputError`` naming the argument (never a ValueError, AttributeError or clingo's RuntimeError from
deep inside), and a hypothesis test throws random values at every keyword of every public function."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyclingo_puzzles import InputError, crossword, layout, strips, wordsearch
from pyclingo_puzzles.wordsearch.reader import parse_instance

TINY = parse_instance("width: 3\nheight: 3\nwords: [AB, CD]\nlevel: easy\n", "tiny.yaml")  # counted at once


def _error(call: Callable[[], object]) -> str:
    with pytest.raises(InputError) as info:
        call()
    assert "\n" not in str(info.value)
    return str(info.value)


@pytest.mark.parametrize(
    ("call", "names"),
    [
        (lambda: wordsearch.generate([]), "'words' is empty"),
        (lambda: wordsearch.count_placements(5), "inst=: must be a WordSearchInstance"),
        (lambda: wordsearch.count_placements("missing.yaml"), "missing.yaml: file not found"),
        (lambda: crossword.fill(["..", ".."], ["AB", "BA"], no_repeat="no"), "no_repeat=: must be True or False"),
        (lambda: layout.arrange(["kettle", "oven"], seed=2**40), "seed=: must be a whole number"),
        (lambda: layout.arrange(["kettle", "oven"], time_limit=-1), "time_limit=: must be a finite number"),
        (lambda: layout.arrange(["kettle", "oven"], rules=5), "rules=: must be a list"),
        (lambda: layout.arrange(["kettle", "oven"], prefer="short"), "prefer=: must be one of balanced, crossings"),
        (lambda: layout.arrange([("oven", "bakes", "bread")]), "word 1 must be a (word, clue) pair, got a tuple of 3"),
        (lambda: layout.arrange(["oven", ("kettle",)]), "word 2 must be a (word, clue) pair, got a tuple of 1"),
        (lambda: strips.tile([["bw", "wb"]], count="yes"), "count=: must be True or False"),
        (lambda: strips.tile([["bw", "wb"]], lengths=[0]), "lengths=: each must be a whole number from 1"),
        (lambda: strips.hunt([["bw", "wb"]], count=1), "count=: must be True or False"),
        (lambda: crossword.solve(["NON", "TOT"], [" . ", "...", " . "], count="yes"), "count=: must be True or False"),
        (lambda: crossword.solve(["NON", "TOT"], [" . ", "...", " . "], warn=3), "warn=: must be a function"),
        (lambda: wordsearch.generate(["cat", "dog"], level="extreme"), "level=: must be one of easy, medium, hard"),
        (lambda: wordsearch.generate(["cat", "dog"], width=5, height=0), "height=: must be a whole number from 1"),
        (lambda: wordsearch.generate(["cat", "dog"], fit="some"), "fit=: must be one of all, most"),
        (lambda: wordsearch.generate(["cat", "dog"], max_words=0), "max_words=: must be a whole number from 1"),
        (lambda: wordsearch.generate_instance("x.yaml"), "inst=: must be a WordSearchInstance"),
    ],
)
def test_wrong_arguments_name_the_argument(call: Callable[[], object], names: str) -> None:
    # an option of the schema (core/schema.py) is named as the caller wrote it: ``seed=``
    assert names in _error(call)


def test_to_svg_arguments() -> None:
    puzzle = wordsearch.generate(["cat", "dog"], width=5, height=5, seed=1)
    assert "title=: must be a string, got 5" in _error(lambda: puzzle.to_svg(title=5))
    assert "key=: must be True or False" in _error(lambda: puzzle.to_svg(key="yes"))
    assert puzzle.to_svg(title="Pets").startswith("<svg")
    result = layout.arrange(["kettle", "oven"], seed=1, time_limit=20)
    assert "key=: must be True or False" in _error(lambda: result.to_svg(key=1))


def test_the_largest_time_limit_is_a_time_limit() -> None:
    """Finite, so allowed: the layout's work budget (work per second times the limit) stays finite."""
    assert layout.arrange(["kettle", "oven"], seed=1, time_limit=sys.float_info.max).crossings == 1


def test_a_huge_value_is_named_not_echoed() -> None:
    message = _error(lambda: strips.tile([["bw", "wb"]], count=["x"] * 10_000))
    assert len(message) < 150 and "characters)" in message


def test_paths_and_plain_lists(tmp_path: Path) -> None:
    tiny = tmp_path / "tiny.yaml"
    tiny.write_text("width: 3\nheight: 3\nwords: [AB, CD]\nlevel: easy\n")
    assert wordsearch.count_placements(tiny, time_limit=30).count == wordsearch.count_placements(TINY).count > 0
    words = tmp_path / "pets.txt"
    words.write_text("cat\ndog\n")
    puzzle = wordsearch.generate(words)  # a plain list: the smallest square
    assert puzzle.status.value == "SAT" and len(puzzle.grid) == 3
    assert len(wordsearch.generate(str(words), width=6, height=5).grid) == 5
    words.write_text("kettle boils water\noven\n")
    assert layout.arrange(words, seed=1, time_limit=20).instance.clues == ("boils water", "")


# ------------------------------------------------------------------------------------------- fuzz

HOSTILE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.sampled_from([2**31, 2**32, 2**40, -(2**63), 10**30]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([math.nan, -1.0, 0.0, 0.5, 1e300]),
    st.text(max_size=5),
    st.sampled_from(["all", "most", "easy", "hard", "area", "crossings", "no", "yes", "x.yaml", "x.lp", ""]),
    st.binary(max_size=3),
    st.lists(st.one_of(st.integers(-2, 3), st.text(max_size=3), st.none()), max_size=3),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.just(object()),
    st.just(Path("nowhere.lp")),
)

# every public function, a small valid call, and the keywords to spoil (each keyword of the signature)
CALLS: dict[str, tuple[Callable[..., Any], dict[str, Any]]] = {
    "wordsearch.generate": (
        wordsearch.generate,
        {"words": ["cat", "dog"], "width": 5, "height": 5, "level": "easy", "directions": None, "seed": 1,
         "rules": (), "fit": "all", "max_words": None, "alphabet": None, "message": None, "models": 1,
         "time_limit": 20, "max_shared": 20, "balance": True},
    ),
    "wordsearch.count_placements": (
        wordsearch.count_placements, {"inst": TINY, "rules": (), "time_limit": 20}
    ),
    "crossword.solve": (
        crossword.solve,
        {"source": ["NON", "TOT"], "framework": [" . ", "...", " . "], "rules": (), "models": 1, "seed": 1,
         "time_limit": 20, "count": False, "warn": None},
    ),
    "crossword.fill": (
        crossword.fill,
        {"framework": ["..", ".."], "dictionary": ["AB", "BA", "AA", "BB"], "rules": (), "models": 1, "seed": 1,
         "time_limit": 20, "no_repeat": True, "optimize": False, "word_atoms": False, "jobs": 1, "min_length": 2,
         "min_score": None, "count": False},
    ),
    "strips.tile": (
        strips.tile,
        {"grids": [["bw", "wb"]], "count": False, "lengths": None, "rules": (), "models": 1, "seed": 1,
         "time_limit": 20},
    ),
    "strips.hunt": (
        strips.hunt, {"grids": [["bw", "wb"]], "count": False, "rules": (), "models": 1, "seed": 1, "time_limit": 20}
    ),
    "layout.arrange": (
        layout.arrange,
        {"words": ["kettle", "oven"], "max_width": None, "max_height": None, "title": None, "prefer": None,
         "rules": (), "seed": 1, "time_limit": 20},
    ),
}  # fmt: skip
POSITIONAL = {"words", "inst", "source", "framework", "dictionary", "grids"}


def _call(name: str, spoiled: dict[str, Any]) -> object:
    function, valid = CALLS[name]
    kwargs = {**valid, **spoiled}
    if "time_limit" in spoiled and "models" in kwargs:
        kwargs["models"] = 1 if "models" not in spoiled else kwargs["models"]  # no unbounded enumeration
    if "models" in spoiled and "time_limit" in kwargs and "time_limit" not in spoiled:
        kwargs["time_limit"] = 5  # enumerating every answer stays bounded
    args = [kwargs.pop(k) for k in list(valid) if k in POSITIONAL]
    return function(*args, **kwargs)


# 80 examples, about 13 a function (each a whole solve when the arguments hold): each run draws new
# ones, and a failure found is replayed first from hypothesis's database
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), name=st.sampled_from(sorted(CALLS)))
def test_fuzz_api_arguments(data: st.DataObject, name: str) -> None:
    """Random values for one or two arguments of a public function: a valid result, or an
    InputError / TypeError naming the problem in one line; never another exception."""
    keys = data.draw(st.lists(st.sampled_from(sorted(CALLS[name][1])), min_size=1, max_size=2, unique=True))
    spoiled = {k: data.draw(HOSTILE, label=k) for k in keys}
    try:
        result = _call(name, spoiled)
    except (InputError, TypeError) as exc:
        assert "\n" not in str(exc), exc
        return
    assert hasattr(result, "status") or hasattr(result, "count"), result
