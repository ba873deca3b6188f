"""Users' rule files: loaded through clingo's AST, checked against the encoding, shown, and switched.

A rule file is read by Python (``rulesfile.read_rules``: the file and what it includes, checked
byte by byte and confined to its folder), parsed by ``clingo.ast.parse_string`` from that text
(clingo opens no user file), its statements given their file's name and lines back (``_located``),
and the included files' statements spliced in where clingo puts them; then it is rewritten before
it enters the program:

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
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import clingo
from clingo import ast

from . import clingolog, messages, rulesfile, signatures
from .errors import InputError
from .letters import upper_letter
from .rulesast import Signature, Summary, children
from .rulesfile import Source

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


@dataclass
class RuleFile:
    path: str
    summary: Summary
    statements: list[ast.AST] = field(default_factory=list)  # as parsed, before the rewrite


Logger = Callable[[clingo.MessageCode, str], None]
TEXT = "<string>"  # the file name clingo gives a text it is handed


def parse(path: str | Path, logger: Logger | None = None) -> RuleFile:
    """Parse a rule file (syntax errors raise RuntimeError after going to ``logger``, with the
    file's name, line and column; unreadable files, included ones too, raise InputError:
    ``rulesfile``). A refused statement (``_refused``) raises InputError before any statement
    reaches a control, also when a syntax error comes later in the file."""
    clingolog.install()
    sources = rulesfile.read_rules(path)
    parsed: dict[int, list[ast.AST]] = {}
    refused: list[InputError] = []
    try:
        for source in sources:
            parsed[id(source)] = _parse_source(source, logger, refused)
    finally:
        if refused:
            raise refused[0]
    summary = Summary()
    statements = list(_spliced(sources[0], parsed, logger, top=True))
    for stmt in statements:
        summary.add(stmt)
    return RuleFile(str(path), summary, statements)


def _parse_source(source: Source, logger: Logger | None, refused: list[InputError]) -> list[ast.AST]:
    """One file's statements, parsed by clingo from the text Python read (its includes blanked)."""
    out: list[ast.AST] = []

    def keep(stmt: ast.AST) -> None:  # (clingo's callback: it records, it never raises)
        if stmt.location.begin.filename != TEXT:  # clingo opened a file itself: an include the check missed
            refused.append(InputError("this file is included in a way the rules check does not read", source.name,
                                      stmt.location.begin.line))  # fmt: skip
            return
        stmt = _located(stmt, source.name)
        problem = _refused(stmt)
        if problem is not None:
            refused.append(problem)
        out.append(stmt)

    ast.parse_string(source.text, keep, logger=_renamed(logger, source), message_limit=20)
    clingolog.raise_dropped()
    return out


def _renamed(logger: Logger | None, source: Source) -> Logger:
    """clingo's messages about ``source``'s text, naming its file (not "<string>") and showing
    the character a lexer error cut in two (clingo reports its first byte)."""
    prefix = re.compile("^" + re.escape(TEXT) + ":", re.M)

    def log(code: clingo.MessageCode, message: str) -> None:
        message = prefix.sub(lambda _m: source.name + ":", message)
        if "\ufffd" in message:
            message = _whole_character(message, source)
        if logger is not None:
            logger(code, message)
        else:
            print(message.rstrip("\n"), file=sys.stderr)

    return log


def _whole_character(message: str, source: Source) -> str:
    """``unexpected \ufffd`` at LINE:COLUMN -> the character there (U+XXXX when it is invisible)."""
    m = re.match(re.escape(source.name) + r":(\d+):(\d+)", message)
    lines = source.text.split("\n")
    if m is None or not 0 < int(m[1]) <= len(lines):
        return message
    data = lines[int(m[1]) - 1].encode()
    at = int(m[2]) - 1
    while 0 < at < len(data) and data[at] & 0xC0 == 0x80:  # back to the character's first byte
        at -= 1
    text = data[at : at + 4].decode("utf-8", "ignore")
    if not text:
        return message
    char = text[0]
    return message.replace("\ufffd", char if char.isprintable() and not char.isspace() else f"U+{ord(char):04X}", 1)


def _location(name: str, begin: ast.Position, end: ast.Position) -> ast.Location:
    return ast.Location(ast.Position(name, begin.line, begin.column), ast.Position(name, end.line, end.column))


