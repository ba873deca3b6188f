"""A plain Python search for a codeword's decodings, independent of the encoding and of the
candidate pruning: backtracking over the entries, each a word of the list whose letters agree
with the numbers decoded so far, one letter a number and one number a letter."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def number_runs(numbers: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """The entries (runs of two or more numbers, 0 a block) across and down."""
    lines = [list(row) for row in numbers] + [list(col) for col in zip(*numbers, strict=True)]
    runs: list[tuple[int, ...]] = []
    for line in lines:
        run: list[int] = []
        for n in [*line, 0]:
            if n:
                run.append(n)
                continue
            if len(run) >= 2:
                runs.append(tuple(run))
            run = []
    return runs


def decodings(numbers: Sequence[Sequence[int]], words: Iterable[str], fixed: dict[int, str],
              limit: int = 2) -> list[dict[int, str]]:  # fmt: skip
    """Up to ``limit`` decodings that agree with ``fixed``."""
    entries = sorted(number_runs(numbers), key=len, reverse=True)
    by_length: dict[int, list[str]] = {}
    for w in set(words):
        by_length.setdefault(len(w), []).append(w)
    found: list[dict[int, str]] = []

    def extend(mapping: dict[int, str], k: int) -> None:
        if len(found) >= limit:
            return
        if k == len(entries):
            found.append(mapping)
            return
        for w in by_length.get(len(entries[k]), []):
            new = agree(mapping, entries[k], w)
            if new is not None:
                extend(new, k + 1)

    extend(dict(fixed), 0)
    return found


def agree(mapping: dict[int, str], entry: tuple[int, ...], word: str) -> dict[int, str] | None:
    new, used = dict(mapping), set(mapping.values())
    for n, x in zip(entry, word, strict=True):
        if n in new:
            if new[n] != x:
                return None
        elif x in used:
            return None
        else:
            new[n] = x
            used.add(x)
    return new
