"""Why a framework cannot be filled: a minimal set of slots that cannot be filled together.

``encodings/crossword_core.lp`` gives each slot letters of its own (the fill's word propagator keeps
them a candidate word) and ties them to the grid's letters only when the slot is *used*, one
assumption per slot. clingo's unsatisfiable core over those assumptions is a set of slots that
cannot be filled together; it is shrunk on the same control (its learnt clauses kept) by solving
again without one slot at a time: when that is still unsatisfiable the new, smaller core replaces
it, and when it is fillable the slot is needed. The core is minimal once every slot left was shown
needed so. Candidates come from the length and the given letters only, never from arc consistency
with the other slots: a slot outside the core must not have shaped the candidates of one inside.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from clingo import Function, Number, String, Symbol

from ...core.solve import Solver, Status
from ...run import runtime
from ..framework import Framework, Site
from .facts import site_facts
from .propagator import WordPropagator
from .wordsets import WordTable, arc_consistent

ENCODINGS = ("crossword_fill.lp", "crossword_core.lp")
FEWEST_SHOWN = 5  # slots with the fewest candidates shown when a limit cuts the search


@dataclass(frozen=True)
class Core:
    """Slots that cannot be filled together. ``minimal``: removing any one of them was shown to
    leave a fillable set (False when a limit cut the shrinking short)."""

    slots: tuple[Site, ...]
    minimal: bool
    patterns: tuple[str, ...]  # per slot, its given letters and ``_`` for an open place: ``_Q__``

    def as_json(self) -> list[dict[str, object]]:
        return [
            {"row": s.row, "col": s.col, "direction": s.direction, "length": s.length, "pattern": p}
            for s, p in zip(self.slots, self.patterns, strict=True)
        ]

    def lines(self) -> list[str]:
        return [describe_slot(s, p) for s, p in zip(self.slots, self.patterns, strict=True)]


def pattern_of(framework: Framework, site: Site) -> str:
    """The slot's given letters, ``_`` where open."""
    given = framework.predefined()
    return "".join(given.get(cell, "_") for cell in site.cells())


def describe_slot(site: Site, pattern: str) -> str:
    return f"row {site.row}, column {site.col}, {site.direction}, {pattern}"


def tables_for(sites: Sequence[Site], words: dict[str, int]) -> dict[int, WordTable]:
    """The dictionary's words per slot length, best score first when scored (as the fill's)."""
    lengths = {s.length for s in sites}
    by_length: dict[int, list[str]] = {n: [] for n in lengths}
    for word in words:
        if len(word) in by_length:
            by_length[len(word)].append(word)
    scores = words if len(set(words.values())) > 1 else None
    return {n: WordTable.build(ws, n, scores) for n, ws in by_length.items()}


def own_candidates(
    framework: Framework, sites: Sequence[Site], tables: dict[int, WordTable]
) -> dict[int, int]:
    """Each slot's candidates by its length and given letters alone (no arc consistency)."""
    given = framework.predefined()
    bits: dict[int, int] = {}
    for s in sites:
        bits.update(arc_consistent([s], tables, given))
    return bits


def _virtual(site: Site) -> Site:
    """The slot on places of its own: row -1 - id (no grid place has a negative row)."""
    return Site(site.id, -1 - site.id, 0, "across", site.length)


def _letter_options(sites: Iterable[Site], tables: dict[int, WordTable], bits: dict[int, int]) -> dict:
    options: dict[tuple[int, int], set[str]] = {}
    for s in sites:
        for i, cell in enumerate(s.cells()):
            letters = tables[s.length].letters(bits[s.id], i)
            options[cell] = letters if cell not in options else options[cell] & letters
    return options


def _option_facts(options: dict[tuple[int, int], set[str]]) -> Iterable[Symbol]:
    for (r, c), letters in sorted(options.items()):
        for ch in sorted(letters):
            yield Function("option", [Number(r), Number(c), String(ch)])


