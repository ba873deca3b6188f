"""Functions of at most 60 lines and modules of at most 400 (docs/development.md), counted.

Python through its own parser (ast); the compiled fill propagator's C (crossword/engine/fillprop.c)
and the pages' JavaScript (web/static, formats/playable) through tree-sitter's grammars, so that a
function is what the language says it is (not a brace count fooled by a brace in a string or a
comment). A function's lines are its first to its last, nested functions included, in every
language. JavaScript has no classes here: a file whose whole code is one top-level closure holding
its functions (the playable pages' `const Page = (() => {...})()`, `const Crossword = (root, data,
answers) => {...}`) has that closure as its module, held to the module limit, and its functions
named without it. The C file is one translation unit (static functions the compiler inlines across
it, cffi builds it alone): its functions are held to the limit, the file is not held to 400.

The ones above the limits when this check came in are listed with their size: they may shrink or
go, never grow, and no other function or module may pass the limits.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import tree_sitter
import tree_sitter_c
import tree_sitter_javascript

SOURCE = Path(__file__).resolve().parents[1] / "pyclingo_puzzles"
FUNCTION_LINES = 60
MODULE_LINES = 400

# path (under pyclingo_puzzles/) -> lines; path:qualified name -> lines
OVER_MODULES: dict[str, int] = {}
OVER_FUNCTIONS: dict[str, int] = {}

C = tree_sitter.Language(tree_sitter_c.language())
JAVASCRIPT = tree_sitter.Language(tree_sitter_javascript.language())
JS_FUNCTIONS = {
    "function_declaration", "function_expression", "arrow_function", "method_definition",
    "generator_function_declaration", "generator_function",
}


def module_sizes() -> dict[str, int]:
    return {
        path.relative_to(SOURCE).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in [*SOURCE.rglob("*.py"), *SOURCE.rglob("*.js")]
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


def _parse(language: tree_sitter.Language, source: bytes) -> tree_sitter.Node:
    tree = tree_sitter.Parser(language).parse(source)
    assert not tree.root_node.has_error, "tree-sitter could not parse it: the sizes would be wrong"
    return tree.root_node


def _lines(node: tree_sitter.Node) -> int:
    return node.end_point[0] - node.start_point[0] + 1


def _text(node: tree_sitter.Node | None) -> str:
    return node.text.decode() if node is not None and node.text is not None else ""


def c_functions(source: bytes) -> Iterator[tuple[str, int]]:
    """Each function definition of a C file: (name, lines)."""
    for node in _parse(C, source).children:
        if node.type == "function_definition":
            declarator = node.child_by_field_name("declarator")
            while declarator is not None and declarator.type != "function_declarator":
                declarator = declarator.child_by_field_name("declarator")  # through the pointer declarators
            name = declarator.child_by_field_name("declarator") if declarator is not None else None
            yield _text(name), _lines(node)


def _js_name(node: tree_sitter.Node) -> str:
    """A function's name: its own, the variable, property or method it is bound to, else its line."""
    name = node.child_by_field_name("name")
    parent = node.parent
    if name is None and parent is not None:
        if parent.type == "variable_declarator":
            name = parent.child_by_field_name("name")
        elif parent.type == "pair":
            name = parent.child_by_field_name("key")
        elif parent.type == "assignment_expression":
            name = parent.child_by_field_name("left")
    return _text(name) if name is not None else f"(anonymous@{node.start_point[0] + 1})"


def _js_walk(node: tree_sitter.Node, prefix: str) -> Iterator[tuple[str, int, tree_sitter.Node]]:
    for child in node.children:
        if child.type in JS_FUNCTIONS:
            name = f"{prefix}{_js_name(child)}"
            yield name, _lines(child), child
            yield from _js_walk(child, f"{name}.")
        else:
            yield from _js_walk(child, prefix)


def js_module_closure(root: tree_sitter.Node) -> tree_sitter.Node | None:
    """The file's module closure: its only top-level function, when that one holds functions."""
    top = [node for _, _, node in _js_walk(root, "") if _depth(node) == 0]
    if len(top) == 1 and any(True for _ in _js_walk(top[0], "")):
        return top[0]
    return None


def _depth(node: tree_sitter.Node) -> int:
    """How many functions enclose the node."""
    depth, parent = 0, node.parent
    while parent is not None:
        depth += parent.type in JS_FUNCTIONS
        parent = parent.parent
    return depth


def js_functions(source: bytes) -> Iterator[tuple[str, int]]:
    """Each function of a JavaScript file: (qualified name, lines); a module closure counts as none."""
    root = _parse(JAVASCRIPT, source)
    closure = js_module_closure(root)
    if closure is None:
        yield from ((name, lines) for name, lines, _ in _js_walk(root, ""))
    else:
        yield from ((name, lines) for name, lines, _ in _js_walk(closure, ""))


def function_sizes() -> dict[str, int]:
    out: dict[str, int] = {}
    for path in sorted(SOURCE.rglob("*")):
        module = path.relative_to(SOURCE).as_posix()
        if path.suffix == ".py":
            found: Iterator[tuple[str, int]] = _functions(ast.parse(path.read_text(encoding="utf-8")), "")
        elif path.suffix == ".c":
            found = c_functions(path.read_bytes())
        elif path.suffix == ".js":
            found = js_functions(path.read_bytes())
        else:
            continue
        for name, lines in found:
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


def test_the_c_and_javascript_counts_see_every_function() -> None:
    c = b"static int *f(int a) {\n  /* } */\n  return 0;\n}\nint g(void) { return 1; }\n"
    assert dict(c_functions(c)) == {"f": 4, "g": 1}
    closure = b"const Page = (() => {\n  function a() {\n    const b = () => {\n      return '}';\n    };\n  }\n"
    closure += b"  return { a };\n})();\n"
    assert dict(js_functions(closure)) == {"a": 5, "a.b": 3}
    top = b"function a() {\n}\nconst b = function () {\n  return { c: () => 1 };\n};\n"
    assert dict(js_functions(top)) == {"a": 2, "b": 3, "b.c": 1}


def test_the_c_and_javascript_are_counted() -> None:
    sizes = function_sizes()
    assert {"crossword/engine/fillprop.c:fp_init", "formats/playable/common.js:lineInput"} <= sizes.keys()
    assert any(name.startswith("web/static/construct") for name in sizes)
