"""The constructor's bench from the command line: merged and trimmed word lists, clues in every
export, .puz and .ipuz written and read as frameworks, the SVG puzzle and key (issue 33)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import puz
import pytest

from pyclingo_puzzles.crossword import api
from pyclingo_puzzles.formats import ipuz

CROSS = ["...", ".##", ".##"]  # 1 across and 1 down, sharing the corner


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.fixture
def lists(tmp_path: Path) -> tuple[Path, Path, Path]:
    grid = write(tmp_path, "g.grid", "___\n_**\n_**\n")
    a = write(tmp_path, "a.txt", "CAT\nDOG\n")
    b = write(tmp_path, "b.txt", "COW;5\nDAB;7\n")
    return grid, a, b


def words_of(out: str) -> set[str]:
    rows = out.splitlines()[:3]
    return {rows[0].strip(), "".join(r[0] for r in rows)}


def test_dictionaries_merge(cli, lists) -> None:
    grid, a, b = lists
    res = cli("crossword", grid, "--dictionary", a, "--exit-codes", "clingo")
    assert res.code == 20  # CAT and DOG share no first letter: one list cannot fill it
    res = cli("crossword", grid, "--dictionary", a, "--dictionary", b, "--json", "--exit-codes", "clingo")
    assert res.code == 10, res.err
    placed = {p["word"] for p in json.loads(res.out)["solutions"][0]["placements"]}
    assert placed in ({"CAT", "COW"}, {"DOG", "DAB"})


def test_exclude_and_ban(cli, lists, tmp_path: Path) -> None:
    grid, a, b = lists
    both = ("--dictionary", a, "--dictionary", b, "--models", "0", "--exit-codes", "clingo")
    res = cli("crossword", grid, *both, "--ban", "cow")
    assert res.code == 30 and "COW" not in res.out and "DAB" in res.out  # every fill found (exit 30): none has COW
    res = cli("crossword", grid, *both, "--exclude", write(tmp_path, "x.txt", "# dull\nDAB\ncow\n"))
    assert res.code == 20
    res = cli("crossword", grid, *both, "--exclude", write(tmp_path, "bad.txt", "DAB\nno-way\n"))
    assert res.code == 65
    assert res.err.strip().endswith("bad.txt:2: word 'no-way' contains '-', which is not a letter")


def test_clues_go_into_puz_ipuz_json_and_the_missing_are_listed(cli, lists, tmp_path: Path) -> None:
    grid, a, b = lists
    clues = write(tmp_path, "clues.txt", "cat;Mouser\nCOW\tBovine; she moos\nDOG;Hound\n")
    out = {s: tmp_path / f"o.{s}" for s in ("puz", "ipuz", "pdf")}
    args = ("crossword", grid, "--dictionary", a, "--dictionary", b, "--clues", clues, "--ban", "DOG")
    res = cli(*args, "-o", out["puz"], "--ipuz", out["ipuz"], "--pdf", out["pdf"], "--json", "--exit-codes", "clingo")
    assert res.code == 10, res.err
    import pypdf

    puzzle_page = pypdf.PdfReader(out["pdf"]).pages[0].extract_text()
    assert "Mouser" in puzzle_page and "Bovine; she moos" in puzzle_page
    p = puz.read(str(out["puz"]))
    numbering = p.clue_numbering()
    by_answer = {p.solution_grid().get_string_for_clue(c): c["clue"] for c in numbering.across + numbering.down}
    assert by_answer == {"CAT": "Mouser", "COW": "Bovine; she moos"} and p.title == "g"
    doc = json.loads(out["ipuz"].read_text())
    assert {c["answer"]: c["clue"] for c in doc["clues"]["Across"] + doc["clues"]["Down"]} == by_answer
    assert {p["word"]: p["clue"] for p in json.loads(res.out)["solutions"][0]["placements"]} == {
        "CAT": "Mouser", "COW": "Bovine; she moos"
    }
    assert "no clue" not in res.err
    write(tmp_path, "clues.txt", "cat;Mouser\n")
    res = cli(*args, "--exit-codes", "clingo")
    assert f"{clues}: no clue for 1 entry (empty clues written): 1 " in res.err and res.err.strip().endswith("COW")


def test_svg_is_the_blank_puzzle_and_svg_key_the_filled_grid(cli, lists, tmp_path: Path) -> None:
    grid, a, b = lists
    blank, key = tmp_path / "b.svg", tmp_path / "k.svg"
    res = cli("crossword", grid, "--dictionary", a, "--dictionary", b, "--svg", blank, "--svg-key", key,
              "--ban", "DOG", "--exit-codes", "clingo")  # fmt: skip
    assert res.code == 10, res.err

    def drawn(path: Path) -> tuple[set[str], int]:
        root = ET.parse(path).getroot()
        texts = {t.text or "" for t in root.iter() if t.tag.endswith("text")}
        blocks = sum(1 for r in root.iter() if r.tag.endswith("rect") and r.get("fill") == "black")
        return texts, blocks

    texts, blocks = drawn(blank)
    assert blocks == 4 and not {"C", "A", "T", "O", "W"} & texts
    texts, blocks = drawn(key)
    assert blocks == 4 and {"C", "A", "T", "O", "W"} <= texts


def test_a_filled_ipuz_is_a_framework_and_its_letters_kept_when_asked(cli, tmp_path: Path) -> None:
    solved = api.fill(["...", ".##", ".##"], ["CAT", "COW", "DOG"], title="t")
    doc = solved.to_ipuz()
    doc["puzzle"][0][2] = {"cell": 0, "value": "B"}  # a given letter: B at the across entry's end
    path = tmp_path / "f.ipuz"
    path.write_text(json.dumps(doc))
    words = write(tmp_path, "w.txt", "CAB\nCOW\nTUB\nTOW\n")
    res = cli("crossword", path, "--dictionary", words, "--models", "0", "--exit-codes", "clingo")
    assert res.code == 30, res.err  # every fill: the given B kept, the solution's letters free
    assert "CAB" in res.out and "TUB" in res.out
    res = cli("crossword", path, "--dictionary", words, "--models", "0", "--keep-letters", "--exit-codes", "clingo")
    assert res.code == 30 and "TUB" not in res.out  # the solution's C kept too: only CAB


def test_a_puz_is_a_framework(cli, tmp_path: Path) -> None:
    path = tmp_path / "f.puz"
    path.write_bytes(api.fill(CROSS, ["CAT", "COW"]).to_puz())
    words = write(tmp_path, "w.txt", "TUB\nTOW\n")
    res = cli("crossword", path, "--dictionary", words, "--exit-codes", "clingo")
    assert res.code == 10 and words_of(res.out) == {"TUB", "TOW"}
    res = cli("crossword", path, "--dictionary", words, "--keep-letters", "--exit-codes", "clingo")
    assert res.code == 20  # its letters kept: CAT and COW are not in the list


@pytest.mark.parametrize(("convention", "code"), [("unix", 2), ("clingo", 65)])
def test_a_bad_puz_is_one_line_and_no_output(cli, tmp_path: Path, convention: str, code: int) -> None:
    data = api.fill(CROSS, ["CAT", "COW"]).to_puz()
    path = tmp_path / "bad.puz"
    path.write_bytes(bytes([data[0] ^ 0xFF]) + data[1:])  # the global checksum changed
    out = tmp_path / "o.puz"
    res = cli("crossword", path, "-o", out, "--exit-codes", convention)
    assert res.code == code
    message = f"error: {path}: not a readable Across Lite .puz file (global checksum does not match)"
    assert res.err.strip().splitlines() == [message]
    assert not out.exists() and "Traceback" not in res.err


def test_result_exports_from_python(tmp_path: Path) -> None:
    result = api.fill(CROSS, {"CAT": 1, "COW": 1}, clues={"cat": "Mouser"}, title="Two")
    assert result.unclued() == ["1 down COW"]
    path = tmp_path / "r.puz"
    path.write_bytes(result.to_puz())
    assert puz.read(str(path)).clues == ["Mouser", ""]
    assert ipuz.crossword_ipuz  # the module the document comes from
    assert result.to_ipuz()["title"] == "Two"


def test_clues_reach_the_html_page(cli, lists, tmp_path: Path) -> None:
    grid, a, b = lists
    clues = write(tmp_path, "clues.txt", "CAT;Mouser <3\nCOW;Bovine\n")
    page = tmp_path / "p.html"
    res = cli("crossword", grid, "--dictionary", a, "--dictionary", b, "--ban", "DOG", "--clues", clues,
              "--html", page, "--exit-codes", "clingo")  # fmt: skip
    assert res.code == 10, res.err
    text = page.read_text()
    assert "Bovine" in text and ("Mouser &lt;3" in text or "Mouser \\u003c3" in text)  # escaped, as data


def test_puz_to_a_terminal_is_refused(cli, lists, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    grid, a, b = lists
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    res = cli("crossword", grid, "--dictionary", a, "--dictionary", b, "--puz", "-", "--exit-codes", "unix")
    assert res.code == 2 and "--puz - would print binary PUZ data on the terminal" in res.err
