"""Layout instances: a YAML word list with optional clues, box limits, title and preference, or a
plain word list (one word a line, the rest of the line its clue; ``formats/instances.py``).

Keys: ``words`` (strings or ``{word, clue}`` mappings), optional ``max_width``, ``max_height``,
``title``, ``prefer`` (``balanced`` | ``crossings`` | ``area``: see ``objective.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core.errors import InputError, shorten, shown
from ..core.letters import checked_word, phrase
from ..formats import instances
from ..formats.yamlio import YamlDoc, expect_mapping, load_yaml
from .objective import DEFAULT, PREFERENCES

KEYS = ("words", "max_width", "max_height", "title", "prefer")
MAX_SIDE = 200
MAX_WORD = 1000  # letters a word may have (5 times the widest box a layout may be bounded to)


@dataclass(frozen=True)
class LayoutInstance:
    path: str
    words: tuple[str, ...]  # normalised, in file order
    clues: tuple[str, ...]  # one per word ("" when none was given)
    max_width: int | None = None
    max_height: int | None = None
    title: str = ""
    prefer: str = DEFAULT
    written: tuple[str, ...] = ()  # each word as written, a phrase with its spaces ("ICE CREAM"); () = as ``words``

    def clue(self, word: str) -> str:
        return self.clues[self.words.index(word)]

    def as_written(self, word: str) -> str:
        """``word`` as the list gives it: a phrase with its spaces ("ICE CREAM"); its clue shows (3,5)."""
        return self.written[self.words.index(word)] if self.written else word


def _entry(doc: YamlDoc, i: int, item: object) -> tuple[str, str]:
    if isinstance(item, str):
        return item, ""
    if isinstance(item, dict):
        extra = [k for k in item if k not in ("word", "clue")]
        if extra:
            raise doc.error(f"word {i + 1}: unknown key {shown(extra[0])} (allowed: word, clue)", "words", i)
        word, clue = item.get("word"), item.get("clue", "")
        if not isinstance(word, str):
            raise doc.error(f"word {i + 1}: 'word' must be a string, got {type(word).__name__}", "words", i)
        if clue is None:
            clue = ""
        if not isinstance(clue, str):
            raise doc.error(f"word {i + 1}: 'clue' must be a string, got {type(clue).__name__}", "words", i)
        return word, " ".join(clue.split())
    raise doc.error(f"word {i + 1} must be a string or a {{word, clue}} mapping, got {type(item).__name__}", "words", i)


def _all_distinct_runs(words: list[str]) -> bool:
    """No word twice and none inside another: each word occurs once in all of them joined (a
    3,000-word list is checked in C in milliseconds; pair by pair it took seconds)."""
    if len(set(words)) != len(words):
        return False
    joined = "\n".join(words)  # no word holds the separator, so no occurrence spans two words
    return all(joined.count(w) == 1 for w in words)


def parse_words(doc: YamlDoc) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The words (letters), their clues, and each as written (a phrase "ICE CREAM" is one entry)."""
    raw = doc.data.get("words")
    if raw is None:
        raise doc.error("missing key 'words'")
    if not isinstance(raw, list):
        raise doc.error("'words' must be a list", "words")
    if not raw:
        raise doc.error("'words' is empty: a layout needs at least one word", "words")
    words: list[str] = []
    written: list[str] = []
    clues: list[str] = []
    lines: list[int | None] = []
    for i, item in enumerate(raw):
        text, clue = _entry(doc, i, item)
        line = doc.line("words", i)
        letters, as_written = phrase(text)  # "ICE CREAM" (or ICE_CREAM in a plain list): one entry
        checked = text if as_written == letters else letters  # a plain word: its errors quote it as written
        word = checked_word(checked, doc.path, line, "crossword entries need at least two")
        if len(word) > MAX_WORD:  # the command's cap and the API's: a layout lays its words out cell by cell
            raise InputError(
                f"word {shorten(word)} has {len(word):,} letters; a layout takes at most {MAX_WORD:,}", doc.path, line
            )
        words.append(word)
        written.append(as_written if as_written != letters else word)
        clues.append(clue)
        lines.append(line)
    outcome = tuple(words), tuple(clues), tuple(written) if written != words else ()
    if _all_distinct_runs(words):
        return outcome
    for i, a in enumerate(words):  # there is a pair: the one the messages have always named
        for j, b in enumerate(words):
            if i < j and a == b:
                where = f"line {lines[i]}" if lines[i] else f"word {i + 1}"
                raise InputError(f"word {shorten(a)} is listed twice ({where} and here)", doc.path, lines[j])
            if i != j and len(a) < len(b) and a in b:
                raise InputError(
                    f"word {shorten(a)} occurs inside {shorten(b)}: placed along it, it would not be a run of its own",
                    doc.path,
                    lines[i],
                )
    return outcome


def _side(doc: YamlDoc, key: str) -> int | None:
    value = doc.data.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 2 <= value <= MAX_SIDE:
        raise doc.error(f"'{key}' must be an integer between 2 and {MAX_SIDE}", key)
    return value


def parse_instance(text: str, path: str) -> LayoutInstance:
    return from_doc(load_yaml(path, text))


def from_doc(doc: YamlDoc) -> LayoutInstance:
    """An instance from a parsed document (a file's, or the API's ``DataDoc``)."""
    path = doc.path
    data = expect_mapping(doc, KEYS)
    words, clues, written = parse_words(doc)
    max_width, max_height = _side(doc, "max_width"), _side(doc, "max_height")
    title = data.get("title") or ""
    if not isinstance(title, str):
        raise doc.error("'title' must be a string", "title")
    prefer = data.get("prefer", DEFAULT)
    if prefer not in PREFERENCES:
        raise doc.error(f"'prefer' must be one of {', '.join(PREFERENCES)}, got {shown(prefer)}", "prefer")
    longest = max(words, key=len)
    if max_width is not None and max_height is not None and len(longest) > max(max_width, max_height):
        # decided as bad input: no direction can hold the word, whatever the other words do
        raise doc.error(
            f"word {shorten(longest)} ({len(longest)} letters) fits neither max_width {max_width} "
            f"nor max_height {max_height}",
            "max_width",
        )
    return LayoutInstance(path, words, clues, max_width, max_height, " ".join(title.split()), prefer, written)


def read_instance(path: str | Path | instances.Source) -> LayoutInstance:
    """A YAML instance or a plain word list (``.txt``: a word a line, the rest of the line its clue)
    from a file, standard input (``-``) or a ``Source``."""
    return instances.read(path, from_doc, KEYS, clues=True)
