"""Formats constructors exchange (issue 33, item 6): Across Lite .puz written through puzpy and read
back as a framework, .ipuz frameworks read through the ipuz library; round trips ours -> puzpy/ipuz
-> ours, and the readers fuzzed: a hostile file is one InputError, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import ipuz as ipuz_lib
import puz
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyclingo_puzzles.core.errors import InputError
from pyclingo_puzzles.core.grid import Placement
from pyclingo_puzzles.formats import ipuz
from pyclingo_puzzles.formats import puz as ours

ROWS = ("IN MO", "SEVEN", " VIA ", "BEING", "ER TO")  # a filled 5x5 (space: a block)
FRAME = ["..#..", ".....", "#...#", ".....", "..#.."]


def placements(rows: tuple[str, ...] = ROWS) -> list[Placement]:
    """Every run of two or more letters, read from the grid."""
    out = []
    cols = ["".join(r[c] for r in rows) for c in range(len(rows[0]))]
    for lines, across in ((rows, True), (cols, False)):
        for i, line in enumerate(lines):
            start = 0
            for run in line.split(" "):
                if len(run) >= 2:
                    r, c = (i, start) if across else (start, i)
                    out.append(Placement(run, r, c, "across" if across else "down"))
                start += len(run) + 1
    return out


def write_puz(tmp_path: Path, **kw) -> Path:
    path = tmp_path / "g.puz"
    path.write_bytes(ours.crossword_puz(ROWS, placements(), **kw))
    return path


def test_puz_written_is_read_by_puzpy_with_clues_in_order(tmp_path: Path) -> None:
    path = write_puz(tmp_path, clue=lambda p: f"clue for {p.word}", title="Mini")
    p = puz.read(str(path))
    assert (p.width, p.height, p.title) == (5, 5, "Mini")
    assert p.solution == "".join(ROWS).replace(" ", ".")
    numbering = p.clue_numbering()
    by_entry = {(c["num"], c["dir"]): c["clue"] for c in numbering.across + numbering.down}
    assert by_entry[(1, "across")] == "clue for IN"
    assert by_entry[(3, "down")] == "clue for MEANT"
    for c in numbering.across + numbering.down:  # each clue sits on its own entry
        assert c["clue"] == f"clue for {p.solution_grid().get_string_for_clue(c)}"


def test_puz_entries_without_clue_get_an_empty_one(tmp_path: Path) -> None:
    p = puz.read(str(write_puz(tmp_path)))
    assert len(p.clues) == len(placements()) and set(p.clues) == {""}


def test_puz_round_trip_ours_puzpy_ours(tmp_path: Path) -> None:
    path = write_puz(tmp_path)
    assert ours.read_framework(path) == (FRAME, [])
    assert ours.read_framework(path, keep_letters=True) == ([r.replace(" ", "#") for r in ROWS], [])


def test_puz_text_beyond_latin_1_takes_version_2(tmp_path: Path) -> None:
    p = puz.read(str(write_puz(tmp_path, title="Кроссворд")))
    assert p.title == "Кроссворд" and p.version == b"2.0"
    with pytest.raises(InputError, match=r"does not fit a \.puz cell"):
        ours.crossword_puz(("ЖУК",), [Placement("ЖУК", 0, 0, "across")])


def test_bad_puz_is_one_input_error(tmp_path: Path) -> None:
    data = write_puz(tmp_path).read_bytes()
    bad = tmp_path / "bad.puz"
    for broken in (data[:-7], data[:40], data[:2] + b"\x00\x00" + data[4:], b"not a puzzle"):
        bad.write_bytes(broken)
        with pytest.raises(InputError) as e:
            ours.read_framework(bad)
        assert str(e.value).startswith(f"{bad}: not a readable Across Lite .puz file")


def test_puz_rebus_and_circles_are_named(tmp_path: Path) -> None:
    p = puz.read(str(write_puz(tmp_path)))
    p.markup().set_markup_squares([0, 6], puz.GridMarkup.Circled)
    p.rebus().add_rebus_squares(1, "NX")
    path = tmp_path / "marked.puz"
    p.save(str(path))
    rows, notes = ours.read_framework(path)
    assert rows == FRAME
    assert any("circled" in n and "dropped" in n for n in notes)
    assert any("rebus" in n and "dropped" in n for n in notes)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_puz_reader_fuzz(tmp_path: Path, data: st.DataObject) -> None:
    """A valid file with bytes changed, cut or added: a framework or one InputError."""
    good = ours.crossword_puz(ROWS, placements(), clue=lambda p: p.word.lower(), title="t")
    blob = bytearray(good)
    for _ in range(data.draw(st.integers(0, 4))):
        i = data.draw(st.integers(0, len(blob) - 1))
        blob[i] = data.draw(st.integers(0, 255))
    blob = blob[: data.draw(st.integers(0, len(blob)))] + data.draw(st.binary(max_size=8))
    path = tmp_path / "f.puz"
    path.write_bytes(bytes(blob))
    try:
        rows, _ = ours.read_framework(path)
    except InputError as e:
        assert str(e).startswith(str(path))
    else:
        assert rows and all(len(r) == len(rows[0]) for r in rows)


def write_ipuz(tmp_path: Path, doc: dict) -> Path:
    path = tmp_path / "g.ipuz"
    path.write_text(json.dumps(doc))
    return path


def test_ipuz_round_trip_ours_ipuz_ours(tmp_path: Path) -> None:
    doc = ipuz.crossword_ipuz(ROWS, placements(), title="Mini", given={(1, 0): "S"})
    ipuz_lib.read(json.dumps(doc))  # the library takes ours
    path = write_ipuz(tmp_path, doc)
    frame = [row[:] for row in FRAME]
    frame[1] = "S...."
    assert ipuz.read_framework(path) == (frame, [])
    assert ipuz.read_framework(path, keep_letters=True) == ([r.replace(" ", "#") for r in ROWS], [])


def test_ipuz_omitted_cells_styles_and_rebus(tmp_path: Path) -> None:
    doc = ipuz.crossword_ipuz(ROWS, placements())
    doc["puzzle"][0][2] = None  # an omitted cell: no place
    doc["puzzle"][1][1] = {"cell": 0, "style": {"shapebg": "circle"}}
    doc["solution"][1][1] = "EV"  # a rebus: no one letter to keep
    rows, notes = ipuz.read_framework(write_ipuz(tmp_path, doc), keep_letters=True)
    assert rows[0] == "IN#MO" and rows[1] == "S.VEN"
    assert any("styles are dropped" in n for n in notes)


@pytest.mark.parametrize(
    "text, message",
    [
        ("{", "not a valid ipuz file"),
        ('{"version": "http://ipuz.org/v2", "kind": ["http://example.org/riddle#1"]}', "not an ipuz crossword"),
        ('{"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"], "dimensions": '
         '{"width": 1, "height": 1}, "puzzle": []}', "no 'puzzle' grid"),
    ],
)
def test_bad_ipuz_is_one_input_error(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.ipuz"
    path.write_text(text)
    with pytest.raises(InputError, match=message):
        ipuz.read_framework(path)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.sampled_from(["#", "A", "", "ab", ":", "."]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["cell", "value", "style"]), inner),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(puzzle=JSON, solution=JSON, block=JSON, keep=st.booleans())
def test_ipuz_reader_fuzz(tmp_path: Path, puzzle: object, solution: object, block: object, keep: bool) -> None:
    doc = {"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"],
           "dimensions": {"width": 3, "height": 3}, "puzzle": puzzle, "solution": solution, "block": block}
    path = write_ipuz(tmp_path, doc)
    try:
        rows, _ = ipuz.read_framework(path, keep_letters=keep)
    except InputError as e:
        assert str(e).startswith(str(path))
    else:
        assert rows and all(len(r) == len(rows[0]) for r in rows)


def test_layout_writes_a_puz_that_puzpy_reads(tmp_path: Path, cli) -> None:
    out = tmp_path / "pets.puz"
    pets = Path(__file__).with_name("pets-3.yaml")  # a small layout: the .puz is tested, not the search
    res = cli("layout", pets, "-o", out, "--time-limit", "3", "--exit-codes", "clingo")
    assert res.code in (10, 11, 30), res.err  # a layout, proved best or not (a busy machine)
    p = puz.read(str(out))
    assert p.title == "Pets" and "Warty hopper" in p.clues
    numbering = p.clue_numbering()
    answers = {p.solution_grid().get_string_for_clue(c): c["clue"] for c in numbering.across + numbering.down}
    assert answers["TOAD"] == "Warty hopper"


HOSTILE = '<script>alert(1)</script> Salt & "pepper" <i>x</i>'


def test_a_clue_and_title_are_escaped_in_ipuz_and_kept_as_written_in_puz(tmp_path: Path) -> None:
    """Issue 49.8: ipuz's text fields are HTML, so a clue's markup is escaped there (an app shows it
    as written and runs nothing); a .puz clue is plain text (Across Lite shows it as it is), so it
    is kept as written; the playable page, built from the ipuz document, shows the text as written."""
    from pyclingo_puzzles.formats import playable

    doc = ipuz.crossword_ipuz(ROWS, placements(), clue=lambda p: HOSTILE, title=HOSTILE)
    ipuz_lib.read(json.dumps(doc))  # still a valid ipuz document
    clue = doc["clues"]["Across"][0]["clue"]
    assert clue == '&lt;script&gt;alert(1)&lt;/script&gt; Salt &amp; "pepper" &lt;i&gt;x&lt;/i&gt;'
    assert doc["title"] == clue and "<" not in ipuz.to_text(doc)
    assert ipuz.plain(clue) == HOSTILE and ipuz.plain("<b>Bold</b> &amp; co") == "Bold & co"
    p = puz.read(str(write_puz(tmp_path, clue=lambda p: HOSTILE, title=HOSTILE)))
    assert p.title == HOSTILE and {c["clue"] for c in p.clue_numbering().across} == {HOSTILE}
    page = playable.crossword(doc)
    data = json.loads(page.split('id="puzzle-data">')[1].split("</script>")[0])
    assert {e["clue"] for e in data["entries"]} == {HOSTILE}
    assert "<title>&lt;script&gt;alert(1)&lt;/script&gt; Salt &amp; &quot;pepper&quot;" in page
