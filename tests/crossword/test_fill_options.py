"""``FillOptions``: one frozen object a crossword run's search reads, built the same way from the
command's arguments (``cli/commands/crossword.py``: ``fill_options``) and from the API's keywords
(``api.fill_options``)."""

from __future__ import annotations

import dataclasses

import pytest

from pyclingo_puzzles.cli.commands import crossword as cli
from pyclingo_puzzles.core.errors import InputError
from pyclingo_puzzles.crossword import api
from pyclingo_puzzles.crossword.options import DEFAULT_SHARED, DEFAULTS, FillOptions

from ..conftest import options_from_arguments


def from_arguments(*argv: str) -> FillOptions:
    return options_from_arguments(cli.fill_options, "crossword", *argv)


def test_the_options_are_frozen() -> None:
    options = FillOptions(models=2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.models = 3  # type: ignore[misc]
    assert dataclasses.replace(options, models=3).models == 3 and options.models == 2


def test_no_arguments_and_no_keywords_are_the_defaults() -> None:
    # (but --jobs and --memory-limit, whose defaults on the command line are the machine's: its
    # cores, 75% of its RAM; ``options_from_arguments`` sets them to the API's where not given)
    assert from_arguments("a.grid") == api.fill_options() == DEFAULTS


def test_arguments_and_keywords_build_the_same_options() -> None:
    argv = ["a.grid", "--rules", "r.lp", "--models", "3", "--seed", "7", "--time-limit", "9", "--allow-repeat",
            "--word-atoms", "--jobs", "2", "--min-length", "4", "--min-score", "250", "--max-shared-substring", "0",
            "--memory-limit", "4G"]
    keywords = api.fill_options(rules=["r.lp"], models=3, seed=7, time_limit=9, no_repeat=False, word_atoms=True,
                                jobs=2, min_length=4, min_score=250, max_shared_substring=0,
                                memory_limit=4 * 2**30)  # fmt: skip
    assert from_arguments(*argv) == keywords
    assert keywords.rules == ("r.lp",) and keywords.max_shared_substring == 0 != DEFAULT_SHARED
    assert from_arguments("a.grid", "--count").count_only and api.fill_options(count=True).count_only


def test_the_shortest_word_defaults_to_three_with_size_only() -> None:
    # the arguments are left as given (--min-length unset): the options resolve the default
    assert from_arguments("--size", "5x5").min_length == 3  # (from_arguments checks they are unchanged)
    assert from_arguments("a.grid").min_length == 2
    assert from_arguments("--size", "5x5", "--min-length", "4").min_length == 4


def test_count_and_optimize_are_refused_together_in_each_ones_words() -> None:
    with pytest.raises(InputError, match=r"^<arguments>: count counts every fill and optimize looks for the best"):
        api.fill_options(count=True, optimize=True)
    options = from_arguments("a.grid", "--count", "--optimize")  # the P-99 mode ignores --optimize: built
    with pytest.raises(InputError, match=r"^a\.grid: --count counts every fill and --optimize looks for the best"):
        options.checked("a.grid", command=True)
    assert FillOptions(optimize=True).checked("a.grid") == FillOptions(optimize=True)


@pytest.mark.parametrize(
    ("keywords", "named"),
    [({"jobs": 0}, "jobs"), ({"min_length": 0}, "min_length"), ({"max_shared_substring": -1}, "max_shared_substring"),
     ({"models": -1}, "models"), ({"optimize": "yes"}, "optimize")],
)
def test_a_bad_keyword_is_refused_by_name(keywords: dict, named: str) -> None:
    with pytest.raises(InputError, match=named):
        api.fill_options(**keywords)


def test_the_dictionary_only_options_are_named_as_the_command_names_them() -> None:
    assert DEFAULTS.dictionary_only() == []
    given = ["--optimize", "--allow-repeat", "--min-length", "3", "--max-shared-substring", "2"]
    options = from_arguments("a.dat", *given)
    assert options.dictionary_only() == ["--optimize", "--allow-repeat", "--min-length", "--max-shared-substring"]
