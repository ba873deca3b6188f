"""Is it a good puzzle? Balance of one grid and distinctness of a book, measured in plain Python.

These are the independent checks of what the encoding's ``balanced`` and ``distinct(P)`` switches
promise (``encodings/wordsearch.lp``), and the figures ``--stats`` reports:

- direction share: a direction's words over its even share (placed words / directions of the level
  some word fits in);
  balanced at most ``MAX_DIRECTION`` % (1.5x), with two directions or more;
- quadrant share: a quadrant's placed letters over all placed letters (a letter two words cross on
  counts for each; one on a middle line of an odd grid half to each side); balanced at most
  ``MAX_QUADRANT`` %;
- shared placements of two puzzles: same word, start and direction, over the placed words of the
  smaller; a book is distinct when every pair shares at most ``MAX_SHARED`` %.

Fractions, not floats: a bound is met or not, exactly as the encoding's integer sums say.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from typing import Any

from .verify import Placement

Direction = tuple[int, int]
MAX_DIRECTION = 150  # percent of a direction's even share
MAX_QUADRANT = 35  # percent of the placed letters
MAX_SHARED = 20  # percent of the placed words, between any two puzzles of a book


def used_directions(candidates: Sequence[Sequence[Any]]) -> list[Direction]:
    """The directions some candidate runs in (each has ``dx``, ``dy``): a level's direction no word
    fits in has no share to hold."""
    return sorted({(c.dx, c.dy) for row in candidates for c in row})


def direction_counts(placements: Sequence[Placement], directions: Sequence[Direction]) -> dict[Direction, int]:
    counts = dict.fromkeys(directions, 0)
    for p in placements:
        counts[(p.dx, p.dy)] = counts.get((p.dx, p.dy), 0) + 1
    return counts


def direction_share(placements: Sequence[Placement], directions: Sequence[Direction]) -> Fraction:
    """The busiest direction's words over its even share (1 = perfectly even)."""
    if not placements:
        return Fraction(0)
    counts = direction_counts(placements, directions)
    return Fraction(max(counts.values()) * len(directions), len(placements))


def _halves(a: int, length: int) -> tuple[int, int]:
    """The weight (of 2) coordinate ``a`` gives the first and the second half of ``length``."""
    if 2 * a + 1 < length:
        return 2, 0
    if 2 * a + 1 > length:
        return 0, 2
    return 1, 1


def quadrant_shares(width: int, height: int, placements: Sequence[Placement]) -> list[Fraction]:
    """Each quadrant's share of the placed letters: top left, top right, bottom left, bottom right."""
    cells = [cell for p in placements for cell in p.cells()]  # a crossing once per word
    if not cells:
        return [Fraction(0)] * 4
    weights = [0] * 4
    for r, c in cells:
        rows, cols = _halves(r, height), _halves(c, width)
        for q in range(4):
            weights[q] += rows[q // 2] * cols[q % 2]
    return [Fraction(w, 4 * len(cells)) for w in weights]


def directions_can_balance(words: int, directions: int, max_direction: int = MAX_DIRECTION) -> bool:
    """Can ``words`` placed words spread over ``directions`` directions with none above
    ``max_direction`` % of its even share? Counting alone decides it, whatever the grid: 5 words
    over 4 directions may put at most 1 in each (1.875 allowed), so they cannot."""
    if directions <= 1 or words == 0:
        return True
    return directions * (max_direction * words // (100 * directions)) >= words


def balance_problems(
    width: int,
    height: int,
    placements: Sequence[Placement],
    directions: Sequence[Direction],
    max_direction: int = MAX_DIRECTION,
    max_quadrant: int = MAX_QUADRANT,
) -> list[str]:
    """What makes the puzzle unbalanced (empty: balanced)."""
    problems = []
    if len(directions) > 1 and direction_share(placements, directions) > Fraction(max_direction, 100):
        counts = direction_counts(placements, directions)
        busiest = max(counts, key=lambda d: counts[d])
        problems.append(f"direction {busiest} holds {counts[busiest]} of {len(placements)} words")
    for q, share in enumerate(quadrant_shares(width, height, placements)):
        if share > Fraction(max_quadrant, 100):
            problems.append(f"quadrant {q + 1} holds {float(share):.0%} of the placed letters")
    return problems


SHARED_FIGURE_MAX = 200  # puzzles up to which --stats reports the largest share two of them have in common


def shared(a: Sequence[Placement], b: Sequence[Placement]) -> Fraction:
    """Placements two puzzles share, over the placed words of the smaller."""
    if not a or not b:
        return Fraction(0)
    return Fraction(len(set(a) & set(b)), min(len(a), len(b)))


def most_shared(book: Sequence[Sequence[Placement]]) -> Fraction:
    """The largest share of placements any two puzzles of the book have in common."""
    sets = [frozenset(p) for p in book]  # hashed once, not once per pair
    top = (0, 1)
    for a, b in combinations(sets, 2):
        if a and b:
            common, size = len(a & b), min(len(a), len(b))
            if common * top[1] > top[0] * size:
                top = (common, size)
    return Fraction(*top)


def book_problems(book: Sequence[Sequence[Placement]], max_shared: int = MAX_SHARED) -> list[str]:
    """Pairs of puzzles that share more than ``max_shared`` % of their placements."""
    return [
        f"puzzles {i + 1} and {j + 1} share {float(shared(a, b)):.0%} of their placements"
        for (i, a), (j, b) in combinations(enumerate(book), 2)
        if shared(a, b) > Fraction(max_shared, 100)
    ]


def figures(
    width: int, height: int, book: Sequence[Sequence[Placement]], directions: Sequence[Direction]
) -> dict[str, Any]:
    """The worst figures over the puzzles (``--stats``): direction share (x even), quadrant share
    (of the placed letters) and, for a book, the largest share of placements two puzzles have in common."""
    out: dict[str, Any] = {}
    if not book:
        return out
    if len(directions) > 1:
        out["direction_share_max"] = round(float(max(direction_share(p, directions) for p in book)), 2)
    out["quadrant_share_max"] = round(float(max(max(quadrant_shares(width, height, p)) for p in book)), 2)
    if 1 < len(book) <= SHARED_FIGURE_MAX:  # pairs grow as the square: an enumeration's thousands are left out
        out["shared_max"] = round(float(most_shared(book)), 2)
    return out


def per_puzzle(width: int, height: int, placements: Sequence[Placement], directions: Sequence[Direction]) -> dict:
    """One puzzle's words per direction and quadrant shares (``--json --stats``)."""
    counts = direction_counts(placements, directions)
    return {
        "directions": {f"{dx},{dy}": n for (dx, dy), n in counts.items()},
        "quadrants": [round(float(s), 3) for s in quadrant_shares(width, height, placements)],
    }
