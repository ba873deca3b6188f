"""After the answer: outputs never destroy inputs, files are written whole or not at all, and closed
or narrow streams end a run with one line and a non-zero exit, never a traceback."""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pypdf
import pytest

from ..conftest import INSTANCES, MARGIN, loaded

LATTICE = INSTANCES / "crossword" / "lattice.dat"
UMLAUTS = INSTANCES / "crossword" / "umlauts.yaml"
PETS = Path(__file__).with_name("pets-3.yaml")  # a small layout: the outputs are tested, not the search
HOLA = INSTANCES / "wordsearch" / "hola-8x8.yaml"
BIG = INSTANCES / "wordsearch" / "animals-30x30.yaml"  # its JSON and SVG are tens of kB


def command(*argv: str | Path, shell_prefix: str = "", env: dict[str, str] | None = None, limit_bytes: int = 0,
            **kw) -> subprocess.CompletedProcess:
    """The console script in a fresh process; ``shell_prefix`` runs it through sh (``exec >&-``),
    ``limit_bytes`` sets RLIMIT_FSIZE (a file-size limit) for it."""
    base = [sys.executable, "-c", "from pyclingo_puzzles.cli.command import console; console()", *map(str, argv)]
    if shell_prefix:
        base = ["sh", "-c", f'{shell_prefix} exec "$@"', "sh", *base]

    def limit() -> None:
        if limit_bytes:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit_bytes, limit_bytes))

    kw.setdefault("capture_output", True)
    # under a file-size limit, Python would cache a module it compiles as a cut-off .pyc (a short write
    # is renamed into place), and every later import of that module fails: no caches written there
    no_cache = {"PYTHONDONTWRITEBYTECODE": "1"} if limit_bytes else {}
    return subprocess.run(base, env={**os.environ, **no_cache, **(env or {})}, timeout=120, preexec_fn=limit, **kw)


def no_traceback(res: subprocess.CompletedProcess) -> str:
    err = res.stderr.decode() if isinstance(res.stderr, bytes) else (res.stderr or "")
    assert "Traceback" not in err, err
    return err


# ------------------------------------------------------------------------------------ outputs vs inputs


@pytest.fixture
def copies(tmp_path: Path) -> dict[str, Path]:
    """A layout word list, a rules file and a crossword framework with a dictionary, as copies."""
    names = {"instance": PETS, "framework": LATTICE}
    out = {name: Path(shutil.copy(src, tmp_path / src.name)) for name, src in names.items()}
    out["rules"] = tmp_path / "extra.lp"
    out["rules"].write_text("% nothing\n")
    out["dictionary"] = tmp_path / "words.txt"
    out["dictionary"].write_text("EJECTED\nEPOXYED\nSKYLINE\nEWERS\nJOHNNY\nCHOWDER\n")
    return out


@pytest.mark.parametrize("option", ["--ipuz", "--svg", "--svg-key", "--pdf", "-o"])
def test_an_output_naming_the_instance_is_refused(cli, copies: dict[str, Path], option: str) -> None:
    before = copies["instance"].read_bytes()
    target = copies["instance"]
    if option == "-o":  # -o picks by suffix: a .svg hard link to the instance
        target = copies["instance"].with_suffix(".svg")
        os.link(copies["instance"], target)
    res = cli("layout", copies["instance"], option, target)
    assert res.code == 65 and res.out == ""
    assert "input file" in res.err and res.err.count("\n") == 1
    assert copies["instance"].read_bytes() == before


def test_an_output_naming_a_rules_file_or_the_dictionary_is_refused(cli, copies: dict[str, Path]) -> None:
    rules, words = copies["rules"].read_bytes(), copies["dictionary"].read_bytes()
    res = cli("layout", copies["instance"], "--rules", copies["rules"], "--svg", copies["rules"])
    assert res.code == 65 and "--rules file" in res.err
    res = cli("crossword", copies["framework"], "--dictionary", copies["dictionary"], "--ipuz", copies["dictionary"])
    assert res.code == 65 and "--dictionary" in res.err
    assert copies["rules"].read_bytes() == rules and copies["dictionary"].read_bytes() == words


def test_an_output_through_a_symlink_or_another_spelling_is_refused(cli, copies: dict[str, Path], tmp_path) -> None:
    link = tmp_path / "link.yaml"
    link.symlink_to(copies["instance"])
    spelled = tmp_path / "sub" / ".." / copies["instance"].name
    (tmp_path / "sub").mkdir()
    for target in (link, spelled):
        res = cli("layout", copies["instance"], "--ipuz", target)
        assert res.code == 65 and "input file" in res.err


def test_two_outputs_naming_one_file_are_refused(cli, tmp_path: Path) -> None:
    res = cli("layout", PETS, "--svg", tmp_path / "a.svg", "--svg-key", tmp_path / "." / "a.svg")
    assert res.code == 65 and "same file" in res.err
    assert not (tmp_path / "a.svg").exists()


def test_a_batch_output_naming_another_input_is_refused(cli, tmp_path: Path) -> None:
    a, b = (Path(shutil.copy(PETS, tmp_path / name)) for name in ("p.yaml", "p-q.yaml"))
    q = Path(shutil.copy(PETS, tmp_path / "q.yaml"))
    before = b.read_bytes()
    res = cli("layout", a, q, "--ipuz", tmp_path / "p.yaml")  # q's output would be p-q.yaml: an input?
    assert res.code == 65
    res = cli("layout", a, q, b, "--svg", tmp_path / "p.yaml")  # p-q.yaml is an input
    assert res.code == 65 and "input file" in res.err and b.read_bytes() == before


