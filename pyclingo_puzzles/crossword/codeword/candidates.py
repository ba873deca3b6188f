"""Each entry's candidate words for a decoding search: the words of its length whose letter
pattern is its numbers' (equal numbers equal letters, different numbers different letters), then
pruned to a fixed point so that every occurrence of a number agrees on the letters it may be.
A pruned word cannot be in any decoding, so the search over what is left finds them all."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .puzzle import pattern

Numbers = tuple[int, ...]


def by_pattern(words: Iterable[str], alphabet: frozenset[str]) -> dict[tuple[int, ...], list[str]]:
    """The words indexed by their pattern (which holds their length), letters outside ``alphabet`` left out."""
    index: dict[tuple[int, ...], list[str]] = {}
    for w in words:
        if alphabet.issuperset(w):
            index.setdefault(pattern(w), []).append(w)
    return index


def candidates(entries: Sequence[Numbers], index: dict[tuple[int, ...], list[str]]) -> list[list[str]]:
    """Per entry (its numbers), the words that fit it and agree with every other entry on each
    number's possible letters (arc consistency over the numbers, to a fixed point)."""
    cands = [list(index.get(pattern(e), ())) for e in entries]
    changed = True
    while changed:
        letters = number_letters(entries, cands)
        changed = False
        for k, e in enumerate(entries):
            kept = [w for w in cands[k] if all(x in letters[n] for n, x in zip(e, w, strict=True))]
            if len(kept) < len(cands[k]):
                cands[k], changed = kept, True
    return cands


def number_letters(entries: Sequence[Numbers], cands: Sequence[list[str]]) -> dict[int, set[str]]:
    """Each number's letters: those every one of its places allows."""
    letters: dict[int, set[str]] = {}
    for e, words in zip(entries, cands, strict=True):
        for i, n in enumerate(e):
            here = {w[i] for w in words}
            letters[n] = letters[n] & here if n in letters else here
    return letters
