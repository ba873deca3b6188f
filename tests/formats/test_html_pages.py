"""The playable pages as files (their play is tested in Chromium, tests/browser/): self-contained,
the puzzle in plain JSON, the answers encoded, hostile text kept as text, written by --html and -o."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pyclingo_puzzles import InputError, wordsearch
from pyclingo_puzzles.formats import playable

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
    text = playable.encode(answers)
    assert playable.decode(text) == answers
    assert "CAT" not in text and "DOG" not in text and re.fullmatch(r"[A-Za-z0-9+/=]+", text)


def test_hostile_title_and_words_stay_text() -> None:
    title = '</script><script>alert(1)</script> & "quotes"'
    page = playable.page("wordsearch", title, {"grid": [["A"]], "words": ["</SCRIPT>"]}, [[0, 0, 0, 0]])
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
    assert playable.decode(data["answers"]) == ends
    assert json.dumps(ends, separators=(",", ":")) not in page
    assert "<h1 id=\"title\">Mar</h1>" in page


def test_secret_words_are_not_asked_for(tmp_path: Path) -> None:
    source = tmp_path / "secret.yaml"
    source.write_text("width: 6\nheight: 6\nseed: 2\nwords: [CAT, DOG]\nsecret: [EMU]\n")
    page = wordsearch.generate(source).to_html()
    data = page_data(page)
    assert data["words"] == ["CAT", "DOG"] and len(playable.decode(data["answers"])) == 2


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


def test_crossword_page_has_the_grid_and_givens_not_the_answers(cli, tmp_path: Path) -> None:
    out = tmp_path / "lattice.html"
    run = cli("crossword", INSTANCES / "crossword" / "lattice-predefined.dat", "-o", out, "--exit-codes", "unix")
    assert run.code == 0, run.err
    page = out.read_text(encoding="utf-8")
    self_contained(page)
    for word in ("EJECTED", "EPOXYED", "SKYLINE", "EWERS", "THYMI", "DODGE"):
        assert word not in page
    data = page_data(page)
    assert (data["width"], data["height"]) == (7, 5)
    assert data["cells"][0][0] == {"n": 1, "given": "E"} and data["cells"][1][1] is None
    assert [(e["n"], e["dir"], e["enum"], e["clue"]) for e in data["entries"]][:2] == [
        (1, "across", "7", ""), (5, "across", "7", "")
    ]  # fmt: skip
    assert "".join(playable.decode(data["answers"])[0]) == "EJECTED"


def test_crossword_api_page() -> None:
    from pyclingo_puzzles import crossword

    data = page_data(crossword.solve(["NON", "TOT"], [" . ", "...", " . "]).to_html(title="Plus"))
    assert [len(e["cells"]) for e in data["entries"]] == [3, 3]
    assert playable.decode(data["answers"])[1] in (["T", "O", "T"], ["N", "O", "N"])


def test_layout_page_has_its_clues() -> None:
    from pyclingo_puzzles import layout

    built = layout.arrange({"KETTLE": "It whistles", "OVEN": "Bakes bread", "TOASTER": "Pops up"}, seed=1)
    page = built.to_html()
    data = page_data(page)
    assert sorted(e["clue"] for e in data["entries"]) == ["Bakes bread", "It whistles", "Pops up"]
    assert "KETTLE" not in page and "TOASTER" not in page
    assert "<title>Crossword</title>" in page


def test_strips_page_plays_every_tiled_grid_and_the_meta_grid(cli, tmp_path: Path) -> None:
    from pyclingo_puzzles import strips

    data = page_data(strips.tile(INSTANCES / "strips" / "small.yaml").to_html())
    assert [g["name"] for g in data["grids"]] == ["corner", "stripes", "square"] and data["lengths"] == [1, 2, 3]
    corner = playable.decode(data["answers"])[0]  # its strips' ends: they cover its 6 cells
    assert sum(abs(r1 - r0) + abs(c1 - c0) + 1 for r0, c0, r1, c1 in corner) == 6
    out = tmp_path / "mums.html"
    run = cli("strips", INSTANCES / "strips" / "mums2010.yaml", "--hunt", "--html", out, "--exit-codes", "unix")
    assert run.code == 0, run.err
    hunt = page_data(out.read_text(encoding="utf-8"))
    assert hunt["grids"][-1]["name"] == "meta" and len(hunt["grids"]) == len(playable.decode(hunt["answers"]))


def test_a_phrase_is_listed_as_written_and_found_as_placed() -> None:
    from pyclingo_puzzles.wordsearch import play
    from pyclingo_puzzles.wordsearch.puzzle import Puzzle
    from pyclingo_puzzles.wordsearch.verify import Placement

    puzzle = Puzzle(("ICECREAM", "XXXXXXXX"), (Placement("ICECREAM", 0, 0, 1, 0),))
    data = page_data(play.page(puzzle, ["ICE CREAM"], "Treats"))
    assert data["words"] == ["ICE CREAM"] and playable.decode(data["answers"]) == [[0, 0, 0, 7]]


def test_page_text_title_instructions_and_name_line() -> None:
    result = wordsearch.generate(["cat", "dog"], width=5, height=5, seed=1)
    plain = result.to_html()
    assert "<title>Word search</title>" in plain and 'class="name-line"' not in plain
    assert playable.INSTRUCTIONS["wordsearch"] in plain  # how to play the page, by default
    dressed = result.to_html(title="Pets & co", instructions="Ten minutes!", name_line=True)
    assert "<h1 id=\"title\">Pets &amp; co</h1>" in dressed and '<p id="instructions">Ten minutes!</p>' in dressed
    assert '<p class="name-line"><span>Name:</span><span>Date:</span></p>' in dressed
    assert 'id="instructions"' not in result.to_html(instructions="")
    with pytest.raises(InputError, match="name_line"):
        result.to_html(name_line="yes")


@pytest.mark.parametrize(
    ("family", "source"),
    [
        ("wordsearch", "wordsearch/hola-8x8.yaml"),
        ("crossword", "crossword/lattice.dat"),
        ("layout", "../tests/formats/pets-3.yaml"),
        ("strips", "strips/small.yaml"),
    ],
)
def test_command_line_page_text(cli, tmp_path: Path, family: str, source: str) -> None:
    out = tmp_path / "page.html"
    run = cli(family, INSTANCES / source, "--html", out, "--title", "Class 3b", "--instructions", "Quietly.",
              "--name-line", "--exit-codes", "unix")  # fmt: skip
    assert run.code == 0, run.err
    page = out.read_text(encoding="utf-8")
    assert "<title>Class 3b</title>" in page and '<p id="instructions">Quietly.</p>' in page
    assert 'class="name-line"' in page and page_data(page)["kind"] == ("crossword" if family == "layout" else family)


@pytest.mark.parametrize("kind", sorted(playable.PLAYERS))
def test_the_page_runs_its_own_script_by_hash_and_no_other_inline_script(kind: str) -> None:
    """Issue 49.8: the policy names the page's one script by its SHA-256, not 'unsafe-inline'."""
    import base64
    import hashlib

    page = playable.page(kind, "t", {}, None)
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page)
    assert policy, "no policy"
    script_src = next(p for p in policy.group(1).split(";") if p.strip().startswith("script-src")).split()[1:]
    scripts = re.findall(r"<script>(.*?)</script>", page, re.S)
    digest = base64.b64encode(hashlib.sha256(scripts[0].encode()).digest()).decode()
    assert len(scripts) == 1 and script_src == [f"'sha256-{digest}'"]
