"""Letters and words: Unicode-aware normalisation shared by the word families.

A letter is one character for which ``str.isalpha()`` holds after NFC normalisation (so Ä, Ñ, ß
are letters). Case is normalised to upper case character by character; a character whose upper
case is longer than one character (ß -> SS) is kept as it is so a word never changes length.
"""

from __future__ import annotations

import re
import unicodedata

from .errors import InputError, shorten


def upper_letter(ch: str) -> str:
    up = ch.upper()
    return up if len(up) == 1 else ch


def normalize_word(text: str) -> str:
    """NFC, surrounding whitespace removed, upper case per character (length preserved)."""
    word = unicodedata.normalize("NFC", text.strip())
    up = word.upper()
    if len(up) == len(word):  # no character grew (upper case never shrinks one): the common case
        return up
    return "".join(upper_letter(c) for c in word)


def first_non_letter(word: str) -> str | None:
    """The first character of ``word`` that is not a letter, or None."""
    if word.isalpha():
        return None
    for c in word:
        if not c.isalpha():
            return c
    return None


def describe_char(ch: str) -> str:
    """A readable name for a character in an error message."""
    if ch == " ":
        return "a space"
    if ch.isprintable():
        return f"{ch!r}"
    return f"U+{ord(ch):04X}"


PHRASE_BREAK = re.compile(r"\s*-\s*|[\s_]+")  # between a phrase's words: a hyphen, or spaces (or _)


def phrase(text: str) -> tuple[str, str]:
    """An entry's letters and how it is written: ``"ice cream"`` -> ``("ICECREAM", "ICE CREAM")``,
    ``"t-shirt"`` -> ``("TSHIRT", "T-SHIRT")``; a phrase's words are separated by spaces (or ``_``,
    in a list whose lines are ``WORD clue``) or hyphens, and the grid holds its letters only."""
    word = normalize_word(text)
    written = PHRASE_BREAK.sub(lambda m: "-" if "-" in m.group() else " ", word)
    return written.replace(" ", "").replace("-", ""), written


def enumeration(written: str) -> str:
    """The lengths of a phrase's words as a crossword prints them: ``(3,5)``, ``(1-5)``; ``(5)``."""
    parts = re.split(r"([ -])", written)
    return "(" + "".join(str(len(p)) if i % 2 == 0 else ("," if p == " " else "-") for i, p in enumerate(parts)) + ")"


def checked_word(text: str, path: str | None, line: int | None, why_two: str) -> str:
    """``text`` as a normalised word of two or more letters, or an ``InputError`` at FILE:LINE
    (``why_two`` finishes "word X has one letter; ...")."""
    word = normalize_word(text)
    if not word:
        raise InputError("empty word", path, line)
    bad = first_non_letter(word)
    if bad is not None:
        quoted = repr(shorten(text.strip()))
        raise InputError(f"word {quoted} contains {describe_char(bad)}, which is not a letter", path, line)
    if len(word) < 2:
        raise InputError(f"word {word!r} has one letter; {why_two}", path, line)
    return word
