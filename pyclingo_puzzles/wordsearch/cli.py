"""``pyclingo-puzzles wordsearch``: generate a word search where every word occurs exactly once."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..output import print_json, print_stats
from ..solve import Status
from . import render
from .autosize import find_size
from .generate import Outcome, dropped_words, generate, listed_words
from .instance import LEVELS, WordSearchInstance, override, read_instance

NAME = "wordsearch"
HELP = "generate a word search puzzle (every word placed, every word exactly once)"


def _size(text: str) -> tuple[int, int] | str:
    if text.lower() == "auto":
        return "auto"
    try:
        w, h = text.lower().split("x")
        return int(w), int(h)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WxH such as 12x10, got {text!r}") from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="YAML instance (width, height, words, level | directions, ...)")
    parser.add_argument("--level", choices=sorted(LEVELS), help="override the file's level")
    parser.add_argument(
        "--size",
        type=_size,
        metavar="WxH|auto",
        help="override the file's width and height; auto: the smallest that fits",
    )
    add_fit_arguments(parser)
    parser.add_argument("--key", action="store_true", help="also print the answer key (placed letters only)")
    parser.add_argument("--svg", type=Path, metavar="FILE", help="write a printable puzzle page (SVG)")
    parser.add_argument("--svg-key", type=Path, metavar="FILE", help="write the solution page (SVG)")


def run(args: argparse.Namespace) -> int:
    auto = args.size == "auto"
    inst = override(read_instance(args.file), level=args.level, seed=args.seed, size=None if auto else args.size)
    if args.max_words is not None and len(inst.required) > args.max_words:
        raise InputError(f"{len(inst.required)} words are required but --max-words is {args.max_words}", args.file)
    if auto and (args.fit == "most" or args.max_words is not None):
        raise InputError("--size auto wants every word placed: leave out --fit most and --max-words", args.file)
    if auto:
        search = find_size(inst, args.aspect, rules=args.rules, models=args.models, time_limit=args.time_limit)
        inst, outcome = search.inst, search.outcome
        report_size(search.outcome, inst, search.below)
        auto_size = {"width": inst.width, "height": inst.height, "smaller": search.below}
    else:
        outcome = generate(
            inst,
            rules=args.rules,
            models=args.models,
            time_limit=args.time_limit,
            fit=args.fit,
            max_words=args.max_words,
        )
    if outcome.fit_most and outcome.puzzles:
        report_fit(outcome, inst)
    if args.json:
        out: dict[str, Any] = {"status": outcome.status.value}
        if outcome.puzzles:
            out.update(render.as_dict(outcome.puzzles[0]))
            out.update(fit_dict(outcome, inst))
            if len(outcome.puzzles) > 1:
                out["puzzles"] = [render.as_dict(p) | fit_dict(outcome, inst, p) for p in outcome.puzzles]
        if outcome.core:
            out["cannot_fit_together"] = list(outcome.core)
        if auto and outcome.status is Status.SAT:
            out["size_auto"] = auto_size
        print_json(out)
    else:
        for i, puzzle in enumerate(outcome.puzzles):
            if len(outcome.puzzles) > 1:
                print(f"Puzzle {i + 1}:")
            print(render.text(puzzle))
            print()
            print(render.word_list(listed_words(inst, puzzle)))
            if args.key:
                print("\nAnswer key:")
                print(render.key_text(puzzle))
                if inst.secret:
                    print("Secret words: " + ", ".join(w for w in inst.secret if w not in dropped_words(inst, puzzle)))
            print()
        if outcome.status is Status.UNSAT:
            free = f" (with {len(inst.message)} cells kept free for the message)" if inst.message else ""
            print(
                f"{args.file}: the words cannot all be placed on {inst.width}x{inst.height} (proved); "
                f"these cannot fit together{free}: {', '.join(outcome.core)}"
            )
        elif outcome.status is Status.UNKNOWN:
            print(f"{args.file}: no puzzle found within the time limit")
    if outcome.puzzles:
        title = Path(args.file).stem
        listed = listed_words(inst, outcome.puzzles[0])
        if args.svg:
            render.write_svg(args.svg, render.svg(outcome.puzzles[0], listed, key=False, title=title))
        if args.svg_key:
            render.write_svg(args.svg_key, render.svg(outcome.puzzles[0], listed, key=True, title=title))
    if args.stats:
        print_stats(outcome.stats)
    return outcome.exit_code


# --------------------------------------------------------------------------- fit most, --size auto


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number >= 1, got {text!r}")
    return value


def _aspect(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.split(":"))
        if w >= 1 and h >= 1:
            return w, h
    except ValueError:
        pass
    raise argparse.ArgumentTypeError(f"expected W:H such as 4:3, got {text!r}")


def add_fit_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--fit",
        choices=("all", "most"),
        default="all",
        help="all: every word or a proof they cannot fit (default); most: the heaviest selection that fits",
    )
    parser.add_argument(
        "--max-words", type=_positive_int, metavar="N", help="place at most N words (implies --fit most)"
    )
    parser.add_argument(
        "--aspect", type=_aspect, default=(1, 1), metavar="W:H", help="with --size auto: grid shape (default 1:1)"
    )


def fit_dict(outcome: Outcome, inst: WordSearchInstance, puzzle=None) -> dict[str, Any]:
    """JSON extras: dropped words and optimality (fit most), secret words."""
    puzzle = puzzle or outcome.puzzles[0]
    out: dict[str, Any] = {}
    if outcome.fit_most:
        out.update(dropped=dropped_words(inst, puzzle), optimal=outcome.optimal)
    if inst.secret:
        out["secret"] = [w for w in inst.secret if w not in out.get("dropped", ())]
    return out


def report_fit(outcome: Outcome, inst: WordSearchInstance) -> None:
    dropped = dropped_words(inst, outcome.puzzles[0])
    placed = len(inst.words) - len(dropped)
    how = "optimal" if outcome.optimal else "partial"
    proof = "" if outcome.optimal else " (optimum not proved)"
    tail = f"; dropped: {', '.join(dropped)}" if dropped else ""
    print(f"{how}: {placed} of {len(inst.words)} words placed{proof}{tail}", file=sys.stderr)


def report_size(outcome: Outcome, inst: WordSearchInstance, below: str | None) -> None:
    if outcome.status is not Status.SAT:
        print(f"size auto: no size up to {inst.width}x{inst.height} found within the time limit", file=sys.stderr)
        return
    smaller = f"; the next smaller size: {below}" if below else ""
    print(f"size auto: {inst.width}x{inst.height} is the smallest size found{smaller}", file=sys.stderr)
