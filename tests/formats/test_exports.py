"""Printed and exported outputs as a demanding user meets them: letters of every script, clues with
quotes and markup, long titles and clues, big grids, and exports read back by other programs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import ipuz
import pypdf
import pypdfium2
import pytest
import yaml

from ..conftest import INSTANCES

# ------------------------------------------------------------------------------------ PDF letters


@pytest.mark.parametrize("family", ["layout", "crossword"])
def test_a_letter_the_pdf_font_lacks_is_warned_about_in_every_family(
    cli, tmp_path: Path, family: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pyclingo_puzzles.formats import cjkfont

    monkeypatch.setattr(cjkfont, "path", lambda: None)  # a machine without a CJK font
    monkeypatch.setattr(cjkfont, "covered", lambda: frozenset())
    src = tmp_path / "kana.yaml"
    if family == "layout":
        src.write_text("words:\n  - {word: ねこ, clue: a cat 😀}\n  - {word: こい, clue: carp}\n", encoding="utf-8")
    else:
        src.write_text('words: [ねこ, ねい]\nframework:\n  - ".."\n  - ". "\n', encoding="utf-8")
    out = tmp_path / "kana.pdf"
    res = cli(family, src, "--pdf", out)
    assert res.code in (10, 30), res.err
    text = "".join(page.extract_text() for page in pypdf.PdfReader(out).pages)
    assert "ね" not in text  # no font has kana here: blanks on the page, so the user must be told
    warning = next(line for line in res.err.splitlines() if "no glyph" in line)
    assert all(ch in warning for ch in "いこね") and warning.startswith("warning: ")
    assert "fonts-noto-cjk" in warning  # and how to get a CJK font
    if family == "layout":
        assert "😀" in warning


def test_a_pdf_the_font_draws_whole_gives_no_glyph_warning(cli, tmp_path: Path) -> None:
    src = tmp_path / "words.yaml"
    src.write_text("words:\n  - {word: STRAßE, clue: Weg}\n  - {word: ÆBLE, clue: фрукт}\n", encoding="utf-8")
    res = cli("layout", src, "--pdf", tmp_path / "out.pdf")
    assert res.code in (10, 30) and "no glyph" not in res.err, res.err


# ------------------------------------------------------------------------------------ PDF page room


def ink_right_of_page(pdf: Path) -> list[tuple[int, str]]:
    """(page, character) of every character drawn past the page's right margin (5 mm of it)."""
    doc = pypdfium2.PdfDocument(pdf)
    out = []
    for n in range(len(doc)):
        page = doc[n]
        width = page.get_width()
        text = page.get_textpage()
        for i in range(text.count_chars()):
            right = text.get_charbox(i)[2]
            if right > width - 5 * 72 / 25.4:
                out.append((n, text.get_text_range(i, 1)))
    return out


def test_a_long_title_and_long_clues_wrap_within_the_page(cli, tmp_path: Path) -> None:
    clue = "A clue that goes on and on about the cat, " * 5 + "and ends here"
    title = "Crossword " + "very long title " * 12 + "end"
    src = tmp_path / "long.yaml"
    # one word: a layout decided without a search (the page is tested, not the search)
    src.write_text(yaml.safe_dump({"title": title, "words": [{"word": "CAT", "clue": clue}]}))
    out = tmp_path / "long.pdf"
    res = cli("layout", src, "--pdf", out)
    assert res.code == 30, res.err
    assert ink_right_of_page(out) == []
    words = " ".join(pypdf.PdfReader(out).pages[0].extract_text().split())
    assert clue in words and "and ends here (3)" in words  # wrapped, none of it lost
    assert "very long title end" in words


def test_a_title_without_spaces_is_broken_and_cut_to_three_lines(cli, tmp_path: Path) -> None:
    src = tmp_path / "t.yaml"
    src.write_text(yaml.safe_dump({"title": "W" * 400, "words": ["CAT"]}))  # one word: no search
    out = tmp_path / "t.pdf"
    assert cli("layout", src, "--pdf", out).code == 30
    assert ink_right_of_page(out) == []
    assert "…" in pypdf.PdfReader(out).pages[0].extract_text()


# ------------------------------------------------------------------------------------ SVG


HOSTILE_TEXT = 'ctl \x01 \x1b[31m <b>&amp; "q" \ufffe end'


@pytest.mark.parametrize("family", ["wordsearch", "layout", "strips"])
def test_control_characters_and_markup_in_titles_keep_every_svg_well_formed(cli, tmp_path: Path, family: str) -> None:
    src = tmp_path / "in.yaml"
    if family == "wordsearch":
        doc = {"title": HOSTILE_TEXT, "width": 5, "height": 5, "level": "easy", "words": ["CAT", "DOG"]}
    elif family == "layout":
        doc = {"title": HOSTILE_TEXT, "words": [{"word": "CAT", "clue": HOSTILE_TEXT}, {"word": "TOAD", "clue": "x"}]}
    else:
        doc = {"grids": [{"name": HOSTILE_TEXT, "rows": ["wb", "ww", "ww"]}]}
    src.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    svgs = [tmp_path / "a.svg"] + ([tmp_path / "b.svg"] if family != "strips" else [])
    res = cli(family, src, "--svg", svgs[0], *(["--svg-key", svgs[1]] if len(svgs) > 1 else []))
    assert res.code in (10, 30), res.err
    for svg in svgs:
        texts = " ".join(e.text or "" for e in ElementTree.parse(svg).iter())
        assert '<b>&amp; "q"' in texts and "end" in texts  # markup shown as written, nothing cut after


