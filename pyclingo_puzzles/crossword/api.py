"""The crossword family from Python: ``solve`` (P-99: the words are given) and ``fill`` (from a
dictionary), both returning the ``CrosswordResult`` the CLI prints from.

>>> from pyclingo_puzzles import crossword
>>> result = crossword.solve(["NON", "TOT"], [" . ", "...", " . "], models=0)
>>> result.status, result.count, sorted(s.grid for s in result.solutions)
(<Status.SAT: 'SAT'>, 2, [(' N ', 'TOT', ' N '), (' T ', 'NON', ' T ')])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..core import apicheck, messages
from ..core.errors import InputError
from ..core.letters import normalize_word
from ..core.results import Stats
from ..core.schema import build
from ..core.status import Status
from ..core.unique import of_answers
from ..run.bounded import within
from .framework import Framework
from .options import DEFAULT_SHARED, FillOptions
from .p99 import solve_instance, why_unsolvable
from .reader import (
    CrosswordInstance,
    Dictionary,
    check_framework,
    check_word,
    framework_from_lines,
    framework_of,
    parse_dictionary,
    read,
    read_instance,
)
from .result import CrosswordResult, from_solve
from .wordlists.dictionaries import Source, excluded_words, word_lists

if TYPE_CHECKING:
    from .construction.themes import Theme

__all__ = ["fill", "solve"]

Rules = Sequence[str | Path]


def _framework(framework: str | Path | Framework | Sequence[str], name: str = "<framework>") -> Framework:
    if isinstance(framework, Framework):
        return check_framework(framework, name, None)
    if isinstance(framework, str | Path):
        return framework_of(read(framework))
    rows = apicheck.items(framework, "framework")
    if not rows or not all(isinstance(r, str) for r in rows):
        raise InputError("a framework is a non-empty list of row strings", name)
    return framework_from_lines(rows, name, None)  # within MAX_CELLS before the rows are padded


def instance_of(
    source: str | Path | CrosswordInstance | Iterable[str], framework: Framework | Sequence[str] | None = None
) -> CrosswordInstance:
    """A P-99 instance from a file, an instance, or a word list plus a framework (rows)."""
    if isinstance(source, CrosswordInstance):
        return source
    if isinstance(source, str | Path) and framework is None:
        return read_instance(source)
    if framework is None:
        raise InputError("a word list needs a framework", "<words>")
    raw = [source] if isinstance(source, str) else apicheck.items(source, "words")
    words = [check_word(w, "<words>", i + 1) if isinstance(w, str) else _not_a_word(w, i) for i, w in enumerate(raw)]
    return CrosswordInstance("<words>", tuple(words), _framework(framework))


def _not_a_word(value: object, i: int) -> str:
    raise InputError(f"word {i + 1} must be a string, got {type(value).__name__}", "<words>", i + 1)


@messages.one_run
def solve(
    source: str | Path | CrosswordInstance | Iterable[str],
    framework: Framework | Sequence[str] | None = None,
    *,
    rules: Rules = (),
    models: int = 1,
    seed: int | None = None,
    time_limit: float | None = None,
    count: bool = False,
    warn: Callable[[str], None] | None = None,
    clues: str | Path | Mapping[str, str] | None = None,
    title: str = "",
    unique: bool = False,
) -> CrosswordResult:
    """P-99 7.09: put every word of the list on a site of the framework.

    ``source``: a ``.dat``/YAML file, a ``CrosswordInstance``, or a word list with ``framework``
    (row strings: ``.`` empty, a letter predefined, anything else a block). ``models`` = 0: all
    solutions; ``count``: count them, keep none; ``warn``: called with clingo's messages about the
    input; ``clues`` (a ``WORD;clue`` file or a mapping) and ``title``: for ``to_puz()``, ``to_ipuz()``;
    ``unique``: search for a second solution too (``result.uniqueness``: the verdict, where two differ)."""
    options = build(FillOptions, {"rules": rules, "models": models, "seed": seed, "time_limit": time_limit,
                                  "count": count, "unique": unique}).checked(apicheck.ARGS)  # fmt: skip
    apicheck.callback(warn, "warn")
    instance = instance_of(source, framework)
    title = title or (Path(source).stem if isinstance(source, str | Path) else "")
    return dressed(solve_with(instance, options, warn), instance.framework, clues_of(clues), title)


def solve_with(
    instance: CrosswordInstance, options: FillOptions, warn: Callable[[str], None] | None = None
) -> CrosswordResult:
    """``solve`` with its arguments checked and gathered (the command's way in); proved unsolvable
    (not by the user's rules), the result says why (``why``)."""
    result = from_solve(*solve_instance(instance, options.searched(), warn))
    if result.status is Status.UNSAT and not result.rules_to_blame:
        result.why = why_unsolvable(instance)
    return judged(result, options)


def judged(result: CrosswordResult, options: FillOptions) -> CrosswordResult:
    """With ``options.unique``: the result's ``uniqueness``, from its (at most two) solutions."""
    if options.unique:
        proved = result.exhausted or result.status is Status.UNSAT
        result.uniqueness = of_answers([s.grid for s in result.solutions], proved)
    return result


def clues_of(clues: str | Path | Mapping[str, str] | None) -> dict[str, str]:
    """``clues=``: a ``WORD;clue`` file or a mapping word -> clue (words normalised)."""
    from .wordlists.lists import read_clues

    if clues is None:
        return {}
    if isinstance(clues, str | Path):
        return read_clues(clues)
    if not isinstance(clues, Mapping) or not all(isinstance(k, str) and isinstance(v, str) for k, v in clues.items()):
        raise InputError("clues must be a file or a mapping word -> clue (strings)", apicheck.ARGS)
    return {normalize_word(word): " ".join(text.split()) for word, text in clues.items()}


def dressed(result: CrosswordResult, framework: Framework, clues: dict[str, str], title: str) -> CrosswordResult:
    """The result with what its exports show: the clues, the given letters and the title."""
    result.clues, result.given, result.title = clues, framework.predefined(), title
    return result


@messages.one_run
def fill(
    framework: str | Path | Framework | Sequence[str],
    dictionary: Source | None,
    *,
    dictionaries: Sequence[Source] = (),
    word_list: str | None = None,
    themes: Sequence[str] = (),
    locked: Sequence[str] = (),
    allow_offensive: bool = False,
    exclude: str | Path | Iterable[str] = (),
    max_shared_substring: int = DEFAULT_SHARED,
    clues: str | Path | Mapping[str, str] | None = None,
    title: str = "",
    rules: Rules = (),
    models: int = 1,
    seed: int | None = None,
    time_limit: float | None = None,
    no_repeat: bool = True,
    optimize: bool = False,
    word_atoms: bool = False,
    jobs: int = 1,
    min_length: int = 2,
    min_score: int | None = None,
    count: bool = False,
    unique: bool = False,
) -> CrosswordResult:
    """Fill a framework from a dictionary (crossing slots agree; by default no word twice).

    ``dictionaries``: more lists merged with ``dictionary`` (a word's score: its best in any list);
    ``word_list``: a list's text (``WORD`` or ``WORD;SCORE`` lines), merged as one more (alone with
    ``dictionary=None``); ``themes``: entries of the fill as ``--theme`` takes them (``WORD``, placed
    on the first free slot of its length, or ``WORD@ROW,COL,A|D``), which need not be words;
    ``locked``: the same, each placed (the studio's locked entries);
    ``allow_offensive``: keep the offensive words ``"en"`` leaves out; ``exclude``: words (or a file
    of words) no slot takes; ``max_shared_substring``: no two entries share a run of that many
    letters (0: no limit); ``clues`` (a ``WORD;clue`` file or a mapping) and ``title`` go into
    ``to_puz()``, ``to_ipuz()`` and the JSON. ``jobs`` > 1 races the two letter rules in that many
    processes (the fill does not depend on timing, but may differ from ``jobs=1``'s); ``unique`` as ``solve``'s."""
    apicheck.flag(allow_offensive, "allow_offensive")
    options = fill_options(
        rules=rules, models=models, seed=seed, time_limit=time_limit, count=count, no_repeat=no_repeat,
        optimize=optimize, word_atoms=word_atoms, jobs=jobs, min_length=min_length, min_score=min_score,
        max_shared_substring=max_shared_substring, unique=unique,
    )
    frame = _framework(framework)  # read before the dictionary, as ever: its errors come first
    entries = theme_entries(frame, themes, locked)
    sources = [] if dictionary is None else [dictionary]
    sources += apicheck.items(dictionaries, "dictionaries")
    if apicheck.text(word_list, "word_list") is not None:
        sources.append(parse_dictionary(word_list or "", "word_list", min_length, min_score))
    words = word_lists(sources, min_length, min_score, allow_offensive, excluded_words(exclude))
    title = title or (Path(framework).stem if isinstance(framework, str | Path) else "")
    filled, words = with_entries(frame, entries, words)
    if time_limit is not None and (optimize or word_atoms):
        # every word atom ground (a large dictionary: minutes of grounding clingo cannot interrupt):
        # in a worker, ended at the limit (run/bounded.py)
        result = within(lambda: fill_with(filled, words, options), time_limit, _unknown)
    else:
        result = fill_with(filled, words, options)
    return dressed(result, frame, clues_of(clues), title)


def theme_entries(frame: Framework, themes: Sequence[str], locked: Sequence[str]) -> list[Theme]:
    """``themes=`` and ``locked=`` on the framework (``themes.fit_themes``, as ``--theme``)."""
    from .construction.themes import fit_themes, parse_theme

    wanted = [parse_theme(_entry(t, "themes"), "themes") for t in apicheck.items(themes, "themes")]
    for t in apicheck.items(locked, "locked"):
        entry = parse_theme(_entry(t, "locked"), "locked")
        if not entry.placed:
            raise InputError(f"locked entry {entry.word} has no place: write it WORD@ROW,COL,A|D", "locked")
        wanted.append(entry)
    return fit_themes(frame, wanted, "themes") if wanted else []


def with_entries(frame: Framework, entries: list[Theme], words: Dictionary) -> tuple[Framework, Dictionary]:
    """The fill's framework with the entries' letters, and the words with the entries (the
    result's framework, its given letters, keeps neither: they are answers)."""
    if not entries:
        return frame, words
    from .construction.construct import with_themes
    from .construction.themes import theme_letters, with_letters

    return with_letters(frame, theme_letters(entries)), with_themes(words, tuple(entries))


def _entry(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise InputError(f"{what}: each entry is a string WORD or WORD@ROW,COL,A|D", what)
    return value


def fill_options(**keywords: object) -> FillOptions:
    """``fill``'s search keywords (``rules`` to ``unique``, as ``FillOptions``' fields name them
    for the API: ``count``), each checked by its field, as one ``FillOptions`` (the command's
    ``fill_options``); an unknown one is a TypeError."""
    return build(FillOptions, keywords).checked(apicheck.ARGS)


def _unknown() -> CrosswordResult:
    """A fill its time limit ended before any answer (grounding, most likely)."""
    return CrosswordResult(Status.UNKNOWN, [], 0, False, True, Stats())


def fill_with(framework: Framework, dictionary: Dictionary, options: FillOptions) -> CrosswordResult:
    """``fill`` with its arguments checked, read and gathered (the command's way in)."""
    from .construction import construct
    from .engine.strategy import solve_fill  # the dictionary fill is imported when used: P-99 runs do not load it

    asked, options = options, options.searched()
    if options.models > 1 and not (options.optimize or options.count_only):
        outcome = construct.alternatives(framework, dictionary, options)  # fills that differ (--min-differ)
    else:
        outcome = solve_fill(framework, dictionary, options)
    if outcome.result is None:
        result = CrosswordResult(Status.UNSAT, [], 0, True, False, outcome.stats, empty_slots=tuple(outcome.empty))
        construct.explain(result, framework, dictionary, options)
        return judged(result, asked)
    result = from_solve(outcome.result, outcome.solutions, outcome.rules_to_blame)
    if not outcome.rules_to_blame:
        construct.explain(result, framework, dictionary, options)
    if options.optimize and result.solutions:  # clingo's models were the improvements; the last is kept
        result.count, result.optimal = len(result.solutions), result.exhausted
        result.score = sum(dictionary.words[p.word] for p in result.solutions[0].placements)
    return judged(result, asked)
