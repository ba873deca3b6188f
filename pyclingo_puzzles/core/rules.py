"""Users' rule files: loaded through clingo's AST, checked against the encoding, shown, and switched.

A rule file is read by Python and parsed by clingo from that text (``rulesparse``: clingo opens
no user file), then rewritten before it enters the program:

- every rule, constraint and show statement gets the body literal ``_user_rules("FILE")``, an
  external atom declared true: a family that passes ``Solver.rule_assumptions()`` to ``solve``
  (which frees the switches) gets the rule files into its unsat cores ("your rules (down.lp)
  together with ...") and can try without them (``blame``);
- unsafe variables are reported with the file and line before the real grounding (``load``);
- ``#show p/n.`` and ``#show T : B.`` become ``#show _shown(p(X1, .., Xn)) : p(X1, .., Xn).`` and
  ``#show _shown(T) : B.``: the encoding's own ``#show`` stays the output contract and the user's
  shown atoms are told apart (``user_shown``);
- the predicates the rules use but nothing defines (not the encoding, whose input predicates are
  listed in its header, not the rules' own heads) are reported with file and line. clingo's own
  "atom does not occur in any rule head" cannot be used: facts enter through the backend before
  grounding, so every input predicate looks undefined to it.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from pathlib import Path

import clingo
from clingo import ast

from . import messages, signatures
from .errors import InputError
from .letters import upper_letter
from .rulesast import Signature, Summary
from .rulesparse import Logger, RuleFile, parsed
from .rulesparse import parse as parse  # (the tests and callers before the cache name it here)

RULES_ATOM = "_user_rules"  # _user_rules("FILE"): the rules of FILE are on
SHOWN = "_shown"  # _shown(T): the user's #show statements show T
# clingo's messages replaced by our own check (they are wrong when facts come through the backend)
NOISE = ("atom does not occur in any rule head", "no atoms over signature occur in program")
WORD_ATOMS: frozenset[Signature] = frozenset({("place", 2), ("word", 2), ("letter", 3), ("cand", 2), ("score", 2)})

_emitted = messages._seen  # warnings already printed in this run (families solve in rounds)


def rules_atom(path: str | Path) -> clingo.Symbol:
    """The external atom that switches the rules of one file."""
    return clingo.Function(RULES_ATOM, [clingo.String(str(path))])


def default_warn(message: str) -> None:
    """Rule diagnostics read as compiler messages: ``FILE:LINE: warning: ...`` on stderr."""
    print(" ".join(message.split()), file=sys.stderr)


def warn_once(warn: Callable[[str], None], message: str) -> None:
    """Each distinct warning once per run: families ground several times on the same rules (the
    repeats are counted and reported at the end, ``messages.py``)."""
    messages.once(warn, message)


# ------------------------------------------------------------------------------------- encodings


def add_projection(ctl: clingo.Control, signatures: Iterable[Signature]) -> None:
    """``#project p/n.`` for each signature (for ``--project=project``)."""
    loc = ast.Location(ast.Position("<project>", 1, 1), ast.Position("<project>", 1, 1))
    with ast.ProgramBuilder(ctl) as builder:
        builder.add(ast.Program(loc, "base", []))
        for name, arity in signatures:
            builder.add(ast.ProjectSignature(loc, name, arity, True))


@cache
def encoding_signatures(path: str) -> frozenset[Signature]:
    """Every predicate an encoding mentions (heads and bodies: what it does not define is its input,
    given as facts) and the input and output predicates of its entry in the signature table."""
    summary = Summary()
    ast.parse_files([path], summary.add)
    declared = signatures.of(path)
    return frozenset(summary.heads | {sig for sig, _ in summary.uses} | declared.input | declared.output)


# ------------------------------------------------------------------------------------- rule files


def _literal(location: ast.Location, atom: clingo.Symbol) -> ast.AST:
    return ast.Literal(location, ast.Sign.NoSign, ast.SymbolicAtom(ast.SymbolicTerm(location, atom)))


