"""Codewords, a room of the crossword family (docs/codeword.md): a filled crossword grid whose
letters are numbers, with the fewest given letters for which one decoding makes every entry a
word. From Python: ``make`` (``api.py``), returning a ``CodewordResult``."""

from ...run.lazy import export

__all__ = ["Codeword", "CodewordResult", "make"]
__getattr__, __dir__ = export(__name__, {"make": ".api", "CodewordResult": ".result", "Codeword": ".puzzle"})
