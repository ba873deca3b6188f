"""The package's layers (docs/design.md) where import-linter cannot see them.

``lint-imports`` (``make test``; contracts in pyproject.toml) checks every import statement, inside
functions and under ``TYPE_CHECKING`` too. It does not see modules named in strings: a package's
lazy attributes (``run/lazy.py``'s ``export``) and the command's subcommands (``cli/parsing.py``'s
``COMMANDS``). Those are checked here against the same layer order, read from pyproject.toml.
"""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path

PACKAGE = "pyclingo_puzzles"
ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / PACKAGE
MAX_TOP_LEVEL = 5


def layer_order() -> list[set[str]]:
    """The layers contract's layers, top first: each a set of subpackage names."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    contract = next(c for c in config["contracts"] if c["type"] == "layers")
    return [{part.strip().strip("()") for part in layer.split("|")} for layer in contract["layers"]]


def rank(module: str, order: list[set[str]]) -> tuple[int, str] | None:
    """(layer index, subpackage) of a module of the package; None for the top level."""
    parts = module.split(".")
    if len(parts) < 2:
        return None
    return next(((i, parts[1]) for i, names in enumerate(order) if parts[1] in names), None)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SOURCE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _absolute(module: str, is_package: bool, relative: str) -> str:
    level = len(relative) - len(relative.lstrip("."))
    if level == 0:
        return relative
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (level - 1)]
    rest = relative.lstrip(".")
    return ".".join([*base, rest] if rest else base)


def named_imports(module: str, text: str, is_package: bool) -> Iterator[str]:
    """Modules ``module`` imports by name: ``export(__name__, {"name": ".submodule"})`` values, and
    string constants that spell one of the package's modules (``"pyclingo_puzzles.crossword.cli"``)."""
    for node in ast.walk(ast.parse(text)):
        if (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", None) == "export"
            and len(node.args) == 2
            and isinstance(node.args[1], ast.Dict)
        ):
            for value in node.args[1].values:
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    yield _absolute(module, is_package, value.value)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith(f"{PACKAGE}."):
            yield node.value


def known_modules() -> set[str]:
    return {module_name(p) for p in SOURCE.rglob("*.py")}


def violations(edges: Iterator[tuple[str, str]], order: list[set[str]]) -> list[str]:
    """Edges against the order: to a higher layer, or between two packages of one layer."""
    out = []
    for source, target in edges:
        here, there = rank(source, order), rank(target, order)
        if here is None or there is None or here[1] == there[1]:
            continue
        if there[0] < here[0]:
            out.append(f"{source} -> {target}: {here[1]} imports {there[1]}, a layer above it")
        elif there[0] == here[0]:
            out.append(f"{source} -> {target}: {here[1]} and {there[1]} are independent")
    return out


@cache
def by_name_edges() -> tuple[tuple[str, str], ...]:
    """Read once per test process: parsing every module took 0.3 s of CPU, and three tests ask."""
    known = known_modules()
    edges = []
    for path in sorted(SOURCE.rglob("*.py")):
        module = module_name(path)
        for target in named_imports(module, path.read_text(encoding="utf-8"), path.name == "__init__.py"):
            if target in known:
                edges.append((module, target))
    return tuple(edges)


# ------------------------------------------------------------------------------------------- the package


def test_modules_imported_by_name_keep_the_layers() -> None:
    assert violations(iter(by_name_edges()), layer_order()) == []


def test_the_by_name_walk_sees_the_known_edges() -> None:
    edges = set(by_name_edges())
    assert (f"{PACKAGE}.crossword", f"{PACKAGE}.crossword.api") in edges  # export(...)
    assert (f"{PACKAGE}.cli.parsing", f"{PACKAGE}.cli.commands.crossword") in edges  # COMMANDS


def test_no_module_named_by_name_imports_its_namer_back() -> None:
    """No circle through a by-name import: its target's imports never lead back to the module
    that names it (the statements' graph is grimp's, the one import-linter checks)."""
    import grimp

    graph = grimp.build_graph(PACKAGE)
    back = [(s, t) for s, t in by_name_edges() if graph.find_shortest_chain(importer=t, imported=s) is not None]
    assert back == []


def test_few_modules_at_the_top_level() -> None:
    top = sorted(p.name for p in SOURCE.glob("*.py"))
    assert len(top) <= MAX_TOP_LEVEL, top
    assert {"core", "formats", "run", "cli"} <= {p.name for p in SOURCE.iterdir() if (p / "__init__.py").is_file()}


def argv_readers(outside_cli: bool = True) -> list[str]:
    """Modules (outside ``cli/``) that import argparse or read ``sys.argv`` (statements anywhere in them)."""
    found = []
    for path in sorted(SOURCE.rglob("*.py")):
        module = module_name(path)
        if outside_cli and (module == f"{PACKAGE}.cli" or module.startswith(f"{PACKAGE}.cli.")):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            names += [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            argv = isinstance(node, ast.Attribute) and node.attr == "argv" and getattr(node.value, "id", "") == "sys"
            if argv or any(name.split(".")[0] == "argparse" for name in names):
                found.append(module)
                break
    return found


def test_no_family_imports_argparse() -> None:
    """The command line lives in ``cli/`` only: the families, apps, formats, core and run know no argv."""
    assert argv_readers() == []
    assert {f"{PACKAGE}.cli.parsing", f"{PACKAGE}.cli.commands.crossword"} <= set(argv_readers(outside_cli=False))


# -------------------------------------------------------------------------------- the check itself


def test_a_family_naming_another_or_the_command_is_a_violation() -> None:
    order = [{"cli"}, {"web"}, {"crossword", "layout"}, {"formats"}, {"core"}, {"run"}]
    edges = [
        (f"{PACKAGE}.layout", f"{PACKAGE}.crossword.api"),
        (f"{PACKAGE}.core.solve", f"{PACKAGE}.cli.command"),
        (f"{PACKAGE}.cli.command", f"{PACKAGE}.layout.cli"),
        (f"{PACKAGE}.crossword", f"{PACKAGE}.crossword.api"),
    ]
    assert [v.split(":")[0] for v in violations(iter(edges), order)] == [
        f"{PACKAGE}.layout -> {PACKAGE}.crossword.api",
        f"{PACKAGE}.core.solve -> {PACKAGE}.cli.command",
    ]


# -------------------------------------------------------------------------------- the picture


def test_the_design_and_the_contract_name_todays_folders() -> None:
    """docs/design.md's tree names every package folder (``formats/``, ``formats/playable/``,
    ``books/``, ``web/`` ...), and the layers contract every top-level one, so the picture cannot
    fall behind a folder that is added or moved."""
    design = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    tree = design.split("## The layers", 1)[1].split("```")[1]
    folders = sorted(p.parent.relative_to(SOURCE).as_posix() for p in SOURCE.rglob("__init__.py") if p.parent != SOURCE)
    top = {f for f in folders if "/" not in f}
    for folder in folders:
        parent, _, name = folder.rpartition("/")
        named = f"{folder}/" in tree or (parent and f"{parent}/" in tree and f" {name}/" in tree)
        assert named, f"docs/design.md's tree does not name {folder}/"
    assert top == set().union(*layer_order()), top ^ set().union(*layer_order())
