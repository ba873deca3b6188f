"""pyclingo-puzzles: declarative puzzles (word search, crossword, crossword layout, strip cover) on clingo.

Use from Python (no CLI module needed)::

    from pyclingo_puzzles import wordsearch, crossword, layout, strips
    puzzle = wordsearch.generate(["hola", "caracola"], width=8, height=8)
    result = crossword.solve("instances/crossword/umlauts.yaml")
    result = crossword.fill([".....", ...], ["WORDS", ...])
    result = strips.tile([["bw", "wb"]], count=True)
    result = layout.arrange(["kettle", "oven", "toaster"])  # .layout, .to_ipuz()

The families, ``Status`` and the error types are imported on first use: the command pays only for
the family it runs, and its console script installs its signal handling before any of it (a Ctrl-C
in the first milliseconds is one line, not an import's traceback: ``cli/entry.py``).

Every result has ``.status`` (``Status.SAT`` / ``UNSAT`` / ``UNKNOWN``, as in the JSON output) and
``.exit_code`` (the command's: Unix by default, clingo's with ``PYCLINGO_PUZZLES_EXIT_CODES=clingo``);
bad input raises ``InputError`` (``.file``, ``.line`` when it comes from a file).
"""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: importing typing costs the console script 2 ms before its handler
if TYPE_CHECKING:
    from .core.errors import InputError, VerificationError
    from .core.status import Status

__version__ = "0.1.0"

__all__ = [
    "InputError",
    "Status",
    "VerificationError",
    "__version__",
    "crossword",
    "layout",
    "strips",
    "trusted_rules",
    "wordsearch",
]

_FAMILIES = ("crossword", "layout", "strips", "wordsearch")


def __getattr__(name: str) -> object:
    import importlib

    if name in _FAMILIES:
        return importlib.import_module(f".{name}", __name__)  # the import binds the attribute
    if name in ("InputError", "VerificationError"):
        from .core import errors

        globals()[name] = value = getattr(errors, name)
        return value
    if name == "trusted_rules":  # rules files' opt-outs for trusted callers (docs/rules.md, "Safety")
        from .core.rulesfile import trusted_rules

        return trusted_rules
    if name == "Status":
        from .core.status import Status

        globals()["Status"] = Status
        return Status
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_FAMILIES) | {"InputError", "Status", "VerificationError", "trusted_rules"})
