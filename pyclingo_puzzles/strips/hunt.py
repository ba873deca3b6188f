"""The puzzle-hunt chain: 1x1 cells of the solved grids -> meta grid -> its all-black strips."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import InputError
from .reader import Grid, StripsInstance
from .tiling import Tiling


@dataclass(frozen=True)
class Meta:
    grid: Grid  # the assembled meta grid (letters too, when every grid has letters)
    matches_final: bool | None  # compared with the file's final_grid, None when not given


def assemble(instance: StripsInstance, tilings: list[Tiling]) -> Meta:
    """Put each grid's single-cell colour (and letter) at that cell's position, rows in input order."""
    first = instance.grids[0]
    height, width = first.height, first.width
    if any((g.height, g.width) != (height, width) for g in instance.grids):
        raise InputError("--hunt needs grids of one size", instance.path)
    if len(tilings) != height * width:
        raise InputError(
            f"--hunt needs one grid per cell: {width}x{height} = {height * width} grids, got {len(tilings)}",
            instance.path,
        )
    colours: dict[tuple[int, int], str] = {}
    letters: dict[tuple[int, int], str] = {}
    for tiling in tilings:
        singles = tiling.single()
        if len(singles) != 1:
            raise InputError(
                f"--hunt: grid {tiling.grid.name} has {len(singles)} single cells in its tiling, not 1", instance.path
            )
        (r, c) = singles[0].cells[0]
        if (r, c) in colours:
            raise InputError(f"--hunt: two grids have their single cell at row {r}, column {c}", instance.path)
        colours[(r, c)] = singles[0].pattern
        if tiling.grid.letters is not None:
            letters[(r, c)] = tiling.grid.letters[r][c]
    rows = tuple("".join(colours[(r, c)] for c in range(width)) for r in range(height))
    letter_rows = None
    if len(letters) == height * width:
        letter_rows = tuple("".join(letters[(r, c)] for c in range(width)) for r in range(height))
    matches = None if instance.final_grid is None else rows == instance.final_grid
    return Meta(Grid("meta", rows, letter_rows), matches)


def black_cells(tiling: Tiling) -> list[tuple[int, int]]:
    """Cells of the strips whose colours are all black, in reading order."""
    return sorted(cell for s in tiling.strips if set(s.pattern) == {"b"} for cell in s.cells)
