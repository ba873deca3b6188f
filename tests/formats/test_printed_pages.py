"""Printed pages fit for a class: a title, instructions and a Name / Date line in every family's PDF
and SVG; the word search grid as wide as the page with its list at 11 pt or more; the layout's page
white (its cells outlined, no shaded box) with its clues beside each other; the API's to_* methods."""

from __future__ import annotations

import io
from pathlib import Path

import pypdf
import pytest

from pyclingo_puzzles import crossword, layout, strips, wordsearch
from pyclingo_puzzles.formats.pagetext import PageAsked, PageText

from ..conftest import INSTANCES

PETS = {"CAT": "Purrs on the sofa", "DOG": "Wags its tail", "GOAT": "Eats almost anything", "TOAD": "Warty hopper"}


def _results() -> dict:
    return {
        "wordsearch": wordsearch.generate(["cat", "dog", "bird"], width=5, height=5, seed=1),
        "crossword": crossword.solve(["NON", "TOT"], [" . ", "...", " . "]),
        "strips": strips.tile([["bw", "wb"]]),
        "layout": layout.arrange(PETS, seed=1, time_limit=5),
    }


@pytest.fixture(scope="module")
def results() -> dict:
    return _results()


def pdf_text(content: bytes, page: int = 0) -> str:
    return pypdf.PdfReader(io.BytesIO(content)).pages[page].extract_text()


@pytest.mark.parametrize("family", ["wordsearch", "crossword", "strips", "layout"])
def test_every_result_prints_a_title_a_name_line_and_instructions(family: str, results: dict) -> None:
    result = results[family]
    content = result.to_pdf(title="Class 3B", name_line=True)
    assert isinstance(content, bytes) and content.startswith(b"%PDF")
    front = pdf_text(content)
    assert front.startswith("Class 3B") and "Name" in front and "Date" in front
    assert len(front.split("Date", 1)[1].split("\n", 2)[1]) > 20  # a line of instructions under it
    svg = result.to_svg(title="Class 3B", instructions="Work alone.", name_line=True)
    assert ">Class 3B</text>" in svg and ">Work alone.</text>" in svg and ">Name</text>" in svg
    plain = pdf_text(result.to_pdf(title="Plain", instructions=""))
    assert "Name" not in plain and plain.split("\n")[1] != front.split("\n")[2]  # no line of instructions


def test_crossword_and_layout_results_export_ipuz(results: dict) -> None:
    for family in ("crossword", "layout"):
        doc = results[family].to_ipuz()
        assert doc["kind"] == ["http://ipuz.org/crossword#1"] and doc["solution"], family


def test_the_api_checks_the_page_arguments(results: dict) -> None:
    from pyclingo_puzzles import InputError

    with pytest.raises(InputError, match=r"^title=: must be a string"):
        results["layout"].to_svg(title=5)
    with pytest.raises(InputError, match=r"^name_line=: must be True or False"):
        results["wordsearch"].to_pdf(name_line="yes")


def test_the_command_takes_title_instructions_and_name_line(cli, tmp_path: Path) -> None:
    out, svg = tmp_path / "w.pdf", tmp_path / "w.svg"
    res = cli("wordsearch", "--words", "CAT DOG BIRD", "--size", "6x6", "--pdf", out, "--svg", svg,
              "--title", "Animals, week 3", "--instructions", "Circle each animal.", "--name-line")  # fmt: skip
    assert res.code == 10, res.err
    front = pdf_text(out.read_bytes())
    assert front.startswith("Animals, week 3") and "Circle each animal." in front and "Name" in front
    key = pdf_text(out.read_bytes(), 1)
    assert "Name" not in key and "Circle" not in key  # the key page has the title only
    assert ">Animals, week 3</text>" in svg.read_text() and ">Circle each animal.</text>" in svg.read_text()
    default = tmp_path / "d.pdf"
    assert cli("wordsearch", "--words", "CAT DOG", "--size", "5x5", "--level", "hard", "--pdf", default).code == 10
    assert "backwards" in pdf_text(default.read_bytes())  # the default line says how words run


