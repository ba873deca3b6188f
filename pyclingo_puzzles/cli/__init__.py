"""The command line: the parser and the subcommands' dispatch (``parsing``, ``command``), batches,
the demo. The only layer that may import every family (by module name, on use).

``main`` and ``console`` are the command's entry points (``command.py``), imported on first use.
"""

TYPE_CHECKING = False  # not typing's (see the package's __init__)
if TYPE_CHECKING:
    from .command import console, main

__all__ = ["console", "main"]


def __getattr__(name: str) -> object:
    """``console`` and ``main`` from ``command.py`` on first use: the console script imports this
    package before its signal handling is up (``entry.py``), so it imports nothing itself."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from . import command

    return getattr(command, name)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
