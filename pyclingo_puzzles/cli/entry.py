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
        os._exit(exitcodes.convert(exitcodes.last_line(exc), convention))
