"""The strips family from Python: ``tile`` (cover grids with strips of distinct patterns) and
``hunt`` (the MUMS chain), returning the results the CLI prints from.

>>> from pyclingo_puzzles import strips
>>> result = strips.tile([["bw", "wb"]], count=True)
>>> result.status, [g.count for g in result.grids]
(<Status.SAT: 'SAT'>, [4])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..core import apicheck, messages
from ..core.errors import InputError
from ..core.schema import build
from ..core.solve import Status
from ..formats.yamlio import DataDoc
from .bounded import solve_within
from .hunt import Meta, assemble, black_cells
from .options import StripsOptions
from .reader import DEFAULT_LENGTHS, MAX_LENGTH, StripsInstance, from_doc, read_instance
from .solver import Pages, StripsResult, solve_with
from .tiling import Tiling

__all__ = ["HuntResult", "StripsResult", "hunt", "tile"]

Rules = Sequence[str | Path]
Grids = str | Path | StripsInstance | Sequence[Sequence[str]] | Mapping[str, Sequence[str]]


def instance_of(grids: Grids, lengths: Sequence[int] | None = None) -> StripsInstance:
    """A file, an instance, a list of grids (each a list of ``b``/``w`` row strings) or a mapping
    name -> rows; checked as the YAML reader checks a file."""
    if lengths is not None:
        lengths = [apicheck.whole(n, "lengths: each", 1, MAX_LENGTH) for n in apicheck.items(lengths, "lengths")]
        if not lengths:
            raise InputError("lengths must hold at least one strip length", apicheck.ARGS)
    if isinstance(grids, StripsInstance):
        return grids if lengths is None else replace(grids, strip_lengths=tuple(sorted(set(lengths))))
    if isinstance(grids, str | Path):
        instance = read_instance(grids)
        return instance if lengths is None else replace(instance, strip_lengths=tuple(sorted(set(lengths))))
    if isinstance(grids, Mapping):
        entries = [{"name": name, "rows": _rows(rows)} for name, rows in grids.items()]
    else:
        entries = [{"rows": _rows(rows)} for rows in apicheck.items(grids, "grids")]
    data = {"grids": entries, "strip_lengths": list(lengths or DEFAULT_LENGTHS)}
    return from_doc(DataDoc("<grids>", data))


def _rows(rows: Any) -> Any:
    """A grid's rows as a list when they are an iterable; anything else goes to the checks as it is."""
    if isinstance(rows, str | bytes):
        return rows
    try:
        return list(rows)
    except TypeError:
        return rows


@messages.one_run
def tile(
    grids: Grids,
    *,
    count: bool = False,
    lengths: Sequence[int] | None = None,
    rules: Rules = (),
    models: int = 1,
    seed: int | None = None,
    time_limit: float | None = None,
) -> StripsResult:
    """Tile every grid; ``count`` (or ``models`` = 0) counts all tilings of each."""
    options = strips_options(count=count, rules=rules, models=models, seed=seed, time_limit=time_limit)
    return solve_within(instance_of(grids, lengths), options)  # a large instance grounds in a worker: bounded


def strips_options(**keywords: Any) -> StripsOptions:
    """``tile``'s and ``hunt``'s keywords (``rules`` to ``hunt``), each checked by its field, as one
    ``StripsOptions`` (the command's ``strips_options``)."""
    return build(StripsOptions, keywords)


def run_with(instance: StripsInstance, options: StripsOptions) -> HuntResult:
    """``tile`` or (``options.hunt``) ``hunt`` over a read instance: the command's way in."""
    return hunt_with(instance, options) if options.hunt else HuntResult(solve_within(instance, options))


