"""``pyclingo-puzzles strips``: cover black/white grids with strips of distinct colour patterns."""

from __future__ import annotations

import argparse
from dataclasses import replace
from typing import Any

from .. import count
from ..output import print_json, print_stats
from ..solve import Status
from .hunt import assemble, black_cells
from .instance import read_instance
from .solver import StripsResult, solve_grids
from .tiling import Tiling, outline, side_by_side

NAME = "strips"
HELP = "strip exact cover of black/white grids (MUMS 2010 'Black and White')"


def _per_row(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be >= 1")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="YAML instance (strip_lengths, grids: [{name, rows, letters}], final_grid)")
    parser.add_argument("--per-row", type=_per_row, default=5, metavar="N", help="outlines side by side (default 5)")
    parser.add_argument(
        "--bottom-up", action="store_true", help="draw row 0 at the bottom (the original write-up's pictures)"
    )
    count.add_argument(parser, help="count all tilings of every grid and print only the numbers, one line per grid "
                       "(exit 30; with --time-limit lower bounds, printed as 'at least N', exit 11)")
    parser.add_argument(
        "--hunt", action="store_true",
        help="hunt chain: 1x1 cells -> meta grid -> solve it -> cells of the all-black strips",
    )


def _grid_json(result: StripsResult) -> list[dict[str, Any]]:
    return [
        {
            "name": g.name,
            "status": g.status.value,
            "count": g.count,
            "strips": [s.as_dict() for s in g.tilings[0].strips] if g.tilings else [],
        }
        for g in result.grids
    ]


def run(args: argparse.Namespace) -> int:
    instance = read_instance(args.file)
    common = {"rules": args.rules, "seed": args.seed, "time_limit": args.time_limit}
    result = solve_grids(instance, models=args.models, count=args.count, **common)
    meta = meta_result = None
    if args.hunt and result.status is Status.SAT:
        meta = assemble(instance, [g.tilings[0] for g in result.grids])
        meta_instance = replace(instance, grids=(meta.grid,), final_grid=None)
        meta_result = solve_grids(meta_instance, models=args.models, count=args.count, **common)

    meta_tiling: Tiling | None = None
    if meta_result is not None and meta_result.grids[0].tilings:
        meta_tiling = meta_result.grids[0].tilings[0]
    if args.json:
        out: dict[str, Any] = {"status": result.status.value, "grids": _grid_json(result)}
        if args.count:  # the total on top; per grid its count and one tiling (as without --count)
            out = {"count": sum(g.count for g in result.grids), "exhausted": result.exhausted, **out}
        if result.shown is not None:
            out["shown"] = list(result.shown)
        if meta is not None and meta_result is not None:
            out["hunt"] = {
                "meta_grid": list(meta.grid.rows),
                "matches_final_grid": meta.matches_final,
                "status": meta_result.status.value,
                "count": meta_result.grids[0].count,
                "strips": [s.as_dict() for s in meta_tiling.strips] if meta_tiling else [],
                "black_cells": [list(c) for c in black_cells(meta_tiling)] if meta_tiling else [],
                "letters": _letters(meta.grid.letters, meta_tiling),
            }
        print_json(out)
    elif args.count:
        for g in result.grids:
            print(f"{g.name}: {'' if g.exhausted else 'at least '}{g.count}")
    else:
        solved = [g.tilings[0] for g in result.grids if g.tilings]
        if solved:
            print(side_by_side([outline(t, args.bottom_up) for t in solved], args.per_row))
        if result.shown is not None:
            print(f"shown: {' '.join(result.shown)}")
        if args.models != 1:
            for g in result.grids:
                print(f"{g.name}: {'' if g.exhausted else 'at least '}{g.count} tiling(s)")
        for name in result.unsolvable():
            print(f"{name}: no tiling (proved unsolvable)")
        if result.status is Status.UNKNOWN:
            print(f"{args.file}: not all grids solved within the time limit")
        if meta is not None:
            print("\nmeta grid (each grid's 1x1 colour at its position):")
            print("\n".join(meta.grid.rows))
            if meta.matches_final is not None:
                print("matches final_grid" if meta.matches_final else "warning: differs from final_grid in the file")
            if meta_tiling is not None:
                print(side_by_side([outline(meta_tiling, args.bottom_up)], 1))
                cells = black_cells(meta_tiling)
                print(f"all-black strips cover {len(cells)} cells: " + " ".join(f"({r},{c})" for r, c in cells))
                letters = _letters(meta.grid.letters, meta_tiling)
                if letters:
                    print(f"letters: {letters}")
            else:
                print("meta grid: no tiling")
    if args.stats:
        print_stats(result.stats)
    code = result.exit_code
    if meta_result is not None and meta_result.exit_code in (20, 1, 11):
        code = meta_result.exit_code
    return code


def _letters(letters: tuple[str, ...] | None, tiling: Tiling | None) -> str | None:
    if letters is None or tiling is None:
        return None
    return "".join(letters[r][c] for r, c in black_cells(tiling))
