"""Start-up: the command imports only the chosen family's modules (issue 15); the lazy package
attributes still give the public API."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FAMILIES = ("crossword", "layout", "strips", "wordsearch")
# modules only some outputs need: never imported by a plain text run
ON_USE = ("json", "xml.sax.saxutils", "http.client", "email", "fpdf", "importlib.resources", "tempfile")


def imported_by(*argv: str) -> set[str]:
    """The modules a run of the command (in a fresh interpreter) has imported when it ends."""
    code = (
        "import sys, io, contextlib\n"
        "from pyclingo_puzzles import cli\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
        "    try:\n"
        f"        cli.main({list(argv)!r})\n"
        "    except SystemExit:\n"
        "        pass\n"
        "print('\\n'.join(sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    return set(out.stdout.split())


def family_modules(modules: set[str]) -> set[str]:
    return {m.split(".")[1] for m in modules if m.startswith("pyclingo_puzzles.") and m.split(".")[1] in FAMILIES}


@pytest.mark.parametrize(
    ("family", "instance"),
    [
        ("crossword", "instances/crossword/lattice.dat"),
        ("strips", "instances/strips/small.yaml"),
        ("wordsearch", "instances/wordsearch/hola-8x8.yaml"),
        ("layout", "tests/formats/pets-3.yaml"),  # a small layout: the imports are tested, not the search
    ],
)
def test_a_command_imports_only_its_family(family: str, instance: str) -> None:
    modules = imported_by(family, instance, "--time-limit", "5")
    assert family_modules(modules) <= {family}  # shared grid types live in core/, not in another family
    assert family in family_modules(modules)
    assert not [m for m in modules if m.split(".")[0] in ON_USE or m in ON_USE]


def test_a_p99_file_needs_neither_yaml_nor_the_dictionary_fill_nor_rules() -> None:
    modules = imported_by("crossword", "instances/crossword/lattice.dat")
    assert "yaml" not in modules
    assert "pyclingo_puzzles.crossword.engine.strategy" not in modules
    assert "wordfreq" not in modules  # the built-in dictionary: only when a fill uses it
    assert "clingo.ast" not in modules  # user-rules machinery: only with --rules
    assert "pyclingo_puzzles.core.rules" not in modules
    # dataclasses is allowed: FillOptions is a frozen dataclass (issue 37). Measured on this path
    # (process CPU time, 15 runs at load 5): importing it (inspect, ast, dis) 4.3-5.4 ms and building
    # FillOptions 0.8-1.1 ms, of about 75 ms; the result types stay NamedTuples.


def test_help_does_not_import_clingo_or_a_family() -> None:
    modules = imported_by("--help")
    assert "clingo" not in modules
    assert not family_modules(modules)


def test_json_output_imports_json_on_use() -> None:
    assert "json" in imported_by("crossword", "instances/crossword/lattice.dat", "--json")


def test_lazy_package_attributes_are_the_public_api() -> None:
    code = (
        "import importlib, json, pyclingo_puzzles as p\n"
        # the submodule named like the function, imported first: the attribute stays the function
        "driver = importlib.import_module('pyclingo_puzzles.wordsearch.generate')\n"
        "from pyclingo_puzzles import wordsearch, crossword, strips, layout, Status\n"
        "print(json.dumps([callable(wordsearch.generate), type(wordsearch.generate).__name__,\n"
        "  type(driver).__name__, crossword.solve.__name__, strips.tile.__name__, layout.arrange.__name__,\n"
        "  Status.SAT.value, 'solve' in dir(crossword), p.crossword is crossword]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert json.loads(out.stdout) == [True, "function", "module", "solve", "tile", "arrange", "SAT", True, True]


def test_an_unknown_attribute_is_an_attribute_error() -> None:
    import pyclingo_puzzles
    import pyclingo_puzzles.crossword

    with pytest.raises(AttributeError):
        _ = pyclingo_puzzles.nonexistent
    with pytest.raises(AttributeError):
        _ = pyclingo_puzzles.crossword.nonexistent
