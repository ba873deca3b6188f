"""The constructor's bench on top of the dictionary fill: a pattern and its fill from nothing
(``generate``), fills that differ (``alternatives``: --models N --min-differ K), and why a fill
failed (``explain``: the unfillable core, or at a limit the slots with the fewest candidates)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from ...core import messages
from ...core.solve import SolveResult, Stats, Status
from ...run import runtime
from ..engine import attempt, strategy
from ..engine.attempt import FillOutcome
from ..framework import Framework
from ..options import FillOptions
from ..reader import Dictionary
from .crossings import themed_fill
from .improve import Improved, improve
from .pattern import Generated, PatternSpec, check_spec, pattern_problems
from .pattern import generate as search_patterns
from .reasons import themes_in_core, unfilled_reason

__all__ = ["themes_in_core", "unfilled_reason"]  # the run's reasons, where the command finds them
from .themes import Theme

if TYPE_CHECKING:
    from ..engine.unfillable import Core
    from ..result import CrosswordResult

# A generated pattern's fill. The first BEST_PATTERNS patterns take a fill from the best words only:
# the best BEST_SHARE of a scored dictionary, BEST_CONFLICTS conflicts per search (times the area in
# 15x15s; on larger grids its square: the best words filled first 21x21 patterns after 775 and 1,511
# conflicts, and 1 of 8 within 980), two value rules side by side with jobs. A pattern they do not
# fill is passed over for the next one, since a fill that reaches past them is a poorer grid: en's
# best 30% gave 15x15 fills of mean Zipf 3.8 to 4.2, fills that reached down to Zipf 2.0 words 2.9
# to 3.4. Later patterns take the best words first (strategy: conflict-limited), then the whole
# dictionary stopped after PATTERN_CONFLICTS conflicts. Counts, not seconds: the same seed gives
# the same grid on a busy machine.
BEST_PATTERNS = 4
BEST_SHARE = 0.3
BEST_CONFLICTS = 500
PATTERN_CONFLICTS = 2000
CORE_SECONDS = 30.0  # at most this long explaining an unfillable grid (within the run's limit)
# A generated grid takes no word of en below Zipf 2.5 unless --min-score says otherwise: such words
# (IRU, GCN, AEDT, RSPB) are what a constructor throws out; the fill then improves its weakest
# entries in IMPROVE_STEPS steps (improve.py)
GENERATED_FLOOR = 250
IMPROVE_STEPS = 30
GROUND_RESERVE, GROUND_RESERVE_MIN, GROUND_RESERVE_MAX = 0.1, 0.5, 10.0  # of the limit, seconds (searching)


def with_themes(dictionary: Dictionary, themes: tuple[Theme, ...]) -> Dictionary:
    """Theme entries need not be dictionary words: added, scored as the best word."""
    if not themes:
        return dictionary
    top = max(dictionary.words.values())
    words = dict(dictionary.words)
    words.update({t.word: top for t in themes})
    return Dictionary(words, dictionary.skipped, dictionary.skipped_lines)


def pattern_fill(
    dictionary: Dictionary, options: FillOptions, best_floor: int | None = None, best_patterns: int = BEST_PATTERNS,
    themed: bool = False,
) -> Callable[[Framework, float], FillOutcome]:
    """One generated pattern's fill, deterministic for a seed (conflict limits, races by work).
    ``best_floor``: the score of the best words the first ``best_patterns`` patterns are filled
    from (default: the best BEST_SHARE of ``dictionary``). ``themed``: each pattern is first
    filled from the best words and, in the slots across theme letters, from every word
    (``with_crossings``)."""
    one = replace(options, models=1, count_only=False, optimize=False, differ_from=())
    strategy.say_slow_mode(one)  # before the first pattern: each pattern's fill grounds every word
    if best_floor is None:
        floors = strategy.preferred_floors(dictionary, (BEST_SHARE,))
        best_floor = floors[0] if floors else None  # None: a flat list
    best = strategy.best_words(dictionary, best_floor, one.seed) if best_floor is not None else None
    patterns = [0]

    def fill(framework: Framework, seconds: float) -> FillOutcome:
        patterns[0] += 1
        area = framework.height * framework.width / 225
        conflicts = round(BEST_CONFLICTS * max(area, area * area))
        with runtime.until(runtime.after(seconds)):
            if best is not None and best_floor is not None and patterns[0] <= best_patterns:
                return best_only(framework, best, best_floor, one, conflicts) or passed_over()
            if themed:
                mixed = themed_fill(framework, dictionary, one, conflicts)
                if mixed is not None:
                    return mixed
            outcome = strategy.best_words_first(framework, dictionary, one)
            if outcome is not None:
                return outcome
            return attempt.once(framework, dictionary, one, PATTERN_CONFLICTS)

    return fill


def best_only(
    framework: Framework, best: Dictionary, floor: int, options: FillOptions, conflicts: int
) -> FillOutcome | None:
    """A fill from the best words (scored ``floor`` and more; with jobs, two value rules side by
    side, the first in order that fills wins), or the run out of time; else None."""
    together = strategy.side_by_side(framework, [best, best], options, conflicts) if options.jobs > 1 else None
    if together is not None:
        outcome = together[1]
    else:
        outcome = attempt.once(framework, best, replace(options, jobs=1), conflicts)
    if outcome.solutions or runtime.stopping() or runtime.out_of_time():
        outcome.stats.extra.update(score_floor=floor)
        return outcome
    return None


def passed_over() -> FillOutcome:
    """A pattern the best words did not fill: neither filled nor proved unfillable, so the pattern
    search forbids it as a whole (no core: the whole dictionary might fill it)."""
    stats = Stats()
    return FillOutcome(SolveResult(Status.UNKNOWN, [], 0, False, False, stats), [], [], stats)


def default_floor(dictionaries: Sequence[object], min_score: int | None) -> int | None:
    """The floor of a generated grid's words: ``GENERATED_FLOOR`` when ``en`` is one of the lists
    and no ``--min-score`` is given, else none (``--min-score`` has filtered the lists already)."""
    from ..wordlists.english import NAME

    return GENERATED_FLOOR if min_score is None and any(d == NAME for d in dictionaries) else None


def at_floor(dictionary: Dictionary, floor: int | None) -> Dictionary:
    """The dictionary less ``en``'s words scored below ``floor`` (a word of the user's own lists,
    scored otherwise, stays: the floor is about en's rare words)."""
    if floor is None:
        return dictionary
    from ..wordlists.english import english_scores

    en = english_scores()
    words = {w: sc for w, sc in dictionary.words.items() if sc >= floor or en.get(w) != sc}
    return Dictionary(words, dictionary.skipped, dictionary.skipped_lines) if words else dictionary


