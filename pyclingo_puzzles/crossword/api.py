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
from typing import TYPE_CHECKING, Any

from ..core import apicheck, messages
from ..core.errors import InputError
from ..core.letters import normalize_word
from ..core.solve import Record, Solver, SolveResult, Stats, Status, exit_code, user_rules
from ..core.status import api_code
from ..formats.pagetext import PageText
from . import exports
from .framework import Framework, Site
from .options import DEFAULT_SHARED, FillOptions
from .p99 import solve_instance
from .reader import (
    SCORE_MAX,
    SCORE_MIN,
    CrosswordInstance,
    Dictionary,
    check_framework,
    check_word,
    framework_from_lines,
    framework_of,
    read,
    read_instance,
)
from .solution import CrosswordSolution, render_text

if TYPE_CHECKING:
    from .unfillable import Core

__all__ = ["CrosswordResult", "fill", "solve"]

Rules = Sequence[str | Path]
SLOTS_SHOWN = 20  # slots without a candidate word named in the text


class CrosswordResult(Record):
    """Solutions (verified) and how the search ended; what both CLI modes print.

    ``rules_to_blame``: when unsolvable only because of the user's rule files, those files.
    ``empty_slots``: dictionary fill proved impossible before any search (no word fits these).
    ``optimal``, ``score``: with ``optimize``, whether the fill's total score was proved the best,
    and that total (None otherwise); ``count`` is then the fills returned, not the improvements.
    (A plain class, not a dataclass: see solve.py.)"""

    def __init__(
        self,
        status: Status,
        solutions: list[CrosswordSolution],
        count: int = 0,
        exhausted: bool = False,
        interrupted: bool = False,
        stats: Stats | None = None,
        rules_to_blame: tuple[str, ...] = (),
        empty_slots: tuple[Site, ...] = (),
        optimal: bool | None = None,
        score: int | None = None,
    ):
        # set by construct.explain: why no fill (a core proved), or at a limit the tightest slots
        self.core: Core | None = None
        self.fewest: tuple[tuple[Site, int], ...] = ()
        self.framework: Framework | None = None  # crossword.generate: the pattern made (no theme letters)
        self.status = status
        self.solutions = solutions
        self.count = count
        self.exhausted = exhausted
        self.interrupted = interrupted
        self.stats = Stats() if stats is None else stats
        self.rules_to_blame = rules_to_blame
        self.empty_slots = empty_slots
        self.optimal = optimal
        self.score = score
        self.clues: dict[str, str] = {}  # entry -> clue (``--clues``, ``clues=``): in every export
        self.given: dict[tuple[int, int], str] = {}  # the framework's given letters, shown on the blank puzzle
        self.title = ""  # the exported puzzle's title

    def to_puz(self) -> bytes:
        """The first solution as Across Lite ``.puz`` bytes (through puzpy), with its clues and title."""
        return exports.puz_bytes(self._first("export"), self.title, self.clues)

    def to_ipuz(self) -> dict[str, Any]:
        """The first solution as an ipuz document (``json.dump`` it), with its clues and title."""
        return exports.ipuz_doc(self._first("export"), self.title, self.clues, self.given)

    def unclued(self) -> list[str]:
        """The first solution's entries without a clue, as ``1 across ABBA``."""
        return exports.unclued(self._first("check"), self.clues) if self.solutions else []

    def page_text(self, title: str | None = None, instructions: str | None = None, name_line: bool = False) -> PageText:
        """The printed page's text: ``title`` (default: the result's, else "Crossword"), ``instructions``
        ("" none), a Name / Date line."""
        default = self.title or "Crossword"
        return PageText.of(default if title is None else title, instructions, name_line, exports.INSTRUCTIONS)

    def to_svg(
        self, *, key: bool = False, title: str | None = None, instructions: str | None = None, name_line: bool = False
    ) -> str:
        """The first solution's printable page (SVG): the blank numbered grid with its clues, or with
        ``key`` the filled one."""
        apicheck.flag(key, "key")
        text = self.page_text(title, instructions, name_line)
        return exports.svg_page(self._first("draw"), text, self.clues, key=key, given=None if key else self.given)

    def to_pdf(
        self, *, title: str | None = None, instructions: str | None = None, name_line: bool = False, paper: str = "a4"
    ) -> bytes:
        """Printable pages (PDF bytes): each solution's blank numbered grid with its clues, then the fills."""
        from ..formats.pdf import render as render_pdf
        from .render import pdf_sheets

        text = self.page_text(title, instructions, name_line)
        apicheck.choice(paper, "paper", ("a4", "letter"))
        self._first("draw")
        return render_pdf(pdf_sheets(self.solutions, text, self.given, self.clues), paper, text.title).content

    def _first(self, what: str) -> CrosswordSolution:
        if not self.solutions:
            raise ValueError(f"no solution to {what}")
        return self.solutions[0]

    @property
    def clingo_code(self) -> int:
        return exit_code(self.status, self.exhausted, self.interrupted)

    @property
    def exit_code(self) -> int:
        """The command's exit code for this result, in the convention ``$PYCLINGO_PUZZLES_EXIT_CODES``
        names (Unix by default: 0 an answer, 1 none exists, 3 no answer within the limit)."""
        return api_code(self.clingo_code)

    def to_json(self) -> dict[str, Any]:
        """The CLI's ``--json`` document."""
        out: dict[str, Any] = {
            "status": self.status.value,
            "count": self.count,
            "solutions": [exports.with_clues(s.as_dict(), self.clues) for s in self.solutions],
        }
        if self.rules_to_blame:
            out["rules_to_blame"] = list(self.rules_to_blame)
        if self.empty_slots:
            out["empty_slots"] = [s._asdict() for s in self.empty_slots]
        if self.optimal is not None:
            out["optimal"], out["score"] = self.optimal, self.score
        if self.core is not None:
            out["core"], out["core_minimal"] = self.core.as_json(), self.core.minimal
        if self.fewest:
            out["fewest_candidates"] = [{**site._asdict(), "candidates": n} for site, n in self.fewest]
        return out

    def to_html(self, *, title: str | None = None, instructions: str | None = None, name_line: bool = False) -> str:
        """A playable page (HTML, self-contained) of the first solution's grid: type the letters; its
        clues (``clues=``) where there are some, else each entry's length. ``title`` as ``to_pdf``'s;
        ``instructions`` (default: how to play the page; "" none)."""
        from ..formats.html import text_of
        from .render import html

        text = text_of("crossword", self.title or "Crossword" if title is None else title, instructions, name_line)
        return html(self._first("play"), text, self.given, self.clues)

    def text(self, name: str, models: int = 1) -> str:
        """The CLI's text output for the instance called ``name``."""
        lines = []
        for i, sol in enumerate(self.solutions, 1):
            if len(self.solutions) > 1:
                lines.append(f"Solution {i}:")
            lines.append(render_text(sol))
            if sol.shown is not None:
                lines.append(f"shown: {' '.join(sol.shown)}")
            lines.append("")
        if self.empty_slots:
            lines.append(f"{name}: no fill (proved): no dictionary word fits these slots:")
            shown = self.empty_slots[:SLOTS_SHOWN]  # a 400x400 grid listed 800 (--json has them all)
            lines.extend(f"  {site.describe()}" for site in shown)
            if len(self.empty_slots) > len(shown):
                lines.append(f"  ... and {len(self.empty_slots) - len(shown)} more slots (--json lists them all)")
        elif self.status is Status.UNSAT:
            lines.append(f"{name}: no solution (proved unsolvable){user_rules().describe_rules(self.rules_to_blame)}")
        elif not self.solutions:
            lines.append(f"{name}: no solution found within the time limit (unknown)")
        lines.extend(self._why(name))
        if self.optimal is not None and self.solutions:
            how = "optimal (proved)" if self.optimal else "the best found (optimum not proved)"
            lines.append(f"{name}: total score {self.score}, {how}")
        elif self.count and (models != 1 or self.count > 1):
            lines.append(f"{name}: {'all' if self.exhausted else 'at least'} {self.count} solution(s)")
        return "\n".join(lines)


    def _why(self, name: str) -> list[str]:
        """The core's slots (row, column, direction, pattern), or the slots with the fewest candidates."""
        if self.core is not None:
            how = "minimal" if self.core.minimal else "not shown minimal: the limit came first"
            n = len(self.core.slots)
            what = "this slot cannot be filled" if n == 1 else f"these {n} slots cannot be filled together"
            lines = [f"{name}: why: {what} ({how}):"]
            return lines + [f"  {line}" for line in self.core.lines()]
        if self.fewest:
            lines = [f"{name}: the search was cut by the limit; the slots with the fewest candidates:"]
            return lines + [f"  {site.describe()}: {n} candidate(s)" for site, n in self.fewest]
        return []


