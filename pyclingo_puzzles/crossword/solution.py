"""Crossword solutions: decoded from models, checked by an independent verifier, rendered."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import Any, NamedTuple

from clingo import Symbol, SymbolType

from ..core.errors import VerificationError, derived_error
from ..core.grid import Placement
from .framework import BLOCK, EMPTY, Framework, Site

RUN = re.compile(f"[^{re.escape(BLOCK)}]{{2,}}")  # two or more places in a row


class CrosswordSolution(NamedTuple):
    grid: tuple[str, ...]  # one string per row, blocks as spaces
    placements: tuple[Placement, ...]  # in site order
    shown: tuple[str, ...] | None = None  # what the user's #show statements show (None: no #show)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"grid": list(self.grid), "placements": [p.as_dict() for p in self.placements]}
        if self.shown is not None:
            out["shown"] = list(self.shown)
        return out


def build_solution(framework: Framework, placements: Iterable[Placement]) -> CrosswordSolution:
    """Write the placed words into the framework (later words overwrite; the verifier judges)."""
    cells = [list(row) for row in framework.rows]
    ordered = sorted(placements, key=lambda p: (p.row, p.col, p.dir))
    for p in ordered:
        for (r, c), ch in zip(p.cells(), p.word, strict=True):
            if 0 <= r < framework.height and 0 <= c < framework.width:
                cells[r][c] = ch
    return CrosswordSolution(tuple("".join(row) for row in cells), tuple(ordered))


def decode(
    symbols: Sequence[Symbol],
    words: Sequence[str],
    sites: Mapping[int, Site],
    framework: Framework,
    rules: Sequence[str | Path] = (),
) -> CrosswordSolution:
    """Model symbols ``place(W, S)`` (word id, site id: the P-99 encoding and the dictionary fill
    with word atoms) -> a solution. An atom naming no word or site can only come from the user's
    ``rules``: reported, never a crash."""
    placements = []
    for sym in symbols:
        if sym.name != "place":
            continue
        args = sym.arguments  # read once: each of clingo's symbol accessors costs microseconds
        if len(args) == 2:
            if any(a.type is not SymbolType.Number for a in args):
                raise derived_error(sym, "which names no word or site", rules)
            w, s = (a.number for a in args)
            if s not in sites or not 0 <= w < len(words):
                raise derived_error(sym, "which names no word or site", rules)
            site = sites[s]
            placements.append(Placement(words[w], site.row, site.col, site.direction))
    return build_solution(framework, placements)


def decode_letters(
    symbols: Sequence[Symbol], sites: Sequence[Site], framework: Framework, rules: Sequence[str | Path] = ()
) -> CrosswordSolution:
    """Model symbols ``val(R, C, X)`` (the letter atoms of the dictionary fill) -> a solution whose
    placements are the letters read along each site."""
    places = {cell for site in sites for cell in site.cells()}
    letters: dict[tuple[int, int], str] = {}
    for sym in symbols:
        if sym.name == "val" and len(sym.arguments) == 3:
            r, c, x = sym.arguments
            if (
                r.type is not SymbolType.Number
                or c.type is not SymbolType.Number
                or x.type is not SymbolType.String
                or (r.number, c.number) not in places
                or len(x.string) != 1
            ):
                raise derived_error(sym, "which is not a letter in a place of the grid", rules)
            if (r.number, c.number) in letters:
                other = f'val({r.number},{c.number},"{letters[(r.number, c.number)]}")'
                raise derived_error(sym, f"and `{other}` too: two letters for one place", rules)
            letters[(r.number, c.number)] = x.string
    placements = []
    for site in sites:
        text = "".join(letters.get(cell, "") for cell in site.cells())
        if len(text) != site.length:
            raise VerificationError(f"the model leaves a place of the site at ({site.row},{site.col}) empty")
        placements.append(Placement(text, site.row, site.col, site.direction))
    return build_solution(framework, placements)


def verify(
    framework: Framework,
    solution: CrosswordSolution,
    words: Sequence[str] | None = None,
    *,
    allowed: Iterable[str] | None = None,
    repeats: bool = False,
) -> list[str]:
    """Independent check of a filled grid; returns the problems found (empty = valid).

    Works from the grid and placements only: every site of the framework (recomputed here by
    scanning rows and columns) carries exactly one placement whose word is read back from the grid;
    blocks and predefined letters are kept. With ``words``: the placed words are exactly that
    multiset. With ``allowed``: every placed word is in that set, and (unless ``repeats``) no word
    is placed twice.
    """
    problems: list[str] = []
    grid = solution.grid
    if len(grid) != framework.height or any(len(row) != framework.width for row in grid):
        return [f"grid is not {framework.height} rows of {framework.width} cells"]
    for r, (frow, grow) in enumerate(zip(framework.rows, grid, strict=True)):
        for c, (f, g) in enumerate(zip(frow, grow, strict=True)):
            if f == BLOCK and g != BLOCK:
                problems.append(f"block at ({r},{c}) holds {g!r}")
            elif f != BLOCK and not g.isalpha() and framework_neighbour(framework, r, c):
                problems.append(f"place at ({r},{c}) is empty")  # a lone place is on no site
            elif f not in (BLOCK, EMPTY) and g != f:
                problems.append(f"predefined {f!r} at ({r},{c}) replaced by {g!r}")
    # every maximal run of >= 2 letters, read off the grid's rows and columns (independently of
    # Framework.sites())
    runs: dict[tuple[int, int, str], str] = {}
    for r, row in enumerate(grid):
        for m in RUN.finditer(row):
            runs[(r, m.start(), "across")] = m.group()
    for c, column in enumerate(zip(*grid, strict=True)):
        for m in RUN.finditer("".join(column)):
            runs[(m.start(), c, "down")] = m.group()
    placed: dict[tuple[int, int, str], str] = {}
    for p in solution.placements:
        key = (p.row, p.col, p.dir)
        if key in placed:
            problems.append(f"two words on the site at {key}")
        placed[key] = p.word
        if runs.get(key) != p.word:
            problems.append(f"{p.word} at {key} does not match the grid ({runs.get(key)!r})")
    for key in runs.keys() - placed.keys():
        problems.append(f"site at {key} ({runs[key]}) has no word")
    used = Counter(p.word for p in solution.placements)
    if words is not None and used != Counter(words):
        missing = Counter(words) - used
        extra = used - Counter(words)
        problems.append(f"words differ from the list: missing {sorted(missing)}, extra {sorted(extra)}")
    if allowed is not None:
        allowed_set = allowed if isinstance(allowed, AbstractSet) else set(allowed)  # a large list is not copied
        problems.extend(f"{w} is not in the dictionary" for w in used if w not in allowed_set)
        if not repeats:
            problems.extend(f"{w} is used {n} times" for w, n in used.items() if n > 1)
    return problems


def framework_neighbour(framework: Framework, r: int, c: int) -> bool:
    """Whether a place has a place beside it (so it lies on some site)."""
    return any(framework.is_place(r + dr, c + dc) for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)))


def render_text(solution: CrosswordSolution) -> str:
    """The filled grid, blocks as spaces, one row per line."""
    return "\n".join(solution.grid)
