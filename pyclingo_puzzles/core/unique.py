"""One answer, proved: whether a puzzle's answer is its only one, where two answers differ, and the
fewest givens that make it the only one (any family: fill-in starters, codeword givens).

A family supplies an *oracle*: given a set of givens (places whose answer letter is shown), it
returns ``None`` when the answer is then the only one, or the places where some other answer
that agrees with those givens differs from it (any set of givens that rules that answer out has
a place there). ``fewest_givens`` is the implicit hitting set method: the smallest set meeting
every difference found so far (clingo, ``encodings/givens.lp``) is asked of the oracle; when it
does not suffice, the new difference joins the sets. When the sets are met by a set the oracle
accepts, no smaller set can be enough (each set must be met): ``"smallest"``. When the time runs
out first, the last hitting set is completed greedily and then shrunk until no given can be left
out: ``"subset"``. The oracle's monotonicity (more givens never admit another answer) is what
both need; "the answer is unique" and "propagation solves it" both have it.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Generic, NamedTuple, TypeVar

import clingo

from .solve import Solver

Cell = tuple[int, int]  # (row, column), 0-based
T = TypeVar("T", bound=Hashable)
Oracle = Callable[[frozenset[T]], "Iterable[T] | None"]

SMALLEST = "smallest"  # no fewer givens make the answer unique (proved)
SUBSET = "subset"  # no given of these can be left out (the limit came before a proof of the smallest)
NOT_MINIMAL = "none"  # the limit came before the givens were shrunk: enough, not shown minimal
OPTIMIZE = ("--opt-strategy=usc",)  # core-guided: proves a hitting set smallest faster than branch and bound
DIFFER_SHOWN = 8  # cells named in a verdict's text (the JSON lists them all)


class Uniqueness(NamedTuple):
    """Whether an answer is the only one: ``unique`` True (proved: the search for a second one
    ended without one), False (a second answer, and ``differ``, where the two differ; or no
    answer at all, proved: ``differ`` empty), or None (the limit came first)."""

    unique: bool | None
    differ: tuple[Cell, ...] = ()

    def as_json(self) -> dict[str, object]:
        """``{"unique": ..., "differ": [{"row", "col"}, ...]}`` (differ only with a second answer)."""
        out: dict[str, object] = {"unique": self.unique}
        if self.differ:
            out["differ"] = [{"row": r, "col": c} for r, c in self.differ]
        return out

    def text(self) -> str:
        """The verdict in words, as a result's text ends with it."""
        if self.unique:
            return "unique (proved: no second solution)"
        if self.differ:
            shown = ", ".join(f"({r}, {c})" for r, c in self.differ[:DIFFER_SHOWN])
            more = " ..." if len(self.differ) > DIFFER_SHOWN else ""
            cells = f"{len(self.differ)} cell" + ("" if len(self.differ) == 1 else "s")
            return f"not unique: two solutions differ in {cells} (row, column): {shown}{more}"
        if self.unique is False:
            return "not unique: no solution at all (proved)"
        return "uniqueness unknown: the limit came before the search for a second solution ended"


def differ_cells(first: Sequence[str], second: Sequence[str]) -> tuple[Cell, ...]:
    """The cells (row-major) where two grids of rows differ; a cell one grid lacks differs."""
    cells = []
    for r in range(max(len(first), len(second))):
        a = first[r] if r < len(first) else ""
        b = second[r] if r < len(second) else ""
        cells += [(r, c) for c in range(max(len(a), len(b))) if c >= len(a) or c >= len(b) or a[c] != b[c]]
    return tuple(cells)


def of_answers(grids: Sequence[Sequence[str]], exhausted: bool) -> Uniqueness:
    """The verdict from a search for two answers (grids of rows): one and ``exhausted`` (the search
    proved there is no other) is unique; two differ where ``differ_cells`` says; none and
    ``exhausted`` (proved unsolvable) is not unique; a cut search decides nothing."""
    if len(grids) >= 2:
        return Uniqueness(False, differ_cells(grids[0], grids[1]))
    if not exhausted:
        return Uniqueness(None)
    return Uniqueness(bool(grids))


class Givens(NamedTuple, Generic[T]):
    """The givens found: ``places`` (sorted when they sort), how ``minimal`` they are (``SMALLEST``,
    ``SUBSET`` or ``NOT_MINIMAL``) and how many times the oracle was asked."""

    places: tuple[T, ...]
    minimal: str
    checks: int


class NoGivens(ValueError):
    """No set of givens makes the answer unique (the oracle found a difference among the givens)."""


