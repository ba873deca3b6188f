"""The constructor's page (/construct) in Chromium, played as a constructor does: from an empty
15x15 to a .puz with the mouse, the same with the keyboard alone, and a phone-sized screen that
still makes and plays a 15x15. The server runs in this process (a thread), on the family's studio
engine, or the stand-in of tests/web/studio_stub.py where that has not landed."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="the web extra (pyclingo-puzzles[web]) is not installed")

from tests.conftest import MARGIN
from tests.web import studio_stub

THEME = "GREENEGGSANDHAM"  # row 7 of the 15x15, locked
CLUE = "Dr. Seuss breakfast"


class ThreadServer:
    """The web app served by uvicorn in a thread of the test process, on a free loopback port."""

    def __init__(self) -> None:
        import uvicorn

        from pyclingo_puzzles.web.app import create_app

        studio_stub.install()
        self.server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=0, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        until = time.monotonic() + MARGIN
        while not self.server.started and time.monotonic() < until and self.thread.is_alive():
            time.sleep(0.02)
        assert self.server.started, "the web app did not start"
        self.port = self.server.servers[0].sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(MARGIN)


@pytest.fixture(scope="module")
def server() -> Iterator[ThreadServer]:
    s = ThreadServer()
    yield s
    s.stop()


@pytest.fixture
def local_origins(server: ThreadServer) -> list[str]:
    return [server.url + "/"]


def sq(page: Any, r: int, c: int) -> Any:
    return page.locator(f".sq[data-r='{r}'][data-c='{c}']")


def letters(page: Any, r: int) -> str:
    return "".join(page.locator(f".sq[data-r='{r}'] .letter").all_inner_texts())


def has_class(name: str) -> Any:
    return re.compile(rf"(^|\s){name}(\s|$)")


def open_studio(page: Any, server: ThreadServer) -> None:
    page.goto(server.url + "/construct")
    page.locator("#verdict").get_by_text("Fillable").or_(page.locator("#verdict").get_by_text("Undecided")).or_(
        page.locator("#verdict").get_by_text("Not fillable")).wait_for()  # fmt: skip


def expect_verdict(page: Any, text: str) -> None:
    page.locator(f"#verdict:has-text('{text}')").wait_for()


def across(page: Any, r: int, c: int) -> None:
    """Select the square with the mouse, across (a second click on it turns the direction)."""
    sq(page, r, c).click()
    if "Down" in page.locator("#bar").inner_text():
        sq(page, r, c).click()


def undo_until(page: Any, row: str, undo: Any) -> None:
    """Undo, one edit at a time (a letter typed over a locked or equal one is none), until row 0 is ``row``."""
    for _ in range(4):
        undo()
        if letters(page, 0) == row:
            return
    raise AssertionError(f"undo did not bring back {row}: {letters(page, 0)}")


def read_puz(download: Any) -> Any:
    import puz

    return puz.load(Path(download.path()).read_bytes())


def test_from_an_empty_15x15_to_a_puz_with_the_mouse(page: Any, server: ThreadServer) -> None:
    from playwright.sync_api import expect

    open_studio(page, server)
    assert page.locator(".sq").count() == 225 and page.locator(".sq.block").count() == 0
    page.get_by_label("toggles a block").check()
    sq(page, 0, 4).click()
    expect(sq(page, 14, 10)).to_have_class(has_class("block"))  # its twin, rotational symmetry
    page.get_by_label("selects").check()
    sq(page, 7, 5).click()
    sq(page, 7, 5).click()  # the current square again: down
    expect(page.locator("#bar")).to_have_text(re.compile(r"Down \(15\) \.{15} · [\d,]+ words fit"))
    blank_count = page.locator("#bar").inner_text()
    sq(page, 7, 0).click()  # a new square keeps the direction (down)
    sq(page, 7, 0).click()  # and clicked again turns it: across row 7
    expect(page.locator("#bar")).to_have_text(re.compile(r"Across \(15\)"))
    page.keyboard.type(THEME.lower())
    assert letters(page, 7) == THEME
    page.get_by_role("button", name="Lock this entry").click()
    expect(sq(page, 7, 3)).to_have_class(has_class("locked"))
    sq(page, 7, 5).click()
    sq(page, 7, 5).click()
    expect(page.locator("#bar")).not_to_have_text(blank_count)  # its E leaves fewer words

    page.get_by_role("button", name="Generate pattern").click()
    page.locator("#status").get_by_text("A new pattern").wait_for(timeout=60_000)
    assert letters(page, 7) == THEME and page.locator(".sq.block").count() > 2  # the theme kept
    page.get_by_role("button", name="Clear the fill").click()
    assert letters(page, 7) == THEME and letters(page, 0) == ""

    page.locator(".sq[data-r='0']:not(.block)").first.click()
    first = page.locator("button.suggestion").first
    word = first.get_attribute("data-word")
    first.click()
    slot = page.locator(".sq.in-slot .letter")
    expect(slot).to_have_text(list(word))

    page.get_by_role("button", name="Fill the rest").click()
    page.locator("#status").get_by_text("Filled in").wait_for(timeout=60_000)
    expect_verdict(page, "Filled")
    page.locator("#clues input[aria-label$='GREENEGGSANDHAM']").fill(CLUE)

    filled = letters(page, 0)
    across(page, 0, 0)
    page.keyboard.type("QXQ")  # no word of the lists fits: the grid is dead
    expect_verdict(page, "Not fillable")
    assert page.locator(".sq.core").count() >= 3
    undo_until(page, filled, lambda: page.get_by_role("button", name="Undo").click())
    expect_verdict(page, "Filled")
    assert page.locator(".sq.core").count() == 0

    with page.expect_download() as downloading:
        page.get_by_role("button", name="Across Lite .puz").click()
    puzzle = read_puz(downloading.value)
    assert puzzle.width == 15 and puzzle.solution[7 * 15 : 8 * 15] == THEME
    assert CLUE in puzzle.clues and all(ch.isalpha() or ch == "." for ch in puzzle.solution)


def tab_to(page: Any, name: str, most: int = 60) -> None:
    """Tab (keyboard only) until the focused control's text or label is ``name``."""
    for _ in range(most):
        page.keyboard.press("Tab")
        focused = page.evaluate("(() => { const e = document.activeElement;"
                                " return e.getAttribute('aria-label') || e.textContent.trim(); })()")  # fmt: skip
        if focused == name or focused.endswith(name):
            return
    raise AssertionError(f"{name!r} was not reached with Tab")


