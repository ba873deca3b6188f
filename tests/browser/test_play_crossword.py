"""The crossword's playable page in Chromium: filled to the end by typing (Tab to the next entry),
moved about with arrows and Shift+Tab, checked and revealed; the answers stay out of the page's
text until revealed; a layout shows its clues."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from ..conftest import INSTANCES

LATTICE = INSTANCES / "crossword" / "lattice-predefined.dat"  # two given E's
ACROSS = ["EJECTED", "EPOXYED", "SKYLINE"]
DOWN = ["EWERS", "EPOXY", "THYMI", "DODGE"]


@pytest.fixture
def lattice(page: Any, cli: Any, page_file: Any) -> Any:
    def write(out: Path) -> None:
        run = cli("crossword", LATTICE, "--html", out, "--exit-codes", "unix")
        assert run.code == 0, run.err

    page.goto(page_file("lattice.html", write).as_uri())
    page.locator("#status").get_by_text("0 of 27 squares filled.").wait_for()
    return page


def current(page: Any) -> tuple[int, int]:
    cell = page.locator(".cw-cell.current")
    return int(cell.get_attribute("data-r")), int(cell.get_attribute("data-c"))


def entry_cells(page: Any) -> list[tuple[int, int]]:
    cells = page.locator(".cw-cell.in-entry")
    return [(int(cells.nth(i).get_attribute("data-r")), int(cells.nth(i).get_attribute("data-c")))
            for i in range(cells.count())]  # fmt: skip


def test_filled_by_typing_to_the_end(lattice: Any) -> None:
    text = lattice.locator("body").inner_text()
    assert not [word for word in ACROSS + DOWN if word in text.replace("\n", "")]  # no answer in view
    assert lattice.locator(".cw-cell.given").count() == 2
    lattice.locator(".clues li").first.click()  # 1 Across
    for k, word in enumerate(ACROSS + DOWN):
        if k:
            lattice.keyboard.press("Tab")
        cells = entry_cells(lattice)
        assert len(cells) == len(word)
        lattice.keyboard.type(word[cells.index(current(lattice)) :])  # from the first empty square on
    lattice.locator("#status").get_by_text("Solved!").wait_for()
    assert lattice.locator(".cw-cell.wrong").count() == 0
    assert lattice.evaluate("document.body.dataset.solved") == "true"


def test_arrows_shift_tab_backspace_and_the_current_clue(lattice: Any) -> None:
    lattice.locator(".cw-cell[data-r='0'][data-c='2']").click()
    assert current(lattice) == (0, 2) and lattice.locator(".clue-bar").inner_text() == "1 Across (7)"
    lattice.keyboard.press("ArrowDown")  # across the entry's direction: turns it first
    assert current(lattice) == (0, 2) and lattice.locator(".clue-bar").inner_text() == "2 Down (5)"
    assert lattice.locator(".clues li.current").inner_text().replace("\n", " ") == "2 Down (5)"  # issue 46.3
    lattice.keyboard.press("ArrowDown")
    assert current(lattice) == (1, 2)
    lattice.keyboard.press("Shift+Tab")  # back to the entry before 2 Down: 1 Down
    assert lattice.locator(".clue-bar").inner_text() == "1 Down (5)" and current(lattice) == (1, 0)
    lattice.keyboard.type("wx")  # lower case goes in upper case
    assert lattice.locator(".cw-cell[data-r='1'][data-c='0'] .letter").inner_text() == "W"
    assert current(lattice) == (3, 0)
    lattice.keyboard.press("Backspace")  # an empty square: back one and clear it
    lattice.keyboard.press("Backspace")
    assert lattice.locator(".cw-cell[data-r='2'][data-c='0'] .letter").inner_text() == ""
    assert lattice.locator(".cw-cell[data-r='1'][data-c='0'] .letter").inner_text() == ""


def test_check_and_reveal(lattice: Any) -> None:
    lattice.locator(".clues li").first.click()
    lattice.keyboard.type("XECTE")  # from 1 Across's second square (the first is a given E): one wrong
    lattice.get_by_role("button", name="Check all").click()
    assert lattice.locator(".cw-cell.wrong").count() == 1
    assert lattice.locator("#status").inner_text() == "1 wrong letter marked."
    lattice.get_by_role("button", name="Reveal the entry").click()
    assert lattice.locator(".cw-cell.wrong").count() == 0
    row = lattice.locator(".cw-cell[data-r='0'] .letter")
    assert "".join(row.all_inner_texts()) == "EJECTED"
    lattice.get_by_role("button", name="Reveal all").click()
    lattice.locator("#status").get_by_text("Solved! (").wait_for()
    assert "SKYLINE" in "".join(lattice.locator(".cw-cell[data-r='4'] .letter").all_inner_texts())


def test_layout_page_shows_its_clues(page: Any, tmp_path: Path) -> None:
    from pyclingo_puzzles import layout

    built = layout.arrange({"CAT": "Purrs on the sofa", "DOG": "Wags its tail", "TOAD": "Warty hopper"}, seed=1)
    out = tmp_path / "pets.html"
    out.write_text(built.to_html(title="Pets"), encoding="utf-8")
    page.goto(out.as_uri())
    clues = page.locator(".clues li")
    texts = [t.split("\n")[-1] for t in clues.all_inner_texts()]  # "Across (3) Purrs on the sofa" (issue 46.3)
    assert all(re.fullmatch(r"(Across|Down) \(\d\) .+", t) for t in texts), texts
    assert sorted(t.split(" ", 2)[2] for t in texts) == ["Purrs on the sofa", "Wags its tail", "Warty hopper"]
    assert not [w for w in ("CAT", "DOG", "TOAD") if w in page.locator("body").inner_text()]
    blank = page.locator(".cw-cell.block").first.evaluate("el => getComputedStyle(el).backgroundColor")
    assert blank == "rgba(0, 0, 0, 0)"  # a free-form layout: no dark blocks around its words
    page.locator(".clues li").get_by_text("Warty hopper").click()
    assert page.locator(".clue-bar").inner_text().endswith("Warty hopper (4)")


def test_prints_as_the_puzzle_sheet(lattice: Any) -> None:
    lattice.locator(".clues li").first.click()
    lattice.keyboard.type("J")
    lattice.emulate_media(media="print")
    assert lattice.locator(".cw-grid").is_visible() and lattice.locator(".clues").is_visible()
    assert not lattice.locator(".toolbar").is_visible() and not lattice.locator(".clue-bar").is_visible()
    assert not lattice.locator("#instructions").is_visible()  # how to play the page: for the screen
    assert lattice.locator(".print-only").inner_text().startswith("Fill the grid")  # the paper's own line
    shade = lattice.locator(".cw-cell.current").evaluate("el => getComputedStyle(el).backgroundColor")
    assert shade == "rgb(255, 255, 255)"  # the highlight is for the screen only


def test_letters_beyond_a_to_z_typed_as_a_touch_keyboard_sends_them(page: Any, cli: Any, tmp_path: Path) -> None:
    """Ä, Ö and ß come as text input (no key of their own on the test's keyboard), as a phone's
    keyboard or an input method sends letters; lower case goes in as the grid's upper case, ß stays."""
    out = tmp_path / "umlauts.html"
    assert cli("crossword", INSTANCES / "crossword" / "umlauts.yaml", "--html", out, "--exit-codes", "unix").code == 0
    page.goto(out.as_uri())
    page.locator(".clues li").first.click()  # 2 Across: BÄR
    page.keyboard.type("bär")
    page.keyboard.press("Tab")  # 3 Across
    page.keyboard.type("eßlöffel")
    page.keyboard.press("Tab")  # 1 Down, from its first square: S, then BÄR's Ä again
    page.keyboard.type("säge")
    page.locator("#status").get_by_text("Solved!").wait_for()
    assert "".join(page.locator(".cw-cell[data-r='3'] .letter").all_inner_texts()) == "EßLÖFFEL"


@pytest.mark.parametrize("context_options", [{"has_touch": True}])
def test_a_tap_selects_a_square_for_typing(lattice: Any) -> None:
    lattice.locator(".cw-cell[data-r='2'][data-c='0']").tap()  # 5 Across
    lattice.keyboard.type("epoxyed")
    assert "".join(lattice.locator(".cw-cell[data-r='2'] .letter").all_inner_texts()) == "EPOXYED"
    square = lattice.locator(".cw-cell[data-r='2'][data-c='0']")
    square.tap()
    assert lattice.locator(".clue-bar").inner_text() == "5 Across (7)"
    square.tap()  # the current square tapped again: the other direction
    assert lattice.locator(".clue-bar").inner_text() == "1 Down (5)"


def test_the_first_click_keeps_the_direction_a_second_click_turns_it(lattice: Any) -> None:
    """1 Across is highlighted on load: a click on its first square types across (it once turned the
    entry to 1 Down and the word went down the column); the same square clicked again turns it."""
    bar = lattice.locator(".clue-bar")
    assert bar.inner_text() == "1 Across (7)"
    first = lattice.locator(".cw-cell[data-r='0'][data-c='0']")
    first.click()
    assert bar.inner_text() == "1 Across (7)"
    lattice.keyboard.type("ejected")
    assert "".join(lattice.locator(".cw-cell[data-r='0'] .letter").all_inner_texts()) == "EJECTED"
    assert lattice.locator(".cw-cell[data-r='1'][data-c='0'] .letter").inner_text() == ""
    first.click()  # typing moved on: this click selects the square, across still
    assert bar.inner_text() == "1 Across (7)"
    first.click()
    assert bar.inner_text() == "1 Down (5)"
    first.click()
    assert bar.inner_text() == "1 Across (7)"
    lattice.locator(".cw-cell[data-r='2'][data-c='2']").click()  # a crossing square: the direction in use
    assert bar.inner_text() == "5 Across (7)"
