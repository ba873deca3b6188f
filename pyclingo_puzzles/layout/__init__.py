"""Free-form crossword construction from a word list (issue 12); ``arrange`` is the Python API.
Attributes are imported on first use (``run/lazy.py``)."""

from ..run.lazy import export

__all__ = ["LayoutResult", "arrange"]
__getattr__, __dir__ = export(__name__, {"LayoutResult": ".api", "arrange": ".api"})
