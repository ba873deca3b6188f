"""``python -m benchmarks.studio_page``: the constructor's page end to end, as a constructor sees it.

Starts ``pyclingo-puzzles serve`` as a user does (its own process, its warm engine), opens
/construct in headless Chromium (Debian's, through Playwright), starts from a shipped 15x15 pattern
and types entries into it a letter at a time, a pause between keystrokes as a person leaves. The
page records, for each answer it shows, the time from the keystroke (or the move) that asked for it
to the answer on the page (``window.studioLatency``): the debounce, the request, the engine, the
drawing. Then it selects open entries, each left for its suggestions. Printed: median and 90th
percentile per kind (slot counts, suggestions with their checks, the verdict), with the machine's
load; then how many of each list's first ten were checked. Goal (issue 44): the first ten
suggestions checked within 2 s on a typical 15x15.

    python -m benchmarks.studio_page [--pattern pattern-15x15-a] [--pause 1.5]
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
from typing import Any

from benchmarks.common import ROOT

CHROMIUM = os.environ.get("PYCLINGO_PUZZLES_CHROMIUM", "/usr/bin/chromium")
# (row, column, direction) of entries of pattern-15x15-a typed in, their words from an autofill
TYPED = [(0, 0, "across"), (3, 5, "across"), (0, 6, "down"), (7, 0, "across"), (11, 4, "across"), (14, 10, "across")]
# open entries then selected, each left for the suggestions of a slot many words fit
OPEN = [(1, 0, "across"), (12, 0, "across"), (4, 2, "down"), (5, 9, "across"), (9, 12, "down"), (13, 6, "across")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pattern", default="pattern-15x15-a")
    parser.add_argument("--pause", type=float, default=1.5, help="seconds between keystrokes")
    args = parser.parse_args()
    server = subprocess.Popen([sys.executable, "-m", "pyclingo_puzzles", "serve", "--port", "0"], cwd=ROOT,
                              stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        line = server.stdout.readline() if server.stdout else ""
        url = "http://" + line.split("http://")[1].split()[0]
        latency = drive(url, args.pattern, args.pause)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(30)
    load = os.getloadavg()[0]
    print(f"load average {load:.1f} on {os.cpu_count()} cores; {args.pattern}, {args.pause} s between keys")
    checked, verdicts = latency.pop("checked"), latency.pop("verdicts")
    for kind, values in latency.items():
        if values:
            p90 = sorted(values)[int(0.9 * (len(values) - 1))]
            print(f"{kind:8} {len(values):3} answers  median {statistics.median(values):6.0f} ms  p90 {p90:6.0f} ms")
    print(f"of the first ten suggestions, checked: {checked}")
    print(f"verdicts: {', '.join(f'{v} {verdicts.count(v)}' for v in sorted(set(verdicts)))}")
    return 0


def drive(url: str, pattern: str, pause: float) -> dict[str, list]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.set_default_timeout(60_000)
        page.goto(url + "construct")
        page.get_by_text("New grid").click()
        page.get_by_label("Start from").select_option(label=f"{pattern} (15×15)")
        page.get_by_role("button", name="Start").click()
        page.locator("#verdict[data-state=fillable], #verdict[data-state=undecided]").wait_for()
        words = fill_words(page)
        page.evaluate("Object.values(window.studioLatency).forEach((a) => a.splice(0))")  # the warm-up left out
        for (row, col, direction), letters in zip(TYPED, words, strict=True):
            select(page, row, col, direction)
            page.wait_for_timeout(pause * 1000)
            for letter in letters:
                page.keyboard.type(letter)
                page.wait_for_timeout(pause * 1000)
        for row, col, direction in OPEN:
            select(page, row, col, direction)
            page.wait_for_timeout(max(3.0, pause) * 1000)
        latency: dict[str, list] = page.evaluate("window.studioLatency")
        browser.close()
    return latency


def select(page: Any, row: int, col: int, direction: str) -> None:
    square = page.locator(f".sq[data-r='{row}'][data-c='{col}']")
    square.click()
    if direction.capitalize() not in page.locator("#bar").inner_text():
        square.click()


def fill_words(page: Any) -> list[str]:
    """The words an autofill puts in the TYPED entries (then cleared): a state a fill can reach."""
    page.get_by_role("button", name="Fill the rest").click()
    page.locator("#status").get_by_text("Filled in").wait_for()
    words = []
    for row, col, direction in TYPED:
        select(page, row, col, direction)
        words.append("".join(page.locator(".sq.in-slot .letter").all_inner_texts()))
    page.get_by_role("button", name="Clear the fill").click()
    return words


if __name__ == "__main__":
    sys.exit(main())
