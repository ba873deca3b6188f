"""Free-form crossword construction from a word list (issue 12); ``arrange`` is the Python API."""

from .api import LayoutResult, arrange

__all__ = ["LayoutResult", "arrange"]
