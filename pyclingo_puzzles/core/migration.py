"""Renamed predicates in users' rules: a rules file written for the old names keeps working for one
release (until ``REMOVED_IN``), rewritten through ``clingo.ast`` (never its text), with one warning
per old name naming the file and line, the new name and the release it goes away in.

The table's atoms name their arguments by the vocabulary's variables (docs/rules.md), so a rename
that reorders the arguments is read from the names: ``fill(S, W)`` -> ``place(W, S)`` swaps them.

Most old names no longer exist in their encoding, and an atom of that name is the old one (unless
the file defines it itself: then it is the user's own predicate, and a warning says so). A few old
names are still names of the encoding with another meaning or order (``cand(S, W)`` and today's
``cand(W, S)``): such an atom is read as the old one when its arguments say so, by what the rule
joins them with (a variable that is a site elsewhere in the rule), computes or compares them with
(``L > 5``: a number, not a word's text) or a constant in their place, or, when they say nothing,
when the file uses an old name elsewhere; otherwise it is today's. A file that names no old
predicate (the parse's summary says) is not walked.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import NamedTuple

import clingo
from clingo import ast

from . import signatures
from .rulesast import Signature, child_changes, children, head_and_uses, where
from .rulesast import atoms as rulesast_atoms

REMOVED_IN = "0.2.0"  # the release in which the old names stop working

# (encoding, old atom, new atom), as docs/rules.md's "Migration: renamed predicates" lists them
RENAMES: tuple[tuple[str, str, str], ...] = (
    ("crossword.lp", "word_text(W, T)", "word(W, T)"),
    ("crossword.lp", "word(W, L)", "word_length(W, L)"),
    ("crossword.lp", "candidate(W, S)", "cand(W, S)"),
    ("crossword.lp", "at(R, C, X)", "val(R, C, X)"),
    ("crossword.lp", "at_letter(S, I, X)", "supported(S, I, X)"),
    ("crossword_fill.lp", "fill(S, W)", "place(W, S)"),
    ("crossword_fill.lp", "cand(S, W)", "cand(W, S)"),
    ("crossword_fill.lp", "place(R, C)", "white(R, C)"),
    ("wordsearch.lp", "at(R, C, X)", "val(R, C, X)"),
    ("wordsearch.lp", "active(W)", "placed(W)"),
    ("layout.lp", "size(W, L)", "word_length(W, L)"),
    ("strips.lp", "place(Height, Width, R, C, D, L)", "inside(Width, Height, R, C, D, L)"),
    ("strips.lp", "size(G, Height, Width)", "size(G, Width, Height)"),
    ("strips.lp", "covers(Height, Width, R, C, D, L, R2, C2)", "covers(Width, Height, R, C, D, L, R2, C2)"),
    ("strips.lp", "active(G)", "tiled(G)"),
    ("strips.lp", "number(L, N)", "binary(L, N)"),
    ("crossword_pattern.lp", "root(N)", "first_white(N)"),
    ("crossword_pattern.lp", "cell(R, C)", "grid_cell(R, C)"),
    ("crossword_core.lp", "use(S)", "assumed(S)"),
    ("crossword_differ.lp", "earlier(F)", "earlier_fill(F)"),
    ("fillin.lp", "start(R, C)", "starter(R, C)"),
)


class Rename(NamedTuple):
    old: str  # as the table writes it, for the warning
    new: str
    name: str  # the new predicate's name
    order: tuple[int, ...]  # new argument i is old argument order[i]
    old_types: tuple[str, ...]  # what each old argument holds (the vocabulary's names, digits dropped)
    new_types: tuple[str, ...]  # what each argument of today's predicate of the old name holds, if any


def _types(names: Iterable[str]) -> tuple[str, ...]:
    """``R2`` holds what ``R`` holds; ``H`` is a height (layout's ``height(H)``)."""
    return tuple({"H": "Height"}.get(n.rstrip("0123456789"), n.rstrip("0123456789")) for n in names)


def renames(encodings: Sequence[str | Path]) -> dict[Signature, Rename]:
    """The old names of these encodings (the first encoding's, when two rename one name)."""
    names = [Path(e).name for e in encodings]
    today: dict[Signature, tuple[str, ...]] = {}
    for name in names:
        today.update(signatures.of(name).arguments)
    out: dict[Signature, Rename] = {}
    for encoding, old, new in RENAMES:
        if encoding not in names:
            continue
        (old_name, arity), old_args = signatures._atom(old)
        (new_name, _), new_args = signatures._atom(new)
        current = today.get((old_name, arity))
        out.setdefault((old_name, arity), Rename(
            old, new, new_name, tuple(old_args.index(a) for a in new_args), _types(old_args),
            _types(current) if current is not None else ()))  # fmt: skip
    return out


# ------------------------------------------------------------------------------------ the rewrite


def _term_atom(atom: ast.AST) -> tuple[Signature, list[ast.AST]] | None:
    """An atom's signature and arguments (None: not a plain ``p(...)``; a pool is left as it is)."""
    term = atom.symbol
    if term.ast_type == ast.ASTType.Function and not term.external:
        return (term.name, len(term.arguments)), list(term.arguments)
    if term.ast_type == ast.ASTType.SymbolicTerm and term.symbol.type == clingo.SymbolType.Function:
        if not term.symbol.name or term.symbol.negative:
            return None
        return (term.symbol.name, len(term.symbol.arguments)), []
    return None


def _atoms(node: ast.AST) -> Iterable[ast.AST]:
    if node.ast_type == ast.ASTType.SymbolicAtom:
        yield node
        return
    for child in children(node):
        yield from _atoms(child)


NUMBER, STRING = "*number", "*string"  # what a constant, or a variable compared with one, holds
TEXTS = ("T", "X")  # the arguments that hold strings (a word's text, a letter); all others hold numbers or names


def _kind(term: ast.AST, known: dict[str, set[str]]) -> set[str] | None:
    """What an argument can hold: a variable's types elsewhere in the rule (and whether it is
    compared or computed with as a number or a string), a constant's; None: it says nothing."""
    if term.ast_type == ast.ASTType.Variable:
        return known.get(term.name)
    if term.ast_type == ast.ASTType.SymbolicTerm:
        if term.symbol.type == clingo.SymbolType.String:
            return {STRING}
        if term.symbol.type == clingo.SymbolType.Number:
            return {NUMBER}
    return None


def _fits(kind: set[str] | None, held: str) -> bool | None:
    if kind is None:
        return None
    if (NUMBER in kind and held in TEXTS) or (STRING in kind and held not in TEXTS):
        return False
    named = kind - {NUMBER, STRING}
    return held in named if named else True


def _values(stmt: ast.AST) -> Iterator[tuple[str, str]]:
    """(variable, NUMBER or STRING) for each variable the statement computes with (``L + 1``) or
    compares with a number, a string or a computation (``L > 5``, ``T != "CAT"``)."""
    for node in _walk(stmt):
        if node.ast_type in (ast.ASTType.BinaryOperation, ast.ASTType.Interval):
            yield from ((v.name, NUMBER) for v in _walk(node) if v.ast_type == ast.ASTType.Variable)
        elif node.ast_type == ast.ASTType.Comparison:
            sides = [node.term, *(guard.term for guard in node.guards)]
            kinds: set[str] = {NUMBER} if any(s.ast_type == ast.ASTType.BinaryOperation for s in sides) else set()
            for side in sides:
                kinds |= (_kind(side, {}) or set()) if side.ast_type == ast.ASTType.SymbolicTerm else set()
            for kind in kinds:
                yield from ((side.name, kind) for side in sides if side.ast_type == ast.ASTType.Variable)


def _walk(node: ast.AST) -> Iterator[ast.AST]:
    yield node
    for child in children(node):
        yield from _walk(child)


def _says_old(args: list[ast.AST], rename: Rename, known: dict[str, set[str]]) -> bool | None:
    """Whether an atom of an old name that is also today's name is the old one (None: its arguments
    do not say: they fit both or neither)."""
    old = [_fits(_kind(a, known), t) for a, t in zip(args, rename.old_types, strict=False)]
    new = [_fits(_kind(a, known), t) for a, t in zip(args, rename.new_types, strict=False)]
    if False in new and False not in old:
        return True
    if False in old and False not in new:
        return False
    return None


class Migrated(NamedTuple):
    statements: list[ast.AST]
    warnings: list[str]  # FILE:LINE: warning: ... once per old name


# statements that name a predicate by its signature: ``#show p/2.``, ``#defined p/2.``, ``#project p/2.``
_BY_SIGNATURE = (ast.ASTType.ShowSignature, ast.ASTType.Defined, ast.ASTType.ProjectSignature)


def migrate(
    statements: Sequence[ast.AST], encodings: Sequence[str | Path], used: set[Signature] | None = None,
    heads: set[Signature] | None = None,
) -> Migrated:
    """The statements with the old names of ``encodings`` rewritten to today's (see the module).
    ``used`` and ``heads``: every predicate the statements name and those they define, when the
    caller knows (the parse's summary: a file with no old name is not walked)."""
    table = renames(encodings)
    if used is not None:
        table = {sig: r for sig, r in table.items() if sig in used}
    if not table:
        return Migrated(list(statements), [])
    old_only = [sig for sig, r in table.items() if not r.new_types]
    own = _own_heads(statements) if heads is None or any(sig in heads for sig in old_only) else {}
    yours = [_yours(own[sig], r, encodings) for sig, r in table.items() if sig in own and not r.new_types]
    table = {sig: r for sig, r in table.items() if sig not in own or r.new_types}
    plans = [_plan(stmt, table) for stmt in statements]
    old_file = any(says for plan in plans for _, says in plan if says)
    out: list[ast.AST] = []
    warned: dict[str, str] = {}  # old atom -> its warning (the first use in the file)
    for stmt, plan in zip(statements, plans, strict=True):
        chosen = [table[sig] if sig and (says or (says is None and old_file)) else None for sig, says in plan]
        if not any(chosen):
            out.append(stmt)
            continue
        if stmt.ast_type in _BY_SIGNATURE:
            rename = chosen[0]
            assert rename is not None
            warned.setdefault(rename.old, _warning(where(stmt.location), rename, encodings))
            out.append(stmt.update(name=rename.name))
            continue
        for atom, rename in zip(_atoms(stmt), chosen, strict=True):
            if rename is not None:
                warned.setdefault(rename.old, _warning(where(atom.symbol.location), rename, encodings))
        out.append(_rewritten(stmt, iter(chosen)))
    return Migrated(out, list(warned.values()) + yours)


def _own_heads(statements: Sequence[ast.AST]) -> dict[Signature, str]:
    """The predicates the rules define (rule heads), each with FILE:LINE of its first definition."""
    out: dict[Signature, str] = {}
    for stmt in statements:
        if stmt.ast_type == ast.ASTType.Rule:
            for head in head_and_uses(stmt.head)[0]:
                for sig, at in rulesast_atoms(head):
                    out.setdefault(sig, at)
    return out


def _yours(at: str, rename: Rename, encodings: Sequence[str | Path]) -> str:
    """An old name the rules define themselves: theirs, left alone, and said (it may be an old file)."""
    names = ", ".join(Path(e).name for e in encodings)
    return (f"{at}: warning: {rename.old} is an old name of {rename.new} ({names}), but your rules define it, so it "
            "is read as a predicate of your own")


Plan = list[tuple[Signature | None, bool | None]]


def _plan(stmt: ast.AST, table: dict[Signature, Rename]) -> Plan:
    """Per atom of the statement, in the order ``_atoms`` walks them: its signature if it is an old
    name (else None) and whether it is the old one: True, False (today's), None (an old name that is
    also today's, its arguments silent)."""
    if stmt.ast_type in _BY_SIGNATURE:
        sig = (stmt.name, stmt.arity)
        rename = table.get(sig) if stmt.positive else None
        return [(sig, None if rename.new_types else True)] if rename is not None else [(None, None)]
    found = [_term_atom(atom) for atom in _atoms(stmt)]
    renamed = [table.get(parts[0]) if parts is not None else None for parts in found]
    if not any(renamed):
        return [(None, None)] * len(found)
    known: dict[str, set[str]] = {}
    if any(rename is not None and rename.new_types for rename in renamed):  # what its arguments hold decides
        known = _known(found, table, stmt)
    return [
        (None, None) if parts is None or rename is None
        else (parts[0], _says_old(parts[1], rename, known) if rename.new_types else True)
        for parts, rename in zip(found, renamed, strict=True)
    ]


def _known(found: list, table: dict[Signature, Rename], stmt: ast.AST) -> dict[str, set[str]]:
    """What each variable of the statement holds: the types of the atoms' arguments it stands in
    (today's names, or the old ones for old names that are no name today), and whether it is
    computed or compared with as a number or a string."""
    known: dict[str, set[str]] = {}
    for sig, args in filter(None, found):  # what the unambiguous atoms say each variable holds
        rename = table.get(sig)
        if rename is not None and rename.new_types:
            continue
        types = rename.old_types if rename is not None else _today(sig)
        for arg, held in zip(args, types, strict=False):
            if arg.ast_type == ast.ASTType.Variable:
                known.setdefault(arg.name, set()).add(held)
    for name, value in _values(stmt):
        known.setdefault(name, set()).add(value)
    return known


_TODAY: dict[Signature, tuple[str, ...]] = {}


def _today(sig: Signature) -> tuple[str, ...]:
    """What today's predicate ``sig`` holds per argument (any shipped encoding's: the names agree)."""
    if not _TODAY:
        for predicates in signatures.ENCODINGS.values():
            for s, names in predicates.arguments.items():
                _TODAY.setdefault(s, _types(names))
    return _TODAY.get(sig, ())


def _rewritten(node: ast.AST, chosen: Iterator[Rename | None]) -> ast.AST:
    """``node`` with each atom renamed as ``chosen`` says, atom by atom in ``_atoms``' order."""
    if node.ast_type == ast.ASTType.SymbolicAtom:
        rename = next(chosen)
        return node.update(symbol=_renamed(node.symbol, rename)) if rename is not None else node
    changes = child_changes(node, lambda child: _rewritten(child, chosen))
    return node.update(**changes) if changes else node


def _renamed(term: ast.AST, rename: Rename) -> ast.AST:
    if term.ast_type == ast.ASTType.SymbolicTerm:
        args = term.symbol.arguments
        return ast.SymbolicTerm(term.location, clingo.Function(rename.name, [args[i] for i in rename.order]))
    args = list(term.arguments)
    return term.update(name=rename.name, arguments=[args[i] for i in rename.order])


def _warning(at: str, rename: Rename, encodings: Sequence[str | Path]) -> str:
    return (f"{at}: warning: {rename.old} is renamed {rename.new} ({', '.join(Path(e).name for e in encodings)}): "
            f"read as {rename.new}; the old name goes away in {REMOVED_IN}")