def from_solve(result: SolveResult, solutions: list[CrosswordSolution], blamed: Sequence[str] = ()) -> CrosswordResult:
    return CrosswordResult(
        result.status,
        solutions,
        result.count,
        result.exhausted,
        result.interrupted,
        result.stats,
        tuple(blamed) or tuple(Solver.rule_core(result.core)),
    )


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
) -> CrosswordResult:
    """P-99 7.09: put every word of the list on a site of the framework.

    ``source``: a ``.dat``/YAML file, a ``CrosswordInstance``, or a word list with ``framework``
    (row strings: ``.`` empty, a letter predefined, anything else a block). ``models`` = 0: all
    solutions; ``count``: count them, keep none; ``warn``: called with clingo's messages about the
    input; ``clues`` (a ``WORD;clue`` file or a mapping) and ``title``: for ``to_puz()``, ``to_ipuz()``."""
    apicheck.common(models=models, seed=seed, time_limit=time_limit)
    apicheck.flag(count, "count")
    apicheck.callback(warn, "warn")
    instance = instance_of(source, framework)
    options = FillOptions(tuple(apicheck.rule_files(rules)), models, seed, time_limit, count)
    title = title or (Path(source).stem if isinstance(source, str | Path) else "")
    return dressed(solve_with(instance, options, warn), instance.framework, clues_of(clues), title)


