"""``pyclingo-puzzles wordsearch``: generate a word search where every word occurs exactly once."""

from __future__ import annotations

import argparse
from pathlib import Path

from .. import argtypes, count
from ..outfiles import check_output_paths
from ..output import print_json, print_stats, warn
from ..solve import Status
from . import render
from .api import generate_instance
from .count import count_placements
from .instance import LEVELS, override, read_instance
from .pdf import PAPERS, missing_glyphs, pages_for, write_pdf

NAME = "wordsearch"
HELP = "generate a word search puzzle (every word placed, every word exactly once)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="YAML instance (width, height, words, level | directions, ...)")
    parser.add_argument("--level", choices=sorted(LEVELS), help="override the file's level")
    parser.add_argument("--size", type=argtypes.size, metavar="WxH", help="override the file's width and height")
    parser.add_argument("--key", action="store_true", help="also print the answer key (placed letters only)")
    parser.add_argument("--svg", type=Path, metavar="FILE", help="write a printable puzzle page (SVG)")
    parser.add_argument("--svg-key", type=Path, metavar="FILE", help="write the solution page (SVG)")
    parser.add_argument("--pdf", type=Path, metavar="FILE", help="write printable pages: puzzle(s), then key(s)")
    parser.add_argument("--paper", choices=sorted(PAPERS), default="a4", help="PDF paper size (default a4)")
    count.add_argument(
        parser,
        help="count the placements of the whole word list (no second copy of a word made of placed letters) "
        "and print only the number (exit 30; with --time-limit a lower bound, 'at least N', exit 11)",
    )


def run(args: argparse.Namespace) -> int:
    check_output_paths({"--svg": args.svg, "--svg-key": args.svg_key, "--pdf": args.pdf})
    inst = override(read_instance(args.file), level=args.level, seed=args.seed, size=args.size)
    if args.count:
        counted = count_placements(inst, rules=args.rules, time_limit=args.time_limit)
        return count.report(counted.count, counted.exhausted, counted.exit_code, args.json)
    result = generate_instance(inst, rules=args.rules, models=args.models, time_limit=args.time_limit)
    if args.json:
        print_json(result.to_json())
    else:
        for i, puzzle in enumerate(result.puzzles):
            if len(result.puzzles) > 1:
                print(f"Puzzle {i + 1}:")
            print(render.text(puzzle))
            print()
            print(render.word_list(inst.words))
            if args.key:
                print("\nAnswer key:")
                print(render.key_text(puzzle))
            if puzzle.shown is not None:
                print(f"shown: {' '.join(puzzle.shown)}")
            print()
        if result.status is not Status.SAT:
            print(f"{args.file}: {result.explain()}")
    if result.puzzles:
        title = inst.title or Path(args.file).stem
        if args.pdf:
            lost = missing_glyphs("".join("".join(p.grid) for p in result.puzzles) + "".join(inst.words))
            if lost:
                warn(f"the PDF font has no glyph for {' '.join(lost)}: they print as blanks")
            write_pdf(args.pdf, pages_for(result.puzzles, inst.words, title), args.paper)
        if args.svg:
            render.write_svg(args.svg, result.to_svg(key=False, title=title))
        if args.svg_key:
            render.write_svg(args.svg_key, result.to_svg(key=True, title=title))
    if args.stats:
        print_stats(result.stats)
    return result.exit_code
