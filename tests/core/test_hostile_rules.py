"""Issue 49, points 1 and 4: a rules file's bytes and what it includes, one class at a time.

- clingo's messages are decoded with replacement and no logger raises into clingo: a byte-order
  mark, or a syntax error next to a non-ASCII character, ended the process ("PANIC: exception in
  nothrow scope"), the Python caller's too;
- a rules file is read and checked by Python and clingo gets the text: no NUL, a BOM skipped;
- the include check and the open are one step (the folder's descriptor, ``O_NOFOLLOW``): an
  include swapped for a symlink to a file outside, at the worst moment, is refused, never read.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import clingo
import pytest

from pyclingo_puzzles import wordsearch
from pyclingo_puzzles.core import clingolog, rules, rulesfile
from pyclingo_puzzles.core.errors import InputError

from ..conftest import INSTANCES

HOLA = INSTANCES / "wordsearch" / "hola-8x8.yaml"
BOM = b"\xef\xbb\xbf% a comment\n"
NEXT_TO_E_ACUTE = b"a :- b.\n\xc3\xa9x.\n"
SECRET = 'secret_atom(1).\n'


def command(*args: object) -> subprocess.CompletedProcess:
    argv = [sys.executable, "-m", "pyclingo_puzzles", *map(str, args), "--exit-codes", "clingo"]
    return subprocess.run(argv, capture_output=True, text=True, timeout=120)


# ------------------------------------------------------------------------ 1. clingo's messages


def test_a_bom_and_a_cut_character_end_no_process(tmp_path: Path) -> None:
    """The command, as the sweep ran it: the BOM file is read (the mark skipped, as in every input
    of ours), the syntax error is one line with file, line and column, and the JSON is one document."""
    (tmp_path / "bom.lp").write_bytes(BOM)
    (tmp_path / "e.lp").write_bytes(NEXT_TO_E_ACUTE)
    bom = command("wordsearch", HOLA, "--rules", tmp_path / "bom.lp", "--json")
    assert bom.returncode in (10, 30) and "PANIC" not in bom.stderr, bom.stderr
    assert json.loads(bom.stdout)["status"] == "SAT"
    bad = command("wordsearch", HOLA, "--rules", tmp_path / "e.lp", "--json")
    line = f"{tmp_path / 'e.lp'}:2:1: cannot load rules: lexer error, unexpected é"
    assert (bad.returncode, bad.stderr) == (65, f"error: {line}\n")
    assert json.loads(bad.stdout) == {"status": "UNKNOWN", "error": line}


def test_the_python_caller_survives_both(tmp_path: Path) -> None:
    """``wordsearch.generate(..., rules=["bom.lp"])`` ended the caller's interpreter."""
    (tmp_path / "bom.lp").write_bytes(BOM)
    (tmp_path / "e.lp").write_bytes(NEXT_TO_E_ACUTE)
    assert wordsearch.generate(["HOLA", "ADIOS"], rules=[tmp_path / "bom.lp"]).status.name == "SAT"
    with pytest.raises(InputError) as info:
        wordsearch.generate(["HOLA", "ADIOS"], rules=[tmp_path / "e.lp"])
    assert (info.value.line, info.value.column) == (2, 1) and "unexpected é" in info.value.message


def test_a_message_that_cuts_a_character_reaches_any_logger_decoded() -> None:
    """Not ours only: the process's every logger (an API caller's own control) gets clingo's
    message with U+FFFD for the cut byte, instead of a PANIC."""
    seen: list[str] = []
    with pytest.raises(RuntimeError):
        clingo.ast.parse_string("é.", lambda _stmt: None, logger=lambda _code, message: seen.append(message))
    assert seen and "\ufffd" in seen[0]


def test_a_logger_that_raises_does_not_raise_into_clingo() -> None:
    """An exception in a logger (MemoryError under a ulimit) is kept and raised after the call."""

    def failing(_code: clingo.MessageCode, _message: str) -> None:
        raise MemoryError

    ctl = clingo.Control(logger=failing)
    ctl.add("base", [], "p :- q.")  # "atom does not occur in any rule head": a message
    ctl.ground([("base", [])])
    with pytest.raises(MemoryError):
        clingolog.raise_dropped()
    clingolog.raise_dropped()  # raised once


# ------------------------------------------------------------------------ 2. the bytes, read by us


