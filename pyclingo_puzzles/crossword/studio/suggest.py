"""Suggestions for one slot, each proved to keep the grid fillable, proved to kill it, or not known
yet (docs/constructor.md, "The studio's engine"). Cheapest proofs first:

1. the grid as a whole: arc consistency leaves some slot without a word (or a verdict proved it
   unfillable): every word kills it;
2. the word is already an entry of the grid: no word twice;
3. arc consistency from the slot narrowed to the word (``WarmSearch.probe``): a crossing left
   without a word proves it kills the grid, no solve needed;
4. a fill found before for a grid of this shape that keeps this grid's letters (a verdict's, an
   autofill's, another suggestion's) and has the word there proves it keeps the grid fillable;
5. the warm search (``engine/warm.py``): one solve under the assumption that the slot holds the
   word, in rounds of growing time slices so that every word gets a first look before any gets
   a long one; the nogoods clingo learns stay for the next word and the next request, and a word
   it proved dead stays so for the grid (a later ask, for longer, goes on with the others).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ...core.status import Status
from ..engine.unfillable import Core, find_core
from ..engine.warm import WarmSearch
from ..framework import EMPTY, Site
from .answers import Suggestion, Suggestions
from .board import Board
from .control import Cancelled, left
from .survey import entries, letters_of, slot_info

SLICES = (0.05, 0.25, None)  # seconds per word in each round (None: the time left, shared out)
SCAN = 400  # words looked at, at most, to find ``limit`` that are not dead at once (skip_dead)
LAST = 0.005  # seconds left below which no solve starts


def words_of(bits: int, words: tuple[str, ...]) -> Iterator[str]:
    """The words of a bitset in table order (best first), one at a time: a slot of a large list
    has thousands, and only the first few are looked at."""
    while bits:
        low = bits & -bits
        yield words[low.bit_length() - 1]
        bits ^= low


def suggestions(
    studio, board: Board, site: Site, limit: int, skip_dead: bool, deadline: float | None, stop: Callable[[], bool],
) -> Suggestions:
    """The slot's words best first, decided as the module says, within ``deadline``."""
    survey = studio.survey(board)
    table = survey.tables[site.length]
    dead_grid = not survey.consistent or _known_unfillable(studio, board)
    used = entries(board, site) if studio.no_repeat else set()
    killers = studio.killers(board)
    listed: list[Suggestion] = []
    bits = survey.bits[site.id] if survey.consistent else survey.own[site.id]
    for scanned, word in enumerate(words_of(bits, table.words)):
        if len(listed) >= limit or (skip_dead and scanned >= SCAN):
            break
        s = Suggestion(word, studio.lexicon.score(word))
        if dead_grid:
            s.fillable, s.why = False, "grid"
        elif word in used:
            s.fillable, s.why = False, "repeat"
        elif (site.id, word) in killers:
            s.fillable, s.why = False, "search"
        elif not survey.probe(site, word):
            s.fillable, s.why = False, "crossings"
        if not (skip_dead and s.fillable is False):
            listed.append(s)
    for grid in studio.fills(board):
        here = "".join(grid[r][c] for r, c in site.cells())
        for s in listed:
            if s.word == here and s.fillable is None:
                s.fillable, s.why = True, "fill"
    solves = 0
    if any(s.fillable is None for s in listed):
        solves = _search_rounds(board, studio.search(board), site, listed, deadline, stop, studio.remember, killers)
    return Suggestions(slot_info(board, survey, site), listed, solves=solves)


def _known_unfillable(studio, board: Board) -> bool:
    known = studio._verdicts.get(board.key)
    return known is not None and known.verdict == "unfillable"


def _search_rounds(
    board: Board, search: WarmSearch, site: Site, listed: list[Suggestion], deadline: float | None,
    stop: Callable[[], bool], remember: Callable[[Board, tuple[str, ...]], None], killers: set[tuple[int, str]],
) -> int:
    """The undecided words, each solved under the assumption it fills the slot: round after round
    of ``SLICES``, the first word first. Returns the solves made."""
    rows = board.framework.rows
    open_cells = [(k, cell) for k, cell in enumerate(site.cells()) if rows[cell[0]][cell[1]] == EMPTY]
    given = letters_of(board)
    solves = 0
    for slice_ in SLICES:
        todo = [s for s in listed if s.fillable is None]
        for k, s in enumerate(todo):
            if stop():
                raise Cancelled("suggesting")
            remaining = left(deadline)
            if remaining is not None and remaining <= LAST:
                return solves
            share = (remaining or 0.0) / (len(todo) - k) if slice_ is None else slice_
            share = share if remaining is None else min(share, remaining)
            status, fill = search.solve([*given, *((cell, s.word[i]) for i, cell in open_cells)], share, stop)
            solves += 1
            if fill is not None:
                remember(board, fill.grid)
                s.fillable, s.why = True, "fill"
            elif status is Status.UNSAT:
                s.fillable, s.why = False, "search"
                killers.add((site.id, s.word))
    return solves


def core_of(studio, board: Board, seconds: float | None) -> Core | None:
    """The minimal core of an unfillable grid, as the command's ``core`` gives it (``find_core``,
    on the warm tables), within ``seconds``; None when they end before one is found."""
    if seconds is not None and seconds <= 0:
        return None
    words = dict(studio.lexicon.words)
    words.update({w: studio.lexicon.top for w in board.extra if w not in words})
    tables = studio.survey(board).tables
    return find_core(board.framework, words, no_repeat=studio.no_repeat, time_limit=seconds, tables=tables)
