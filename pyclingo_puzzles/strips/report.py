"""A strips run as the command reports it: plain values in (the file, the options, the outlines'
layout, the printed pages' text), a ``Report`` out. The command's options: ``cli/commands/strips.py``."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from ..core.solve import Status
from ..formats.pagetext import PageAsked, PageText
from ..formats.report import Report
from . import render
from .api import HuntResult, instance_of, run_with
from .options import StripsOptions
from .render import pdf_sheets as render_sheets
from .tiling import outline, side_by_side

NAME = "strips"
# the files a run offers (``Report.files``), as data: the command and the web app read it
OUTPUTS = ("svg", "pdf", "html")


def run(
    file: Path | str, options: StripsOptions, *, page: PageAsked, paper: str = "a4", per_row: int = 5,
    bottom_up: bool = False,
) -> Report:
    """One run as the command reports it: ``file`` read once and solved with ``options``; the
    outlines ``per_row`` side by side, row 0 at the bottom with ``bottom_up``; the printed pages
    ``page`` on ``paper``."""
    chain = run_with(instance_of(file), options)
    drawn = [g.tilings[0] for g in chain.grids.grids if g.tilings]
    if chain.meta_tiling is not None:
        drawn.append(chain.meta_tiling)
    # a grid (or the meta grid) proved untileable: no answer, so no file (a drawing without it
    # would pass for the whole instance's)
    proved_none = chain.grids.status is Status.UNSAT or (
        chain.meta_result is not None and chain.meta_result.status is Status.UNSAT
    )
    text_of = page.page(Path(file).stem, render.INSTRUCTIONS)
    shown = Shown(file, options.models, options.count_only, per_row, bottom_up)
    return Report(
        chain.clingo_code,
        text=lambda: text(shown, chain),
        json=lambda: chain.to_json(options.count_only),
        files={
            "svg": lambda: render.svg(drawn, per_row, bottom_up, text_of),
            "pdf": lambda: pdf(drawn, paper, bottom_up, text_of),
            "html": lambda: chain.to_html(**page.html(text_of.title)),
        },
        stats=chain.grids.stats,
        answered=bool(drawn) and not options.count_only and not proved_none,
    )


class Shown(NamedTuple):
    """What the text shows: the file's name, the models and count asked, the outlines' layout."""

    file: Path | str
    models: int
    count_only: bool
    per_row: int
    bottom_up: bool


def pdf(drawn: list, paper: str, bottom_up: bool, page: PageText):
    from ..formats.pdf import output_budget, render

    return render(render_sheets(drawn, page, bottom_up), paper, page.title, output_budget())


def text(args: Shown, chain: HuntResult) -> str:
    """What a text run prints: the outlines side by side, counts, what is unsolved, the hunt chain."""
    result, meta = chain.grids, chain.meta
    out: list[str] = []
    if args.count_only:
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
