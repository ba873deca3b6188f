"""A block pattern and its fill from nothing (``crossword --size 15x15``).

``encodings/crossword_pattern.lp`` states the pattern rules (symmetry, connected white cells,
entries of at least ``min_length`` letters, at most ``max_words`` entries and ``max_blocks`` blocks,
theme entries on slots of their length; no wide-open area: no all-white ``square`` x ``square``,
and no all-white 3 x ``strip`` or ``strip`` x 3 rectangle, the areas a fill from common words gets
stuck in; at first at least ``min_words`` entries, FULL_SHARE of the most). One clingo control
searches patterns for the whole run; each pattern it gives is filled by the dictionary fill under a
budget. A pattern whose fill is proved impossible gives its unfillable core
(``unfillable.find_core``): its slots are forbidden together (a nogood over ``slot/4``), which rules
out at once every later pattern with the same reason, not just this one. A pattern whose fill is
neither found nor refuted within the budget is forbidden as a whole.
"""

from __future__ import annotations

import contextlib
import math
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from clingo import Function, Number, Symbol

from ...core.errors import InputError
from ...core.results import Stats
from ...core.solve import Solver, Status
from ...run import runtime
from ..framework import Framework, Site
from ..options import BLOCK_SHARE, SYMMETRIES
from .themes import Theme, check_themes, place_themes, theme_letters, with_letters
from .themeslots import crossed_cells, dead_crossings, no_word_slots, thin_slots

ENCODING = "crossword_pattern.lp"
SIZE_MIN, SIZE_MAX = 3, 25  # rows and columns of a generated grid
WORDS_15 = 78  # the American limit on a 15x15 grid, scaled by area for other sizes
OPEN_SQUARE = 4  # no all-white square of this side ...
OPEN_STRIP = 6  # ... nor 3 x this (either way): areas that common words rarely fill
# A pattern's fill is stopped by a count of conflicts (construct.PATTERN_CONFLICTS: the same seed,
# the same grid); this many seconds per 15x15's area only keep a fill that stalls from using the run
ATTEMPT_SECONDS = 15.0
CORE_SECONDS = 2.0  # the budget for an unfillable pattern's core
LONGEST_CAP = 11  # ... and at most this (van Beek's 21x21 grids have 8 to 12)
# At least this share of --max-words entries (76 of 78 on 15x15), while patterns keep it: short
# entries are what a fill from common words finds. Measured with the best 30% of en's words (Zipf
# 3.03 and more), 500 conflicts, 30 seeds: 20 of 30 first patterns filled with at least 76 entries,
# 16 of 30 with at least 74, 5 of 30 without the bound (64 to 76 entries).
FULL_SHARE = 0.95


@dataclass(frozen=True)
class PatternSpec:
    """What the generated grid must be."""

    height: int = 15
    width: int = 15
    symmetry: str = "rotational"
    min_length: int = 3
    max_words: int | None = None  # None: WORDS_15 scaled by area
    block_share: float = BLOCK_SHARE
    themes: tuple[Theme, ...] = ()

    @property
    def words_bound(self) -> int:
        if self.max_words is not None:
            return self.max_words
        # at least a row's and a column's worth: an open grid has height + width entries, and a
        # small grid (a 5x5 mini) has no pattern of fewer within the share of blocks
        return max(self.height + self.width, round(WORDS_15 * self.height * self.width / 225))

    @property
    def blocks_bound(self) -> int:
        return int(self.block_share * self.height * self.width + 1e-9)


def parse_size(text: str) -> tuple[int, int]:
    """``WxH`` (columns x rows, as word search's --size; ``15`` for 15x15) as (rows, columns),
    each within SIZE_MIN..SIZE_MAX."""
    parts = text.lower().replace("×", "x").split("x")
    try:
        dims = [int(p) for p in parts]
    except ValueError:
        raise InputError(f"size {text!r} is not WxH (columns x rows, e.g. 15x15)", "--size") from None
    if len(dims) == 1:
        dims = dims * 2
    if len(dims) != 2 or not all(SIZE_MIN <= d <= SIZE_MAX for d in dims):
        raise InputError(f"size {text!r}: rows and columns must be {SIZE_MIN} to {SIZE_MAX}", "--size")
    return dims[1], dims[0]


