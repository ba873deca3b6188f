"""A user's rules file, checked by Python before clingo loads it.

clingo panics ("exception in nothrow scope") when a message about a file holds bytes that are not
UTF-8, and reads a FIFO or device for ever, so every file it would read (the rules file and what
it ``#include``s, transitively) goes through ``read_text`` first: one-line errors instead.

Rules cannot reach the machine (docs/rules.md, "Safety"): an ``#include`` must resolve, the way
clingo resolves it, to a file inside the rules file's own folder (``RulesPolicy.include_anywhere``,
the command's ``--allow-include-anywhere``, opts out); ``#script`` and ``@`` functions are refused
by ``rules.parse`` from the parsed program.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from .errors import InputError, read_text

# clingo's tokens that matter for finding includes: strings (one line, with escapes), block and
# line comments, and everything else one character at a time. A block comment ends at its first
# "*%": if clingo nests them, this sees more code than clingo does, never less (so it finds every
# include clingo would read, at worst one more).
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|%\*.*?\*%|%[^\n]*|#include\b|\s+|[^"%#\s]+|.', re.S)


class RulesPolicy:
    """What users' rules may do in this process (set by the command, or by ``trusted_rules``).
    (A plain class: dataclasses imports inspect, which the command's start-up avoids.)"""

    def __init__(self, include_anywhere: bool = False, functions: Mapping[str, Callable[..., Any]] | None = None):
        self.include_anywhere = include_anywhere  # True: #include may name any readable file
        self.functions = dict(functions or {})  # the @ functions allowed: name -> callable


policy = RulesPolicy()


@contextlib.contextmanager
def trusted_rules(
    *, include_anywhere: bool = False, functions: Mapping[str, Callable[..., Any]] | None = None
) -> Iterator[RulesPolicy]:
    """For API callers who trust their rules files: within the block, ``#include`` may name any
    file (``include_anywhere``) and the rules may call the ``@`` functions given (name -> callable,
    called by clingo as in a grounding context). ``#script`` stays refused."""
    global policy
    before = policy
    policy = RulesPolicy(include_anywhere, dict(functions or {}))
    try:
        yield policy
    finally:
        policy = before


def check_rules_file(path: str | Path) -> list[Path]:
    """Raise an InputError if the rules file or any file it includes cannot be read as text, or
    an include leaves the rules file's folder (unless the policy allows it). Returns every file
    read, the rules file first (resolved)."""
    if str(path) == "-" and not Path(path).exists():  # "-" is standard input for a FILE, not here
        raise InputError("rules are read from files, not from standard input ('-'): give the file's name", path)
    seen: dict[Path, None] = {}
    # its own folder: where its name points or, through a symlink, where the file is
    folders: tuple[Path, ...]
    try:
        folders = () if policy.include_anywhere else (Path(path).parent.resolve(), Path(path).resolve().parent)
    except (OSError, ValueError):  # a NUL in the name, a symlink loop: read_text says which, below
        folders = (Path("/nonexistent"),)
    _check(Path(path), seen, folders)
    return list(seen)


def included_files(path: str | Path) -> list[Path]:
    """The files a rules file reads (itself and its includes, resolved); [] when it cannot be
    read (loading it reports why). For the output check: no output may name one of them."""
    try:
        return check_rules_file(path)
    except InputError:
        return []


def includes(text: str) -> Iterator[tuple[str, int]]:
    """(name, line) of each ``#include "name".`` in the text, as clingo's tokens show it."""
    tokens = []  # (text, offset) of the tokens that are neither blank nor comments
    for m in _TOKEN.finditer(text):
        token = m.group()
        if not token.isspace() and not (token.startswith("%") and token != "%"):
            tokens.append((token, m.start()))
    for i, (token, offset) in enumerate(tokens[:-2]):
        name, dot = tokens[i + 1][0], tokens[i + 2][0]
        if token == "#include" and name.startswith('"') and len(name) > 1 and dot.startswith("."):
            yield re.sub(r"\\(.)", r"\1", name[1:-1]), text.count("\n", 0, offset) + 1


def _check(path: Path, seen: dict[Path, None], folders: tuple[Path, ...]) -> None:
    text = read_text(path)  # first: a name the OS cannot take is an InputError here, not in resolve()
    key = path.resolve()
    if key in seen:
        return
    seen[key] = None
    for name, line in includes(text):
        # clingo looks next to the including file first, then from the working directory
        found = next((p for p in (path.parent / name, Path(name)) if p.exists()), None)
        if found is None:
            continue  # clingo reports the missing file itself, with its line
        if folders and not any(found.resolve().is_relative_to(folder) for folder in folders):
            raise InputError(
                f'#include "{name}" leaves the rules file\'s folder ({folders[0]}); rules may include only '
                "files beside them or below (--allow-include-anywhere allows any)",
                path,
                line,
            )
        try:
            _check(found, seen, folders)
        except InputError as exc:
            raise InputError(f"included here: {exc}", path, line) from None
