"""The constructor's studio engine: what a constructor's page asks as the grid changes, answered
from warm state (``Studio``: the word lists and their tables built once, the searches of recent
grids kept). ``studio_for(WordLists(...))`` gives the warm one for a set of word-list options.
Attributes are imported on first use (``run/lazy.py``)."""

from ...run.lazy import export

__all__ = ["Cancelled", "Studio", "WordLists", "studio_for"]
__getattr__, __dir__ = export(
    __name__,
    {"Studio": ".studio", "studio_for": ".studio", "WordLists": ".words", "Cancelled": ".control"},
)
