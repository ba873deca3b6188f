"""Issue 46.5: several FILEs and one ``--pdf OUT.pdf`` (or ``-o OUT.pdf``) write OUT.pdf alone: every
puzzle in input order, then every key, the pages numbered; the summary says in words what became of
each input (its pages, or that it has none)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyclingo_puzzles.cli.onedoc import Document
from pyclingo_puzzles.formats import pdf

from ..conftest import INSTANCES

pypdf = pytest.importorskip("pypdf")

WORDS = {"farm": "COW\nPIG\nHEN\n", "sea": "FISH\nCRAB\n", "safari": "LION\nZEBRA\n"}


@pytest.fixture
def lists(tmp_path: Path) -> list[Path]:
    paths = []
    for name, words in WORDS.items():
        (tmp_path / f"{name}.txt").write_text(words, encoding="utf-8")
        paths.append(tmp_path / f"{name}.txt")
    return paths


def page_texts(path: Path) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(path).pages]


@pytest.mark.parametrize("option", ["--pdf", "-o"])
def test_several_lists_make_one_document_puzzles_then_keys(cli, lists: list[Path], tmp_path: Path, option: str) -> None:
    out = tmp_path / "days.pdf"
    res = cli("wordsearch", *lists, option, out, "--seed", "2", "--jobs", "2")
    assert res.code == 10
    assert sorted(p.name for p in tmp_path.iterdir()) == ["days.pdf", "farm.txt", "safari.txt", "sea.txt"]
    texts = page_texts(out)
    heads = [text.splitlines()[0] for text in texts]
    assert heads == ["farm", "sea", "safari", "farm — key", "sea — key", "safari — key"]
    assert [text.split()[-1] for text in texts] == ["1", "2", "3", "4", "5", "6"]  # numbered through
    rows = res.err.split("summary: ", 1)[1].splitlines()
    assert rows[0].startswith("3 files, exit 10 (the most severe: ") and rows[0].endswith("): 3 solved")
    assert rows[1].endswith("solved, page 1 of days.pdf, key page 4")
    assert rows[3].endswith("solved, page 3 of days.pdf, key page 6")


def test_a_file_without_an_answer_has_no_pages_and_says_so(cli, lists: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "days.pdf"
    unsolvable = INSTANCES / "wordsearch" / "too-many-4x4.yaml"
    res = cli("wordsearch", lists[0], unsolvable, lists[1], "--pdf", out, "--exit-codes", "unix")
    assert res.code == 1
    assert [t.splitlines()[0] for t in page_texts(out)] == ["farm", "sea", "farm — key", "sea — key"]
    assert f"warning: no answer, so no pages in --pdf {out}" in res.err
    assert "unsolvable, not in days.pdf" in res.err and "solved, page 2 of days.pdf, key page 4" in res.err


def test_no_answer_at_all_writes_nothing(cli, tmp_path: Path) -> None:
    unsolvable = INSTANCES / "wordsearch" / "too-many-4x4.yaml"
    res = cli("wordsearch", unsolvable, unsolvable, "--pdf", tmp_path / "none.pdf")
    assert res.code == 20 and not (tmp_path / "none.pdf").exists()
    assert f"no file had an answer, so --pdf {tmp_path / 'none.pdf'} not written" in res.err


def test_parts_are_joined_in_order_with_their_fronts_first(tmp_path: Path) -> None:
    """The joining alone: two parts of two and one puzzle pages (from their keywords) and a missing one."""
    from fpdf import FPDF

    doc = Document(tmp_path / "all.pdf", "All", folder=tmp_path / "parts")
    doc.folder.mkdir()
    for index, (fronts, pages) in {0: (2, 3), 2: (1, 2)}.items():
        part = FPDF()
        part.set_keywords(f"{pdf.PART_KEYWORD}{fronts}")
        for _ in range(pages):
            part.add_page()
        part.output(str(doc.part(index)))
    doc.finish(3)
    assert len(pypdf.PdfReader(doc.out).pages) == 5
    assert [doc.where(i) for i in range(3)] == [
        "pages 1-2 of all.pdf, key page 4", "not in all.pdf", "page 3 of all.pdf, key page 5"]
    assert pdf.part_fronts("nothing") is None and pdf.part_fronts(f"{pdf.PART_KEYWORD}7") == 7
