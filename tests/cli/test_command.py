"""Command-line habits: --version, the bare command, short flags, shell completion, and a warning
clingo repeats printed once with its count."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

from pyclingo_puzzles.cli.parsing import COMMANDS, build_parser, completion_script
from tests.cli.test_hostile import run_cli, write

from ..conftest import INSTANCES, ROOT


def command(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pyclingo_puzzles", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_version_comes_from_the_package_metadata(capsys) -> None:
    # in-process: the process's own exit 0 and its stdout are test_output_cut_short_by_a_closed_pipe's
    code, out, _ = run_cli(capsys, "--version")
    assert code == 0 and out == f"pyclingo-puzzles {version('pyclingo-puzzles')}\n"


def test_version_is_not_read_by_a_run() -> None:
    """--version reads the metadata only when asked: a run does not import importlib.metadata."""
    probe = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys\nfrom pyclingo_puzzles.cli.command import main\n"
            "main(['strips', 'instances/strips/small.yaml'])\n"
            "print('importlib.metadata' in sys.modules, 'shtab' in sys.modules, file=sys.stderr)",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert probe.stderr.strip().endswith("False False"), probe.stderr


def test_bare_command_prints_a_short_usage() -> None:
    done = command()
    assert done.returncode == 65 and done.stdout == ""  # a usage error (bad input, as argparse's)
    assert done.stderr.startswith("usage: pyclingo-puzzles COMMAND")
    for name in COMMANDS:
        assert f"\n  {name}" in done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) < 15
    unix = subprocess.run(
        [sys.executable, "-m", "pyclingo_puzzles"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env={**os.environ, "PYCLINGO_PUZZLES_EXIT_CODES": "unix"},
    )
    assert unix.returncode == 2 and unix.stderr == done.stderr  # usage, in the unix convention
    default = subprocess.run(
        [sys.executable, "-m", "pyclingo_puzzles"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env={k: v for k, v in os.environ.items() if k != "PYCLINGO_PUZZLES_EXIT_CODES"},
    )
    assert default.returncode == 2  # the default convention is Unix's


def test_short_flags(capsys) -> None:
    code, out, err = run_cli(
        capsys, "wordsearch", "--words", "cat dog owl", "--size", "6x6", "-n", "2", "-s", "5", "-t", "30", "-j", "1",
        "--json",
    )  # fmt: skip
    assert code in (10, 30), err
    doc = json.loads(out)
    assert len(doc["puzzles"]) == 2
    args = build_parser(["crossword"]).parse_args(["crossword", "x.dat", "-n", "0", "-t", "2.5", "-s", "9", "-j", "3"])
    assert (args.models, args.time_limit, args.seed, args.jobs) == (0, 2.5, 9, 3)
    code, _, err = run_cli(capsys, "strips", INSTANCES / "strips" / "small.yaml", "-s", "-1")
    assert code == 65 and "argument -s/--seed" in err


@pytest.mark.parametrize("shell", ["bash", "zsh"])
def test_completion_script(capsys, shell: str) -> None:
    code, script, err = run_cli(capsys, "--print-completion", shell)  # in-process: see the closed pipe's test
    assert code == 0, err
    for name in COMMANDS:
        assert name in script
    for option in ("--time-limit", "--words", "--print-completion", "--dictionary", "--ipuz"):
        assert option in script
    assert script == completion_script(shell) + "\n"


@pytest.mark.parametrize("argv", [["--print-completion", "bash"], ["--help"], ["--version"]])
def test_output_cut_short_by_a_closed_pipe_ends_quietly(argv: list[str]) -> None:
    """``--print-completion bash | head -1``: the reader has gone (here before the first write, so
    every write meets the closed pipe); no traceback, exit 0."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run([sys.executable, "-m", "pyclingo_puzzles", *argv], stdout=write_end,
                              stderr=subprocess.PIPE, cwd=ROOT, timeout=120, check=False)  # fmt: skip
    finally:
        os.close(write_end)
    assert done.returncode == 0 and done.stderr.decode() == ""


