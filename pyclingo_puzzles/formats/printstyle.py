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


# the playable pages' own instructions (how to play them) in the words' language: kind -> language
# -> (with a mouse, on a touch screen); English: formats/playable's INSTRUCTIONS
PLAY = {
    "wordsearch": {
        "ja": (
            "リストのことばをマスの中から見つけましょう。最初の文字から最後の文字"
            "までドラッグするか、両方をクリックします。",
            "リストのことばをマスの中から見つけましょう。最初の文字から最後の文字"
            "まで指でなぞるか、両方をタップします。",
        ),
        "ru": (
            "Найдите в сетке все слова: протяните от первой буквы слова до последней или щёлкните по обеим.",
            "Найдите в сетке все слова: проведите пальцем от первой буквы слова до последней или коснитесь обеих.",
        ),
        "el": (
            "Βρείτε όλες τις λέξεις στο πλέγμα: σύρετε από το πρώτο γράμμα ως το τελευταίο ή κάντε κλικ και στα δύο.",
            "Βρείτε όλες τις λέξεις στο πλέγμα: σύρετε το δάχτυλο από το πρώτο γράμμα ως το τελευταίο ή αγγίξτε και "
            "τα δύο.",
        ),
        "zh": (
            "在方格中找出所有词语：从第一个字拖到最后一个字，或先后点击这两个字。",
            "在方格中找出所有词语：用手指从第一个字滑到最后一个字，或先后轻触这两个字。",
        ),
    },
    "crossword": {
        "ja": (
            "マスをクリックして文字を入力します。矢印キーで移動し、Tab と Shift+Tab で次と前のことばへ進みます。",
            "マスをタップしてキーボードで入力します。もう一度タップすると、たてとよこが切りかわります。",
        ),
        "ru": (
            "Щёлкните по клетке и печатайте. Стрелки двигают курсор; Tab и Shift+Tab переходят к следующему и "
            "предыдущему слову.",
            "Коснитесь клетки и печатайте на клавиатуре; коснитесь её снова, чтобы сменить направление.",
        ),
        "el": (
            "Κάντε κλικ σε ένα τετράγωνο και πληκτρολογήστε. Τα βέλη μετακινούν· Tab και Shift+Tab πάνε στην επόμενη "
            "και την προηγούμενη λέξη.",
            "Αγγίξτε ένα τετράγωνο και πληκτρολογήστε· αγγίξτε το ξανά για να αλλάξετε οριζόντια ή κάθετα.",
        ),
        "zh": (
            "点击方格后输入。方向键移动；Tab 和 Shift+Tab 跳到下一个和上一个词条。",
            "轻触方格后用键盘输入；再轻触一次可切换横向与纵向。",
        ),
    },
}


def play_text(kind: str, words: Iterable[str]) -> tuple[str, str, str] | None:
    """A playable page's language, its instructions (mouse, touch) in that language, when its
    ``words``' script tells one that has them; None otherwise (English)."""
    lang = language_of(words)
    own = PLAY.get(kind, {}).get(lang)
    return (lang, *own) if own else None


def page_key_label(words: Iterable[str]) -> str:
    """A playable page's label of its answers: ``--key-label``, else the words' language's; "" none
    (the page's own English: "Show answers", "Reveal"). The browser's fonts draw it, not the PDF's."""
    if _current.key_label is not None:
        return _current.key_label
    lang = language_of(words)
    return LANGUAGES[lang][2] if lang in LANGUAGES else ""