def press(page: Any, key: str, times: int = 1) -> None:
    for _ in range(times):
        page.keyboard.press(key)


def test_the_same_path_with_the_keyboard_alone(page: Any, server: ThreadServer) -> None:
    from playwright.sync_api import expect

    open_studio(page, server)
    assert page.evaluate("document.activeElement.id") == "typer"  # the grid has the keyboard from the start
    press(page, "ArrowRight", 4)
    press(page, " ")  # a block at (0, 4), its twin at (14, 10); the cursor steps on
    expect(sq(page, 14, 10)).to_have_class(has_class("block"))
    press(page, "ArrowDown", 8)  # the first turns the cursor down, then to (7, 5)
    expect(page.locator("#bar")).to_have_text(re.compile(r"Down \(15\) \.{15} · [\d,]+ words fit"))
    blank_count = page.locator("#bar").inner_text()
    press(page, "ArrowLeft", 6)  # across, to (7, 0)
    page.keyboard.type(THEME)
    press(page, "Alt+l")
    expect(sq(page, 7, 0)).to_have_class(has_class("locked"))
    press(page, "ArrowLeft", 9)
    press(page, "Enter")  # down through (7, 5): its E leaves fewer words
    expect(page.locator("#bar")).to_have_text(re.compile(r"Down \(15\) \.{7}E\.{7}"))
    expect(page.locator("#bar")).not_to_have_text(blank_count)

    press(page, "Alt+g")
    page.locator("#status").get_by_text("A new pattern").wait_for(timeout=60_000)
    press(page, "Escape")
    tab_to(page, "Clear the fill")
    press(page, "Enter")
    assert letters(page, 7) == THEME
    press(page, "Escape")  # back to the grid
    press(page, "Tab")  # the next entry, at its first empty square
    page.locator("button.suggestion").first.wait_for()
    press(page, "Escape")  # to the first suggestion
    word = page.evaluate("document.activeElement.dataset.word")
    press(page, "Enter")
    expect(page.locator(".sq.in-slot .letter")).to_have_text(list(word))
    assert page.evaluate("document.activeElement.id") == "typer"

    press(page, "Alt+a")
    page.locator("#status").get_by_text("Filled in").wait_for(timeout=60_000)
    expect_verdict(page, "Filled")
    press(page, "ArrowUp", 16)  # to row 0 ...
    press(page, "ArrowLeft", 16)  # ... column 0, across
    filled = letters(page, 0)
    page.keyboard.type("QXQ")  # no word of the lists fits: the grid is dead
    expect_verdict(page, "Not fillable")
    assert page.locator(".sq.core").count() >= 3
    undo_until(page, filled, lambda: press(page, "Control+z"))
    expect_verdict(page, "Filled")

    press(page, "Escape")
    tab_to(page, f"Across {THEME}")  # its clue
    page.keyboard.type(CLUE)
    tab_to(page, "Across Lite .puz")
    with page.expect_download() as downloading:
        press(page, "Enter")
    puzzle = read_puz(downloading.value)
    assert puzzle.solution[7 * 15 : 8 * 15] == THEME and CLUE in puzzle.clues


@pytest.mark.parametrize("context_options", [{"viewport": {"width": 390, "height": 844}, "has_touch": True}])
def test_a_phone_sized_screen_makes_and_plays_a_15x15(page: Any, server: ThreadServer) -> None:
    from playwright.sync_api import expect

    open_studio(page, server)
    page.get_by_text("New grid").tap()
    page.get_by_label("Start from").select_option(label="pattern-15x15-a (15×15)")
    page.get_by_role("button", name="Start").tap()
    expect(page.locator(".sq.block")).to_have_count(38)
    grid = page.locator("#grid").bounding_box()
    assert grid["x"] >= 0 and grid["x"] + grid["width"] <= 390  # the whole grid on the screen
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390  # and no sideways scrolling
    sq(page, 0, 1).tap()  # (the cursor's own square, 0 0, tapped would turn it down)
    page.keyboard.type("LING")
    assert letters(page, 0) == "LING"
    page.get_by_role("button", name="Fill the rest").tap()
    page.locator("#status").get_by_text("Filled in").wait_for(timeout=60_000)
    page.get_by_role("button", name="Play it here").tap()
    frame = page.frame_locator("#play-frame iframe")
    frame.locator(".cw-cell[data-r='0'][data-c='0']").tap()
    page.keyboard.type("C")
    expect(frame.locator(".cw-cell[data-r='0'][data-c='0'] .letter")).to_have_text("C")
