"""Hostile cases of issue 34 (safety): no output overwrites an input (standard input's file, a rules
file's includes), strips writes nothing when a grid is proved untileable, word search never lays two
words on the same cells, layout proves small impossibilities at once, and rules cannot reach the
machine (#include confined, #script and @ functions refused)."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import pyclingo_puzzles
from pyclingo_puzzles import wordsearch
from pyclingo_puzzles.core.errors import InputError
from pyclingo_puzzles.formats.outfiles import check_output_paths
from pyclingo_puzzles.wordsearch.reader import read_instance

from .conftest import INSTANCES

HOLA = INSTANCES / "wordsearch" / "hola-8x8.yaml"
SECRET = 'secret_token("sk-live-123").\n'


def console(*argv: str | Path, **kw) -> subprocess.CompletedProcess:
    command = [sys.executable, "-c", "from pyclingo_puzzles.cli.command import console; console()", *map(str, argv)]
    return subprocess.run(command, capture_output=True, text=True, timeout=60, **kw)


@contextlib.contextmanager
def stdin_from(path: Path) -> Iterator[None]:
    """Descriptor 0 reads ``path`` for the block (as ``< path`` gives a process)."""
    saved = os.dup(0)
    fd = os.open(path, os.O_RDONLY)
    try:
        os.dup2(fd, 0)
        yield
    finally:
        os.dup2(saved, 0)
        os.close(saved)
        os.close(fd)


# ------------------------------------------------------------------ 1. outputs that are inputs


@pytest.mark.parametrize("name", ["/dev/stdin", "/proc/self/fd/0", "/dev/fd/0", "by name"])
def test_an_output_naming_the_file_behind_standard_input_is_refused(tmp_path: Path, name: str) -> None:
    words = tmp_path / "w.txt"
    words.write_text("CAT\nDOG\n")
    target = words if name == "by name" else Path(name)
    with stdin_from(words), pytest.raises(InputError, match="names the file behind standard input"):
        check_output_paths({"--svg": target}, [("input file", "-")])


def test_the_stdin_reproducer_leaves_the_words_file_as_it_was(tmp_path: Path) -> None:
    words = tmp_path / "w.txt"
    words.write_text("CAT\nDOG\n")
    with words.open() as stdin:
        done = console("wordsearch", "-", "--svg", "/dev/stdin", "--exit-codes", "clingo", stdin=stdin)
    assert done.returncode == 65 and "standard input" in done.stderr, done.stderr
    assert words.read_text() == "CAT\nDOG\n"


def test_an_output_naming_a_file_the_rules_include_is_refused(cli, tmp_path: Path) -> None:
    (tmp_path / "rules").mkdir()
    included = tmp_path / "rules" / "inc.svg"  # clingo includes any name, whatever its suffix
    included.write_text("% kept\n")
    rules = tmp_path / "rules" / "r.lp"
    rules.write_text('#include "inc.svg".\n')
    res = cli("wordsearch", HOLA, "--rules", rules, "--svg", included, "--exit-codes", "clingo")
    assert res.code == 65 and "--svg names the file a --rules file includes" in res.err, res.err
    assert included.read_text() == "% kept\n"


# ------------------------------------------------------------------ 9. rules cannot reach the machine


def secret_beside(tmp_path: Path) -> Path:
    (tmp_path / "rules").mkdir()
    secret = tmp_path / "secret.lp"
    secret.write_text(SECRET)
    return secret


@pytest.mark.parametrize(
    "include",
    [
        '#include "../secret.lp".',
        '#include "{secret}".',
        'p("%"). #include "../secret.lp".',  # a % inside a string starts no comment
        '#include %* a comment *% "../secret.lp".',
        '#include "link.lp".',  # a symlink beside the rules to the file outside
    ],
)
def test_an_include_outside_the_rules_folder_is_refused_unread(cli, tmp_path: Path, include: str) -> None:
    secret = secret_beside(tmp_path)
    (tmp_path / "rules" / "link.lp").symlink_to(secret)
    rules = tmp_path / "rules" / "r.lp"
    rules.write_text(include.format(secret=secret) + "\n#show secret_token/1.\n")
    res = cli("wordsearch", HOLA, "--rules", rules, "--exit-codes", "clingo")
    assert res.code == 65 and "leaves the rules file's folder" in res.err, res.err
    assert res.err.startswith(f"error: {rules}:1: ") and "sk-live" not in res.out + res.err


def test_allow_include_anywhere_opts_out(cli, tmp_path: Path) -> None:
    secret_beside(tmp_path)
    rules = tmp_path / "rules" / "r.lp"
    rules.write_text('#include "../secret.lp".\n#show secret_token/1.\n')
    res = cli("wordsearch", HOLA, "--rules", rules, "--allow-include-anywhere", "--exit-codes", "clingo")
    assert res.code in (10, 30) and 'secret_token("sk-live-123")' in res.out, res.err


def test_an_include_in_the_rules_folder_and_below_is_read(cli, tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "more.lp").write_text("mine(1).\n")
    rules = tmp_path / "r.lp"
    rules.write_text('#include "sub/more.lp".\n#show mine/1.\n')
    res = cli("wordsearch", HOLA, "--rules", rules, "--exit-codes", "clingo")
    assert res.code in (10, 30) and "mine(1)" in res.out, res.err


SCRIPT_RUN = """
import clingo.script, pathlib, sys
clingo.script.enable_python()  # as a notebook or a sitecustomize can
from pyclingo_puzzles import wordsearch, InputError
try:
    wordsearch.generate(["CAT", "DOG"], width=5, height=5, rules=[sys.argv[1]])
