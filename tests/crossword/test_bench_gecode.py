"""The Gecode peer's glue (benchmarks/gecode.py): grid order from the example's source, index by block
pattern, and the check of its printed fill. Synthetic source text in the example's layout; nothing from
Gecode is in the project."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.gecode import Gecode, check_fill, grid_index, parse_grids, run_gecode

# Two 3x3 grids with the same blocks (ties go to the one named like the file) and one other, listed in
# grids[] in an order that differs from the arrays' order in the file.
SOURCE = """
  /*
   * Name: aa, 3 x 3
   */
  const int g0[] = {
    // Width and height of crossword grid
    3, 3,
    // Number of black fields
    1,
    // Black field coordinates
    2,0,
    // Length and number of words of that length
    3, 4,
    0,1,0, 0,2,0, 0,0,1, 1,0,1,
    0
  };
  /*
   * Name: bb, 3 x 3
   */
  const int g1[] = {
    3, 3,
    0,
    3, 6,
    0,0,0, 0,1,0, 0,2,0, 0,0,1, 1,0,1, 2,0,1,
    0
  };
  /*
   * Name: cc, 3 x 3
   */
  const int g2[] = { 3, 3, 1, 2,0, 0 };
  const int* grids[] = {
    &g1[0], &g0[0], &g2[0]
  };
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_grids_come_in_the_order_of_the_grids_array() -> None:
    grids = parse_grids(SOURCE)
    assert [g.name for g in grids] == ["bb", "aa", "cc"]
    assert grids[1].blocks == (3, 3, frozenset({(0, 2)}))  # (x=2, y=0) is row 0, column 2
    assert grids[0].blocks == (3, 3, frozenset())


def test_a_grid_file_gets_the_index_of_its_block_pattern(tmp_path: Path) -> None:
    grids = parse_grids(SOURCE)
    assert grid_index(grids, write(tmp_path, "zz.grid", "___\n___\n___\n")) == 0
    assert grid_index(grids, write(tmp_path, "aa.grid", "__*\n___\n___\n")) == 1
    assert grid_index(grids, write(tmp_path, "cc.grid", "__*\n___\n___\n")) == 2  # same blocks, own name
    assert grid_index(grids, write(tmp_path, "xx.grid", "__*\n___\n___\n")) == 1  # same blocks, first
    assert grid_index(grids, write(tmp_path, "yy.grid", "*__\n___\n___\n")) is None


OUTPUT = "Crossword\n\tab*\n\tcde\n\tfgh\n\n\nInitial\n\tpropagators: 3\n\nSummary\n\tsolutions:    1\n"
WORDS = {"ab", "cde", "fgh", "acf", "bdg", "eh"}  # across ab cde fgh, down acf bdg eh


def test_check_fill_accepts_a_fill_of_distinct_dictionary_words(tmp_path: Path) -> None:
    grid = write(tmp_path, "aa.grid", "__*\n___\n___\n")
    assert check_fill(grid, OUTPUT, WORDS)


@pytest.mark.parametrize(
    ("grid_text", "words"),
    [
        ("___\n___\n___\n", WORDS),  # the block is not where the grid has it
        ("__*\n___\n___\n", WORDS - {"bdg"}),  # a slot's word is not in the dictionary
    ],
)
def test_check_fill_rejects_a_wrong_fill(tmp_path: Path, grid_text: str, words: set[str]) -> None:
    assert not check_fill(write(tmp_path, "aa.grid", grid_text), OUTPUT, words)


def test_check_fill_rejects_a_repeated_word(tmp_path: Path) -> None:
    grid = write(tmp_path, "sq.grid", "__\n__\n")
    assert check_fill(grid, "\tab\n\tcd\n", {"ab", "cd", "ac", "bd"})
    assert not check_fill(grid, "\tab\n\tba\n", {"ab", "ba"})  # ab and ba both across and down


def test_an_unavailable_peer_leaves_an_empty_cell(tmp_path: Path) -> None:
    grid = write(tmp_path, "aa.grid", "__*\n___\n___\n")
    assert run_gecode(Gecode(None, "no g++"), grid, tmp_path / "dict.txt", 1.0) == ("-", 0.0)
