"""What a printed page says besides the puzzle: its title, a line of instructions, a Name / Date line.

Every family's PDF, SVG and HTML page takes them alike: ``--title TEXT`` (default: the instance's
title, else the file's name), ``--instructions TEXT`` (default: the family's own line; ``""`` for
none) and ``--name-line`` (``cli/shared_options.py``); the command hands them to a family's
``report.py`` as ``PageAsked``. The API's
``to_pdf``/``to_svg`` take ``title=``, ``instructions=`` and ``name_line=`` the same way (``PageText.of``).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..core import apicheck

NAME_LABEL, DATE_LABEL = "Name", "Date"
PAPERS = {"a4": "A4", "letter": "Letter"}  # --paper -> fpdf2's page format


class PageText(NamedTuple):
    """A puzzle page's text: ``title``, ``instructions`` ("" none) and whether it has a Name / Date line
    (a NamedTuple: a run's start-up imports no dataclasses)."""

    title: str
    instructions: str = ""
    name_line: bool = False

    @classmethod
    def of(cls, title: str, instructions: str | None, name_line: bool, default_instructions: str) -> PageText:
        """From an API call's arguments (checked: text, text or None, a flag)."""
        apicheck.text(title, "title", optional=False)
        apicheck.text(instructions, "instructions", optional=True)
        apicheck.flag(name_line, "name_line")
        return cls(title, default_instructions if instructions is None else instructions, bool(name_line))

    def key(self) -> PageText:
        """The solution page's text: the title only (nobody writes a name on the key)."""
        return PageText(self.title)


class PageAsked(NamedTuple):
    """What the command line asks of the printed pages: ``--title`` and ``--instructions`` (None: not
    given; blank: a title not given, no instructions) and ``--name-line``."""

    title: str | None = None
    instructions: str | None = None
    name_line: bool = False

    def page(self, title: str, instructions: str) -> PageText:
        """The page text asked for; ``title`` and ``instructions`` are the family's defaults."""
        return PageText(
            self.title if self.title and self.title.strip() else title,
            instructions if self.instructions is None else " ".join(self.instructions.split()),
            bool(self.name_line),
        )

    def html(self, title: str) -> dict[str, Any]:
        """A family's ``to_html()`` arguments: ``title`` (the page's, resolved as for the other
        outputs), the instructions as given (None: the page's own, on how to play it), the Name line."""
        instructions = None if self.instructions is None else " ".join(self.instructions.split())
        return {"title": title, "instructions": instructions, "name_line": bool(self.name_line)}
