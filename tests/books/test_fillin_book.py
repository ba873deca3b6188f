"""A book's fill-in sections: generated patterns and laid-out word pools, the starters on the
puzzle page (and one answer with them, by the plain Python search), the key at the back, the same
book again from a resumed run, bad sections."""

from __future__ import annotations

import io
from pathlib import Path

import pypdf
import pytest

from pyclingo_puzzles.books import make_book
from pyclingo_puzzles.books.manifest import read_manifest
from pyclingo_puzzles.books.store import SUFFIX
from pyclingo_puzzles.core.errors import InputError

from ..fillin.brute import solutions

BOOK = """title: Fill-ins
trim: 6x9in
seed: 5
sections:
  - fillin: {size: 5x5, count: 1, time_limit: 30}
  - fillin: {words: pets.txt, count: 1, pick: 5, time_limit: 2}
"""
PETS = ["CAT", "DOG", "GOAT", "TOAD", "COD", "RAT", "TOT"]


def test_fillin_sections_print_starters_keys_and_resume_to_the_same_book(tmp_path: Path) -> None:
    (tmp_path / "pets.txt").write_text("\n".join(PETS) + "\n")
    path = tmp_path / "book.yaml"
    path.write_text(BOOK)
    out = tmp_path / "book.pdf"
    book = make_book(path, output=out, jobs=1)
    texts = [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(book.to_pdf())).pages]
    assert [r["family"] for r in book.records] == ["fillin", "fillin"]
    for record in book.records:
        rows = ["".join(" " if ch == " " else "." for ch in row) for row in record["grid"]]
        words = [e[0] for e in record["entries"]]
        given = {(r, c): ch for r, c, ch in record["starters"]}
        assert solutions(rows, words, given) == [tuple(record["grid"])]  # one answer with the starters
        page = texts[record["number"] + 2]
        assert "FILL-INS" in page and all(w in page for w in words)
    assert "Answers" in "\n".join(texts[5:])
    work = out.with_name(out.name + SUFFIX)
    sorted(work.glob("0*.json"))[-1].unlink()  # stopped half way: the second puzzle made again
    again = make_book(path, output=out, jobs=1)
    assert again.records == book.records
    again.finish()


@pytest.mark.parametrize(
    ("section", "message"),
    [
        ("{size: 5x5, count: 1, difficulty: medium}", "difficulty must be easy or hard"),
        ("{size: 5x5, words: pets.txt, count: 1}", "not both"),
        ("{words: missing.txt, count: 1}", "no such file"),
        ("{size: 5x5, count: 1, starters: -2}", "starters must be"),
    ],
)
def test_bad_fillin_sections_name_the_line(tmp_path: Path, section: str, message: str) -> None:
    (tmp_path / "pets.txt").write_text("\n".join(PETS) + "\n")
    path = tmp_path / "book.yaml"
    path.write_text(f"title: T\nsections:\n  - fillin: {section}\n")
    with pytest.raises(InputError) as caught:
        read_manifest(path)
    assert caught.value.line == 3 and message in str(caught.value) and "\n" not in str(caught.value)
