"""``pyclingo-puzzles wordsearch``: generate a word search where every word occurs exactly once."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from ..core import apicheck
from ..core.solve import Status
from ..formats import args as argtypes
from ..formats import count, instances, pagetext
from ..formats.pagetext import PageText
from ..formats.report import Report
from ..run import runtime
from . import quality, render
from .api import WordSearch, generate, instance_for
from .count import count_placements
from .options import AUTO, WordSearchOptions
from .pages import sheets_for
from .puzzle import Puzzle, listed_words
from .reader import LEVELS, MAX_SIZE, sizeless

NAME = "wordsearch"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    argtypes.add_input(
        parser, "YAML instance (width, height, words, level | directions, ...) or a .txt word list (one word a line)"
    )
    parser.add_argument("--level", choices=sorted(LEVELS), help="override the file's level")
    parser.add_argument(
        "--size",
        type=_size,
        metavar="WxH|auto",
        help="the grid's width and height, over the file's (auto: the smallest fit; the default for a word list "
        "and --words)",
    )
    add_fit_arguments(parser)
    parser.add_argument(
        "--max-shared", type=_percent, default=quality.MAX_SHARED, metavar="PERCENT",
        help=f"--models N: any two puzzles have at most PERCENT %% of their word placements in common "
        f"(default {quality.MAX_SHARED}; 100: any different puzzles, as clingo enumerates them)",
    )  # fmt: skip
    parser.add_argument(
        "--no-balance", action="store_true",
        help="do not spread the words evenly over the directions and the grid's quadrants",
    )  # fmt: skip
    parser.add_argument("--key", action="store_true", help="also print the answer key (placed letters only)")
    parser.add_argument("--svg", type=Path, metavar="FILE", help="write a printable puzzle page (SVG; - for stdout)")
    parser.add_argument("--svg-key", type=Path, metavar="FILE", help="write the solution page (SVG)")
    argtypes.add_pdf_arguments(parser, "write printable pages: puzzle(s), then key(s)")
    argtypes.add_html_argument(parser, "find the (first) puzzle's words by dragging across them")
    count.add_argument(
        parser,
        help="count the placements of the whole word list (no second copy of a word made of placed letters) "
        "and print only the number (with --time-limit a lower bound, 'at least N')",
    )


def run(args: argparse.Namespace) -> Report:
    src = instances.given(args.file, args.words)
    options = search_options(args, sizeless(src))
    inst = instance_for(src, options)
    options.checked(inst, src.name, command=True)
    if options.count_only:
        counted = count_placements(inst, rules=options.rules, time_limit=options.time_limit)
        return count.report(counted.count, counted.exhausted, counted.clingo_code)
    runtime.price(render_one(args, inst))  # timed on a sample: the reserve for printing the puzzles
    result = generate(inst, options=options)
    size_auto = report_size(result, result.smaller) if result.size_auto else None
    if result.fit_most and result.puzzles:
        report_fit(result)
    if result.book_short:
        print(f"book: {result.book_note()}", file=sys.stderr)
    asked = pagetext.PageAsked(args.title, args.instructions, args.name_line)
    page = asked.page(inst.title or instances.title(args.file, "Word search"), render.instructions(inst.directions))
    title = page.title
    return Report(
        result.clingo_code,
        text=lambda: text(args, result),
        json=lambda: result.to_json()
        | ({"size_auto": size_auto} if size_auto else {})
        | ({"stats": stats_dict(result)} if args.stats else {}),
        files={
            "svg": lambda: render.svg(result.puzzles[0], result.listed_written, key=False, title=page),
            "svg_key": lambda: render.svg(result.puzzles[0], result.listed_written, key=True, title=page),
            "pdf": lambda: pdf(result, page, args.paper),
            "html": lambda: result.to_html(**asked.html(title)),
        },
        stats=result.stats,
        answered=bool(result.puzzles),
    )


def search_options(args: argparse.Namespace, sizeless_input: bool) -> WordSearchOptions:
    """The options of this run, from the arguments (once: nothing below changes them, nor them).
    No ``--size`` and an input without one (a word list, YAML without width and height): auto."""
    size = AUTO if args.size is None and sizeless_input else args.size
    return WordSearchOptions(
        rules=tuple(apicheck.rule_files(args.rules)), models=args.models, seed=args.seed, time_limit=args.time_limit,
        level=args.level, size=size, aspect=args.aspect, fit="most" if args.max_words is not None else args.fit,
        max_words=args.max_words, max_shared=args.max_shared, balance=not args.no_balance, count_only=args.count,
    )


def render_one(args: argparse.Namespace, inst) -> Callable[[Puzzle], str]:
    """One puzzle as the report prints it (JSON or text): timed on a sample, it sizes the time a
    search keeps for printing its puzzles (``runtime.price``). Each puzzle's figures (``--stats``,
    always computed) are part of its cost."""

    def one(puzzle: Puzzle) -> str:
        quality.figures(inst.width, inst.height, [puzzle.placements], inst.directions)
        if args.json:
            import json

            from .api import _puzzle_dict

            return json.dumps(_puzzle_dict(puzzle), ensure_ascii=False, indent=2)
        out = ["Puzzle 1:", render.text(puzzle), "", render.word_list(written_list(inst, puzzle))]
        if args.key:
            out += ["\nAnswer key:", render.key_text(puzzle)]
        return "".join(line + "\n" for line in out)

    return one


def text(args: argparse.Namespace, result: WordSearch) -> str:
    """What a text run prints: each puzzle, its word list, with --key its key."""
    inst = result.instance
    out: list[str] = []
    for i, puzzle in enumerate(result.puzzles):
        if len(result.puzzles) > 1:
            out.append(f"Puzzle {i + 1}:")
        out += [render.text(puzzle), "", render.word_list(written_list(inst, puzzle))]
        if args.key:
            out += ["\nAnswer key:", render.key_text(puzzle)]
            secret = [w for w in inst.secret if w not in result.dropped(puzzle)]
            if secret:
                out.append("Secret words: " + ", ".join(secret))
        if puzzle.shown is not None:
            out.append(f"shown: {' '.join(puzzle.shown)}")
        out.append("")
    if result.status is not Status.SAT:
        out.append(f"{instances.name(args.file)}: {result.explain()}")
    return "".join(line + "\n" for line in out)


def pdf(result: WordSearch, text: PageText, paper: str):
    """The PDF of every puzzle, puzzles first and keys at the back, within the run's time."""
    from ..formats.pdf import output_budget, render

    pages = pdf_pages(result, text)
    return render(sheets_for(pages), paper, pages[0].heading, output_budget())