def _located(node: ast.AST, name: str) -> ast.AST:
    """``node`` with every location under it in the file ``name`` (clingo gave the text "<string>")."""
    changes: dict[str, Any] = {}
    for key in node.child_keys:
        value = getattr(node, key)
        if isinstance(value, ast.AST):
            changes[key] = _located(value, name)
        elif isinstance(value, Sequence) and not isinstance(value, str):
            changes[key] = [_located(v, name) if isinstance(v, ast.AST) else v for v in value]
    if "location" in node.keys():  # noqa: SIM118 (an AST node is no dict: "in" looks elsewhere)
        changes["location"] = _location(name, node.location.begin, node.location.end)
    return node.update(**changes) if changes else node


def _spliced(source: Source, parsed: dict[int, list[ast.AST]], logger: Logger | None, top: bool) -> Iterator[ast.AST]:
    """The statements of ``source`` with those of the files it includes where clingo puts them: at
    the include, with no ``#program`` of their own before them and ``#program base.`` after."""
    statements = parsed[id(source)]
    if not top:
        statements = statements[1:]  # the "#program base." clingo opens every text with
    pending = list(source.includes)
    for i, stmt in enumerate(statements):
        begin = stmt.location.begin
        while pending and (i or not top) and pending[0][:2] < (begin.line, begin.column):
            yield from _included(source, pending.pop(0), parsed, logger)
        yield stmt
    for include in pending:
        yield from _included(source, include, parsed, logger)


def _included(
    source: Source, include: tuple[int, int, str, Source | None], parsed: dict[int, list[ast.AST]],
    logger: Logger | None,
) -> Iterator[ast.AST]:  # fmt: skip
    line, column, name, target = include
    if target is None:  # read already: clingo's own warning, and nothing spliced
        _renamed(logger, source)(clingo.MessageCode.FileIncluded,
                                 f"{source.name}:{line}:{column}: warning: already included file:\n  {name}\n")
        return
    yield from _spliced(target, parsed, logger, top=False)
    at = ast.Position(source.name, line, column)
    yield ast.Program(ast.Location(at, at), "base", [])


def _refused(stmt: ast.AST) -> InputError | None:
    """Why a parsed statement may not enter the program (None: it may): ``#script`` runs code in
    this process, and an ``@`` function calls Python (only the caller's own, ``trusted_rules``)."""
    where = stmt.location.begin
    if stmt.ast_type == ast.ASTType.Script:
        what = "#script is not allowed in rules (it would run code in this process)"
        return InputError(what, where.filename, where.line)
    for name, line in _external_calls(stmt):
        if name not in rulesfile.policy.functions:
            return InputError(
                f"@{name}: external functions are not allowed in rules (an API caller may pass its own with "
                "trusted_rules(functions=...))",
                where.filename,
                line,
            )
    return None


def _external_calls(node: ast.AST) -> Iterator[tuple[str, int]]:
    """(name, line) of each ``@name(...)`` term under ``node``."""
    if node.ast_type == ast.ASTType.Function and node.external:
        yield node.name, node.location.begin.line
    for child in children(node):
        yield from _external_calls(child)


def load(ctl: clingo.Control, path: str | Path, logger: Logger) -> RuleFile:
    """Parse, rewrite (see the module docstring) and add one rule file to ``ctl``."""
    info = parse(path, logger)
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


def uses(paths: Iterable[str | Path], signatures: Iterable[Signature]) -> bool:
    """Whether the rules of these files use or define any of these predicates (read from the AST:
    comments and strings never count). A file that does not parse counts as no use: loading it
    reports the error."""
    wanted = set(signatures)
    for path in paths:
        if not Path(path).is_file():
            continue
        try:
            summary = parse(path, lambda _code, _msg: None).summary
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
    """Warn (once per process) about undefined predicates and lower-case strings in the rules, and
    about ``#const`` definitions of the constants the command sets (``fixed``: its ``-c`` options
    override them, so the rule's value would be silently ignored)."""
    defined: set[Signature] = set()
    for path in encodings:
        defined |= encoding_signatures(str(path))
    for message in undefined(files, defined) + lower_case_strings(files) + overridden(files, fixed):
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
            files.append(load(clingo.Control(), path, lambda _code, _msg: None))
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
