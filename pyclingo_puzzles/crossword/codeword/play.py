"""The codeword's playable page (``--html``, ``to_html()``): the numbers with the given letters, the
decoding table and the letter bank; the key is the encoded answer (``formats/playable``)."""

from __future__ import annotations

from ...formats import playable
from ...formats.pagetext import PageText
from .puzzle import INSTRUCTIONS, Codeword


def page(puzzle: Codeword, text: PageText) -> str:
    if text.instructions == INSTRUCTIONS:  # the paper's instructions: the page says how to play it
        text = text._replace(instructions=playable.INSTRUCTIONS["codeword"])
    data = {"numbers": puzzle.numbers(), "given": {str(n): x for n, x in puzzle.given_letters().items()},
            "count": len(puzzle.key)}  # fmt: skip
    answers = {str(n): x for n, x in puzzle.key.items()}
    return playable.page("codeword", text, data, answers, INSTRUCTIONS)