def stats_dict(result: WordSearch) -> dict:
    """``--json --stats``: the figures, and each puzzle's words per direction and quadrant shares."""
    inst = result.instance
    per = [quality.per_puzzle(inst.width, inst.height, p.placements, inst.directions) for p in result.puzzles]
    return result.stats.as_dict() | {"puzzles": per}


def _percent(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 100:
        raise argparse.ArgumentTypeError(f"expected a whole number from 0 to 100, got {text!r}")
    return value


# --------------------------------------------------------------------------- fit most, --size auto


def _size(text: str) -> tuple[int, int] | str:
    """``auto`` or ``WxH`` within the grids a word search may have (said of --size, not of the file)."""
    if text.strip().lower() == "auto":
        return "auto"
    width, height = argtypes.size(text)
    for name, value in (("width", width), ("height", height)):
        if not 1 <= value <= MAX_SIZE:
            raise argparse.ArgumentTypeError(f"{name} must be between 1 and {MAX_SIZE}, got {value}")
    return width, height


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
        "--max-words", type=argtypes.positive_int, metavar="N", help="place at most N words (implies --fit most)"
    )
    parser.add_argument(
        "--aspect", type=_aspect, default=(1, 1), metavar="W:H", help="with --size auto: grid shape (default 1:1)"
    )


def report_fit(result: WordSearch) -> None:
    dropped = result.dropped()
    placed = len(result.words) - len(dropped)
    how = "optimal" if result.optimal else "partial"
    proof = "" if result.optimal else " (optimum not proved)"
    tail = f"; dropped: {', '.join(dropped)}" if dropped else ""
    print(f"{how}: {placed} of {len(result.words)} words placed{proof}{tail}", file=sys.stderr)


def report_size(result: WordSearch, below: str | None) -> dict | None:
    inst = result.instance
    if result.status is not Status.SAT:
        why = "before the run was interrupted" if runtime.interrupted() else "within the time limit"
        print(f"size auto: no size up to {inst.width}x{inst.height} found {why}", file=sys.stderr)
        return None
    smaller = f"; the next smaller size: {below}" if below else ""
    print(f"size auto: {inst.width}x{inst.height} is the smallest size found{smaller}", file=sys.stderr)
    return {"width": inst.width, "height": inst.height, "smaller": below}


def written_list(inst, puzzle: Puzzle) -> list[str]:
    """The printed word list as written (a phrase with its spaces)."""
    return [inst.written(w) for w in listed_words(inst, puzzle)]


def pdf_pages(result: WordSearch, title: str | PageText) -> list:
    """The PDF's pages (``WordSearch.pdf_pages``)."""
    return result.pdf_pages(title)