def _show_signature(stmt: ast.AST) -> ast.AST:
    """``#show p/n.`` -> ``#show _shown(p(X1..Xn)) : p(X1..Xn).``"""
    loc = stmt.location
    args = [ast.Variable(loc, f"X{i}") for i in range(stmt.arity)]
    term = ast.Function(loc, stmt.name, args, 0)
    if not stmt.positive:
        term = ast.UnaryOperation(loc, ast.UnaryOperator.Minus, term)
    body = [ast.Literal(loc, ast.Sign.NoSign, ast.SymbolicAtom(term))]
    return ast.ShowTerm(loc, ast.Function(loc, SHOWN, [term], 0), body)


def _rewrite(stmt: ast.AST, switch: clingo.Symbol) -> ast.AST | None:
    """The statement as it enters the program (None: dropped)."""
    t = stmt.ast_type
    if t == ast.ASTType.ShowSignature:
        if not stmt.name:
            return None  # ``#show.`` would hide the family's output; the encoding decides that
        stmt = _show_signature(stmt)
    elif t == ast.ASTType.ShowTerm:
        stmt = stmt.update(term=ast.Function(stmt.location, SHOWN, [stmt.term], 0))
    t = stmt.ast_type
    if t in (
        ast.ASTType.Rule,
        ast.ASTType.ShowTerm,
        ast.ASTType.Minimize,
        ast.ASTType.Heuristic,
        ast.ASTType.Edge,
        ast.ASTType.External,
    ):
        return stmt.update(body=[*stmt.body, _literal(stmt.location, switch)])
    return stmt


def load(ctl: clingo.Control, path: str | Path, logger: Logger, encodings: Sequence[str | Path] = ()) -> RuleFile:
    """Parse (the old names of ``encodings``' predicates renamed: ``migration``), rewrite (see the
    module docstring) and add one rule file to ``ctl``."""
    info = parsed(path, encodings, logger)
    switch = rules_atom(path)
    loc = ast.Location(ast.Position(str(path), 1, 1), ast.Position(str(path), 1, 1))
    true = ast.SymbolicTerm(loc, clingo.Function("true"))
    external = ast.External(loc, ast.SymbolicAtom(ast.SymbolicTerm(loc, switch)), [], true)
    program = [ast.Program(loc, "base", []), external]
    for stmt in info.statements:
        new = _rewrite(stmt, switch)
        if new is not None:
            program.append(new)
    _check_safety([stmt for stmt in program if stmt is not external], path)
    with ast.ProgramBuilder(ctl) as builder:
        for stmt in program:
            builder.add(stmt)
    return info


UNSAFE = re.compile(r"^(?P<file>.*):(?P<line>\d+):\d+(?:-\d+)?: note: '(?P<var>[^']+)' is unsafe")


def _check_safety(program: Sequence[ast.AST], path: str | Path) -> None:
    """Unsafe variables, found before the real grounding (which would report them for the whole
    program): the rules alone are ground in a scratch control without their switch atom, so every
    body is false and grounding ends at once (safety is checked before any instantiation)."""
    messages: list[str] = []
    scratch = clingo.Control(logger=lambda _code, msg: messages.append(msg), message_limit=20)
    try:
        with ast.ProgramBuilder(scratch) as builder:
            for stmt in program:
                builder.add(stmt)
        scratch.ground([("base", [])])
    except RuntimeError:
        for message in messages:
            for line in message.splitlines():
                m = UNSAFE.match(line.strip())
                if m:
                    raise InputError(
                        f"unsafe variable {m['var']} (a variable must occur in a positive body literal)",
                        path,
                        int(m["line"]),
                    ) from None
        # other grounding errors surface in the real run, with the facts


