"""A rules file parsed: read by Python (``rulesfile.read_rules``: the file and what it includes,
checked byte by byte and confined to its folder), parsed by ``clingo.ast.parse_string`` from that
text (clingo opens no user file), its statements given their file's name and lines back
(``_located``: clingo names a text "<string>"), and the included files' statements spliced in where
clingo puts them. ``rules.py`` rewrites and loads what this returns.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import clingo
from clingo import ast

from . import clingolog, rulesfile
from .errors import InputError
from .rulesast import Summary, child_changes, children
from .rulesfile import Source


@dataclass
class RuleFile:
    path: str
    summary: Summary
    statements: list[ast.AST] = field(default_factory=list)  # as parsed (old names renamed), before the rewrite
    warnings: list[str] = field(default_factory=list)  # the old names it uses (``migration``), to be said once
    logged: list[tuple[clingo.MessageCode, str]] = field(default_factory=list)  # clingo's messages parsing it


Logger = Callable[[clingo.MessageCode, str], None]
TEXT = "<string>"  # the file name clingo gives a text it is handed

# parsed in this process: (the sources' identity, the @ functions allowed) -> (sources, parsed); the
# sources are rulesfile's one reading, kept while the files are unchanged, so a file is parsed once
_parsed: dict[tuple[int, frozenset[str]], tuple[list[Source], RuleFile]] = {}
_migrated: dict[tuple[int, tuple[str, ...]], tuple[RuleFile, RuleFile]] = {}


def parsed(path: str | Path, encodings: Sequence[str | Path] = (), logger: Logger | None = None) -> RuleFile:
    """``parse``, once per process while the files are unchanged, with the old names of
    ``encodings``' predicates renamed (``migration``). clingo's messages about the file go to each
    caller's ``logger``."""
    from .migration import migrate

    info = parse(path, logger)
    key = (id(info), tuple(Path(e).name for e in encodings))
    known = _migrated.get(key)
    if known is not None and known[0] is info:
        return known[1]
    heads = info.summary.heads
    moved = migrate(info.statements, encodings, heads | {sig for sig, _ in info.summary.uses}, heads)
    summary = Summary()
    for stmt in moved.statements:
        summary.add(stmt)
    out = RuleFile(info.path, summary, moved.statements, moved.warnings, info.logged)
    _migrated[key] = (info, out)
    return out


def parse(path: str | Path, logger: Logger | None = None) -> RuleFile:
    """Parse a rule file (syntax errors raise RuntimeError after going to ``logger``, with the
    file's name, line and column; unreadable files, included ones too, raise InputError:
    ``rulesfile``). A refused statement (``_refused``) raises InputError before any statement
    reaches a control, also when a syntax error comes later in the file. Parsed once while the
    files are unchanged (``_parsed``): clingo's messages then are replayed to ``logger``."""
    clingolog.install()
    sources = rulesfile.read_rules(path)
    key = (id(sources), frozenset(rulesfile.policy.functions))
    known = _parsed.get(key)
    if known is not None and known[0] is sources:
        for code, message in known[1].logged:
            _log_to(logger, code, message)
        return known[1]
    logged: list[tuple[clingo.MessageCode, str]] = []

    def log(code: clingo.MessageCode, message: str) -> None:
        logged.append((code, message))
        _log_to(logger, code, message)

    info = _parse(path, sources, log)
    info.logged = logged
    _parsed[key] = (sources, info)
    return info


def _log_to(logger: Logger | None, code: clingo.MessageCode, message: str) -> None:
    if logger is not None:
        logger(code, message)
    else:
        print(message.rstrip("\n"), file=sys.stderr)


def _parse(path: str | Path, sources: list[Source], logger: Logger) -> RuleFile:
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


def _parse_source(source: Source, logger: Logger, refused: list[InputError]) -> list[ast.AST]:
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


def _renamed(logger: Logger, source: Source) -> Logger:
    """clingo's messages about ``source``'s text, naming its file (not "<string>") and showing
    the character a lexer error cut in two (clingo reports its first byte)."""
    prefix = re.compile("^" + re.escape(TEXT) + ":", re.M)

    def log(code: clingo.MessageCode, message: str) -> None:
        message = prefix.sub(lambda _m: source.name + ":", message)
        if "\ufffd" in message:
            message = _whole_character(message, source)
        logger(code, message)

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
    changes = child_changes(node, lambda child: _located(child, name))
    if "location" in node.keys():  # noqa: SIM118 (an AST node is no dict: "in" looks elsewhere)
        changes["location"] = _location(name, node.location.begin, node.location.end)
    return node.update(**changes) if changes else node


def _spliced(source: Source, parsed: dict[int, list[ast.AST]], logger: Logger, top: bool) -> Iterator[ast.AST]:
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
    logger: Logger,
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
