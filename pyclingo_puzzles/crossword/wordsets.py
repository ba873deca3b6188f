"""Sets of same-length words as bitsets (one Python int, one bit per word), with per position and
letter the bitset of the words that have that letter there. Pruning and the fill propagator both
work on these: intersecting candidate sets is one ``&`` instead of a loop over words."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

ONES = re.compile("1")


@dataclass(frozen=True)
class WordTable:
    """The words of one length, sorted, and ``masks[i][ch]``: the words with ``ch`` at position ``i``."""

    length: int
    words: tuple[str, ...]
    masks: tuple[dict[str, int], ...]

    @classmethod
    def build(cls, words: Iterable[str], length: int) -> WordTable:
        ordered = tuple(sorted(set(words)))
        size = (len(ordered) + 7) // 8
        rows: list[dict[str, bytearray]] = [{} for _ in range(length)]
        for k, word in enumerate(ordered):
            byte, bit = divmod(k, 8)
            for i, ch in enumerate(word):
                buf = rows[i].get(ch)
                if buf is None:
                    buf = rows[i][ch] = bytearray(size)
                buf[byte] |= 1 << bit
        masks = tuple({ch: int.from_bytes(buf, "little") for ch, buf in row.items()} for row in rows)
        return cls(length, ordered, masks)

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

    def decode(self, bits: int) -> list[str]:
        """The words of a bitset, in table order."""
        text = format(bits, "b")[::-1]
        return [self.words[m.start()] for m in ONES.finditer(text)]
