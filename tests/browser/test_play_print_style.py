"""Issue 46.6 on the playable pages in Chromium: ``--large-print`` sets every text at 16 pt or more
(16 pt = 21.33 CSS px: the root's size is 16 pt, the board's letters grow with it); ``--lowercase``
shows the letters small while typing and checking take either case; a kana word search speaks
Japanese (instructions, the answers' switch), and ``--key-label`` names the crossword's Reveal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ..conftest import INSTANCES

LATTICE = INSTANCES / "crossword" / "lattice-predefined.dat"
LEAST_PX = 21.33  # 16 pt in CSS px (21.333...: Chromium reports 21.3333)
# the rendered size of every text the person reads: CSS font size, an SVG letter's scaled by its board
SIZES = """() => {
  const read = "h1, h2, #instructions, #status, button, .switch, ul.words li, .clues button.clue span, "
    + ".cw-cell .letter, .toolbar .label";
  const texts = [...document.querySelectorAll(read)].filter((el) => el.textContent.trim());
  const out = texts.map((el) => [el.className || el.tagName, parseFloat(getComputedStyle(el).fontSize)]);
  for (const svg of document.querySelectorAll("svg.board")) {
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const t = svg.querySelector("text");
    out.push(["board letter", parseFloat(getComputedStyle(t).fontSize) * scale]);
  }
  return out;
}"""


@pytest.fixture
def large_lattice(page: Any, cli: Any, page_file: Any) -> Any:
    def write(out: Path) -> None:
        args = ("--html", out, "--large-print", "--lowercase", "--key-label", "Solution")
        assert cli("crossword", LATTICE, *args, "--exit-codes", "unix").code == 0

    page.goto(page_file("lattice-large.html", write).as_uri())
    page.locator("#status").get_by_text("0 of 27 squares filled.").wait_for()
    return page


def open_word_search(page: Any, cli: Any, tmp_path: Path, words: str, *flags: str) -> Any:
    out = tmp_path / "ws.html"
    assert cli("wordsearch", "--words", words, "--size", "16x16", "--seed", "1", "--html", out, *flags).code == 10
    page.goto(out.as_uri())
    page.locator("#status").get_by_text("Found 0 of").wait_for()
    return page


def test_large_print_word_search_page(page: Any, cli: Any, tmp_path: Path) -> None:
    opened = open_word_search(page, cli, tmp_path, "CAT DOG BIRD", "--large-print", "--lowercase")
    sizes = opened.evaluate(SIZES)
    assert len(sizes) >= 6 and min(size for _, size in sizes) >= LEAST_PX, sizes
    opened.set_viewport_size({"width": 390, "height": 844})  # a phone: the 640 px board scrolls, not shrinks
    assert min(size for _, size in opened.evaluate(SIZES)) >= LEAST_PX
    letters = opened.locator("svg.board text").all_text_contents()
    assert letters and "".join(letters) == "".join(letters).lower()
    assert opened.locator("ul.words li").all_inner_texts() == ["cat", "dog", "bird"]


def test_large_print_crossword_page_lowercase_typed_either_case(large_lattice: Any) -> None:
    page = large_lattice
    page.locator(".clues li").first.click()  # 1 Across, EJECTED: its first E given, the rest typed in both cases
    page.keyboard.type("JeCtEd")
    assert [page.locator(f"#cw-0-{c} .letter").inner_text() for c in range(7)] == list("ejected")
    page.get_by_role("button", name="Check the entry").click()
    page.locator("#status").get_by_text("No wrong letters there.").wait_for()
    sizes = page.evaluate(SIZES)
    assert min(size for _, size in sizes) >= LEAST_PX, sizes
    page.emulate_media(media="print")  # the printed page too (its squares are set in mm)
    assert min(size for _, size in page.evaluate(SIZES)) >= LEAST_PX
    page.emulate_media(media="screen")
    page.get_by_role("button", name="Solution all").click()  # --key-label names the Reveal group
    page.locator("#status").get_by_text("Solved!").wait_for()
    shown = "".join(page.locator(".cw-cell .letter").all_inner_texts())
    assert shown and shown == shown.lower()


def test_a_kana_word_search_page_speaks_japanese(page: Any, cli: Any, tmp_path: Path) -> None:
    opened = open_word_search(page, cli, tmp_path, "ねこ いぬ とり")
    assert opened.locator("html").get_attribute("lang") == "ja"
    assert "見つけましょう" in opened.locator("#instructions").inner_text()
    opened.locator(".switch", has_text="答え").click()  # the answers' switch, in the key's label
    assert opened.locator(".ws .mark.answer").count() == 3
