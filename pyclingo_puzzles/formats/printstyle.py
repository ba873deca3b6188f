"""How the printed pages are set, for every family alike: large print, lowercase letters, the
author, the key's label and the instructions in the puzzle's language.

The command sets it once from ``--large-print``, ``--lowercase``, ``--author`` and ``--key-label``
(``cli/shared_options.py``); Python code sets it around its ``to_pdf``/``to_svg`` calls with
``with printstyle.using(large_print=True, author="...")``. The drawing code reads ``current()``.

Large print follows the large-print convention (16 pt and more): the instructions, word lists and
clues at 16 pt (11 pt otherwise), the grid's letters never under 16 pt.
"""

from __future__ import annotations

import datetime
import os
import unicodedata
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import NamedTuple

TEXT_PT, LARGE_TEXT_PT = 11.0, 16.0  # the pages' text: ordinary and large print


class PrintStyle(NamedTuple):
    large_print: bool = False
    lowercase: bool = False
    author: str = ""
    key_label: str | None = None  # None: the language's own ("key", "solution"; ``labels``)

    @property
    def text_pt(self) -> float:
        return LARGE_TEXT_PT if self.large_print else TEXT_PT

    def letters(self, text: str) -> str:
        """A grid's letters or a word as printed: lowercase when asked."""
        return text.lower() if self.lowercase else text


_current = PrintStyle()


def current() -> PrintStyle:
    return _current


def set_style(style: PrintStyle) -> None:
    global _current
    _current = style


@contextmanager
def using(**settings: object) -> Iterator[PrintStyle]:
    """The pages drawn inside are set so: ``large_print``, ``lowercase``, ``author``, ``key_label``."""
    saved = _current
    set_style(saved._replace(**settings))  # type: ignore[arg-type]
    try:
        yield _current
    finally:
        set_style(saved)


def creation_date() -> datetime.datetime | None:
    """``SOURCE_DATE_EPOCH`` (the reproducible-builds convention) when set, else None (now)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    return datetime.datetime.fromtimestamp(int(epoch), datetime.UTC) if epoch.isdigit() else None


# ------------------------------------------------------------------ the puzzle's language

# the words' script -> (word search instructions, crossword instructions, key label); English otherwise
LANGUAGES = {
    "ja": ("リストのことばを、すべてマスの中から見つけましょう。たて・よこ・ななめにならんでいます。",
           "ヒントを読んで、答えをマスに書きましょう。", "答え"),
    "ru": ("Найдите в сетке все слова из списка: по горизонтали, по вертикали или по диагонали.",
           "Разгадайте определения и впишите ответы в клетки.", "ответы"),
    "el": ("Βρείτε όλες τις λέξεις της λίστας στο πλέγμα: οριζόντια, κάθετα ή διαγώνια.",
           "Λύστε τους ορισμούς και γράψτε τις απαντήσεις στα τετράγωνα.", "λύση"),
    "zh": ("在方格中找出列表里的所有词语：横向、纵向或斜向。", "根据提示，把答案填入方格。", "答案"),
}  # fmt: skip
SCRIPTS = {"HIRAGANA": "ja", "KATAKANA": "ja", "CJK": "zh", "CYRILLIC": "ru", "GREEK": "el"}


def language_of(words: Iterable[str]) -> str:
    """The language the words' letters are written in, as far as their script tells: ``ja`` (kana),
    ``zh`` (Chinese characters without kana), ``ru`` (Cyrillic), ``el`` (Greek), else ``en``."""
    counts: dict[str, int] = {}
    for word in words:
        for ch in word:
            name = unicodedata.name(ch, "").split(" ")[0]
            lang = SCRIPTS.get(name)
            if lang is not None:
                counts[lang] = counts.get(lang, 0) + 1
    if "ja" in counts:  # kanji among kana: Japanese
        counts["ja"] += counts.pop("zh", 0)
    return max(counts, key=lambda k: counts[k]) if counts else "en"


def instructions_for(kind: str, words: Iterable[str], english: str) -> str:
    """The default instructions of a ``kind`` ("wordsearch", "crossword") page in its words' language."""
    lang = language_of(words)
    if lang == "en":
        return english
    own = LANGUAGES[lang][0 if kind == "wordsearch" else 1]
    return own if drawn(own) else english


def drawn(text: str) -> bool:
    """The PDF's fonts draw every character of ``text`` (a CJK line needs the system's CJK font)."""
    from .pdffont import missing_glyphs

    return not missing_glyphs(text)


def key_label(words: Iterable[str], english: str) -> str:
    """The key's label: ``--key-label`` when given, else the words' language's (English: ``english``)."""
    if _current.key_label is not None:
        return _current.key_label
    lang = language_of(words)
    if lang == "en":
        return english
    own = LANGUAGES[lang][2]
    return own if drawn(own) else english
