"""``pyclingo-puzzles layout``: the best free-form crossword from a word list, numbered and clued."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from ..cli import argtypes
from ..io import instances
from ..io.ipuz import write_ipuz
from ..io.outfiles import check_output_paths
from ..io.output import print_json, print_stats, warn
from ..run import runtime
from . import render, workers
from .api import LayoutResult
from .reader import read_instance

NAME = "layout"
DEFAULT_TIME_LIMIT = 10.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    argtypes.add_input(
        parser,
        "YAML word list (words: strings or {word, clue}; max_width, ...) or a .txt word list (a word a line, "
        "the rest of the line its clue)",
    )
    parser.add_argument("--svg", type=Path, metavar="FILE", help="write the numbered blank puzzle with its clues (SVG)")
    parser.add_argument("--svg-key", type=Path, metavar="FILE", help="write the filled puzzle (SVG)")
    parser.add_argument("--ipuz", type=Path, metavar="FILE", help="write the puzzle as .ipuz (open crossword JSON)")


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
    src = instances.given(args.file, args.words)
    inst = read_instance(src)
    if args.models != 1:
        warn("layout computes one best layout; --models is ignored")
    outcome = workers.arrange(
        inst, rules=args.rules, seed=args.seed, warn=warn, time_limit=time_limit, started=started
    )
    result = LayoutResult(inst, outcome)
    layout = result.layout
    if args.json:
        print_json(result.to_json())
    else:
        print(result.text(src.name))
    if layout is not None:
        if args.svg:
            render.write_svg(args.svg, result.to_svg(key=False))
        if args.svg_key:
            render.write_svg(args.svg_key, result.to_svg(key=True))
        if args.ipuz:
            write_ipuz(args.ipuz, result.to_ipuz())
    if args.stats:
        print_stats(result.stats)
    return result.exit_code
