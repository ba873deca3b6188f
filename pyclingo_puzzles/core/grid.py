"""Grid types the families share: a word placed on a crossword-style grid (crossword, layout, .ipuz)."""

from __future__ import annotations

from typing import Any, NamedTuple


class Placement(NamedTuple):
    word: str
    row: int
    col: int
    dir: str  # "across" | "down"

    def cells(self) -> list[tuple[int, int]]:
        dr, dc = (0, 1) if self.dir == "across" else (1, 0)
        return [(self.row + dr * i, self.col + dc * i) for i in range(len(self.word))]

    def as_dict(self) -> dict[str, Any]:
        return {"word": self.word, "row": self.row, "col": self.col, "dir": self.dir}