def _register(solver: Solver, sites: Sequence[Site], tables: dict, bits: dict, no_repeat: bool, seed: int) -> None:
    """The fill's word propagator on ``sites``: compiled when it loads, else the Python one."""
    from . import native

    if native.choose("auto") == "c":
        native.NativePropagator(sites, tables, bits, no_repeat, seed).register(solver.ctl)
    else:
        solver.register_propagator(WordPropagator(sites, tables, bits, no_repeat, seed))


def _options(no_repeat: bool) -> list[str]:
    return ["--sign-def=pos", "-c", f"no_repeat={int(no_repeat)}", "-c", "optimize=0", "-c", "lazy=1"]


class CoreSearch:
    """One control for the whole framework, asked about sets of used slots (``fillable``)."""

    def __init__(
        self, framework: Framework, words: dict[str, int], *, no_repeat: bool = True, seed: int = 0,
        tables: dict[int, WordTable] | None = None,
    ):
        self.framework = framework
        self.sites = framework.sites()
        self.by_id = {s.id: s for s in self.sites}
        self.tables = tables_for(self.sites, words) if tables is None else tables
        self.bits = own_candidates(framework, self.sites, self.tables)
        virtual = [_virtual(s) for s in self.sites]
        self.solver = Solver(list(ENCODINGS), options=_options(no_repeat))
        facts = [*site_facts(Framework(()), virtual), *_option_facts(_letter_options(virtual, self.tables, self.bits))]
        for s, v in zip(self.sites, virtual, strict=True):
            for i, ((vr, vc), (r, c)) in enumerate(zip(v.cells(), s.cells(), strict=True)):
                at = [Number(s.id), Number(i), Number(vr), Number(vc), Number(r), Number(c)]
                facts.append(Function("slot_cell", at))
        self.solver.add_facts(facts)
        _register(self.solver, virtual, self.tables, self.bits, no_repeat, seed)
        self.solver.ground()

    def check(self, slots: Sequence[Site], time_limit: float | None) -> tuple[Status, list[Site]]:
        """Whether the slots can be filled together, and when not, clingo's core among them."""
        assumptions = [(Function("assumed", [Number(s.id)]), True) for s in slots]
        result = self.solver.solve(models=1, time_limit=time_limit, assumptions=assumptions, keep=0)
        core = [self.by_id[sym.arguments[0].number] for sym in result.core if sym.name == "assumed"]
        return result.status, sorted(core or slots, key=lambda s: s.id)


def find_core(
    framework: Framework,
    words: dict[str, int],
    *,
    no_repeat: bool = True,
    seed: int = 0,
    time_limit: float | None = None,
    tables: dict[int, WordTable] | None = None,
) -> Core | None:
    """A set of slots that cannot be filled together, shrunk until minimal while time lasts;
    None when the limit came before any proof (or the framework can be filled).

    The assumption solves allow a word twice: the propagator's "no word twice" would also bind the
    slots left unused. With ``no_repeat`` each slot's removal is then checked again on the slots
    alone (``fillable``), where a word used twice may be what makes a smaller set unfillable.
    ``tables``: the words by length (``tables_for``), when the caller has them already."""
    deadline = None if time_limit is None else time.monotonic() + time_limit
    with runtime.stage("explaining the unfillable grid"):
        sites = framework.sites()
        tables = tables_for(sites, words) if tables is None else tables
        bits = own_candidates(framework, sites, tables)
        empty = [s for s in sites if not bits[s.id]]
        if empty:  # a slot no word fits is a core of its own
            return _core(framework, [empty[0]], True)
        search = CoreSearch(framework, words, no_repeat=False, seed=seed, tables=tables)
        status, core = search.check(search.sites, _left(deadline))
        if status is Status.UNKNOWN:
            return None
        minimal = True
        if status is Status.UNSAT:
            core, minimal = shrink(search, core, deadline)
        elif not no_repeat:
            return None  # fillable
        else:
            core = list(search.sites)  # unfillable only without repeated words
        if no_repeat:
            shrunk, alone = shrink_alone(framework, core, words, deadline, tables)
            if shrunk is None:
                return None
            core, minimal = shrunk, minimal and alone
    return _core(framework, core, minimal)


