"""Printable pages (--pdf): every letter is real, extractable text in any script; pages open and show ink."""

from __future__ import annotations

import io
import json
from collections import Counter
from pathlib import Path

import pypdf
import pypdfium2
import pytest
from PIL import Image, ImageChops

from pyclingo_puzzles.formats import cjkfont, printstyle
from pyclingo_puzzles.wordsearch.pages import font_path, missing_glyphs, pages_for, render
from pyclingo_puzzles.wordsearch.puzzle import Puzzle
from pyclingo_puzzles.wordsearch.reader import read_instance
from pyclingo_puzzles.wordsearch.verify import Placement

from ..conftest import INSTANCES

WORDSEARCH = INSTANCES / "wordsearch"
GREEK = "title: Ελληνικά\nwidth: 7\nheight: 7\nshape: diamond\nseed: 1\nwords: [ΑΛΦΑ, ΒΗΤΑ, ΖΗΤΑ, ΩΜΕΓΑ]\n"
GERMAN = "title: Grüße\nwidth: 7\nheight: 6\nlevel: easy\nwords: [Straße, Äpfel, Öl, Übung]\n"


def letters(text: str) -> Counter[str]:
    return Counter(ch for ch in text if ch.isalpha())


def make(cli, tmp_path: Path, source: Path | str, *args: str) -> tuple[dict, list[str], Path]:
    """Run the CLI with --pdf and --json; the JSON answer and each page's extracted text."""
    if isinstance(source, str):
        path = tmp_path / "inst.yaml"
        path.write_text(source, encoding="utf-8")
        source = path
    out = tmp_path / "book.pdf"
    res = cli("wordsearch", source, "--json", "--pdf", out, *args)
    assert res.code == 10 and res.err == "", res.err
    pages = [page.extract_text() for page in pypdf.PdfReader(out).pages]
    return json.loads(res.out), pages, out


def test_font_comes_from_its_package() -> None:
    path = font_path()
    assert path.is_file() and path.suffix == ".ttf" and "site-packages" in str(path)
    assert missing_glyphs("AZÄÖÜßΑΩαωАЯЁё") == []
    assert missing_glyphs("漢") == ([] if cjkfont.path() else ["漢"])  # a CJK font of the system draws it


@pytest.mark.parametrize("source", ["heart-13x12.yaml", "cross-ru-9x9.yaml", GREEK, GERMAN])
def test_every_grid_letter_and_listed_word_is_on_the_pages(source: str, cli, tmp_path: Path) -> None:
    src = WORDSEARCH / source if source.endswith(".yaml") else source
    data, pages, _ = make(cli, tmp_path, src, "--instructions", "")  # no line of instructions to count
    assert len(pages) == 2
    puzzle_page, key_page = pages
    if isinstance(src, Path):
        inst = read_instance(src)
    else:
        (tmp_path / "inst.yaml").write_text(src, encoding="utf-8")
        inst = read_instance(tmp_path / "inst.yaml")
    title = inst.title or Path(inst.path).stem
    grid = "".join(data["grid"])
    # exactly the title, the grid and the word list: no letter missing, none extra
    assert letters(puzzle_page) == letters(title + grid + "".join(inst.words))
    label = printstyle.key_label(inst.words, "key")  # in the words' language (issue 46.6)
    assert letters(key_page) == letters(title + label + grid + "".join(inst.words))
    for word in inst.words:
        assert word in puzzle_page and word in key_page
    assert puzzle_page.startswith(title) and f"{title} — {label}" in key_page


def test_puzzle_book_numbers_puzzles_and_puts_keys_at_the_back(cli, tmp_path: Path) -> None:
    data, pages, _ = make(cli, tmp_path, WORDSEARCH / "vor-5x5.yaml", "--models", "3")
    assert len(pages) == 6 and len(data["puzzles"]) == 3
    for i in range(3):
        assert pages[i].startswith(f"vor-5x5 — Puzzle {i + 1}\n")
        assert pages[3 + i].startswith(f"vor-5x5 — Puzzle {i + 1} — key")
        grid = "".join(data["puzzles"][i]["grid"])
        assert letters(grid) <= letters(pages[i]) and letters(grid) <= letters(pages[3 + i])


@pytest.mark.parametrize(("paper", "size"), [("a4", (595, 842)), ("letter", (612, 792))])
def test_page_renders_to_a_png_with_ink(paper: str, size: tuple[int, int], cli, tmp_path: Path) -> None:
    _, _, pdf = make(cli, tmp_path, WORDSEARCH / "cross-ru-9x9.yaml", "--paper", paper)
    doc = pypdfium2.PdfDocument(pdf)
    assert tuple(round(x) for x in doc[0].get_size()) == size
    png = tmp_path / "page.png"
    doc[1].render(scale=1).to_pil().save(png)
    image = Image.open(png).convert("L")
    assert all(abs(a - b) <= 1 for a, b in zip(image.size, size, strict=True))  # 1 pt = 1 px at scale 1
    area = image.size[0] * image.size[1]
    dark = sum(image.histogram()[:128])
    assert 0.005 * area < dark < 0.5 * area  # ink, but not a black page
    red, green, _ = doc[1].render(scale=1).to_pil().convert("RGB").split()
    assert ImageChops.subtract(red, green).getextrema()[1] > 80  # the key's coloured outlines


def test_pdf_warns_about_letters_the_font_lacks(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cjkfont, "path", lambda: None)  # a machine without a CJK font
    monkeypatch.setattr(cjkfont, "covered", lambda: frozenset())
    path = tmp_path / "cjk.yaml"
    path.write_text("width: 4\nheight: 4\nlevel: easy\nalphabet: 漢字山川\nwords: [漢字, 山川]\n", encoding="utf-8")
    res = cli("wordsearch", path, "--pdf", tmp_path / "cjk.pdf")
    assert res.code == 10 and "warning: the PDF font has no glyph for 字 山 川 漢" in res.err
    assert (tmp_path / "cjk.pdf").stat().st_size > 0


def test_unwritable_pdf_path_is_exit_65(cli, tmp_path: Path) -> None:
    res = cli("wordsearch", WORDSEARCH / "vor-5x5.yaml", "--pdf", tmp_path / "no" / "such" / "dir.pdf")
    assert res.code == 65 and "cannot write --pdf" in res.err and res.err.count("\n") == 1


def test_long_word_list_continues_on_further_pages() -> None:
    grid = tuple("ABCDEFGHIJ"[i:] + "ABCDEFGHIJ"[:i] for i in range(10))
    words = [f"{a}{b}{c}WORD" for a in "ABCDEFGH" for b in "ABCDE" for c in "ABCDEFG"]  # 280 words
    pages = pages_for([Puzzle(grid, (Placement("ABC", 0, 0, 1, 0),))], words, "Long list")
    texts = [p.extract_text() for p in pypdf.PdfReader(io.BytesIO(render(pages))).pages]
    assert len(texts) > 2 and any("(words, continued)" in t for t in texts)
    assert all(sum(t.split().count(w) for t in texts) == 2 for w in words)  # puzzle list and key list
    assert [t.strip().splitlines()[-1] for t in texts] == [str(i + 1) for i in range(len(texts))]  # numbered
