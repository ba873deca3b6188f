"""What fits where on a grid (the studio's ``slots``): each slot's words by its own letters and
after arc consistency, each open cell's possible letters."""

from __future__ import annotations

from ..engine.wordsets import Arcs, WordTable
from ..framework import EMPTY, Site
from .answers import CellInfo, SlotInfo
from .board import Board


class Survey:
    """One grid's candidates: each slot's words by its own letters (``own``) and after arc
    consistency with its crossings (``bits``; ``consistent`` False when a slot was left without
    one: no fill exists). ``arcs``: the shape's crossings (kept per shape by the studio)."""

    def __init__(self, board: Board, arcs: Arcs, tables: dict[int, WordTable]):
        self.board = board
        self.arcs = arcs
        self.tables = tables
        self.own = arcs.own(board.framework.predefined())
        self.bits = dict(self.own)
        self.consistent = arcs.revise(self.bits, [s.id for s in board.sites])

    def probe(self, site: Site, word: str) -> bool:
        """Arc consistency with ``site`` narrowed to ``word``: False proves no fill has it there
        (a crossing is left without a word), True says nothing yet."""
        table = self.tables[site.length]
        bit = self.bits[site.id]
        for i, ch in enumerate(word):
            bit &= table.masks[i].get(ch, 0)
        if not bit:
            return False
        bits = dict(self.bits)
        bits[site.id] = bit
        return self.arcs.revise(bits, [site.id], stop_empty=True)


def slot_info(board: Board, survey: Survey, site: Site) -> SlotInfo:
    pattern = "".join(board.framework.rows[r][c] for r, c in site.cells())
    consistent = survey.bits[site.id].bit_count() if survey.consistent else 0
    return SlotInfo(site, pattern, survey.own[site.id].bit_count(), consistent, site.id in board.locked_slots)


def open_cells(board: Board, survey: Survey, hotspot: int) -> list[CellInfo]:
    """Each place's letters: those the words fitting each of its slots have there (by the slots'
    own letters: one look across, as Qxw's light feasibility; a given letter's place has it, or
    none when no word fits), an open place with ``hotspot`` or fewer marked."""
    letters: dict[tuple[int, int], set[str]] = {}
    for s in board.sites:
        table, bits = survey.tables[s.length], survey.own[s.id]
        for i, (r, c) in enumerate(s.cells()):
            here = table.letters(bits, i)
            letters[(r, c)] = here if (r, c) not in letters else letters[(r, c)] & here
    rows = board.framework.rows
    return [
        CellInfo(r, c, "".join(sorted(ls)), rows[r][c] == EMPTY and len(ls) <= hotspot)
        for (r, c), ls in sorted(letters.items())
    ]


def entries(board: Board, but: Site) -> set[str]:
    """The words already in the grid: every complete slot's but ``but``'s."""
    rows = board.framework.rows
    out = set()
    for s in board.sites:
        if s.id != but.id:
            text = "".join(rows[r][c] for r, c in s.cells())
            if EMPTY not in text:
                out.add(text)
    return out


def letters_of(board: Board) -> list[tuple[tuple[int, int], str]]:
    """The grid's letters, place by place (the warm search's assumptions)."""
    return sorted(board.framework.predefined().items())