def test_completion_in_bash_completes_subcommands(tmp_path: Path) -> None:
    if subprocess.run(["bash", "-c", "true"], capture_output=True).returncode != 0:
        pytest.skip("no bash")
    script = write(tmp_path, "complete.bash", completion_script("bash"))
    probe = (
        f"source {script}; COMP_WORDS=(pyclingo-puzzles wor); COMP_CWORD=1; COMP_LINE='pyclingo-puzzles wor'; "
        "COMP_POINT=${#COMP_LINE}; _shtab_pyclingo_puzzles; echo ${COMPREPLY[@]}"
    )
    done = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["wordsearch"], (done.stdout, done.stderr)


def test_a_repeated_clingo_warning_is_printed_once_with_its_count(capsys, tmp_path: Path) -> None:
    """The layout search grounds in rounds: clingo's warning about the user's rules came once a
    round (26 copies on this list); now it comes once, and once more at the end with the count."""
    rules = write(tmp_path, "goat-down.lp", ':- place("GOAT", _, _, across).\n:- plce(W, _, _, _), word(W).\n')
    code, _, err = run_cli(capsys, "layout", INSTANCES / "layout" / "pets-5.yaml", "--rules", rules, "-t", "30")
    assert code in (10, 11, 30), err
    lines = [line for line in err.splitlines() if "plce/4 is not defined" in line]
    assert len(lines) == 2, err
    assert lines[1].startswith(lines[0]) and lines[1].endswith(" times)")
    assert int(lines[1].rsplit("(", 1)[1].split()[0]) > 1


def test_repeats_counted_per_run() -> None:
    from pyclingo_puzzles.core import messages

    seen: list[str] = []
    messages.clear()
    for _ in range(41):
        messages.once(seen.append, "x.lp:1:1-5: info: atom does not occur in any rule head: q")
    messages.once(seen.append, "other")
    messages.report_repeats()
    assert seen == [
        "x.lp:1:1-5: info: atom does not occur in any rule head: q",
        "other",
        "x.lp:1:1-5: info: atom does not occur in any rule head: q (41 times)",
    ]
    messages.once(seen.append, "other")  # a new run starts afresh
    assert seen[-1] == "other"


@pytest.mark.parametrize("family", ["wordsearch", "crossword", "strips", "layout"])
def test_json_gives_one_document_when_the_run_ends_with_an_error(capsys, tmp_path: Path, family: str) -> None:
    """A script parsing --json's stdout gets a document also for bad input: the status is not
    known and "error" is stderr's line (without "error: ", as in a batch's JSON Lines)."""
    missing = tmp_path / "missing.yaml"
    code, out, err = run_cli(capsys, family, missing, "--json")
    assert code == 65
    assert json.loads(out) == {"status": "UNKNOWN", "error": f"{missing}: file not found"}
    assert err.strip() == f"error: {missing}: file not found"


def test_json_gives_one_document_for_an_option_refused_before_the_run(capsys, tmp_path: Path) -> None:
    words = write(tmp_path, "w.txt", "CAT\nDOG\n")
    code, out, err = run_cli(capsys, "wordsearch", words, "--json", "--svg", words)
    assert code == 65
    doc = json.loads(out)
    assert doc["status"] == "UNKNOWN" and "overwritten" in doc["error"] and err.startswith("error: ")
    assert words.read_text() == "CAT\nDOG\n"


@pytest.mark.parametrize("family", ["wordsearch", "crossword", "strips", "layout"])
def test_a_familys_output_options_are_the_files_its_report_offers(family: str) -> None:
    """The command's file options (--svg, --pdf ...) are the family's declared ``report.OUTPUTS``,
    which the web app offers as formats: one list, read by both."""
    import importlib

    from pyclingo_puzzles.formats.report import OUTPUTS

    parser = build_parser([family])
    sub = next(a for a in parser._actions if a.dest == "command").choices[family]  # type: ignore[attr-defined]
    given = {a.dest for a in sub._actions} & set(OUTPUTS) - {"json_file"}
    assert given == set(importlib.import_module(f"pyclingo_puzzles.{family}.report").OUTPUTS)
