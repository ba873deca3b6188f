"""``pyclingo-puzzles``: one command, one subcommand per puzzle family, the same habits everywhere.

Every subcommand takes one or more FILEs, ``--rules FILE.lp`` (repeatable), ``--seed``,
``--time-limit``, ``--memory-limit``, ``--models``, ``--jobs``, ``--json``, ``--stats``, ``-o FILE``
and ``--exit-codes``. Runs compute clingo's codes: 10 found, 20 proved unsolvable, 30 all
enumerated, 11 time limit with a solution, 1 interrupted without one, 65 bad input; several FILEs
(``batch.py``) exit with the most severe; the command exits with them mapped to the Unix convention
(0/1/2/3) unless ``--exit-codes clingo`` asks for them as they are (``exitcodes.py``).
The arguments are parsed by ``parsing.py`` (the shared options: ``shared_options.py``); a
family's ``run`` returns a ``Report``; ``delivery.py`` prints and writes it. Here: the run around
it (its limits, its progress line, the errors it can end with) and the console script.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Sequence

from ..core import messages
from ..core.errors import EXIT_BAD_INPUT, InputError, VerificationError
from ..formats.outfiles import OutputError
from ..run import jsonout, resources, runtime, watchdog
from ..run.stdout_guard import run_guarded, standard_streams
from . import delivery, exitcodes
from .parsing import SERVICES, Parser, build_parser, json_document, short_usage, wants_json

__all__ = ["console", "main", "run_command"]


def main(argv: Sequence[str] | None = None, *, process: bool = False) -> int:
    """Run one subcommand and return its exit code. ``process=True`` (the console script) arms the
    hard limits: the watchdog may end the process at the deadline, on the memory ceiling or on a
    second Ctrl-C (see ``watchdog``); in-process callers only get the cooperative deadline.
    Several FILEs: ``batch.run_batch`` (a pool of workers, each file through ``run_command``)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    convention = exitcodes.requested(argv)
    jsonout.begin(wants_json(argv))  # one document on every path from here (run/jsonout)
    Parser.expect(convention, wants_json(argv))
    if exitcodes.from_environment() not in exitcodes.CONVENTIONS:
        message = f"${exitcodes.ENV} must be clingo or unix, got {exitcodes.from_environment()!r}"
        print(f"pyclingo-puzzles: error: {message}", file=sys.stderr)
        if Parser.json_wanted:
            json_document(message)
        return exitcodes.usage_error(convention)
    if not argv:  # the bare command: a usage error, but a friendly one
        sys.stderr.write(short_usage())
        return exitcodes.usage_error(convention)
    args = build_parser(argv).parse_args(argv)
    if args.command in SERVICES:
        return int(args.run(args))
    return exitcodes.convert(_main(args, process), args.exit_codes)


def _main(args: argparse.Namespace, process: bool) -> int:
    from ..core import rulesfile
    from ..formats import printstyle

    # the run's print style (set by delivery.prepare) ends with it: a caller in this process keeps its own
    with rulesfile.trusted_rules(include_anywhere=getattr(args, "allow_include_anywhere", False)), printstyle.using():
        return _run_main(args, process)


def _run_main(args: argparse.Namespace, process: bool) -> int:
    files = args.file if isinstance(args.file, list) else [args.file]
    single = len(files) == 1  # several FILEs: JSON Lines, an error a line of its own (batch.py)
    try:
        args = delivery.prepare(args, _offered(args))  # several FILEs: batchfile.output_paths checks each file's names
    except InputError as exc:
        jsonout.last_line(f"error: {exc}")
        _json_error(args, f"error: {exc}")  # several FILEs: the batch's one record
        return EXIT_BAD_INPUT
    run = runtime.Run(time_limit=args.time_limit, from_process_start=process)
    exit_code = exitcodes.convert(runtime.EXIT_INTERRUPTED, args.exit_codes)  # of a hard exit
    if process:
        _end_after_the_last_line(exit_code)
    guard = watchdog.Watchdog(run, args.memory_limit, exit_code) if process else None  # the hard limits
    if not single:
        from .batch import run_batch

        batch = lambda: _inside(run, guard, lambda: run_guarded(lambda: run_batch(args, run_command)))  # noqa: E731
        return _reported(batch, lambda line: _json_error(args, line))  # a JSON Lines record of its own
    args = argparse.Namespace(**{**vars(args), "file": files[0]})  # one FILE: the family reads args.file
    args = delivery.reserve_output_time(args, run)  # the run's deadline is set: the family solves for less
    ticker = None

    def printing() -> None:  # the watchdog gives output that has started time to finish
        run.stage = "printing"
        if ticker is not None:
            ticker.stop()

    def last_words(message: str) -> None:  # --json prints one document, also when the run ends without one
        if ticker is not None:  # the progress line is erased for good before the last message, never drawn after it
            ticker.stop()
        _json_error(args, message)  # (none when the answer's document is printed or being printed)

    run.last_words = last_words

    def one() -> int:
        nonlocal ticker
        ticker = _ticker(run) if process else None
        try:
            return run_guarded(lambda: delivery.deliver(args, args.run(args)), on_first_write=printing)
        finally:
            if ticker is not None:
                ticker.stop()

    # errors are reported once the run is over (its watchdog stopped: it may not end the process
    # while the main thread reports the same stop)
    return _signalled(run, _reported(lambda: _inside(run, guard, one), last_words))


