"""A word search run as the command reports it: plain values in (the file or the words, the
options, the printed pages' text), a ``Report`` out (text, the JSON document, the files on use).
The command's options: ``cli/commands/wordsearch.py``."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from ..core.solve import Status
from ..formats import count, instances
from ..formats.pagetext import PageAsked, PageText
from ..formats.report import Report
from ..run import runtime
from . import quality, render
from .api import WordSearch, generate, instance_for
from .count import count_placements
from .options import AUTO, WordSearchOptions
from .pages import sheets_for
from .puzzle import Puzzle, listed_words
from .reader import sizeless

NAME = "wordsearch"
# the files a run offers (``Report.files``), as data: the command and the web app read it
OUTPUTS = ("svg", "svg_key", "pdf", "html")


def run(
    file: Path | str, words: str | None, options: WordSearchOptions, *, page: PageAsked, paper: str = "a4",
    as_json: bool = False, key: bool = False, stats: bool = False,
) -> Report:
    """One run as the command reports it: ``file`` (or the ``words`` inline) read once, ``options``
    (a size of None and an input without one: auto), the printed pages ``page`` on ``paper``;
    ``as_json`` and ``key`` say what one answer prints (the reserve for printing), ``stats`` adds
    the figures to the JSON."""
    src = instances.given(file, words)
    if options.size is None and sizeless(src):
        options = replace(options, size=AUTO)
    inst = instance_for(src, options)
    options.checked(inst, src.name, command=True)
    if options.count_only:
        counted = count_placements(inst, rules=options.rules, time_limit=options.time_limit)
        return count.report(counted.count, counted.exhausted, counted.clingo_code)
    runtime.price(render_one(inst, as_json, key))  # timed on a sample: the reserve for printing the puzzles
    result = generate(inst, options=options)
    size_auto = report_size(result, result.smaller) if result.size_auto else None
    if result.fit_most and result.puzzles:
        report_fit(result)
    if result.book_short:
        print(f"book: {result.book_note()}", file=sys.stderr)
    own = render.instructions(inst.directions, inst.words)
    page_text = page.page(inst.title or instances.title(file, "Word search"), own)
    title = page_text.title
    return Report(
        result.clingo_code,
        text=lambda: text(file, key, result),
        json=lambda: result.to_json()
        | ({"size_auto": size_auto} if size_auto else {})
        | ({"stats": stats_dict(result)} if stats else {}),
        files={
            "svg": lambda: render.svg(result.puzzles[0], result.listed_written, key=False, title=page_text),
            "svg_key": lambda: render.svg(result.puzzles[0], result.listed_written, key=True, title=page_text),
            "pdf": lambda: pdf(result, page_text, paper),
            "html": lambda: result.to_html(**page.html(title)),
        },
        stats=result.stats,
        answered=bool(result.puzzles),
    )


def render_one(inst, as_json: bool, key: bool) -> Callable[[Puzzle], str]:
    """One puzzle as the report prints it (JSON or text): timed on a sample, it sizes the time a
    search keeps for printing its puzzles (``runtime.price``). Each puzzle's figures (``--stats``,
    always computed) are part of its cost."""

    def one(puzzle: Puzzle) -> str:
        quality.figures(inst.width, inst.height, [puzzle.placements], inst.directions)
        if as_json:
            import json

            from .api import _puzzle_dict

            return json.dumps(_puzzle_dict(puzzle), ensure_ascii=False, indent=2)
        out = ["Puzzle 1:", render.text(puzzle), "", render.word_list(written_list(inst, puzzle))]
        if key:
            out += ["\nAnswer key:", render.key_text(puzzle)]
        return "".join(line + "\n" for line in out)

    return one


def text(file: Path | str, key: bool, result: WordSearch) -> str:
    """What a text run prints: each puzzle, its word list, with --key its key."""
    inst = result.instance
    out: list[str] = []
    for i, puzzle in enumerate(result.puzzles):
        if len(result.puzzles) > 1:
            out.append(f"Puzzle {i + 1}:")
        out += [render.text(puzzle), "", render.word_list(written_list(inst, puzzle))]
        if key:
            out += ["\nAnswer key:", render.key_text(puzzle)]
            secret = [w for w in inst.secret if w not in result.dropped(puzzle)]
            if secret:
                out.append("Secret words: " + ", ".join(secret))
        if puzzle.shown is not None:
            out.append(f"shown: {' '.join(puzzle.shown)}")
        out.append("")
    if result.status is not Status.SAT:
        out.append(f"{instances.name(file)}: {result.explain()}")
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


# --------------------------------------------------------------------------- fit most, --size auto


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
