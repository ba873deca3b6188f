"""For ``propagator.WordPropagator``: its state that changes during the search (one per solver
thread: ``ThreadState``, rebuilt by every init; ``Searcher``, kept across solves) and the letter
atoms' literals (``val_atoms``)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from clingo import PropagateInit, SymbolType

from ..framework import Site
from .wordsets import WordTable


class Layout(Protocol):
    """What ``reasons.py`` and ``decisions.py`` read of ``propagator.WordPropagator``: the static
    tables (built by its constructor and init, the same for every thread)."""

    sites: list[Site]
    slot_places: dict[int, list[int]]  # slot -> its places, in order
    slots_at: list[list[tuple[int, int]]]  # place -> (slot, position there)
    crossing: list[tuple[int, int]]  # place -> its first two slots (-1: none)
    options: list[list[tuple[str, int]]]  # place -> (letter, solver literal)
    slot_mask: dict[int, list[dict[int, int]]]  # slot -> position -> literal -> words
    tables: dict[int, WordTable]  # slot -> its length's words
    full: dict[int, int]  # slot -> all words of its table
    scored: bool  # the tables are sorted best word first


@dataclass
class ThreadState:
    fixed: list[int]  # place -> the letter literal that is true there, or 0
    out: list[list[int]]  # place -> the letter literals that are false there
    live: list[set[int]]  # place -> the letter literals not (yet) false there
    cur: dict[int, int]  # slot -> candidates its letters still allow (bitset)
    trail: list[tuple[int, int, int]]  # (literal, slot, previous bitset)


@dataclass
class Searcher:
    """What steers one solver thread's search (``fillprop.c``'s ``searcher_t``): its value rule, its
    random draws, per slot how often its candidates ran out (it steers "failures"; it starts at 1
    so that, before any failure, places crossed by two slots come first; slot -1 is "no slot": the
    second slot of a place only one slot goes through) and its counts. Threads that share clingo's
    nogoods should search differently: thread t takes the t-th value rule after the given one."""

    value_rule: str
    rng: random.Random
    random_first: bool
    fails: dict[int, int]
    steps: int = 0
    conflicts: int = 0  # slots whose candidates ran out

    @classmethod
    def for_thread(cls, thread: int, slots: list[int], rules: tuple[str, ...], value_rule: str, seed: int) -> Searcher:
        fails = {s: 1 for s in slots}
        fails[-1] = 0
        rule = rules[(rules.index(value_rule) + thread) % len(rules)]
        return cls(rule, random.Random(thread_seed(seed, thread)), bool(seed), fails)


def thread_seed(seed: int, thread: int) -> int:
    """Thread 0's seed is the seed; thread t's is the one whose ``random.Random`` key is the seed's
    key with t appended (``fillprop.c`` seeds its threads so)."""
    if not thread:
        return seed
    n = abs(seed)
    limbs = max(1, (n.bit_length() + 31) // 32)
    return n + (thread << (32 * limbs))

def val_atoms(init: PropagateInit) -> dict[tuple[int, int, str], int]:
    """(row, column, letter) -> the program literal of ``val/3``: one pass over the atoms instead of
    a symbol built and looked up per place and letter (user rules may derive others: left out)."""
    atoms: dict[tuple[int, int, str], int] = {}
    for atom in init.symbolic_atoms.by_signature("val", 3):
        row, col, letter = atom.symbol.arguments
        if row.type is SymbolType.Number and col.type is SymbolType.Number and letter.type is SymbolType.String:
            atoms[(row.number, col.number, letter.string)] = atom.literal
    return atoms
