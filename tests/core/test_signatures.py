"""Every encoding's header and ``#show`` statements agree with the signature table (core/signatures.py),
and every encoding follows the common layout (docs/rules.md, "One vocabulary").

The header's predicate entries and the ``#show`` statements are read by clingo's own parser, never
by a pattern over the text: an entry line is ``%   <atoms>  <what they mean>``, its atoms up to the
first two spaces are parsed as the body of a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest
from clingo import Symbol, ast

from pyclingo_puzzles.core import signatures
from pyclingo_puzzles.core.programs import ENCODINGS_DIR
from pyclingo_puzzles.core.rules import command_constants
from pyclingo_puzzles.core.rulesast import Summary, atoms
from pyclingo_puzzles.core.signatures import Signature
from pyclingo_puzzles.core.solve import Solver

from ..conftest import INSTANCES

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
    return set(named_atoms(text))


def named_atoms(text: str) -> dict[Signature, tuple[str, ...]]:
    """Each atom of a comma-separated list, read by clingo's parser: its signature and the names of
    its arguments (as written: ``site(S, L)`` names S and L)."""
    found: dict[Signature, tuple[str, ...]] = {}

    def visit(stmt: ast.AST) -> None:
        if stmt.ast_type == ast.ASTType.Rule:
            for literal in stmt.body:
                term = literal.atom.symbol
                args = tuple(str(a) for a in term.arguments) if term.ast_type == ast.ASTType.Function else ()
                found.update((sig, args) for sig, _ in atoms(literal))

    ast.parse_string(f"_entry :- {text}.", visit)
    return found


def header_predicates(name: str) -> dict[str, dict[Signature, tuple[str, ...]]]:
    """Per list of the header (input, output, derived): the predicates its entries name, with the
    names of their arguments."""
    lists: dict[str, dict[Signature, tuple[str, ...]]] = {key: {} for key in HEADINGS.values()}
    current: str | None = None
    for line in header(name):
        if line.startswith(" ") and not line.startswith("  ") and line.strip():  # a heading
            current = next((key for title, key in HEADINGS.items() if line.strip().startswith(title)), None)
        elif current and line.startswith("   ") and not line.startswith("    "):  # an entry
            lists[current] |= named_atoms(line.strip().split("  ", 1)[0])
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
    assert {key: set(found) for key, found in listed.items()} == {
        "input": table.input, "output": table.output, "derived": table.derived
    }
    named = {sig: args for found in listed.values() for sig, args in found.items()}
    assert named == table.arguments  # the same argument names: what each position holds


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
    assert named_atoms("cand(W, K, R, C, DX, DY)") == {("cand", 6): ("W", "K", "R", "C", "DX", "DY")}
    with pytest.raises(RuntimeError):
        parsed_atoms("word(W, T")


def test_the_outputs_of_an_unknown_encoding_are_none() -> None:
    assert signatures.outputs("crossword_fill.lp") == (("place", 2), ("val", 3))
    assert signatures.outputs("/elsewhere/mine.lp") == ()


# ------------------------------------------------------------------ the drivers' facts are the inputs

RING = ["...", ".#.", "..."]
RING_WORDS = {"CAT": 5, "TOE": 4, "COT": 3, "EAR": 2, "TAR": 1, "RAT": 1, "TEA": 1, "ACE": 1, "OAT": 1, "EAT": 1}


def family_runs(tmp_path: Path) -> dict[str, Callable[[], object]]:
    from pyclingo_puzzles import crossword, layout, strips, wordsearch

    no_rules = tmp_path / "none.lp"
    no_rules.write_text("% no rules: the layout then makes every move with clingo\n")
    return {
        "wordsearch": lambda: wordsearch.generate(["CAT", "DOG", "EMU"], width=5, height=5, seed=1),
        "crossword": lambda: crossword.solve(["NON", "TOT"], [" . ", "...", " . "], models=0),
        "fill": lambda: crossword.fill(RING, RING_WORDS, seed=1),
        "fill, word atoms": lambda: crossword.fill(RING, RING_WORDS, seed=1, optimize=True),
        "fill, unfillable core": lambda: crossword.fill(RING, ["CAT", "TAC", "DOG", "EMU"], seed=1),
        "strips": lambda: strips.tile(str(INSTANCES / "strips" / "small.yaml"), count=True),
        "layout": lambda: layout.arrange(["KETTLE", "OVEN", "TOASTER"], seed=1, rules=[no_rules], time_limit=1),
    }


@pytest.mark.parametrize(
    "family", ["wordsearch", "crossword", "fill", "fill, word atoms", "fill, unfillable core", "strips", "layout"]
)
def test_every_fact_a_driver_gives_is_an_input_of_its_encodings(
    family: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table's inputs are what the drivers give: a fact of another name (a renamed predicate
    the driver still sends) would be one the encoding never reads."""
    given: list[tuple[tuple[str, ...], set[Signature]]] = []
    constants: list[tuple[tuple[str, ...], list[str]]] = []
    init, add_facts = Solver.__init__, Solver.add_facts

    def recording_init(self: Solver, encodings: Sequence[str], *args: Any, **kwargs: Any) -> None:
        init(self, encodings, *args, **kwargs)
        self._recorded = (tuple(encodings), set())  # type: ignore[attr-defined]
        given.append(self._recorded)  # type: ignore[attr-defined]
        constants.append((tuple(encodings), command_constants(kwargs.get("options") or ())))

    def recording_add_facts(self: Solver, facts: Iterable[Symbol]) -> int:
        facts = list(facts)
        self._recorded[1].update((f.name, len(f.arguments)) for f in facts)  # type: ignore[attr-defined]
        return add_facts(self, facts)

    monkeypatch.setattr(Solver, "__init__", recording_init)
    monkeypatch.setattr(Solver, "add_facts", recording_add_facts)
    family_runs(tmp_path)[family]()
    assert any(facts for _, facts in given), "the run gave facts through a Solver"
    for encodings, facts in given:
        inputs = set().union(*(signatures.of(name).input for name in encodings))
        assert facts <= inputs, (encodings, facts - inputs)
    for encodings, names in constants:  # a parameter the driver sets is one of the encodings' #const
        declared = set().union(*(declared_constants(Path(name)) for name in encodings))
        assert set(names) <= declared, (encodings, set(names) - declared)


