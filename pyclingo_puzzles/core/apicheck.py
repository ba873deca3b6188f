"""Checks of the Python API's arguments past the options schema's (``core/schema.py``: the
options): a wrong type or value is an ``InputError`` naming the argument as Python writes it
(``key=: must be True or False``), never a TypeError from deep inside or a RuntimeError from clingo."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .errors import InputError, shown
from .schema import MODELS_LIMIT, SEED_LIMIT, RunOptions, build  # noqa: F401 (clingo's bounds, named here too)

ARGS = "<arguments>"


def refused(what: str, message: str) -> InputError:
    """A refused argument, named as Python writes it (``key=: must be True or False``, as the
    options schema names an option); ``what`` may add a part (``lengths: each``)."""
    name, _, part = what.partition(": ")
    return InputError(f"{part} {message}" if part else message, f"{name}=")


def items(value: Any, what: str) -> list[Any]:
    """``value`` as a list (any iterable but a string); an InputError when it is not one."""
    if value is None or isinstance(value, str | bytes):
        raise refused(what, f"must be a list, got {type(value).__name__}")
    try:
        return list(value)
    except TypeError:
        raise refused(what, f"must be a list, got {type(value).__name__}") from None


def whole(value: Any, what: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise refused(what, f"must be a whole number from {low} to {high}, got {shown(value)}")
    return value


def optional_whole(value: Any, what: str, low: int, high: int) -> int | None:
    return None if value is None else whole(value, what, low, high)


def flag(value: Any, what: str) -> bool:
    """A yes/no argument: ``True`` or ``False`` only (``"no"`` would be true)."""
    if not isinstance(value, bool):
        raise refused(what, f"must be True or False, got {shown(value)}")
    return value


def choice(value: Any, what: str, options: Sequence[str], *, optional: bool = False) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str) or value not in options:
        raise refused(what, f"must be one of {', '.join(options)}, got {shown(value)}")
    return value


def text(value: Any, what: str, *, optional: bool = True) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise refused(what, f"must be a string, got {shown(value)}")
    return value


def callback(value: Any, what: str) -> Any:
    if value is not None and not callable(value):
        raise refused(what, f"must be a function or None, got {shown(value)}")
    return value


def instance(value: Any, what: str, kind: type, how: str) -> Any:
    """An argument that must be a reader's instance (``how``: where one comes from)."""
    if not isinstance(value, kind):
        raise refused(what, f"must be a {kind.__name__} ({how}), got {shown(value)}")
    return value


def common(*, models: Any = 1, seed: Any = None, time_limit: Any = None) -> None:
    """The options every family takes (``--models``, ``--seed``, ``--time-limit``), checked by
    the options schema (``core/schema.py``: ``models=: must be ...``)."""
    build(RunOptions, {"models": models, "seed": seed, "time_limit": time_limit})
