"""The studio's word lists: ``WordLists``, the command's word-list options as one value (the
built-in ``en`` with its floor, a list given inline, ``min_score``, ``exclude``), assembled by the
family's one assembly (``wordlists.dictionaries.word_lists``), and ``Lexicon``, that dictionary
with its word tables (per length, per position and letter a bitset), built once and kept warm."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...core.errors import InputError
from ...core.letters import checked_word
from ..engine.wordsets import WordTable
from ..reader import SCORE_MAX, SCORE_MIN, Dictionary, parse_dictionary
from ..wordlists import english
from ..wordlists.dictionaries import Source, word_lists

WITH_KEPT = 4  # dictionaries with a grid's locked words added, kept
WORD_LIST = "word_list"  # the field an inline list's errors name (a request's, or the keyword)


@dataclass(frozen=True)
class WordLists:
    """The word-list options of the command, as a request or a caller gives them. ``word_list``:
    a list's text (``WORD`` or ``WORD;SCORE`` lines), merged with ``dictionary`` as a second
    ``--dictionary`` is, or alone when ``dictionary`` is None. Frozen and hashable: the key of a
    warm ``Studio``."""

    dictionary: str | None = english.NAME
    word_list: str | None = None
    min_score: int | None = None
    exclude: tuple[str, ...] = ()
    min_length: int = 2
    allow_offensive: bool = False

    def checked(self) -> WordLists:
        """These options, or an ``InputError`` naming the field that is wrong."""
        if self.dictionary is not None and self.dictionary != english.NAME:
            # a server takes no paths from a request: a list comes inline (word_list)
            raise InputError(f"unknown dictionary {self.dictionary!r} (the built-in one is {english.NAME!r}; "
                             "give other words inline as word_list)", "dictionary")  # fmt: skip
        if self.word_list is not None and not isinstance(self.word_list, str):
            raise InputError("word_list must be text: WORD or WORD;SCORE lines", WORD_LIST)
        if self.dictionary is None and not (self.word_list or "").strip():
            raise InputError("no words: give dictionary 'en', a word_list, or both", WORD_LIST)
        if self.min_score is not None and (
            not isinstance(self.min_score, int) or isinstance(self.min_score, bool)
            or not SCORE_MIN <= self.min_score <= SCORE_MAX
        ):
            raise InputError(f"min_score must be a whole number from {SCORE_MIN} to {SCORE_MAX}", "min_score")
        if not isinstance(self.min_length, int) or isinstance(self.min_length, bool) or not 1 <= self.min_length <= 64:
            raise InputError("min_length must be a whole number from 1 to 64", "min_length")
        if not isinstance(self.exclude, tuple) or not all(isinstance(w, str) for w in self.exclude):
            raise InputError("exclude must be a list of words", "exclude")
        return self

    def left_out(self) -> frozenset[str]:
        """``exclude``'s words, each checked and normalised."""
        return frozenset(
            checked_word("".join(w.split()), "exclude", i + 1, "a dictionary word has two or more")
            for i, w in enumerate(self.exclude)
        )

    def assemble(self) -> Dictionary:
        """The words, as the command assembles its ``--dictionary`` options (``word_lists``)."""
        self.checked()
        sources: list[Source] = [] if self.dictionary is None else [self.dictionary]
        if self.word_list is not None and self.word_list.strip():
            sources.append(parse_dictionary(self.word_list, WORD_LIST, self.min_length, self.min_score))
        return word_lists(sources, self.min_length, self.min_score, self.allow_offensive, self.left_out())


class Lexicon:
    """A dictionary and its word tables, built once per length and kept (a ``Studio`` asks for
    them on every call). Words a grid locks that the dictionary lacks (theme entries need not be
    words) get a table of their own length with them added, kept per set of such words."""

    def __init__(self, dictionary: Dictionary):
        self.dictionary = dictionary
        self.words = dictionary.words
        self.scored = len(set(self.words.values())) > 1
        self.top = max(self.words.values())
        self._by_length: dict[int, list[str]] = {}
        for word in self.words:
            self._by_length.setdefault(len(word), []).append(word)
        self._tables: dict[tuple[int, frozenset[str]], WordTable] = {}
        self._with: dict[frozenset[str], Dictionary] = {}  # with_words' dictionaries, the last few

    def warm(self, lengths: Iterable[int] = range(2, 26)) -> None:
        """Build the tables of these lengths now (a worker does it once, before its first request)."""
        for n in lengths:
            if n in self._by_length:
                self.table(n)

    def score(self, word: str) -> int:
        """A word's score; a locked word the lists lack scores as the best word (``with_themes``)."""
        return self.words.get(word, self.top)

    def table(self, length: int, extra: Iterable[str] = ()) -> WordTable:
        """The words of ``length`` (and the ``extra`` words of that length the lists lack), best
        score first when scored, as the fill orders them (``unfillable.tables_for``)."""
        added = frozenset(w for w in extra if len(w) == length and w not in self.words)
        key = (length, added)
        table = self._tables.get(key)
        if table is None:
            words = [*self._by_length.get(length, ()), *sorted(added)]
            scores = {w: self.score(w) for w in words} if self.scored else None
            table = self._tables[key] = WordTable.build(words, length, scores)
        return table

    def tables(self, lengths: Iterable[int], extra: Iterable[str] = ()) -> dict[int, WordTable]:
        extra = tuple(extra)
        return {n: self.table(n, extra) for n in set(lengths)}

    def with_words(self, extra: Iterable[str]) -> Dictionary:
        """The dictionary with the locked words added, scored as the best word (``with_themes``);
        the same object for the same words again, so the fill's tables of it stay warm."""
        added = frozenset(w for w in extra if w not in self.words)
        if not added:
            return self.dictionary
        found = self._with.get(added)
        if found is None:
            found = Dictionary({**self.words, **dict.fromkeys(added, self.top)}, self.dictionary.skipped,
                               self.dictionary.skipped_lines)  # fmt: skip
            self._with[added] = found
            while len(self._with) > WITH_KEPT:
                self._with.pop(next(iter(self._with)))
        return found