def test_crossword_checks_its_ipuz_path_before_solving(cli, tmp_path: Path) -> None:
    res = cli("crossword", LATTICE, "--ipuz", tmp_path / "missing-dir" / "x.ipuz")
    assert res.code == 65 and "does not exist" in res.err and res.out == ""  # nothing solved or printed


# ------------------------------------------------------------------------------------ whole or nothing


@pytest.mark.parametrize("option", ["--svg", "--pdf", "--json-file"])
def test_a_file_size_limit_keeps_the_old_file(tmp_path: Path, option: str) -> None:
    old = tmp_path / ("old.json" if option == "--json-file" else f"old.{option[2:]}")
    old.write_text("the old file\n")
    argv = ["-o", old] if option == "--json-file" else [option, old]
    res = command("wordsearch", BIG, *argv, limit_bytes=4096)
    err = no_traceback(res)
    assert res.returncode == 1
    assert "File too large" in err and "nothing written" in err and err.strip().count("\n") == 0
    assert old.read_text() == "the old file\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [old.name]  # no temporary file left


def test_a_file_size_limit_fails_in_unix_codes_too(tmp_path: Path) -> None:
    res = command("wordsearch", BIG, "--svg", tmp_path / "x.svg", "--exit-codes", "unix", limit_bytes=4096)
    assert res.returncode == 3 and not (tmp_path / "x.svg").exists()


def test_an_output_file_keeps_its_mode_and_replaces_whole(cli, tmp_path: Path) -> None:
    out = tmp_path / "x.svg"
    out.write_text("x" * 100_000)
    out.chmod(0o640)
    assert cli("layout", PETS, "--svg", out).code == 30
    assert out.read_text().startswith("<svg") and out.read_text().endswith("</svg>\n")
    assert out.stat().st_mode & 0o777 == 0o640


def test_a_device_is_written_in_place(tmp_path: Path) -> None:
    res = command("crossword", LATTICE, "--svg", "/dev/stdout")
    assert res.returncode == 10 and b"<svg" in res.stdout and b"EJECTED" in res.stdout
    res = command("crossword", LATTICE, "--pdf", "/dev/null")
    assert res.returncode == 10, res.stderr


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only directories")
def test_a_read_only_directory_is_refused_before_any_work(cli, tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    res = cli("crossword", LATTICE, "--pdf", folder / "x.pdf")
    assert res.code == 65 and "permission denied" in res.err and res.out == ""


# ------------------------------------------------------------------------------------ streams


def test_closed_stdout_is_one_line_and_a_non_zero_exit(tmp_path: Path) -> None:
    out = tmp_path / "x.svg"
    res = command("crossword", LATTICE, "--svg", out, shell_prefix="exec >&-;")
    err = no_traceback(res)
    assert res.returncode == 1 and "standard output is closed" in err
    assert out.read_text().startswith("<svg")  # the output file is still written


def test_closed_stderr_keeps_the_json_clean_and_the_exit_code(tmp_path: Path) -> None:
    # two warnings on the closed stderr: the framework's own words ignored, a line not a word
    words = tmp_path / "w.txt"
    words.write_text("EJECTED\nEPOXYED\n12 34\n")
    res = command("crossword", LATTICE, "--dictionary", words, "--json", shell_prefix="exec 2>&-;")
    assert res.returncode == 20
    assert json.loads(res.stdout)["status"] == "UNSAT"
    res = command("crossword", LATTICE, "--json", shell_prefix="exec 2>&-;")
    assert res.returncode == 10 and json.loads(res.stdout)["status"] == "SAT"


def test_an_ascii_stdout_suggests_utf8(tmp_path: Path) -> None:
    res = command("crossword", UMLAUTS, env={"PYTHONIOENCODING": "ascii"})
    err = no_traceback(res)
    assert res.returncode == 1 and "UTF-8" in err and err.count("\n") == 1
    res = command("crossword", UMLAUTS, "--json", env={"PYTHONIOENCODING": "ascii"})  # JSON escapes instead
    assert res.returncode == 10 and json.loads(res.stdout)["status"] == "SAT"


@pytest.mark.parametrize("unbuffered", ["", "1"])
def test_truncated_stdout_is_not_success(tmp_path: Path, unbuffered: str) -> None:
    with open(tmp_path / "out.txt", "wb") as stdout:
        res = command("wordsearch", BIG, "--json", env={"PYTHONUNBUFFERED": unbuffered}, limit_bytes=1024,
                      stdout=stdout, stderr=subprocess.PIPE, capture_output=False)
    err = no_traceback(res)
    assert res.returncode == 1 and "File too large" in err


# ------------------------------------------------------------------------------------ PDF under a limit


def test_models_0_with_a_pdf_under_a_time_limit_writes_the_pdf(tmp_path: Path) -> None:
    out = tmp_path / "book.pdf"
    # start-up, some answers, then the pages (the PDF's reserve): 0.35 s left none, 0.4 s eighty answers
    # at load 5; a busy machine's process gets more
    limit = loaded(0.8)
    started = time.monotonic()
    res = command("wordsearch", HOLA, "--models", "0", "--time-limit", str(limit), "--pdf", out)
    elapsed = time.monotonic() - started
    err = no_traceback(res)
    assert res.returncode == 11, err  # stopped by the limit with answers
    puzzles = res.stdout.decode().count("Puzzle ")
    assert puzzles > 1
    pages = len(pypdf.PdfReader(out).pages)
    assert pages >= 2 and pages % 2 == 0  # each puzzle drawn has its key
    if pages // 2 < puzzles:  # the cap is said on stderr
        assert f"room for {pages // 2} of {puzzles} answers" in err
    assert elapsed < limit + MARGIN
