"""The command's arguments made from the options schema (``core/schema.py``): each option's flag,
type, default, range and help come from its field; ``from_args`` builds the family's options
object back from the parsed arguments. An argument's dest is the option's API keyword (``count``,
as ``--count`` and the JSON's ``count``)."""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TypeVar

from ..core.schema import Option, Refused, options_of
from ..run import runtime

T = TypeVar("T")


def add_options(
    parser: argparse.ArgumentParser | argparse._ArgumentGroup,
    cls: type,
    names: Iterable[str] | None = None,
    defaults: dict[str, Any] | None = None,
    helps: dict[str, str] | None = None,
) -> None:
    """The options ``names`` of ``cls`` (default: its own, past ``RunOptions``' ones, that the
    command offers) as arguments; ``defaults``: the command's where they differ from the API's
    (the cores for ``jobs``), ``helps``: what the command's help says past the field's."""
    offered = options_of(cls)
    for name in offered if names is None else names:
        option = offered[name]
        if option.spec.cli:
            add_option(parser, option, (defaults or {}).get(name, option.default), (helps or {}).get(name, ""))


def add_option(parser: argparse.ArgumentParser | argparse._ArgumentGroup, option: Option, default: Any,
               more_help: str = "") -> None:  # fmt: skip
    spec = option.spec
    flags = [spec.short, option.flag] if spec.short else [option.flag]
    kwargs: dict[str, Any] = {"dest": option.keyword, "help": spec.help + more_help}
    if spec.kind == "flag":
        kwargs.update(action="store_false" if spec.invert else "store_true", default=default)
    elif spec.kind == "paths":
        kwargs.update(action="append", type=Path, default=list(default), metavar=spec.metavar)
    elif spec.kind == "choice":
        kwargs.update(choices=spec.choices, default=default, metavar=spec.metavar)
    else:
        kwargs.update(type=typed(option), default=default, metavar=spec.metavar)
    parser.add_argument(*flags, **kwargs)


def typed(option: Option) -> Any:
    """argparse's ``type=`` for ``option``: the schema's check, its message argparse's."""

    def convert(text: str) -> Any:
        try:
            return option.from_text(text)
        except Refused as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    convert.__name__ = option.keyword.replace("_", " ")  # argparse names a failing type by it
    return convert


def from_args(cls: type[T], args: argparse.Namespace, **resolved: Any) -> T:
    """``cls`` from the parsed arguments (each checked as parsed): the options they hold, plus
    ``resolved``, values the command works out (by field name: ``min_length`` with ``--size``)."""
    values = {}
    for name, option in options_of(cls).items():
        if name in resolved or not hasattr(args, option.keyword):
            continue
        value = getattr(args, option.keyword)
        values[name] = tuple(str(p) for p in value) if option.spec.kind == "paths" else value
    limit = resolved.get("time_limit", values.get("time_limit"))
    run = runtime.current()
    if limit is not None and run is not None and "deadline" not in resolved:  # counted from the run's start
        resolved = {**resolved, "deadline": runtime.due(limit, run.started)}
    return cls(**values, **resolved)
