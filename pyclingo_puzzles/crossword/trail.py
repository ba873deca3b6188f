"""For ``propagator.WordPropagator``: its state that changes during the search (one per solver
thread: ``ThreadState``) and the letter atoms' literals (``val_atoms``)."""

from __future__ import annotations

from dataclasses import dataclass

from clingo import PropagateInit, SymbolType


@dataclass
class ThreadState:
    fixed: list[int]  # place -> the letter literal that is true there, or 0
    out: list[list[int]]  # place -> the letter literals that are false there
    live: list[set[int]]  # place -> the letter literals not (yet) false there
    cur: dict[int, int]  # slot -> candidates its letters still allow (bitset)
    trail: list[tuple[int, int, int]]  # (literal, slot, previous bitset)

def val_atoms(init: PropagateInit) -> dict[tuple[int, int, str], int]:
    """(row, column, letter) -> the program literal of ``val/3``: one pass over the atoms instead of
    a symbol built and looked up per place and letter (user rules may derive others: left out)."""
    atoms: dict[tuple[int, int, str], int] = {}
    for atom in init.symbolic_atoms.by_signature("val", 3):
        row, col, letter = atom.symbol.arguments
        if row.type is SymbolType.Number and col.type is SymbolType.Number and letter.type is SymbolType.String:
            atoms[(row.number, col.number, letter.string)] = atom.literal
    return atoms
