"""The browser fixtures themselves (tests/browser_support.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.browser_support import VIEWPORT, SharedTab


def test_an_expect_waits_as_long_as_a_locator_does(page: Any, tmp_path: Path) -> None:
    """``expect`` waits ``TIMEOUT_MS``, not Playwright's own 5 s: a text that comes after 5.5 s
    (idle time, no CPU) is still seen."""
    from playwright.sync_api import expect

    late = tmp_path / "late.html"
    late.write_text("<p id='p'>wait</p><script>setTimeout(() => { p.textContent = 'here'; }, 5500)</script>")
    page.goto(late.as_uri())
    expect(page.locator("#p")).to_have_text("here")


def test_the_shared_page_comes_back_as_a_new_context_would_give_it(
    page: Any, _shared_tab: SharedTab, tmp_path: Path
) -> None:
    """What a test changes on the one page the tests share is undone before the next: the site's
    storage, a route of its own, the media and the viewport it set, a window it opened."""
    (tmp_path / "red.css").write_text("p { color: rgb(255, 0, 0); }")
    site = tmp_path / "site.html"
    site.write_text("<link rel='stylesheet' href='red.css'><p>text</p>")
    assert page is _shared_tab.tab
    page.goto(site.as_uri())
    page.evaluate("() => localStorage.setItem('grid', 'saved')")
    page.set_viewport_size({"width": 390, "height": 844})
    page.emulate_media(media="print")
    page.route("**/*.css", lambda route: route.abort())  # not used here: the next page would be refused its style
    with page.expect_popup():
        page.evaluate("() => { window.open('about:blank'); }")
    _shared_tab.fresh()
    assert _shared_tab.context.pages == [page]
    assert page.url == "about:blank"
    page.goto(site.as_uri())
    assert page.evaluate("() => localStorage.length") == 0
    assert page.viewport_size == VIEWPORT and not page.evaluate("() => matchMedia('print').matches")
    assert page.evaluate("() => getComputedStyle(document.querySelector('p')).color") == "rgb(255, 0, 0)"
