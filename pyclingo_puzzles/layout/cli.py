"""``pyclingo-puzzles layout``: the best free-form crossword from a word list, numbered and clued."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from ..core import apicheck
from ..formats import instances, pagetext
from ..formats.args import add_html_argument, add_input, add_pdf_arguments
from ..formats.ipuz import to_text as ipuz_text
from ..formats.output import warn
from ..formats.report import Report
from ..run import runtime
from . import dual, render
from .api import LayoutResult
from .grid import Layout
from .options import DEFAULT_TIME_LIMIT, LayoutOptions
from .reader import read_instance

NAME = "layout"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_input(
        parser,
        "YAML word list (words: strings or {word, clue}; max_width, ...) or a .txt word list (a word a line, "
        "the rest of the line its clue)",
    )
    parser.add_argument(
        "--svg", type=Path, metavar="FILE", help="write the numbered blank puzzle with its clues (SVG; - for stdout)"
    )
    parser.add_argument("--svg-key", type=Path, metavar="FILE", help="write the filled puzzle (SVG)")
    parser.add_argument("--ipuz", type=Path, metavar="FILE", help="write the puzzle as .ipuz (open crossword JSON)")
    parser.add_argument("--puz", type=Path, metavar="FILE", help="write the puzzle as Across Lite .puz, with its clues")
    add_pdf_arguments(parser, "write printable pages: the numbered blank grid with its clues, then the solution")
    add_html_argument(parser, "fill the grid from its clues, with checks and reveals")


def run(args: argparse.Namespace) -> Report:
    options = layout_options(args).checked(args.file, command=True)
    run_limits = runtime.current()
    started = run_limits.started if run_limits is not None else time.monotonic()  # the process start
    if args.time_limit is None and run_limits is not None and run_limits.time_limit is None:
        run_limits.time_limit = options.time_limit  # no --time-limit: this command's default bounds the whole run
    src = instances.given(args.file, args.words)
    inst = read_instance(src)
    outcome = dual.arrange(inst, options, started=started, warn=warn)
    result = LayoutResult(inst, outcome)
    layout = result.layout
    default = render.page_text(inst)
    asked = pagetext.PageAsked(args.title, args.instructions, args.name_line)
    page = asked.page(inst.title or instances.title(args.file, "Crossword"), default.instructions)
    return Report(
        result.clingo_code,
        text=lambda: result.text(src.name) + "\n",
        json=result.to_json,
        files={
            "svg": lambda: render.svg(_drawn(layout), inst, key=False, text=page),
            "svg_key": lambda: render.svg(_drawn(layout), inst, key=True, text=page),
            "ipuz": lambda: ipuz_text(result.to_ipuz()),
            "puz": result.to_puz,
            "pdf": lambda: pdf(render.pdf_sheet(_drawn(layout), inst, page), args, page.title),
            "html": lambda: result.to_html(**asked.html(page.title)),
        },
        stats=result.stats,
        answered=layout is not None,
    )


def layout_options(args: argparse.Namespace) -> LayoutOptions:
    """The options of this run, from the arguments (once: nothing below changes them). --jobs 1 (and
    each file of a batch, whose pool already uses the cores): one search, no worker."""
    time_limit = DEFAULT_TIME_LIMIT if args.time_limit is None else args.time_limit
    return LayoutOptions(rules=tuple(apicheck.rule_files(args.rules)), seed=args.seed, time_limit=time_limit,
                         workers=args.jobs > 1, models=args.models)  # fmt: skip


def pdf(sheet, args: argparse.Namespace, title: str):
    from ..formats.pdf import output_budget, render

    return render([sheet], args.paper, title, output_budget())


def _drawn(layout: Layout | None) -> Layout:
    """The layout an output file draws (files are made only for an answer: ``Report.answered``)."""
    if layout is None:
        raise ValueError("no layout to draw")
    return layout
