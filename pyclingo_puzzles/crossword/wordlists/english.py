"""The built-in scored English dictionary, ``--dictionary en``: no file, built at first use from the
word frequencies of the ``wordfreq`` package (its "large" English list, about 320,000 entries).

A word's score is its Zipf frequency (log10 of its occurrences per billion words: "the" 7.7,
"crossword" 3.0, "aardwolf" 1.6) times 100, rounded: an integer, as clingo's ``#maximize`` needs,
that keeps wordfreq's own resolution (it stores frequencies rounded to 0.01 Zipf). Entries that are
not a word after the project's letter normalisation (apostrophes, digits, hyphens, combining marks)
are dropped. Building takes about 0.2 s of CPU (reading stops at the floor), so the list is kept in
memory, not on disk.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from functools import cache, lru_cache

from ...core.errors import InputError
from ...core.letters import normalize_word
from ...run import runtime
from ..reader import Dictionary

NAME = "en"  # the value of --dictionary that selects this dictionary
SCORE_PER_ZIPF = 100
# Words below Zipf 2.0 (about one in 100 million words) are mostly rare names, misspellings and
# foreign words: they are left out unless --min-score says otherwise.
DEFAULT_MIN_SCORE = 2 * SCORE_PER_ZIPF
KEPT = 4  # built-in dictionaries (length, floor, offensive words) kept in a warm process
WORDLIST = "large"  # wordfreq's list with the most words (down to Zipf 1.0)
ZIPF_9_SCORE = 9 * SCORE_PER_ZIPF  # wordfreq's bucket 0: 0 centibels, a frequency of 1, Zipf 9


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
def english_scores(min_score: int = DEFAULT_MIN_SCORE) -> dict[str, int]:
    """Every word of wordfreq's English list scored at least ``min_score``, with its score (two
    entries that normalise to the same word keep the higher score). Kept for the life of the
    process, per floor.

    Read from wordfreq's frequency buckets (``get_frequency_list``: bucket ``i`` holds the entries
    of -i centibels, i.e. Zipf 9 - i/100, score ``ZIPF_9_SCORE - i``, the same as ``scored_words``
    gives for their frequencies), best first, so the reading stops at the floor: at the default
    floor it normalises 96,000 entries instead of 320,000 (about a third of the time)."""
    try:
        import wordfreq
    except ImportError as e:  # the package is a dependency; a broken environment still gets one line
        raise InputError(
            f"--dictionary {NAME} needs the wordfreq package ({e}); install it with: pip install wordfreq"
        ) from None
    words: dict[str, int] = {}
    for index, bucket in enumerate(wordfreq.get_frequency_list("en", WORDLIST)):
        score = ZIPF_9_SCORE - index
        if score < min_score:
            break
        runtime.check()  # reading the list takes about a second: the deadline must still hold
        for entry in bucket:
            # ASCII needs no NFC and upper-cases letter for letter: normalize_word's result, faster
            word = entry.strip().upper() if entry.isascii() else normalize_word(entry)
            if word.isalpha() and word not in words:  # best bucket first: the first score is the higher
                words[word] = score
    return words


def wordfreq_version() -> str:
    """The installed wordfreq's version (for reports and benchmarks)."""
    from importlib.metadata import version

    return version("wordfreq")


@lru_cache(maxsize=KEPT)
def english_dictionary(min_length: int = 2, min_score: int | None = None, allow_offensive: bool = False) -> Dictionary:
    """The built-in dictionary: words of at least ``min_length`` letters scored at least
    ``min_score`` (default ``DEFAULT_MIN_SCORE``, Zipf 2.0), less the offensive words
    (``wordlists.offensive_words``) unless ``allow_offensive``. The last ``KEPT`` kept: a warm
    process (a server's worker) fills from the same object again, so the fill's word tables kept
    for it (``engine/kept.py``) are found (word dicts are never changed once built)."""
    from .lists import offensive_words

    floor = DEFAULT_MIN_SCORE if min_score is None else min_score
    banned = frozenset() if allow_offensive else offensive_words()
    words = {
        w: sc for w, sc in english_scores(floor).items() if len(w) >= min_length and sc >= floor and w not in banned
    }
    if not words:
        longer = f" of {min_length} letters or more" if min_length > 2 else ""  # --min-length can be the reason too
        raise InputError(f"the built-in dictionary has no word{longer} scored at least {floor}", NAME)
    return Dictionary(words)
