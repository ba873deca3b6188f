"""One grid notation: a framework reads the same from Python rows, YAML, a .dat and a .grid, in the
canonical characters ('.' a square, '#' a block) and in the older ones ('_' and '*' of .grid files,
the P-99 files' space); any other character is refused with its line and column."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyclingo_puzzles import InputError, crossword
from pyclingo_puzzles.crossword.framework import Framework
from pyclingo_puzzles.crossword.reader import framework_of, read

EXPECTED = Framework((".. ", "...", " .."))
NOTATIONS = {"canonical": ["..#", "...", "#.."], "grid": ["__*", "___", "*__"], "p99": [".. ", "...", " .."],
             "mixed": ["_.*", ".__", "#._"]}  # fmt: skip


@pytest.mark.parametrize("rows", NOTATIONS.values(), ids=NOTATIONS.keys())
def test_every_input_reads_every_notation_alike(rows: list[str], tmp_path: Path) -> None:
    quoted = "".join(f'  - "{row}"\n' for row in rows)
    files = {"f.grid": "\n".join(rows) + "\n", "f.yaml": f"framework:\n{quoted}", "f.dat": "\n".join(rows) + "\n"}
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        assert framework_of(read(tmp_path / name)) == EXPECTED, name
    assert Framework.from_lines(rows) == EXPECTED


def test_python_rows_in_the_grid_files_characters_fill() -> None:
    """``crossword.fill(["___"] * 3, "en")`` once failed with "framework has no site" ('_' was a block)."""
    result = crossword.fill(["___"] * 3, "en", seed=1)
    assert result.status.name == "SAT" and len(result.solutions[0].grid) == 3
    assert " " not in "".join(result.solutions[0].grid)


@pytest.mark.parametrize(("name", "text", "where"), [
    ("f.grid", "__*\ntheme: AB@0,0,A\n_+_\n", "f.grid:3:2: '+'"),
    ("f.dat", "ab\n\n..#\n.@.\n", "f.dat:4:2: '@'"),
    ("f.yaml", 'words: [ab]\nframework:\n  - ".."\n  - ".!"\n', "f.yaml:4: framework row 2, column 2: '!'"),
    ("g.yaml", 'words: [ab]\nframework: [\n  "..",\n  ".."  ,  ".!"]\n', "g.yaml:4: framework row 3, column 2: '!'"),
])  # fmt: skip
def test_another_character_is_refused_by_line_and_column(name: str, text: str, where: str, tmp_path: Path) -> None:
    (tmp_path / name).write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as info:
        read(tmp_path / name)
    message = str(info.value)
    notation = "is not part of a framework ('.' or '_' an empty square, '#', '*' or a space a block"
    assert message.startswith(f"{tmp_path / where} {notation}"), message


def test_python_rows_are_refused_by_row_and_column() -> None:
    with pytest.raises(InputError, match=r"row 2, column 3: '@' is not part of a framework"):
        crossword.solve(["AB", "CD"], ["..#", "..@"])
