"""The crossing graph of a layout and its connected parts: what the moves take out and put back."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise

from ..core.grid import Placement
from .greedy import Board, extend
from .grid import Layout

MAX_FREE = 8  # the most words a move takes out and puts back (more rebuilds a large part: rarely better)


def unconnectable(words: Sequence[str]) -> list[str]:
    """Words outside the largest group of words linked by shared letters (crossings need a shared
    letter, so these can never join the others): a proof, no search needed."""
    if len(words) < 2:
        return []
    group = list(range(len(words)))

    def find(i: int) -> int:
        while group[i] != i:
            group[i] = group[group[i]]
            i = group[i]
        return i

    # words sharing a letter are linked: each joined to the first word with that letter (linear in
    # the letters; pair by pair, 3,000 words took tens of seconds and no deadline was looked at)
    first: dict[str, int] = {}
    for i, word in enumerate(words):
        for letter in set(word):
            j = first.setdefault(letter, i)
            if j != i:
                group[find(i)] = find(j)
    sizes: dict[int, int] = {}
    for i in range(len(words)):
        sizes[find(i)] = sizes.get(find(i), 0) + 1
    main = max(sizes, key=lambda g: (sizes[g], -min(i for i in range(len(words)) if find(i) == g)))
    return [w for i, w in enumerate(words) if find(i) != main]


def crossing_graph(placements: Sequence[Placement]) -> dict[str, set[str]]:
    """Word -> the words it crosses (not to be changed: the result is cached)."""
    return _crossing_graph(tuple(placements))


@lru_cache(maxsize=64)  # the search asks again and again for the current and the best layout's graph
def _crossing_graph(placements: tuple[Placement, ...]) -> dict[str, set[str]]:
    at: dict[tuple[int, int], list[str]] = {}
    for p in placements:
        for cell in p.cells():
            at.setdefault(cell, []).append(p.word)
    graph: dict[str, set[str]] = {p.word: set() for p in placements}
    for ws in at.values():
        if len(ws) == 2:
            graph[ws[0]].add(ws[1])
            graph[ws[1]].add(ws[0])
    return graph


def orphan_pair(placements: Sequence[Placement], rest: Sequence[Placement]) -> bool:
    """Whether taking a valid layout's other words out leaves two neighbouring letters of ``rest``
    with no word of ``rest`` along them (a run that is no word; it can only lie along a word taken
    out, since in the valid layout every such pair lay along one word). Connectivity is not looked at."""
    kept = {p.word for p in rest}
    filled = {cell for p in rest for cell in p.cells()}
    for p in placements:
        if p.word in kept:
            continue
        for a, b in pairwise(p.cells()):
            if a in filled and b in filled:
                return True
    return False


def part_with(graph: dict[str, set[str]], keep: set[str], word: str) -> set[str]:
    """The connected part of ``graph`` restricted to ``keep`` that holds ``word``."""
    part, todo = {word}, [word]
    while todo:
        for v in graph[todo.pop()] & keep:
            if v not in part:
                part.add(v)
                todo.append(v)
    return part


def grown(board: Board, words: Sequence[str], rng: random.Random, mw: int | None, mh: int | None) -> Layout | None:
    """``extend`` the board with ``words`` inside the box; None when that fails or a block placed
    before (which ``extend`` does not bound) leaves the result wider or taller than the box."""
    found = extend(board, words, rng, (), mw, mh)[0]
    if found is None or (mw is not None and found.width > mw) or (mh is not None and found.height > mh):
        return None
    return found


def largest_part(graph: dict[str, set[str]], keep: set[str]) -> set[str]:
    """The largest connected part of ``graph`` restricted to ``keep``."""
    best: set[str] = set()
    seen: set[str] = set()
    for w in sorted(keep):
        if w not in seen:
            part = part_with(graph, keep, w)
            seen |= part
            if len(part) > len(best):
                best = part
    return best


def cycle_core(graph: dict[str, set[str]]) -> set[str]:
    """The words on a cycle of crossings or on a path between two cycles (the graph's 2-core:
    words crossing fewer than two others taken off until none is left); empty for a tree."""
    core = set(graph)
    leaves = [w for w in core if len(graph[w]) < 2]
    while leaves:
        w = leaves.pop()
        if w not in core:
            continue
        core.discard(w)
        leaves.extend(v for v in graph[w] & core if len(graph[v] & core) < 2)
    return core


def along_side(layout: Layout, side: int, depth: int) -> set[str]:
    """The words with a letter within ``depth`` lines of one side of the box (0 top, 1 bottom,
    2 left, 3 right): what must move for the box to lose a line there."""
    axis = 0 if side < 2 else 1
    extent = layout.height if axis == 0 else layout.width
    lines = range(depth) if side % 2 == 0 else range(extent - depth, extent)
    return {p.word for p in layout.placements if any(cell[axis] in lines for cell in p.cells())}


def smaller_box(layout: Layout, side: int, mw: int | None, mh: int | None) -> tuple[int, int]:
    """(width, height): one line less than ``layout``'s box across ``side``, no more than now the
    other way, and within ``mw`` x ``mh`` when given."""
    axis = 0 if side < 2 else 1
    width = min(x for x in (mw, layout.width - (axis == 1)) if x is not None)
    height = min(x for x in (mh, layout.height - (axis == 0)) if x is not None)
    return width, height
