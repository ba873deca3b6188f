"""Draw the README's pictures with the project's own command: ``python docs/make_images.py`` (``make images``).

Each picture is the SVG the ``pyclingo-puzzles`` command writes for a quick-start input of the README,
so the pictures show what the command prints today. Run it from anywhere; it writes
``docs/images/<family>.svg`` (each file whole: written beside, then renamed).

``docs/images/play-wordsearch.png`` is the word search's playable page (``--html``) in Chromium,
half played: Playwright for Python (the test extra) drives Debian's ``chromium`` as the browser
tests do, finds three of the words by dragging, and takes the screenshot.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"

# family -> (the README's quick-start input, the options that write the picture to {out}).
# A fixed seed keeps the pictures the same from one run to the next.
PICTURES: dict[str, tuple[str, list[str]]] = {
    "wordsearch": ("instances/wordsearch/hola-8x8.yaml", ["--seed", "1", "--svg-key", "{out}"]),
    "layout": ("instances/layout/pets-5.yaml", ["--seed", "1", "--svg-key", "{out}"]),
    "crossword": ("instances/crossword/plus-two-solutions.yaml", ["--svg", "{out}"]),
    "strips": ("instances/strips/small.yaml", ["--svg", "{out}"]),
}
DECIDED = {0, 1}  # the default (Unix) exit codes for an answer or a proof


def draw(family: str, instance: str, options: list[str]) -> Path:
    """Run the command for one family; return the picture written."""
    IMAGES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=IMAGES) as tmp:
        out = Path(tmp) / f"{family}.svg"
        argv = [sys.executable, "-m", "pyclingo_puzzles", family, instance, *(o.format(out=out) for o in options)]
        # the default exit codes (Unix), whatever the caller's environment asks for
        env = {k: v for k, v in os.environ.items() if k != "PYCLINGO_PUZZLES_EXIT_CODES"}
        done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, env=env, check=False)
        if done.returncode not in DECIDED or not out.is_file():
            sys.exit(f"{family}: {' '.join(argv[2:])} ended with exit {done.returncode}: {done.stderr.strip()}")
        target = IMAGES / f"{family}.svg"
        out.replace(target)
        return target


CHROMIUM = os.environ.get("PYCLINGO_PUZZLES_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip
FOUND = 3  # words found on the played page's picture


def play_picture() -> Path:
    """The word search page of the quick start, three words found by dragging, as a PNG."""
    from playwright.sync_api import sync_playwright

    from pyclingo_puzzles import wordsearch

    result = wordsearch.generate(str(ROOT / "instances/wordsearch/hola-8x8.yaml"), seed=1)
    target = IMAGES / "play-wordsearch.png"
    with tempfile.TemporaryDirectory(dir=IMAGES) as tmp, sync_playwright() as playwright:
        page_file = Path(tmp) / "hola.html"
        page_file.write_text(result.to_html(title="Sea words"), encoding="utf-8")
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 820, "height": 560}, device_scale_factor=1)
        page.goto(page_file.as_uri())
        box = page.locator("svg.board").bounding_box()
        size = box["width"] / len(result.grid[0])
        for placement in result.placements[:FOUND]:
            for i, (r, c) in enumerate((placement.cells()[0], placement.cells()[-1])):
                page.mouse.move(box["x"] + (c + 0.5) * size, box["y"] + (r + 0.5) * size, steps=4)
                page.mouse.down() if i == 0 else page.mouse.up()
        page.locator("svg.board").blur()  # no keyboard cursor on the picture
        shot = Path(tmp) / "play.png"
        page.locator("#sheet").screenshot(path=str(shot))
        browser.close()
        shot.replace(target)
    return target


def main() -> int:
    for family, (instance, options) in PICTURES.items():
        print(draw(family, instance, options).relative_to(ROOT))
    print(play_picture().relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
