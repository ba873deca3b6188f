"""The options schema (``core/schema.py``) is each option's one definition: the command's
arguments, the API's keywords and the web request's keys are compared with it here, and a wrong
value gets the one message whoever gave it, the option named as that caller writes it (``seed=``
from Python, ``--seed`` from the shell, ``seed`` from JSON)."""

from __future__ import annotations

import argparse
import inspect
import typing
from collections.abc import Callable
from typing import Any

import pytest

from pyclingo_puzzles import InputError, crossword, layout, strips, wordsearch
from pyclingo_puzzles.cli.parsing import build_parser
from pyclingo_puzzles.core.schema import API, CLI, JSON, RUN, Option, Refused, RunOptions, options_of
from pyclingo_puzzles.crossword import codeword, fillin
from pyclingo_puzzles.crossword.codeword.options import CodewordOptions
from pyclingo_puzzles.crossword.fillin.api import Keywords
from pyclingo_puzzles.crossword.fillin.options import FillinOptions
from pyclingo_puzzles.crossword.options import FillOptions
from pyclingo_puzzles.layout.options import LayoutOptions
from pyclingo_puzzles.strips.options import StripsOptions
from pyclingo_puzzles.wordsearch.options import WordSearchOptions
from pyclingo_puzzles.wordsearch.reader import parse_instance

from .conftest import CliResult

COMMANDS = {
    "crossword": FillOptions, "wordsearch": WordSearchOptions, "strips": StripsOptions, "layout": LayoutOptions,
    "fillin": FillinOptions, "codeword": CodewordOptions,
}  # fmt: skip
# the command's own defaults, which the arguments leave unset or set from the machine: the options
# builder resolves them (``cli/commands/<family>.py``) or the run does (cores, RAM)
COMMAND_DEFAULTS = {"jobs", "memory_limit", "models", ("crossword", "min_length"), ("layout", "time_limit")}


def _subcommand(name: str) -> argparse.ArgumentParser:
    parser = build_parser([name])
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return action.choices[name]


def _expected(cls: type, name: str) -> Option:
    """The option a command's argument is made from: the common ones are ``RunOptions``' (their
    help, their flags), whatever default a family's own field gives the API."""
    return options_of(RunOptions)[name] if name in RUN else options_of(cls)[name]


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_the_command_takes_each_option_as_the_schema_defines_it(command: str) -> None:
    cls = COMMANDS[command]
    actions = {a.dest: a for a in _subcommand(command)._actions}
    offered = [name for name, option in options_of(cls).items() if option.spec.cli]
    assert set(RUN) <= set(offered)
    for name in offered:
        option = _expected(cls, name)
        action = actions[option.keyword]  # the dest is the API's keyword: --count is count, as count=
        assert option.flag in action.option_strings and (option.spec.short or option.flag) in action.option_strings
        assert action.help is not None and action.help.startswith(option.spec.help), name
        if option.spec.kind == "flag":
            assert isinstance(action, argparse._StoreFalseAction if option.spec.invert else argparse._StoreTrueAction)
        if option.spec.kind == "choice":
            assert tuple(action.choices or ()) == option.spec.choices
        if name not in COMMAND_DEFAULTS and (command, name) not in COMMAND_DEFAULTS:
            default = tuple(action.default) if option.spec.kind == "paths" else action.default
            assert default == options_of(cls)[name].default, name


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_the_options_the_command_builds_are_the_family_options(command: str) -> None:
    """Every field the command's arguments hold by an option's keyword is the family's: no argument
    defines an option of the family's options past the schema (its dest would be here, unlisted)."""
    cls = COMMANDS[command]
    keywords = {o.keyword for o in options_of(cls).values()}
    fields = set(cls.__dataclass_fields__)  # type: ignore[attr-defined]
    dests = {a.dest for a in _subcommand(command)._actions}
    assert not (dests & fields) - keywords  # an argument named like a field is that field's option


