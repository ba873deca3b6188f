"""The wordsearch family: reader -> facts -> encoding -> decoder -> verifier -> renderer.

From Python: ``generate(words, ...)`` (defined in ``api.py``). The name also belongs to the
submodule ``generate.py`` (the driver): the package attribute is the function, deliberately, and
``from pyclingo_puzzles.wordsearch.generate import ...`` still reaches the module (imports go
through ``sys.modules``, not the attribute).
"""

from .api import WordSearch, generate, generate_instance
from .count import Count, count_placements
from .instance import WordSearchInstance

__all__ = ["Count", "WordSearch", "WordSearchInstance", "count_placements", "generate", "generate_instance"]
