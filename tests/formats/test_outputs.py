"""The same outputs in every family, through the command line: --pdf, --svg, '-', --ipuz, -o, and
exit codes in both conventions."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdf
import pytest

from ..conftest import INSTANCES

FAMILIES = {  # family -> (instance, PDF pages: each answer's front and back, strips one page a grid)
    "wordsearch": (INSTANCES / "wordsearch" / "hola-8x8.yaml", 2),
    "crossword": (INSTANCES / "crossword" / "lattice.dat", 2),
    "layout": (Path(__file__).with_name("pets-3.yaml"), 2),
    "strips": (INSTANCES / "strips" / "small.yaml", 3),
}
UNSAT = {
    "crossword": INSTANCES / "crossword" / "unsat-crossing.yaml",
    "strips": INSTANCES / "strips" / "unsolvable.yaml",
}


def command(*argv: str | Path, env: dict[str, str] | None = None, **kw) -> subprocess.CompletedProcess:
    """The console script in a fresh process (standard output as bytes)."""
    return subprocess.run(
        [sys.executable, "-c", "from pyclingo_puzzles.cli.command import console; console()", *map(str, argv)],
        capture_output=True,
        env={**os.environ, **(env or {})},
        timeout=120,
        **kw,
    )


IPUZ = ("crossword", "layout")  # the families with an --ipuz


@pytest.mark.parametrize("family", FAMILIES)
def test_every_family_writes_a_pdf_with_its_pages_an_svg_and_its_ipuz(cli, tmp_path: Path, family: str) -> None:
    """One run writes them all (each search once: the layout's is most of the CPU)."""
    instance, pages = FAMILIES[family]
    pdf, svg, ipuz_file = tmp_path / "out.pdf", tmp_path / "out.svg", tmp_path / "out.ipuz"
    res = cli(family, instance, "--pdf", pdf, "--svg", svg, *(["--ipuz", ipuz_file] if family in IPUZ else []))
    assert res.code in (10, 30), res.err
    reader = pypdf.PdfReader(pdf)
    assert len(reader.pages) == pages
    assert reader.pages[0].extract_text().strip()  # a heading at least: real text, not an empty page
    root = ET.parse(svg).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert len(list(root.iter())) > 10  # cells drawn, not an empty page
    if family in IPUZ:  # opens with the ipuz library
        import ipuz

        doc = ipuz.read(ipuz_file.read_text(encoding="utf-8"))
        assert doc["solution"] and doc["clues"]["Across"]


def test_several_crossword_solutions_are_headed_each_of_the_count(cli, tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    res = cli("crossword", INSTANCES / "crossword" / "plus-two-solutions.yaml", "--models", "0", "--pdf", out)
    assert res.code == 30, res.err
    heads = [page.extract_text().splitlines()[0] for page in pypdf.PdfReader(out).pages]
    # the puzzles, then their keys, each named once (no "Solution 1 — solution")
    assert [h.split(" (")[1] for h in heads] == ["1 of 2)", "2 of 2)", "1 of 2) — solution", "2 of 2) — solution"]


def test_dash_writes_the_svg_to_standard_output_and_no_file(tmp_path: Path) -> None:
    """One family end to end: '-' is the command's, shared by every family (each family's SVG is
    drawn by test_every_family_writes_a_pdf_with_its_pages_an_svg_and_its_ipuz)."""
    res = command("strips", FAMILIES["strips"][0], "--svg", "-", cwd=tmp_path)
    assert res.returncode in (10, 30), res.stderr
    assert ET.fromstring(res.stdout).tag == "{http://www.w3.org/2000/svg}svg"  # the SVG alone
    assert not (tmp_path / "-").exists()


def test_dash_writes_the_pdf_to_standard_output(tmp_path: Path) -> None:
    res = command("crossword", FAMILIES["crossword"][0], "--pdf", "-", cwd=tmp_path)
    assert res.returncode == 10, res.stderr
    (tmp_path / "got.pdf").write_bytes(res.stdout)
    assert len(pypdf.PdfReader(tmp_path / "got.pdf").pages) == 2


@pytest.mark.parametrize(("name", "check"), [("o.pdf", "pdf"), ("o.svg", "svg"), ("o.json", "json")])
def test_short_output_option_chooses_by_suffix(cli, tmp_path: Path, name: str, check: str) -> None:
    out = tmp_path / name
    res = cli("crossword", FAMILIES["crossword"][0], "-o", out)
    assert res.code == 10, res.err
    assert "EJECTED" in res.out  # the text still on stdout
    if check == "pdf":
        assert len(pypdf.PdfReader(out).pages) == 2
    elif check == "svg":
        assert ET.parse(out).getroot().tag.endswith("svg")
    else:
        assert json.loads(out.read_text(encoding="utf-8"))["status"] == "SAT"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["-o", "{tmp}/x.txt"], "suffixes"),
        (["-o", "{tmp}/x.ipuz"], "suffixes"),  # strips offers no .ipuz
        (["-o", "{tmp}/x.svg", "--svg", "{tmp}/y.svg"], "both name"),
        (["--json", "--svg", "-"], "standard output"),
        (["--svg", "-", "--pdf", "-"], "both name standard output"),
    ],
)
def test_output_option_misuse_is_one_line_before_any_work(cli, tmp_path: Path, argv: list[str], message: str) -> None:
    res = cli("strips", FAMILIES["strips"][0], *(a.format(tmp=tmp_path) for a in argv))
    assert res.code == 65
    assert message in res.err and res.err.count("\n") == 1
    # nothing but --json's one document of the error (formats.md: a document whatever the end)
    assert res.out == "" if "--json" not in argv else json.loads(res.out)["error"] in res.err
    assert list(tmp_path.iterdir()) == []


