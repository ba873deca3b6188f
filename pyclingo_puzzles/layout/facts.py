"""Candidate placements, pruned in Python, and the facts of ``encodings/layout.lp``."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from clingo import Function, Number, String, Symbol

from ..core.grid import Placement
from .greedy import STEP, Board


def word_facts(words: Sequence[str]) -> Iterator[Symbol]:
    for w in words:
        ws = String(w)
        yield Function("word", [ws])
        for i, ch in enumerate(w):
            yield Function("letter", [ws, Number(i), String(ch)])


def cand_fact(p: Placement) -> Symbol:
    return Function("cand", [String(p.word), Number(p.row), Number(p.col), Function(p.dir)])


def option_facts(
    root: str, prefer: str, max_width: int | None, max_height: int | None, origin: bool = False
) -> Iterator[Symbol]:
    yield Function("root", [String(root)])
    if prefer != "crossings":  # the encoding's order without prefer/1
        yield Function("prefer", [Function(prefer)])
    if origin:
        yield Function("origin")
    if max_width is not None:
        yield Function("max_width", [Number(max_width)])
    if max_height is not None:
        yield Function("max_height", [Number(max_height)])


def box_candidates(word: str, height: int, width: int, dirs: Iterable[str] = ("across", "down")) -> list[Placement]:
    """Every placement of ``word`` inside rows 0..height-1 and columns 0..width-1."""
    out = []
    n = len(word)
    for d in dirs:
        dr, dc = STEP[d]
        for r in range(height - dr * (n - 1)):
            for c in range(width - dc * (n - 1)):
                out.append(Placement(word, r, c, d))
    return out


def window_candidates(word: str, fixed: Board, rows: range, cols: range) -> list[Placement]:
    """Placements of a freed word inside the window that agree with the fixed words: equal letters
    where they share a cell, no run in a fixed word's direction, no fixed letter at either end, and
    no fixed letter beside a new letter (that would need yet another word; a heuristic cut of the
    neighbourhood, not part of any optimality claim)."""
    out = []
    n = len(word)
    letter, dirs = fixed.letter, fixed.dirs
    for d in ("across", "down"):
        dr, dc = STEP[d]
        for r in range(rows.start, rows.stop - dr * (n - 1)):
            for c in range(cols.start, cols.stop - dc * (n - 1)):
                if (r - dr, c - dc) in letter or (r + dr * n, c + dc * n) in letter:
                    continue
                ok = True
                for i, ch in enumerate(word):
                    cell = (r + dr * i, c + dc * i)
                    have = letter.get(cell)
                    if have is not None:
                        if have != ch or d in dirs[cell]:
                            ok = False
                            break
                    elif (cell[0] + dc, cell[1] + dr) in letter or (cell[0] - dc, cell[1] - dr) in letter:
                        ok = False
                        break
                if ok:
                    out.append(Placement(word, r, c, d))
    return out