def _sizes(content: bytes, texts: set[str]) -> list[float]:
    """The type sizes (pt) the PDF's first page draws ``texts`` at."""
    sizes: list[float] = []

    def visit(text: str, cm: list, tm: list, font: object, size: float) -> None:
        if text.strip() in texts:
            sizes.append(size * tm[0] * cm[0])

    pypdf.PdfReader(io.BytesIO(content)).pages[0].extract_text(visitor_text=visit)
    return sizes


def _dark_share_and_span(content: bytes) -> tuple[float, float]:
    """Page 1 rendered: the share of dark pixels, and the widest dark run's span across the page."""
    import pypdfium2

    image = pypdfium2.PdfDocument(content)[0].render(scale=0.5).to_pil().convert("L")
    width, height = image.size
    pixels = image.load()
    dark = sum(1 for y in range(height) for x in range(width) if pixels[x, y] < 100)
    span = 0.0
    for y in range(int(height * 0.25), int(height * 0.5)):
        xs = [x for x in range(width) if pixels[x, y] < 100]
        if xs:
            span = max(span, (xs[-1] - xs[0]) / width)
    return dark / (width * height), span


def test_a_word_search_grid_spans_the_page_and_its_list_is_11_pt_or_more() -> None:
    words = ["CARROT", "TOMATO", "LETTUCE", "SPINACH", "PARSLEY", "RADISH", "PUMPKIN", "CABBAGE", "ONION", "GARLIC",
             "PEPPER", "CELERY", "TURNIP", "POTATO", "SQUASH", "MELON", "BASIL", "THYME", "FENNEL", "LEEK"]  # fmt: skip
    puzzle = wordsearch.generate(str(INSTANCES / "wordsearch" / "garden-15x15.yaml"))
    content = puzzle.to_pdf()
    _, span = _dark_share_and_span(content)
    assert span > 0.8  # the grid's frame: 180 of the A4 page's 210 mm
    sizes = _sizes(content, set(words))
    assert len(sizes) == len(words) and min(sizes) >= 11


def test_the_layout_page_is_white_cells_with_borders_and_its_clues_in_two_columns(results: dict) -> None:
    content = results["layout"].to_pdf()
    dark, _ = _dark_share_and_span(content)
    assert dark < 0.03  # outlines and text only: no shaded box (it was a quarter of the page)
    reader = pypdf.PdfReader(io.BytesIO(content))
    front = reader.pages[0].extract_text()
    assert all(clue in front for clue in PETS.values()) and len(reader.pages) == 2  # clues on the puzzle page
    positions: dict[str, float] = {}

    def visit(text: str, cm: list, tm: list, font: object, size: float) -> None:
        if text.strip() in ("Across", "Down"):
            positions[text.strip()] = tm[4]

    reader.pages[0].extract_text(visitor_text=visit)
    assert positions["Down"] > positions["Across"] + 50  # side by side: Down starts the second column
    numbers = [size for size in _sizes(content, {"1", "2", "3", "4"})]
    assert numbers and min(numbers) >= 6  # clue numbers legible


def test_page_text_defaults_and_the_key_page() -> None:
    text = PageText.of("T", None, True, "Do this.")
    assert text == PageText("T", "Do this.", True) and text.key() == PageText("T")
    assert PageText.of("T", "", False, "Do this.").instructions == ""
    assert wordsearch.generate(["cat", "dog"], width=4, height=4, level="easy").page_text().instructions == (
        "Find every word of the list in the grid. Words run across and down."
    )


def test_what_the_command_line_asks_of_the_pages() -> None:
    """Not given: the family's defaults on paper, the HTML page's own instructions; a blank title
    is not given; ``--instructions ""`` means none; white space in instructions folds."""
    assert PageAsked().page("pets", "Do this.") == PageText("pets", "Do this.", False)
    assert PageAsked().html("pets") == {"title": "pets", "instructions": None, "name_line": False}
    asked = PageAsked("  ", " Find\n  them. ", True)
    assert asked.page("pets", "Do this.") == PageText("pets", "Find them.", True)
    assert asked.html("Pets") == {"title": "Pets", "instructions": "Find them.", "name_line": True}
    assert PageAsked("Zoo", "").page("pets", "Do this.") == PageText("Zoo", "", False)
    assert PageAsked("Zoo", "").html("Zoo")["instructions"] == ""


