"""The command line: the parser and the subcommands' dispatch (``parsing``, ``command``), batches,
the demo. The only layer that may import every family (by module name, on use).

``main`` and ``console`` are the command's entry points (``command.py``), imported on first use.
"""

from ..run.lazy import export

__all__ = ["console", "main"]
__getattr__, __dir__ = export(__name__, {"console": ".command", "main": ".command"})
