"""The web app in Chromium, end to end: make a puzzle on its page, download its PDF; a long run
shows its progress and is cancelled, which stops its worker on the server."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import MARGIN

pytest.importorskip("uvicorn", reason="the web extra (pyclingo-puzzles[web]) is not installed")

from tests.web.test_edge import cpu_until_idle
from tests.web.test_serve import LONG, Server, cpu


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    s = Server("--workers", "2")
    yield s
    s.stop()


@pytest.fixture
def local_origins(server: Server) -> list[str]:
    return [f"http://127.0.0.1:{server.port}/"]


def test_make_a_word_search_and_download_its_pdf(page: Any, server: Server) -> None:
    page.goto(f"http://127.0.0.1:{server.port}/")
    page.get_by_role("link", name="Word search").first.click()
    page.locator("textarea[name=words]").fill("CAT\nDOG\nBIRD\nFISH")
    page.locator("input[name=title]").fill("Pets")
    page.get_by_role("button", name="Make the puzzle").click()
    pdf_link = page.get_by_role("link", name="Download PDF")
    pdf_link.wait_for()
    assert page.locator("#verdict").inner_text().startswith("Done")
    with page.expect_download() as downloading:
        pdf_link.click()
    download = downloading.value
    assert download.suggested_filename == "wordsearch.pdf"
    with open(download.path(), "rb") as pdf:
        assert pdf.read(5) == b"%PDF-"
    # the preview is the playable page (or the SVG where the family has none): the words are on it
    preview = page.frame_locator("#preview iframe")
    for word in ("CAT", "DOG", "BIRD", "FISH"):
        preview.get_by_text(word, exact=True).first.wait_for()


def test_a_bad_word_is_said_on_the_page(browser: Any, server: Server) -> None:
    # a page of its own: Chromium logs the 400 answer as a console error, which the page fixture refuses
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{server.port}/wordsearch")
    page.locator("textarea[name=words]").fill("CAT\nD0G")
    page.get_by_role("button", name="Make the puzzle").click()
    alert = page.get_by_role("alert")
    alert.wait_for()
    assert "words:" in alert.inner_text() and "D0G" in alert.inner_text()
    context.close()


def test_a_long_run_shows_progress_and_cancel_stops_its_worker(page: Any, server: Server) -> None:
    """Its solve stops (CPU time says: the warm worker goes back to sleep), not run for nobody."""
    assert server.post("wordsearch", {"words": ["cat"]})[0] == 200  # the pool is up
    before = {p.pid: cpu(p) for p in server.workers()}
    page.goto(f"http://127.0.0.1:{server.port}/layout")
    words = "\n".join(f"{w} clue" for w in LONG["words"])
    page.locator("textarea[name=words]").fill(words)
    page.locator("input[name=time_limit]").fill(str(LONG["time_limit"]))
    page.get_by_role("button", name="Make the puzzle").click()
    page.get_by_text(f"of at most {LONG['time_limit']} s").wait_for()

    # polled with Playwright's own pause: the POST may still wait on this process's route handler
    def pause() -> None:
        page.wait_for_timeout(50)

    until = time.monotonic() + MARGIN
    while time.monotonic() < until and not any(cpu(p) - before.get(p.pid, 0.0) > 0.3 for p in server.workers()):
        pause()
    page.get_by_role("button", name="Cancel").click()
    page.get_by_text("Cancelled").wait_for()
    assert cpu_until_idle(server, pause) < 1.0  # type: ignore[arg-type]  # (only its workers() is used)


def test_the_play_frame_grows_to_its_puzzle(page: Any, server: Server) -> None:
    """At 1280x800 the frame once stayed 600 px high for 765 px of layout and word list: the
    "Found"/"Solved!" line sat in the frame's own scroll bar. The page in it now says its height."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"http://127.0.0.1:{server.port}/layout")
    page.get_by_role("button", name="Make the puzzle").click()
    frame = page.frame_locator("#preview iframe")
    frame.get_by_text("(4) Warty hopper").wait_for()
    box = page.locator("#preview iframe")
    inside = box.element_handle().content_frame()
    inside.wait_for_function("document.documentElement.scrollHeight <= innerHeight")  # no scroll bar of its own
    assert inside.evaluate("document.documentElement.scrollHeight") > 600  # more than the frame's first height
    status, frame_box = frame.locator("#status").bounding_box(), box.bounding_box()
    assert status is not None and status["y"] + status["height"] <= frame_box["y"] + frame_box["height"]


@pytest.mark.parametrize("context_options", [{"viewport": {"width": 390, "height": 844}, "has_touch": True}])
def test_on_a_phone_make_brings_the_puzzle_into_view_and_speaks_of_taps(page: Any, server: Server) -> None:
    page.goto(f"http://127.0.0.1:{server.port}/wordsearch")
    page.locator("textarea[name=words]").fill("CAT\nDOG")
    page.get_by_role("button", name="Make the puzzle").tap()
    heading = page.get_by_role("heading", name="Your puzzle")
    heading.wait_for()
    page.wait_for_function("() => { const r = document.querySelector('#result h2').getBoundingClientRect(); "
                           "return r.top >= 0 && r.bottom <= innerHeight; }")  # fmt: skip
    assert page.evaluate("document.activeElement.textContent") == "Your puzzle"
    how = page.frame_locator("#preview iframe").locator("#instructions")
    how.get_by_text("tap both", exact=False).wait_for()
    assert "click" not in how.inner_text() and "Tab" not in how.inner_text()


def test_the_apps_crossword_keeps_the_direction_of_the_first_click(page: Any, server: Server) -> None:
    page.goto(f"http://127.0.0.1:{server.port}/crossword")
    page.locator("textarea[name=framework]").fill("#.#\n...\n#.#")
    page.locator("textarea[name=words]").fill("TOT\nNON")
    page.get_by_role("button", name="Make the puzzle").click()
    frame = page.frame_locator("#preview iframe")
    bar = frame.locator(".clue-bar")
    bar.get_by_text("2 Across (3)").wait_for()  # highlighted on load
    middle = frame.locator(".cw-cell[data-r='1'][data-c='1']")
    middle.click()
    assert bar.inner_text() == "2 Across (3)"
    middle.click()
    assert bar.inner_text() == "1 Down (3)"