def _json_error(args: argparse.Namespace, message: str) -> None:
    """With ``--json``, the document of a run that ended without an answer's: the status is not
    known, and ``"error"`` is the line stderr has (a script parsing stdout gets a document)."""
    if getattr(args, "json", False):
        json_document(message)



def run_command(args: argparse.Namespace) -> int:
    """One file of a batch, in a worker: the subcommand's exit code, and for an error one line on
    stderr (never a traceback), as a single run gives them."""
    jsonout.begin(getattr(args, "json", False))  # this file's one document
    return _signalled(runtime.current(), _reported(lambda: run_guarded(lambda: delivery.deliver(args, args.run(args)))))


def _offered(args: argparse.Namespace) -> list[str]:
    """The output options this subcommand has (their dests), for ``-o``."""
    return [dest for dest in delivery.OPTION if hasattr(args, dest)]


def _signalled(run: runtime.Run | None, code: int) -> int:
    """A run stopped by a signal with an answer in hand exits 11, not 10 or 30; so does one
    stopped (SIGSTOP) past its deadline that printed its answer after it was resumed."""
    stopped = run is not None and (run.reason == "interrupted" or run.paused)
    return 11 if stopped and code in (10, 30) else code


def _inside(run: runtime.Run, guard: watchdog.Watchdog | None, call: Callable[[], int]) -> int:
    with run, guard if guard is not None else contextlib.nullcontext():
        return call()


def _reported(call: Callable[[], int], also: Callable[[str], None] | None = None) -> int:
    """``call()``'s exit code; the errors a run can end with become one line on stderr and theirs
    (a closed pipe or a full disk are handled by ``run_guarded`` inside); ``also`` is told that line."""

    try:
        with messages.counting():  # a warning clingo repeated: once more at the end, with its count
            return call()
    except BrokenPipeError:
        return 0
    except BaseException as exc:  # (one short handler: see _ending)
        ending = _ending(exc)
        if ending is None:
            raise
        jsonout.last_line(ending[1])
        if also is not None:
            also(ending[1])
        return ending[0]


def _ending(exc: BaseException) -> tuple[int, str] | None:
    """The exit code and line of an error a run can end with (None: not one of those). Apart from
    ``_reported``, which stays short: out of memory, CPython 3.11 loops for ever unwinding to a
    handler far into a long function (``watchdog``: the kernel's end)."""
    if isinstance(exc, InputError):
        return EXIT_BAD_INPUT, f"error: {exc}"
    if isinstance(exc, OutputError):
        return 1, f"error: {exc}"
    if isinstance(exc, VerificationError):
        return 1, f"internal error: an answer failed the independent verifier ({exc}); nothing printed"
    if isinstance(exc, runtime.Stopped):
        return 1, str(exc)
    if isinstance(exc, KeyboardInterrupt):
        return 1, "interrupted"
    if isinstance(exc, (MemoryError, OSError, RuntimeError)):  # ulimit -v, -n, -u: one line, as --memory-limit's
        line = resources.limit_message(exc)
        return None if line is None else (1, line)
    return None


LAST_WORDS = 5.0  # seconds the command's process has to end once it has said its last line


def _end_after_the_last_line(exit_code: int) -> None:
    """Once the run has said its last line (the error or limit it ends with), the process ends
    within ``LAST_WORDS`` s: ``book`` under ``ulimit -v`` printed its memory line and then hung past
    200 s, its threads short of memory. A thread ends it with ``exit_code`` (a hard exit's); if no
    Python thread can run any more, the kernel 2 s later (SIGALRM, no handler)."""
    import signal
    import threading

    def end_soon() -> None:
        if hasattr(signal, "setitimer"):
            signal.setitimer(signal.ITIMER_REAL, LAST_WORDS + 2.0)
        timer = threading.Timer(LAST_WORDS, os._exit, (exit_code,))
        timer.daemon = True
        timer.start()

    if hasattr(signal, "SIGALRM"):
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
    jsonout.after_last_line = end_soon


def _ticker(run: runtime.Run):
    """The progress line of one long run (a terminal only, after a second): stage, what it has done
    so far when it says (``runtime.describe``: a fill's conflicts), and elapsed."""
    from ..run.progress import Ticker

    return Ticker(run.started, lambda elapsed: progress_text(run, elapsed)).start()


def progress_text(run: runtime.Run, elapsed: float) -> str:
    detail = run.detail() if run.detail is not None else ""
    return f"{run.stage}{', ' + detail if detail else ''}, {elapsed:.0f} s"


def console() -> None:
    """The ``pyclingo-puzzles`` command: hard limits on, and no slow interpreter teardown (freeing
    a large ground program can take longer than the time limit has left). (The console script
    enters through ``entry.console``, which guards the imports before this too.)"""
    import signal

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # past a file-size limit a write fails (EFBIG): one line
    standard_streams()
    resources.quiet_unraisable()
    try:
        code = main(process=True)
    except SystemExit as exc:  # argparse's --help and usage errors: flushed below, as a run's output
        code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
    except Exception as exc:
        code = exitcodes.convert(exitcodes.last_line(exc), exitcodes.requested(sys.argv[1:]))
    _flush_both()
    os._exit(code)


def _flush_both() -> None:
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(BrokenPipeError, OSError):
            stream.flush()


if __name__ == "__main__":
    console()
