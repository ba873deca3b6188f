"""``WordSearchOptions``: one frozen object a word search run's search reads, built the same way from
the command's arguments (``cli/commands/wordsearch.py``: ``search_options``) and from the API's
keywords (``api.search_options``)."""

from __future__ import annotations

import dataclasses

import pytest

from pyclingo_puzzles.cli.commands import wordsearch as cli
from pyclingo_puzzles.core.errors import InputError
from pyclingo_puzzles.formats import instances
from pyclingo_puzzles.wordsearch import api
from pyclingo_puzzles.wordsearch.options import WordSearchOptions
from pyclingo_puzzles.wordsearch.reader import parse_instance

from ..conftest import options_from_arguments

YAML = "width: 5\nheight: 5\nwords: [{word: CAT, required: true}, {word: DOG, required: true}, EMU]\n"


def from_arguments(*argv: str, sizeless: bool = False) -> WordSearchOptions:
    return options_from_arguments(cli.search_options, "wordsearch", *argv, sizeless_input=sizeless)


def test_the_options_are_frozen() -> None:
    options = WordSearchOptions(models=2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.size = "auto"  # type: ignore[misc]


def test_arguments_and_keywords_build_the_same_options() -> None:
    assert from_arguments("a.yaml") == api.search_options() == WordSearchOptions()
    argv = ["a.yaml", "--rules", "r.lp", "--models", "3", "--seed", "7", "--time-limit", "9", "--level", "hard",
            "--size", "9x8", "--max-words", "4", "--max-shared", "50", "--no-balance"]
    keywords = api.search_options(rules=["r.lp"], models=3, seed=7, time_limit=9, level="hard", size=(9, 8),
                                  max_words=4, max_shared=50, balance=False)
    assert from_arguments(*argv) == keywords
    assert keywords.fit == "most" and keywords.fixed_size == (9, 8)  # max_words implies fit most


def test_an_input_without_a_size_is_auto_unless_a_size_is_given() -> None:
    assert from_arguments("words.txt", sizeless=True).auto
    assert from_arguments("words.txt", "--size", "6x4", sizeless=True).fixed_size == (6, 4)
    assert not from_arguments("a.yaml").auto and from_arguments("a.yaml", "--size", "auto").auto


def test_bad_combinations_are_refused_in_the_command_s_words_and_the_api_s() -> None:
    inst = parse_instance(YAML, "a.yaml")
    with pytest.raises(InputError, match=r"^a\.yaml: 2 words are required but --max-words is 1$"):
        from_arguments("a.yaml", "--max-words", "1").checked(inst, "a.yaml", command=True)
    with pytest.raises(InputError, match="2 words are required but max_words is 1"):
        api.search_options(max_words=1).checked(inst, instances.INLINE_NAME)
    auto_most = from_arguments("a.yaml", "--size", "auto", "--fit", "most")
    with pytest.raises(InputError, match="--fit most and --max-words choose words for one grid"):
        auto_most.checked(inst, "a.yaml", command=True)
    with pytest.raises(InputError, match="fit='most' needs width and height"):
        auto_most.checked(inst, "<arguments>")
    with pytest.raises(InputError, match="--count counts the placements on one grid"):
        from_arguments("a.yaml", "--count", sizeless=True).checked(inst, "a.yaml", command=True)
    assert from_arguments("a.yaml", "--count", "--max-words", "1").checked(inst, "a.yaml").count_only


@pytest.mark.parametrize(
    ("keywords", "named"),
    [({"fit": "some"}, "fit"), ({"max_words": 0}, "max_words"), ({"max_shared": 101}, "max_shared"),
     ({"level": "expert"}, "level"), ({"balance": "no"}, "balance")],
)
def test_a_bad_keyword_is_refused_by_name(keywords: dict, named: str) -> None:
    with pytest.raises(InputError, match=named):
        api.search_options(**keywords)


def test_generate_takes_options_or_keywords_not_both() -> None:
    with pytest.raises(InputError, match="give options or the search's keywords, not both"):
        api.generate(["cat", "dog"], models=2, options=WordSearchOptions())
