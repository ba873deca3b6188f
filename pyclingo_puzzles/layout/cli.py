"""``pyclingo-puzzles layout``: the best free-form crossword from a word list, numbered and clued."""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from .. import runtime
from ..ipuz import write_ipuz
from ..outfiles import check_output_paths
from ..output import print_json, print_stats, warn
from . import render
from .reader import read_instance
from .search import Outcome, Search

NAME = "layout"
HELP = "build a crossword from a word list: every word placed, most crossings, smallest box"
DEFAULT_TIME_LIMIT = 10.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="YAML word list (words: strings or {word, clue}; max_width, ...)")
    parser.add_argument("--svg", type=Path, metavar="FILE", help="write the numbered blank puzzle with its clues (SVG)")
    parser.add_argument("--svg-key", type=Path, metavar="FILE", help="write the filled puzzle (SVG)")
    parser.add_argument("--ipuz", type=Path, metavar="FILE", help="write the puzzle as .ipuz (open crossword JSON)")


def verdict(outcome: Outcome) -> str:
    layout = outcome.layout
    assert layout is not None
    figures = f"{layout.crossings} crossings, {layout.height}x{layout.width} box ({layout.area} cells)"
    if not outcome.optimal:
        return f"{figures}: not proved optimal"
    if outcome.proved_box is None:
        return f"{figures}: optimal"
    h, w = outcome.proved_box
    return f"{figures}: optimal (proved for every layout within {h}x{w})"


def run(args: argparse.Namespace) -> int:
    run_limits = runtime.current()
    started = run_limits.started if run_limits is not None else time.monotonic()  # the process start
    time_limit = args.time_limit
    if time_limit is None:
        # add_common has no per-family default: this command's own default bounds the whole run
        time_limit = DEFAULT_TIME_LIMIT
        if run_limits is not None and run_limits.time_limit is None:
            run_limits.time_limit = time_limit
    check_output_paths({"--svg": args.svg, "--svg-key": args.svg_key, "--ipuz": args.ipuz})
    inst = read_instance(args.file)
    if args.models != 1:
        warn("layout computes one best layout; --models is ignored")
    outcome = Search(inst, rules=args.rules, seed=args.seed, warn=warn).run(time_limit, started)
    layout = outcome.layout
    if args.json:
        out: dict[str, Any] = {"status": "UNSAT" if outcome.exit_code == 20 else "SAT" if layout else "UNKNOWN"}
        if layout is not None:
            out.update(render.as_dict(layout, inst))
            out["optimal"] = outcome.optimal
            out["proved_within"] = list(outcome.proved_box) if outcome.proved_box else None
            out["prefer"] = inst.prefer
        if outcome.unconnectable:
            out["cannot_connect"] = outcome.unconnectable
        print_json(out)
    else:
        if layout is not None:
            if len(inst.words) == 1:
                print(f"{args.file}: one word, so the layout is that word alone")
            print(render.text(layout, inst))
            print()
            print(f"{args.file}: {verdict(outcome)}")
        elif outcome.unconnectable:
            print(
                f"{args.file}: cannot connect: {', '.join(outcome.unconnectable)} "
                "(shares no letter with the other words)"
            )
        elif outcome.proved_box is not None:
            h, w = outcome.proved_box
            print(f"{args.file}: no layout fits within {h}x{w} (proved)")
        else:
            print(f"{args.file}: no layout found within the time limit")
    if layout is not None:
        if args.svg:
            render.write_svg(args.svg, render.svg(layout, inst, key=False))
        if args.svg_key:
            render.write_svg(args.svg_key, render.svg(layout, inst, key=True))
        if args.ipuz:
            write_ipuz(args.ipuz, render.ipuz(layout, inst))
    if args.stats:
        print_stats(outcome.stats)
    return outcome.exit_code
