"""A plain Python search for the solutions of a small fill-in (P-99) puzzle: the independent check
of every uniqueness claim the tests make (it shares no code with the encodings or the pruning:
it reads the framework's rows itself)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

Cell = tuple[int, int]


def sites(rows: Sequence[str]) -> list[list[Cell]]:
    """Maximal runs of two or more non-block cells, across then down (a block: ' ' or '#')."""
    width = max(map(len, rows))
    grid = [row.ljust(width) for row in rows]
    is_open = [[ch not in " #*" for ch in row] for row in grid]
    runs: list[list[Cell]] = []
    for r in range(len(grid)):
        runs += _runs([(r, c) for c in range(width)], is_open)
    for c in range(width):
        runs += _runs([(r, c) for r in range(len(grid))], is_open)
    return runs


def _runs(line: list[Cell], is_open: list[list[bool]]) -> list[list[Cell]]:
    out, run = [], []
    for r, c in [*line, (-1, -1)]:
        if r >= 0 and is_open[r][c]:
            run.append((r, c))
            continue
        if len(run) >= 2:
            out.append(run)
        run = []
    return out


def solutions(
    rows: Sequence[str], words: Iterable[str], givens: Mapping[Cell, str] | None = None, most: int = 2
) -> list[tuple[str, ...]]:
    """Up to ``most`` different filled grids (rows, blocks as spaces) that use every word once,
    keep the letters of the rows and ``givens``."""
    runs = sites(rows)
    left = Counter(words)  # as the reader normalised them (ß has no one-letter upper case)
    letters: dict[Cell, str] = {(r, c): ch for r, row in enumerate(rows) for c, ch in enumerate(row)
                                if ch.isalpha()}  # fmt: skip
    letters.update(givens or {})
    found: set[tuple[str, ...]] = set()

    def fitting(run: list[Cell]) -> list[str]:
        return [w for w, n in left.items() if n and len(w) == len(run)
                and all(letters.get(cell, ch) == ch for cell, ch in zip(run, w, strict=True))]  # fmt: skip

    def place(todo: list[list[Cell]]) -> None:
        if len(found) >= most:
            return
        if not todo:
            found.add(_grid(rows, letters))
            return
        options = [(fitting(run), run) for run in todo]
        words, run = min(options, key=lambda o: len(o[0]))  # the site with the fewest words first
        rest = [r for r in todo if r is not run]
        for word in sorted(words):
            added = [cell for cell in run if cell not in letters]
            letters.update((cell, ch) for cell, ch in zip(run, word, strict=True) if cell in added)
            left[word] -= 1
            place(rest)
            left[word] += 1
            for cell in added:
                del letters[cell]

    if sorted(map(len, left.elements())) == sorted(map(len, runs)):
        place(runs)
    return sorted(found)


def _grid(rows: Sequence[str], letters: Mapping[Cell, str]) -> tuple[str, ...]:
    """The filled rows: a block a space, a lone place on no site "." (it holds no letter)."""
    width = max(map(len, rows))
    grid = [row.ljust(width) for row in rows]
    return tuple("".join(letters.get((r, c), " " if grid[r][c] in " #*" else ".") for c in range(width))
                 for r in range(len(grid)))  # fmt: skip
