"""Sets of same-length words as bitsets (one Python int, one bit per word), with per position and
letter the bitset of the words that have that letter there. Pruning and the fill propagator both
work on these: intersecting candidate sets is one ``&`` instead of a loop over words."""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from ...run import runtime
from ..framework import Site

ONES = re.compile("1")


class WordTable(NamedTuple):
    """The words of one length, sorted, and ``masks[i][ch]``: the words with ``ch`` at position ``i``.
    Scored (``scores``, one per word), the words are sorted best score first, so a set's lowest bit
    is its best word."""

    length: int
    words: tuple[str, ...]
    masks: tuple[dict[str, int], ...]
    scores: tuple[int, ...] = ()  # per word, when built with scores

    @classmethod
    def build(cls, words: Iterable[str], length: int, scores: Mapping[str, int] | None = None) -> WordTable:
        if scores is None:
            ordered = tuple(sorted(set(words)))
        else:
            # best score first, ties alphabetical (a stable sort by score of the sorted words)
            ordered = tuple(sorted(sorted(set(words)), key=scores.__getitem__, reverse=True))
        masks = tuple(_polled(_letter_masks, [word[i] for word in ordered]) for i in range(length))
        return cls(length, ordered, masks, () if scores is None else tuple(scores[w] for w in ordered))

    @property
    def full(self) -> int:
        return (1 << len(self.words)) - 1

    def letters(self, bits: int, i: int) -> set[str]:
        """The letters at position i of the words in ``bits``."""
        return {ch for ch, mask in self.masks[i].items() if bits & mask}

    def allowing(self, i: int, letters: Iterable[str]) -> int:
        """The words whose letter at position i is one of ``letters``."""
        out = 0
        row = self.masks[i]
        for ch in letters:
            out |= row.get(ch, 0)
        return out

    def best_score(self, bits: int) -> int:
        """The score of the best word in ``bits`` (not empty; a scored table)."""
        return self.scores[(bits & -bits).bit_length() - 1]

    def decode(self, bits: int) -> list[str]:
        """The words of a bitset, in table order."""
        text = format(bits, "b")[::-1]
        return [self.words[m.start()] for m in ONES.finditer(text)]


def _polled(make, column):
    """``make(column)`` after a look at the deadline (one column of a large word list: tens of ms)."""
    runtime.check()
    return make(column)


ZEROS = b"0" * 256  # a bytes.translate table that turns every byte into the digit 0


def _letter_masks(column: list[str]) -> dict[str, int]:
    """Letter -> the bitset of the indexes where ``column`` holds it (letters in order of first use).
    An ASCII column becomes, per letter, one binary numeral made in C (``bytes.translate``,
    ``int(.., 2)``): several times faster than setting bits word by word, which other letters need."""
    if not all(map(str.isascii, column)):
        size = (len(column) + 7) // 8
        bufs: dict[str, bytearray] = {}
        for k, ch in enumerate(column):
            buf = bufs.get(ch)
            if buf is None:
                buf = bufs[ch] = bytearray(size)
            buf[k >> 3] |= 1 << (k & 7)
        return {ch: int.from_bytes(buf, "little") for ch, buf in bufs.items()}
    text = "".join(column)[::-1].encode("ascii")  # reversed: index k is bit k, the last the leading digit
    masks = {}
    for ch in dict.fromkeys(column):
        table = bytearray(ZEROS)
        table[ord(ch)] = ord("1")
        masks[ch] = int(text.translate(table), 2)
    return masks


def arc_consistent(
    sites: Sequence[Site], tables: Mapping[int, WordTable], given: Mapping[tuple[int, int], str]
) -> dict[int, int]:
    """Each site's candidates, a bitset over ``tables[site.length]``: the words that keep the
    predefined letters ``given``, then arc consistency between crossing sites until nothing
    changes (AC-3 with a queue of the sites whose set shrank): a word stays only if each of its
    letters is a letter some candidate of the crossing site has there."""
    arcs = Arcs(sites, tables)
    bits = arcs.own(given)
    arcs.revise(bits, [s.id for s in sites])
    return bits


class Arcs:
    """The crossings of a framework's sites, built once, for arc consistency from any starting
    sets (``revise``): a whole framework's (``arc_consistent``) or, after one site's set was
    narrowed to one word, only what that changes (the studio's test of a suggestion)."""

    def __init__(self, sites: Sequence[Site], tables: Mapping[int, WordTable]):
        self.sites = list(sites)
        self.tables = tables
        self.slots_at: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for s in self.sites:
            for i, cell in enumerate(s.cells()):
                self.slots_at.setdefault(cell, []).append((s.id, i))
        # per site and crossing: (its letters there -> its words, the crossing site, that site's
        # letters there -> its words); a cell no other site crosses needs no revision
        length = {s.id: s.length for s in self.sites}
        self.crossings: dict[int, list[tuple[dict[str, int], int, dict[str, int]]]] = {s.id: [] for s in self.sites}
        for at in self.slots_at.values():
            for sid, i in at:
                for other, j in at:
                    if other != sid:
                        mine, theirs = tables[length[sid]].masks[i], tables[length[other]].masks[j]
                        self.crossings[sid].append((mine, other, theirs))

    def own(self, given: Mapping[tuple[int, int], str]) -> dict[int, int]:
        """Each site's words that keep the letters ``given`` (no crossing looked at)."""
        bits: dict[int, int] = {}
        for s in self.sites:
            table = self.tables[s.length]
            m = table.full
            for i, cell in enumerate(s.cells()):
                if cell in given:
                    m &= table.masks[i].get(given[cell], 0)
            bits[s.id] = m
        return bits

    def revise(self, bits: dict[int, int], changed: Iterable[int], stop_empty: bool = False) -> bool:
        """Arc consistency in place from the sites ``changed``; False when a site was left with
        no word (with ``stop_empty`` the revision stops there, ``bits`` half revised)."""
        queue = deque(changed)
        queued = set(queue)
        while queue:
            runtime.check()  # a large dictionary's revisions take a while: the deadline must still hold
            sid = queue.popleft()
            queued.discard(sid)
            mine = bits[sid]
            for here, other, there in self.crossings[sid]:
                allowed = 0  # the other site's words whose letter at the crossing one of mine shows
                for ch, words in here.items():
                    if mine & words:
                        allowed |= there.get(ch, 0)
                old = bits[other]
                if old & ~allowed:
                    bits[other] = new = old & allowed
                    if not new and stop_empty:
                        return False
                    if other not in queued:
                        queue.append(other)
                        queued.add(other)
        return all(bits.values())
