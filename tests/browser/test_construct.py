"""The constructor's page (/construct) in Chromium, played as a constructor does: from an empty
15x15 to a .puz with the mouse, the same with the keyboard alone, and a phone-sized screen that
still makes and plays a 15x15. The server runs in this process (a thread), on the family's studio
engine."""

from __future__ import annotations

import json
import re
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="the web extra (pyclingo-puzzles[web]) is not installed")

from tests.conftest import MARGIN

THEME = "GREENEGGSANDHAM"  # row 7 of the 15x15, locked
CLUE = "Dr. Seuss breakfast"
# the constructor's blocks (each with its twin under rotational symmetry): a pattern the fill fills
# in well under a second of CPU with the theme (the engine's own pattern search made it around the
# theme; a test that searched for one took 10-20 s on a busy machine, and the fill's is what counts)
BLOCKS = [(0, 3), (0, 7), (0, 11), (1, 7), (1, 11), (2, 7), (3, 4), (4, 0), (4, 1), (4, 2), (4, 3), (4, 9), (5, 5),
          (5, 13), (5, 14), (6, 5), (6, 6), (6, 10), (6, 11)]  # fmt: skip
# ms: the engine's answers (counts, suggestions, a verdict, an autofill) are waited for this long:
# each takes a second or two of CPU at most, but waits behind the page's other requests and the load
WORK = 120_000


class ThreadServer:
    """The web app served by uvicorn in a thread of the test process, on a free loopback port."""

    def __init__(self) -> None:
        import uvicorn

        from pyclingo_puzzles.web.app import create_app

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


def click_squares(page: Any, squares: list[tuple[int, int]]) -> None:
    """Click each square with the mouse, at its centre (one event each: a locator's click waits
    for the square to be stable and visible, a round trip or more a click on a busy machine)."""
    box = page.locator("#grid").bounding_box()
    side = box["width"] / 15
    for r, c in squares:
        page.mouse.click(box["x"] + (c + 0.5) * side, box["y"] + (r + 0.5) * side)


def letters(page: Any, r: int) -> str:
    return "".join(page.locator(f".sq[data-r='{r}'] .letter").all_inner_texts())


def has_class(name: str) -> Any:
    return re.compile(rf"(^|\s){name}(\s|$)")


def open_studio(page: Any, server: ThreadServer) -> None:
    """The page, ready: its grid drawn and the keyboard in it (not a verdict: a blank 15x15's
    search may take all its time limit on a busy machine, and no step below waits for it)."""
    page.goto(server.url + "/construct")
    page.locator("#grid .sq").first.wait_for()
    page.wait_for_function("document.activeElement && document.activeElement.id === 'typer'")


def words_fit(page: Any) -> int:
    """The count the bar shows for the selected entry (once the engine's count is there)."""
    from playwright.sync_api import expect

    expect(page.locator("#bar")).to_have_text(re.compile(r"· [\d,]+ words? fit"), timeout=WORK)
    found = re.search(r"· ([\d,]+) words? fit", page.locator("#bar").inner_text())
    assert found is not None
    return int(found[1].replace(",", ""))


def fewer_words_fit(page: Any, before: int) -> None:
    """The down entry through (7, 5) shows the theme's E, and the engine's count for it is below ``before``
    (the count for the grid before can show until the new one comes)."""
    from playwright.sync_api import expect

    changed = re.compile(rf"Down \(3\) E\.\. · (?!{before:,} )[\d,]+ words? fit")
    expect(page.locator("#bar")).to_have_text(changed, timeout=WORK)
    assert words_fit(page) < before


def expect_verdict(page: Any, text: str) -> None:
    page.locator(f"#verdict:has-text('{text}')").wait_for(timeout=WORK)


def expect_dead_named(page: Any) -> None:
    """Every entry no word fits (its clue marked dead) is named in the verdict, not the core's one alone."""
    from playwright.sync_api import expect

    heads = page.locator("#clues label.clue:has(.dead) input")
    expect(heads).not_to_have_count(0)
    for label in heads.evaluate_all("els => els.map((e) => e.getAttribute('aria-label'))"):
        name = " ".join(label.split()[2:4])  # "Clue for 1 Across [WORD]"
        expect(page.locator("#verdict")).to_contain_text(re.compile(rf"\b{name}\b"))


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