@dataclass
class HuntResult(Pages):
    """The MUMS chain: the grids' tilings, the meta grid built from their 1x1 cells, its tiling."""

    grids: StripsResult
    meta: Meta | None = None
    meta_result: StripsResult | None = None

    @property
    def status(self) -> Status:
        if self.grids.status is not Status.SAT or self.meta_result is None:
            return self.grids.status
        return self.meta_result.status

    @property
    def meta_tiling(self) -> Tiling | None:
        if self.meta_result is not None and self.meta_result.grids[0].tilings:
            return self.meta_result.grids[0].tilings[0]
        return None

    @property
    def black_cells(self) -> list[tuple[int, int]]:
        tiling = self.meta_tiling
        return black_cells(tiling) if tiling is not None else []

    @property
    def letters(self) -> str | None:
        if self.meta is None or self.meta.grid.letters is None or self.meta_tiling is None:
            return None
        return "".join(self.meta.grid.letters[r][c] for r, c in self.black_cells)

    @property
    def clingo_code(self) -> int:
        code = self.grids.clingo_code
        if self.meta_result is not None and self.meta_result.clingo_code in (20, 1, 11):
            code = self.meta_result.clingo_code
        return code

    def drawn(self) -> list[Tiling]:
        """The tilings the pages draw: each grid's first, then the meta grid's."""
        meta = self.meta_tiling
        return self.grids.drawn() + ([meta] if meta is not None else [])

    @property
    def strip_lengths(self) -> tuple[int, ...]:  # type: ignore[override]
        return self.grids.strip_lengths

    def to_json(self, count: bool = False) -> dict[str, Any]:
        """The CLI's ``--json`` document (``count``: with the totals of ``--count``)."""
        out = grids_json(self.grids, count)
        if self.meta is not None and self.meta_result is not None:
            tiling = self.meta_tiling
            out["hunt"] = {
                "meta_grid": list(self.meta.grid.rows),
                "matches_final_grid": self.meta.matches_final,
                "status": self.meta_result.status.value,
                "count": self.meta_result.grids[0].count,
                "strips": [s.as_dict() for s in tiling.strips] if tiling else [],
                "black_cells": [list(c) for c in self.black_cells],
                "letters": self.letters,
            }
        return out


@messages.one_run
def hunt(
    grids: Grids,
    *,
    count: bool = False,
    rules: Rules = (),
    models: int = 1,
    seed: int | None = None,
    time_limit: float | None = None,
) -> HuntResult:
    """Tile every grid, put each grid's single 1x1 cell colour at that cell's position (the meta
    grid), tile the meta grid: its all-black strips give the answer (MUMS 2010: DOMINO)."""
    options = strips_options(count=count, rules=rules, models=models, seed=seed, time_limit=time_limit, hunt=True)
    return hunt_with(instance_of(grids), options)


def hunt_with(instance: StripsInstance, options: StripsOptions) -> HuntResult:
    """``hunt`` over a read instance."""
    result = solve_with(instance, options)
    if result.status is not Status.SAT:
        return HuntResult(result)
    meta = assemble(instance, [g.tilings[0] for g in result.grids])
    meta_instance = replace(instance, grids=(meta.grid,), final_grid=None)
    return HuntResult(result, meta, solve_with(meta_instance, options))


def grids_json(result: StripsResult, count: bool = False) -> dict[str, Any]:
    """The CLI's ``--json`` document for the grids."""
    out: dict[str, Any] = {
        "status": result.status.value,
        "grids": [
            {
                "name": g.name,
                "status": g.status.value,
                "count": g.count,
                "strips": [s.as_dict() for s in g.tilings[0].strips] if g.tilings else [],
                # --models N: every tiling found, the first one again at the head
                **({"tilings": [[s.as_dict() for s in t.strips] for t in g.tilings]} if len(g.tilings) > 1 else {}),
                **({"rules_to_blame": list(g.rules_to_blame)} if g.rules_to_blame else {}),
            }
            for g in result.grids
        ],
    }
    if count:  # the total on top; per grid its count and one tiling (as without --count)
        out = {"count": sum(g.count for g in result.grids), "exhausted": result.exhausted, **out}
    if result.shown is not None:
        out["shown"] = list(result.shown)
    return out

