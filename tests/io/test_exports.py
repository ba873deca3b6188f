"""Printed and exported outputs as a demanding user meets them: letters of every script, clues with
quotes and markup, long titles and clues, big grids, and exports read back by other programs."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest

# ------------------------------------------------------------------------------------ PDF letters


@pytest.mark.parametrize("family", ["layout", "crossword"])
def test_a_letter_the_pdf_font_lacks_is_warned_about_in_every_family(cli, tmp_path: Path, family: str) -> None:
    src = tmp_path / "kana.yaml"
    if family == "layout":
        src.write_text("words:\n  - {word: ねこ, clue: a cat 😀}\n  - {word: こい, clue: carp}\n", encoding="utf-8")
    else:
        src.write_text('words: [ねこ, ねい]\nframework:\n  - ".."\n  - ". "\n', encoding="utf-8")
    out = tmp_path / "kana.pdf"
    res = cli(family, src, "--pdf", out)
    assert res.code in (10, 30), res.err
    text = "".join(page.extract_text() for page in pypdf.PdfReader(out).pages)
    assert "ね" not in text  # Noto Sans has no kana: blanks on the page, so the user must be told
    warning = next(line for line in res.err.splitlines() if "no glyph" in line)
    assert all(ch in warning for ch in "いこね") and warning.startswith("warning: ")
    if family == "layout":
        assert "😀" in warning


def test_a_pdf_the_font_draws_whole_gives_no_glyph_warning(cli, tmp_path: Path) -> None:
    src = tmp_path / "words.yaml"
    src.write_text("words:\n  - {word: STRAßE, clue: Weg}\n  - {word: ÆBLE, clue: фрукт}\n", encoding="utf-8")
    res = cli("layout", src, "--pdf", tmp_path / "out.pdf")
    assert res.code in (10, 30) and "no glyph" not in res.err, res.err
