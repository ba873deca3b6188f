"""Every encoding's header and ``#show`` statements agree with the signature table (core/signatures.py),
and every encoding follows the common layout (docs/rules.md, "One vocabulary").

The header's predicate entries and the ``#show`` statements are read by clingo's own parser, never
by a pattern over the text: an entry line is ``%   <atoms>  <what they mean>``, its atoms up to the
first two spaces are parsed as the body of a rule.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from clingo import ast

from pyclingo_puzzles.core import signatures
from pyclingo_puzzles.core.programs import ENCODINGS_DIR
from pyclingo_puzzles.core.rulesast import Summary, atoms
from pyclingo_puzzles.core.signatures import Signature

ENCODINGS = sorted(path.name for path in Path(ENCODINGS_DIR).glob("*.lp"))
HEADINGS = {"Input predicates": "input", "Output predicates": "output", "Derived predicates": "derived"}
SECTIONS = {"Generate", "Define", "Test", "Optimize", "Heuristic", "Display"}
RULE = "% " + "-" * 101  # a section's banner line


def header(name: str) -> list[str]:
    """The header's lines, without their ``%``: the first comment block, between its two frames."""
    lines = (Path(ENCODINGS_DIR) / name).read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("% ====="), f"{name}: the header opens with its frame"
    end = lines.index(lines[0], 1)
    return [line[1:] for line in lines[1:end]]


def parsed_atoms(text: str) -> set[Signature]:
    """The predicates of a comma-separated list of atoms, read by clingo's parser."""
    found: set[Signature] = set()

    def visit(stmt: ast.AST) -> None:
        if stmt.ast_type == ast.ASTType.Rule:
            for literal in stmt.body:
                found.update(sig for sig, _ in atoms(literal))

    ast.parse_string(f"_entry :- {text}.", visit)
    return found


def header_predicates(name: str) -> dict[str, set[Signature]]:
    """Per list of the header (input, output, derived): the predicates its entries name."""
    lists: dict[str, set[Signature]] = {key: set() for key in HEADINGS.values()}
    current: str | None = None
    for line in header(name):
        if line.startswith(" ") and not line.startswith("  ") and line.strip():  # a heading
            current = next((key for title, key in HEADINGS.items() if line.strip().startswith(title)), None)
        elif current and line.startswith("   ") and not line.startswith("    "):  # an entry
            lists[current] |= parsed_atoms(line.strip().split("  ", 1)[0])
    return lists


def program(name: str) -> tuple[Summary, set[Signature]]:
    """What the encoding defines and uses, and what its ``#show`` statements show."""
    summary, shown = Summary(), set()

    def visit(stmt: ast.AST) -> None:
        summary.add(stmt)
        if stmt.ast_type == ast.ASTType.ShowSignature:
            shown.add((stmt.name, stmt.arity))

    ast.parse_files([str(Path(ENCODINGS_DIR) / name)], visit)
    return summary, shown


def test_the_table_has_every_shipped_encoding() -> None:
    assert sorted(signatures.ENCODINGS) == ENCODINGS


@pytest.mark.parametrize("name", ENCODINGS)
def test_the_header_lists_the_tables_predicates(name: str) -> None:
    listed = header_predicates(name)
    table = signatures.ENCODINGS[name]
    assert listed == {"input": table.input, "output": table.output, "derived": table.derived}


@pytest.mark.parametrize("name", ENCODINGS)
def test_the_shows_are_the_output_contract(name: str) -> None:
    summary, shown = program(name)
    table = signatures.ENCODINGS[name]
    assert shown == table.output
    assert table.output <= summary.heads and table.derived <= summary.heads, name


@pytest.mark.parametrize("name", ENCODINGS)
def test_the_common_layout(name: str) -> None:
    """Purpose, input and output in the header; banner sections with known titles; a comment for
    every #const."""
    lines = (Path(ENCODINGS_DIR) / name).read_text(encoding="utf-8").splitlines()
    text = header(name)
    assert text[0].strip() and any(line.startswith(" Purpose: ") for line in text)
    assert {"Input predicates", "Output predicates"} <= {line.strip().split(":")[0].split(" (")[0] for line in text}
    titles = [lines[i + 1] for i, line in enumerate(lines[:-2]) if line == RULE and lines[i + 2] == RULE]
    assert titles and {title.removeprefix("% ").split(" (")[0] for title in titles} <= SECTIONS, titles
    assert ("% Display" in titles) == bool(signatures.ENCODINGS[name].output)
    assert all("%" in line for line in lines if line.startswith("#const "))


def test_a_wrong_header_entry_is_found() -> None:
    """The header reader fails on what it should: a misspelt entry is another predicate."""
    assert parsed_atoms("site(S, L), site_at(S, R, C, D)") == {("site", 2), ("site_at", 4)}
    assert parsed_atoms("origin") == {("origin", 0)}
    with pytest.raises(RuntimeError):
        parsed_atoms("word(W, T")


def test_the_outputs_of_an_unknown_encoding_are_none() -> None:
    assert signatures.outputs("crossword_fill.lp") == (("place", 2), ("val", 3))
    assert signatures.outputs("/elsewhere/mine.lp") == ()
