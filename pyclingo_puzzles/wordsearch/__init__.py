"""The wordsearch family: reader -> facts -> encoding -> decoder -> verifier -> renderer.

From Python: ``generate(words, ...)`` (defined in ``api.py``). The name also belongs to the
submodule ``generate.py`` (the driver): the package attribute is the function, deliberately, and
``from pyclingo_puzzles.wordsearch.generate import ...`` still reaches the module (imports go
through ``sys.modules``, not the attribute). Attributes are imported on first use (``run/lazy.py``).
"""

from ..run.lazy import export

__all__ = ["Count", "WordSearch", "WordSearchInstance", "count_placements", "generate", "generate_instance"]
__getattr__, __dir__ = export(
    __name__,
    {
        "WordSearch": ".api",
        "generate": ".api",
        "generate_instance": ".api",
        "Count": ".count",
        "count_placements": ".count",
        "WordSearchInstance": ".reader",
    },
)
