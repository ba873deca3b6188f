"""The word propagator's state that changes during the search (one per solver thread: ``ThreadState``)
for ``propagator.WordPropagator``."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class ThreadState:
    fixed: list[int]  # place -> the letter literal that is true there, or 0
    out: list[list[int]]  # place -> the letter literals that are false there
    live: list[set[int]]  # place -> the letter literals not (yet) false there
    cur: dict[int, int]  # slot -> candidates its letters still allow (bitset)
    trail: list[tuple[int, int, int]]  # (literal, slot, previous bitset)
