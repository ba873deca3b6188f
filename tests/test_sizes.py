"""Functions of at most 60 lines and modules of at most 400 (docs/development.md), counted.

The ones above the limits when this check came in are listed with their size: they may shrink or
go, never grow, and no other function or module may pass the limits.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1] / "pyclingo_puzzles"
FUNCTION_LINES = 60
MODULE_LINES = 400

# path (under pyclingo_puzzles/) -> lines; path:qualified name -> lines
OVER_MODULES: dict[str, int] = {}
OVER_FUNCTIONS: dict[str, int] = {}


def module_sizes() -> dict[str, int]:
    return {
        path.relative_to(SOURCE).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in SOURCE.rglob("*.py")
    }


def _functions(node: ast.AST, prefix: str) -> Iterator[tuple[str, int]]:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
            name = f"{prefix}{child.name}"
            yield name, (child.end_lineno or child.lineno) - child.lineno + 1
            yield from _functions(child, f"{name}.")
        elif isinstance(child, ast.ClassDef):
            yield from _functions(child, f"{prefix}{child.name}.")
        else:
            yield from _functions(child, prefix)


def function_sizes() -> dict[str, int]:
    out = {}
    for path in SOURCE.rglob("*.py"):
        module = path.relative_to(SOURCE).as_posix()
        for name, lines in _functions(ast.parse(path.read_text(encoding="utf-8")), ""):
            out[f"{module}:{name}"] = max(lines, out.get(f"{module}:{name}", 0))
    return out


def over(sizes: dict[str, int], limit: int, known: dict[str, int]) -> list[str]:
    """What passes ``limit`` and is not a known case, or a known case that grew."""
    return [
        f"{name}: {lines} lines (limit {limit}{f', was {known[name]}' if name in known else ''})"
        for name, lines in sorted(sizes.items())
        if lines > max(limit, known.get(name, 0))
    ]


def test_no_module_over_400_lines() -> None:
    assert over(module_sizes(), MODULE_LINES, OVER_MODULES) == []


def test_no_function_over_60_lines() -> None:
    assert over(function_sizes(), FUNCTION_LINES, OVER_FUNCTIONS) == []


def test_the_count_sees_nested_and_grown_functions() -> None:
    tree = ast.parse("class A:\n    def f(self):\n        def g():\n            pass\n" + "        x = 1\n" * 70)
    sizes = dict(_functions(tree, ""))
    assert sizes == {"A.f": 73, "A.f.g": 2}
    assert over(sizes, 60, {"A.f": 72}) == ["A.f: 73 lines (limit 60, was 72)"]
    assert over(sizes, 60, {"A.f": 73}) == []
