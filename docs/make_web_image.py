"""Draw the README's picture of the web app: ``python docs/make_web_image.py`` (``make images``).

Starts ``pyclingo-puzzles serve`` on a free loopback port, makes the README's word search on its
page in headless Chromium (Debian's, driven by Playwright, as the browser tests do) and saves the
page as ``docs/images/web-app.png`` (written beside, then renamed); then a clued crossword made on
the crossword page, its entries listed with their clues, as ``docs/images/web-crossword.png``
(docs/web.md). Needs the web extra and Chromium.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "images" / "web-app.png"
CHROMIUM = os.environ.get("PYCLINGO_PUZZLES_CHROMIUM", "/usr/bin/chromium")
WORDS = "CAT\nDOG\nBIRD\nFISH\nHORSE"
CROSSWORD = ROOT / "docs" / "images" / "web-crossword.png"
LATTICE = ".......\n. . . .\n.......\n. . . .\n......."
LATTICE_WORDS = "EJECTED\nEWERS\nEPOXY\nTHYMI\nDODGE\nEPOXYED\nSKYLINE"
LATTICE_CLUES = ("EJECTED;Thrown out\nEWERS;Water jugs\nEPOXY;Strong glue\nTHYMI;Garden herbs\nDODGE;Avoid\n"
                 "SKYLINE;City outline")


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
            page = browser.new_page(viewport={"width": 1200, "height": 760})
            page.goto(url + "wordsearch")
            page.locator("textarea[name=words]").fill(WORDS)
            page.locator("input[name=title]").fill("Pets")
            page.locator("input[name=seed]").fill("1")
            page.get_by_role("button", name="Make the puzzle").click()
            page.get_by_role("link", name="Download PDF").wait_for(timeout=60_000)
            page.frame_locator("#preview iframe").get_by_text("HORSE", exact=True).first.wait_for()
            page.locator("#preview").scroll_into_view_if_needed()
            page.evaluate("window.scrollTo(0, 0)")
            part = OUT.with_suffix(".part.png")
            page.screenshot(path=str(part))
            part.replace(OUT)
            print(f"wrote {OUT.relative_to(ROOT)}")
            crossword_picture(page, url)
            browser.close()
        return 0
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(30)


def crossword_picture(page, url: str) -> None:
    """The crossword page: a framework, its words and clues but one, the entries listed under the fill."""
    page.set_viewport_size({"width": 1200, "height": 900})
    page.goto(url + "crossword")
    page.locator("textarea[name=framework]").fill(LATTICE)
    page.locator("textarea[name=words]").fill(LATTICE_WORDS)
    page.locator("textarea[name=clues]").fill(LATTICE_CLUES)
    page.locator("input[name=title]").fill("Lattice")
    page.locator("input[name=seed]").fill("1")
    page.get_by_role("button", name="Make the puzzle").click()
    page.get_by_role("button", name="Use these clues").wait_for(timeout=60_000)
    page.get_by_label("5 Across (7) clue").fill("Glued fast")
    page.frame_locator("#preview iframe").get_by_text("Across (7) Thrown out").wait_for()
    page.evaluate("window.scrollTo(0, 0)")
    part = CROSSWORD.with_suffix(".part.png")
    page.screenshot(path=str(part))
    part.replace(CROSSWORD)
    print(f"wrote {CROSSWORD.relative_to(ROOT)}")


if __name__ == "__main__":
    sys.exit(main())
