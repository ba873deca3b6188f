"""The codeword's playable page in Chromium: a letter typed for a number fills every square of
that number and crosses the letter off the bank; typed for another number it moves there; Check
marks a wrong number; every number right is solved."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from pyclingo_puzzles.crossword import codeword
from pyclingo_puzzles.formats import playable

from ..conftest import INSTANCES

CELL = 40  # codeword.js: a cell's size in the board's units
CONTRAST = (Path(__file__).parent / "contrast.js").read_text(encoding="utf-8")
WORDS = (INSTANCES / "codeword" / "words.txt").read_text().split()


@pytest.fixture
def board(page: Any, tmp_path: Path) -> tuple[Any, dict, dict]:
    result = codeword.make(INSTANCES / "codeword" / "filled-5x5.grid", dictionary=WORDS, seed=1)
    out = tmp_path / "codeword.html"
    out.write_text(result.to_html(title="Five"), encoding="utf-8")
    page.goto(out.as_uri())
    page.locator("#status").get_by_text("numbers filled").wait_for()
    data = page.evaluate("JSON.parse(document.getElementById('puzzle-data').textContent)")
    return page, data, playable.decode(data["answers"])


def click(page: Any, cell: tuple[int, int]) -> None:
    svg = page.locator("svg.code")
    x, y = svg.evaluate(
        "(svg, [x, y]) => { const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM()); return [p.x, p.y]; }",
        [(cell[1] + 0.5) * CELL, (cell[0] + 0.5) * CELL],
    )
    page.mouse.click(x, y)


def cells_of(data: dict, n: int) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(data["numbers"]) for c, m in enumerate(row) if m == n]


def letters_of(page: Any, n: int) -> list[str]:
    texts = page.locator(f"svg.code text.code-letter[data-number='{n}']")
    return texts.evaluate_all("els => els.map(e => e.textContent)")


def test_a_letter_fills_every_square_of_its_number_and_is_crossed_off(board: tuple[Any, dict, dict]) -> None:
    page, data, key = board
    open_numbers = sorted((int(n) for n in key if n not in data["given"]), key=lambda n: -len(cells_of(data, n)))
    n = open_numbers[0]
    click(page, cells_of(data, n)[0])
    page.keyboard.press(key[str(n)].lower())
    assert letters_of(page, n) == [key[str(n)]] * len(cells_of(data, n)) and len(cells_of(data, n)) > 1
    assert page.locator(f".bank-letter.used[data-letter='{key[str(n)]}']").count() == 1
    other = open_numbers[1]
    click(page, cells_of(data, other)[0])
    page.keyboard.press(key[str(n)])  # the same letter for another number: it moves there
    assert letters_of(page, n) == [""] * len(cells_of(data, n))
    assert letters_of(page, other) == [key[str(n)]] * len(cells_of(data, other))
    page.get_by_role("button", name="Check").click()
    assert page.locator("svg.code .cellbox.wrong").count() == len(cells_of(data, other))
    click(page, cells_of(data, other)[0])  # back on the board (Check had the focus)
    page.keyboard.press("Backspace")
    assert letters_of(page, other) == [""] * len(cells_of(data, other))


def test_every_number_decoded_is_solved_and_the_givens_stay(board: tuple[Any, dict, dict]) -> None:
    page, data, key = board
    given = next(iter(data["given"]))
    click(page, cells_of(data, int(given))[0])
    page.keyboard.press("Backspace")  # a given number keeps its letter
    assert letters_of(page, int(given))[0] == data["given"][given]
    for n, x in key.items():
        if n not in data["given"]:
            click(page, cells_of(data, int(n))[0])
            page.keyboard.press(x)
    page.locator("#status").get_by_text("Solved!").wait_for()


def test_an_aria_grid_typed_from_the_keyboard_said_and_with_contrast(board: tuple[Any, dict, dict]) -> None:
    page, data, key = board
    grid = page.get_by_role("grid", name=re.compile(r"^codeword grid, 5 rows of 5"))
    assert grid.get_by_role("row").count() == 5
    first = next((r, c) for r, row in enumerate(data["numbers"]) for c, n in enumerate(row) if n)
    n = data["numbers"][first[0]][first[1]]
    page.locator("svg.code").focus()  # the cursor starts on the first square
    page.keyboard.press(key[str(n)])
    label = f"row {first[0] + 1}, column {first[1] + 1}: number {n}, {key[str(n)]}"
    assert grid.get_by_role("gridcell", name=label, exact=True).count() == 1
    assert page.get_by_role("status").inner_text().startswith(f"{n} is {key[str(n)]}")
    page.get_by_role("checkbox", name="Show answers").check()
    assert page.evaluate(CONTRAST) == []
