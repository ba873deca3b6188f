"""The studio's autofill and pattern: the family's own fill (``api.fill_with``: the strategy's best
words first, the core when there is no fill) and pattern search (``construct.generate_fill``, as
``crossword --size --theme``), never a second one; locked entries go in as theme entries do."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ...core.errors import InputError
from ...core.status import Status
from ...run import runtime
from ..engine.attempt import FillOutcome
from ..framework import EMPTY, Site
from ..options import BLOCK_SHARE, FillOptions
from ..reader import Dictionary
from .answers import Autofill
from .board import BLOCKS, Board
from .control import whole_of

IMPROVE_SECONDS = 3.0  # a themed autofill's improving steps stop after this (about 3 s of CPU for 30 on a 15x15)

# the options a generated pattern's errors name on the command line, as the studio's fields
FIELDS = {"--size": "size", "--theme": "locked", "--symmetry": "symmetry", "--min-length": "min_length",
          "--max-words": "max_words", "--max-block-share": "max_block_share"}  # fmt: skip


def autofill(studio, board: Board, chosen: list[Site] | None, seed: Any, differ_from: Any) -> Autofill:
    """A fill of the whole grid; only the ``chosen`` slots written in when given."""
    from ..wordlists.lists import without

    seed = None if seed is None else whole_of(seed, "seed", 0, 2**32 - 1)
    earlier = _grids(differ_from, board)
    rows = board.framework.rows
    open_sites = [s for s in board.sites if any(rows[r][c] == EMPTY for r, c in s.cells())]
    dictionary = studio.lexicon.with_words(t.word for t in board.locked)  # with_themes, kept warm
    options = FillOptions(seed=seed, time_limit=runtime.remaining(), no_repeat=studio.no_repeat)
    if earlier and chosen is None:  # another fill: a quarter of the open slots differ from each earlier one
        options = replace(options, differ_from=earlier, min_differ=max(1, len(open_sites) // 4))
    elif earlier and chosen is not None:  # another word in the chosen slots: the earlier ones left out
        taken = {"".join(g[r][c] for r, c in s.cells()) for g in earlier for s in chosen if s in open_sites}
        dictionary = without(dictionary, taken - set(board.extra), "differ_from")
    solution, result, used = _fill(studio, board, dictionary, options)
    locked = tuple(t.text() for t in board.locked)
    if solution is not None:
        extra = {} if result is None else dict(result.stats.extra)
        if chosen is None and board.locked and not earlier:  # a themed fill's weakest entries improved
            solution, extra["improve"] = _improved(board, solution, used, options)
        fill = solution.grid
        studio.remember(board, fill)
        grid = fill if chosen is None else _written(rows, fill, chosen)
        return Autofill("filled", grid, fill, locked=locked, extra=extra, below_floor=_below(studio, board, fill))
    if result is not None and result.status is Status.UNSAT:
        return Autofill("unfillable", core=result.core, locked=locked)
    return Autofill("undecided", locked=locked)


def _below(studio, board: Board, fill: Sequence[str]) -> tuple[str, ...]:
    """The fill's words of en under the studio's floor: the fill found none at it in its time
    (the page names them; the constructor may exclude them and ask again)."""
    from ..wordlists.english import english_scores

    if studio.floor is None:
        return ()
    en, words, rows = english_scores(), studio.lexicon.words, board.framework.rows
    out = []
    for s in board.sites:
        if all(rows[r][c] != EMPTY for r, c in s.cells()):
            continue  # typed or locked: the constructor's own
        word = "".join(fill[r][c] for r, c in s.cells())
        if word in words and words[word] < studio.floor and en.get(word) == words[word]:
            out.append(word)
    return tuple(sorted(set(out)))


def _fill(studio, board: Board, dictionary: Dictionary, options: FillOptions):
    """The fill as the command's generated grids have it: first without ``en``'s words below its
    floor (``construct.GENERATED_FLOOR``, when ``en`` is one of the lists and no ``min_score`` is
    set), in at most half the time; then from every word of the lists, as the command fills a
    framework (the core when none fills it). (solution or None, the whole fill's result or None,
    the dictionary the solution came from)."""
    from ..api import fill_with
    from ..construction.construct import at_floor
    from ..engine.kept import kept
    from ..engine.strategy import solve_fill

    floor = studio.floor
    if floor is not None:
        floored = kept("floored", dictionary.words, floor, lambda: at_floor(dictionary, floor))
        left = runtime.remaining()
        with runtime.until(runtime.after(None if left is None else left / 2)):
            outcome = solve_fill(board.framework, floored, replace(options, time_limit=runtime.remaining()))
        if outcome.solutions:
            return outcome.solutions[0], None, floored
        if runtime.stopping():
            return None, None, dictionary
    result = fill_with(board.framework, dictionary, replace(options, time_limit=runtime.remaining()))
    return (result.solutions[0] if result.solutions else None), result, dictionary


def _improved(board: Board, solution: Any, words: Dictionary, options: FillOptions) -> tuple[Any, dict[str, Any]]:
    """``improve``'s steps on the fill (as ``crossword --size --theme``'s), the locked entries and
    the letters typed kept, within IMPROVE_SECONDS of the call's time."""
    from ..construction.construct import IMPROVE_STEPS
    from ..construction.improve import improve

    with runtime.until(runtime.after(IMPROVE_SECONDS)):
        better = improve(board.framework, solution, words, options, fixed=[t.word for t in board.locked],
                         steps=IMPROVE_STEPS)  # fmt: skip
    return better.solution, better.as_json()


