"""Shaped word searches: built-in shapes, the mask reader, usable cells only, text and SVG output."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyclingo_puzzles.wordsearch import shapes
from pyclingo_puzzles.wordsearch.reader import parse_instance, read_instance
from pyclingo_puzzles.wordsearch.verify import Placement, occurrences, verify

from ..conftest import INSTANCES, one_line_error, parse_or_one_line_error

WORDSEARCH = INSTANCES / "wordsearch"
SHAPED = ("heart-13x12.yaml", "cross-ru-9x9.yaml")
SIZES = ((5, 5), (9, 9), (12, 10), (7, 13), (30, 30))


def usable(mask: tuple[str, ...]) -> set[tuple[int, int]]:
    return {(r, c) for r, row in enumerate(mask) for c, ch in enumerate(row) if ch == "#"}


# ---------------------------------------------------------------------------------- built-in shapes


@pytest.mark.parametrize("name", sorted(shapes.SHAPES))
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_builtin_shape_fits_its_box_and_is_symmetric(name: str, width: int, height: int) -> None:
    mask = shapes.draw(name, width, height)
    assert len(mask) == height and all(len(row) == width and set(row) <= {"#", "."} for row in mask)
    cells = usable(mask)
    assert cells, "empty shape"
    assert cells != {(r, c) for r in range(height) for c in range(width)}, "a shape is not the full rectangle"
    assert all(row == row[::-1] for row in mask), "left-right symmetric"
    if name in ("circle", "diamond", "donut"):
        assert mask == mask[::-1], "top-bottom symmetric"
    # drawn to the box: the figure reaches (nearly) every side
    rows, cols = {r for r, _ in cells}, {c for _, c in cells}
    assert min(rows) <= 1 and max(rows) >= height - 2 and min(cols) <= 1 and max(cols) >= width - 2
    assert shapes.has_hole(mask) == (name == "donut")


def test_shapes_look_like_their_names() -> None:
    circle, triangle, heart = (shapes.draw(n, 11, 11) for n in ("circle", "triangle", "heart"))
    assert circle[5] == "#" * 11 and circle[0][0] == "." and circle[0][5] == "#"
    assert triangle[-1] == "#" * 11 and triangle[0].count("#") <= 2  # apex up, base down
    assert heart[0][5] == "." and heart[-1].count("#") <= 2  # notch on top, point below
    donut = shapes.draw("donut", 11, 11)
    assert donut[5][5] == "." and donut[5][0] == "#"


def test_tiny_box_too_small_for_a_donut() -> None:
    err = one_line_error(parse_instance, "width: 2\nheight: 2\nshape: donut\nwords: [AB]\n")
    assert "too small to draw a donut" in str(err) and err.line == 3


# -------------------------------------------------------------------------------------- mask reader

MASK_ROWS = "mask:\n  - '###..'\n  - '#####'\n  - '..###'\nwords: [AB]\n"


def test_mask_sets_the_size_as_list_or_block() -> None:
    inst = parse_instance(MASK_ROWS, "m.yaml")
    assert (inst.width, inst.height) == (5, 3) and inst.mask == ("###..", "#####", "..###") and inst.shape is None
    block = parse_instance("words: [AB]\nmask: |\n  ###..\n  #####\n  ..###\n", "m.yaml")
    assert block.mask == inst.mask
    same = parse_instance("width: 5\nheight: 3\n" + MASK_ROWS, "m.yaml")
    assert same.mask == inst.mask


@pytest.mark.parametrize(
    ("text", "fragment", "line"),
    [
        ("mask:\n  - '###'\n  - '##'\nwords: [AB]\n", "row 2 has 2 cells, row 1 has 3", 3),
        ("words: [AB]\nmask: |\n  ###\n  #x#\n", "row 2 has 'x'", 4),
        ("words: [AB]\nmask: |\n  ###\n\n  ###\n", "row 2 has 0 cells", 4),
        ("mask: ['#O#']\nwords: [AB]\n", "'O'", 1),
        ("mask: ['...']\nwords: [AB]\n", "no usable cell", 1),
        ("mask: []\nwords: [AB]\n", "empty", 1),
        ("mask: 5\nwords: [AB]\n", "rows of '#'", 1),
        ("width: 6\nmask: ['####']\nwords: [AB]\n", "'width' is 6 but the mask's is 4", 1),
        ("width: 6\nheight: 6\nshape: hexagon\nwords: [AB]\n", "unknown shape 'hexagon'", 3),
        ("width: 6\nheight: 6\nshape: [heart]\nwords: [AB]\n", "unknown shape", 3),
        ("mask: ['##']\nshape: heart\nwords: [AB]\n", "either 'mask' or 'shape'", 2),
        ("width: 6\nheight: 6\nshape: circle\nwords: [AB]\nmessage: hi\n", "rectangular grid", 5),
        ("title: ''\nwidth: 6\nheight: 6\nwords: [AB]\n", "'title'", 1),
        # a word longer than the bounding box stays an input error (one that fits the box: UNSAT)
        ("mask: ['###']\nlevel: easy\nwords: [ABCD]\n", "longer than the 3x1 grid", 3),
    ],
)
def test_mask_and_shape_errors(text: str, fragment: str, line: int) -> None:
    err = one_line_error(parse_instance, text)
    assert fragment in str(err) and err.line == line, str(err)


ROW = st.text(alphabet="#.x ", min_size=0, max_size=6)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(ROW, max_size=5).map(lambda rows: "mask:\n" + "".join(f"  - {json.dumps(r)}\n" for r in rows))
    | st.lists(ROW, min_size=1, max_size=5).map(lambda rows: "mask: |\n" + "".join(f"  {r}\n" for r in rows))
    | st.text(alphabet="#.\n -|:", max_size=40).map(lambda t: "mask: " + t),
    st.sampled_from(["", "width: 3\n", "shape: star\n", "height: 2\n"]),
)
def test_fuzz_mask_reader_gives_instance_or_one_line_error(mask_text: str, extra: str) -> None:
    inst = parse_or_one_line_error(parse_instance, mask_text + extra + "words: [AB]\n", "m.yaml")
    if inst is not None:
        assert inst.mask is not None and len(inst.mask) == inst.height
        assert all(len(row) == inst.width and set(row) <= {"#", "."} for row in inst.mask)
        assert usable(inst.mask)


# ------------------------------------------------------------------------------- usable cells only


def test_scanner_reads_no_word_across_an_unusable_cell() -> None:
    assert occurrences(["CA T", "    ", "    "], "CAT") == []
    assert occurrences(["C   ", " A  ", "  T "], "CAT") != []
    assert occurrences(["C   ", "    ", "  T "], "CT") == []  # diagonal through a blank
    assert verify(["CA T"], [Placement("CAT", 0, 0, 1, 0)], ["CAT"]) == ["CAT occurs 0 times"]


def test_candidates_lie_on_usable_cells() -> None:
    from pyclingo_puzzles.wordsearch.candidates import all_candidates, candidate_count

    inst = read_instance(WORDSEARCH / "heart-13x12.yaml")
    cells = usable(inst.mask)
    for word in inst.words:
        cands = all_candidates(word, inst)
        assert len(cands) == sum(candidate_count(len(word), inst, d) for d in inst.directions)
        for c in cands:
            assert set(Placement(word, c.row, c.col, c.dx, c.dy).cells()) <= cells


def test_word_fits_only_through_the_usable_cells(cli, tmp_path: Path) -> None:
    # 7x7, easy (right, down): the only run of 7 usable cells is the middle column
    mask = ["...#...", "...#...", "##.#.##", "##.#.##", "##.#.##", "...#...", "...#..."]
    path = tmp_path / "col.yaml"
    path.write_text("level: easy\nmask:\n" + "".join(f"  - '{r}'\n" for r in mask) + "words: [PYTHONS, AB]\n")
    res = cli("wordsearch", path, "--json")
    assert res.code == 10, res.err
    data = json.loads(res.out)
    first = data["placements"][0]
    assert (first["row"], first["col"], first["dx"], first["dy"]) == (0, 3, 0, 1)
    inst = read_instance(path)
    for r, row in enumerate(data["grid"]):
        for c, ch in enumerate(row):
            assert (ch == shapes.BLOCK) == (mask[r][c] == "."), (r, c)
    assert verify(data["grid"], [Placement(**p) for p in data["placements"]], inst.words) == []


def test_word_that_fits_the_box_but_no_usable_run_is_unsat_with_core(cli, tmp_path: Path) -> None:
    path = tmp_path / "gap.yaml"
    path.write_text("level: hard\nmask: ['###.###', '###.###']\nwords: [XY, ABCDE]\n")
    res = cli("wordsearch", path, "--json")
    assert res.code == 20, res.err
    assert json.loads(res.out)["cannot_fit_together"] == ["ABCDE"]
    text = cli("wordsearch", path).out
    assert "7x2 mask (proved)" in text


def test_too_few_cells_for_the_words_is_unsat(cli, tmp_path: Path) -> None:
    # a ring of 8 cells; easy level: three 3-letter words with no letter in common need 9
    path = tmp_path / "ring.yaml"
    path.write_text("level: easy\nmask: ['###', '#.#', '###']\nwords: [ABC, DEF, GHI]\n")
    res = cli("wordsearch", path, "--json")
    assert res.code == 20, res.err
    assert len(json.loads(res.out)["cannot_fit_together"]) == 3
    assert "cannot all be placed on the 3x3 mask (proved)" in cli("wordsearch", path).out


@pytest.mark.parametrize("name", SHAPED)
def test_shaped_instances_use_usable_cells_only(name: str, cli) -> None:
    inst = read_instance(WORDSEARCH / name)
    res = cli("wordsearch", WORDSEARCH / name, "--json", "--models", "2")
    assert res.code in (10, 30), res.err
    for puzzle in json.loads(res.out)["puzzles"]:
        grid, placed = puzzle["grid"], [Placement(**p) for p in puzzle["placements"]]
        assert {(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch != shapes.BLOCK} == usable(
            inst.mask
        )
        assert all(ch == shapes.BLOCK or ch.isalpha() for row in grid for ch in row)
        assert all(set(p.cells()) <= usable(inst.mask) for p in placed)
        assert verify(grid, placed, inst.words) == []


def test_text_output_blanks_unusable_cells(cli) -> None:
    inst = read_instance(WORDSEARCH / "cross-ru-9x9.yaml")
    res = cli("wordsearch", WORDSEARCH / "cross-ru-9x9.yaml", "--key")
    grid_text, _, rest = res.out.partition("\n\n")
    key_text = rest.split("Answer key:\n")[1].split("\n\n")[0]
    for text in (grid_text, key_text):
        lines = text.splitlines()
        assert len(lines) == inst.height
        for r, line in enumerate(lines):
            for c in range(inst.width):
                ch = line[2 * c] if 2 * c < len(line) else " "
                assert (ch == " ") == (inst.mask[r][c] == "."), (r, c, line)


def test_svg_draws_only_usable_cells(cli, tmp_path: Path) -> None:
    page, key = tmp_path / "p.svg", tmp_path / "k.svg"
    inst = read_instance(WORDSEARCH / "heart-13x12.yaml")
    res = cli("wordsearch", WORDSEARCH / "heart-13x12.yaml", "--svg", page, "--svg-key", key)
    assert res.code == 10
    ns = "{http://www.w3.org/2000/svg}"
    n = len(usable(inst.mask))
    for svg, lines in ((page, 0), (key, len(inst.words))):
        root = ET.parse(svg).getroot()
        assert len([e for e in root.iter(f"{ns}rect") if e.get("class") == "cell"]) == n
        letters = [e for e in root.iter(f"{ns}text") if e.get("class") == "letter"]
        assert len(letters) == n and all(e.text and e.text.isalpha() for e in letters)
        assert len(list(root.iter(f"{ns}line"))) == lines
        assert any(e.text == "Valentine" or (e.text or "").startswith("Valentine") for e in root.iter(f"{ns}text"))


def test_size_redraws_a_shape_but_not_mask_rows(cli) -> None:
    data = json.loads(cli("wordsearch", WORDSEARCH / "heart-13x12.yaml", "--size", "16x15", "--json").out)
    assert len(data["grid"]) == 15 and len(data["grid"][0]) == 16
    assert {(r, c) for r, row in enumerate(data["grid"]) for c, ch in enumerate(row) if ch != " "} == usable(
        shapes.draw("heart", 16, 15)
    )
    res = cli("wordsearch", WORDSEARCH / "cross-ru-9x9.yaml", "--size", "10x10")
    assert res.code == 65 and "cannot resize a mask" in res.err and res.err.count("\n") == 1