def uses(paths: Iterable[str | Path], signatures: Iterable[Signature], encodings: Sequence[str | Path] = ()) -> bool:
    """Whether the rules of these files use or define any of these predicates (read from the AST:
    comments and strings never count; old names of ``encodings``' predicates as today's). A file
    that does not parse counts as no use: loading it reports the error."""
    wanted = set(signatures)
    for path in paths:
        if not Path(path).is_file():
            continue
        try:
            summary = parsed(path, encodings, lambda _code, _msg: None).summary
        except RuntimeError:
            continue
        if wanted & (summary.heads | {sig for sig, _ in summary.uses}):
            return True
    return False


def undefined(files: Sequence[RuleFile], defined: Iterable[Signature]) -> list[str]:
    """``FILE:LINE: predicate p/n is not defined ...`` for each predicate the rules use (first
    use per file) that neither the encoding, the facts nor any rule file defines."""
    known = set(defined) | {(RULES_ATOM, 1)}
    for f in files:
        known |= f.summary.heads
    out = []
    for f in files:
        seen: set[Signature] = set()
        for (name, arity), where in f.summary.uses:
            if (name, arity) in known or (name, arity) in seen:
                continue
            seen.add((name, arity))
            out.append(
                f"{where}: warning: predicate {name}/{arity} is not defined by the encoding, the facts "
                "or your rules"
            )
    return out


def diagnose(
    encodings: Sequence[str | Path],
    files: Sequence[RuleFile],
    warn: Callable[[str], None],
    fixed: Iterable[str] = (),
) -> None:
    """Warn (once per process) about old names (``migration``), undefined predicates and lower-case
    strings in the rules, and
    about ``#const`` definitions of the constants the command sets (``fixed``: its ``-c`` options
    override them, so the rule's value would be silently ignored)."""
    defined: set[Signature] = set()
    for path in encodings:
        defined |= encoding_signatures(str(path))
    renamed = [message for f in files for message in f.warnings]
    for message in renamed + undefined(files, defined) + lower_case_strings(files) + overridden(files, fixed):
        warn_once(warn, message)


def overridden(files: Sequence[RuleFile], fixed: Iterable[str]) -> list[str]:
    names = set(fixed)
    return [
        f"{where}: warning: #const {name} is set by the command (its options decide it), so this definition "
        "has no effect"
        for f in files
        for name, where in f.summary.consts
        if name in names
    ]


def command_constants(options: Sequence[str]) -> list[str]:
    """The constant names a clingo argument list sets (``-c N=V``, ``--const=N=V``)."""
    names = []
    for i, opt in enumerate(options):
        value = options[i + 1] if opt in ("-c", "--const") and i + 1 < len(options) else None
        if opt.startswith("--const="):
            value = opt.removeprefix("--const=")
        if value is not None and "=" in value:
            names.append(value.split("=", 1)[0].strip())
    return names


def diagnose_paths(encodings: Sequence[str | Path], paths: Sequence[str | Path], fixed: Iterable[str] = ()) -> None:
    """``diagnose`` before any solver exists (e.g. before forking workers, which then inherit the
    record of what was said). Each file is loaded into a scratch control first, so an unreadable
    file or an unsafe variable is the one error the run prints, with no warnings before it; files
    with syntax errors are left to the solver to report."""
    files = []
    for path in paths:
        try:
            files.append(load(clingo.Control(), path, lambda _code, _msg: None, encodings))
        except RuntimeError:
            return
    diagnose(encodings, files, default_warn, fixed)


def lower_case_strings(files: Sequence[RuleFile]) -> list[str]:
    """Strings with lower-case letters: every word and letter of the families is upper case."""
    out = []
    for f in files:
        for text, where in f.summary.strings:
            if "".join(map(upper_letter, text)) != text:  # ß stays ß in words, as in letters.py
                out.append(f'{where}: warning: "{text}": words are upper case, so it matches no word')
    return out


def user_shown(symbols: Iterable[clingo.Symbol]) -> tuple[str, ...]:
    """What the user's ``#show`` statements show in one model, as clingo prints it."""
    return tuple(
        sorted(str(s.arguments[0]) for s in symbols if s.name == SHOWN and len(s.arguments) == 1)
    )