def _written(rows: Sequence[str], fill: Sequence[str], chosen: list[Site]) -> tuple[str, ...]:
    cells = [list(row) for row in rows]
    for s in chosen:
        for r, c in s.cells():
            cells[r][c] = fill[r][c]
    return tuple("".join(row) for row in cells)


def _grids(value: Any, board: Board) -> tuple[tuple[str, ...], ...]:
    """``differ_from``: earlier fills of this grid (rows as the page writes them)."""
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise InputError("differ_from must be a list of grids (each a list of row strings)", "differ_from")
    frame = board.framework
    out = []
    for grid in value:
        if (isinstance(grid, str) or not isinstance(grid, Sequence) or len(grid) != frame.height
                or not all(isinstance(row, str) and len(row) == frame.width for row in grid)):
            raise InputError(f"differ_from: each grid is {frame.height} rows of {frame.width} cells", "differ_from")
        out.append(tuple(row.translate({ord(b): " " for b in BLOCKS}).upper() for row in grid))
    return tuple(out)


def pattern(studio, size: Any, locked: list[Any], symmetry: Any, seed: Any, spec: dict[str, Any]) -> Autofill:
    """A pattern around the locked entries and its fill (``construct.generate_fill``)."""
    from ..construction import construct
    from ..construction.pattern import PatternSpec, check_spec, parse_size
    from ..construction.themes import parse_theme

    unknown = set(spec) - {"min_length", "max_words", "max_block_share"}
    if unknown:
        raise InputError(f"unknown pattern option {sorted(unknown)[0]!r}", sorted(unknown)[0])
    seed = None if seed is None else whole_of(seed, "seed", 0, 2**32 - 1)
    try:
        if isinstance(size, str):
            rows, cols = parse_size(size)
        elif isinstance(size, Sequence) and len(size) == 2:
            rows, cols = (whole_of(n, "size", 3, 25) for n in size)
        else:
            raise InputError("size is [rows, columns] or 'WxH'", "size")
        themes = tuple(parse_theme(t, "locked") if isinstance(t, str) else _not_entry() for t in locked)
        blocks = spec.get("max_block_share", BLOCK_SHARE)
        if isinstance(blocks, bool) or not isinstance(blocks, int | float):
            raise InputError("max_block_share must be a number from 0 to 1", "max_block_share")
        asked = PatternSpec(rows, cols, str(symmetry), whole_of(spec.get("min_length", 3), "min_length", 2, 25),
                            spec.get("max_words"), float(blocks), themes)  # fmt: skip
        if asked.max_words is not None:
            whole_of(asked.max_words, "max_words", 2, 625)
        checked = check_spec(asked)
        options = FillOptions(seed=seed, time_limit=runtime.remaining(), min_length=checked.min_length)
        # as crossword --size: no en word below Zipf 2.5, the themed fill improved (construct.generate_fill)
        made, checked = construct.generate_fill(checked, studio.lexicon.dictionary, options, construct.GENERATED_FLOOR)
    except InputError as exc:
        raise InputError(exc.message, FIELDS.get(exc.file or "", exc.file)) from None
    placed = tuple(t.text() for t in checked.themes)
    outcome = made.fill if isinstance(made.fill, FillOutcome) else None
    if made.framework is not None and outcome is not None and outcome.solutions:
        fill = outcome.solutions[0].grid
        framework = tuple("".join(ch if ch == " " else "." for ch in row) for row in made.framework.rows)
        return Autofill("filled", _with_locked(framework, fill, checked.themes), fill, locked=placed,
                        extra={"patterns": made.patterns})  # fmt: skip
    return Autofill("unfillable" if made.gave_up else "undecided", locked=placed, extra={"patterns": made.patterns})


def _with_locked(framework: tuple[str, ...], fill: Sequence[str], themes: Sequence[Any]) -> tuple[str, ...]:
    """The pattern with the locked entries' letters (from the fill) and the rest open."""
    cells = [list(row) for row in framework]
    for t in themes:
        for r, c in t.cells():
            cells[r][c] = fill[r][c]
    return tuple("".join(row) for row in cells)


def _not_entry() -> Any:
    raise InputError("locked must be a list of entries WORD or WORD@ROW,COL,A|D", "locked")
