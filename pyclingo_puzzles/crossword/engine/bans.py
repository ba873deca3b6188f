"""Word bans written as rules: ``:- place(W, _), word(W, "ZEN").`` keeps ZEN out of a fill.

docs/rules.md shows that rule; as written it mentions word atoms (``place/2``, ``word/2``), so the
fill grounded every candidate word and searched without its letter propagator: on ``--size 15x15``
each pattern's fill ground for seconds and the run ended at its limit. A constraint of exactly that
shape says only "this word is in no slot", which is what leaving the word out of the dictionary
says: such constraints are read here (from the rules' AST, as ``rules.uses`` reads them), and when
they are the rules' only use of word atoms the fill keeps the fast mode, with the words left out
(the constraints themselves ground to nothing there: without word atoms no ``place/2`` holds).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

import clingo
from clingo import ast

from ...core import rules as user_rules
from ...core.letters import normalize_word
from ...core.rulesast import Summary
from ...core.rulesparse import parsed


class Bans(NamedTuple):
    """The words the rules ban, and whether those bans are all the rules' use of word atoms."""

    words: frozenset[str]
    only: bool


NONE = Bans(frozenset(), False)
ENCODINGS = ("crossword_fill.lp",)  # whose old names the rules may use (read as today's: ``migration``)


def read_bans(rules: Sequence[str | Path]) -> Bans:
    """``_read_bans`` of these files (each parsed once a process while unchanged: ``rulesparse.parsed``;
    a --size search fills many patterns)."""
    return _read_bans(tuple(str(r) for r in rules)) if rules else NONE


def _read_bans(rules: tuple[str, ...]) -> Bans:
    """The words the rule files keep out with ``:- place(W, _), word(W, "T").`` (any variable names,
    either order, ``place(W, S)`` with S used nowhere else too); ``only``: no other statement of the
    files mentions a word atom (place/2, word/2, letter/3, cand/2, score/2). A file that does not
    parse bans nothing (loading it reports the error)."""
    words: set[str] = set()
    only = True
    for path in rules:
        if not Path(path).is_file():
            continue
        try:
            statements = parsed(path, ENCODINGS, lambda _code, _msg: None).statements
        except RuntimeError:
            return NONE
        for stmt in statements:
            banned = _ban(stmt)
            if banned is not None:
                words.add(banned)
            elif _mentions_word_atoms(stmt):
                only = False
    return Bans(frozenset(words), only and bool(words))


def _ban(stmt: ast.AST) -> str | None:
    """The word of a ``:- place(W, _), word(W, "T").`` constraint, else None."""
    if stmt.ast_type != ast.ASTType.Rule or not _is_false(stmt.head) or len(stmt.body) != 2:
        return None
    found: dict[str, list] = {}
    for literal in stmt.body:
        if literal.ast_type != ast.ASTType.Literal or literal.sign != ast.Sign.NoSign:
            return None
        term = literal.atom.symbol if literal.atom.ast_type == ast.ASTType.SymbolicAtom else None
        if term is None or term.ast_type != ast.ASTType.Function or term.external:
            return None
        found[f"{term.name}/{len(term.arguments)}"] = list(term.arguments)
    place, word = found.get("place/2"), found.get("word/2")
    if place is None or word is None:
        return None
    w, site = place
    w2, text = word
    if w.ast_type != ast.ASTType.Variable or w2.ast_type != ast.ASTType.Variable or w.name != w2.name:
        return None
    if site.ast_type != ast.ASTType.Variable or site.name == w.name:
        return None  # place(W, 3): a ban on one slot only; place(W, W): not a ban
    if text.ast_type != ast.ASTType.SymbolicTerm or text.symbol.type != clingo.SymbolType.String:
        return None
    word_text = text.symbol.string
    # as the facts hold it (upper case, NFC): a "zen" matches no word(W, T), so that rule bans nothing
    return word_text if word_text.isalpha() and normalize_word(word_text) == word_text else None


def _is_false(head: ast.AST) -> bool:
    """An integrity constraint's head (``:- ...``): the boolean constant false."""
    return head.ast_type == ast.ASTType.Literal and head.atom.ast_type == ast.ASTType.BooleanConstant \
        and not head.atom.value  # fmt: skip


def _mentions_word_atoms(stmt: ast.AST) -> bool:
    """Whether a statement defines or uses a word atom: in a rule, ``#show place/2.``, ``#defined``..."""
    summary = Summary()
    summary.add(stmt)
    return bool(user_rules.WORD_ATOMS & (summary.heads | {sig for sig, _ in summary.uses}))


def slow_note(rules: Sequence[str | Path]) -> str:
    """What to tell a user whose rules need the word atoms: which predicates, where, and what keeps
    the fast mode instead (said before the fill starts)."""
    where: list[str] = []
    for path in rules:
        if not Path(path).is_file():
            continue
        try:
            summary = parsed(path, ENCODINGS, lambda _code, _msg: None).summary
        except RuntimeError:
            continue
        for sig, at in summary.uses:
            if sig in user_rules.WORD_ATOMS and f"{sig[0]}/{sig[1]}" not in " ".join(where):
                where.append(f"{sig[0]}/{sig[1]} ({at})")
    named = ", ".join(where[:4]) or "word atoms"
    return (f"note: rules use word atoms: slower mode ({named}): every candidate word is ground and the fill "
            "searches without its letter propagator (a 15x15 --size run may not finish); rules on letters "
            "(val/3) keep the fast mode, and so does a word ban alone, :- place(W, _), word(W, \"WORD\"). "
            "(or --ban WORD)")
