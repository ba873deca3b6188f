"""A fill made better: its weakest entries replaced while the grid stays filled (``improve``).

A large-neighbourhood search on one framework. Each step frees the cells of one entry and of the
entries crossing it (a "plus"; theme letters and the framework's given letters stay), keeps every
other letter of the fill, and asks the fill's optimising encoding (word atoms ground, each slot's
loss against its best candidate minimised, ``encodings/crossword_fill.lp``) for the best words
there: a small program, since most slots keep their one word. A step that raises the total score
is kept. Entries are tried weakest first; a neighbourhood is tried again only when a later step
changed a letter it reads, so the search ends at a fill that no single step improves (a local
optimum), at its budget of steps, or at the run's limit. Each step is stopped after a count of
conflicts, not a time: the same seed gives the same grid on a busy machine.

A framework whose candidates are as few as one step's is optimised whole instead, and so is one of
at most ``PROVE_CANDIDATES`` with ``prove`` (``--optimize``): clingo's optimisation run to its end
proves the fill best. Larger frameworks (a 15x15 from en has about 100,000 candidates) end at a
local optimum at best, reported as not proved.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from ...run import runtime
from ..engine import attempt
from ..engine.attempt import FillJob
from ..engine.unfillable import tables_for
from ..engine.wordsets import WordTable, arc_consistent
from ..framework import BLOCK, EMPTY, Framework, Site
from ..options import FillOptions
from ..reader import Dictionary
from ..solution import CrosswordSolution

STEP_CONFLICTS = 1000  # per neighbourhood's optimisation (small programs: most prove far sooner)
# A neighbourhood with more candidates than this is passed over: grounding its word atoms costs
# about 0.15 ms a candidate (a 6,796-candidate plus around a 10-letter entry took 1 s, proving nothing)
STEP_CANDIDATES = 2500
# --optimize: the whole framework is optimised, to prove the best, when its candidates are at most
# this many (about 3 s of grounding; a 3x3 ring from all of en, 23,068 candidates, proved in 23 s)
PROVE_CANDIDATES = 20_000
PROVE_CONFLICTS = 100_000


@dataclass
class Improved:
    """The fill after ``improve``, its total score (theme entries not counted: they are the
    constructor's, not the fill's), the score it started from, the steps taken and kept, and
    whether no fill of the framework scores more (proved)."""

    solution: CrosswordSolution
    score: int
    start: int
    entries: int  # the entries counted in ``score``
    themes: int = 0  # the entries not counted (theme entries)
    steps: int = 0
    kept: int = 0
    proved: bool = False
    local: bool = False  # no single step improves it (the neighbourhood search ran to its end)

    def as_json(self) -> dict[str, object]:
        return {"score": self.score, "score_before": self.start, "entries": self.entries, "themes": self.themes,
                "steps": self.steps,
                "steps_kept": self.kept, "optimal": self.proved, "local_optimum": self.local}


def total(solution: CrosswordSolution, words: dict[str, int], fixed: frozenset[str] = frozenset()) -> int:
    return sum(words.get(p.word, 0) for p in solution.placements if p.word not in fixed)


def improve(
    framework: Framework,
    solution: CrosswordSolution,
    dictionary: Dictionary,
    options: FillOptions,
    *,
    fixed: Iterable[str] = (),
    steps: int | None = None,
    prove: bool = False,
) -> Improved:
    """Better words for ``solution``'s weakest entries (``fixed`` words, the theme entries, are
    never counted nor moved: their cells are the framework's given letters), at most ``steps``
    steps (None: until no step improves it), within the run's limit. A framework whose candidates
    are as few as one step's is optimised whole, in one step that also proves the best."""
    keep = frozenset(fixed)
    words = dictionary.words
    start = total(solution, words, keep)
    counted = sum(p.word not in keep for p in solution.placements)
    out = Improved(solution, start, start, counted, len(solution.placements) - counted)
    if len(set(words.values())) < 2:  # a flat list: every fill scores the same
        out.local = out.proved = True
        return out
    if steps == 0:
        return out
    one = replace(options, optimize=True, models=1, count_only=False, differ_from=(), jobs=1)
    sites = framework.sites()
    tables = tables_for(sites, words)  # once: a step's own words are read off them
    whole = sum(b.bit_count() for b in arc_consistent(sites, tables, framework.predefined()).values())
    if whole <= STEP_CANDIDATES or (prove and whole <= PROVE_CANDIDATES):
        out.steps = 1
        out.local = out.proved = _whole(framework, out, dictionary, one, keep, whole <= STEP_CANDIDATES)
        if out.proved or whole <= STEP_CANDIDATES:
            return out
    _neighbourhoods(framework, out, tables, dictionary, one, keep, steps)
    return out