TINY = parse_instance("width: 3\nheight: 3\nwords: [AB, CD]\nlevel: easy\n", "tiny.yaml")
# every public function, the options class its keywords are checked by, and plain positional arguments
CALLS: dict[str, tuple[Callable[..., Any], type, tuple[Any, ...]]] = {
    "crossword.solve": (crossword.solve, FillOptions, (["NON", "TOT"], [" . ", "...", " . "])),
    "crossword.fill": (crossword.fill, FillOptions, (["..", ".."], ["AB", "BA"])),
    "crossword.generate": (crossword.generate, FillOptions, ("5x5", ["ABCDE"])),
    "wordsearch.generate": (wordsearch.generate, WordSearchOptions, (["cat", "dog"],)),
    "wordsearch.count_placements": (wordsearch.count_placements, WordSearchOptions, (TINY,)),
    "strips.tile": (strips.tile, StripsOptions, ([["bw", "wb"]],)),
    "strips.hunt": (strips.hunt, StripsOptions, ([["bw", "wb"]],)),
    "layout.arrange": (layout.arrange, LayoutOptions, (["kettle", "oven"],)),
    "fillin.make": (fillin.make, FillinOptions, (["NON", "TOT"], [" . ", "...", " . "])),
    "codeword.make": (codeword.make, CodewordOptions, (["CAT", "A O", "BOG"],)),
}
# keywords whose default is the function's own: a generated pattern's shortest entry is 3 letters
API_DEFAULTS = {("crossword.generate", "min_length")}
# a value of the wrong kind for each kind of option
WRONG = {"whole": "x", "seconds": "x", "flag": "yes", "choice": "nope", "paths": 5, "size": "x", "number": "x"}


def _keywords(name: str) -> list[tuple[inspect.Parameter, Option]]:
    function, cls, _ = CALLS[name]
    by_keyword = {o.keyword: o for o in options_of(cls).values()}
    params = inspect.signature(function).parameters.values()
    return [(p, by_keyword[p.name]) for p in params if p.name in by_keyword]


@pytest.mark.parametrize("name", sorted(CALLS))
def test_the_api_keywords_default_as_the_schema_says(name: str) -> None:
    found = _keywords(name)
    assert found
    for param, option in found:
        if (name, param.name) not in API_DEFAULTS:
            assert param.default == option.default, (name, param.name)


def _refusal(option: Option, value: Any, style: str) -> str:
    with pytest.raises(Refused) as refused:
        option.checked(value, style)
    return str(refused.value)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_a_wrong_keyword_is_refused_by_its_field_named_as_python_writes_it(name: str) -> None:
    function, _, positional = CALLS[name]
    for param, option in _keywords(name):
        bad = WRONG[option.spec.kind]
        with pytest.raises(InputError) as info:
            function(*positional, **{param.name: bad})
        assert str(info.value) == f"{param.name}=: {_refusal(option, bad, API)}", (name, param.name)


def test_fillins_generate_and_fill_take_the_one_list_of_keywords() -> None:
    hints = typing.get_type_hints(Keywords)
    options = {o.keyword for o in options_of(FillinOptions).values()}
    assert set(hints) - {"title"} <= options
    for function in (fillin.generate, fillin.fill):
        assert [p.kind for p in inspect.signature(function).parameters.values()][-1] is inspect.Parameter.VAR_KEYWORD
        with pytest.raises(InputError, match=r"^starters=: must be a whole number from 0 to 10000, got -1$"):
            function("3x3" if function is fillin.generate else ["..."], ["ABC"], starters=-1)


def test_the_web_takes_each_family_option_the_schema_offers_it() -> None:
    pytest.importorskip("starlette", reason="the web extra (pyclingo-puzzles[web]) is not installed")
    from pyclingo_puzzles.web.body import BadRequest, Limits, parse
    from pyclingo_puzzles.web.families import families

    for family in families().values():
        offered = [o for o in options_of(family.options).values() if o.spec.web]
        assert {"seed", "time_limit", "models"} <= {o.keyword for o in offered}
        assert {o.keyword for o in offered} <= set(family.allowed)
        for option in offered:
            bad = WRONG[option.spec.kind]
            with pytest.raises(BadRequest) as info:
                parse(family, f'{{"{option.keyword}": "{bad}"}}'.encode(), Limits())
            bounded = option.but(low=1, high=family.most_models, note="") if option.keyword == "models" else option
            assert info.value.field == option.keyword
            assert info.value.message == f"{option.keyword}: {_refusal(bounded, bad, JSON)}"


def test_one_message_whoever_gives_the_value(cli: Callable[..., CliResult]) -> None:
    """``seed`` -1 from the shell, from Python and from JSON: one message, three names for it."""
    said = "must be a whole number from 0 to 4294967295, got -1"
    res = cli("strips", "instances/strips/small.yaml", "--seed", "-1")
    assert res.code in (2, 65) and res.err.strip().endswith(f"argument -s/--seed: {said}")
    with pytest.raises(InputError, match=f"^seed=: {said}$"):
        strips.tile([["bw", "wb"]], seed=-1)
    assert _refusal(options_of(RunOptions)["seed"], -1, JSON) == said
    assert options_of(RunOptions)["seed"].named(CLI) == "--seed"