def test_a_control_character_the_pdf_cannot_draw_is_named_by_its_code(cli, tmp_path: Path) -> None:
    src = tmp_path / "in.yaml"
    src.write_text(yaml.safe_dump({"title": "bell \x07 here", "words": ["CAT"]}), encoding="utf-8")  # no search
    res = cli("layout", src, "--pdf", tmp_path / "out.pdf")
    assert res.code == 30 and "no glyph for U+0007: they print as blanks" in res.err, res.err


# ------------------------------------------------------------------------------------ signals


SLOW_DISK = """
import os, signal, sys, time
real = os.replace
def replace(src, dst, *a, **k):  # a slow disk: the user presses Ctrl-C twice while the PDF is written
    if str(dst).endswith(".pdf"):
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(0.3)
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(30)
    return real(src, dst, *a, **k)
os.replace = replace
from pyclingo_puzzles.cli.command import console
console()
"""


def test_a_hard_exit_while_a_pdf_is_written_leaves_no_temporary_file(tmp_path: Path) -> None:
    out = tmp_path / "book.pdf"
    out.write_bytes(b"the old book")
    src = tmp_path / "pets.yaml"
    src.write_text("words: [CAT]\n")  # one word: no search, the PDF at once
    res = subprocess.run([sys.executable, "-c", SLOW_DISK, "layout", str(src), "--pdf", str(out)],
                         capture_output=True, text=True, timeout=25)
    assert res.returncode == 1 and "interrupted again" in res.stderr and "Traceback" not in res.stderr, res.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.pdf", "pets.yaml"]  # no .book.pdf.PID.tmp
    assert out.read_bytes() == b"the old book"


STUCK_DISK = """
import os, signal, sys
real = os.replace
def replace(src, dst, *a, **k):  # a disk that hangs while one file's PDF is written
    if str(dst).endswith("000000.pdf"):  # the first file's part of the one document (cli/onedoc.py)
        os.kill(os.getpid(), signal.SIGSTOP)
    return real(src, dst, *a, **k)
os.replace = replace
from pyclingo_puzzles.cli.command import console
console()
"""


def test_a_batch_worker_killed_while_writing_leaves_no_temporary_file(tmp_path: Path) -> None:
    for name in ("a", "b"):
        (tmp_path / f"{name}.yaml").write_text("words: [CAT]\n")  # one word: no search, the PDF at once
    argv = ["layout", tmp_path / "a.yaml", tmp_path / "b.yaml", "--pdf", tmp_path / "book.pdf", "--time-limit", "2"]
    parts = tmp_path / "tmp"  # where the parts of the one document are drawn
    parts.mkdir()
    res = subprocess.run([sys.executable, "-c", STUCK_DISK, *map(str, argv)], capture_output=True, text=True,
                         timeout=60, env={**os.environ, "TMPDIR": str(parts)})
    assert "Traceback" not in res.stderr, res.stderr
    assert res.returncode != 0
    # no temporary file: book.pdf holds b's pages when b's worker got its time (a busy machine may
    # spend the batch's 2 s before that), the parts' folder is gone
    assert set(os.listdir(tmp_path)) - {"book.pdf"} == {"a.yaml", "b.yaml", "tmp"}
    assert not [p for p in parts.rglob("*") if p.suffix in (".pdf", ".tmp")], list(parts.rglob("*"))


# ------------------------------------------------------------------------------------ ipuz


def test_a_frameworks_predefined_letters_are_given_in_the_ipuz_and_the_printed_puzzle(cli, tmp_path: Path) -> None:
    out, book = tmp_path / "p.ipuz", tmp_path / "p.pdf"
    res = cli("crossword", INSTANCES / "crossword" / "lattice-predefined.dat", "--ipuz", out, "--pdf", book)
    assert res.code == 10, res.err
    doc = ipuz.read(out.read_text(encoding="utf-8"))
    assert doc["puzzle"][0][0] == {"cell": 1, "value": "E"} and doc["puzzle"][4][6] == {"cell": 0, "value": "E"}
    assert doc["puzzle"][2][0] == 5 and doc["puzzle"][2][1] == 0  # the rest stays to solve
    front = pypdf.PdfReader(book).pages[0].extract_text().split()
    letters = [w for w in front if w.isalpha() and len(w) == 1]
    assert letters == ["E", "E"]  # the givens on the puzzle page, no other letter of the fill


def test_a_dictionary_fill_gives_its_predefined_letters_in_the_ipuz(cli, tmp_path: Path) -> None:
    grid, words, out = tmp_path / "g.grid", tmp_path / "d.txt", tmp_path / "g.ipuz"
    grid.write_text("C__\n_**\n_**\n")
    words.write_text("CAT\nCOW\nOAK\n")
    assert cli("crossword", grid, "--dictionary", words, "--ipuz", out).code == 10
    assert ipuz.read(out.read_text(encoding="utf-8"))["puzzle"][0] == [{"cell": 1, "value": "C"}, 0, 0]
