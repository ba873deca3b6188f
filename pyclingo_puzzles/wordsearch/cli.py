"""``pyclingo-puzzles wordsearch``: generate a word search where every word occurs exactly once."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..cli import print_json, print_stats, warn
from ..solve import Status
from . import render
from .generate import generate
from .instance import LEVELS, override, read_instance
from .pdf import PAPERS, missing_glyphs, pages_for, write_pdf

NAME = "wordsearch"
HELP = "generate a word search puzzle (every word placed, every word exactly once)"


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = text.lower().split("x")
        return int(w), int(h)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WxH such as 12x10, got {text!r}") from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="YAML instance (width, height, words, level | directions, ...)")
    parser.add_argument("--level", choices=sorted(LEVELS), help="override the file's level")
    parser.add_argument("--size", type=_size, metavar="WxH", help="override the file's width and height")
    parser.add_argument("--key", action="store_true", help="also print the answer key (placed letters only)")
    parser.add_argument("--svg", type=Path, metavar="FILE", help="write a printable puzzle page (SVG)")
    parser.add_argument("--svg-key", type=Path, metavar="FILE", help="write the solution page (SVG)")
    parser.add_argument("--pdf", type=Path, metavar="FILE", help="write printable pages: puzzle(s), then key(s)")
    parser.add_argument("--paper", choices=sorted(PAPERS), default="a4", help="PDF paper size (default a4)")


def run(args: argparse.Namespace) -> int:
    inst = override(read_instance(args.file), level=args.level, seed=args.seed, size=args.size)
    outcome = generate(inst, rules=args.rules, models=args.models, time_limit=args.time_limit)
    if args.json:
        out: dict[str, Any] = {"status": outcome.status.value}
        if outcome.puzzles:
            out.update(render.as_dict(outcome.puzzles[0]))
            if len(outcome.puzzles) > 1:
                out["puzzles"] = [render.as_dict(p) for p in outcome.puzzles]
        if outcome.core:
            out["cannot_fit_together"] = list(outcome.core)
        print_json(out)
    else:
        for i, puzzle in enumerate(outcome.puzzles):
            if len(outcome.puzzles) > 1:
                print(f"Puzzle {i + 1}:")
            print(render.text(puzzle))
            print()
            print(render.word_list(inst.words))
            if args.key:
                print("\nAnswer key:")
                print(render.key_text(puzzle))
            print()
        if outcome.status is Status.UNSAT:
            free = f" (with {len(inst.message)} cells kept free for the message)" if inst.message else ""
            where = (
                f"the {inst.width}x{inst.height} {inst.shape or 'mask'}" if inst.mask else f"{inst.width}x{inst.height}"
            )
            print(
                f"{args.file}: the words cannot all be placed on {where} (proved); "
                f"these cannot fit together{free}: {', '.join(outcome.core)}"
            )
        elif outcome.status is Status.UNKNOWN:
            print(f"{args.file}: no puzzle found within the time limit")
    if outcome.puzzles:
        title = inst.title or Path(args.file).stem
        if args.pdf:
            lost = missing_glyphs("".join("".join(p.grid) for p in outcome.puzzles) + "".join(inst.words))
            if lost:
                warn(f"the PDF font has no glyph for {' '.join(lost)}: they print as blanks")
            write_pdf(args.pdf, pages_for(outcome.puzzles, inst.words, title), args.paper)
        if args.svg:
            render.write_svg(args.svg, render.svg(outcome.puzzles[0], inst.words, key=False, title=title))
        if args.svg_key:
            render.write_svg(args.svg_key, render.svg(outcome.puzzles[0], inst.words, key=True, title=title))
    if args.stats:
        print_stats(outcome.stats)
    return outcome.exit_code
