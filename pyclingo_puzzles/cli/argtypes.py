"""Command-line value types with user-facing messages.

argparse names a failing type function in its error ("invalid _positive_float value"), so every
function here raises ``ArgumentTypeError`` with the message itself. The run's options (seed, models,
time limit, memory) take their types from the options schema (``schema_args.typed``).
"""

from __future__ import annotations

import argparse
import math

from ..core.schema import RunOptions, options_of
from .schema_args import typed


def _int(text: str, what: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}") from None


def non_negative_int(text: str) -> int:
    value = _int(text, "a whole number >= 0")
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be >= 0, got {text}")
    return value


def positive_int(text: str) -> int:
    value = _int(text, "a whole number >= 1")
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be >= 1, got {text}")
    return value


def positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds > 0, got {text!r}") from None
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"must be a finite number > 0, got {text}")
    return value


def size(text: str) -> tuple[int, int]:
    """``WxH`` such as ``12x10``."""
    try:
        w, h = text.lower().split("x")
        return int(w), int(h)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WxH such as 12x10, got {text!r}") from None


for _f in (non_negative_int, positive_int, positive_float, size):
    _f.__name__ = _f.__name__.replace("_", " ")  # in case argparse ever names one


def memory_size(text: str) -> int:
    """``4096``, ``512M``, ``4G`` -> bytes (a plain number is MiB): ``--memory-limit``'s type."""
    return typed(options_of(RunOptions)["memory_limit"])(text)
