"""The package's layers (docs/design.md): imports run one way and form no circle.

Every import in every module counts, wherever it stands (inside a function or under
``TYPE_CHECKING`` too), and so do the submodules a package's lazy attributes name (``export``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

PACKAGE = "pyclingo_puzzles"
SOURCE = Path(__file__).resolve().parents[1] / PACKAGE
FAMILIES = frozenset({"crossword", "layout", "strips", "wordsearch"})
BASE = frozenset({"core", "formats", "run"})  # import no family and no cli
APPS = frozenset({"web"})  # above the families: nothing below imports an app
MAX_TOP_LEVEL = 5

Graph = Mapping[str, set[str]]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SOURCE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def sources() -> dict[str, tuple[str, bool]]:
    """Module name -> (source text, is a package) for every module of the package."""
    return {module_name(p): (p.read_text(encoding="utf-8"), p.name == "__init__.py") for p in SOURCE.rglob("*.py")}


def _absolute(module: str, is_package: bool, level: int, name: str | None) -> str:
    if level == 0:
        return name or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join([*base, name] if name else base)


def imports(module: str, text: str, is_package: bool, known: set[str]) -> Iterator[str]:
    """The package's modules ``module`` imports: ``from X import a`` names the submodule ``X.a``
    when there is one, else ``X``."""
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(module, is_package, node.level, node.module)
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                yield sub if sub in known else source
        elif (  # export(__name__, {"name": ".submodule"}): lazy attributes (run/lazy.py)
            isinstance(node, ast.Call)
            and getattr(node.func, "id", None) == "export"
            and len(node.args) == 2
            and isinstance(node.args[1], ast.Dict)
        ):
            for value in node.args[1].values:
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    level = len(value.value) - len(value.value.lstrip("."))
                    yield _absolute(module, is_package, level, value.value.lstrip(".") or None)


def import_graph(modules: Mapping[str, tuple[str, bool]]) -> dict[str, set[str]]:
    known = set(modules)
    return {
        name: {target for target in imports(name, text, is_package, known) if target in known and target != name}
        for name, (text, is_package) in modules.items()
    }


def layer(module: str) -> str:
    """``core``, ``formats``, ``run``, ``cli``, a family's name, or ``top`` (``__init__``, ``__main__``)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in BASE | FAMILIES | APPS | {"cli"} else "top"


def violations(graph: Graph) -> list[str]:
    out = []
    for source, targets in sorted(graph.items()):
        here = layer(source)
        for target in sorted(targets):
            there = layer(target)
            if there in APPS and (here in BASE or here in FAMILIES):
                out.append(f"{source} -> {target}: {here}/ imports no app ({there}/ is above the families)")
            elif here in BASE and (there in FAMILIES or there == "cli"):
                out.append(f"{source} -> {target}: {here}/ imports no family and no cli")
            elif here in FAMILIES and there == "cli":  # a family's own cli.py too: no exception
                out.append(f"{source} -> {target}: a family imports core, formats and run, not cli")
            elif here in FAMILIES and there in FAMILIES and there != here:
                out.append(f"{source} -> {target}: a family imports no other family")
    return out


def cycles(graph: Graph) -> list[list[str]]:
    """The import circles: strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


# ------------------------------------------------------------------------------------------- the package


def test_imports_run_one_way() -> None:
    assert violations(import_graph(sources())) == []


def test_no_import_circle() -> None:
    assert cycles(import_graph(sources())) == []


def test_few_modules_at_the_top_level() -> None:
    top = sorted(p.name for p in SOURCE.glob("*.py"))
    assert len(top) <= MAX_TOP_LEVEL, top
    assert {"core", "formats", "run", "cli"} <= {p.name for p in SOURCE.iterdir() if (p / "__init__.py").is_file()}


def test_the_graph_sees_the_known_edges() -> None:
    """The walk finds imports at module level, inside functions and in lazy attributes."""
    graph = import_graph(sources())
    assert f"{PACKAGE}.core.errors" in graph[f"{PACKAGE}.core.solve"]  # module level
    assert f"{PACKAGE}.core.rules" in graph[f"{PACKAGE}.core.solve"]  # inside a function
    assert f"{PACKAGE}.crossword.api" in graph[f"{PACKAGE}.crossword"]  # export(...)
    assert f"{PACKAGE}.cli.batch" in graph[f"{PACKAGE}.cli.command"]


# -------------------------------------------------------------------------------- the checks themselves


def _fake(files: Mapping[str, str]) -> dict[str, set[str]]:
    return import_graph({name: (text, False) for name, text in files.items()})


def test_a_base_layer_importing_a_family_is_a_violation() -> None:
    graph = _fake(
        {
            f"{PACKAGE}.core.solve": "def f():\n    from ..crossword.api import solve\n",
            f"{PACKAGE}.crossword.api": "from ..core.solve import Solver\n",
        }
    )
    assert violations(graph) == [f"{PACKAGE}.core.solve -> {PACKAGE}.crossword.api: core/ imports no family and no cli"]
    assert cycles(graph) == [[f"{PACKAGE}.core.solve", f"{PACKAGE}.crossword.api"]]


def test_a_family_importing_another_or_the_command_is_a_violation() -> None:
    graph = _fake(
        {
            f"{PACKAGE}.layout.grid": "from ..crossword.solution import Placement\n",
            f"{PACKAGE}.crossword.solution": "",
            f"{PACKAGE}.strips.api": "from ..cli import argtypes\n",
            f"{PACKAGE}.strips.cli": "from ..cli import count\nfrom ..cli.command import main\n",
            f"{PACKAGE}.cli.argtypes": "",
            f"{PACKAGE}.cli.count": "",
            f"{PACKAGE}.cli.command": "",
        }
    )
    assert [v.split(":")[0] for v in violations(graph)] == [
        f"{PACKAGE}.layout.grid -> {PACKAGE}.crossword.solution",
        f"{PACKAGE}.strips.api -> {PACKAGE}.cli.argtypes",
        f"{PACKAGE}.strips.cli -> {PACKAGE}.cli.command",
        f"{PACKAGE}.strips.cli -> {PACKAGE}.cli.count",
    ]


def test_a_circle_through_three_modules_is_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


def test_a_family_importing_the_web_app_is_a_violation() -> None:
    graph = _fake(
        {
            f"{PACKAGE}.layout.api": "from ..web.app import create_app\n",
            f"{PACKAGE}.web.app": "from ..layout.api import arrange\n",
        }
    )
    assert violations(graph) == [
        f"{PACKAGE}.layout.api -> {PACKAGE}.web.app: layout/ imports no app (web/ is above the families)"
    ]
