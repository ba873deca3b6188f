"""The crossword family: reader -> facts -> encoding -> decoder -> verifier -> renderer.

From Python: ``solve`` (P-99 site filling, the words given), ``fill`` (from a dictionary) and
``generate`` (a block pattern and its fill from nothing).
Attributes are imported on first use (``run/lazy.py``).
"""

from ..run.lazy import export

__all__ = [
    "CrosswordInstance",
    "CrosswordResult",
    "CrosswordSolution",
    "Dictionary",
    "Framework",
    "Placement",
    "fill",
    "generate",
    "solve",
]
__getattr__, __dir__ = export(
    __name__,
    {
        "CrosswordResult": ".result",
        "fill": ".api",
        "generate": ".construction.construct",
        "solve": ".api",
        "Dictionary": ".reader",
        "Framework": ".framework",
        "CrosswordInstance": ".reader",
        "CrosswordSolution": ".solution",
        "Placement": "..core.grid",
    },
)
