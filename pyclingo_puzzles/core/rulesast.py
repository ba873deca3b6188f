"""What a clingo program defines and uses, read from its AST (``clingo.ast``): the predicates of
rule heads and of bodies with the file and line of each use, the strings, ``#show`` and ``#const``
statements. ``rules.py`` checks users' rules with it; the signature test reads the encodings with it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import clingo
from clingo import ast

Signature = tuple[str, int]


def _signature(atom: ast.AST) -> Signature | None:
    """Name and arity of a symbolic atom's term (``-p(X)`` counts as ``-p``)."""
    term = atom.symbol
    prefix = ""
    if term.ast_type == ast.ASTType.UnaryOperation:
        prefix, term = "-", term.argument
    if term.ast_type == ast.ASTType.Function:
        return prefix + term.name, len(term.arguments)
    if term.ast_type == ast.ASTType.SymbolicTerm and term.symbol.type == clingo.SymbolType.Function:
        return prefix + term.symbol.name, len(term.symbol.arguments)
    if term.ast_type == ast.ASTType.Pool and term.arguments:
        first = term.arguments[0]
        if first.ast_type == ast.ASTType.Function:
            return prefix + first.name, len(first.arguments)
    return None


def children(node: ast.AST) -> Iterator[ast.AST]:
    """The AST nodes directly under ``node``."""
    for key in node.child_keys:
        value = getattr(node, key)
        if isinstance(value, ast.AST):
            yield value
        elif isinstance(value, Sequence) and not isinstance(value, str):
            yield from (v for v in value if isinstance(v, ast.AST))


def child_changes(node: ast.AST, change: Callable[[ast.AST], ast.AST]) -> dict[str, Any]:
    """``change`` applied to each AST node directly under ``node``, as ``node.update`` takes them
    (a list of nodes stays a list); the rewrites of the rules' AST walk down with it."""
    changes: dict[str, Any] = {}
    for key in node.child_keys:
        value = getattr(node, key)
        if isinstance(value, ast.AST):
            changes[key] = change(value)
        elif isinstance(value, Sequence) and not isinstance(value, str):
            changes[key] = [change(v) if isinstance(v, ast.AST) else v for v in value]
    return changes


def where(location: ast.Location) -> str:
    """``FILE:LINE`` of a statement: an ``#include``d file's own name, not the including file's."""
    return f"{location.begin.filename}:{location.begin.line}"


def atoms(node: ast.AST) -> Iterator[tuple[Signature, str]]:
    """Every symbolic atom under ``node``: (signature, FILE:LINE)."""
    if node.ast_type == ast.ASTType.SymbolicAtom:
        sig = _signature(node)
        if sig is not None:
            yield sig, where(node.symbol.location)
        return
    for child in children(node):
        yield from atoms(child)


def _strings(node: ast.AST) -> Iterator[tuple[str, str]]:
    if node.ast_type == ast.ASTType.SymbolicTerm and node.symbol.type == clingo.SymbolType.String:
        yield node.symbol.string, where(node.location)
        return
    for child in children(node):
        yield from _strings(child)


def head_and_uses(head: ast.AST) -> tuple[list[ast.AST], list[ast.AST]]:
    """Split a rule head into the parts that define atoms and the conditions that use them."""
    t = head.ast_type
    if t == ast.ASTType.Literal:
        return [head], []
    if t in (ast.ASTType.Aggregate, ast.ASTType.Disjunction):  # choice rule, disjunction
        return [e.literal for e in head.elements], [c for e in head.elements for c in e.condition]
    if t == ast.ASTType.HeadAggregate:
        return (
            [e.condition.literal for e in head.elements],
            [c for e in head.elements for c in e.condition.condition],
        )
    return [], [head]  # theory atoms: treated as uses


@dataclass
class Summary:
    """What a set of statements defines and uses."""

    heads: set[Signature] = field(default_factory=set)
    uses: list[tuple[Signature, str]] = field(default_factory=list)  # (signature, FILE:LINE)
    strings: list[tuple[str, str]] = field(default_factory=list)
    shows: int = 0
    files: set[str] = field(default_factory=set)  # the file and the files it includes
    consts: list[tuple[str, str]] = field(default_factory=list)  # #const NAME, FILE:LINE

    def add(self, stmt: ast.AST) -> None:
        self.files.add(stmt.location.begin.filename)
        t = stmt.ast_type
        if t == ast.ASTType.Rule:
            heads, conditions = head_and_uses(stmt.head)
            for h in heads:
                self.heads.update(sig for sig, _ in atoms(h))
            for part in [*conditions, *stmt.body]:
                self.uses.extend(atoms(part))
        elif t == ast.ASTType.External:
            self.heads.update(sig for sig, _ in atoms(stmt.atom))
            for part in stmt.body:
                self.uses.extend(atoms(part))
        elif t == ast.ASTType.Definition:
            self.consts.append((stmt.name, where(stmt.location)))
        elif t == ast.ASTType.Defined:
            self.heads.add((("-" if not stmt.positive else "") + stmt.name, stmt.arity))
        elif t in (ast.ASTType.ShowSignature, ast.ASTType.ShowTerm):
            self.shows += 1
            if t == ast.ASTType.ShowSignature and stmt.name:  # ``#show p/n.`` uses p/n
                sig = (("-" if not stmt.positive else "") + stmt.name, stmt.arity)
                self.uses.append((sig, where(stmt.location)))
            if t == ast.ASTType.ShowTerm:
                for part in stmt.body:
                    self.uses.extend(atoms(part))
            return  # strings in show terms are the user's labels, not words
        elif t in (ast.ASTType.Minimize, ast.ASTType.Heuristic, ast.ASTType.Edge):
            for part in stmt.body:
                self.uses.extend(atoms(part))
            if t == ast.ASTType.Heuristic:
                self.uses.extend(atoms(stmt.atom))
        self.strings.extend(_strings(stmt))
