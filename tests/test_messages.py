"""Messages that say the right thing first: an unfillable grid's minimal core before the slots it
empties, why a word list cannot fill its framework, no warning for a documented default, the exit
codes of the convention in use, the whole run's --stats, -o to a device, the API's own parameter
names, and the set-up saying why an optional install failed."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from pyclingo_puzzles import InputError, crossword

from .conftest import INSTANCES, ROOT


def test_an_unfillable_grid_says_its_minimal_core_first(cli, tmp_path: Path) -> None:
    grid = tmp_path / "qxj.grid"
    grid.write_text("QXJ____\n_______\n_______\n", encoding="utf-8")
    res = cli("crossword", grid, "--exit-codes", "unix")
    assert res.code == 1, res.err
    lines = res.out.splitlines()
    assert lines[0] == f"{grid}: no fill (proved): this slot cannot be filled (minimal):", res.out
    assert lines[1] == "  row 0, column 0, across, QXJ____"
    assert "slots are left without a dictionary word" in lines[2]
    assert len(lines) <= 3 + 5 + 1  # after the core, a few of those slots and how many more


def test_a_word_list_proved_unsolvable_says_why(cli) -> None:
    res = cli("crossword", INSTANCES / "crossword" / "unsat-lengths.dat", "--exit-codes", "unix")
    assert res.code == 1
    assert "why: the words and the sites differ in length: 4 sites of 3 letters for 2 words; 0 sites of 5 " \
           "letters for 1 word" in res.out  # fmt: skip
    result = crossword.solve(["CAT", "DOG"], ["...", ". .", "..."])
    assert result.status.name == "UNSAT" and result.why == (
        "the words and the sites differ in length: 4 sites of 3 letters for 2 words",
    )
    assert result.to_json()["why"] == list(result.why)
    said = ["crossword: no solution (proved unsolvable)", f"crossword: why: {result.why[0]}"]
    assert str(result).splitlines() == said
    crossing = crossword.solve(["CAT", "DOG", "COW", "TOE"], ["...", ". .", "..."])
    assert crossing.why == ("the given and crossing letters leave no site for 2 words: COW, DOG",)


def test_str_of_a_result_is_what_the_command_prints() -> None:
    result = crossword.solve(["NON", "TOT"], [" . ", "...", " . "])
    assert str(result) == " T \nNON\n T \n" and "CrosswordResult(" in repr(result)


def test_the_time_limits_help_names_the_codes_of_the_convention_in_use(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    def help_of(*argv: str) -> str:
        return " ".join(cli("strips", *argv, "--help").out.split())

    monkeypatch.delenv("PYCLINGO_PUZZLES_EXIT_CODES", raising=False)
    assert "exit 0 with the best answer found, 3 without" in help_of()
    assert "exit 11 with the best answer found, 1 without" in help_of("--exit-codes", "clingo")
    monkeypatch.setenv("PYCLINGO_PUZZLES_EXIT_CODES", "clingo")
    assert "exit 11 with the best answer found, 1 without" in help_of()


def test_stats_of_a_generated_pattern_are_the_runs(cli) -> None:
    """--size with no pattern the rules allow printed atoms=0 rules=0 choices=0: the pattern
    search's figures were dropped."""
    res = cli("crossword", "--size", "5x5", "--max-words", "2", "--stats", "--exit-codes", "unix")
    assert res.code == 1, res.err
    stats = dict(re.findall(r"(\w+)=(\S+)", next(line for line in res.err.splitlines() if line.startswith("stats:"))))
    assert int(stats["atoms"]) > 0 and int(stats["rules"]) > 0 and int(stats["choices"]) > 0, stats


def test_o_to_a_character_device_writes_the_json_document(cli) -> None:
    res = cli("strips", INSTANCES / "strips" / "small.yaml", "-o", "/dev/null", "--exit-codes", "unix")
    assert res.code == 0, res.err


def test_python_errors_name_the_parameter_not_the_flag() -> None:
    with pytest.raises(InputError) as info:
        crossword.generate("2x2")
    assert str(info.value).startswith("size=: size '2x2'") and "--" not in str(info.value)
    with pytest.raises(InputError, match=r"^min_length=: min_length must be at least 2"):
        crossword.generate((5, 5), min_length=1)
    with pytest.raises(InputError, match=r"^english: .*the built-in English one is 'en'"):
        crossword.fill(["..."], "english")


def test_the_command_keeps_its_flags(cli) -> None:
    res = cli("crossword", "--size", "2x2", "--exit-codes", "unix")
    assert res.code == 2 and res.err.startswith("error: --size: size '2x2'"), res.err


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("make"), reason="make chromium installs as root only")
def test_the_set_up_says_why_an_install_failed(tmp_path: Path) -> None:
    """``make chromium`` (and cjk-font) hid apt-get's output: an apt lock held by another process
    looked like no reason at all. apt-get here is a stand-in that fails as a held lock does."""
    fake = tmp_path / "apt-get"
    fake.write_text("#!/bin/sh\necho 'E: Could not get lock /var/lib/dpkg/lock-frontend' >&2\nexit 100\n")
    fake.chmod(0o755)
    env = {**os.environ, "PATH": f"{tmp_path}:{os.environ['PATH']}"}
    run = subprocess.run(["make", "-s", "chromium", f"CHROMIUM={tmp_path / 'none'}"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)  # fmt: skip
    assert "apt-get install chromium failed (exit 100)" in run.stdout, run.stdout + run.stderr
    assert "Could not get lock /var/lib/dpkg/lock-frontend" in run.stdout
    assert "the browser tests will skip" in run.stdout


def test_json_of_the_unfillable_grid_keeps_every_slot(cli, tmp_path: Path) -> None:
    grid = tmp_path / "qxj.grid"
    grid.write_text("QXJ____\n_______\n_______\n", encoding="utf-8")
    doc = json.loads(cli("crossword", grid, "--json").out)
    assert doc["core"] and len(doc["empty_slots"]) > 5