# ------------------------------------------------------------------------------------ CJK

KANA = ["ねこ", "いぬ", "さかな", "とり", "うさぎ"]


def test_kana_words_get_kana_filler_and_latin_words_latin_filler() -> None:
    from pyclingo_puzzles.wordsearch.scripts import filler

    puzzle = wordsearch.generate(KANA, width=5, height=5, seed=1)
    assert all(ch in filler(KANA) for row in puzzle.grid for ch in row)
    assert all("\u3041" <= ch <= "\u3096" for row in puzzle.grid for ch in row)  # hiragana only, no A-Z
    assert set(filler(["ПРИВЕТ"])) >= set("АБВЯ") and not set(filler(["ПРИВЕТ"])) & set("ABC")
    assert filler(["CAT"]) == tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def test_cjk_words_print_in_a_cjk_font_found_at_run_time() -> None:
    from pyclingo_puzzles.formats import cjkfont

    if cjkfont.path() is None:
        pytest.skip(f"no CJK font on this machine ({cjkfont.HINT})")
    content = wordsearch.generate(KANA, width=5, height=5, seed=1).to_pdf(title="どうぶつ")
    reader = pypdf.PdfReader(io.BytesIO(content))
    text = reader.pages[0].extract_text().replace(" ", "").replace("\x00", "")  # pypdf reads CID text so
    assert text.startswith("どうぶつ") and all(word in text for word in KANA)
    fonts = {str(f["/BaseFont"]) for f in reader.pages[0]["/Resources"]["/Font"].values()}
    assert any("CJK" in name for name in fonts)


def test_without_a_cjk_font_the_letters_are_blanks_and_the_warning_says_how_to_get_one(monkeypatch, capsys) -> None:
    from pyclingo_puzzles.formats import cjkfont

    monkeypatch.setattr(cjkfont, "path", lambda: None)
    monkeypatch.setattr(cjkfont, "covered", lambda: frozenset())
    content = wordsearch.generate(KANA, width=5, height=5, seed=1).to_pdf()
    assert content.startswith(b"%PDF")
    err = capsys.readouterr().err
    assert "print as blanks" in err and "fonts-noto-cjk" in err


# ------------------------------------------------------------------------------------ phrases


def test_a_phrase_is_one_entry_joined_in_the_grid_and_listed_as_written(cli, tmp_path: Path) -> None:
    puzzle = wordsearch.generate(["ice cream", "cake", "t-shirt"], width=9, height=9, seed=1)
    assert sorted(p.word for p in puzzle.placements) == ["CAKE", "ICECREAM", "TSHIRT"]
    assert puzzle.listed_written == ["ICE CREAM", "CAKE", "T-SHIRT"]
    assert "ICE CREAM" in pdf_text(puzzle.to_pdf()) and ">ICE CREAM</text>" in puzzle.to_svg()
    words = tmp_path / "w.txt"
    words.write_text("ice cream\ncake\n")  # a plain list: the whole line is the entry
    res = cli("wordsearch", words, "--size", "9x9")
    assert res.code == 10 and "ICE CREAM  CAKE" in res.out, res.err


def test_a_layout_phrase_shows_its_enumeration_and_a_list_writes_it_with_underscores(cli, tmp_path: Path) -> None:
    built = layout.arrange({"ice cream": "Frozen dessert", "tea": "Drink"}, seed=1)  # two words: a fifth of three's CPU
    assert "ICECREAM" in {p.word for p in built.placements}
    lines = built.text("x").splitlines()
    assert any(line.endswith("Frozen dessert (3,5)  ICE CREAM") for line in lines)
    assert "Frozen dessert (3,5)" in pdf_text(built.to_pdf())
    listed = tmp_path / "l.txt"
    listed.write_text("ICE_CREAM Frozen dessert\nT-SHIRT Summer top\nTEA Drink\n")
    res = cli("layout", listed, "--seed", "1", "--time-limit", "5")
    assert res.code in (10, 11, 30) and "Frozen dessert (3,5)  ICE CREAM" in res.out and "(1-5)" in res.out, res.err
