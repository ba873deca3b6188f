"""Crossword instance -> clingo symbols (the input predicates of ``encodings/crossword.lp``)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from clingo import Function, Number, String, Symbol

from .framework import Framework, Site


def site_facts(framework: Framework, sites: Sequence[Site]) -> Iterator[Symbol]:
    for site in sites:
        yield Function("site", [Number(site.id), Number(site.length)])
        yield Function(
            "site_at",
            [Number(site.id), Number(site.row), Number(site.col), Function(site.direction)],
        )
        for i, (r, c) in enumerate(site.cells()):
            yield Function("cell", [Number(site.id), Number(i), Number(r), Number(c)])
    for (r, c), ch in sorted(framework.predefined().items()):
        yield Function("predefined", [Number(r), Number(c), String(ch)])


def word_facts(words: Sequence[str]) -> Iterator[Symbol]:
    for w, text in enumerate(words):
        yield Function("word", [Number(w), Number(len(text))])
        yield Function("word_text", [Number(w), String(text)])
        for i, ch in enumerate(text):
            yield Function("letter", [Number(w), Number(i), String(ch)])
