"""The word search's playable page in Chromium: played to the end by dragging, clicking and the
keyboard; the page says solved, marks only real words, and shows the answers on request."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pyclingo_puzzles import wordsearch
from pyclingo_puzzles.formats import playable

WORDS = ["hola", "caracola", "ostra", "pez"]


@pytest.fixture(scope="module")
def puzzle() -> wordsearch.WordSearch:
    result = wordsearch.generate(WORDS, width=8, height=8, seed=3)
    assert result.placements
    return result


@pytest.fixture
def opened(page: Any, puzzle: wordsearch.WordSearch, tmp_path: Path) -> Any:
    path = tmp_path / "mar.html"
    path.write_text(puzzle.to_html(title="Mar"), encoding="utf-8")
    page.goto(path.as_uri())
    page.locator("#status").get_by_text("Found 0 of 4 words.").wait_for()
    return page


def centre(page: Any, cell: tuple[int, int], size: int = 8) -> tuple[float, float]:
    box = page.locator("svg.board").bounding_box()
    return box["x"] + (cell[1] + 0.5) * box["width"] / size, box["y"] + (cell[0] + 0.5) * box["height"] / size


def drag(page: Any, first: tuple[int, int], last: tuple[int, int]) -> None:
    page.mouse.move(*centre(page, first))
    page.mouse.down()
    page.mouse.move(*centre(page, last), steps=6)
    page.mouse.up()


def ends(placement: Any) -> tuple[tuple[int, int], tuple[int, int]]:
    cells = placement.cells()
    return cells[0], cells[-1]


def test_played_to_the_end_by_dragging_and_clicking(opened: Any, puzzle: wordsearch.WordSearch) -> None:
    *dragged, clicked = puzzle.placements
    for placement in dragged:
        first, last = ends(placement)
        drag(opened, last, first) if placement.word == "OSTRA" else drag(opened, first, last)  # backwards counts
    found = opened.locator("ul.words li.found")
    assert found.count() == len(dragged)
    assert "Solved" not in opened.locator("#status").inner_text()
    first, last = ends(clicked)
    opened.mouse.click(*centre(opened, first))
    opened.mouse.click(*centre(opened, last))
    opened.locator("#status").get_by_text("Solved!").wait_for()
    assert found.count() == len(WORDS)
    assert opened.evaluate("document.body.dataset.solved") == "true"


def test_a_line_that_is_no_word_marks_nothing(opened: Any, puzzle: wordsearch.WordSearch) -> None:
    word = puzzle.placements[1]  # CARACOLA: its first letters only are no listed word
    first, last = ends(word)
    short = word.cells()[2]
    drag(opened, first, short)
    opened.mouse.click(*centre(opened, last))  # a click after a drag starts a new selection
    opened.mouse.click(*centre(opened, last))  # the same cell again drops it
    assert opened.locator("ul.words li.found").count() == 0
    assert opened.locator("#status").inner_text() == "Found 0 of 4 words."


def test_keyboard_marks_a_word(opened: Any, puzzle: wordsearch.WordSearch) -> None:
    first, last = ends(puzzle.placements[0])  # HOLA
    board = opened.locator("svg.board")
    board.focus()
    for key, steps in (("ArrowDown", first[0]), ("ArrowRight", first[1])):
        for _ in range(steps):
            opened.keyboard.press(key)
    opened.keyboard.press("Enter")
    dr, dc = last[0] - first[0], last[1] - first[1]
    for key, steps in (("ArrowDown", dr), ("ArrowUp", -dr), ("ArrowRight", dc), ("ArrowLeft", -dc)):
        for _ in range(max(0, steps)):
            opened.keyboard.press(key)
    opened.keyboard.press("Enter")
    opened.locator("ul.words li.found").get_by_text("HOLA").wait_for()


def test_answers_hidden_until_shown(opened: Any, puzzle: wordsearch.WordSearch) -> None:
    data = opened.evaluate("JSON.parse(document.getElementById('puzzle-data').textContent)")
    assert playable.decode(data["answers"]) == [[*a, *b] for a, b in map(ends, puzzle.placements)]
    assert opened.locator(".mark.answer").count() == 0
    opened.get_by_label("Show answers").check()
    assert opened.locator(".mark.answer").count() == len(WORDS)
    opened.get_by_label("Show answers").uncheck()
    assert opened.locator(".mark.answer").count() == 0


@pytest.mark.parametrize("context_options", [{"has_touch": True}])
def test_touch_taps_mark_a_word(opened: Any, puzzle: wordsearch.WordSearch) -> None:
    first, last = ends(puzzle.placements[2])  # OSTRA
    opened.touchscreen.tap(*centre(opened, first))
    opened.touchscreen.tap(*centre(opened, last))
    opened.locator("ul.words li.found").get_by_text("OSTRA").wait_for()


def test_prints_as_the_puzzle_sheet(opened: Any) -> None:
    assert opened.locator("#instructions").is_visible() and not opened.locator(".print-only").is_visible()
    opened.emulate_media(media="print")
    assert not opened.locator("#instructions").is_visible() and opened.locator(".print-only").is_visible()
    assert opened.locator("svg.board").is_visible() and opened.locator("ul.words").is_visible()
    assert opened.locator("h1").inner_text() == "Mar"
    assert not opened.locator(".toolbar").is_visible() and not opened.locator("#status").is_visible()