def shrink(search: CoreSearch, core: list[Site], deadline: float | None) -> tuple[list[Site], bool]:
    """Drop slots one at a time (largest candidate sets first: the likeliest to be free) while the
    rest stays unfillable; a slot whose removal makes the rest fillable is needed."""
    needed: set[int] = set()
    minimal = True
    while True:
        open_ = [s for s in core if s.id not in needed]
        if not open_:
            return core, minimal
        slot = max(open_, key=lambda s: (search.bits[s.id].bit_count(), -s.id))
        left = _left(deadline)
        if left is not None and left <= 0:
            return core, False
        rest = [s for s in core if s.id != slot.id]
        status, smaller = search.check(rest, left) if rest else (Status.SAT, [])
        if status is Status.UNSAT:
            core = smaller
        elif status is Status.SAT:
            needed.add(slot.id)
        else:  # cut by the limit: kept, not shown needed
            needed.add(slot.id)
            minimal = False


def shrink_alone(
    framework: Framework, core: list[Site], words: dict[str, int], deadline: float | None,
    tables: dict[int, WordTable] | None = None,
) -> tuple[list[Site] | None, bool]:
    """The same shrinking with each set of slots solved alone, no word twice: (None, _) when the
    whole set turns out fillable so."""
    if fillable(framework, core, words, time_limit=_left(deadline), tables=tables) is not Status.UNSAT:
        return None, False
    minimal = True
    for slot in sorted(core, key=lambda s: -s.id):
        left = _left(deadline)
        if left is not None and left <= 0:
            return core, False
        rest = [s for s in core if s.id != slot.id]
        status = fillable(framework, rest, words, time_limit=left, tables=tables) if rest else Status.SAT
        if status is Status.UNSAT:
            core = rest
        elif status is Status.UNKNOWN:
            minimal = False
    return core, minimal


def _left(deadline: float | None) -> float | None:
    return None if deadline is None else max(0.0, deadline - time.monotonic())


def _core(framework: Framework, slots: Sequence[Site], minimal: bool) -> Core:
    ordered = tuple(sorted(slots, key=lambda s: s.id))
    return Core(ordered, minimal, tuple(pattern_of(framework, s) for s in ordered))


def fillable(
    framework: Framework,
    slots: Sequence[Site],
    words: dict[str, int],
    *,
    no_repeat: bool = True,
    time_limit: float | None = None,
    tables: dict[int, WordTable] | None = None,
) -> Status:
    """Whether these slots of the framework alone can be filled (the others ignored): the fill's
    own encoding and propagator on the slots' places, an independent check of a core.
    ``tables``: the words by length (``tables_for``), when the caller has them already."""
    tables = tables_for(slots, words) if tables is None else tables
    bits = arc_consistent(slots, tables, framework.predefined())
    if any(not bits[s.id] for s in slots):
        return Status.UNSAT
    solver = Solver([ENCODINGS[0]], options=_options(no_repeat))
    solver.add_facts([*site_facts(framework, slots), *_option_facts(_letter_options(slots, tables, bits))])
    _register(solver, slots, tables, bits, no_repeat, 0)
    return solver.solve(models=1, time_limit=time_limit, keep=0).status


def fewest_candidates(framework: Framework, words: dict[str, int], shown: int = FEWEST_SHOWN) -> list[tuple[Site, int]]:
    """The slots with the fewest candidates after pruning (arc consistency), fewest first: what to
    show when a limit cut the search."""
    from ..reader import Dictionary
    from .pruning import prune

    sites = framework.sites()
    cands = prune(framework, sites, Dictionary(words))
    counts = sorted((cands.bits[s.id].bit_count(), s.id) for s in sites)
    by_id = {s.id: s for s in sites}
    return [(by_id[i], n) for n, i in counts[:shown]]