def fewest_givens(
    oracle: Oracle[T], *, deadline: float | None = None, seed: int | None = None,
    sets: list[frozenset[T]] | None = None,
) -> Givens[T] | None:  # fmt: skip
    """The fewest givens the ``oracle`` accepts (see the module's docstring); ``deadline`` a
    ``time.monotonic()`` time after which no proof of the smallest is sought; None when even the
    greedy completion ran out of time. ``sets``: differences known already, which every accepted
    set meets (an easier oracle's: a stricter one starts from them), extended in place. Raises
    ``NoGivens`` when the oracle's difference lies within the givens asked (nothing can rule that
    answer out)."""
    sets = [] if sets is None else sets
    checks = 0
    chosen: frozenset[T] = frozenset()
    while not _late(deadline):
        hitting = smallest_hitting_set(sets, seed, deadline)
        if hitting is None:  # the optimisation was cut: complete the last one found
            break
        chosen = hitting
        found = oracle(chosen)
        checks += 1
        if found is None:
            return Givens(_sorted(chosen), SMALLEST, checks)
        sets.append(_new_set(found, chosen))
        checks += _more_differences(oracle, chosen | sets[-1], sets, deadline)
    return _greedy(oracle, chosen, sets, checks, deadline)


def _more_differences(oracle: Oracle[T], given: frozenset[T], sets: list[frozenset[T]], deadline: float | None) -> int:
    """More differences before the next (costly) hitting set: with every place of the differences
    found given, each other answer the oracle still finds differs elsewhere, a set disjoint from
    them (MaxHS's disjoint cores); until the oracle accepts. Returns the checks made."""
    checks = 0
    while not _late(deadline):
        found = oracle(given)
        checks += 1
        if found is None:
            break
        sets.append(_new_set(found, given))
        given |= sets[-1]
    return checks


def _new_set(found: Iterable[T], chosen: frozenset[T]) -> frozenset[T]:
    places = frozenset(found) - chosen
    if not places:
        raise NoGivens("another answer agrees with every given: no givens make the answer unique")
    return places


def _greedy(
    oracle: Oracle[T], chosen: frozenset[T], sets: list[frozenset[T]], checks: int, deadline: float | None
) -> Givens[T] | None:
    """Givens from ``chosen`` on: add the place met by most differences found until the oracle
    accepts, then leave out each given the oracle does not need (a second's grace past the deadline:
    each check is one search, and an answer with more givens than needed is still an answer)."""
    counts = Counter(p for s in sets for p in s)
    givens = set(chosen)
    while (found := oracle(frozenset(givens))) is not None:
        checks += 1
        places = _new_set(found, frozenset(givens))
        counts.update(places)
        givens.add(max(_sorted(places), key=lambda p: counts[p]))
        if _late(deadline, grace=1.0):
            return None
    checks += 1
    for place in sorted(givens, key=lambda p: counts[p]):
        if _late(deadline, grace=1.0):
            return Givens(_sorted(givens), NOT_MINIMAL, checks)
        checks += 1
        if oracle(frozenset(givens - {place})) is None:
            givens.discard(place)
    return Givens(_sorted(givens), SUBSET, checks)


def smallest_hitting_set(
    sets: Sequence[frozenset[T]], seed: int | None = None, deadline: float | None = None
) -> frozenset[T] | None:
    """The smallest set meeting each of ``sets`` (clingo's optimisation, ``givens.lp``); None when
    the deadline cut the proof of the optimum."""
    if not sets:
        return frozenset()
    places = sorted({p for s in sets for p in s}, key=repr)
    number = {p: i for i, p in enumerate(places)}
    solver = Solver(["givens.lp"], seed=seed, distinct=False, options=OPTIMIZE)
    solver.add_facts(
        clingo.Function("meets", [clingo.Number(k), clingo.Number(number[p])]) for k, s in enumerate(sets) for p in s
    )
    left = None if deadline is None else max(0.0, deadline - time.monotonic())
    result = solver.solve(models=0, keep=1, time_limit=left, reports=False)
    if not result.answers or not result.exhausted:
        return None
    return frozenset(places[sym.arguments[0].number] for sym in result.answers[-1].symbols)


def hitting_sets(
    sets: Sequence[frozenset[T]], size: int, most: int, seed: int | None = None, deadline: float | None = None
) -> list[frozenset[T]]:
    """Up to ``most`` sets of exactly ``size`` places meeting each of ``sets`` (clingo's
    enumeration, ``givens.lp`` with ``size``): the candidates when the smallest must also pass a
    second test (a fill-in's "hard")."""
    places = sorted({p for s in sets for p in s}, key=repr)
    if not sets or size <= 0:
        return [frozenset()] if not sets else []
    number = {p: i for i, p in enumerate(places)}
    options = ("--opt-mode=ignore", "-c", f"size={int(size)}")
    solver = Solver(["givens.lp"], seed=seed, distinct=False, options=options)
    solver.add_facts(
        clingo.Function("meets", [clingo.Number(k), clingo.Number(number[p])]) for k, s in enumerate(sets) for p in s
    )
    left = None if deadline is None else max(0.0, deadline - time.monotonic())
    result = solver.solve(models=most, keep=most, time_limit=left, reports=False)
    return [frozenset(places[sym.arguments[0].number] for sym in answer.symbols) for answer in result.answers]


def _sorted(places: Iterable[T]) -> tuple[T, ...]:
    try:
        return tuple(sorted(places))  # type: ignore[type-var]
    except TypeError:
        return tuple(sorted(places, key=repr))


def _late(deadline: float | None, grace: float = 0.0) -> bool:
    return deadline is not None and time.monotonic() >= deadline + grace
