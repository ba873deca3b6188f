"""The strips family: reader -> facts -> encoding -> decoder -> verifier -> renderer.

From Python: ``tile`` (cover grids with strips) and ``hunt`` (the MUMS 2010 chain).
"""

from .api import HuntResult, hunt, tile
from .instance import Grid, StripsInstance
from .solver import GridResult, StripsResult
from .tiling import Strip, Tiling

__all__ = ["Grid", "GridResult", "HuntResult", "Strip", "StripsInstance", "StripsResult", "Tiling", "hunt", "tile"]