def test_from_an_empty_15x15_to_a_puz_with_the_mouse(page: Any, server: ThreadServer, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    open_studio(page, server)
    assert page.locator(".sq").count() == 225 and page.locator(".sq.block").count() == 0
    # a blank grid is not a dead end: the page says what to do first, and the legend what the shading is
    expect(page.locator("#verdict")).to_have_attribute("data-state", "guide")
    expect(page.locator("#verdict")).to_contain_text("add blocks")
    expect(page.get_by_label("What the shading means")).to_contain_text("few letters possible")
    page.get_by_label("toggles a block").check()
    click_squares(page, BLOCKS)
    expect(sq(page, 14, 11)).to_have_class(has_class("block"))  # (0, 3)'s twin, rotational symmetry
    expect(page.locator(".sq.block")).to_have_count(2 * len(BLOCKS))
    page.get_by_label("selects").check()
    sq(page, 7, 5).click()
    sq(page, 7, 5).click()  # the current square again: down
    expect(page.locator("#bar")).to_have_text(re.compile(r"Down \(3\) \.{3} · [\d,]+ words fit"), timeout=WORK)
    blank_count = words_fit(page)
    sq(page, 7, 0).click()  # a new square keeps the direction (down)
    sq(page, 7, 0).click()  # and clicked again turns it: across row 7
    expect(page.locator("#bar")).to_have_text(re.compile(r"Across \(15\)"))
    page.keyboard.type(THEME.lower())
    assert letters(page, 7) == THEME
    page.get_by_role("button", name="Lock this entry").click()
    expect(sq(page, 7, 3)).to_have_class(has_class("locked"))
    sq(page, 7, 5).click()
    sq(page, 7, 5).click()
    fewer_words_fit(page, blank_count)  # its E leaves fewer words

    across(page, 0, 0)
    first = page.locator("button.suggestion[data-slot='0,0,across']").first
    first.wait_for(timeout=WORK)
    expect(page.locator("#suggest-head")).to_have_text("wordscorefill")  # the score column is named
    word = first.get_attribute("data-word")
    first.click()
    slot = page.locator(".sq.in-slot .letter")
    expect(slot).to_have_text(list(word))

    page.get_by_role("button", name="Fill the rest").click()
    page.locator("#status").get_by_text("Filled in").wait_for(timeout=WORK)
    expect_verdict(page, "Filled")
    assert letters(page, 7) == THEME and letters(page, 0).startswith(word)
    expect(page.get_by_role("button", name="Show the fill")).to_be_hidden()  # the grid is its own fill
    page.locator("#clues input[aria-label$='GREENEGGSANDHAM']").fill(CLUE)
    entries = page.locator("#clues label.clue").count()
    expect(page.locator("#clued")).to_have_text(f"(1 of {entries} clued)")
    expect(page.locator("#unclued")).to_contain_text(f"{entries - 1} entries have no clue yet")

    filled = letters(page, 0)
    page.locator(f"#clues input[aria-label='Clue for 1 Across {filled[:3]}']").fill("A first clue")
    across(page, 0, 0)
    page.keyboard.type("QXQ")  # no word of the lists fits: the grid is dead
    expect_verdict(page, "Not fillable")
    expect(page.locator(".sq.core")).not_to_have_count(0)
    expect_dead_named(page)
    first_clue = page.locator("#clues label.clue").first  # 1 Across, its clue now an earlier word's
    expect(first_clue).to_have_class(has_class("unclued"))
    expect(first_clue.locator(".why")).to_have_text(f'no clue: the clue was for {filled[:3]} ("A first clue")')
    undo_until(page, filled, lambda: page.get_by_role("button", name="Undo").click())
    expect_verdict(page, "Filled")
    expect(page.locator(".sq.core")).to_have_count(0)
    expect(first_clue.locator("input")).to_have_value("A first clue")

    across(page, 0, 2)
    page.keyboard.press(" ")  # a block at (0, 2) and (14, 12): 1 Across has two letters
    expect(page.locator("#grid-notes")).to_contain_text("2 two-letter entries: 1 Across")
    expect(sq(page, 0, 0)).to_have_class(has_class("warn"))
    page.get_by_role("button", name="Undo").click()
    expect(page.locator("#grid-notes")).to_be_hidden()

    page.get_by_label("Author").fill("Ada Lovelace")
    with page.expect_download() as downloading:
        page.get_by_role("button", name="Across Lite .puz").click()
    puzzle = read_puz(downloading.value)
    assert puzzle.width == 15 and puzzle.solution[7 * 15 : 8 * 15] == THEME and puzzle.author == "Ada Lovelace"
    assert sum(ch == "." for ch in puzzle.solution) == 2 * len(BLOCKS)
    assert CLUE in puzzle.clues and all(ch.isalpha() or ch == "." for ch in puzzle.solution)
    expect(page.locator("#status")).to_contain_text("no clue yet")  # the export said which entries lack one

    # the .puz opened again: its theme entry is no longer locked (a .puz cannot say so), nor a word
    saved = tmp_path / "crossword.puz"
    downloading.value.save_as(saved)
    page.locator("#open-file").set_input_files(saved)
    expect(page.locator("#not-words")).to_contain_text(f"Not in the word list, so marked: 36 Across {THEME}",
                                                       timeout=WORK)  # fmt: skip
    page.get_by_role("button", name="Lock it as a theme entry").click()
    expect(sq(page, 7, 3)).to_have_class(has_class("locked"))
    expect(page.locator("#not-words")).to_be_hidden()
    across(page, 0, 0)
    page.get_by_role("button", name=f"Avoid {filled[:3]}").click()  # left out of the lists from now on
    assert page.locator("#exclude").input_value().splitlines() == [filled[:3]]
    expect(page.locator("#bar")).to_contain_text("no word fits", timeout=WORK)


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


class Cursor:
    """The page's cursor as the keys move it (arrows: the first turns, the next step; Space: a
    block, then a step), to walk it to a square with the keyboard alone."""

    def __init__(self, page: Any) -> None:
        self.page, self.r, self.c, self.dir = page, 0, 0, "across"

    def to(self, r: int, c: int, last: str = "across") -> None:
        """To (r, c), facing ``last`` at the end."""
        for direction in ("down", "across") if last == "across" else ("across", "down"):
            delta = r - self.r if direction == "down" else c - self.c
            if delta == 0 and direction != last:
                continue
            forward, back = {"down": ("ArrowDown", "ArrowUp"), "across": ("ArrowRight", "ArrowLeft")}[direction]
            key = forward if delta >= 0 else back
            if self.dir != direction:
                press(self.page, key)  # turns the cursor
                self.dir = direction
            press(self.page, key, abs(delta))
            self.r, self.c = (r, self.c) if direction == "down" else (self.r, c)

    def block(self, r: int, c: int) -> None:
        self.to(r, c)
        press(self.page, " ")
        self.c = min(self.c + 1, 14)


def test_the_same_path_with_the_keyboard_alone(page: Any, server: ThreadServer) -> None:
    from playwright.sync_api import expect

    open_studio(page, server)
    cursor = Cursor(page)
    for r, c in BLOCKS:
        cursor.block(r, c)
    expect(sq(page, 14, 11)).to_have_class(has_class("block"))
    expect(page.locator(".sq.block")).to_have_count(2 * len(BLOCKS))
    cursor.to(7, 5, "down")
    expect(page.locator("#bar")).to_have_text(re.compile(r"Down \(3\) \.{3} · [\d,]+ words fit"), timeout=WORK)
    blank_count = words_fit(page)
    cursor.to(7, 0)
    page.keyboard.type(THEME)
    cursor.c = 14
    press(page, "Alt+l")
    expect(sq(page, 7, 0)).to_have_class(has_class("locked"))
    cursor.to(7, 5)
    press(page, "Enter")  # turns: down through (7, 5), its E leaves fewer words
    fewer_words_fit(page, blank_count)

    press(page, "Tab")  # the next entry, at its first empty square
    page.locator("button.suggestion").first.wait_for(timeout=WORK)
    press(page, "Escape")  # to the first suggestion
    word = page.evaluate("document.activeElement.dataset.word")
    press(page, "Enter")
    expect(page.locator(".sq.in-slot .letter")).to_have_text(list(word))
    assert page.evaluate("document.activeElement.id") == "typer"

    press(page, "Alt+a")
    page.locator("#status").get_by_text("Filled in").wait_for(timeout=WORK)
    expect_verdict(page, "Filled")
    press(page, "ArrowUp", 16)  # to row 0 ...
    press(page, "ArrowLeft", 16)  # ... column 0, across
    filled = letters(page, 0)
    page.keyboard.type("QXQ")  # no word of the lists fits: the grid is dead
    expect_verdict(page, "Not fillable")
    expect(page.locator(".sq.core")).not_to_have_count(0)
    expect_dead_named(page)
    undo_until(page, filled, lambda: press(page, "Control+z"))
    expect_verdict(page, "Filled")

    press(page, "Escape")
    tab_to(page, f"Across {THEME}")  # its clue: the grid shows the entry being clued
    expect(page.locator("#bar")).to_contain_text(f"Across (15) {THEME}")
    expect(page.locator("#clues label.clue.here input")).to_be_focused()
    page.keyboard.type(CLUE)
    tab_to(page, "Across Lite .puz", most=120)
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


class Suggesting:
    """The server's suggest route played by the test (page.route): every answer at once, each word
    not known yet until ``decided``; ``asked`` keeps each request's time limit."""

    def __init__(self) -> None:
        self.asked: list[float] = []
        self.decided = False

    def __call__(self, route: Any) -> None:
        import json

        body = route.request.post_data_json
        self.asked.append(body["time_limit"])
        words = [{"word": w, "score": 300, "fillable": True if self.decided else None} for w in ("ABCDE", "FGHIJ")]
        route.fulfill(status=200, content_type="application/json", body=json.dumps({"suggestions": words}))


def test_a_pattern_generated_around_a_locked_entry_keeps_it(page: Any, server: ThreadServer) -> None:
    """A 5x5 (a pattern search of a second or two; a 15x15's takes 10-20 s on a busy machine)."""
    from playwright.sync_api import expect

    open_studio(page, server)
    page.get_by_role("button", name="New grid").click()
    page.get_by_label("Width").fill("5")
    page.get_by_label("Height").fill("5")
    suggesting = Suggesting()
    page.route("**/api/crossword/suggest", suggesting)
    page.get_by_role("button", name="Start").click()
    expect(page.locator(".sq")).to_have_count(25)
    # suggestions not known yet are asked for again, each time for longer, until a minute is spent
    note = page.locator("#suggest-note")
    expect(note).to_contain_text("0 of 2 checked; the rest not known after")
    assert suggesting.asked[:4] == [2, 4, 8, 10] and len(suggesting.asked) == 7
    suggesting.decided = True
    page.get_by_role("button", name="Check again").click()
    expect(note).to_contain_text("2 of 2 checked in")
    page.unroute("**/api/crossword/suggest")

    across(page, 2, 0)
    page.keyboard.type("HELLO")
    page.get_by_role("button", name="Lock this entry").click()
    expect(sq(page, 2, 0)).to_have_class(has_class("locked"))
    held: list[Any] = []  # the first pattern request is held (no answer): the page shows its seconds and a Cancel
    page.route("**/api/crossword/pattern", lambda route: held.append(route))
    page.get_by_role("button", name="Generate pattern").click()
    expect(page.locator("#status")).to_contain_text(re.compile(r"Generating a pattern .* \d+ s"))
    page.locator("#status").get_by_role("button", name="Cancel").click()
    expect(page.locator("#status-text")).to_have_text("Cancelled.")
    page.unroute("**/api/crossword/pattern")
    assert len(held) == 1 and page.locator(".sq.block").count() == 0
    page.get_by_role("button", name="Generate pattern").click()
    page.locator("#status").get_by_text("A new pattern").wait_for(timeout=WORK)
    assert letters(page, 2) == "HELLO" and page.locator(".sq.block").count() > 0
    expect(sq(page, 2, 4)).to_have_class(has_class("locked"))

    # Another fill swaps the last fill's letters for new ones in one edit: one Undo brings them back
    asked: list[list[str]] = []

    def autofill(route: Any) -> None:  # the server played by the test: every open square a Z
        asked.append(route.request.post_data_json["framework"])
        answer = {"status": "filled", "grid": [row.replace(".", "Z") for row in asked[-1]], "seconds": 0.1}
        route.fulfill(status=200, content_type="application/json", body=json.dumps(answer))

    page.route("**/api/crossword/autofill", autofill)
    made = [letters(page, r) for r in range(5)]
    page.get_by_role("button", name="Fill the rest").click()  # the grid is full: nothing changes
    page.locator("#status").get_by_text("Filled in 0.1 s.").wait_for()
    page.get_by_role("button", name="Another fill").click()
    expect(page.locator(".sq.fill .letter").first).to_have_text("Z")
    assert letters(page, 2) == "HELLO"
    assert "." not in "".join(asked[0]) and asked[1][2] == "HELLO" and set("".join(asked[1])) <= {".", "#", *"HELLO"}
    page.get_by_role("button", name="Undo").click()
    assert [letters(page, r) for r in range(5)] == made
    page.unroute("**/api/crossword/autofill")

    page.get_by_role("button", name="New grid").click()  # wipes the work: an Undo is offered at once
    page.get_by_role("button", name="Start").click()
    expect(page.locator(".sq.block")).to_have_count(0)
    page.locator("#status").get_by_role("button", name="Undo").click()
    assert letters(page, 2) == "HELLO" and page.locator(".sq.block").count() > 0

    # a dead end through a locked entry: the advice is to unlock one, not to change its letters
    core = [{"row": 2, "col": 0, "direction": "across", "length": 5, "pattern": "HELLO"}]
    dead = {"verdict": "unfillable", "fill": None, "core": core, "core_minimal": True, "seconds": 0.1}
    page.route("**/api/crossword/verdict", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(dead)))
    page.locator(".sq:not(.block):not(.locked)").first.click()
    page.keyboard.type("Q")
    expect(page.locator("#verdict")).to_contain_text("marked on the grid: unlock one of the locked entries, or undo")
    page.unroute("**/api/crossword/verdict")


