"""Motifs: small rigid groups of words that close a cycle of crossings.

In a connected layout, crossings = (words - 1) + (independent cycles of the crossing graph), and
the graph is bipartite (across words cross only down words), so every cycle has four words or more.
A word-by-word greedy rarely closes one: it needs two parallel words at exactly the right distance
before the word that crosses both pays off. So the cycles are enumerated here and placed as blocks.

A rectangle: across words A1 (row 0) and A2 (row h), down words D1 (column 0) and D2 (column g),
crossing at the four corners; g, h >= 2 (closer, letters would touch side by side). The search
starts greedy constructions from rectangles and builds them into a layout (``search.motif_move``):
``aligned`` puts a rectangle on one of its words where it lies, ``in_the_way`` names the words that
must make room, ``attachments`` lists where a block crosses a board.
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ..core.grid import Placement
from .greedy import Board
from .grid import crossings

MAX_RECTANGLES = 20000  # enumeration stops here, spread over the words (a 50-word list has ~64000)
# the rectangles' heights (rows between the across words): the index holds a word's letter pairs up
# to this far apart, not all of them (60 words of 400-1,000 letters made 15 million pairs: over 5 s
# and gigabytes before the search looked at its clock); words of up to 21 letters lose none
MAX_HEIGHT = 20


class Block(NamedTuple):
    """Placements of a valid, connected group of words, normalised to start at (0, 0)."""

    placements: tuple[Placement, ...]

    @property
    def words(self) -> frozenset[str]:
        return frozenset(p.word for p in self.placements)

    @property
    def cycles(self) -> int:
        """Independent cycles inside the block (crossings - words + 1)."""
        return crossings(self.placements) - len(self.placements) + 1

    def transposed(self) -> Block:
        flip = {"across": "down", "down": "across"}
        return normalised(Placement(p.word, p.col, p.row, flip[p.dir]) for p in self.placements)

    def shifted(self, dr: int, dc: int) -> tuple[Placement, ...]:
        return tuple(Placement(p.word, p.row + dr, p.col + dc, p.dir) for p in self.placements)


def normalised(placements: Iterable[Placement]) -> Block:
    ps = list(placements)
    r0 = min(p.row for p in ps)
    c0 = min(p.col for p in ps)
    return Block(tuple(sorted((Placement(p.word, p.row - r0, p.col - c0, p.dir) for p in ps), key=_order)))


def _order(p: Placement) -> tuple[int, int, str, str]:
    return p.row, p.col, p.dir, p.word


def rectangles(words: Sequence[str], deadline: float | None = None, limit: int = MAX_RECTANGLES) -> list[Block]:
    """The rectangles of four distinct words (up to transposition: A1, A2 across); at most
    ``limit``, spread evenly over the words as A1 (a 50-word list has tens of thousands).

    Index: (x, y, d) -> the (word, i) with word[i] = x and word[i + d] = y. For each ordered pair of
    across words A1 above A2, each horizontal offset and each height h, the columns where some third
    word reads A1's letter and, h further down, A2's letter are the possible down words; two such
    columns at least 2 apart make a rectangle. No other check is needed: the across words lie on
    rows at least 2 apart and the down words on columns at least 2 apart, each spanning the
    other pair's lines, so no letter stands beside another or at a word's end (the tests run the
    checker on them)."""
    pairs: dict[tuple[str, str, int], list[tuple[str, int]]] = defaultdict(list)
    for w in words:
        if deadline is not None and time.monotonic() > deadline:
            return []
        for i in range(len(w)):
            for d in range(2, min(len(w) - i, MAX_HEIGHT + 1)):
                pairs[(w[i], w[i + d], d)].append((w, i))
    longest = min(max((len(w) for w in words), default=0), MAX_HEIGHT + 1)
    found: list[Block] = []
    share = max(1, limit // max(1, len(words)))
    for a1 in words:
        if deadline is not None and time.monotonic() > deadline:
            break
        found.extend(_rectangles_under(a1, words, pairs, longest, share, deadline))
    return found[:limit]


def _rectangles_under(
    a1: str,
    words: Sequence[str],
    pairs: dict[tuple[str, str, int], list[tuple[str, int]]],
    longest: int,
    limit: int,
    deadline: float | None = None,
) -> list[Block]:
    """Up to ``limit`` rectangles with ``a1`` as the upper across word (see ``rectangles``), those
    found by ``deadline`` (two words of 1,000 letters have 2,000 offsets)."""
    out: list[Block] = []
    for a2 in words:
        if a2 == a1:
            continue
        # a2 starts at column `off` relative to a1 (a1 at column 0)
        for off in range(-(len(a2) - 1), len(a1)):
            if deadline is not None and not off % 64 and time.monotonic() > deadline:
                return out
            cols = range(max(0, off), min(len(a1), off + len(a2)))
            if len(cols) < 3:
                continue
            for h in range(2, longest):
                found = [(c, pairs.get((a1[c], a2[c - off], h))) for c in cols]
                downs = [(c, ws) for c, ws in found if ws]
                for x, (c1, ws1) in enumerate(downs):
                    for c2, ws2 in downs[x + 1 :]:
                        if c2 - c1 < 2:
                            continue
                        for d1, j1 in ws1:
                            if d1 in (a1, a2):
                                continue
                            for d2, j2 in ws2:
                                if d2 in (a1, a2, d1):
                                    continue
                                out.append(
                                    normalised(
                                        (
                                            Placement(a1, 0, 0, "across"),
                                            Placement(a2, h, off, "across"),
                                            Placement(d1, -j1, c1, "down"),
                                            Placement(d2, -j2, c2, "down"),
                                        )
                                    )
                                )
                                if len(out) >= limit:
                                    return out
    return out


def directions(placements: Iterable[Placement]) -> dict[tuple[int, int], set[str]]:
    """Cell -> the directions of the words covering it (what ``Board.fits`` takes as ``block``)."""
    out: dict[tuple[int, int], set[str]] = {}
    for p in placements:
        for cell in p.cells():
            out.setdefault(cell, set()).add(p.dir)
    return out


def attachments(board: Board, block: Block) -> list[tuple[tuple[Placement, ...], int]]:
    """Every way to put ``block`` (or its transpose) on a valid board so the union stays valid and
    connected: (the block's placements there, crossings with the board, at least 1)."""
    out = []
    for orient in (block, block.transposed()):
        shifts: set[tuple[int, int]] = set()
        for p in orient.placements:
            for (r0, c0), ch in zip(p.cells(), p.word, strict=True):
                for r, c in board.by_letter.get(ch, ()):
                    if p.dir not in board.dirs[(r, c)]:
                        shifts.add((r - r0, c - c0))
        dirs = directions(orient.placements)
        for dr, dc in sorted(shifts):
            ps = []
            total = 0
            moved = {(r + dr, c + dc): ds for (r, c), ds in dirs.items()}
            for p in orient.placements:
                q = Placement(p.word, p.row + dr, p.col + dc, p.dir)
                n = board.fits(q, moved)
                if n is None:
                    break
                ps.append(q)
                total += n
            else:
                out.append((tuple(ps), total))
    return out


def aligned(block: Block, p: Placement) -> tuple[Placement, ...]:
    """The block (transposed when needed) moved so its copy of ``p.word`` lies exactly at ``p``."""
    own = next(q for q in block.placements if q.word == p.word)
    if own.dir != p.dir:
        block = block.transposed()
        own = next(q for q in block.placements if q.word == p.word)
    return block.shifted(p.row - own.row, p.col - own.col)


Occupants = dict[tuple[int, int], list[tuple[Placement, str]]]


def occupants(placements: Iterable[Placement]) -> Occupants:
    """Cell -> the placements with a letter there, with that letter."""
    at: Occupants = {}
    for p in placements:
        for cell, ch in zip(p.cells(), p.word, strict=True):
            at.setdefault(cell, []).append((p, ch))
    return at


def in_the_way(at: Occupants, targets: Sequence[Placement]) -> set[str]:
    """Words of a layout (``at``: its ``occupants``) other than the targets' own words that stop
    ``targets`` from lying where they are: a different letter or the same direction in a shared
    cell, a letter beside a target's letter that is not a crossing there, or a letter just before or
    after a target."""
    own = {t.word for t in targets}
    out: set[str] = set()
    for t in targets:
        dr, dc = (0, 1) if t.dir == "across" else (1, 0)
        n = len(t.word)
        for end in ((t.row - dr, t.col - dc), (t.row + dr * n, t.col + dc * n)):
            out.update(p.word for p, _ in at.get(end, ()))
        r, c = t.row, t.col
        for ch in t.word:
            here = at.get((r, c), ())
            crossing = {p.word for p, x in here if x == ch and p.dir != t.dir}
            out.update(p.word for p, _ in here if p.word not in crossing)
            for side in ((r + dc, c + dr), (r - dc, c - dr)):
                out.update(p.word for p, _ in at.get(side, ()) if p.word not in crossing)
            r += dr
            c += dc
    return out - own
