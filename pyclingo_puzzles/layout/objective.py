"""What makes one layout better than another: the preference's order, in one place.

Every comparison in the search, the worker's pick and the encoding's ``#maximize``/``#minimize``
follow these keys (smaller is better):

- ``crossings``: most crossings, then the smallest bounding box (lexicographic).
- ``area``: smallest bounding box, then most crossings (lexicographic).
- ``balanced`` (the default): crossings x letters - area, the largest wins, ties to more crossings.
  One crossing is worth as many cells of box as the list has letters: box cells per letter (the
  paper a letter takes) may grow by 1 for each crossing gained. On a 10-word list (about 60 letters,
  boxes of 100-200 cells) that trades one crossing for a box about half as large; on 20-50 words
  (120-300 letters, boxes of 250-900) a crossing outweighs all but a much larger box, so the order
  is nearly that of ``crossings``.

``coarse`` is the first level only (crossings, or area for ``area``): the exploring walk of the
search takes any layout as good on it, whatever its box.
"""

from __future__ import annotations

from .grid import Layout

PREFERENCES = ("balanced", "crossings", "area")
DEFAULT = "balanced"


def letters(layout: Layout) -> int:
    """Letters of the list: every word is placed, so the sum of the placed words' lengths."""
    return sum(len(p.word) for p in layout.placements)


def key(layout: Layout, prefer: str) -> tuple[int, int]:
    """Smaller is better."""
    if prefer == "area":
        return layout.area, -layout.crossings
    if prefer == "balanced":
        return layout.area - letters(layout) * layout.crossings, -layout.crossings
    return -layout.crossings, layout.area


def coarse(layout: Layout, prefer: str) -> int:
    """The first level of the order, smaller is better: what the exploring walk holds."""
    return layout.area if prefer == "area" else -layout.crossings
