"""Checks of the Python API's arguments: a wrong type or value is an ``InputError`` naming the
argument (as the CLI's option parser rejects a bad option), never a TypeError from deep inside or a
RuntimeError from clingo. The bounds are clingo's, the same on the command line (``formats/args.py``)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from .errors import InputError, shown
from .schema import MODELS_LIMIT, SEED_LIMIT, RunOptions, build  # noqa: F401 (clingo's bounds, named here too)

ARGS = "<arguments>"


def items(value: Any, what: str) -> list[Any]:
    """``value`` as a list (any iterable but a string); an InputError when it is not one."""
    if value is None or isinstance(value, str | bytes):
        raise InputError(f"{what} must be a list, got {type(value).__name__}", ARGS)
    try:
        return list(value)
    except TypeError:
        raise InputError(f"{what} must be a list, got {type(value).__name__}", ARGS) from None


def rule_files(rules: Any) -> list[str]:
    """``rules=``: None, one path, or a list of paths (str or ``os.PathLike``)."""
    if rules is None:
        return []
    if isinstance(rules, str | os.PathLike):
        return [os.fspath(rules)]
    out = []
    for i, path in enumerate(items(rules, "rules")):
        if not isinstance(path, str | os.PathLike):
            raise InputError(f"rules: item {i + 1} must be a file path, got {type(path).__name__}", ARGS)
        out.append(os.fspath(path))
    return out


def whole(value: Any, what: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InputError(f"{what} must be a whole number from {low} to {high}, got {shown(value)}", ARGS)
    return value


def optional_whole(value: Any, what: str, low: int, high: int) -> int | None:
    return None if value is None else whole(value, what, low, high)


def flag(value: Any, what: str) -> bool:
    """A yes/no argument: ``True`` or ``False`` only (``"no"`` would be true)."""
    if not isinstance(value, bool):
        raise InputError(f"{what} must be True or False, got {shown(value)}", ARGS)
    return value


def choice(value: Any, what: str, options: Sequence[str], *, optional: bool = False) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str) or value not in options:
        raise InputError(f"{what} must be one of {', '.join(options)}, got {shown(value)}", ARGS)
    return value


def text(value: Any, what: str, *, optional: bool = True) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise InputError(f"{what} must be a string, got {shown(value)}", ARGS)
    return value


def callback(value: Any, what: str) -> Any:
    if value is not None and not callable(value):
        raise InputError(f"{what} must be a function or None, got {shown(value)}", ARGS)
    return value


def instance(value: Any, what: str, kind: type, how: str) -> Any:
    """An argument that must be a reader's instance (``how``: where one comes from)."""
    if not isinstance(value, kind):
        raise InputError(f"{what} must be a {kind.__name__} ({how}), got {shown(value)}", ARGS)
    return value


def common(*, models: Any = 1, seed: Any = None, time_limit: Any = None) -> None:
    """The options every family takes (``--models``, ``--seed``, ``--time-limit``), checked by
    the options schema (``core/schema.py``: ``models=: must be ...``)."""
    build(RunOptions, {"models": models, "seed": seed, "time_limit": time_limit})
