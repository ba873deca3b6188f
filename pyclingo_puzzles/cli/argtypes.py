"""Command-line value types with user-facing messages.

argparse names a failing type function in its error ("invalid _positive_float value"), so every
function here raises ``ArgumentTypeError`` with the message itself. The bounds are clingo's (``core/apicheck.py``):
a seed is an unsigned 32-bit number, a model count a signed one.
"""

from __future__ import annotations

import argparse
import math

from ..core.apicheck import MODELS_LIMIT, SEED_LIMIT  # clingo's bounds, checked by the API too


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


def seed(text: str) -> int:
    value = non_negative_int(text)
    if value >= SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"a seed must be below 2^32 = {SEED_LIMIT} (clingo's range), got {text}")
    return value


def models(text: str) -> int:
    value = non_negative_int(text)
    if value > MODELS_LIMIT:
        raise argparse.ArgumentTypeError(f"at most {MODELS_LIMIT} (0 = all), got {text}")
    return value


def size(text: str) -> tuple[int, int]:
    """``WxH`` such as ``12x10``."""
    try:
        w, h = text.lower().split("x")
        return int(w), int(h)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WxH such as 12x10, got {text!r}") from None


for _f in (non_negative_int, positive_int, positive_float, seed, models, size):
    _f.__name__ = _f.__name__.replace("_", " ")  # in case argparse ever names one


def memory_size(text: str) -> int:
    """``4096``, ``512M``, ``4G`` -> bytes (a plain number is MiB)."""
    units = {"K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}
    t = text.strip().upper().removesuffix("IB").removesuffix("B")
    scale = units.get(t[-1:])
    try:
        value = float(t[:-1] if scale else t) * (scale or 2**20)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a size such as 512M or 4G, got {text!r}") from None
    if value != value:  # nan
        raise argparse.ArgumentTypeError(f"expected a size such as 512M or 4G, got {text!r}")
    if value < 2**20:
        raise argparse.ArgumentTypeError(f"must be at least 1M, got {text!r}")
    if value >= 2**50:
        raise argparse.ArgumentTypeError(f"must be less than 1024T, got {text!r}")
    return int(value)
