"""The built-in scored English dictionary, ``--dictionary en``: no file, built at first use from the
word frequencies of the ``wordfreq`` package (its "large" English list, about 320,000 entries).

A word's score is its Zipf frequency (log10 of its occurrences per billion words: "the" 7.7,
"crossword" 3.0, "aardwolf" 1.6) times 100, rounded: an integer, as clingo's ``#maximize`` needs,
that keeps wordfreq's own resolution (it stores frequencies rounded to 0.01 Zipf). Entries that are
not a word after the project's letter normalisation (apostrophes, digits, hyphens, combining marks)
are dropped. Building takes about half a second, so the list is kept in memory, not on disk.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from functools import cache
from typing import TYPE_CHECKING

from ..core.errors import InputError
from ..core.letters import normalize_word

if TYPE_CHECKING:
    from .fill import Dictionary

NAME = "en"  # the value of --dictionary that selects this dictionary
SCORE_PER_ZIPF = 100
# Words below Zipf 2.0 (about one in 100 million words) are mostly rare names, misspellings and
# foreign words: they are left out unless --min-score says otherwise.
DEFAULT_MIN_SCORE = 2 * SCORE_PER_ZIPF
WORDLIST = "large"  # wordfreq's list with the most words (down to Zipf 1.0)


def zipf_score(zipf: float) -> int:
    """A Zipf frequency as an integer score (hundredths of a Zipf unit)."""
    return round(zipf * SCORE_PER_ZIPF)


def score_zipf(score: int) -> float:
    """The Zipf frequency a score stands for."""
    return score / SCORE_PER_ZIPF


def scored_words(frequencies: Iterable[tuple[str, float]]) -> Iterator[tuple[str, int]]:
    """(normalised word, score) for each (entry, frequency) that is a word of letters only; a
    frequency is a share of all words (wordfreq's ``word_frequency``), never zero here."""
    for entry, frequency in frequencies:
        word = normalize_word(entry)
        if word.isalpha() and frequency > 0:
            yield word, zipf_score(math.log10(frequency) + 9)


@cache
def english_scores() -> dict[str, int]:
    """Every word of wordfreq's English list with its score (two entries that normalise to the
    same word keep the higher score). Kept for the life of the process."""
    try:
        import wordfreq
    except ImportError as e:  # the package is a dependency; a broken environment still gets one line
        raise InputError(
            f"--dictionary {NAME} needs the wordfreq package ({e}); install it with: pip install wordfreq"
        ) from None
    words: dict[str, int] = {}
    for word, score in scored_words(wordfreq.get_frequency_dict("en", WORDLIST).items()):
        if score > words.get(word, -1):
            words[word] = score
    return words


def wordfreq_version() -> str:
    """The installed wordfreq's version (for reports and benchmarks)."""
    from importlib.metadata import version

    return version("wordfreq")


def english_dictionary(min_length: int = 2, min_score: int | None = None) -> Dictionary:
    """The built-in dictionary: words of at least ``min_length`` letters scored at least
    ``min_score`` (default ``DEFAULT_MIN_SCORE``, Zipf 2.0)."""
    from .fill import Dictionary

    floor = DEFAULT_MIN_SCORE if min_score is None else min_score
    words = {w: sc for w, sc in english_scores().items() if len(w) >= min_length and sc >= floor}
    if not words:
        raise InputError(f"no word of the built-in dictionary scores at least {floor}", NAME)
    return Dictionary(words)