def solve_with(
    instance: CrosswordInstance, options: FillOptions, warn: Callable[[str], None] | None = None
) -> CrosswordResult:
    """``solve`` with its arguments checked and gathered (the command's way in)."""
    return from_solve(*solve_instance(instance, options, warn))


Source = str | Path | Dictionary | Mapping[str, int] | Iterable[str]  # one word list, as ``dictionary_of`` takes it


def dictionary_of(
    dictionary: Source, min_length: int = 2, min_score: int | None = None, allow_offensive: bool = False
) -> Dictionary:
    """A dictionary from a file (``WORD`` or ``WORD;SCORE`` lines), ``"en"`` (the built-in English
    dictionary, ``english.py``; words below Zipf 2.0 left out unless ``min_score`` says otherwise,
    offensive words unless ``allow_offensive``), a ``Dictionary``, a mapping word -> score or a
    list of words (each checked: letters only)."""
    from . import english
    from .reader import read_dictionary

    if isinstance(dictionary, Dictionary):
        return dictionary
    if isinstance(dictionary, str) and dictionary == english.NAME:  # a Path("en") is a file
        return english.english_dictionary(min_length, min_score, allow_offensive)
    if isinstance(dictionary, str | Path):
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
    from .wordlists import merge, without

    lists = [dictionary_of(source, min_length, min_score, allow_offensive) for source in sources]
    return without(merge(lists), frozenset(exclude))


