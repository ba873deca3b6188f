"""``pyclingo-puzzles wordsearch``: generate a word search where every word occurs exactly once."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from .. import count
from ..output import print_json, print_stats
from ..rules import describe_core
from ..solve import Status
from . import render
from .count import count_placements
from .generate import Puzzle, generate
from .instance import LEVELS, override, read_instance

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
    count.add_argument(
        parser,
        help="count the placements of the whole word list (no second copy of a word made of placed letters) "
        "and print only the number (exit 30; with --time-limit a lower bound, 'at least N', exit 11)",
    )


def _puzzle_dict(puzzle: Puzzle) -> dict[str, Any]:
    out = render.as_dict(puzzle)
    if puzzle.shown is not None:
        out["shown"] = list(puzzle.shown)
    return out


def run(args: argparse.Namespace) -> int:
    inst = override(read_instance(args.file), level=args.level, seed=args.seed, size=args.size)
    if args.count:
        counted = count_placements(inst, rules=args.rules, time_limit=args.time_limit)
        return count.report(counted.count, counted.exhausted, counted.exit_code, args.json)
    outcome = generate(inst, rules=args.rules, models=args.models, time_limit=args.time_limit)
    if args.json:
        out: dict[str, Any] = {"status": outcome.status.value}
        if outcome.puzzles:
            out.update(render.as_dict(outcome.puzzles[0]))
            if outcome.puzzles[0].shown is not None:
                out["shown"] = list(outcome.puzzles[0].shown)
            if len(outcome.puzzles) > 1:
                out["puzzles"] = [_puzzle_dict(p) for p in outcome.puzzles]
        if outcome.core:
            out["cannot_fit_together"] = list(outcome.core)
        if outcome.rules_core:
            out["rules_in_core"] = list(outcome.rules_core)
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
            if puzzle.shown is not None:
                print(f"shown: {' '.join(puzzle.shown)}")
            print()
        if outcome.status is Status.UNSAT:
            free = f" (with {len(inst.message)} cells kept free for the message)" if inst.message else ""
            print(
                f"{args.file}: the words cannot all be placed on {inst.width}x{inst.height} (proved){free}; "
                + describe_core(outcome.rules_core, outcome.core)
            )
        elif outcome.status is Status.UNKNOWN:
            print(f"{args.file}: no puzzle found within the time limit")
    if outcome.puzzles:
        title = Path(args.file).stem
        if args.svg:
            render.write_svg(args.svg, render.svg(outcome.puzzles[0], inst.words, key=False, title=title))
        if args.svg_key:
            render.write_svg(args.svg_key, render.svg(outcome.puzzles[0], inst.words, key=True, title=title))
    if args.stats:
        print_stats(outcome.stats)
    return outcome.exit_code