def generate_fill(
    spec: PatternSpec, dictionary: Dictionary, options: FillOptions, floor: int | None = None,
    max_patterns: int | None = None,
) -> tuple[Generated, PatternSpec]:
    """Patterns and fills until one is filled (``pattern.generate``), each pattern checked, its
    fill then improved (``improve.improve``: a few steps, or with ``options.optimize`` until no
    step improves it and the best is proved where the grid is small enough). ``floor``: no word
    of ``en`` scored below it (``default_floor``); ``max_patterns``: at most that many patterns
    tried (a budget of work, not of time: the codeword's fill with every letter)."""
    spec = check_spec(spec)
    floors = strategy.preferred_floors(dictionary, (BEST_SHARE,))
    words = with_themes(at_floor(dictionary, floor), spec.themes)
    best_floor = max(floors[0], floor or floors[0]) if floors else None
    # theme letters leave en's best 30% too few words: no first pattern of 40 (three 15-letter
    # themes, seeds 1-10) was filled from them, so a themed grid's patterns skip that phase
    fill = pattern_fill(words, options, best_floor, 0 if spec.themes else BEST_PATTERNS, themed=bool(spec.themes))
    with runtime.until(searching(options.deadline)):
        made = search_patterns(spec, words.words, fill, seed=options.seed, max_patterns=max_patterns)
        if made.framework is not None and isinstance(made.fill, FillOutcome) and made.fill.solutions:
            with contextlib.suppress(runtime.Stopped):  # the limit hit in a step's grounding: the fill stands
                made.improved = improved_fill(made.framework, made.fill, words, spec, options)
        made.words = words
    if made.framework is not None:
        problems = pattern_problems(made.framework, spec)
        if problems:  # the encoding and the Python check disagree: a defect, never a user's error
            raise AssertionError(f"generated pattern breaks the rules: {problems[0]}")
    return made, spec


def searching(deadline: runtime.Due | None) -> runtime.Due | None:
    """The patterns' share of the run's deadline: GROUND_RESERVE of its limit is kept, since a
    fill's grounding cannot be interrupted and the run's deadline inside one ends the process with
    that line alone (4 of 5 runs of two 11-letter themes at 400, -t 60, load 15: no reason said)."""
    if deadline is None:
        return None
    kept = min(GROUND_RESERVE_MAX, max(GROUND_RESERVE_MIN, GROUND_RESERVE * deadline.seconds))
    return deadline._replace(at=deadline.at - min(kept, deadline.seconds))


