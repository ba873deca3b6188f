"""Issue 46.6: print for every reader. ``--large-print`` sets the pages' text at 16 pt and the grid's
letters never smaller; ``--lowercase`` prints the letters small; a kana word list gets Japanese
instructions and key label (``--key-label`` sets it); ``--author`` reaches the PDF, .puz and .ipuz;
``SOURCE_DATE_EPOCH`` is the PDF's creation date."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pyclingo_puzzles.formats import printstyle

from ..conftest import INSTANCES

pypdf = pytest.importorskip("pypdf")
LATTICE = INSTANCES / "crossword" / "lattice.dat"


def font_sizes(path: Path) -> list[list[float]]:
    """Per page, the type sizes its text is set in (fpdf2 writes ``/F1 16.00 Tf``)."""
    return [[float(size) for size in re.findall(rb"/F\d+ ([\d.]+) Tf", page.get_contents().get_data())]
            for page in pypdf.PdfReader(path).pages]


def test_large_print_word_search_sets_everything_at_16_pt_or_more(cli, tmp_path: Path) -> None:
    small, large = tmp_path / "small.pdf", tmp_path / "large.pdf"
    words = ["--words", "CAT DOG BIRD FISH HORSE GOAT", "--seed", "1", "--name-line"]
    assert cli("wordsearch", *words, "--pdf", small).code == 10
    assert cli("wordsearch", *words, "--pdf", large, "--large-print").code == 10
    assert min(min(page) for page in font_sizes(small)) < 16
    assert all(min(page) >= 16 for page in font_sizes(large))


def test_large_print_crossword_sets_its_clues_and_instructions_at_16_pt(cli, tmp_path: Path) -> None:
    out = tmp_path / "cw.pdf"
    assert cli("crossword", LATTICE, "--pdf", out, "--large-print").code == 10
    front = font_sizes(out)[0]
    assert printstyle.LARGE_TEXT_PT in front and printstyle.TEXT_PT not in front
    # only the grid's clue numbers, in the squares' corners, are smaller: a size of their own (the cell's)
    from pyclingo_puzzles.formats.pdfdraw import PT

    assert {size for size in front if size < 16} == {round(14.0 * PT * 0.28, 2)}


def test_lowercase_letters_and_the_words_language(cli, tmp_path: Path) -> None:
    out = tmp_path / "ws.pdf"
    assert cli("wordsearch", "--words", "CAT DOG BIRD", "--pdf", out, "--lowercase", "--seed", "1").code == 10
    puzzle, key = (page.extract_text() for page in pypdf.PdfReader(out).pages)
    assert "cat" in puzzle and "CAT" not in puzzle and not re.search(r"\b[A-Z]\b", puzzle.split("\n", 2)[2])
    kana = tmp_path / "kana.pdf"
    assert cli("wordsearch", "--words", "ねこ いぬ とり", "--pdf", kana, "--seed", "1").code == 10
    puzzle, key = (page.extract_text().replace("\x00", "") for page in pypdf.PdfReader(kana).pages)
    assert "見つけ" in puzzle and "Find every word" not in puzzle and "答え" in key.splitlines()[0]
    labelled = tmp_path / "labelled.pdf"
    assert cli("wordsearch", "--words", "ねこ いぬ", "--pdf", labelled, "--key-label", "こたえ").code == 10
    assert "こたえ" in pypdf.PdfReader(labelled).pages[1].extract_text().replace("\x00", "")


def test_the_svg_page_takes_lowercase_and_the_key_label(cli, tmp_path: Path) -> None:
    page, key = tmp_path / "p.svg", tmp_path / "k.svg"
    res = cli("wordsearch", "--words", "CAT DOG", "--svg", page, "--svg-key", key, "--lowercase", "--key-label",
              "answers")
    assert res.code == 10
    letters = re.findall(r'class="letter"[^>]*>([^<]*)<', page.read_text())
    assert letters and all(ch == ch.lower() for ch in letters) and ">cat</text>" in page.read_text()
    assert "(answers)" in key.read_text()
    crossword_key = tmp_path / "c.svg"
    assert cli("crossword", LATTICE, "--svg-key", crossword_key, "--key-label", "Lösung").code == 10
    assert "lattice (Lösung)" in crossword_key.read_text()


def test_the_author_and_the_creation_date_reach_every_file(cli, tmp_path: Path, monkeypatch) -> None:
    import puz

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    files = {suffix: tmp_path / f"a.{suffix}" for suffix in ("pdf", "puz", "ipuz")}
    res = cli("crossword", LATTICE, "--author", "Ann  Lee", *(f"--{s}={p}" for s, p in files.items()))
    assert res.code == 10, res.err
    meta = pypdf.PdfReader(files["pdf"]).metadata
    assert meta.author == "Ann Lee" and meta["/CreationDate"].startswith("D:20231114221320")
    assert puz.read(str(files["puz"])).author == "Ann Lee"
    assert json.loads(files["ipuz"].read_text())["author"] == "Ann Lee"
    assert printstyle.current() == printstyle.PrintStyle()  # the run's style ended with it


def test_a_clued_crossword_says_to_solve_clues(cli, tmp_path: Path) -> None:
    """Issue 46.3: with clues the instructions are a clued crossword's, not the fill-in's list of lengths."""
    clues = tmp_path / "clues.txt"
    clues.write_text("EJECTED;Thrown out\nSKYLINE;City outline\n", encoding="utf-8")
    plain, clued = tmp_path / "plain.pdf", tmp_path / "clued.pdf"
    assert cli("crossword", LATTICE, "--pdf", plain).code == 10
    assert cli("crossword", LATTICE, "--pdf", clued, "--clues", clues).code == 10
    assert "of the length the list gives" in pypdf.PdfReader(plain).pages[0].extract_text()
    text = " ".join(pypdf.PdfReader(clued).pages[0].extract_text().split())
    assert "Solve the clues" in text and "the length the list gives" not in text and "Thrown out (7)" in text
    page = tmp_path / "clued.html"  # the playable page's printed line too
    assert cli("crossword", LATTICE, "--html", page, "--clues", clues).code == 10
    assert '<p class="print-only">Solve the clues' in page.read_text()


def test_the_style_is_set_around_a_call_and_restored() -> None:
    with printstyle.using(large_print=True, lowercase=True) as style:
        assert style.text_pt == 16 and style.letters("ABC") == "abc"
    assert printstyle.current().text_pt == 11 or printstyle.current().large_print is False
    assert printstyle.language_of(["ねこ", "猫"]) == "ja" and printstyle.language_of(["猫"]) == "zh"
    assert printstyle.language_of(["КОТ"]) == "ru" and printstyle.language_of(["CAFÉ"]) == "en"


def svg_sizes(svg: str, cls: str) -> list[float]:
    return [float(size) for size in re.findall(rf'<text class="{cls}"[^>]*font-size="([\d.]+)"', svg)]


def test_large_print_svg_pages_set_their_text_at_16_pt_or_more(cli, tmp_path: Path) -> None:
    """16 pt is 21.33 px at 96 px an inch: the SVG pages' text is 22 px (a crossword's clue numbers
    excepted), a word search's letters too, however wide the grid (the page widens)."""
    least = printstyle.LARGE_TEXT_PT * 96 / 72
    page, cw = tmp_path / "ws.svg", tmp_path / "cw.svg"
    words = ["--words", "CAT DOG BIRD", "--seed", "1", "--size", "24x6", "--name-line"]
    assert cli("wordsearch", *words, "--svg", page).code == 10
    assert min(svg_sizes(page.read_text(), "letter")) < least and min(svg_sizes(page.read_text(), "word")) < least
    assert cli("wordsearch", *words, "--svg", page, "--large-print").code == 10
    large = page.read_text()
    for cls in ("title", "name-line", "instructions", "letter", "word"):
        assert svg_sizes(large, cls) and min(svg_sizes(large, cls)) >= least, cls
    assert cli("crossword", LATTICE, "--svg-key", cw, "--large-print", "--lowercase").code == 10
    key = cw.read_text()
    for cls in ("title", "clue", "letter"):
        assert svg_sizes(key, cls) and min(svg_sizes(key, cls)) >= least, cls
    assert set(re.findall(r'class="letter"[^>]*>([^<]*)<', key)) <= set("abcdefghijklmnopqrstuvwxyz")


