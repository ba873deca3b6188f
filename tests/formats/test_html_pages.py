"""The playable pages as files (their play is tested in Chromium, tests/browser/): self-contained,
the puzzle in plain JSON, the answers encoded, hostile text kept as text, written by --html and -o."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pyclingo_puzzles import wordsearch
from pyclingo_puzzles.formats import html

from ..conftest import INSTANCES


def page_data(page: str) -> dict:
    found = re.search(r'<script type="application/json" id="puzzle-data">(.*?)</script>', page, re.S)
    assert found, "no puzzle data"
    return json.loads(found.group(1))


def self_contained(page: str) -> None:
    """Nothing loaded from elsewhere: no src or href attribute, no URL but the SVG namespace."""
    assert not re.search(r"\b(src|href)\s*=", page)
    assert set(re.findall(r"https?://[^\s\"')]+", page)) <= {"http://www.w3.org/2000/svg"}
    assert "default-src 'none'" in page  # and the browser refuses any request


def test_answers_round_trip_and_are_not_plain() -> None:
    answers = {"letters": ["CAT", "DOG"], "ü": "ÜBER"}
    text = html.encode(answers)
    assert html.decode(text) == answers
    assert "CAT" not in text and "DOG" not in text and re.fullmatch(r"[A-Za-z0-9+/=]+", text)


def test_hostile_title_and_words_stay_text() -> None:
    title = '</script><script>alert(1)</script> & "quotes"'
    page = html.page("wordsearch", title, {"grid": [["A"]], "words": ["</SCRIPT>"]}, [[0, 0, 0, 0]])
    assert page.count("</script>") == 2  # the data's and the player's own
    assert "<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;</title>" in page
    assert page_data(page)["words"] == ["</SCRIPT>"]


def test_wordsearch_page_lists_the_words_and_hides_where_they_are() -> None:
    result = wordsearch.generate(["hola", "caracola", "ostra", "pez"], width=8, height=8, seed=3)
    page = result.to_html(title="Mar")
    self_contained(page)
    data = page_data(page)
    assert data["kind"] == "wordsearch" and data["words"] == ["HOLA", "CARACOLA", "OSTRA", "PEZ"]
    assert ["".join(row) for row in data["grid"]] == list(result.grid)
    ends = [[*p.cells()[0], *p.cells()[-1]] for p in result.placements]
    assert html.decode(data["answers"]) == ends
    assert json.dumps(ends, separators=(",", ":")) not in page
    assert "<h1 id=\"title\">Mar</h1>" in page


def test_secret_words_are_not_asked_for(tmp_path: Path) -> None:
    source = tmp_path / "secret.yaml"
    source.write_text("width: 6\nheight: 6\nseed: 2\nwords: [CAT, DOG]\nsecret: [EMU]\n")
    page = wordsearch.generate(source).to_html()
    data = page_data(page)
    assert data["words"] == ["CAT", "DOG"] and len(html.decode(data["answers"])) == 2


def test_no_puzzle_no_page() -> None:
    result = wordsearch.generate(["ab", "cd", "ef"], width=2, height=2)
    with pytest.raises(ValueError, match="no puzzle to play"):
        result.to_html()


@pytest.mark.parametrize("option", ["--html", "-o"])
def test_command_writes_the_page(cli, tmp_path: Path, option: str) -> None:
    out = tmp_path / "hola.html"
    run = cli("wordsearch", INSTANCES / "wordsearch" / "hola-8x8.yaml", option, out, "--exit-codes", "unix")
    assert run.code == 0, run.err
    data = page_data(out.read_text(encoding="utf-8"))
    assert data["words"] == ["HOLA", "OSTRA", "CASO", "POSO", "PESO", "CARACOLA"]


def test_command_writes_the_page_to_stdout(cli) -> None:
    run = cli("wordsearch", "--words", "cat dog", "--size", "5x5", "--html", "-", "--exit-codes", "unix")
    assert run.code == 0 and run.out.startswith("<!DOCTYPE html>") and run.out.rstrip().endswith("</html>")


def test_no_answer_writes_no_page(cli, tmp_path: Path) -> None:
    out = tmp_path / "none.html"
    run = cli("wordsearch", "--words", "ab cd ef", "--size", "2x2", "--html", out, "--exit-codes", "unix")
    assert run.code == 1 and not out.exists() and "--html" in run.err
