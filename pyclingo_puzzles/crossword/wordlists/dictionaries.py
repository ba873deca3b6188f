"""The dictionary fill's word lists from Python values or files: ``dictionary_of`` takes one (a
file, ``"en"``, a ``Dictionary``, a mapping word -> score or a list of words), ``assembled``
merges several (the command's ``--dictionary`` options and the API's ``dictionaries=`` alike),
``excluded_words`` reads what ``exclude=`` leaves out."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from ...core import apicheck
from ...core.errors import InputError
from ...core.letters import normalize_word
from ..reader import SCORE_MAX, SCORE_MIN, Dictionary

Source = str | Path | Dictionary | Mapping[str, int] | Iterable[str]  # one word list, as ``dictionary_of`` takes it


def dictionary_of(
    dictionary: Source, min_length: int = 2, min_score: int | None = None, allow_offensive: bool = False
) -> Dictionary:
    """A dictionary from a file (``WORD`` or ``WORD;SCORE`` lines), ``"en"`` (the built-in English
    dictionary, ``english.py``; words below Zipf 2.0 left out unless ``min_score`` says otherwise,
    offensive words unless ``allow_offensive``), a ``Dictionary``, a mapping word -> score or a
    list of words (each checked: letters only)."""
    from ..reader import read_dictionary
    from . import english

    if isinstance(dictionary, Dictionary):
        return dictionary
    if isinstance(dictionary, str) and dictionary == english.NAME:  # a Path("en") is a file
        return english.english_dictionary(min_length, min_score, allow_offensive)
    if isinstance(dictionary, str | Path):
        looks_like_a_name = not Path(dictionary).suffix and "/" not in str(dictionary)
        if looks_like_a_name and not Path(dictionary).exists():  # "english", "EN", "en_GB": a name, not a file
            raise InputError(f"no such file, and not a built-in dictionary: the built-in English one is "
                             f"{english.NAME!r}", dictionary)  # fmt: skip
        return read_dictionary(dictionary, min_length, min_score)
    if isinstance(dictionary, Mapping):
        scored = dictionary
    else:
        scored = dict.fromkeys(apicheck.items(dictionary, "dictionary"), 1)
    words: dict[str, int] = {}
    for i, (raw, score) in enumerate(scored.items()):
        if not isinstance(raw, str) or not isinstance(score, int) or isinstance(score, bool):
            raise InputError(f"entry {i + 1} must be a word with an integer score", "<dictionary>", i + 1)
        if not SCORE_MIN <= score <= SCORE_MAX:
            raise InputError(
                f"score {score} is outside clingo's integer range ({SCORE_MIN} to {SCORE_MAX})", "<dictionary>", i + 1
            )
        word = normalize_word(raw)
        if not word.isalpha():
            raise InputError(f"{raw!r} is not a word (letters only)", "<dictionary>", i + 1)
        if len(word) >= min_length and (min_score is None or score >= min_score):
            words[word] = max(score, words.get(word, score))
    if not words:
        raise InputError("the dictionary has no usable word", "<dictionary>")
    return Dictionary(words)


def word_lists(
    sources: Sequence[Source],
    min_length: int = 2,
    min_score: int | None = None,
    allow_offensive: bool = False,
    exclude: Iterable[str] = (),
) -> Dictionary:
    """The lists of ``sources`` merged (a word's score: its best in any list), less ``exclude``."""
    return assembled(sources, min_length, min_score, allow_offensive, exclude)[0]


def assembled(
    sources: Sequence[Source],
    min_length: int = 2,
    min_score: int | None = None,
    allow_offensive: bool = False,
    exclude: Iterable[str] = (),
    what: str = "--exclude",
    names: Sequence[str] = (),
) -> tuple[Dictionary, list[str]]:
    """The one assembly of a fill's words, the command's and the API's: the lists of ``sources``
    merged, less ``exclude`` (``what`` names it when nothing is left); and for each list that
    skipped lines, ``NAME: skipped ...`` (``names``: the sources as the caller named them)."""
    from .lists import merge, without

    if not sources:
        raise InputError("no words: give a dictionary, dictionaries or a word_list", apicheck.ARGS)
    lists = [dictionary_of(source, min_length, min_score, allow_offensive) for source in sources]
    shown = list(names) or [str(source) for source in sources]
    skipped = [f"{name}: skipped {d.skipped_text()}" for name, d in zip(shown, lists, strict=True) if d.skipped]
    return without(merge(lists), frozenset(exclude), what), skipped


def excluded_words(exclude: str | Path | Iterable[str]) -> frozenset[str]:
    """``exclude=``: a file of words (one a line) or the words themselves."""
    from .lists import banned_words, read_word_set

    if isinstance(exclude, str | Path):
        return read_word_set(exclude)
    return banned_words(apicheck.items(exclude, "exclude"))
