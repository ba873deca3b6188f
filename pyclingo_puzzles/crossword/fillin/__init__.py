"""The fill-in puzzle (Kriss Kross): a word list and its framework, the fewest starter letters for
which the answer is the only one (proved), and a difficulty grade. Part of the crossword family:
the same framework, reader, encoding and verifier. Attributes are imported on first use."""

from ...run.lazy import export

__all__ = ["FillinResult", "fill", "generate", "make"]
__getattr__, __dir__ = export(__name__, {"FillinResult": ".result", "fill": ".api", "generate": ".api", "make": ".api"})
