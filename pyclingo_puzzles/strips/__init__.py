"""The strips family: reader -> facts -> encoding -> decoder -> verifier -> renderer.

From Python: ``tile`` (cover grids with strips) and ``hunt`` (the MUMS 2010 chain).
Attributes are imported on first use (``run/lazy.py``).
"""

from ..run.lazy import export

__all__ = ["Grid", "GridResult", "HuntResult", "Strip", "StripsInstance", "StripsResult", "Tiling", "hunt", "tile"]
__getattr__, __dir__ = export(
    __name__,
    {
        "HuntResult": ".api",
        "hunt": ".api",
        "tile": ".api",
        "Grid": ".reader",
        "StripsInstance": ".reader",
        "GridResult": ".solver",
        "StripsResult": ".solver",
        "Strip": ".tiling",
        "Tiling": ".tiling",
    },
)
