"""``pyclingo-puzzles strips``: cover black/white grids with strips of distinct colour patterns."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..core import apicheck
from ..core.solve import Status
from ..formats import args as argtypes
from ..formats import count, pagetext
from ..formats.report import Report
from . import render
from .api import HuntResult, instance_of, run_with
from .options import StripsOptions
from .render import pdf_sheets as render_sheets
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
                       "with --hunt the meta grid's last (with --time-limit lower bounds, printed as "
                       "'at least N')")
    parser.add_argument(
        "--svg", type=Path, metavar="FILE", help="write the outlines as an SVG drawing (- for standard output)"
    )
    argtypes.add_pdf_arguments(parser, "write the outlines as printable pages, one grid a page")
    argtypes.add_html_argument(parser, "cover every tiled grid with strips by hand, check it, show a solution")
    parser.add_argument(
        "--hunt", action="store_true",
        help="hunt chain: 1x1 cells -> meta grid -> solve it -> cells of the all-black strips",
    )


def run(args: argparse.Namespace) -> Report:
    chain = run_with(instance_of(args.file), strips_options(args))
    drawn = [g.tilings[0] for g in chain.grids.grids if g.tilings]
    if chain.meta_tiling is not None:
        drawn.append(chain.meta_tiling)
    # a grid (or the meta grid) proved untileable: no answer, so no file (a drawing without it
    # would pass for the whole instance's)
    proved_none = chain.grids.status is Status.UNSAT or (
        chain.meta_result is not None and chain.meta_result.status is Status.UNSAT
    )
    asked = pagetext.PageAsked(args.title, args.instructions, args.name_line)
    page = asked.page(Path(args.file).stem, render.INSTRUCTIONS)
    return Report(
        chain.clingo_code,
        text=lambda: text(args, chain),
        json=lambda: chain.to_json(args.count),
        files={
            "svg": lambda: render.svg(drawn, args.per_row, args.bottom_up, page),
            "pdf": lambda: pdf(drawn, args, page),
            "html": lambda: chain.to_html(**asked.html(page.title)),
        },
        stats=chain.grids.stats,
        answered=bool(drawn) and not args.count and not proved_none,
    )


def strips_options(args: argparse.Namespace) -> StripsOptions:
    """The options of this run, from the arguments (once: nothing below changes them)."""
    return StripsOptions(rules=tuple(apicheck.rule_files(args.rules)), models=args.models, seed=args.seed,
                         time_limit=args.time_limit, count_only=args.count, hunt=args.hunt)  # fmt: skip


def pdf(drawn: list, args: argparse.Namespace, page: pagetext.PageText):
    from ..formats.pdf import output_budget, render

    return render(render_sheets(drawn, page, args.bottom_up), args.paper, page.title, output_budget())


def text(args: argparse.Namespace, chain: HuntResult) -> str:
    """What a text run prints: the outlines side by side, counts, what is unsolved, the hunt chain."""
    result, meta = chain.grids, chain.meta
    out: list[str] = []
    if args.count:
        counted = result.grids + (chain.meta_result.grids if chain.meta_result is not None else [])
        for g in counted:  # with --hunt the meta grid last, named meta
            out.append(f"{g.name}: {'' if g.exhausted else 'at least '}{g.count}")
        return "".join(line + "\n" for line in out)
    solved = [g.tilings[0] for g in result.grids if g.tilings]
    if solved:
        out.append(side_by_side([outline(t, args.bottom_up) for t in solved], args.per_row))
    if result.shown is not None:
        out.append(f"shown: {' '.join(result.shown)}")
    if args.models != 1:
        for g in result.grids:
            if len(g.tilings) > 1:  # --models N: every tiling found, side by side
                out.append(f"\n{g.name}, {len(g.tilings)} tilings:")
                out.append(side_by_side([outline(t, args.bottom_up) for t in g.tilings], args.per_row))
        for g in result.grids:
            out.append(f"{g.name}: {'' if g.exhausted else 'at least '}{g.count} tiling(s)")
    for g in result.grids:
        if g.status is Status.UNSAT:
            from ..core.blame import describe_rules

            out.append(f"{g.name}: no tiling (proved unsolvable){describe_rules(g.rules_to_blame)}")
    if result.status is Status.UNKNOWN:
        out.append(f"{args.file}: not all grids solved within the time limit")
    if meta is not None:
        out.append("\nmeta grid (each grid's 1x1 colour at its position):")
        out.append("\n".join(meta.grid.rows))
        if meta.matches_final is not None:
            out.append("matches final_grid" if meta.matches_final else "warning: differs from final_grid in the file")
        meta_tiling = chain.meta_tiling
        if meta_tiling is not None:
            out.append(side_by_side([outline(meta_tiling, args.bottom_up)], 1))
            cells = chain.black_cells
            out.append(f"all-black strips cover {len(cells)} cells: " + " ".join(f"({r},{c})" for r, c in cells))
            if chain.letters:
                out.append(f"letters: {chain.letters}")
        else:
            out.append("meta grid: no tiling")
    return "".join(line + "\n" for line in out)