def check_spec(spec: PatternSpec) -> PatternSpec:
    """The spec with its themes placed; an InputError for options that cannot hold together."""
    for d in (spec.height, spec.width):
        if not SIZE_MIN <= d <= SIZE_MAX:
            size = f"{spec.height}x{spec.width}"
            raise InputError(f"size {size}: rows and columns must be {SIZE_MIN} to {SIZE_MAX}", "--size")
    if spec.symmetry not in SYMMETRIES:
        raise InputError(f"unknown symmetry {spec.symmetry!r} (known: {', '.join(SYMMETRIES)})", "--symmetry")
    if spec.min_length < 2:
        raise InputError("--min-length must be at least 2 for a generated pattern (every letter checked)",
                         "--min-length")
    if spec.min_length > max(spec.height, spec.width):
        size = f"{spec.height}x{spec.width}"
        raise InputError(f"--min-length {spec.min_length} is longer than the {size} grid", "--min-length")
    if not 0 <= spec.block_share < 1:
        raise InputError("--max-block-share must be at least 0 and below 1", "--max-block-share")
    if spec.words_bound < 2:
        raise InputError("--max-words must be at least 2 (an across and a down entry)", "--max-words")
    for t in spec.themes:
        if len(t.word) < spec.min_length:
            raise InputError(f"theme entry {t.word} is shorter than --min-length {spec.min_length}", "--theme")
    check_themes(spec.themes, spec.height, spec.width)
    placed = tuple(place_themes(spec.themes, spec.height, spec.width, spec.symmetry))
    check_themes(placed, spec.height, spec.width)
    return PatternSpec(
        spec.height, spec.width, spec.symmetry, spec.min_length, spec.max_words, spec.block_share, placed
    )


