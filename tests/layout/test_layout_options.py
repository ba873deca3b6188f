"""``LayoutOptions``: one frozen object a layout run's search reads, built the same way from the
command's arguments (``cli/commands/layout.py``: ``layout_options``) and from the API's keywords
(``api.layout_options``)."""

from __future__ import annotations

import dataclasses

import pytest

from pyclingo_puzzles.cli.commands import layout as cli
from pyclingo_puzzles.core.errors import InputError
from pyclingo_puzzles.layout import api
from pyclingo_puzzles.layout.options import DEFAULT_TIME_LIMIT, LayoutOptions

from ..conftest import options_from_arguments


def from_arguments(*argv: str) -> LayoutOptions:
    return options_from_arguments(cli.layout_options, "layout", *argv)


def test_the_options_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        LayoutOptions().seed = 3  # type: ignore[misc]


def test_arguments_and_keywords_build_the_same_options() -> None:
    # no time limit: the command's default is the API's (a layout is the best found in its time)
    assert from_arguments("a.yaml", "--jobs", "2") == api.layout_options() == LayoutOptions()
    assert LayoutOptions().time_limit == DEFAULT_TIME_LIMIT == api.layout_options(time_limit=None).time_limit
    given = from_arguments("a.yaml", "--rules", "r.lp", "--seed", "4", "--time-limit", "3", "--jobs", "2")
    assert given == api.layout_options(rules=["r.lp"], seed=4, time_limit=3)
    assert not from_arguments("a.yaml", "--jobs", "1").workers  # one process: no worker search


def test_bad_combinations_are_refused_with_a_clear_error() -> None:
    with pytest.raises(InputError, match=r"^a\.yaml: layout computes one best layout: --models must be 1, got 2$"):
        from_arguments("a.yaml", "--models", "2").checked("a.yaml", command=True)
    for bad in (0, True):
        with pytest.raises(InputError, match=r"^work_limit=: must be a finite number of seconds > 0"):
            api.layout_options(time_limit=3, work_limit=bad)
    with pytest.raises(InputError, match="work_limit must be seconds > 0 and at most time_limit"):
        api.layout_options(time_limit=3, work_limit=4)
    assert api.layout_options(time_limit=3, work_limit=3).work_limit == 3
    with pytest.raises(InputError, match="seed"):
        api.layout_options(seed=-1)