def test_no_answer_writes_no_file_and_says_so(cli, tmp_path: Path) -> None:
    res = cli("crossword", UNSAT["crossword"], "--svg", tmp_path / "x.svg", "--pdf", tmp_path / "x.pdf")
    assert res.code == 20 and f"--svg {tmp_path / 'x.svg'}, --pdf {tmp_path / 'x.pdf'} not written" in res.err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("family", ["wordsearch", "crossword", "strips"])
def test_count_refuses_drawn_outputs_and_writes_its_json(cli, tmp_path: Path, family: str) -> None:
    """--count keeps no answer: --pdf/--svg with it are refused before any work (they were silently
    not written, exit 30), and -o FILE.json holds the count document (it was not written either)."""
    res = cli(family, FAMILIES[family][0], "--count", "--pdf", tmp_path / "x.pdf", "--time-limit", "5")
    assert res.code == 65 and "x.pdf: --count prints only the number" in res.err and res.err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []
    if family == "wordsearch":
        return  # its count (every placement of the words) is its own test's
    res = cli(family, FAMILIES[family][0], "--count", "-o", tmp_path / "n.json")
    assert res.code == 30, res.err
    assert json.loads((tmp_path / "n.json").read_text(encoding="utf-8"))["exhausted"] is True


@pytest.mark.parametrize(
    ("path", "status", "exit"), [(FAMILIES["crossword"][0], "SAT", 30), (UNSAT["crossword"], "UNSAT", 20)]
)
def test_count_json_has_a_status(cli, path: Path, status: str, exit: int) -> None:
    """Every JSON document has "status" (formats.md): --count's had only "count" and "exhausted"."""
    res = cli("crossword", path, "--count", "--json")
    assert res.code == exit and json.loads(res.out)["status"] == status


def test_a_lone_crossword_place_is_drawn_empty(cli, tmp_path: Path) -> None:
    """A place on no entry stays empty ('.' in the text): the SVG, the PDF's solution page and the
    ipuz solution hold no letter there (they showed '.' as its answer)."""
    import ipuz

    frame = tmp_path / "lone.dat"
    frame.write_text("AB\n\n..\n  \n . \n")
    out = {s: tmp_path / f"o.{s}" for s in ("svg", "pdf", "ipuz")}
    res = cli("crossword", frame, "--svg-key", out["svg"], "--pdf", out["pdf"], "--ipuz", out["ipuz"])
    assert res.code == 10 and res.out == "AB \n   \n . \n\n"
    texts = [t.text for t in ET.parse(out["svg"]).getroot().iter() if t.tag.endswith("text")]
    assert "A" in texts and "." not in texts  # the key: the letters, none at the lone place
    assert "." not in pypdf.PdfReader(out["pdf"]).pages[1].extract_text().split("Across")[0]  # the grid's part
    solution = ipuz.read(out["ipuz"].read_text(encoding="utf-8"))["solution"]
    assert solution == [["A", "B", "#"], ["#", "#", "#"], ["#", None, "#"]]