def page_data(html: str) -> dict:
    return json.loads(re.search(r'id="puzzle-data">(.*?)</script>', html, re.S).group(1))


def test_the_playable_pages_speak_the_puzzles_language(cli, tmp_path: Path) -> None:
    from pyclingo_puzzles import wordsearch
    from pyclingo_puzzles.core.grid import Placement
    from pyclingo_puzzles.formats import ipuz, playable

    kana = wordsearch.generate(["ねこ", "いぬ"], width=4, height=4, seed=1).to_html(title="t")
    assert '<html lang="ja"' in kana and "見つけましょう" in kana and page_data(kana)["key_label"] == "答え"
    assert "drag from its first letter" not in kana
    rows = ["КОТ", "О  ", "Т  "]
    doc = ipuz.crossword_ipuz(rows, [Placement("КОТ", 0, 0, "across"), Placement("КОТ", 0, 0, "down")], title="т")
    russian = playable.crossword(doc)
    assert '<html lang="ru"' in russian and "Щёлкните по клетке" in russian and "Коснитесь клетки" in russian
    assert page_data(russian)["key_label"] == "ответы"
    own = playable.crossword(doc, playable.text_of("crossword", "т", "Впишите слова."))
    assert '<p id="instructions">Впишите слова.</p>' in own and "Щёлкните" not in own
    out = tmp_path / "ws.html"
    words = ["--words", "CAT DOG", "--html", out, "--key-label", "Answers", "--large-print", "--lowercase"]
    assert cli("wordsearch", *words, "--instructions", "Find them.").code == 10
    html = out.read_text()
    assert '<html lang="en" class="large-print">' in html and '<p id="instructions">Find them.</p>' in html
    assert page_data(html)["key_label"] == "Answers" and page_data(html)["lowercase"] is True
    assert page_data(wordsearch.generate(["CAT"], width=3, height=3, seed=1).to_html())["key_label"] == ""
