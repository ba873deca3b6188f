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

    page.locator(".sq[data-r='0']:not(.block)").first.click()  # no word of the lists fits QXQ: the grid is dead
    page.keyboard.type("QXQ")
    expect_verdict(page, "Not fillable")
    assert page.locator(".sq.core").count() >= 3
    for _ in range(3):
        page.get_by_role("button", name="Undo").click()
    expect_verdict(page, "Filled")
    assert page.locator(".sq.core").count() == 0

    with page.expect_download() as downloading:
        page.get_by_role("button", name="Across Lite .puz").click()
    puzzle = read_puz(downloading.value)
    assert puzzle.width == 15 and puzzle.solution[7 * 15 : 8 * 15] == THEME
    assert CLUE in puzzle.clues and all(ch.isalpha() or ch == "." for ch in puzzle.solution)
