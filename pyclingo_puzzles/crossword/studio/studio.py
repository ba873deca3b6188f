"""``Studio``: the engine behind a constructor's page, kept warm between requests (the word lists,
their tables, the searches of the grids asked about lately and the fills found for them).

Each call takes the grid as row strings and the locked entries, and answers within its time limit
or is cancelled (``cancel()``, or its ``cancel`` flag): ``slots`` (what fits each slot, the
hotspots), ``suggest`` (words for one slot, each proved to keep the grid fillable or to kill it,
or not known yet), ``verdict`` (fillable with a fill, unfillable with the core, or undecided) and
``autofill`` / ``pattern`` (the family's own fill and pattern search, locked entries kept).
How a suggestion is proved: docs/constructor.md, "The studio's engine".
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from ...core.status import Status
from ..engine.warm import WarmSearch
from ..engine.wordsets import Arcs
from ..framework import Framework
from ..reader import Dictionary
from . import answers, suggest
from .answers import SlotsReport, Suggestions, Verdict
from .board import Board, find_slot, read_board
from .control import Flag, bounded, left, seconds_of, whole_of
from .survey import Survey, letters_of, open_cells, slot_info
from .words import Lexicon, WordLists

SEARCHES_KEPT = 4  # warm searches (one per grid) kept: the grid of the last few requests
FILLS_KEPT = 32  # fills kept per shape (blocks and locked entries): each proves its words
HOTSPOT = 3  # an open cell where this many letters or fewer remain possible is a hotspot
MAX_LIMIT = 200  # suggestions asked at most


class Studio:
    """The studio's engine for one set of word lists (``WordLists``, or a ``Dictionary``)."""

    def __init__(self, words: WordLists | Dictionary | None = None, *, no_repeat: bool = True, warm: bool = True):
        """``warm``: build every word table now (about 0.3 s for ``en``) rather than on first use."""
        from ..construction.construct import default_floor

        dictionary = (words or WordLists()).assemble() if not isinstance(words, Dictionary) else words
        lists = words if isinstance(words, WordLists) else WordLists(None) if words is not None else WordLists()
        # autofill's floor, as a generated grid's: no word of en below Zipf 2.5 unless min_score is set
        self.floor = default_floor([lists.dictionary], lists.min_score)
        self.lexicon = Lexicon(dictionary)
        if warm:
            self.lexicon.warm()
        self.no_repeat = no_repeat
        self._searches: OrderedDict[tuple, WarmSearch] = OrderedDict()  # per shape
        self._arcs: OrderedDict[tuple, Arcs] = OrderedDict()  # per shape
        self._surveys: OrderedDict[tuple, Survey] = OrderedDict()  # per grid
        self._spent: dict[tuple, float] = {}  # per grid: seconds its verdict has searched
        self._fills: dict[tuple, list[tuple[str, ...]]] = {}
        self._verdicts: dict[tuple, Verdict] = {}
        # per grid: (slot id, word) the search proved kills it; the page asks again, for longer,
        # while suggestions are not known, and a word proved once is not solved again
        self._killers: OrderedDict[tuple, set[tuple[int, str]]] = OrderedDict()
        self._lock = threading.Lock()
        self._generation = 0  # cancel() moves it on: every call begun before it stops

    # ---------------------------------------------------------------------------------- cancelling

    def cancel(self) -> None:
        """Stop every call under way or waiting (from any thread): they raise ``Cancelled``."""
        self._generation += 1

    def _stopper(self, cancel: Flag | None):
        generation = self._generation

        def stop() -> bool:
            return self._generation != generation or (cancel is not None and bool(cancel.is_set()))

        return stop

    # ------------------------------------------------------------------------------- warm state

    def survey(self, board: Board) -> Survey:
        """The grid's candidates (the last few grids' kept), on its shape's tables and crossings."""
        survey = _recent(self._surveys, board.key)
        if survey is None:
            tables = self.lexicon.tables({s.length for s in board.sites}, board.extra)
            arcs = _recent(self._arcs, board.shape)
            if arcs is None:
                arcs = _keep(self._arcs, board.shape, Arcs(board.sites, tables), SEARCHES_KEPT)
            survey = _keep(self._surveys, board.key, Survey(board, arcs, tables), 2 * SEARCHES_KEPT)
        return survey

    def search(self, board: Board) -> WarmSearch:
        """The warm search of the grid's shape (built on first use, the last few kept)."""
        search = _recent(self._searches, board.shape)
        if search is None:
            tables = self.lexicon.tables({s.length for s in board.sites}, board.extra)
            allowed = set(self.lexicon.words).union(board.extra)
            search = WarmSearch(Framework(board.shape[0]), tables, allowed, no_repeat=self.no_repeat)
            _keep(self._searches, board.shape, search, SEARCHES_KEPT)
        return search

    def fills(self, board: Board) -> list[tuple[str, ...]]:
        """Fills found before for grids of this shape that keep this grid's letters: fills of it."""
        return [grid for grid in self._fills.get(board.shape, []) if board.keeps(grid)]

    def forget(self) -> None:
        """Drop the fills and verdicts found so far (the warm searches and tables stay): what a
        fresh worker knows (benchmarks measure the engine, not what it remembers)."""
        with self._lock:
            self._fills.clear()
            self._verdicts.clear()
            self._killers.clear()
            self._spent.clear()

    def killers(self, board: Board) -> set[tuple[int, str]]:
        """The (slot id, word) pairs proved to kill this grid so far (kept for the last few grids)."""
        found = _recent(self._killers, board.key)
        return found if found is not None else _keep(self._killers, board.key, set(), 2 * SEARCHES_KEPT)

    def remember(self, board: Board, grid: tuple[str, ...]) -> None:
        kept = self._fills.setdefault(board.shape, [])
        if grid in kept:
            kept.remove(grid)
        kept.insert(0, grid)
        del kept[FILLS_KEPT:]

    # ------------------------------------------------------------------------------------ slots

    def slots(self, framework: Any, *, locked: Any = (), hotspot: int = HOTSPOT) -> SlotsReport:
        """Every slot with the words that fit its letters (``count``) and those arc consistency
        with its crossings keeps (``consistent``); each open cell's possible letters, hotspots
        marked."""
        t0 = time.perf_counter()
        hotspot = whole_of(hotspot, "hotspot", 0, 26)
        with self._lock:
            board = read_board(framework, locked)
            survey = self.survey(board)
            infos = [slot_info(board, survey, s) for s in board.sites]
            report = SlotsReport(infos, open_cells(board, survey, hotspot), survey.consistent)
        report.seconds = time.perf_counter() - t0
        return report

    # ---------------------------------------------------------------------------------- suggest

    def suggest(
        self, framework: Any, slot: Any, *, limit: int = 10, locked: Any = (), time_limit: float = 2.0,
        cancel: Flag | None = None, skip_dead: bool = False,
    ) -> Suggestions:
        """Words for the slot through ``slot`` ((row, col, direction): any of its cells), best
        score first, each ``fillable``: True when a fill of the whole grid with it exists, False
        when proved that none does, None when not known within ``time_limit``. ``skip_dead``:
        leave out the words the crossings rule out at once, and go on down the list."""
        t0 = time.perf_counter()
        limit, seconds, stop = whole_of(limit, "limit", 1, MAX_LIMIT), seconds_of(time_limit), self._stopper(cancel)
        with self._lock, bounded(seconds, stop) as deadline:
            board = read_board(framework, locked)
            site = find_slot(board, slot)
            out = suggest.suggestions(self, board, site, limit, skip_dead, deadline, stop)
        out.seconds = time.perf_counter() - t0
        return out

    # ---------------------------------------------------------------------------------- verdict

    def verdict(
        self, framework: Any, *, locked: Any = (), time_limit: float = 2.0, cancel: Flag | None = None
    ) -> Verdict:
        """Whether the grid can be filled (every slot a word of the lists, no word twice): with a
        fill, with the core of slots that cannot be filled together, or undecided. The same grid
        again resumes the search where it stopped (its learnt nogoods kept)."""
        seconds, stop = seconds_of(time_limit), self._stopper(cancel)
        with self._lock, bounded(seconds, stop) as deadline:
            board = read_board(framework, locked)
            known = self._verdicts.get(board.key)
            if known is not None and (known.verdict == "fillable" or known.core is not None):
                return known
            found = self.fills(board)
            if found:
                return self._decided(board, Verdict("fillable", found[0]))
            if not self.survey(board).consistent:
                return self._unfillable(board, left(deadline))
            t0 = time.monotonic()
            status, fill = self.search(board).solve(letters_of(board), left(deadline), stop)
            spent = self._spent[board.key] = self._spent.get(board.key, 0.0) + time.monotonic() - t0
            if fill is not None:
                self.remember(board, fill.grid)
                return self._decided(board, Verdict("fillable", fill.grid, seconds=spent))
            if status is Status.UNSAT:
                return self._unfillable(board, left(deadline))
            return Verdict("undecided", seconds=spent)

    def _unfillable(self, board: Board, seconds: float | None) -> Verdict:
        """A grid proved unfillable, with its core when one is found within ``seconds`` (a
        later call looks again)."""
        core = suggest.core_of(self, board, seconds)
        return self._decided(board, Verdict("unfillable", core=core, seconds=self._spent.get(board.key, 0.0)))

    def _decided(self, board: Board, verdict: Verdict) -> Verdict:
        self._verdicts[board.key] = verdict
        if len(self._verdicts) > 4 * SEARCHES_KEPT:
            self._verdicts.pop(next(iter(self._verdicts)))
        return verdict

    # --------------------------------------------------------------------------------- autofill

    def autofill(
        self, framework: Any, *, slots: Sequence[Any] | None = None, locked: Any = (), seed: int | None = None,
        differ_from: Sequence[Sequence[str]] = (), time_limit: float = 10.0, cancel: Flag | None = None,
    ) -> answers.Autofill:
        """The family's fill of the grid (every letter and locked entry kept); with ``slots``, only
        those slots are written in (taken from a fill of the whole grid, so the rest stays
        fillable). ``differ_from``: earlier fills; the new one differs from each (a quarter of the
        open slots, or with ``slots`` a new word in them). ``seed`` varies the fill."""
        from .fill import autofill

        t0 = time.perf_counter()
        seconds, stop = seconds_of(time_limit), self._stopper(cancel)
        with self._lock, bounded(seconds, stop):
            board = read_board(framework, locked)
            chosen = None if slots is None else [find_slot(board, s) for s in _listed(slots, "slots")]
            out = autofill(self, board, chosen, seed, differ_from)
        out.seconds = time.perf_counter() - t0
        return out

    def pattern(
        self, size: Any, *, locked: Any = (), symmetry: str = "rotational", seed: int | None = None,
        time_limit: float = 30.0, cancel: Flag | None = None, **spec: Any,
    ) -> answers.Autofill:
        """A block pattern around the locked entries and its fill: the family's pattern search
        (``crossword --size`` with ``--theme``). ``size``: (rows, columns) or ``"15x15"``;
        ``locked``: entries ``WORD`` (placed by the search) or ``WORD@ROW,COL,A|D``; ``spec``:
        ``min_length``, ``max_words``, ``max_block_share`` as ``crossword.generate`` takes them."""
        from .fill import pattern

        t0 = time.perf_counter()
        seconds, stop = seconds_of(time_limit), self._stopper(cancel)
        with self._lock, bounded(seconds, stop):
            out = pattern(self, size, _listed(locked, "locked"), symmetry, seed, spec)
        out.seconds = time.perf_counter() - t0
        return out


def _recent(kept: OrderedDict, key: Any) -> Any:
    value = kept.get(key)
    if value is not None:
        kept.move_to_end(key)
    return value


def _keep(kept: OrderedDict, key: Any, value: Any, most: int) -> Any:
    kept[key] = value
    while len(kept) > most:
        kept.popitem(last=False)
    return value


def _listed(value: Any, what: str) -> list[Any]:
    from ...core.errors import InputError

    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise InputError(f"{what} must be a list", what)
    return list(value)


_studios: OrderedDict[WordLists, Studio] = OrderedDict()
_studios_lock = threading.Lock()
STUDIOS_KEPT = 4  # word-list options kept warm in one process


def studio_for(words: WordLists) -> Studio:
    """The warm ``Studio`` of these word lists (built on first use; the last ``STUDIOS_KEPT`` kept)."""
    words = words.checked()
    with _studios_lock:
        studio = _studios.get(words)
        if studio is None:
            studio = _studios[words] = Studio(words)
            while len(_studios) > STUDIOS_KEPT:
                _studios.popitem(last=False)
        _studios.move_to_end(words)
        return studio
