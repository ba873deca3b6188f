"""Crossword instance -> clingo symbols (the input predicates of ``encodings/crossword.lp``)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache

from clingo import Function, Number, String, Symbol

from .framework import Framework, Site


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
        yield Function("word", [n, number(len(text))])
        yield Function("word_text", [n, String(text)])
        for i, ch in enumerate(text):
            yield Function("letter", [n, number(i), string(ch)])


def candidate_facts(candidates: Mapping[int, Sequence[int]]) -> Iterator[Symbol]:
    """``candidate(W, S)`` for each site S and word id W of ``candidates[S]``."""
    for s, words in candidates.items():
        for w in words:
            yield Function("candidate", [number(w), number(s)])