except InputError as exc:
    print("refused:", exc)
print("ran" if pathlib.Path(sys.argv[2]).exists() else "did not run")
"""


def test_a_script_is_refused_even_where_python_scripting_is_enabled(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    rules = tmp_path / "s.lp"
    rules.write_text(f'#script (python)\nimport pathlib\npathlib.Path({str(marker)!r}).touch()\n#end.\n')
    done = subprocess.run([sys.executable, "-c", SCRIPT_RUN, rules, marker], capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.splitlines() == [
        f"refused: {rules}:1: #script is not allowed in rules (it would run code in this process)",
        "did not run",
    ], done.stderr


def test_external_functions_are_refused_unless_the_caller_passes_them(tmp_path: Path) -> None:
    rules = tmp_path / "f.lp"
    rules.write_text("called(@system(\"true\")).\n#show called/1.\n")
    with pytest.raises(InputError, match=r"f\.lp:1: @system: external functions are not allowed"):
        wordsearch.generate(["CAT", "DOG"], width=5, height=5, rules=[rules])
    calls = []

    def system(arg: object) -> object:
        calls.append(str(arg))
        return arg

    with pyclingo_puzzles.trusted_rules(functions={"system": system}):
        puzzle = wordsearch.generate(["CAT", "DOG"], width=5, height=5, rules=[rules])
    assert calls == ['"true"'] and puzzle.shown == ('called("true")',)


def test_the_json_of_a_refused_include_holds_no_contents(cli, tmp_path: Path) -> None:
    secret_beside(tmp_path)
    rules = tmp_path / "rules" / "r.lp"
    rules.write_text('#include "../secret.lp".\n')
    res = cli("wordsearch", HOLA, "--rules", rules, "--json", "--exit-codes", "clingo")
    assert res.code == 65 and json.loads(res.out)["status"] == "UNKNOWN" and "sk-live" not in res.out + res.err


# ------------------------------------------------------------------ 2. strips: no file without an answer


@pytest.mark.parametrize("option", ["--svg", "--pdf"])
def test_strips_writes_no_file_when_a_grid_is_proved_untileable(cli, tmp_path: Path, option: str) -> None:
    out = tmp_path / ("o.svg" if option == "--svg" else "o.pdf")
    out.write_text("old\n")
    res = cli("strips", INSTANCES / "strips" / "unsolvable.yaml", option, out, "--exit-codes", "clingo")
    assert res.code == 20 and "black-square: no tiling" in res.out and f"{option} {out} not written" in res.err
    assert out.read_text() == "old\n"


# ------------------------------------------------------------------ 6. word search: one strip, one word


@pytest.mark.parametrize("words", ["STOP POTS LIVE EVIL", "AB BA", "CAT LIVE DOG EVIL"])
def test_a_word_and_its_reverse_are_refused_at_once_naming_the_pair(cli, words: str) -> None:
    res = cli("wordsearch", "--words", words, "--size", "8x8", "--level", "hard", "--exit-codes", "clingo")
    first, second = [w for w in words.split() if w[::-1] in words.split()][:2]
    assert res.code == 65 and res.out == "", res.err
    assert f"words {first} (word " in res.err and f"and {second} (word " in res.err and "backwards" in res.err


def test_the_api_and_a_yaml_file_refuse_the_pair_with_its_line(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"STOP \(word 1\) and POTS \(word 2\) are each other backwards"):
        wordsearch.generate(["STOP", "POTS"], width=6, height=6)
    path = tmp_path / "pair.yaml"
    path.write_text("width: 6\nheight: 6\nwords:\n  - STOP\n  - CAT\n  - POTS\n")
    with pytest.raises(InputError) as info:
        read_instance(path)
    assert str(info.value).startswith(f"{path}:6: words STOP (line 4) and POTS (line 6)")


def test_a_palindrome_alone_is_no_pair(cli) -> None:
    res = cli("wordsearch", "--words", "LEVEL CAT", "--size", "6x6", "--exit-codes", "clingo")
    assert res.code in (10, 30), res.err


def test_the_verifier_refuses_two_words_on_the_same_cells() -> None:
    from pyclingo_puzzles.wordsearch.verify import Placement, verify

    grid = ["STOPX", "XXXXX"]
    placed = [Placement("STOP", 0, 0, 1, 0), Placement("POTS", 0, 3, -1, 0)]
    assert verify(grid, placed, ["STOP", "POTS"]) == ["STOP and POTS are placed on the same cells"]


# ------------------------------------------------------------------ 7. layout: small impossibilities proved


@pytest.mark.parametrize("words", ["STRAXE FUX MAX", "STRAXE FUX MAX TAB"])
def test_words_whose_crossings_all_collide_are_proved_unconnectable(cli, words: str) -> None:
    # every crossing collides (a brute force over 17x17 finds none): proved in the square every
    # connected layout fits in (a fraction of a second), not searched to the limit (which said "no
    # layout found", exit 1); the generous limit only keeps a loaded machine from deciding the test
    res = cli("layout", "--words", words, "-t", "30", "--exit-codes", "clingo")
    assert res.code == 20, res.err
    assert res.out == "--words: the words cannot all connect: every way they cross collides (proved)\n"
