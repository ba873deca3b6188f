"""The decoding search (``encodings/codeword.lp``): one grounding per puzzle with the intended
key and ``second = 1``, then one solve per set of given letters, passed as assumptions. A model
is a second decoding (the givens cannot tell it from the key); UNSAT proves the givens enough."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple

from clingo import Function, Number, String, Symbol

from ...core.results import Stats
from ...core.solve import Solver
from ...core.status import Status
from ..framework import Site
from .candidates import by_pattern, candidates
from .puzzle import ALPHABET, Codeword, sites

ENCODING = "codeword.lp"


class Other(NamedTuple):
    """One check of a set of givens: UNSAT (unique, proved), SAT with the second decoding, or
    UNKNOWN (the limit came first)."""

    status: Status
    decoding: dict[int, str] | None


class Decoder:
    """The decodings of one grid (``rows``, numbered by ``key``) whose entries are words of ``words``."""

    def __init__(self, rows: Sequence[str], key: dict[int, str], words: Iterable[str], seed: int | None = None):
        self.rows, self.key = tuple(rows), dict(key)
        code = {x: n for n, x in key.items()}
        self.sites = sites(rows)
        self.entries = [tuple(code[rows[r][c]] for r, c in s.cells()) for s in self.sites]
        alphabet = frozenset(ALPHABET) | frozenset(key.values())
        # sorted: the same facts, so the same search, in every process (a set's order is per process)
        self.cands = candidates(self.entries, by_pattern(sorted(words), alphabet))
        self.stats = Stats()
        self.solver = Solver([ENCODING], seed=seed, options=["-c", "second=1"])
        self.solver.add_facts(self.facts(sorted(alphabet)))
        self.solver.ground()
        self.checks = 0

    def facts(self, alphabet: Sequence[str]) -> Iterator[Symbol]:
        yield from (Function("alphabet", [String(x)]) for x in alphabet)
        yield from (Function("key", [Number(n), String(x)]) for n, x in self.key.items())
        code = {x: n for n, x in self.key.items()}
        for r, row in enumerate(self.rows):
            yield from (Function("code", [Number(r), Number(c), Number(code[ch])]) for c, ch in enumerate(row)
                        if ch in code)  # fmt: skip
        ids: dict[str, int] = {}
        for site, words in zip(self.sites, self.cands, strict=True):
            yield from _site_facts(site)
            for w in words:
                if w not in ids:
                    ids[w] = len(ids)
                    yield Function("word", [Number(ids[w]), String(w)])
                    yield from (Function("letter", [Number(ids[w]), Number(i), String(x)]) for i, x in enumerate(w))
                yield Function("cand", [Number(ids[w]), Number(site.id)])

    def unplaceable(self) -> list[Site]:
        """Sites no word of the dictionary fits (the key's own word is not a word there)."""
        return [s for s, words in zip(self.sites, self.cands, strict=True) if not words]

    def other(self, given: Iterable[int], time_limit: float | None = None) -> Other:
        """A decoding other than the key that agrees with it on the numbers ``given``, if any."""
        assumptions = [(Function("decode", [Number(n), String(self.key[n])]), True) for n in given]
        result = self.solver.solve(models=1, time_limit=time_limit, assumptions=assumptions)
        self.checks += 1
        self.stats.add(result.stats)
        if result.status is not Status.SAT or not result.answers:
            return Other(result.status, None)
        decoding = {s.arguments[0].number: s.arguments[1].string for s in result.answers[0].symbols
                    if s.name == "decode"}  # fmt: skip
        return Other(Status.SAT, decoding)


def _site_facts(site: Site) -> Iterator[Symbol]:
    for i, (r, c) in enumerate(site.cells()):
        yield Function("cell", [Number(site.id), Number(i), Number(r), Number(c)])


def differ(puzzle: Codeword, decoding: dict[int, str]) -> list[tuple[int, int]]:
    """The cells whose letter a second decoding changes, in reading order."""
    return [(r, c) for r, row in enumerate(puzzle.rows) for c, ch in enumerate(row)
            if ch != " " and decoding[puzzle.code[ch]] != ch]  # fmt: skip