def test_a_file_that_cannot_be_opened_is_named_and_the_work_stays(browser: Any, server: ThreadServer,
                                                                 tmp_path: Path) -> None:
    # a page of its own: Chromium logs the 400 answer as a console error, which the page fixture refuses
    context = browser.new_context()
    page = context.new_page()
    open_studio(page, server)
    page.keyboard.type("CAT")
    bad = tmp_path / "broken.ipuz"
    bad.write_text("{ not json", encoding="utf-8")
    page.locator("#open-file").set_input_files(bad)
    alert = page.get_by_role("alert")
    alert.wait_for()
    assert alert.inner_text().startswith("broken.ipuz could not be opened: not a valid ipuz file")
    assert letters(page, 0).startswith("CAT")
    # a good one, in a browser that never had its words: its clues are in their boxes
    mini = {"framework": ["CAT", "ARE", "TEN"], "clues": {"CAT": "Purrer"}, "author": "Ada", "format": "puz"}
    request = urllib.request.Request(f"{server.url}/api/crossword/export", json.dumps(mini).encode(),
                                     {"Content-Type": "application/json"})  # fmt: skip
    good = tmp_path / "mini.puz"
    with urllib.request.urlopen(request, timeout=MARGIN) as answer:
        good.write_bytes(answer.read())
    page.locator("#open-file").set_input_files(good)
    from playwright.sync_api import expect

    expect(page.get_by_label("Clue for 1 Across CAT")).to_have_value("Purrer")
    expect(page.get_by_label("Author")).to_have_value("Ada")
    context.close()
