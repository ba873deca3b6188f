"""The console script's entry point: guarded from its first line.

Ctrl-C, SIGTERM and SIGHUP are handled before anything is imported (``run.signals.early``: one line
and exit, never a ``KeyboardInterrupt`` traceback from the middle of an import); the run's watchdog
takes them over once it is up. Whatever escapes the command becomes one line: a machine limit
(``run.resources``) in the words ``--memory-limit`` uses, anything else as an internal error.
"""

from __future__ import annotations

import os
import sys


def console() -> None:
    from ..run import signals
    from . import exitcodes

    convention = exitcodes.requested(sys.argv[1:])
    signals.install(signals.early(exitcodes.convert(1, convention)))
    try:
        from .command import console as run

        run()  # ends the process itself (os._exit)
    except SystemExit:  # argparse's own exits (--help, a usage error): their code, as before
        raise
    except BaseException as exc:
        os._exit(exitcodes.convert(last_line(exc), convention))


def last_line(exc: BaseException) -> int:
    """Print the one line for an exception nothing else caught; its exit code (clingo's)."""
    from ..run import resources

    if isinstance(exc, KeyboardInterrupt):
        line = "interrupted"
    else:
        line = resources.limit_message(exc) or f"internal error: {type(exc).__name__}: {exc}"
    try:
        print(line, file=sys.stderr)
        sys.stderr.flush()
    except Exception:
        pass
    return 1
