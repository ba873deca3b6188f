"""Checks of the Python API's arguments: a wrong type or value is an ``InputError`` naming the
argument (as the CLI's option parser rejects a bad option), never a TypeError from deep inside or a
RuntimeError from clingo. The bounds are clingo's, the same on the command line (``io/args.py``)."""

from __future__ import annotations

import math
import os
from typing import Any

from .errors import InputError

SEED_LIMIT = 2**32  # clingo rejects --seed=4294967296 and above
MODELS_LIMIT = 2**31 - 1  # far beyond any enumeration that ends; 0 means all

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
        raise InputError(f"{what} must be a whole number from {low} to {high}, got {value!r}", ARGS)
    return value


def common(*, models: Any = 1, seed: Any = None, time_limit: Any = None) -> None:
    """The options every family takes (``--models``, ``--seed``, ``--time-limit``)."""
    whole(models, "models (0 = all)", 0, MODELS_LIMIT)
    if seed is not None:
        whole(seed, "seed", 0, SEED_LIMIT - 1)
    if time_limit is not None and (
        not isinstance(time_limit, int | float)
        or isinstance(time_limit, bool)
        or not (math.isfinite(time_limit) and time_limit > 0)
    ):
        raise InputError(f"time_limit must be a finite number of seconds > 0, got {time_limit!r}", ARGS)