def excluded_words(exclude: str | Path | Iterable[str]) -> frozenset[str]:
    """``exclude=``: a file of words (one a line) or the words themselves."""
    from .wordlists import banned_words, read_word_set

    if isinstance(exclude, str | Path):
        return read_word_set(exclude)
    return banned_words(apicheck.items(exclude, "exclude"))


def clues_of(clues: str | Path | Mapping[str, str] | None) -> dict[str, str]:
    """``clues=``: a ``WORD;clue`` file or a mapping word -> clue (words normalised)."""
    from .wordlists import read_clues

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
    dictionary: Source,
    *,
    dictionaries: Sequence[Source] = (),
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
) -> CrosswordResult:
    """Fill a framework from a dictionary (crossing slots agree; by default no word twice).

    ``dictionaries``: more lists merged with ``dictionary`` (a word's score: its best in any list);
    ``allow_offensive``: keep the offensive words ``"en"`` leaves out; ``exclude``: words (or a file
    of words) no slot takes; ``max_shared_substring``: no two entries share a run of that many
    letters (0: no limit); ``clues`` (a ``WORD;clue`` file or a mapping) and ``title`` go into
    ``to_puz()``, ``to_ipuz()`` and the JSON. ``jobs`` > 1 races the two letter rules in that many
    processes (the fill does not depend on timing, but may differ from ``jobs=1``'s)."""
    apicheck.flag(allow_offensive, "allow_offensive")
    apicheck.whole(max_shared_substring, "max_shared_substring", 0, 2**31 - 1)
    apicheck.common(models=models, seed=seed, time_limit=time_limit)
    for value, what in ((no_repeat, "no_repeat"), (optimize, "optimize"), (word_atoms, "word_atoms"), (count, "count")):
        apicheck.flag(value, what)
    apicheck.whole(min_length, "min_length", 1, 2**31 - 1)
    apicheck.whole(jobs, "jobs", 1, 2**31 - 1)
    if min_score is not None:
        apicheck.whole(min_score, "min_score", -(2**63), 2**63)
    if optimize and count:  # clingo would count the improving fills, not the fills
        raise InputError("count counts every fill and optimize looks for the best one: give one of them", apicheck.ARGS)
    options = FillOptions(
        tuple(apicheck.rule_files(rules)), models, seed, time_limit, count, no_repeat, optimize, word_atoms, jobs,
        min_length, min_score, max_shared_substring=max_shared_substring,
    )
    frame = _framework(framework)  # read before the dictionary, as ever: its errors come first
    sources = [dictionary, *apicheck.items(dictionaries, "dictionaries")]
    words = word_lists(sources, min_length, min_score, allow_offensive, excluded_words(exclude))
    title = title or (Path(framework).stem if isinstance(framework, str | Path) else "")
    return dressed(fill_with(frame, words, options), frame, clues_of(clues), title)


def fill_with(framework: Framework, dictionary: Dictionary, options: FillOptions) -> CrosswordResult:
    """``fill`` with its arguments checked, read and gathered (the command's way in)."""
    from . import construct
    from .strategy import solve_fill  # the dictionary fill is imported when used: P-99 runs do not load it

    if options.models > 1 and not (options.optimize or options.count_only):
        outcome = construct.alternatives(framework, dictionary, options)  # fills that differ (--min-differ)
    else:
        outcome = solve_fill(framework, dictionary, options)
    if outcome.result is None:
        result = CrosswordResult(Status.UNSAT, [], 0, True, False, outcome.stats, empty_slots=tuple(outcome.empty))
        construct.explain(result, framework, dictionary, options)
        return result
    result = from_solve(outcome.result, outcome.solutions, outcome.rules_to_blame)
    if not outcome.rules_to_blame:
        construct.explain(result, framework, dictionary, options)
    if options.optimize and result.solutions:  # clingo's models were the improvements; the last is kept
        result.count, result.optimal = len(result.solutions), result.exhausted
        result.score = sum(dictionary.words[p.word] for p in result.solutions[0].placements)
    return result