def longest(spec: PatternSpec) -> int:
    """The longest entry but for theme entries and their images: two thirds of the grid's side (10
    on 15x15; the van Beek 15x15 grids have 9 to 15), at most LONGEST_CAP, since long entries of
    common words cross badly. (Theme entries once raised it for every entry: a 15x15 with three
    15-letter themes then had 15-letter slots beside them, which en's best words rarely fill.)"""
    return max(spec.min_length, min(LONGEST_CAP, -(-2 * max(spec.height, spec.width) // 3)))


def long_slots(spec: PatternSpec) -> Iterator[Symbol]:
    """``long_ok(R, C, D, L)``: the theme entries' slots and their images under the symmetry, the
    slots that may be longer than ``longest``."""
    h, w = spec.height, spec.width
    for t in spec.themes:
        assert t.row is not None and t.col is not None
        n = len(t.word)
        found = [(t.row, t.col, t.direction)]
        if spec.symmetry == "rotational":
            found.append((h - 1 - t.row, w - t.col - n, "across") if t.direction == "across"
                         else (h - t.row - n, w - 1 - t.col, "down"))
        elif spec.symmetry == "mirror":
            found.append((t.row, w - t.col - n, "across") if t.direction == "across"
                         else (t.row, w - 1 - t.col, "down"))
        for r, c, d in found:
            yield Function("long_ok", [Number(r), Number(c), Function(d), Number(n)])


class PatternSearch:
    """One clingo control over the patterns of a spec; ``next`` gives one not yet forbidden. The
    bounds that only make a fill easier (``min_words``, ``longest``, OPEN_SQUARE, OPEN_STRIP) are
    loosened step by step when no pattern is left that keeps them (a 13x13 grid with mirror
    symmetry has none); the slots forbidden so far stay forbidden."""

    def __init__(
        self, spec: PatternSpec, seed: int | None, no_word: Sequence[Symbol] = (), thin: Sequence[Symbol] = ()
    ):
        self.spec, self.seed, self.no_word, self.thin = spec, seed, tuple(no_word), tuple(thin)
        self.patterns = 0
        self.forbidden: list[list[Symbol]] = []
        side = max(spec.height, spec.width)
        fewest, most = math.ceil(spec.words_bound * FULL_SHARE), longest(spec)
        # (min_words, max_length, square, strip, thin slots out), loosened a step at a time
        # the thin slots come in before the long ones: at a floor a long slot has few words for any of
        # its letters (en at 400: 4 of 15 letters), and a theme's thin crossings leave no pattern at
        # all (two 11-letter themes at 400: levels 0-2 had none, then every slot up to 15 letters)
        self.levels = [(fewest, most, OPEN_SQUARE, OPEN_STRIP, True), (0, most, OPEN_SQUARE, OPEN_STRIP, True),
                       (0, most, OPEN_SQUARE, OPEN_STRIP, False), (0, side, OPEN_SQUARE, OPEN_STRIP, False),
                       (0, side, OPEN_SQUARE + 1, 0, False), (0, side, 0, 0, False)]
        if not self.thin:  # no thin slot (no theme): the levels with them out are the same as without
            self.levels = [level for k, level in enumerate(self.levels) if k != 2]
        self.level = 0
        self.last = Stats()  # the last search's figures (``generate`` adds them up)
        self.solver = self._control()

    def _control(self) -> Solver:
        spec = self.spec
        min_words, longest_entry, square, strip, thin = self.levels[self.level]
        constants = {
            "height": spec.height, "width": spec.width, "min_length": spec.min_length, "max_length": longest_entry,
            "max_words": spec.words_bound, "min_words": min_words, "max_blocks": spec.blocks_bound,
            "square": square, "strip": strip,
        }
        options = [x for name, value in constants.items() for x in ("-c", f"{name}={value}")]
        options += ["-c", f"symmetry={spec.symmetry}", "--sign-def=rnd", "--rand-freq=0.3"]
        solver = Solver([ENCODING], seed=self.seed or 0, options=options)
        solver.add_facts(
            Function("theme", [Number(t.row or 0), Number(t.col or 0), Function(t.direction), Number(len(t.word))])
            for t in spec.themes
        )
        solver.add_facts(self.no_word)
        if thin:
            solver.add_facts(self.thin)
        solver.add_facts(long_slots(spec))
        solver.ground()
        for slots in self.forbidden:
            solver.add_nogood(slots)
        return solver

    def next(self, time_limit: float | None) -> tuple[Status, frozenset[tuple[int, int]], list[Symbol]]:
        """(status, the blocks, the pattern's slot/4 atoms)."""
        found: list[list[Symbol]] = []
        result = self.solver.solve(
            models=1, time_limit=time_limit, keep=0, on_answer=lambda a: found.append(list(a.symbols))
        )
        self.last = result.stats
        if not found:
            if result.status is Status.UNSAT and self.level < len(self.levels) - 1:
                self.level += 1
                self.solver = self._control()
                return self.next(time_limit)
            return result.status, frozenset(), []
        self.patterns += 1
        blocks = frozenset((s.arguments[0].number, s.arguments[1].number) for s in found[0] if s.name == "block")
        slots = [s for s in self.slot_atoms() if self._holds(s, blocks)]
        return Status.SAT, blocks, slots

    def slot_atoms(self) -> list[Symbol]:
        return [a.symbol for a in self.solver.ctl.symbolic_atoms.by_signature("slot", 4)]

    def _holds(self, slot: Symbol, blocks: frozenset[tuple[int, int]]) -> bool:
        row, col, way, length = slot.arguments
        r, c, n = row.number, col.number, length.number
        dr, dc = (0, 1) if way.name == "across" else (1, 0)
        cells = [(r + dr * i, c + dc * i) for i in range(n)]
        before, after = (r - dr, c - dc), (r + dr * n, c + dc * n)
        return all(x not in blocks for x in cells) and all(
            x in blocks or not (0 <= x[0] < self.spec.height and 0 <= x[1] < self.spec.width) for x in (before, after)
        )

    def forbid(self, slots: Sequence[Symbol]) -> None:
        """No later pattern has all these slots."""
        self.forbidden.append(list(slots))
        self.solver.add_nogood(list(slots))


@dataclass
class Generated:
    """The generated framework (theme letters written in), and what the search did."""

    framework: Framework | None
    fill: object = None  # the last fill's FillOutcome
    patterns: int = 0
    cores: list[int] = field(default_factory=list)  # the size of each core learnt
    gave_up: str = ""  # why no pattern is left ("" when one was filled or time ran out)
    stats: Stats = field(default_factory=Stats)  # every pattern search and fill of the run, added up
    improved: object = None  # the fill's improve.Improved (construct.improved_fill)
    words: object = None  # the Dictionary the fill took its words from (at the floor, with the themes)
    smallest: object = None  # the smallest unfillable core learnt (an unfilled run's reason), theme crossings first
    unproved: int = 0  # patterns forbidden whole without a proof (their fill cut by its budget)
    crossings: Counter[tuple[int, int]] = field(default_factory=Counter)  # theme letters -> the cores crossing them
    dead: list[tuple[Theme, int, tuple[int, int]]] = field(default_factory=list)  # themeslots.dead_crossings


def rows_of(spec: PatternSpec, blocks: frozenset[tuple[int, int]]) -> Framework:
    rows = tuple("".join(" " if (r, c) in blocks else "." for c in range(spec.width)) for r in range(spec.height))
    return with_letters(Framework(rows), theme_letters(spec.themes))


def generate(
    spec: PatternSpec, words: dict[str, int], fill, *, seed: int | None = None, max_patterns: int | None = None
) -> Generated:
    """Patterns until one is filled (``fill(framework, time_limit)`` returns a FillOutcome), the
    run's limit is hit, no pattern is left or ``max_patterns`` were tried. ``words`` (with the
    themes) explain unfillable ones."""
    from ..engine.unfillable import tables_for

    side = max(spec.height, spec.width)
    tables = tables_for([Site(0, 0, 0, "across", n) for n in range(2, side + 1)], words)
    search = PatternSearch(spec, seed, no_word=list(no_word_slots(spec, tables)), thin=list(thin_slots(spec, tables)))
    out = Generated(None)
    with contextlib.suppress(runtime.Stopped):  # the limit hit inside a fill's grounding: what was learnt is said
        _patterns(search, spec, words, fill, tables, out, max_patterns, random.Random(seed or 0))
    return out


def _patterns(search: PatternSearch, spec: PatternSpec, words: dict[str, int], fill, tables: dict,
              out: Generated, max_patterns: int | None, rng: random.Random) -> None:  # fmt: skip
    """``generate``'s loop: ``out`` holds what it found and learnt."""
    from ..engine.unfillable import find_core

    while not runtime.out_of_time() and not runtime.stopping():
        if max_patterns is not None and search.patterns >= max_patterns:
            return
        status, blocks, slots = search.next(runtime.remaining())
        out.patterns = search.patterns
        out.stats.add(search.last)
        if status is Status.UNSAT:  # a proof that no grid exists only if every pattern forbidden was proved
            if not out.unproved:
                left = "no pattern is left that the rules allow" if out.patterns else "the rules allow no pattern"
                out.gave_up, out.dead = left, dead_crossings(spec, tables)
            return
        if status is not Status.SAT:
            return
        framework = rows_of(spec, blocks)
        outcome = fill(framework, _budget(ATTEMPT_SECONDS * spec.height * spec.width / 225))
        out.framework, out.fill = framework, outcome
        out.stats.add(outcome.stats)
        out.stats.extra = dict(outcome.stats.extra)  # the last fill's own figures (candidates, propagator)
        if outcome.solutions:
            return
        if outcome.result is None or outcome.result.status is Status.UNSAT:
            core = find_core(
                framework, words, seed=rng.randrange(1 << 16), time_limit=_budget(CORE_SECONDS), tables=tables
            )
            if core is not None:
                key = {(s.row, s.col, s.direction, s.length) for s in core.slots}
                slots = [s for s in slots if _slot_key(s) in key] or slots
                out.cores.append(len(slots))
                out.crossings.update(crossed_cells(spec.themes, core))
                out.smallest = min(core, out.smallest or core, key=lambda k: _reason_rank(k, framework))
        else:
            out.unproved += 1
        search.forbid(slots)


def _reason_rank(core, framework: Framework) -> tuple[bool, int]:
    """Cores across theme letters first (they say which crossing fails), then the fewest slots."""
    given = framework.predefined()
    return (not any(cell in given for s in core.slots for cell in s.cells()), len(core.slots))


def _slot_key(slot: Symbol) -> tuple:
    r, c, d, n = slot.arguments
    return (r.number, c.number, d.name, n.number)


def _budget(seconds: float) -> float:
    left = runtime.remaining()
    return seconds if left is None else max(0.0, min(seconds, left))


def pattern_problems(framework: Framework, spec: PatternSpec) -> list[str]:
    """What breaks the pattern rules, checked in Python independently of the encoding: symmetry,
    connected white cells, entry lengths, the counts of entries and blocks, theme slots."""
    h, w = framework.height, framework.width
    white = {p for p in framework.places()}
    blocks = {(r, c) for r in range(h) for c in range(w)} - white
    problems = []
    images = {"rotational": lambda r, c: (h - 1 - r, w - 1 - c), "mirror": lambda r, c: (r, w - 1 - c)}
    image = images.get(spec.symmetry)
    if image is not None and any(image(r, c) not in blocks for r, c in blocks):
        problems.append(f"the blocks are not {spec.symmetry}ly symmetric")
    if white:
        seen, todo = set(), [min(white)]
        while todo:
            r, c = todo.pop()
            if (r, c) in seen:
                continue
            seen.add((r, c))
            todo.extend(n for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if n in white)
        if seen != white:
            problems.append("the white cells are not connected")
    sites = framework.sites()
    covered = {d: {cell for s in sites if s.direction == d for cell in s.cells()} for d in ("across", "down")}
    if any(p not in covered["across"] or p not in covered["down"] for p in white) or any(
        s.length < spec.min_length for s in sites
    ):
        problems.append(f"an entry is shorter than {spec.min_length} letters")
    if len(sites) > spec.words_bound:
        problems.append(f"{len(sites)} entries, more than {spec.words_bound}")
    if len(blocks) > spec.blocks_bound:
        problems.append(f"{len(blocks)} blocks, more than {spec.blocks_bound}")
    keys = {(s.row, s.col, s.direction, s.length) for s in sites}
    for t in spec.themes:
        if (t.row, t.col, t.direction, len(t.word)) not in keys:
            problems.append(f"theme entry {t.text()} is not on a slot of its length")
    return problems
