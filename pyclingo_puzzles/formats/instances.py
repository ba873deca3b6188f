"""One reader scaffold for the YAML and word-list instances.

Where the text comes from (a file, standard input given as ``-``, words given inline with
``--words``), which format it is (YAML, the full format; or a plain word list), and one-line
``FILE:LINE`` errors for both. A family's reader only turns a parsed document into its instance
(``from_doc``); a word list arrives as a document too (``{"words": [...]}`` whose items know their
lines), so every check a family makes on its YAML words names the list's line the same way.

A plain word list: one entry a line, the word first (for a layout, the rest of the line is the
word's clue); blank lines and lines starting with ``#`` are ignored.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from ..core.errors import MAX_INPUT_BYTES, InputError, read_text
from .yamlio import YamlDoc, load_yaml

STDIN = "-"  # the FILE that means standard input
STDIN_NAME = "<stdin>"  # how errors name it
INLINE_NAME = "--words"  # how errors name words given on the command line
LIST_SUFFIXES = (".txt", ".list")
YAML_SUFFIXES = (".yaml", ".yml")

T = TypeVar("T")


@dataclass(frozen=True)
class Source:
    """An instance's text and how to read it: ``kind`` is "yaml" or "list"; ``entries`` holds
    words given inline (then ``text`` is unused)."""

    name: str
    text: str
    kind: str | None  # None: decided from the text (standard input, an unknown suffix)
    entries: tuple[str, ...] | None = None


def read_stdin() -> str:
    """Standard input, whole, as UTF-8 text (the same limits and errors as a file's)."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        raise InputError("standard input is closed", STDIN_NAME)
    try:
        data = stream.read(MAX_INPUT_BYTES + 1)
    except OSError as exc:
        raise InputError(f"cannot read standard input ({exc.strerror or exc})", STDIN_NAME) from None
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(f"is larger than {MAX_INPUT_BYTES >> 20} MiB, the limit for input files", STDIN_NAME)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError("not valid UTF-8 text", STDIN_NAME, data[: exc.start].count(b"\n") + 1) from None


def source(path: str | Path, *, lists: bool = True) -> Source:
    """The text at ``path`` (``-``: standard input). ``lists``: the family reads plain word lists
    too (a ``.txt`` file, or standard input that does not start like the family's YAML)."""
    if str(path) == STDIN:
        return Source(STDIN_NAME, read_stdin(), None if lists else "yaml")
    suffix = Path(path).suffix.lower()
    if not lists or suffix in YAML_SUFFIXES:
        kind: str | None = "yaml"
    else:
        kind = "list" if suffix in LIST_SUFFIXES else None
    return Source(str(path), read_text(path), kind)


def inline(text: str) -> Source:
    """Words given on the command line: separated by spaces or commas."""
    entries = tuple(w for w in re.split(r"[\s,;]+", text) if w)
    if not entries:
        raise InputError("no words given", INLINE_NAME)
    return Source(INLINE_NAME, "", "list", entries)


def given(file: str | Path | None, words: str | None) -> Source:
    """The command line's input: words given inline (``--words``), else the FILE (``-``: standard input)."""
    if words is not None:
        return inline(words)
    if file is None:
        raise InputError("no input: give a FILE (YAML or a .txt word list, - for standard input) or --words")
    return source(file)


def kind_of(src: Source, keys: Sequence[str]) -> str:
    """YAML when the first line that is not blank or a comment starts like the family's YAML
    (``---``, ``{``, or one of its top-level ``keys`` followed by a colon); a word list otherwise."""
    if src.kind is not None:
        return src.kind
    starts = re.compile(r"^(---|%YAML|\{|(" + "|".join(map(re.escape, keys)) + r")\s*:(\s|$))")
    for line in src.text.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            return "yaml" if starts.match(stripped) else "list"
    return "list"  # nothing at all: the list reader says it has no words


class WordListDoc(YamlDoc):
    """A plain word list as a document: ``{"words": [...]}`` whose items know their lines, so the
    family's checks name ``FILE:LINE`` as they do for YAML. Other keys have no line."""

    def __init__(self, name: str, data: dict[str, Any], lines: list[int | None]):
        super().__init__(name, data, None)
        self._lines = lines

    def line(self, *keys: str | int) -> int | None:  # type: ignore[override]
        if len(keys) >= 2 and keys[0] == "words" and isinstance(keys[1], int) and keys[1] < len(self._lines):
            return self._lines[keys[1]]
        return None


def word_list(src: Source, *, clues: bool = False) -> WordListDoc:
    """A plain list's entries: with ``clues``, ``{word, clue}`` (the first word of the line, then
    the rest); without, the whole line is the entry (a space in it is reported as not a letter)."""
    if src.entries is not None:
        entries: list[Any] = [{"word": w, "clue": ""} if clues else w for w in src.entries]
        return WordListDoc(src.name, {"words": entries}, [None] * len(entries))
    entries = []
    lines: list[int | None] = []
    for number, raw in enumerate(src.text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if clues:
            word, *clue = line.split(None, 1)  # the word, then any whitespace, then the clue
            entries.append({"word": word, "clue": " ".join(clue[0].split()) if clue else ""})
        else:
            entries.append(line)
        lines.append(number)
    if not entries:
        raise InputError("no words (one word a line; blank lines and lines starting with # are ignored)", src.name, 1)
    return WordListDoc(src.name, {"words": entries}, lines)


def document(src: Source, keys: Sequence[str], *, clues: bool = False) -> YamlDoc:
    """The source parsed: a YAML document, or a word list as one."""
    if kind_of(src, keys) == "list":
        return word_list(src, clues=clues)
    return load_yaml(src.name, src.text)


def read(
    path: str | Path | Source,
    from_doc: Callable[[YamlDoc], T],
    keys: Sequence[str],
    *,
    lists: bool = True,
    clues: bool = False,
) -> T:
    """A family's instance from a file, standard input (``-``) or a ``Source``: the text read,
    its format decided, the document parsed and handed to the family's ``from_doc``."""
    src = path if isinstance(path, Source) else source(path, lists=lists)
    if not lists:
        return from_doc(load_yaml(src.name, src.text))
    return from_doc(document(src, keys, clues=clues))


def name(file: str | Path) -> str:
    """How messages name an input: ``<stdin>`` for ``-``."""
    return STDIN_NAME if str(file) == STDIN else str(file)


def title(file: str | Path, default: str) -> str:
    """A printed page's title when the instance gives none: the file's name (its stem), or
    ``default`` for standard input and words given inline."""
    name = str(file)
    return default if name in (STDIN, STDIN_NAME, INLINE_NAME) else Path(name).stem
