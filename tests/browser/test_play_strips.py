"""The strips' playable page in Chromium: every grid covered by hand (dragging, clicking a cell
twice for a 1x1 strip), a clash of patterns and uncovered cells marked by Check, a strip taken
away by a click, the solution shown and hidden."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pyclingo_puzzles import strips
from pyclingo_puzzles.formats import playable

from ..conftest import INSTANCES

CELL = 40  # strips.js: a cell's size in the board's units


@pytest.fixture
def small(page: Any, page_file: Any) -> tuple[Any, list]:
    def write(out: Path) -> None:
        out.write_text(strips.tile(INSTANCES / "strips" / "small.yaml").to_html(title="Small"), encoding="utf-8")

    page.goto(page_file("small.html", write).as_uri())
    page.locator("#status").get_by_text("0 of 3 grids done.").wait_for()
    data = page.evaluate("JSON.parse(document.getElementById('puzzle-data').textContent)")
    return page, playable.decode(data["answers"])


def centre(page: Any, grid: str, cell: tuple[int, int]) -> tuple[float, float]:
    board = page.locator(f"figure[data-grid='{grid}'] svg")
    return tuple(board.evaluate(
        "(svg, [x, y]) => { const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM()); return [p.x, p.y]; }",
        [(cell[1] + 0.5) * CELL, (cell[0] + 0.5) * CELL],
    ))  # fmt: skip


def draw(page: Any, grid: str, first: tuple[int, int], last: tuple[int, int]) -> None:
    if first == last:  # a 1x1 strip: the same cell clicked twice
        page.mouse.click(*centre(page, grid, first))
        page.mouse.click(*centre(page, grid, first))
        return
    page.mouse.move(*centre(page, grid, first))
    page.mouse.down()
    page.mouse.move(*centre(page, grid, last), steps=5)
    page.mouse.up()


def test_every_grid_covered_by_hand(small: tuple[Any, list]) -> None:
    page, answers = small
    for name, tiling in zip(("corner", "stripes", "square"), answers, strict=True):
        for r0, c0, r1, c1 in tiling:
            draw(page, name, (r0, c0), (r1, c1))
        page.locator(f"figure.solved[data-grid='{name}']").wait_for()
    page.locator("#status").get_by_text("Solved!").wait_for()
    assert page.locator(".strip.clash").count() == 0


def test_check_marks_clashes_and_gaps_and_a_click_takes_a_strip_away(small: tuple[Any, list]) -> None:
    page, _ = small
    draw(page, "corner", (1, 0), (1, 0))  # two 1x1 white strips: the same pattern
    draw(page, "corner", (2, 0), (2, 0))
    assert page.locator("figure[data-grid='corner'] .strip:not(.select)").count() == 2
    page.get_by_role("button", name="Check").click()
    assert page.locator("figure[data-grid='corner'] .strip.clash").count() == 2
    assert page.locator("figure[data-grid='corner'] .uncovered").count() == 4
    assert "corner: 4 cells not covered; corner: 2 strips share a pattern" in page.locator("#status").inner_text()
    page.mouse.click(*centre(page, "corner", (2, 0)))  # a click on a strip takes it away
    assert page.locator("figure[data-grid='corner'] .strip:not(.select)").count() == 1
    draw(page, "corner", (0, 0), (2, 0))  # over the remaining strip: refused
    assert page.locator("#status").inner_text().startswith("That overlaps a strip")


def test_keyboard_draws_a_strip(small: tuple[Any, list]) -> None:
    page, _ = small
    page.locator("figure[data-grid='stripes'] svg").focus()
    for key in ("Enter", "ArrowRight", "ArrowRight", "Enter"):
        page.keyboard.press(key)
    assert page.locator("figure[data-grid='stripes'] .strip:not(.select)").count() == 1
    page.keyboard.press("Delete")
    assert page.locator("figure[data-grid='stripes'] .strip:not(.select)").count() == 0


def test_solution_shown_and_hidden(small: tuple[Any, list]) -> None:
    page, answers = small
    assert page.locator(".strip.answer").count() == 0
    page.get_by_label("Show solution").check()
    assert page.locator(".strip.answer").count() == sum(len(t) for t in answers)
    assert page.locator("#status").inner_text() == "0 of 3 grids done."  # shown is not solved
    page.get_by_label("Show solution").uncheck()
    assert page.locator(".strip.answer").count() == 0
