"""Strip exact cover: instances, hunt chain, reader, verifier, outlines, counts vs an oracle."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyclingo_puzzles.core.solve import Status
from pyclingo_puzzles.strips.reader import Grid, StripsInstance, parse_instance, read_instance
from pyclingo_puzzles.strips.solver import solve_grids
from pyclingo_puzzles.strips.tiling import Strip, Tiling, outline, side_by_side, verify
from tests.strips.strip_enumerator import count_tilings

from ..conftest import INSTANCES, one_line_error, parse_or_one_line_error

STRIPS = INSTANCES / "strips"
MUMS = STRIPS / "mums2010.yaml"

# instance -> (exit code with --count, tilings per grid)
EXPECTED = {
    "mums2010.yaml": (30, [1] * 25),
    "small.yaml": (30, [5, 5, 29]),
    "unsolvable.yaml": (20, [4, 0]),
    "long-strips.yaml": (30, [54]),
}


def test_every_shipped_instance_has_an_expectation() -> None:
    assert {p.name for p in STRIPS.glob("*.yaml")} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_shipped_instances_counts(name: str, cli) -> None:
    code, counts = EXPECTED[name]
    res = cli("strips", STRIPS / name, "--count", "--json")
    assert res.code == code, res.err
    data = json.loads(res.out)
    assert [g["count"] for g in data["grids"]] == counts
    instance = read_instance(STRIPS / name)
    for grid, entry in zip(instance.grids, data["grids"], strict=True):
        if entry["count"]:
            strips = tuple(Strip(tuple(map(tuple, s["cells"])), s["pattern"]) for s in entry["strips"])
            assert verify(Tiling(grid, strips), instance.strip_lengths) == []


def test_mums_first_solution_covers_all_grids_in_one_call(cli) -> None:
    res = cli("strips", MUMS)
    assert res.code == 10
    lines = res.out.splitlines()
    assert len(lines) == 5 * 6  # five rows of five outlines, 6 lines each
    assert lines[0] == "  ".join([" _ _ _ _ _"] * 5)  # each block keeps its trailing space


def test_hunt_chain_rebuilds_final_grid_and_finds_six_black_cells(cli) -> None:
    res = cli("strips", MUMS, "--hunt", "--json")
    assert res.code == 10
    hunt = json.loads(res.out)["hunt"]
    assert hunt["meta_grid"] == ["bwwww", "bbwbb", "bbbww", "wbwbb", "wwbbw"]
    assert hunt["matches_final_grid"] is True
    assert hunt["count"] == 1 and len(hunt["black_cells"]) == 6
    assert {s["pattern"] for s in hunt["strips"]} >= {"bbb", "bb", "b"}


def test_hunt_count_prints_the_meta_grid_last(cli) -> None:
    res = cli("strips", MUMS, "--hunt", "--count")
    assert res.code == 30
    assert res.out.splitlines() == [f"grid{i:02d}: 1" for i in range(1, 26)] + ["meta: 1"]


def test_hunt_prints_letters_when_given(cli, tmp_path: Path) -> None:
    text = MUMS.read_text()
    # give every grid a letter sheet where each cell holds a letter naming its own grid
    lines = []
    for line in text.splitlines():
        lines.append(line)
        if line.strip().startswith("rows:"):
            lines.append("    letters: [" + ", ".join(["ABCDE"[i] * 5 for i in range(5)]) + "]")
    path = tmp_path / "lettered.yaml"
    path.write_text("\n".join(lines) + "\n")
    res = cli("strips", path, "--hunt", "--json")
    hunt = json.loads(res.out)["hunt"]
    # the letter at a cell is its row's letter, so the answer spells the rows of the black cells
    assert hunt["letters"] == "".join("ABCDE"[r] for r, _ in hunt["black_cells"])


def test_bottom_up_draws_row_zero_last() -> None:
    assert outline(GOOD, bottom_up=True) == [" _ _ ", "|_|_|", "|_ _|"]
    vertical = Tiling(Grid("v", ("b", "w")), (Strip(((0, 0), (1, 0)), "bw"),))
    assert outline(vertical) == outline(vertical, bottom_up=True) == [" _ ", "| |", "|_|"]


def test_bottom_up_option_reaches_the_renderer(cli) -> None:
    top = cli("strips", MUMS).out.splitlines()
    bottom = cli("strips", MUMS, "--bottom-up").out.splitlines()
    assert top[0] == bottom[0] and top[1:6] != bottom[1:6]


def test_unsolvable_grid_is_named_and_exit_20(cli) -> None:
    res = cli("strips", STRIPS / "unsolvable.yaml")
    assert res.code == 20
    assert "black-square: no tiling (proved unsolvable)" in res.out
    assert "fine:" not in res.out


def test_models_zero_prints_every_tiling_it_counts(cli) -> None:
    """--models 0 is "all": each grid's tilings, every one (it printed the first and the counts),
    distinct and each accepted by the verifier; --count still prints only the numbers."""
    res = cli("strips", STRIPS / "small.yaml", "--models", "0", "--json")
    assert res.code == 30, res.err
    grids = json.loads(res.out)["grids"]
    assert [(g["name"], g["count"]) for g in grids] == [("corner", 5), ("stripes", 5), ("square", 29)]
    inst = read_instance(STRIPS / "small.yaml")
    for grid, g in zip(inst.grids, grids, strict=True):
        tilings = [tuple(Strip(tuple(map(tuple, s["cells"])), s["pattern"]) for s in t) for t in g["tilings"]]
        assert len(set(map(frozenset, tilings))) == len(tilings) == g["count"]
        for strips in tilings:
            assert verify(Tiling(grid, strips), inst.strip_lengths) == []
    text = cli("strips", STRIPS / "small.yaml", "--models", "0").out
    assert "square, 29 tilings:" in text and text.rstrip().endswith("square: 29 tiling(s)")
    assert cli("strips", STRIPS / "small.yaml", "--count").out == "corner: 5\nstripes: 5\nsquare: 29\n"


@pytest.mark.parametrize("atom", ["tiled(99)", "tiled(foo)", "tiled(-1)"])
@pytest.mark.parametrize("mode", [[], ["--models", "2"], ["--count"]])
def test_rules_activating_no_grid_are_reported_in_every_mode(atom: str, mode: list[str], cli, tmp_path: Path) -> None:
    """`tiled(99)` names no grid: --count said so, a plain run and --models N printed the
    tilings as if the atom were not there."""
    rules = tmp_path / "bogus.lp"
    rules.write_text(f"{atom}.\n")
    res = cli("strips", STRIPS / "small.yaml", "--rules", rules, *mode)
    assert res.code == 65 and res.out == "", res.err
    assert res.err == f"error: {rules}: your rules derive `{atom}`, which names no grid\n"


def test_per_row_option(cli) -> None:
    res = cli("strips", STRIPS / "small.yaml", "--per-row", "1")
    assert len(res.out.splitlines()) == 4 + 3 + 4


def test_user_rules_change_the_tiling(cli, tmp_path: Path) -> None:
    rules = tmp_path / "no-vertical.lp"
    rules.write_text("% only horizontal strips\n:- use(_, _, _, v, _).\n")
    plain = json.loads(cli("strips", STRIPS / "small.yaml", "--count", "--json").out)
    ruled = json.loads(cli("strips", STRIPS / "small.yaml", "--count", "--json", "--rules", rules).out)
    assert [g["count"] for g in ruled["grids"]] < [g["count"] for g in plain["grids"]]
    for grid in ruled["grids"]:
        for strip in grid["strips"]:
            assert len({r for r, _ in strip["cells"]}) == 1


def random_grids(seed: int) -> list[Grid]:
    """Ten random grids (mostly 0 or many tilings) and two MUMS grids (exactly one tiling each)."""
    rng = random.Random(seed)
    grids = []
    for i in range(10):
        h, w = rng.randint(2, 5), rng.randint(2, 5)
        grids.append(Grid(f"g{i}", tuple("".join(rng.choice("bw") for _ in range(w)) for _ in range(h))))
    mums = read_instance(MUMS).grids
    return [*grids, mums[2 * seed], mums[2 * seed + 1]]


@pytest.mark.parametrize("seed", range(6))
def test_counts_match_an_independent_enumerator(seed: int) -> None:
    grids = random_grids(seed)
    instance = StripsInstance("random", (1, 2, 3), tuple(grids))
    result = solve_grids(instance, count=True)
    expected = [count_tilings(g.rows, (1, 2, 3)) for g in grids]
    assert [g.count for g in result.grids] == expected
    assert all(g.exhausted for g in result.grids)
    assert [g.status is Status.UNSAT for g in result.grids] == [n == 0 for n in expected]


def test_counting_uniquely_tileable_grids_takes_one_joint_model() -> None:
    """No second model of all grids together: every grid has exactly one tiling, no per-grid run."""
    result = solve_grids(read_instance(MUMS), count=True)
    assert [g.count for g in result.grids] == [1] * 25 and result.exhausted
    assert result.stats.models == 1


def test_counting_with_rules_counts_each_grid_on_its_own(tmp_path: Path) -> None:
    """Rules may tie grids together (this one cannot fire while grid 0 is tiled alone): the joint
    model count would say 1 for grid 0, which has 2 tilings (bw, or b and w)."""
    rules = tmp_path / "tie.lp"
    rules.write_text(":- tiled(1), use(0, 0, 0, h, 2).\n")
    instance = StripsInstance("tie", (1, 2, 3), (Grid("a", ("bw",)), Grid("b", ("bb",))))
    assert [g.count for g in solve_grids(instance, count=True).grids] == [2, 1]
    assert [g.count for g in solve_grids(instance, count=True, rules=[str(rules)]).grids] == [2, 1]


def test_oracle_sample_has_zero_one_and_many() -> None:
    """The random cross-check above only means something if it meets all three cases."""
    kinds: set[int] = set()
    for grid in (g for seed in range(6) for g in random_grids(seed)):
        kinds.add(min(count_tilings(grid.rows, (1, 2, 3), at_most=2), 2))
        if kinds == {0, 1, 2}:  # all three met: the rest of the sample cannot change the answer
            break
    assert kinds == {0, 1, 2}


def test_other_strip_lengths_match_the_oracle() -> None:
    rng = random.Random(7)
    grids = tuple(Grid(f"g{i}", tuple("".join(rng.choice("bw") for _ in range(4)) for _ in range(4))) for i in range(5))
    result = solve_grids(StripsInstance("x", (1, 2, 4), grids), count=True)
    assert [g.count for g in result.grids] == [count_tilings(g.rows, (1, 2, 4)) for g in grids]


# ----------------------------------------------------------------------------------------- verifier

GRID = Grid("t", ("bw", "wb"))
GOOD = Tiling(GRID, (Strip(((0, 0), (0, 1)), "bw"), Strip(((1, 0),), "w"), Strip(((1, 1),), "b")))


def test_verifier_accepts_a_valid_tiling() -> None:
    assert verify(GOOD, (1, 2, 3)) == []


@pytest.mark.parametrize(
    ("strips", "fragment"),
    [
        ((Strip(((0, 0), (0, 1)), "bw"), Strip(((1, 0), (1, 1)), "wb")), "share the pattern"),
        ((Strip(((0, 0), (0, 1)), "bw"), Strip(((1, 0),), "w")), "not covered"),
        ((Strip(((0, 0), (0, 1)), "bw"), Strip(((0, 1), (1, 1)), "wb"), Strip(((1, 0),), "w")), "covered by"),
        ((Strip(((0, 0), (1, 1)), "bb"), Strip(((0, 1),), "w"), Strip(((1, 0),), "w")), "straight"),
        ((Strip(((0, 0), (0, 1)), "bb"), Strip(((1, 0),), "w"), Strip(((1, 1),), "b")), "claims pattern"),
        ((Strip(((0, 0), (0, 1), (0, 2)), "bww"), Strip(((1, 0), (1, 1)), "wb")), "leaves the grid"),
    ],
)
def test_verifier_rejects(strips: tuple[Strip, ...], fragment: str) -> None:
    assert any(fragment in p for p in verify(Tiling(GRID, strips), (1, 2, 3)))


def test_verifier_rejects_a_length_not_allowed() -> None:
    assert any("not allowed" in p for p in verify(GOOD, (1, 3)))


def test_outline_format() -> None:
    assert outline(GOOD) == [" _ _ ", "|_ _|", "|_|_|"]
    assert side_by_side([outline(GOOD), outline(GOOD)], 5).splitlines() == [" _ _   _ _", "|_ _| |_ _|", "|_|_| |_|_|"]


# ------------------------------------------------------------------------------------------- reader


@pytest.mark.parametrize(
    ("text", "fragment", "line"),
    [
        ("grids: []\n", "non-empty list", 1),
        ("grids:\n  - name: a\n    rows: [bw, b]\n", "row 2 has 1 cells", 3),
        ("grids:\n  - name: a\n    rows: [bw, bx]\n", "'x'; only b and w", 3),
        ("grids:\n  - name: a\n    rows: []\n", "non-empty list", 3),
        ("grids:\n  - {name: a, rows: [bw]}\n  - {name: a, rows: [bw]}\n", "used twice", 3),
        ("strip_lengths: [0]\ngrids:\n  - {name: a, rows: [bw]}\n", "strip_lengths", 1),
        ("grids:\n  - {name: a, rows: [bw], letters: [A]}\n", "shape", 2),
        ("grids:\n  - {name: a, rows: [bw], colour: 1}\n", "unknown key", 2),
        ("grids:\n  - [bw]\n", "must be a mapping", 2),
        ("grid: []\n", "unknown key", 1),
        ("grids: [\n", "invalid YAML", 2),
    ],
)
def test_reader_errors(text: str, fragment: str, line: int) -> None:
    err = one_line_error(parse_instance, text)
    assert fragment in str(err) and err.line == line, str(err)


def test_reader_defaults_and_case() -> None:
    inst = parse_instance("grids:\n  - rows: [BW, wb]\n", "x.yaml")
    assert inst.strip_lengths == (1, 2, 3) and inst.grids[0].rows == ("bw", "wb") and inst.grids[0].name == "grid01"


def test_malformed_file_exit_65(cli, tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("grids:\n  - name: a\n    rows: [bw, bwb]\n")
    res = cli("strips", path)
    assert res.code == 65 and res.out == ""
    assert res.err.strip().count("\n") == 0 and f"{path}:3:" in res.err


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.text(max_size=80)
    | st.builds(
        lambda rows, lengths: f"strip_lengths: {lengths}\ngrids:\n  - name: g\n    rows: {rows}\n",
        st.lists(st.text(alphabet="bwx", max_size=4), max_size=4),
        st.lists(st.integers(-2, 20), max_size=3),
    )
)
def test_fuzz_reader_gives_instance_or_one_line_error(text: str) -> None:
    inst = parse_or_one_line_error(parse_instance, text, "f.yaml")
    if inst is not None:
        assert inst.grids and all(set("".join(g.rows)) <= {"b", "w"} for g in inst.grids)
