"""The fill-in's word list as printed: grouped by length, alphabetical inside a length (a word
listed twice is printed twice)."""

from __future__ import annotations

from collections.abc import Iterable


def by_length(words: Iterable[str]) -> list[tuple[int, list[str]]]:
    """``[(3, ["ANT", "BEE"]), (4, [...]), ...]``: shortest first."""
    groups: dict[int, list[str]] = {}
    for word in words:
        groups.setdefault(len(word), []).append(word)
    return [(n, sorted(groups[n])) for n in sorted(groups)]


LINE = 60  # characters of a printed line of words


def lines(words: Iterable[str]) -> list[str]:
    """The list as the printed page has it: a heading per length, then its words (indented)."""
    out = []
    for n, group in by_length(words):
        out.append(f"{n} letters")
        line = ""
        for word in group:
            if line and len(line) + 2 + len(word) > LINE:
                out.append(line)
                line = ""
            line += "  " + word
        out.append(line)
    return out


def printed(words: Iterable[str]) -> list[str]:
    """The list in the JSON's order: by length, alphabetical inside a length."""
    return [w for _, group in by_length(words) for w in group]
