"""A layout run as the command reports it: plain values in (the file or the words, the options,
the printed pages' text), a ``Report`` out. The command's options: ``cli/commands/layout.py``."""

from __future__ import annotations

import time
from pathlib import Path

from ..formats import instances
from ..formats.ipuz import to_text as ipuz_text
from ..formats.output import warn
from ..formats.pagetext import PageAsked
from ..formats.report import Report
from ..run import runtime
from . import dual, render
from .api import LayoutResult
from .grid import Layout
from .options import LayoutOptions
from .reader import read_instance

NAME = "layout"
# the files a run offers (``Report.files``), as data: the command and the web app read it
OUTPUTS = ("svg", "svg_key", "ipuz", "puz", "pdf", "html")


def run(
    file: Path | str, words: str | None, options: LayoutOptions, *, page: PageAsked, paper: str = "a4",
    time_limit_given: bool = True,
) -> Report:
    """One run as the command reports it: ``file`` (or the ``words`` inline) read once and laid out
    with ``options``; the printed pages ``page`` on ``paper``. Without ``time_limit_given`` the
    options' default limit bounds the whole run."""
    options = options.checked(file, command=True)
    run_limits = runtime.current()
    started = run_limits.started if run_limits is not None else time.monotonic()  # the process start
    if not time_limit_given and run_limits is not None and run_limits.time_limit is None:
        run_limits.time_limit = options.time_limit  # no --time-limit: this command's default bounds the whole run
    src = instances.given(file, words)
    inst = read_instance(src)
    outcome = dual.arrange(inst, options, started=started, warn=warn)
    result = LayoutResult(inst, outcome)
    layout = result.layout
    default = render.page_text(inst)
    text = page.page(inst.title or instances.title(file, "Crossword"), default.instructions)
    return Report(
        result.clingo_code,
        text=lambda: result.text(src.name) + "\n",
        json=result.to_json,
        files={
            "svg": lambda: render.svg(_drawn(layout), inst, key=False, text=text),
            "svg_key": lambda: render.svg(_drawn(layout), inst, key=True, text=text),
            "ipuz": lambda: ipuz_text(result.to_ipuz()),
            "puz": result.to_puz,
            "pdf": lambda: pdf(render.pdf_sheet(_drawn(layout), inst, text), paper, text.title),
            "html": lambda: result.to_html(**page.html(text.title)),
        },
        stats=result.stats,
        answered=layout is not None,
    )


def pdf(sheet, paper: str, title: str):
    from ..formats.pdf import output_budget, render

    return render([sheet], paper, title, output_budget())


def _drawn(layout: Layout | None) -> Layout:
    """The layout an output file draws (files are made only for an answer: ``Report.answered``)."""
    if layout is None:
        raise ValueError("no layout to draw")
    return layout
