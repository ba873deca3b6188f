"""Candidate placements of the words (positions and directions the level allows) and their facts.

Every placement when there are few enough (``FULL_LIMIT``: then an UNSAT answer is a proof);
otherwise a seeded random sample per word, grown for the words of the unsat core.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from clingo import Function, Number, String, Symbol

from . import shapes
from .reader import Direction, WordSearchInstance

FULL_LIMIT = 4_000  # at most this many candidates in all: give clingo every one (complete)
FIRST_SAMPLE = 12  # candidates per word in the first round of a big grid
TIGHT = 0.6  # letters per cell from which the first round shares out FULL_LIMIT instead (few rounds)
GROWTH = 4  # sample growth factor per round for the words of the core


@dataclass(frozen=True)
class Candidate:
    row: int
    col: int
    dx: int
    dy: int



def _span(length: int, size: int, step: int) -> range:
    """Start coordinates along one axis so that ``length`` letters stay inside ``size`` cells."""
    if step > 0:
        return range(0, size - length + 1)
    if step < 0:
        return range(length - 1, size)
    return range(0, size)


def candidate_count(length: int, inst: WordSearchInstance, d: Direction) -> int:
    if inst.mask is not None:  # shaped grid: placements on usable cells only
        return shapes.count_runs(inst.mask, length, *d)
    return len(_span(length, inst.height, d[1])) * len(_span(length, inst.width, d[0]))


def all_candidates(word: str, inst: WordSearchInstance) -> list[Candidate]:
    return [
        Candidate(r, c, dx, dy)
        for dx, dy in inst.directions
        for r in _span(len(word), inst.height, dy)
        for c in _span(len(word), inst.width, dx)
        if shapes.fits(inst.mask, r, c, dx, dy, len(word))
    ]


def grow_sample(word: str, inst: WordSearchInstance, have: list[Candidate], k: int, rng: random.Random) -> None:
    """Add random distinct candidates to ``have`` until it holds ``k`` (or all there are)."""
    total = sum(candidate_count(len(word), inst, d) for d in inst.directions)
    if k >= total:
        seen = set(have)
        rest = [c for c in all_candidates(word, inst) if c not in seen]
        rng.shuffle(rest)
        have.extend(rest)
        return
    weights = [candidate_count(len(word), inst, d) for d in inst.directions]
    seen = set(have)
    while len(have) < k:
        dx, dy = rng.choices(inst.directions, weights)[0]
        rows, cols = _span(len(word), inst.height, dy), _span(len(word), inst.width, dx)
        cand = Candidate(rng.choice(rows), rng.choice(cols), dx, dy)
        if cand not in seen and shapes.fits(inst.mask, cand.row, cand.col, dx, dy, len(word)):
            seen.add(cand)
            have.append(cand)



def facts(inst: WordSearchInstance, cands: Sequence[Sequence[Candidate]], max_words: int | None = None) -> list[Symbol]:
    """One fact per candidate; the encoding spells out its cells (cheaper in the grounder)."""
    num = [Number(i) for i in range(max(inst.width, inst.height, max(map(len, cands)), len(inst.words)) + 1)]
    direction = {d: Number(d) for d in (-1, 0, 1)}
    out = [Function("size", [Number(inst.width), Number(inst.height)])]
    if inst.message:
        out.append(Function("message_length", [Number(len(inst.message))]))
    if max_words is not None:
        out.append(Function("max_words", [Number(max_words)]))
    for w, word in enumerate(inst.words):
        out.append(Function("word", [num[w], String(word)]))
        out.append(Function("priority", [num[w], Number(inst.priority(w))]))
        out.extend(Function("letter", [num[w], num[i], String(ch)]) for i, ch in enumerate(word))
        for k, c in enumerate(cands[w]):
            out.append(Function("cand", [num[w], num[k], num[c.row], num[c.col], direction[c.dx], direction[c.dy]]))
    return out


def place_atom(w: int, k: int) -> Symbol:
    return Function("place", [Number(w), Number(k)])


def placed_atom(w: int) -> Symbol:
    return Function("placed", [Number(w)])

