"""Word-list checks in (near) linear time: repeated words, a word and its reverse, and words inside
other words.

A word search hides every word exactly once, so a word that occurs inside another (or reversed
inside it) could never be found exactly once. Comparing every pair is quadratic (100,000 words
with one long common prefix took hours); one Aho–Corasick automaton over all words finds every
word inside each word (and inside its reverse) in one pass over the text.
"""

from __future__ import annotations

from collections.abc import Sequence

import ahocorasick


def find_duplicate(words: Sequence[str]) -> tuple[int, int] | None:
    """``(i, j)``, i < j, of the first word (by j) that repeats an earlier one, or None."""
    first: dict[str, int] = {}
    for j, word in enumerate(words):
        i = first.setdefault(word, j)
        if i != j:
            return i, j
    return None


def find_reversed(words: Sequence[str]) -> tuple[int, int] | None:
    """``(i, j)``, i < j: ``words[j]`` is ``words[i]`` backwards (STOP and POTS), the first such j;
    None when there is no such pair. Each is read from the other's cells backwards, so both can
    never occur exactly once: on different cells each occurs twice, on the same cells the player
    finds one strip for two words. The words must be distinct (``find_duplicate`` first)."""
    first: dict[str, int] = {}
    for j, word in enumerate(words):
        i = first.get(word[::-1])
        if i is not None:
            return i, j
        first.setdefault(word, j)
    return None


def find_contained(words: Sequence[str]) -> tuple[int, int, str] | None:
    """``(i, j, how)``: ``words[i]`` is shorter than ``words[j]`` and occurs in it (``how`` =
    "inside") or reversed in it ("reversed inside"); the first such ``j`` in list order, with
    "inside" before "reversed inside"; None when no word is inside another. The words must be
    distinct (``find_duplicate`` first)."""
    if len(words) < 2:
        return None
    automaton = ahocorasick.Automaton()
    for i, word in enumerate(words):
        automaton.add_word(word, i)
    automaton.make_automaton()
    for j, text in enumerate(words):
        for scanned, how in ((text, "inside"), (text[::-1], "reversed inside")):
            # a match as long as the text is the text itself or its reverse (words are distinct),
            # so each scan passes over at most two matches before a shorter word or its end
            for _end, i in automaton.iter(scanned):
                if len(words[i]) < len(text):
                    return i, j, how
    return None