def improved_fill(
    framework: Framework, outcome: FillOutcome, words: Dictionary, spec: PatternSpec, options: FillOptions
) -> Improved:
    """The fill's weakest entries replaced: IMPROVE_STEPS steps on a themed grid (none on another:
    its fill from en's best 30% has mean Zipf 4.0 already, and the steps cost 2-4 s), or with
    ``optimize`` as many as the limit allows, and the proof of the best where the grid is small."""
    themes = [t.word for t in spec.themes]
    steps = None if options.optimize else IMPROVE_STEPS if themes else 0
    better = improve(framework, outcome.solutions[0], words, options, fixed=themes, steps=steps,
                     prove=options.optimize)
    outcome.solutions[0] = better.solution
    outcome.stats.extra.update(improve=better.as_json())
    return better


def differ_default(framework: Framework) -> int:
    """A quarter of the entries, at least one."""
    return max(1, len(framework.sites()) // 4)


def alternatives(
    framework: Framework,
    dictionary: Dictionary,
    options: FillOptions,
    first: FillOutcome | None = None,
    tally: Stats | None = None,
) -> FillOutcome:
    """Up to ``options.models`` fills, one search each, every one differing from each earlier one
    in at least ``options.min_differ`` entries (default: a quarter of them). Stops at the first
    search without a fill: UNSAT there proves no further fill differs enough. ``tally``: the
    searches after the first add their figures to it (``--stats``)."""
    k = options.min_differ or differ_default(framework)
    one = replace(options, models=1, min_differ=k)
    outcome = first if first is not None else strategy.solve_fill(framework, dictionary, one)
    solutions = list(outcome.solutions)
    last = outcome
    while solutions and len(solutions) < options.models and not runtime.out_of_time() and not runtime.stopping():
        grids = tuple(tuple(s.grid) for s in solutions)
        last = strategy.solve_fill(framework, dictionary, replace(one, differ_from=grids))
        if tally is not None:
            tally.add(last.stats)
        if not last.solutions:
            break
        solutions.extend(last.solutions[:1])
    exhausted = last.result is not None and last.result.status is Status.UNSAT and len(solutions) < options.models
    result = outcome.result if outcome.result is not None else last.result
    if result is not None:
        result = result.replace(count=len(solutions), exhausted=exhausted, status=_status(solutions, outcome))
    return FillOutcome(result, solutions, outcome.empty, outcome.stats, outcome.rules_to_blame)


def _status(solutions: list, first: FillOutcome) -> Status:
    if solutions:
        return Status.SAT
    return first.result.status if first.result is not None else Status.UNSAT


def explain(result: CrosswordResult, framework: Framework, dictionary: Dictionary, options: FillOptions) -> None:
    """A fill proved impossible gets its unfillable core (``result.core``); a fill cut by a limit
    gets the slots with the fewest candidates (``result.fewest``). Not with the user's rules (the
    core is about words) or where the dictionary ruled every slot out before any search."""
    from ..engine.unfillable import fewest_candidates, find_core

    if result.solutions or options.rules or options.count_only:
        return
    if result.status is Status.UNSAT:
        left = runtime.remaining()
        seconds = CORE_SECONDS if left is None else min(CORE_SECONDS, left)
        if seconds > 0:
            result.core = find_core(
                framework, dictionary.words, no_repeat=options.no_repeat, seed=options.seed or 0, time_limit=seconds
            )
    elif result.status is Status.UNKNOWN:
        result.fewest = tuple(fewest_candidates(framework, dictionary.words))


def without_themes(framework: Framework, themes: tuple[Theme, ...]) -> Framework:
    """The framework as the puzzle prints it: theme letters are answers, not givens."""
    cells = {c for t in themes if t.placed for c in t.cells()}
    rows = ["".join("." if (r, c) in cells else ch for c, ch in enumerate(row)) for r, row in enumerate(framework.rows)]
    return Framework(tuple(rows))


def generated_result(
    made: Generated, spec: PatternSpec, dictionary: Dictionary, options: FillOptions
) -> CrosswordResult:
    """The command's result for a generated grid: its fill(s), or why there is none."""
    from ..result import CrosswordResult, from_solve

    outcome = made.fill if isinstance(made.fill, FillOutcome) else None
    words = made.words if isinstance(made.words, Dictionary) else with_themes(dictionary, spec.themes)
    further = Stats()
    if outcome is not None and outcome.solutions and options.models > 1 and made.framework is not None:
        outcome = alternatives(made.framework, words, options, outcome, further)
    if outcome is not None and outcome.solutions and outcome.result is not None:
        result = from_solve(outcome.result, outcome.solutions)
    elif made.gave_up:
        result = CrosswordResult(Status.UNSAT, [], 0, True, False)
    else:
        result = CrosswordResult(Status.UNKNOWN, [], 0, False, True)
    # --stats: the whole run's figures, every pattern search and fill added up (a result without
    # a fill printed atoms=0 rules=0 choices=0 however long the search had run)
    total = Stats(extra=dict(made.stats.extra))
    total.add(made.stats)
    total.add(further)  # the further fills of --models N
    total.models = len(result.solutions)
    total.extra.update(patterns=made.patterns, cores_learnt=made.cores)
    result.stats = total
    if isinstance(made.improved, Improved) and result.solutions:
        result.improvement = made.improved.as_json()
        if options.optimize:
            result.score, result.optimal = made.improved.score, made.improved.proved
    return result


MARK = "•"  # an open cell of the unfillable core's slots, in --svg and --pdf


def core_drawing(framework: Framework, core: Core) -> tuple[list[str], dict[tuple[int, int], str], list[str]]:
    """The framework's rows with the core's open cells marked, the letters to draw (the given ones
    and the marks), and the lines under the grid naming the core's slots."""
    cells = {cell for s in core.slots for cell in s.cells()}
    given = dict(framework.predefined())
    rows = []
    for r, row in enumerate(framework.rows):
        line = ""
        for c, ch in enumerate(row):
            if ch == " ":
                line += " "
            elif (r, c) in given:
                line += ch
            else:
                line += MARK if (r, c) in cells else "."
        rows.append(line)
    given.update({cell: MARK for cell in cells if cell not in given})
    what = "this slot cannot be filled" if len(core.slots) == 1 else "these slots cannot be filled together"
    return rows, given, [f"No fill: {what} ({MARK}):", *(f"  {line}" for line in core.lines())]


def core_files(framework: Framework, core: Core, title: str, paper: str) -> dict[str, Callable[[], object]]:
    """``--svg`` and ``--pdf`` of a grid without a fill: the framework, the core's slots marked."""
    from ...formats import ipuz
    from ...formats.pdf import output_budget, render
    from ...formats.pdfdraw import clued_grid_sheet
    from ...formats.svg import clued_grid

    rows, given, lines = core_drawing(framework, core)

    def pdf() -> object:
        sheet = clued_grid_sheet(title, rows, ipuz.numbering(rows), lines, lines, given=given)
        return render([sheet], paper, title, output_budget())

    return {"svg": lambda: clued_grid(rows, title, lines, letters=False, given=given), "pdf": pdf}


@messages.one_run
def generate(
    size: str | tuple[int, int] = (15, 15),
    dictionary: object = "en",
    *,
    symmetry: str = "rotational",
    min_length: int = 3,
    max_words: int | None = None,
    max_block_share: float = 0.17,
    themes: Sequence[str] = (),
    seed: int | None = None,
    time_limit: float | None = None,
    jobs: int = 1,
    models: int = 1,
    min_differ: int | None = None,
) -> CrosswordResult:
    """A block pattern and its fill from nothing (``crossword --size``): ``size`` as ``"15x15"``
    (columns x rows) or (rows, columns); ``themes`` in the ``WORD[@ROW,COL,A|D]`` notation. The
    result's ``framework`` is the pattern without the theme letters (what a puzzle prints)."""
    from ...core import apicheck
    from ...core.schema import build
    from ..wordlists.dictionaries import dictionary_of
    from .pattern import parse_size
    from .themes import parse_theme

    options = build(FillOptions, {"seed": seed, "time_limit": time_limit, "jobs": jobs, "models": models,
                                  "min_length": min_length, "min_differ": min_differ})  # fmt: skip
    rows, cols = parse_size(size) if isinstance(size, str) else (apicheck.whole(size[0], "size", 3, 25),
                                                                  apicheck.whole(size[1], "size", 3, 25))
    spec = PatternSpec(rows, cols, symmetry, min_length, max_words, max_block_share,
                       tuple(parse_theme(t, "themes") for t in apicheck.items(themes, "themes")))
    spec = check_spec(spec)
    words = dictionary_of(dictionary, min_length)  # type: ignore[arg-type]
    made, spec = generate_fill(spec, words, options, default_floor([dictionary], None))
    result = generated_result(made, spec, words, options)
    result.framework = without_themes(made.framework or Framework(()), spec.themes)
    return result
