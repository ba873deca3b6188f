"""``pyclingo-puzzles strips``: cover black/white grids with strips of distinct colour patterns."""

from __future__ import annotations

import argparse

from ..cli import argtypes, count
from ..core.solve import Status
from ..io.output import print_json, print_stats
from .api import HuntResult, hunt, tile
from .tiling import outline, side_by_side

NAME = "strips"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file", nargs="+", metavar="FILE",
        help="YAML instance (strip_lengths, grids: [{name, rows, letters}], final_grid)"
    )
    parser.add_argument(
        "--per-row", type=argtypes.positive_int, default=5, metavar="N", help="outlines side by side (default 5)"
    )
    parser.add_argument(
        "--bottom-up", action="store_true", help="draw row 0 at the bottom (the original write-up's pictures)"
    )
    count.add_argument(parser, help="count all tilings of every grid and print only the numbers, one line per grid, "
                       "with --hunt the meta grid's last (exit 30; with --time-limit lower bounds, printed as "
                       "'at least N', exit 11)")
    parser.add_argument(
        "--hunt", action="store_true",
        help="hunt chain: 1x1 cells -> meta grid -> solve it -> cells of the all-black strips",
    )


def run(args: argparse.Namespace) -> int:
    common = {"count": args.count, "rules": args.rules, "models": args.models, "seed": args.seed,
              "time_limit": args.time_limit}
    chain = hunt(args.file, **common) if args.hunt else HuntResult(tile(args.file, **common))
    result, meta = chain.grids, chain.meta
    if args.json:
        print_json(chain.to_json(args.count))
    elif args.count:
        counted = result.grids + (chain.meta_result.grids if chain.meta_result is not None else [])
        for g in counted:  # with --hunt the meta grid last, named meta
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
        for g in result.grids:
            if g.status is Status.UNSAT:
                from ..core.rules import describe_rules  # the user-rules machinery loads on use

                print(f"{g.name}: no tiling (proved unsolvable){describe_rules(g.rules_to_blame)}")
        if result.status is Status.UNKNOWN:
            print(f"{args.file}: not all grids solved within the time limit")
        if meta is not None:
            print("\nmeta grid (each grid's 1x1 colour at its position):")
            print("\n".join(meta.grid.rows))
            if meta.matches_final is not None:
                print("matches final_grid" if meta.matches_final else "warning: differs from final_grid in the file")
            meta_tiling = chain.meta_tiling
            if meta_tiling is not None:
                print(side_by_side([outline(meta_tiling, args.bottom_up)], 1))
                cells = chain.black_cells
                print(f"all-black strips cover {len(cells)} cells: " + " ".join(f"({r},{c})" for r, c in cells))
                if chain.letters:
                    print(f"letters: {chain.letters}")
            else:
                print("meta grid: no tiling")
    if args.stats:
        print_stats(result.stats)
    return chain.exit_code
