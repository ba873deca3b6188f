"""A quick greedy layout, the starting point of the search.

Place the longest word across; then repeatedly place the word whose best position makes the most
crossings (ties: the word with the fewest positions left, then at random), at that position (ties:
the smallest bounding box). Every step keeps the layout valid by the run rules, so the result
passes the checker. A word with no position left restarts the construction with that word earlier.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from ..core.grid import Placement
from ..run import runtime
from .grid import Cell, Layout

STEP = {"across": (0, 1), "down": (1, 0)}
OTHER = {"across": "down", "down": "across"}
_tried = 0  # positions fitted (or known unaffected) in this process: the search's measure of work (``work``)


def work() -> int:
    """Positions fitted so far in this process (``Board.fits`` calls, and the known positions
    ``update_options`` finds unaffected without fitting them): the search budgets its phases in
    these, not in seconds, so a seed gives the same layout however busy the machine is."""
    return _tried


class Mark(NamedTuple):
    """Where a phase of the search ends: at this much work done (``work``, counted from the
    search's start) or at this ``time.monotonic()``, whichever comes first. The work ends it on a
    machine fast enough (then a seed gives one layout); the time, a share of what is left, keeps
    every phase when a busy machine is not."""

    work: float
    time: float


POLL_WORDS = 64  # words the greedy step weighs between two looks at the deadline


class Board:
    """A valid partial layout with the lookups the greedy step needs."""

    def __init__(self, placements: Sequence[Placement] = ()):
        self.placements: list[Placement] = []
        self.letter: dict[Cell, str] = {}
        self.dirs: dict[Cell, set[str]] = {}
        self.by_letter: dict[str, set[Cell]] = {}  # cells in one word only: where a crossing may go
        self.box: tuple[int, int, int, int] | None = None  # min row, min col, max row, max col
        for p in placements:
            self.add(p)

    def add(self, p: Placement) -> None:
        self.placements.append(p)
        self.box = self.extent(p)
        word, r, c, d = p
        dr, dc = (0, 1) if d == "across" else (1, 0)
        letter, dirs_at, by_letter = self.letter, self.dirs, self.by_letter
        for ch in word:
            cell = (r, c)
            letter[cell] = ch
            dirs = dirs_at.get(cell)
            if dirs is None:
                dirs_at[cell] = {d}
                by_letter.setdefault(ch, set()).add(cell)
            else:
                dirs.add(d)
                by_letter[ch].discard(cell)
            r += dr
            c += dc

    def fits(self, p: Placement, block: dict[Cell, set[str]] | None = None) -> int | None:
        """Crossings ``p`` would make, or None when it breaks a run rule (or touches nothing).
        ``block``: p is one word of a valid block placed with it (cell -> directions of the block's
        words there): no crossing needed, and a board letter beside p's may be one a block word
        running across p there goes on through."""
        return self.fits_at(*p, block)

    def fits_at(self, word: str, r: int, c: int, d: str, block: dict[Cell, set[str]] | None = None) -> int | None:
        """``fits`` of ``Placement(word, r, c, d)``, without making the placement (most positions
        tried do not fit)."""
        global _tried
        _tried += 1
        dr, dc = (0, 1) if d == "across" else (1, 0)
        letter = self.letter
        n = len(word)
        if (r - dr, c - dc) in letter or (r + dr * n, c + dc * n) in letter:
            return None
        crosses = 0
        dirs = self.dirs
        for ch in word:
            have = letter.get((r, c))
            if have is not None:
                if have != ch or d in dirs[(r, c)]:
                    return None
                crosses += 1
            elif (r + dc, c + dr) in letter or (r - dc, c - dr) in letter:
                # a letter beside the new one would form a run that is no word
                sides = [s for s in ((r + dc, c + dr), (r - dc, c - dr)) if s in letter]
                if block is None or not _spanned(block, (r, c), sides, d):
                    return None
            r += dr
            c += dc
        return crosses if crosses or block is not None or not self.placements else None

    def extent(self, p: Placement) -> tuple[int, int, int, int]:
        """The board's box (min row, min col, max row, max col) with ``p`` added."""
        dr, dc = STEP[p.dir]
        n = len(p.word) - 1
        r1, c1 = p.row + dr * n, p.col + dc * n
        if self.box is None:
            return p.row, p.col, r1, c1
        a, b, y, z = self.box
        return min(a, p.row), min(b, p.col), max(y, r1), max(z, c1)

    def options_near(self, word: str, cells: Sequence[Cell]) -> list[tuple[Placement, int]]:
        """The positions of ``word`` that cross one of ``cells`` validly, with their crossings."""
        return self._crossing(word, self.anchors(cells).get)

    def anchors(self, cells: Sequence[Cell]) -> dict[str, list[Cell]]:
        """Letter -> the ``cells`` holding it in one word only (where a crossing may go), in order."""
        out: dict[str, list[Cell]] = {}
        for cell in cells:
            ch = self.letter.get(cell)
            if ch is not None and len(self.dirs[cell]) == 1:
                out.setdefault(ch, []).append(cell)
        return out

    def update_options(
        self, word: str, known: dict[Placement, int], added: Placement, near: dict[str, list[Cell]] | None = None
    ) -> None:
        """Bring ``known`` (``word``'s valid positions with their crossings, as ``options`` gave them
        before ``added`` was placed) up to date: the new word can only take positions away (or add a
        crossing to one) and open positions across its own cells, so the known ones are re-fitted
        and those crossing it added, instead of rescanning the board. ``near``: ``anchors`` of the
        added word's cells, when the caller brings many words up to date after one step.

        A known position none of whose cells, end cells or side cells is a cell of ``added`` fits
        as before: it is not fitted again, but counted in ``work`` as if it were (the work, and so
        the search's phases, do not depend on this shortcut)."""
        global _tried
        ar, ac, ad = added.row, added.col, added.dir
        n = len(added.word) - 1
        ar1, ac1 = (ar, ac + n) if ad == "across" else (ar + n, ac)
        unchanged = 0
        for q in list(known):
            # the cells whose letters decide q's fit: one line either side of q, one cell past each end
            qr, qc = q.row, q.col
            m = len(q.word)
            if q.dir == "across":
                far = qr - 1 > ar1 or qr + 1 < ar or qc - 1 > ac1 or qc + m < ac
            else:
                far = qr - 1 > ar1 or qr + m < ar or qc - 1 > ac1 or qc + 1 < ac
            if far:
                unchanged += 1
                continue
            fit = self.fits(q)
            if fit is None:
                del known[q]
            else:
                known[q] = fit
        _tried += unchanged
        if near is None:
            near = self.anchors(added.cells())
        known.update(self._crossing(word, near.get))

    def options(self, word: str) -> list[tuple[Placement, int]]:
        """Every position where ``word`` crosses the board validly, with their crossings."""
        return self._crossing(word, self.by_letter.get)

    def _crossing(self, word: str, anchors: Callable[[str], Iterable[Cell] | None]) -> list[tuple[Placement, int]]:
        """The valid positions of ``word`` that cross the board at one of ``anchors(letter)``: cells
        holding that letter in one word only."""
        seen: set[tuple[int, int, bool]] = set()
        out = []
        dirs, fits_at = self.dirs, self.fits_at
        for i, ch in enumerate(word):
            if runtime.stopping():  # a 200-letter word has thousands of positions: the deadline holds
                break
            for r, c in anchors(ch) or ():
                # the cell is in one word only: the new word runs the other way
                down = "across" in dirs[r, c]
                start = (r - i, c, True) if down else (r, c - i, False)
                if start in seen:
                    continue
                seen.add(start)
                d = "down" if down else "across"
                n = fits_at(word, start[0], start[1], d)
                if n is not None:
                    out.append((Placement(word, start[0], start[1], d), n))
        return out


def _spanned(block: dict[Cell, set[str]], cell: Cell, sides: list[Cell], d: str) -> bool:
    """Whether a block word across direction ``d`` covers ``cell`` and the ``sides`` holding a
    board letter (then that letter lies on the block word: a crossing of it, not a run beside the
    new word)."""
    across = OTHER[d]
    return across in block.get(cell, ()) and all(across in block.get(s, ()) for s in sides)


def _size_after(board: Board, p: Placement) -> tuple[int, int]:
    r0, c0, r1, c1 = board.extent(p)
    return r1 - r0 + 1, c1 - c0 + 1


def build(
    words: Sequence[str],
    rng: random.Random,
    *,
    first: Sequence[str] = (),
    max_width: int | None = None,
    max_height: int | None = None,
) -> tuple[Layout | None, str | None]:
    """One greedy construction; returns (layout, None) or (None, the word that found no place)."""
    root = max(words, key=lambda w: (len(w), rng.random()))
    if first:
        root = first[0]
    across = max_width is None or len(root) <= max_width
    board = Board([Placement(root, 0, 0, "across" if across else "down")])
    return extend(board, [w for w in words if w != root], rng, first, max_width, max_height)


def extend(
    board: Board,
    remaining: Sequence[str],
    rng: random.Random,
    first: Sequence[str] = (),
    max_width: int | None = None,
    max_height: int | None = None,
) -> tuple[Layout | None, str | None]:
    """Add the remaining words to a valid board, greedily (see the module docstring)."""
    priority = {w: i for i, w in enumerate(first)}
    left = list(remaining)
    known: dict[str, dict[Placement, int]] = {}  # word -> its valid positions on the board, kept up to date
    last: Placement | None = None
    bounded = max_width is not None or max_height is not None
    while left:
        best = None
        stuck = None
        near = board.anchors(last.cells()) if last is not None else None
        if bounded:  # the board's box, which every kept position, with the board, must fit in the bounds
            r0, c0, r1, c1 = board.box or (sys.maxsize, sys.maxsize, -sys.maxsize, -sys.maxsize)
        for i, w in enumerate(left):
            if not i % POLL_WORDS and runtime.stopping():  # thousands of words: the deadline holds
                return None, None
            if w not in known:
                known[w] = dict(board.options(w))
            elif last is not None:
                board.update_options(w, known[w], last, near)
            if bounded:
                m = len(w) - 1
                opts = []
                for p, n in known[w].items():
                    pr, pc = p.row, p.col
                    er, ec = (pr, pc + m) if p.dir == "across" else (pr + m, pc)
                    # the box with p: as _size_after, written out (the greedy's innermost loop)
                    if max_height is not None and max(r1, er) - min(r0, pr) >= max_height:
                        continue
                    if max_width is not None and max(c1, ec) - min(c0, pc) >= max_width:
                        continue
                    opts.append((p, n))
            else:
                opts = list(known[w].items())
            if not opts:
                stuck = w
                continue  # a later word may open a place for it
            top = max(n for _, n in opts)
            key = (-priority.get(w, len(priority)), top, -len(opts), rng.random())
            if best is None or key > best[0]:
                best = (key, w, [p for p, n in opts if n == top])
        if best is None:
            return None, stuck
        _, w, cands = best
        scored = []
        for p in cands:
            h, wd = _size_after(board, p)
            scored.append((h * wd, max(h, wd), rng.random(), p))
        last = min(scored)[3]
        board.add(last)
        left.remove(w)
    return Layout.of(board.placements), None


def greedy(
    words: Sequence[str],
    rng: random.Random,
    deadline: float,
    *,
    max_width: int | None = None,
    max_height: int | None = None,
    tries: int = 200,
) -> Layout | None:
    """Greedy constructions until one places every word (words that got stuck go first next time)."""
    if len(words) == 1:
        w = words[0]
        down = max_width is not None and len(w) > max_width
        return Layout.of([Placement(w, 0, 0, "down" if down else "across")])
    first: list[str] = []
    for _ in range(tries):
        layout, stuck = build(words, rng, first=first, max_width=max_width, max_height=max_height)
        if layout is not None:
            return layout
        if stuck is not None and stuck not in first:
            first.append(stuck)
        elif first:
            rng.shuffle(first)
        if time.monotonic() > deadline:
            break
    return None
