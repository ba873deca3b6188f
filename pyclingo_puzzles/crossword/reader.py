"""Reading crossword instances: P-99 ``.dat`` files and YAML, into a ``CrosswordInstance``.

``.dat``: words one per line, one blank line, then the framework rows (see ``framework.py``).
YAML: ``words: [..]`` and ``framework: [row strings]`` with the same characters.
Duplicate words are allowed: the word list is a multiset, each copy fills one site.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from ..core.errors import InputError, read_text
from ..core.letters import checked_word
from .framework import Framework

YAML_SUFFIXES = (".yaml", ".yml")
MAX_CELLS = 250_000  # 500 x 500, as the word search; crossword grids in use are below 30 x 30


class FrameworkOnlyError(InputError):
    """A P-99 file without words (the command fills it from a dictionary instead)."""

    def __init__(self, file: str | Path | None = None, line: int | None = 1):
        super().__init__("no words before the framework (a framework-only file needs --dictionary)", file, line)

    def __reduce__(self):  # pickled whole across a batch's worker processes
        return (FrameworkOnlyError, (self.file, self.line))


class CrosswordInstance(NamedTuple):
    path: str
    words: tuple[str, ...]  # normalised (upper case, NFC), in file order
    framework: Framework


def check_word(raw: str, file: str, line: int | None) -> str:
    """Normalise one word or raise a one-line error naming it."""
    return checked_word(raw, file, line, "a site has at least two places")


def framework_from_lines(lines: Sequence[str], file: str, line: int | None) -> Framework:
    """``Framework.from_lines`` for lines read from ``file`` (the first at ``line``), refusing a
    shape beyond ``MAX_CELLS`` before the rows are padded to a rectangle (one long line in a file
    of many short ones would otherwise ask for height x width memory)."""
    width = max((len(row) for row in lines), default=0)
    if len(lines) * width > MAX_CELLS:
        widest = max(range(len(lines)), key=lambda i: len(lines[i]))
        raise InputError(
            f"framework of {len(lines)} rows, {width} cells wide is larger than {MAX_CELLS} cells",
            file,
            None if line is None else line + widest,
        )
    return check_framework(Framework.from_lines(lines), file, line)


def check_framework(framework: Framework, file: str, line: int | None) -> Framework:
    if not framework.sites():
        raise InputError("framework has no site (no run of two or more places)", file, line)
    return framework


def parse_dat(text: str, path: str) -> CrosswordInstance:
    lines = text.split("\n")
    end = len(lines)
    while end > 0 and not lines[end - 1].strip():
        end -= 1  # trailing newlines are not rows
    try:
        blank = next(i for i in range(end) if not lines[i].strip())
    except StopIteration:
        first = lines[0].strip() if lines else ""
        if first and ("." in first or not first.strip(" .").isalpha()):
            raise FrameworkOnlyError(path) from None  # its first line is a row: a bare framework
        first_row = next((i for i in range(end) if "." in lines[i] or " " in lines[i].strip()), end - 1)
        raise InputError(
            "no blank line separating the word list from the framework", path, max(first_row, 0) + 1
        ) from None
    words = [check_word(lines[i], path, i + 1) for i in range(blank)]
    start = blank
    while start < len(lines) and not lines[start].strip():
        start += 1  # the separator (and any extra blank lines) before the framework
    if start >= end:
        raise InputError("no framework after the blank line", path, blank + 1)
    framework = framework_from_lines(lines[start:end], path, start + 1)
    return CrosswordInstance(path, tuple(words), framework)


def parse_yaml(text: str, path: str) -> CrosswordInstance:
    from ..io.yamlio import expect_mapping, expect_str_list, load_yaml  # only YAML input needs PyYAML

    doc = load_yaml(path, text)
    expect_mapping(doc, ("words", "framework"))
    raw_words = expect_str_list(doc, "words") or []
    rows = expect_str_list(doc, "framework") or []
    if not rows:
        raise doc.error("'framework' is empty", "framework")
    words = [check_word(w, path, doc.line("words", i)) for i, w in enumerate(raw_words)]
    for i, row in enumerate(rows):
        if "\n" in row or "\r" in row:
            raise doc.error(f"framework row {i + 1} contains a line break", "framework", i)
    framework = framework_from_lines(rows, path, doc.line("framework"))
    return CrosswordInstance(path, tuple(words), framework)


def read_instance(path: str | Path) -> CrosswordInstance:
    """Read a ``.dat`` or YAML crossword instance (chosen by suffix)."""
    text = read_text(path)
    if Path(path).suffix.lower() in YAML_SUFFIXES:
        return parse_yaml(text, str(path))
    return parse_dat(text, str(path))

