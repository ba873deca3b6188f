"""A codeword's plain data: the filled grid, its numbers, the decoding key and the given letters,
and the two pure steps that make them: the entries (sites) of a grid and the seeded numbering."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from ..framework import BLOCK, Framework, Site

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
Cell = tuple[int, int]
INSTRUCTIONS = ("Every number stands for a letter, different numbers for different letters. Fill in the "
                "letters so that every entry is a word; the given letters start you off.")  # fmt: skip


class Codeword(NamedTuple):
    """``rows``: the solution (a space a block); ``key``: number -> letter; ``given``: the numbers
    printed with their letter, in order."""

    rows: tuple[str, ...]
    key: dict[int, str]
    given: tuple[int, ...]

    @property
    def code(self) -> dict[str, int]:
        return {x: n for n, x in self.key.items()}

    def numbers(self) -> list[list[int]]:
        """The rows of numbers, 0 for a block."""
        code = self.code
        return [[0 if ch == BLOCK else code[ch] for ch in row] for row in self.rows]

    def given_letters(self) -> dict[int, str]:
        return {n: self.key[n] for n in self.given}


def sites(rows: Sequence[str]) -> list[Site]:
    """The entries: maximal runs of two or more letters, across then down in reading order."""
    return Framework(tuple(rows)).sites()


def lone_cells(rows: Sequence[str]) -> list[Cell]:
    """Letters on no entry (a cell between blocks both ways): no word says what they are."""
    covered = {cell for s in sites(rows) for cell in s.cells()}
    return [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != BLOCK and (r, c) not in covered]


def numbering(rows: Sequence[str], seed: int | None) -> dict[int, str]:
    """A random one-to-one key, number -> letter, for the letters the grid holds: numbers 1 to
    their count (1-26 for a grid with every letter), shuffled by ``seed`` (None: 0)."""
    letters = sorted({ch for row in rows for ch in row if ch != BLOCK})
    numbers = list(range(1, len(letters) + 1))
    random.Random(0 if seed is None else seed).shuffle(numbers)
    return dict(zip(numbers, letters, strict=True))


def pattern(seq: Sequence[object]) -> tuple[int, ...]:
    """Where a sequence repeats itself: ``ABBA`` and ``(3, 7, 7, 3)`` are both (0, 1, 1, 0)."""
    seen: dict[object, int] = {}
    return tuple(seen.setdefault(x, len(seen)) for x in seq)
