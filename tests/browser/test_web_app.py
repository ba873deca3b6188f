"""The web app in Chromium, end to end: make a puzzle on its page, download its PDF; a long run
shows its progress and is cancelled, which stops its worker on the server."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="the web extra (pyclingo-puzzles[web]) is not installed")

from tests.web.test_serve import LONG, Server, wait_until_gone


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
    page.goto(f"http://127.0.0.1:{server.port}/layout")
    words = "\n".join(f"{w} clue" for w in LONG["words"])
    page.locator("textarea[name=words]").fill(words)
    page.locator("input[name=time_limit]").fill(str(LONG["time_limit"]))
    page.get_by_role("button", name="Make the puzzle").click()
    page.get_by_text(f"of at most {LONG['time_limit']} s").wait_for()

    # polled with Playwright's own pause: the POST may still wait on this process's route handler
    def pause() -> None:
        page.wait_for_timeout(50)

    workers = server.wait_for_workers(pause=pause)
    page.get_by_role("button", name="Cancel").click()
    page.get_by_text("Cancelled").wait_for()
    assert wait_until_gone(workers, pause=pause)
