"""Word lists a constructor trusts: the offensive words the built-in ``en`` leaves out, merged
lists (``--dictionary`` given several times), words left out (``--exclude FILE``, ``--ban WORD``)
and clues for the fill's entries (``--clues FILE``).

The offensive words are better-profanity's word list (``profanity_wordlist.txt``, read from the
installed package, not imported: its filter is not used). Why that list (docs/constructor.md): it is
the most used word list on PyPI for the job, it lists inflections (SHITS, ASSHOLES) that shorter
lists miss, and a constructor who wants one of its milder words back (GOD, HELL) adds it in a list
of their own: the filter applies to ``en`` only.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Collection, Iterable, Sequence
from functools import cache
from pathlib import Path

from ...core.errors import InputError, read_text
from ...core.letters import checked_word, normalize_word
from ..reader import Dictionary

OFFENSIVE_PACKAGE = "better_profanity"
OFFENSIVE_FILE = "profanity_wordlist.txt"


@cache
def offensive_words() -> frozenset[str]:
    """The offensive words, normalised as dictionary words (a phrase's spaces dropped, as a
    crossword entry writes it); its leetspeak spellings (digits, symbols) are no words and are left out."""
    spec = importlib.util.find_spec(OFFENSIVE_PACKAGE)  # found, not imported (its import loads a filter)
    if spec is None or not spec.submodule_search_locations:
        raise InputError(
            "the built-in dictionary leaves out offensive words with better-profanity's list; install it "
            "(pip install better-profanity) or give --allow-offensive",
            "en",
        )
    path = Path(next(iter(spec.submodule_search_locations))) / OFFENSIVE_FILE
    words = set()
    for line in read_text(path).split("\n"):
        word = normalize_word("".join(line.split()))
        if word.isalpha():
            words.add(word)
    return frozenset(words)


def merge(dictionaries: Sequence[Dictionary]) -> Dictionary:
    """One dictionary of every list's words; a word's score is its best score in any list."""
    if len(dictionaries) == 1:
        return dictionaries[0]
    words: dict[str, int] = {}
    for d in dictionaries:
        for word, score in d.words.items():
            old = words.get(word)
            if old is None or score > old:
                words[word] = score
    skipped = sum(d.skipped for d in dictionaries)
    return Dictionary(words, skipped, next((d.skipped_lines for d in dictionaries if d.skipped), ()))


def without(dictionary: Dictionary, left_out: Collection[str], what: str = "--exclude") -> Dictionary:
    """The dictionary less the words ``left_out``; an error when no word is left."""
    if not left_out:
        return dictionary
    words = {w: s for w, s in dictionary.words.items() if w not in left_out}
    if not words:
        raise InputError(f"{what} leaves the dictionary no word", what)
    return Dictionary(words, dictionary.skipped, dictionary.skipped_lines)


def read_word_set(path: str | Path) -> frozenset[str]:
    """``--exclude FILE``: one word per line (a dictionary's ``WORD;SCORE`` lines too: the score
    is ignored); blank lines and lines starting with ``#`` are skipped, anything else must be a word."""
    words = set()
    for number, line in enumerate(read_text(path).split("\n"), 1):
        raw = line.partition(";")[0].strip()
        if not raw or raw.startswith("#"):
            continue
        words.add(checked_word("".join(raw.split()), str(path), number, "a dictionary word has two or more"))
    return frozenset(words)


def banned_words(words: Iterable[str]) -> frozenset[str]:
    """``--ban WORD`` values, each checked and normalised."""
    return frozenset(checked_word(w, "--ban", None, "a dictionary word has two or more") for w in words)


def read_clues(path: str | Path) -> dict[str, str]:
    """``--clues FILE``: ``WORD;clue`` or ``WORD<TAB>clue`` lines (the first ``;`` or tab splits; a
    WORD's spaces are dropped, as the grid writes a phrase);
    blank lines and lines starting with ``#`` are skipped. A word given twice keeps its last clue."""
    clues: dict[str, str] = {}
    for number, line in enumerate(read_text(path).split("\n"), 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        cut = min((i for i in (text.find(";"), text.find("\t")) if i >= 0), default=-1)
        if cut < 0:
            raise InputError("expected WORD;clue or WORD<TAB>clue", path, number)
        # an entry of several words is written without its spaces in the grid: ICE CREAM is ICECREAM
        word = checked_word("".join(text[:cut].split()), str(path), number, "an entry has two or more")
        clues[word] = " ".join(text[cut + 1 :].split())
    return clues


def unclued(words: Iterable[str], clues: dict[str, str]) -> list[str]:
    """The words without a clue (each once, in order)."""
    return [w for w in dict.fromkeys(words) if not clues.get(w)]
