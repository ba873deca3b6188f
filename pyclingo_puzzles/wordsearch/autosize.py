"""``--size auto``: the smallest grid (of a given aspect) on which every word fits.

Sizes are tried upward from the smallest one the longest word fits in. Each size gets a slice of
the time (the time limit bounds the whole search); a size is either proved impossible (UNSAT with
complete candidates), or only not found within its slice, and the report says which.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..solve import Status
from .generate import Outcome, generate
from .instance import WordSearchInstance, check, max_run

SLICE = 4.0  # seconds per size at most (with a time limit: also at most what is left)


@dataclass
class SizeSearch:
    inst: WordSearchInstance  # at the size found (or the last size tried)
    outcome: Outcome
    below: str | None  # the next smaller size: "proved impossible" | "not found within N s" | None
    tried: list[tuple[int, int, str]] = field(default_factory=list)  # (width, height, status)


def dims(height: int, aspect: tuple[int, int]) -> tuple[int, int]:
    w, h = aspect
    return max(1, round(height * w / h)), height


def smallest_start(inst: WordSearchInstance, aspect: tuple[int, int]) -> int:
    """The first height at which the longest word fits in some allowed direction (below it the
    words cannot fit: proved without solving)."""
    longest = max(map(len, inst.words))
    height = 1
    while max(max_run(*dims(height, aspect), d) for d in inst.directions) < longest:
        height += 1
    return height


def find_size(
    inst: WordSearchInstance,
    aspect: tuple[int, int] = (1, 1),
    *,
    rules: Sequence[str] = (),
    models: int = 1,
    time_limit: float | None = None,
) -> SizeSearch:
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    height = smallest_start(inst, aspect)
    below: str | None = "proved impossible" if height > 1 else None  # the longest word does not fit
    tried: list[tuple[int, int, str]] = []
    while True:
        width, height_ = dims(height, aspect)
        at = check(replace(inst, width=width, height=height_))
        left = None if deadline is None else max(0.0, deadline - time.perf_counter())
        budget = SLICE if left is None else min(SLICE, left)
        outcome = generate(at, rules=rules, models=models, time_limit=budget)
        tried.append((width, height_, outcome.status.value))
        if outcome.status is Status.SAT:
            return SizeSearch(at, outcome, below, tried)
        if deadline is not None and time.perf_counter() >= deadline:
            return SizeSearch(at, outcome, below, tried)
        below = "proved impossible" if outcome.status is Status.UNSAT else f"not found within {budget:.3g} s"
        height += 1
