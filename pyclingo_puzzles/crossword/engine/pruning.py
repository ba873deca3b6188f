"""Dictionary fill, before any search: each slot's candidate words (length, predefined letters,
then arc consistency between crossing slots) and the letters still possible in each place."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from ...run import runtime
from ..framework import Framework, Site
from ..reader import Dictionary
from .kept import kept
from .wordsets import WordTable, arc_consistent


@dataclass
class Candidates:
    sites: Sequence[Site]
    options: dict[tuple[int, int], set[str]]  # place -> letters still possible
    empty: list[Site] = field(default_factory=list)  # sites left without any candidate
    tables: dict[int, WordTable] = field(default_factory=dict)  # length -> the dictionary's words
    bits: dict[int, int] = field(default_factory=dict)  # site -> its candidates in its length's table

    @cached_property
    def by_site(self) -> dict[int, list[str]]:
        """Site -> its candidate words (decoded when asked: the propagator works on ``bits``)."""
        out = {}
        for s in self.sites:
            runtime.check()  # a site of a large dictionary decodes in tens of ms
            out[s.id] = self.tables[s.length].decode(self.bits[s.id])
        return out

    def count(self) -> int:
        """The candidates of all sites together."""
        return sum(b.bit_count() for b in self.bits.values())


def prune(framework: Framework, sites: Sequence[Site], dictionary: Dictionary) -> Candidates:
    """Length and predefined letters, then arc consistency between crossing sites until nothing
    changes (``wordsets.arc_consistent``): a word stays only if each of its letters is possible in
    its place. Candidate sets are bitsets over the words of one length."""
    tables = word_tables(dictionary, {s.length for s in sites})
    bits = arc_consistent(sites, tables, framework.predefined())
    options: dict[tuple[int, int], set[str]] = {}
    for s in sites:
        for i, cell in enumerate(s.cells()):
            letters = tables[s.length].letters(bits[s.id], i)
            options[cell] = letters if cell not in options else options[cell] & letters
    empty = [s for s in sites if not bits[s.id]]
    return Candidates(sites, options, empty, tables, bits)


def word_tables(dictionary: Dictionary, lengths: set[int]) -> dict[int, WordTable]:
    """The dictionary's word table of each length, built once per dictionary and length and kept
    while the dictionary is one of the last few filled from (``kept``: a warm process's fills)."""
    words = dictionary.words
    known: dict[int, WordTable] = kept("tables", words, None, dict)
    missing = lengths - known.keys()
    if missing:
        by_length: dict[int, list[str]] = {n: [] for n in missing}
        for word in words:
            if len(word) in by_length:
                by_length[len(word)].append(word)
        scores = words if len(set(words.values())) > 1 else None  # a flat list has no order
        known.update({n: WordTable.build(ws, n, scores) for n, ws in by_length.items()})
    return {n: known[n] for n in lengths}
