"""A user's rules file, checked by Python before clingo loads it.

clingo panics ("exception in nothrow scope") when a message about a file holds bytes that are not
UTF-8, and reads a FIFO or device for ever, so every file it would read (the rules file and what
it ``#include``s, transitively) goes through ``read_text`` first: one-line errors instead.
"""

from __future__ import annotations

import re
from pathlib import Path

from .errors import InputError, read_text

_INCLUDE = re.compile(r'#include\s*"((?:[^"\\]|\\.)*)"\s*\.')
_COMMENT = re.compile(r"%\*.*?\*%|%[^\n]*", re.S)


def check_rules_file(path: str | Path) -> None:
    """Raise an InputError if the rules file or any file it includes cannot be read as text."""
    if str(path) == "-" and not Path(path).exists():  # "-" is standard input for a FILE, not here
        raise InputError("rules are read from files, not from standard input ('-'): give the file's name", path)
    _check(Path(path), set())


def _check(path: Path, seen: set[Path]) -> None:
    text = read_text(path)  # first: a name the OS cannot take is an InputError here, not in resolve()
    key = path.resolve()
    if key in seen:
        return
    seen.add(key)
    # comments blanked out in place, so positions (and line numbers) stay those of the file
    code = _COMMENT.sub(lambda c: re.sub(r"[^\n]", " ", c.group()), text)
    for m in _INCLUDE.finditer(code):
        name = m.group(1).replace('\\"', '"').replace("\\\\", "\\")
        line = code.count("\n", 0, m.start()) + 1
        # clingo looks next to the including file first, then from the working directory
        found = next((p for p in (path.parent / name, Path(name)) if p.exists()), None)
        if found is None:
            continue  # clingo reports the missing file itself, with its line
        try:
            _check(found, seen)
        except InputError as exc:
            raise InputError(f"included here: {exc}", path, line) from None
