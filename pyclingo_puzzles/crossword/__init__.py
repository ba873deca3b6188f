"""The crossword family: reader -> facts -> encoding -> decoder -> verifier -> renderer.

From Python: ``solve`` (P-99 site filling, the words given) and ``fill`` (from a dictionary).
"""

from .api import CrosswordResult, fill, solve
from .fill import Dictionary
from .framework import Framework
from .reader import CrosswordInstance
from .solution import CrosswordSolution, Placement

__all__ = [
    "CrosswordInstance",
    "CrosswordResult",
    "CrosswordSolution",
    "Dictionary",
    "Framework",
    "Placement",
    "fill",
    "solve",
]