def test_a_nul_byte_is_refused_with_its_line(tmp_path: Path) -> None:
    """clingo's text ends at a NUL: ``b :- c.`` after it would have been dropped unseen."""
    (tmp_path / "nul.lp").write_bytes(b"a.\n%\x00\n:- a.\n")
    with pytest.raises(InputError, match=r"nul\.lp:2: holds a NUL character"):
        rules.parse(tmp_path / "nul.lp")


def test_included_statements_come_where_clingo_puts_them_with_their_files(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.lp").write_text("x(1).\n#program p(k).\ny(k).\n")
    main = tmp_path / "main.lp"
    main.write_text('#program q(t).\nz(t).\n#include "sub/a.lp".\nw.\n')
    parsed = rules.parse(main)
    shown = [(str(stmt), Path(stmt.location.begin.filename).name, stmt.location.begin.line)
             for stmt in parsed.statements]  # fmt: skip
    assert shown == [
        ("#program base.", "main.lp", 1), ("#program q(t).", "main.lp", 1), ("z(t).", "main.lp", 2),
        ("x(1).", "a.lp", 1), ("#program p(k).", "a.lp", 2), ("y(k).", "a.lp", 3),
        ("#program base.", "main.lp", 3), ("w.", "main.lp", 4),
    ]  # fmt: skip


def test_an_include_inside_nested_comments_is_no_include(tmp_path: Path) -> None:
    """clingo nests block comments: the include inside is not read (nor is the file missing)."""
    main = tmp_path / "main.lp"
    main.write_text('%* a %* b *% #include "gone.lp". *%\nok.\n')
    assert [str(s) for s in rules.parse(main).statements][-1] == "ok."


# ------------------------------------------------------------------------ 4. the include race


def folder_with_secret(tmp_path: Path) -> tuple[Path, Path]:
    (tmp_path / "rules").mkdir()
    (tmp_path / "secret.lp").write_text(SECRET)
    (tmp_path / "rules" / "inc.lp").write_text("mine(1).\n")
    main = tmp_path / "rules" / "main.lp"
    main.write_text('#include "inc.lp".\n')
    return main, tmp_path / "rules" / "inc.lp"


def swap_to_link(inc: Path, target: Path) -> None:
    link = inc.with_name("swap.tmp")
    link.symlink_to(target)
    os.replace(link, inc)


def test_an_include_swapped_for_a_link_as_it_is_opened_is_refused(tmp_path: Path, monkeypatch) -> None:
    """The adversary at the worst moment: ``inc.lp`` becomes a symlink to the file outside right
    before it is opened (after every check a path-based reader could make): refused, unread."""
    main, inc = folder_with_secret(tmp_path)
    real_open = os.open

    def swapping_open(path, flags, *args, **kwargs):
        if path == "inc.lp":
            swap_to_link(inc, tmp_path / "secret.lp")
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(rulesfile.os, "open", swapping_open)
    with pytest.raises(InputError, match="leaves the rules file's folder") as info:
        rules.parse(main)
    assert str(info.value).startswith(f"{main}:1: ")


def test_a_link_swapped_back_for_a_file_as_it_is_read_is_opened_again(tmp_path: Path, monkeypatch) -> None:
    main, inc = folder_with_secret(tmp_path)
    swap_to_link(inc, tmp_path / "secret.lp")
    real_readlink = os.readlink

    def swapping_readlink(path, *args, **kwargs):
        if path == "inc.lp" and inc.is_symlink():
            inc.unlink()
            inc.write_text("mine(2).\n")
        return real_readlink(path, *args, **kwargs)

    monkeypatch.setattr(rulesfile.os, "readlink", swapping_readlink)
    assert [str(s) for s in rules.parse(main).statements][1] == "mine(2)."


def test_links_and_dot_dot_inside_the_folder_are_followed_there(tmp_path: Path) -> None:
    main, _ = folder_with_secret(tmp_path)
    rules_dir = main.parent
    (rules_dir / "sub").mkdir()
    (rules_dir / "sub" / "deep.lp").write_text("deep(1).\n")
    (rules_dir / "to-sub").symlink_to("sub")
    (rules_dir / "abs.lp").symlink_to(rules_dir / "sub" / "deep.lp")
    main.write_text('#include "to-sub/../inc.lp".\n#include "abs.lp".\n')
    assert [str(s) for s in rules.parse(main).statements if "(" in str(s)] == ["mine(1).", "deep(1)."]
    main.write_text('#include "sub/../../secret.lp".\n')
    with pytest.raises(InputError, match="leaves the rules file's folder"):
        rules.parse(main)
