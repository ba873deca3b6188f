"""The fill-in's playable page in Chromium: the word list by length above the grid, the starters
given, the grid filled by typing each entry (Tab to the next) to "Solved!"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pyclingo_puzzles.crossword import fillin

from ..conftest import INSTANCES


def test_the_words_are_listed_the_starters_given_and_typing_them_solves_it(page: Any, tmp_path: Path) -> None:
    result = fillin.make(INSTANCES / "crossword" / "lattice.dat", difficulty="easy", seed=2)
    data = result.to_json()
    out = tmp_path / "fillin.html"
    out.write_text(result.to_html(title="Lattice"), encoding="utf-8")
    page.goto(out.as_uri())
    page.locator("#status").get_by_text("squares filled").wait_for()
    instructions = page.locator("#instructions").inner_text()
    assert "5 letters: DODGE EPOXY EWERS THYMI" in instructions and "7 letters: EJECTED" in instructions
    assert page.locator(".cw-cell.given").count() == len(data["starters"]) >= 1
    assert result.answer is not None
    across = sorted((p for p in result.answer.placements if p.dir == "across"), key=lambda p: (p.row, p.col))
    down = sorted((p for p in result.answer.placements if p.dir == "down"), key=lambda p: (p.row, p.col))
    page.locator(".clues li").first.click()  # the first across entry
    for k, placement in enumerate(across + down):
        if k:
            page.keyboard.press("Tab")
        cell = page.locator(".cw-cell.current")
        r, c = int(cell.get_attribute("data-r")), int(cell.get_attribute("data-c"))
        page.keyboard.type(placement.word[placement.cells().index((r, c)):])  # from the first empty square on
    page.locator("#status").get_by_text("Solved!").wait_for()