def declared_constants(encoding: Path) -> dict[str, str]:
    """The ``#const`` parameters of a shipped encoding and their defaults, read by clingo's parser."""
    found: dict[str, str] = {}
    path = encoding if encoding.is_absolute() else Path(ENCODINGS_DIR) / encoding.name
    ast.parse_string(path.read_text(), lambda s: found.update(
        {s.name: str(s.value)} if s.ast_type == ast.ASTType.Definition else {}))  # fmt: skip
    return found


@pytest.mark.parametrize("name", sorted(signatures.ENCODINGS))
def test_every_parameter_is_a_commented_const(name: str) -> None:
    """One way to pass a parameter: a ``#const`` with its default and a comment on its line
    (docs/rules.md, "Parameters")."""
    text = (Path(ENCODINGS_DIR) / name).read_text()
    for const in declared_constants(Path(ENCODINGS_DIR) / name):
        line = next(line for line in text.splitlines() if line.startswith(f"#const {const} ") or
                    line.startswith(f"#const {const}="))  # fmt: skip
        assert "%" in line, line


def test_the_pythons_copies_of_defaults_are_the_encodings() -> None:
    """Where the Python needs a parameter's default too (the verifier's balance bounds, the layout's
    quality), it is the encoding's ``#const``: a default changed in one place fails here."""
    from pyclingo_puzzles.layout import objective
    from pyclingo_puzzles.wordsearch import quality

    word_search = declared_constants(Path(ENCODINGS_DIR) / "wordsearch.lp")
    assert (int(word_search["max_direction"]), int(word_search["max_quadrant"]), int(word_search["max_shared"])) == (
        quality.MAX_DIRECTION, quality.MAX_QUADRANT, quality.MAX_SHARED)  # fmt: skip
    assert int(declared_constants(Path(ENCODINGS_DIR) / "layout.lp")["weight_words"]) == objective.WEIGHT_WORDS
