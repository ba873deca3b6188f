"""Crossword instance -> clingo symbols: the input predicates of ``encodings/crossword.lp`` (P-99) and
of ``encodings/crossword_fill.lp`` (the dictionary fill)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from clingo import Function, Number, String, Symbol

from ...run import runtime
from ..framework import Framework, Site

POLL_EVERY = 1024  # words between two looks at the deadline while building facts

if TYPE_CHECKING:  # the dictionary fill's: a P-99 run does not load it
    from .pruning import Candidates


# A symbol costs microseconds to build through clingo's API; ids, positions and letters repeat
# across thousands of facts, so each is built once (a bounded cache: a library user's process may
# solve many instances).
@lru_cache(maxsize=1 << 16)
def number(n: int) -> Symbol:
    return Number(n)


@lru_cache(maxsize=1 << 12)
def string(text: str) -> Symbol:
    return String(text)


@lru_cache(maxsize=2)
def constant(name: str) -> Symbol:
    return Function(name)


def site_facts(framework: Framework, sites: Sequence[Site], cells: bool = True) -> Iterator[Symbol]:
    """``site/2``, ``site_at/4``, ``predefined/3`` and (unless the encoding derives them from where
    a site starts: ``cells=False``) ``cell/4``."""
    for site in sites:
        s = number(site.id)
        yield Function("site", [s, number(site.length)])
        yield Function("site_at", [s, number(site.row), number(site.col), constant(site.direction)])
        if cells:
            for i, (r, c) in enumerate(site.cells()):
                yield Function("cell", [s, number(i), number(r), number(c)])
    for (r, c), ch in sorted(framework.predefined().items()):
        yield Function("predefined", [number(r), number(c), string(ch)])


def word_facts(words: Sequence[str]) -> Iterator[Symbol]:
    for w, text in enumerate(words):
        n = number(w)
        yield Function("word", [n, String(text)])
        for i, ch in enumerate(text):
            yield Function("letter", [n, number(i), string(ch)])


def candidate_facts(candidates: Mapping[int, Sequence[int]]) -> Iterator[Symbol]:
    """``cand(W, S)`` for each site S and word id W of ``candidates[S]``."""
    for s, words in candidates.items():
        for w in words:
            yield Function("cand", [number(w), number(s)])


def option_facts(cands: Candidates) -> Iterator[Symbol]:
    """``option(R, C, X)``: letter X is still possible in cell (R, C) after pruning."""
    for (r, c), letters in sorted(cands.options.items()):
        for ch in sorted(letters):
            yield Function("option", [Number(r), Number(c), String(ch)])


def fill_facts(
    framework: Framework, sites: Sequence[Site], cands: Candidates, scores: dict[str, int] | None, rng: random.Random
) -> tuple[list[Symbol], list[str]]:
    """All the fill's input predicates, word atoms included (the fully ground mode), and the words
    by id."""
    words = sorted({w for ws in cands.by_site.values() for w in ws})
    rng.shuffle(words)  # seeded: different seeds, different fills
    ids = {w: i for i, w in enumerate(words)}
    facts: list[Symbol] = list(site_facts(framework, sites))
    for w, text in enumerate(words):
        if not w % POLL_EVERY:
            runtime.check()  # 100,000 words take seconds here: the deadline must still hold
        facts.append(Function("word", [Number(w), String(text)]))
        for i, ch in enumerate(text):
            facts.append(Function("letter", [Number(w), Number(i), String(ch)]))
        if scores is not None:
            facts.append(Function("score", [Number(w), Number(scores[text])]))
    for s in sites:
        runtime.check()
        for text in cands.by_site[s.id]:
            facts.append(Function("cand", [Number(ids[text]), Number(s.id)]))
    facts.extend(option_facts(cands))
    return facts, words


def differ_facts(sites: Sequence[Site], grids: Sequence[Sequence[str]]) -> Iterator[Symbol]:
    """``earlier_fill(F)`` and ``was(F, S, R, C, X)``: earlier fill F had letter X at (R, C) of slot S
    (``crossword_differ.lp``)."""
    for f, grid in enumerate(grids):
        yield Function("earlier_fill", [number(f)])
        for s in sites:
            for r, c in s.cells():
                yield Function("was", [number(f), number(s.id), number(r), number(c), string(grid[r][c])])
