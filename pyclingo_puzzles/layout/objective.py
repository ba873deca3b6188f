"""What makes one layout better than another: the preference's order, in one place.

Every comparison in the search, the worker's pick and the encoding's ``#maximize``/``#minimize``
follow these keys (smaller is better):

- ``crossings``: most crossings, then the smallest bounding box (lexicographic).
- ``area``: smallest bounding box, then most crossings (lexicographic).
- ``balanced`` (the default): crossings x weight - area, the largest wins, ties to more crossings,
  where the weight of a crossing is ten times the list's mean word length in cells of box (about 60
  for words of 6 letters; ``weight``). Layouts take about 10 cells of box per crossing whatever the
  list's length, so a fixed trade is the same trade on 10 words as on 50: one crossing more is
  worth about a tenth more box on a 50-word list (60 of 600 cells), on a 10-word list about half
  (10 crossings in 96 cells beat 11 in 195).

``coarse`` is the first level only (crossings, or area for ``area``): the exploring walk of the
search takes any layout as good on it, whatever its box.
"""

from __future__ import annotations

from .grid import Layout

PREFERENCES = ("balanced", "crossings", "area")
DEFAULT = "balanced"


WEIGHT_WORDS = 10  # balanced: a crossing is worth the box cells of this many mean words' letters (measured
# on the 20-50-word lists, seeds 1-9: 5 or 7 gave boxes below the peers' with too few crossings; the list's
# whole letters, as on 10 words, gave crossings in boxes larger than the peers')


def weight(layout: Layout) -> int:
    """Cells of box one crossing is worth under ``balanced``: WEIGHT_WORDS x the mean word length,
    rounded half up (every word is placed, so the placed words are the list). The encoding computes
    the same integer from its word/letter facts."""
    letters, words = sum(len(p.word) for p in layout.placements), len(layout.placements)
    return (2 * WEIGHT_WORDS * letters + words) // (2 * words)


def key(layout: Layout, prefer: str) -> tuple[int, int]:
    """Smaller is better."""
    if prefer == "area":
        return layout.area, -layout.crossings
    if prefer == "balanced":
        return layout.area - weight(layout) * layout.crossings, -layout.crossings
    return -layout.crossings, layout.area


def coarse(layout: Layout, prefer: str) -> int:
    """The first level of the order, smaller is better: what the exploring walk holds."""
    return layout.area if prefer == "area" else -layout.crossings
