"""``StripsOptions``: one frozen object a strips run's solver reads, built the same way from the
command's arguments (``cli/commands/strips.py``: ``strips_options``) and from the API's keywords
(``api.strips_options``)."""

from __future__ import annotations

import dataclasses

import pytest

from pyclingo_puzzles.cli.commands import strips as cli
from pyclingo_puzzles.core.errors import InputError
from pyclingo_puzzles.strips import api
from pyclingo_puzzles.strips.options import StripsOptions

from ..conftest import options_from_arguments


def from_arguments(*argv: str) -> StripsOptions:
    return options_from_arguments(cli.strips_options, "strips", *argv)


def test_the_options_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        StripsOptions().models = 0  # type: ignore[misc]


def test_arguments_and_keywords_build_the_same_options() -> None:
    assert from_arguments("a.yaml") == api.strips_options() == StripsOptions()
    argv = ["a.yaml", "--rules", "r.lp", "--models", "0", "--seed", "5", "--time-limit", "2", "--count", "--hunt"]
    keywords = api.strips_options(rules=["r.lp"], models=0, seed=5, time_limit=2, count=True, hunt=True)
    assert from_arguments(*argv) == keywords and keywords.rules == ("r.lp",)


@pytest.mark.parametrize(
    ("keywords", "named"),
    [({"models": -1}, "models"), ({"seed": -1}, "seed"), ({"time_limit": 0}, "time_limit"), ({"count": 1}, "count"),
     ({"rules": [3]}, "rules")],
)
def test_a_bad_keyword_is_refused_by_name(keywords: dict, named: str) -> None:
    with pytest.raises(InputError, match=named):
        api.strips_options(**keywords)


def test_the_command_s_way_in_gives_the_api_s_results() -> None:
    grids = [["bw", "wb"]]
    options = api.strips_options(count=True)
    assert api.run_with(api.instance_of(grids), options).grids.grids == api.tile(grids, count=True).grids
