"""The strips' playable page (``--html``, ``to_html()``): every grid that has a tiling, to cover
by hand; the solver's tilings are the encoded answers (``formats/playable``). The page accepts any
tiling that keeps the rules (the allowed lengths, distinct patterns), not only the solver's."""

from __future__ import annotations

from collections.abc import Sequence

from ..formats import playable
from ..formats.pagetext import PageText
from .render import INSTRUCTIONS
from .tiling import Tiling


def page(tilings: Sequence[Tiling], lengths: Sequence[int], text: PageText | str) -> str:
    """``text``: the page's title, instructions, Name / Date line; on paper, without instructions
    given, the family's (``render.INSTRUCTIONS``) stand in for the page's own."""
    grids = [{"name": t.grid.name, "rows": list(t.grid.rows)} for t in tilings]
    answers = [[[*strip.cells[0], *strip.cells[-1]] for strip in t.strips] for t in tilings]
    return playable.page("strips", text, {"lengths": sorted(lengths), "grids": grids}, answers, INSTRUCTIONS)