def test_strips_models_n_gives_n_tilings_per_grid(cli) -> None:
    res = cli("strips", FAMILIES["strips"][0], "--models", "2", "--json")
    grids = json.loads(res.out)["grids"]
    assert res.code == 10 and all(len(g["tilings"]) == 2 for g in grids)
    assert all(g["tilings"][0] == g["strips"] for g in grids)
    text = cli("strips", FAMILIES["strips"][0], "--models", "2").out
    assert all(f"{g['name']}, 2 tilings:" in text for g in grids)


def test_layout_refuses_models_other_than_one(cli) -> None:
    res = cli("layout", FAMILIES["layout"][0], "--models", "3")
    assert res.code == 65 and "--models must be 1" in res.err


# ------------------------------------------------------------------------------------ exit codes


@pytest.mark.parametrize(
    ("argv", "clingo", "unix"),
    [
        (["crossword", FAMILIES["crossword"][0]], 10, 0),
        (["crossword", INSTANCES / "crossword" / "plus-two-solutions.yaml", "--models", "0"], 30, 0),
        (["crossword", UNSAT["crossword"]], 20, 1),
        (["strips", UNSAT["strips"]], 20, 1),
        (["crossword", "no-such-file.dat"], 65, 2),
        (["crossword", FAMILIES["crossword"][0], "--no-such-option"], 65, 2),
        (["layout", FAMILIES["layout"][0], "--models", "2"], 65, 2),
    ],
)
def test_exit_codes_in_both_conventions(cli, argv: list, clingo: int, unix: int, monkeypatch) -> None:
    assert cli(*argv).code == clingo
    assert cli(*argv, "--exit-codes", "unix").code == unix
    monkeypatch.setenv("PYCLINGO_PUZZLES_EXIT_CODES", "unix")
    assert cli(*argv).code == unix
    assert cli(*argv, "--exit-codes", "clingo").code == clingo  # the option overrides the environment
    monkeypatch.delenv("PYCLINGO_PUZZLES_EXIT_CODES")
    assert cli(*argv).code == unix  # the default: Unix


def test_limit_without_an_answer_is_3_in_unix() -> None:
    # clingo's code for it, 1, is asserted where a limit ends a search (tests/run, tests/wordsearch);
    # any stage: no answer (here reading a standard input that never comes, which spends no CPU, where
    # endless rules ground for the limit and the grace)
    silent, writer = os.pipe()
    try:
        res = command("strips", "-", "--time-limit", "0.3", "--exit-codes", "unix", stdin=silent)
    finally:
        os.close(silent)
        os.close(writer)
    assert res.returncode == 3, res.stderr


def test_a_batch_maps_its_most_severe_code(cli) -> None:
    files = [FAMILIES["crossword"][0], UNSAT["crossword"]]
    assert cli("crossword", *files).code == 20
    res = cli("crossword", *files, "--exit-codes", "unix", "--json")
    assert res.code == 1  # one file proved to have no answer: 1, though the other has one
    assert [json.loads(line)["exit"] for line in res.out.splitlines()] == [0, 1]


def test_a_batch_exits_in_the_unix_convention_by_default(cli, monkeypatch, capsys) -> None:
    monkeypatch.delenv("PYCLINGO_PUZZLES_EXIT_CODES")
    files = [FAMILIES["crossword"][0], UNSAT["crossword"], "no-such-file.dat"]
    res = cli("crossword", *files, "--json")
    assert res.code == 2  # the most severe: bad input
    assert [json.loads(line)["exit"] for line in res.out.splitlines()] == [0, 1, 2]
    assert "exit 2 (the most severe: 2 bad input > 3 no answer > 1 unsolvable > 0 an answer): 1 solved" in res.err


def test_an_unknown_convention_in_the_environment_is_a_usage_error(cli, monkeypatch) -> None:
    monkeypatch.setenv("PYCLINGO_PUZZLES_EXIT_CODES", "posix")
    res = cli("crossword", FAMILIES["crossword"][0])
    assert res.code == 2 and "PYCLINGO_PUZZLES_EXIT_CODES" in res.err  # the default convention: unix
