"""Filler letters from the words' own script: Latin words get A–Z, Cyrillic words А–Я, Greek words
Α–Ω, kana words kana; words in a script without a small alphabet (Han characters, Hangul
syllables) get their own characters. Filler from another script would give the words away (kana
words in a grid of A–Z stand out at a glance)."""

from __future__ import annotations

import string
import unicodedata
from collections.abc import Iterable

# the capital letters (or kana) of each script with a small alphabet: the filler a word in it gets
ALPHABETS = {
    "LATIN": string.ascii_uppercase,
    "CYRILLIC": "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ",
    "GREEK": "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ",
    "HIRAGANA": "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん",
    "KATAKANA": "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲン",
}


def script_of(ch: str) -> str:
    """The script a letter belongs to, as the first word of its Unicode name (CJK: "CJK")."""
    name = unicodedata.name(ch, "")
    return name.split(" ", 1)[0] if name else ""


def filler(words: Iterable[str]) -> tuple[str, ...]:
    """The default filler: the words' own letters, and the alphabet of each script they are written in."""
    own = {ch for word in words for ch in word}
    letters = set(own)
    for script in {script_of(ch) for ch in own}:
        letters.update(ALPHABETS.get(script, ""))
    return tuple(sorted(letters))
