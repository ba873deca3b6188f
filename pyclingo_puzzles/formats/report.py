"""What a family's command hands to the one report path (``cli/report.py``).

A family's ``run`` solves and returns a ``Report``: its exit code (clingo's convention), the text
and the JSON document it would print, and for each output option it offers (``svg``, ``svg_key``,
``pdf``, ``ipuz``, ``html``) a function that makes that file's content. The report decides what is printed
and written: JSON or text on standard output (not when an output file is ``-``), each output file
given written whole or not at all, the statistics on stderr. Content is made only when it is asked
for, so a text run pays for no SVG, JSON or PDF.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..core.results import Stats

Content = Callable[[], Any]  # str (SVG, ipuz), bytes, or formats/pdf.Drawn (a PDF, with what it holds)

# output option (its argparse dest) -> what the file holds, as messages name it
OUTPUTS = {
    "svg": "SVG", "svg_key": "SVG key", "pdf": "PDF", "ipuz": "ipuz file", "html": "HTML page",
    "puz": "Across Lite .puz", "json_file": "JSON",
}  # fmt: skip


class Report:
    """One run's result as the command line reports it (a plain class: start-up cost, see run/runtime.py)."""

    def __init__(
        self,
        code: int,
        text: str | Callable[[], str] = "",
        json: Callable[[], Any] | None = None,
        files: dict[str, Content] | None = None,
        stats: Stats | None = None,
        answered: bool = True,
    ):
        self.code = code  # clingo's exit code (10, 20, 30, 11, 1); the command maps it
        self.text = text  # stdout without --json, each line ending in a newline
        self.json = json  # the JSON document (None: the text is printed with --json too)
        self.files = files or {}  # output option's dest -> its content, made on use
        self.stats = stats  # printed on stderr with --stats
        self.answered = answered  # output files are written only for an answer

    def text_out(self) -> str:
        return self.text() if callable(self.text) else self.text
