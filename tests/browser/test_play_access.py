"""The playable pages for a screen reader and a keyboard, in Chromium, read through Playwright's
accessibility tree (roles and names, not the page's classes): each grid is an ARIA grid of rows
and labelled cells, what is found or checked is said in a live region, the focus is drawn, and
every text has a contrast of 4.5:1 or more against what it sits on (WCAG AA)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from pyclingo_puzzles import layout, strips, wordsearch

from ..conftest import INSTANCES

CONTRAST = (Path(__file__).parent / "contrast.js").read_text(encoding="utf-8")



def low_contrast(page: Any) -> list[str]:
    return page.evaluate(CONTRAST)


def said(page: Any) -> Any:
    """The live region a screen reader reads out (the page's polite status)."""
    return page.get_by_role("status")


def outline(page: Any, selector: str) -> str:
    return page.locator(selector).evaluate("el => getComputedStyle(el).outlineStyle")


@pytest.fixture
def lattice(page: Any, cli: Any, page_file: Any) -> Any:
    def write(out: Path) -> None:
        grid = INSTANCES / "crossword" / "lattice-predefined.dat"
        run = cli("crossword", grid, "--html", out, "--exit-codes", "unix")
        assert run.code == 0, run.err

    page.goto(page_file("lattice-predefined.html", write).as_uri())
    page.get_by_role("grid", name="crossword grid, 5 rows of 7").wait_for()
    return page


def test_a_crossword_is_an_aria_grid_solved_from_the_keyboard(lattice: Any) -> None:
    grid = lattice.get_by_role("grid", name="crossword grid, 5 rows of 7")
    assert grid.get_by_role("row").count() == 5
    assert grid.get_by_role("gridcell").count() == 35  # the black squares too: a column is a column
    crossing = "row 3, column 5, 5 Across, 7 letters, 3 Down, 5 letters"
    grid.get_by_role("gridcell", name=f"{crossing}: empty", exact=True).click()
    typing = lattice.get_by_role("textbox")  # where the keys go: it says which square it is on
    assert typing.get_attribute("aria-label") == f"{crossing}: empty"
    lattice.keyboard.type("q")
    grid.get_by_role("gridcell", name=f"{crossing}: Q", exact=True).wait_for()
    assert grid.get_by_role("gridcell", selected=True).get_attribute("aria-label").startswith("row 3, column 6,")
    assert grid.get_by_role("gridcell", name="row 1, column 1, 1 Across, 7 letters, 1 Down, 5 letters: E, given",
                            exact=True).count() == 1  # fmt: skip
    assert grid.get_by_role("gridcell", name="row 2, column 2, black square", exact=True).count() == 1
    lattice.get_by_role("button", name="Check the entry").click()
    said(lattice).get_by_text("1 wrong letter marked.").wait_for()
    assert grid.get_by_role("gridcell", name=f"{crossing}: Q, marked wrong", exact=True).count() == 1
    lattice.get_by_role("button", name="Reveal all").click()
    said(lattice).get_by_text(re.compile(r"^27 letters revealed\. Solved! \(27 letters revealed\)")).wait_for()
    lattice.get_by_role("button", name="6 Across, 7 letters").click()  # the clue list: buttons, by keyboard too
    assert lattice.locator(".clue-bar").inner_text() == "6 Across (7)"


def test_a_layouts_clues_name_its_squares_and_buttons(page: Any, tmp_path: Path) -> None:
    built = layout.arrange({"CAT": "Purrs on the sofa", "COD": "Fish for chips"}, seed=1)
    out = tmp_path / "pets.html"
    out.write_text(built.to_html(title="Pets"), encoding="utf-8")
    page.goto(out.as_uri())
    page.get_by_role("button", name=re.compile(r"^1 (Across|Down): Purrs on the sofa, 3 letters$")).click()
    cat = page.get_by_role("gridcell", selected=True).get_attribute("aria-label")
    assert re.fullmatch(r"row 1, column 1, 1 (Across|Down), 3 letters, 1 (Across|Down), 3 letters: empty", cat), cat
    assert page.get_by_role("gridcell", name=re.compile(r"no square$")).count() == 4  # a 3x3 box, 5 letters


def test_the_focus_is_drawn(lattice: Any) -> None:
    lattice.locator("body").click(position={"x": 5, "y": 5})
    assert outline(lattice, ".cw-grid") == "none"
    lattice.keyboard.press("Tab")  # the first button: Check the square
    assert lattice.evaluate("document.activeElement.getAttribute('aria-label')") == "Check the square"
    assert outline(lattice, ":focus") == "solid"
    lattice.get_by_role("gridcell").first.click()
    assert outline(lattice, ".cw-grid") == "solid"  # the keys go to an invisible input: the grid shows it


@pytest.fixture
def mar(page: Any, tmp_path: Path) -> tuple[Any, wordsearch.WordSearch]:
    puzzle = wordsearch.generate(["HOLA", "PEZ"], width=5, height=5, seed=3)
    out = tmp_path / "mar.html"
    out.write_text(puzzle.to_html(title="Mar"), encoding="utf-8")
    page.goto(out.as_uri())
    return page, puzzle


def test_a_word_search_is_found_from_the_keyboard_and_said(mar: tuple[Any, wordsearch.WordSearch]) -> None:
    page, puzzle = mar
    grid = page.get_by_role("grid", name="letter grid, 5 rows of 5", exact=False)
    assert grid.get_by_role("row").count() == 5 and grid.get_by_role("gridcell").count() == 25
    hola = next(p for p in puzzle.placements if p.word == "HOLA").cells()
    r, c = hola[0]
    grid.focus()
    assert outline(page, "svg.board") == "solid"
    assert page.evaluate("document.activeElement.getAttribute('aria-activedescendant')") == "ws-0-0"
    for key, steps in (("ArrowDown", r), ("ArrowRight", c)):
        for _ in range(steps):
            page.keyboard.press(key)
    cursor = page.evaluate("document.activeElement.getAttribute('aria-activedescendant')")
    assert page.locator(f"#{cursor}").get_attribute("aria-label") == f"row {r + 1}, column {c + 1}: H"
    page.keyboard.press("Enter")
    said(page).get_by_text(f"row {r + 1}, column {c + 1} chosen: now the last square of the word.").wait_for()
    (r1, c1) = hola[-1]
    vertical, horizontal = "ArrowDown" if r1 > r else "ArrowUp", "ArrowRight" if c1 > c else "ArrowLeft"
    for key, steps in ((vertical, abs(r1 - r)), (horizontal, abs(c1 - c))):
        for _ in range(steps):
            page.keyboard.press(key)
    page.keyboard.press("Enter")
    said(page).get_by_text("Found HOLA. 1 of 2 words found.").wait_for()
    assert grid.get_by_role("gridcell", name=f"row {r1 + 1}, column {c1 + 1}: A, in HOLA", exact=True).count() == 1
    assert page.get_by_role("listitem", name="HOLA, found").count() == 1


def test_a_strip_is_drawn_from_the_keyboard_and_said(page: Any, tmp_path: Path) -> None:
    out = tmp_path / "small.html"
    out.write_text(strips.tile(INSTANCES / "strips" / "small.yaml").to_html(title="Small"), encoding="utf-8")
    page.goto(out.as_uri())
    corner = page.get_by_role("grid", name="grid corner, 3 rows of 2", exact=False)
    assert corner.get_by_role("gridcell", name="row 1, column 2, black", exact=True).count() == 1
    corner.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # the same cell twice: a strip of one
    said(page).get_by_text("Strip of 1 placed, row 1, column 2 to row 1, column 2. 0 of 3 grids done.").wait_for()
    assert corner.get_by_role("gridcell", name="row 1, column 2, black, in a strip of 1", exact=True).count() == 1


def test_a_crosswords_text_has_contrast_in_every_state(lattice: Any) -> None:
    """A square given, current, in the entry, wrong and revealed, on screen and on paper."""
    lattice.get_by_role("gridcell").nth(2).click()
    lattice.keyboard.type("XX")
    lattice.get_by_role("button", name="Check all").click()
    lattice.get_by_role("button", name="Reveal the square").click()
    lattice.locator(".cw-cell.given").first.click()
    assert lattice.locator(".cw-cell.wrong").count() == 2 and lattice.locator(".cw-cell.revealed").count() == 1
    assert low_contrast(lattice) == []
    lattice.emulate_media(media="print")
    assert low_contrast(lattice) == []


def test_a_word_searchs_text_has_contrast(mar: tuple[Any, wordsearch.WordSearch]) -> None:
    page, _ = mar
    page.get_by_role("checkbox", name="Show answers").check()
    assert low_contrast(page) == []


def test_the_strips_text_has_contrast(page: Any, tmp_path: Path) -> None:
    out = tmp_path / "small.html"
    out.write_text(strips.tile(INSTANCES / "strips" / "small.yaml").to_html(title="Small"), encoding="utf-8")
    page.goto(out.as_uri())
    page.get_by_role("button", name="Check").click()
    said(page).get_by_text("cells not covered", exact=False).wait_for()
    assert low_contrast(page) == []
