"""A codeword run as the command reports it: plain values in (the grid's source, the givens
asked, the printed pages' text), a ``Report`` out. The command's options: ``cli/commands/codeword.py``."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from ...core.errors import InputError
from ...core.status import Status
from ...formats.pagetext import PageAsked
from ...formats.report import Report
from .api import make_with
from .options import CodewordOptions
from .puzzle import INSTRUCTIONS
from .render import text_grid
from .result import CodewordResult

NAME = "codeword"
OUTPUTS = ("svg", "svg_key", "pdf", "html")  # the files a run offers (``Report.files``)
GENERATED = "--size"  # the FILE the command names a generated grid by


class Asked(NamedTuple):
    file: Path | str
    size: str | None
    dictionary: str | None
    proved_against: str | None
    options: CodewordOptions
    page: PageAsked
    paper: str = "a4"


def run(asked: Asked) -> Report:
    generated = str(asked.file) == GENERATED
    if str(asked.file) == "-":  # the format is the file's (a .grid, a .dat, YAML)
        raise InputError("codeword reads a FILE (.grid, .dat or .yaml), not standard input", "-")
    if not generated and asked.size is not None:
        raise InputError("give a FILE or --size, not both", "--size")
    result = make_with(None if generated else asked.file, asked.size if generated else None, asked.dictionary,
                       asked.proved_against, asked.options)  # fmt: skip
    title = "Codeword" if generated else Path(asked.file).stem
    text = asked.page.page(title, INSTRUCTIONS)
    html = asked.page.html(text.title)
    return Report(
        result.clingo_code,
        text=lambda: text_out(result),
        json=result.to_json,
        files={
            "svg": lambda: result.to_svg(title=text.title, instructions=text.instructions, name_line=text.name_line),
            "svg_key": lambda: result.to_svg(key=True, title=text.title),
            "pdf": lambda: result.to_pdf(
                title=text.title, instructions=text.instructions, name_line=text.name_line, paper=asked.paper
            ),
            "html": lambda: result.to_html(title=html["title"], instructions=html["instructions"]),
        },
        stats=result.stats,
        answered=result.status is Status.SAT,
    )


def text_out(result: CodewordResult) -> str:
    p = result.puzzle
    if result.status is not Status.SAT:
        lines = [f"no codeword: {result.why()} (checked against {result.dictionary})"]
        if result.other:
            cells = ", ".join(f"({r},{c})" for r, c in result.differ()[:10])
            lines.append(f"a second decoding changes the cells {cells}")
        return "".join(line + "\n" for line in lines)
    given = ", ".join(f"{n}={x}" for n, x in sorted(p.given_letters().items()))
    key = " ".join(f"{n}={p.key[n]}" for n in sorted(p.key))
    proof = f"unique: proved against {result.dictionary} ({result.words} words)"
    lines = [text_grid(p), "", f"given: {given}", f"{proof}; the fewest givens that make it unique: {result.needed}",
             f"key: {key}"]  # fmt: skip
    if len(p.key) < 26:
        lines.append(f"letters: {len(p.key)} of 26 (the grid holds no others)")
    return "".join(line + "\n" for line in lines)