def _neighbourhoods(
    framework: Framework, out: Improved, tables: dict[int, WordTable], dictionary: Dictionary,
    options: FillOptions, keep: frozenset[str], steps: int | None,
) -> None:
    """The steps, weakest entry first, each kept when it raises ``out.score``."""
    words = dictionary.words
    sites = framework.sites()
    crossing = _crossings(sites)
    dirty = {s.id for s in sites}
    seen: set[Framework] = set()
    while not (runtime.out_of_time() or runtime.stopping()) and (steps is None or out.steps < steps):
        grid = out.solution.grid
        weak = _weakest(sites, grid, words, keep, dirty)
        if weak is None:
            out.local = True
            return
        dirty.discard(weak.id)
        job = _step(framework, grid, weak, crossing, tables, dictionary, options, seen)
        if job is None:
            continue
        step = job.run(options.value_rule)
        out.steps += 1
        better = step.solutions[-1] if step.solutions else None
        if better is not None and total(better, words, keep) > out.score:
            changed = {(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if better.grid[r][c] != ch}
            dirty |= {s.id for s in sites if changed & _reads(s, crossing)}
            out.solution, out.score, out.kept = better, total(better, words, keep), out.kept + 1


def _step(
    framework: Framework, grid: tuple[str, ...], weak: Site, crossing: dict[int, list[Site]],
    tables: dict[int, WordTable], dictionary: Dictionary, options: FillOptions, seen: set[Framework],
) -> FillJob | None:
    """The search of one step around ``weak``: its plus, or where that has too many candidates
    (a small grid, a long entry) its own cells alone; None when neither is worth a search (seen
    before with the same letters around it, or too large)."""
    for free in ([weak, *crossing[weak.id]], [weak]):
        around = _around(framework, grid, {cell for s in free for cell in s.cells()})
        if around in seen:  # the same neighbourhood with the same letters around it: the same answer
            return None
        seen.add(around)
        job = attempt.prepare(around, _step_words(around, grid, tables, dictionary.words), options, STEP_CONFLICTS)
        if isinstance(job, FillJob) and job.cands.count() <= STEP_CANDIDATES:
            return job
    return None


def _crossings(sites: list[Site]) -> dict[int, list[Site]]:
    at: dict[tuple[int, int], list[Site]] = {}
    for s in sites:
        for cell in s.cells():
            at.setdefault(cell, []).append(s)
    return {s.id: [o for cell in s.cells() for o in at[cell] if o.id != s.id] for s in sites}


def _reads(site: Site, crossing: dict[int, list[Site]]) -> set[tuple[int, int]]:
    """The cells whose letters decide what ``site``'s step can do: its plus and the slots crossing it."""
    plus = [site, *crossing[site.id]]
    return {cell for s in plus for o in (s, *crossing[s.id]) for cell in o.cells()}


def _weakest(
    sites: list[Site], grid: tuple[str, ...], words: dict[str, int], keep: frozenset[str], dirty: set[int]
) -> Site | None:
    """The lowest-scored entry (of those not tried since their surroundings changed)."""
    best: tuple[int, int] | None = None
    for s in sites:
        if s.id not in dirty:
            continue
        word = "".join(grid[r][c] for r, c in s.cells())
        if word in keep:
            continue
        key = (words.get(word, 0), s.id)
        if best is None or key < best:
            best = key
    return None if best is None else next(s for s in sites if s.id == best[1])


def _step_words(
    around: Framework, grid: tuple[str, ...], tables: dict[int, WordTable], words: dict[str, int]
) -> Dictionary:
    """The words a step can use: the candidates left by arc consistency on the whole dictionary's
    tables (built once), and the fill's own; a small list, so the step's own pruning is cheap."""
    sites = around.sites()
    bits = arc_consistent(sites, tables, around.predefined())
    found = {"".join(grid[r][c] for r, c in s.cells()) for s in sites}
    for s in sites:
        if bits[s.id].bit_count() > 1:
            found.update(tables[s.length].decode(bits[s.id]))
    return Dictionary({w: words[w] for w in found if w in words})


def _around(framework: Framework, grid: tuple[str, ...], free: set[tuple[int, int]]) -> Framework:
    """The framework with the fill's letters given everywhere but the ``free`` cells (given
    letters of the framework stay given there too)."""
    rows = []
    for r, row in enumerate(framework.rows):
        line = []
        for c, ch in enumerate(row):
            if ch == BLOCK or ch != EMPTY:
                line.append(ch)
            else:
                line.append(EMPTY if (r, c) in free else grid[r][c])
        rows.append("".join(line))
    return Framework(tuple(rows))


def _whole(
    framework: Framework, out: Improved, dictionary: Dictionary, options: FillOptions, keep: frozenset[str],
    small: bool,
) -> bool:
    """The whole framework optimised (a better fill replaces ``out``'s); whether that proved the
    best. ``small``: one step's conflicts, else PROVE_CONFLICTS."""
    whole = attempt.once(framework, dictionary, options, STEP_CONFLICTS if small else PROVE_CONFLICTS)
    if whole.result is None or not whole.solutions:
        return False
    best = whole.solutions[-1]
    if total(best, dictionary.words, keep) > out.score:
        out.solution, out.score, out.kept = best, total(best, dictionary.words, keep), 1
    return bool(whole.result.exhausted)
