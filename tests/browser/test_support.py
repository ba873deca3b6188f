"""The browser fixtures themselves (tests/browser_support.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def test_an_expect_waits_as_long_as_a_locator_does(page: Any, tmp_path: Path) -> None:
    """``expect`` waits ``TIMEOUT_MS``, not Playwright's own 5 s: a text that comes after 5.5 s
    (idle time, no CPU) is still seen."""
    from playwright.sync_api import expect

    late = tmp_path / "late.html"
    late.write_text("<p id='p'>wait</p><script>setTimeout(() => { p.textContent = 'here'; }, 5500)</script>")
    page.goto(late.as_uri())
    expect(page.locator("#p")).to_have_text("here")
