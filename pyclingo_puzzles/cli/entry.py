"""The console script's entry point: guarded from its first line.

Ctrl-C, SIGTERM and SIGHUP are handled before anything is imported: ``guard`` installs a handler
through the built-in ``_signal`` (the ``signal`` module's enums cost 2 ms of imports) whose stop
is one line and the documented exit code (unix 3, clingo 1: "interrupted", no answer), never a
``KeyboardInterrupt`` traceback from the middle of an import. The package's ``__init__`` and
``cli/__init__`` import nothing, so the console script's ``from pyclingo_puzzles.cli.entry import
console`` runs no code of ours before it but this module's. ``run.signals.early`` (the same stop)
takes over once the run's modules are in, and the run's watchdog after that. Whatever escapes the
command becomes one line: a machine limit (``run.resources``) in the words ``--memory-limit`` uses,
anything else as an internal error.

Before this (the interpreter's own start and ``site``, which an editable install's import hook
makes longer) a Ctrl-C is Python's: killed by the signal before Python has a handler, an error
from ``site`` after (docs/cli.md, "Limits").
"""

from __future__ import annotations

import os
import sys

ENV = "PYCLINGO_PUZZLES_EXIT_CODES"  # core/status.ENV: read here without importing it
NAMES = {2: "SIGINT", 15: "SIGTERM", 1: "SIGHUP"}  # Linux's numbers: the names run.signals.name gives


def interrupted_code(argv: list[str], environ: dict[str, str] | os._Environ[str]) -> int:
    """The exit code of a command stopped before it has an answer: exitcodes.convert(1, convention)
    for the convention argv or the environment asks for (computed without importing them)."""
    chosen = environ.get(ENV, "unix")
    for i, arg in enumerate(argv):
        if arg == "--exit-codes" and i + 1 < len(argv):
            chosen = argv[i + 1]
        elif arg.startswith("--exit-codes="):
            chosen = arg.partition("=")[2]
    return 1 if chosen == "clingo" else 3


def _stop(signum: int, frame: object) -> None:
    try:  # noqa: SIM105 (contextlib is not imported yet)
        os.write(2, f"interrupted ({NAMES.get(signum, f'signal {signum}')})\n".encode())
    except Exception:
        pass
    os._exit(interrupted_code(sys.argv[1:], os.environ))


def guard() -> None:
    """The stop handler for Ctrl-C, SIGTERM and SIGHUP, before any import of ours."""
    import _signal  # type: ignore[import-not-found]  # built in

    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        number = getattr(_signal, name, None)
        if number is not None:
            _signal.signal(number, _stop)


def console() -> None:
    guard()
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
