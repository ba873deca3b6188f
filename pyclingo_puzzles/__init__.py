"""pyclingo-puzzles: declarative puzzles (word search, crossword, crossword layout, strip cover) on clingo.

Use from Python (no CLI module needed)::

    from pyclingo_puzzles import wordsearch, crossword, layout, strips
    puzzle = wordsearch.generate(["hola", "caracola"], width=8, height=8)
    result = crossword.solve("instances/crossword/umlauts.yaml")
    result = crossword.fill([".....", ...], ["WORDS", ...])
    result = strips.tile([["bw", "wb"]], count=True)
    result = layout.arrange(["kettle", "oven", "toaster"])  # .layout, .to_ipuz()

Every result has ``.status`` (``Status.SAT`` / ``UNSAT`` / ``UNKNOWN``, as in the JSON output) and
``.exit_code``; bad input raises ``InputError`` (``.file``, ``.line`` when it comes from a file).
"""

from . import crossword, layout, strips, wordsearch
from .errors import InputError, VerificationError
from .solve import Status

__version__ = "0.1.0"

__all__ = ["InputError", "Status", "VerificationError", "__version__", "crossword", "layout", "strips", "wordsearch"]
