"""Draw the README's picture of the constructor's studio: ``python docs/make_studio_image.py``
(``make images``).

Starts ``pyclingo-puzzles serve`` on a free loopback port and, in headless Chromium (Debian's,
driven by Playwright, as the browser tests do), starts /construct from a shipped 15x15 pattern,
types and locks a theme entry, selects a crossing entry, waits for its checked suggestions and the
grid's verdict, and saves the page as ``docs/images/studio.png`` (written beside, then renamed).
Needs the web extra and Chromium.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "images" / "studio.png"
CHROMIUM = os.environ.get("PYCLINGO_PUZZLES_CHROMIUM", "/usr/bin/chromium")
PATTERN = "pattern-15x15-a (15×15)"


def main() -> int:
    from playwright.sync_api import sync_playwright

    server = subprocess.Popen([sys.executable, "-m", "pyclingo_puzzles", "serve", "--port", "0"], cwd=ROOT,
                              stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        line = server.stdout.readline() if server.stdout else ""
        if "http://" not in line:
            sys.exit(f"the web app did not start: {line.strip() or 'no address printed'}")
        url = "http://" + line.split("http://")[1].split()[0]
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
            page = browser.new_page(viewport={"width": 1280, "height": 860})
            page.set_default_timeout(60_000)
            draw(page, url)
            part = OUT.with_suffix(".part.png")
            page.screenshot(path=str(part))
            browser.close()
        part.replace(OUT)
        print(f"wrote {OUT.relative_to(ROOT)}")
        return 0
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(30)


def draw(page: Any, url: str) -> None:
    """A 15x15 pattern, CLINGO typed and locked on row 3, the down entry crossing it selected."""
    page.goto(url + "construct")
    page.get_by_text("New grid").click()
    page.get_by_label("Start from").select_option(label=PATTERN)
    page.get_by_role("button", name="Start").click()
    page.locator(".sq[data-r='3'][data-c='5']").click()
    page.keyboard.type("CLINGO")
    page.keyboard.press("Alt+l")
    page.locator(".sq[data-r='0'][data-c='6']").click()
    page.locator(".sq[data-r='0'][data-c='6']").click()  # down, crossing it
    page.locator("button.suggestion.keeps").first.wait_for()
    page.locator("#verdict[data-state=fillable]").wait_for()
    page.evaluate("window.scrollTo(0, 0)")


if __name__ == "__main__":
    sys.exit(main())
