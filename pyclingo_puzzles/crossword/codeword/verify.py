"""The independent check of a codeword before it is printed (none of the encoding's logic): the
numbers spell the grid through the key, the key is one-to-one, every entry is a word of the
dictionary in use, and the given numbers are numbers of the grid."""

from __future__ import annotations

from collections.abc import Collection

from ...core.errors import VerificationError
from ..framework import BLOCK
from .puzzle import Codeword


def verify(puzzle: Codeword, words: Collection[str]) -> None:
    """Raise ``VerificationError`` naming the first fault."""
    if len(set(puzzle.key.values())) != len(puzzle.key):
        raise VerificationError("codeword: two numbers stand for the same letter")
    numbers = puzzle.numbers()
    for r, row in enumerate(puzzle.rows):
        for c, ch in enumerate(row):
            n = numbers[r][c]
            if (ch == BLOCK) != (n == 0) or (n and puzzle.key.get(n) != ch):
                raise VerificationError(f"codeword: cell ({r}, {c}) shows {n}, which is not {ch!r}")
    for entry in entries(puzzle.rows):
        if entry not in words:
            raise VerificationError(f"codeword: the entry {entry} is not a word of the dictionary")
    if not set(puzzle.given) <= set(puzzle.key):
        raise VerificationError("codeword: a given number is not in the grid")


def entries(rows: tuple[str, ...]) -> list[str]:
    """The runs of two or more letters, across and down (read off the rows, not the sites)."""
    columns = ["".join(col) for col in zip(*rows, strict=True)] if rows else []
    return [run for line in (*rows, *columns) for run in line.split(BLOCK) if len(run) >= 2]
