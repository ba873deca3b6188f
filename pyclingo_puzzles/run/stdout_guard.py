"""Standard output that cannot crash a run: a closed pipe and a full disk are handled once, here.

``pyclingo-puzzles ... | head`` closes the pipe early: the rest of the output is dropped quietly
and the run ends with the exit code it would have had (scripts read it). A write that fails for
another reason (``> /dev/full``: no space left) ends the run with one line on stderr and exit 1,
since the answer cannot be delivered. Either way stdout is pointed at /dev/null afterwards, so the
interpreter's own flush at exit finds nothing to complain about.

An encoding that cannot hold the letters (``PYTHONIOENCODING=ascii`` and an umlaut) ends the run
the same way, with a line that suggests UTF-8. ``standard_streams`` (the console script, at start)
deals with streams closed before the run (``>&-``, ``2>&-``): a closed stdout fails like a write
error, a closed stderr is /dev/null (warnings never fall through into stdout), and no file the run
opens can take over descriptor 0, 1 or 2.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import sys
from collections.abc import Callable
from typing import Any, TextIO

EXIT_OUTPUT_FAILED = 1


class OutputFailed(Exception):
    """Standard output cannot be written (other than a closed pipe)."""


class _Guarded:
    """Wraps ``sys.stdout``: writes pass through until the pipe closes (then they are dropped)."""

    def __init__(self, inner: TextIO, on_first_write: Callable[[], None] | None = None):
        self.inner = inner
        self.closed_pipe = False
        self.on_first_write = on_first_write

    def started(self) -> None:
        """The run's output begins (the watchdog gives output that has started time to finish)."""
        if self.on_first_write is not None:
            self.on_first_write()
            self.on_first_write = None

    def write(self, text: str) -> int:
        self.started()
        if not self.closed_pipe:
            self._guard(self.inner.write, text)
        return len(text)

    def flush(self) -> None:
        if not self.closed_pipe:
            self._guard(self.inner.flush)

    def _guard(self, call: Callable[..., Any], *args: Any) -> None:
        try:
            call(*args)
        except BrokenPipeError:
            self.closed_pipe = True
            self.silence()
        except OSError as exc:
            self.silence()
            raise OutputFailed(exc.strerror or str(exc)) from None
        except UnicodeEncodeError as exc:
            self.silence()
            bad = exc.object[exc.start : exc.end]
            raise OutputFailed(
                f"its encoding ({exc.encoding}) cannot hold {bad!r}; use UTF-8 (PYTHONIOENCODING=utf-8 "
                "or a UTF-8 locale such as LANG=C.UTF-8)"
            ) from None

    def silence(self) -> None:
        """Point the real stdout at /dev/null (what is still buffered goes there at exit)."""
        try:
            fd = self.inner.fileno()
        except (OSError, ValueError, AttributeError):
            return  # not a real file (a test's capture): nothing is flushed at exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, fd)
        os.close(devnull)

    def __getattr__(self, name: str) -> Any:  # encoding, isatty, fileno, ...
        return getattr(self.inner, name)


class _Closed:
    """Standard output that was closed before the run started: every write fails."""

    encoding = "utf-8"
    closed_pipe = False

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise OSError(errno.EBADF, "standard output is closed")


class QuietStderr:
    """Standard error that cannot end a run: a write that fails (``2>/dev/full``, a full disk
    behind ``2>>log``, a closed pipe) turns it into a closed one, /dev/null from then on; the
    answer still goes to stdout with its exit code. (Warnings are lost: there is nowhere to say so.)"""

    def __init__(self, inner: TextIO):
        self.inner = inner
        self.failed = False

    def write(self, text: str) -> int:
        if not self.failed:
            self._guard(self.inner.write, text)
        return len(text)

    def flush(self) -> None:
        if not self.failed:
            self._guard(self.inner.flush)

    def _guard(self, call: Callable[..., Any], *args: Any) -> None:
        try:
            call(*args)
        except (OSError, ValueError):  # ValueError: closed by someone else
            self.failed = True
            with contextlib.suppress(OSError, ValueError):
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, 2)  # clingo's own messages on fd 2, and the buffer flushed at exit
                os.close(devnull)

    def __getattr__(self, name: str) -> Any:  # encoding, isatty, fileno, ...
        return getattr(self.inner, name)


def standard_streams() -> None:
    """Before a command-line run: descriptors 0-2 that are closed get /dev/null (so no file the run
    opens becomes its stdout or stderr, and clingo's own messages on fd 2 go nowhere); a closed
    stderr is that /dev/null; a closed stdout makes every write fail, so the run ends with one line
    on stderr and a non-zero exit instead of a traceback."""
    closed = []
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            closed.append(fd)
    for fd in closed:
        devnull = os.open(os.devnull, os.O_RDWR)
        if devnull != fd:  # the lowest free descriptor is the closed one; if not, move it there
            os.dup2(devnull, fd)
            os.close(devnull)
    if 2 in closed or sys.stderr is None:
        sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)  # noqa: SIM115
    sys.stderr = QuietStderr(sys.stderr)
    if 1 in closed or sys.stdout is None:
        sys.stdout = _Closed()
        return
    raw = getattr(sys.stdout, "buffer", None)
    if isinstance(raw, io.RawIOBase):
        # PYTHONUNBUFFERED=1: text goes straight to the raw file, and what a short write leaves
        # (at a file-size limit) is dropped without an error; a buffered writer retries and raises
        sys.stdout = io.TextIOWrapper(
            io.BufferedWriter(raw), encoding=sys.stdout.encoding, errors=sys.stdout.errors, line_buffering=True
        )


def run_guarded(run: Callable[[], int], on_first_write: Callable[[], None] | None = None) -> int:
    """``run()`` with a guarded stdout, flushed before returning; its exit code, or 1 with one line
    on stderr when stdout cannot be written. Other exceptions pass through unchanged.
    ``on_first_write`` is called when the run starts printing."""
    guard = _Guarded(sys.stdout, on_first_write)
    sys.stdout = guard
    try:
        code = run()
        guard.flush()
        return code
    except OutputFailed as exc:
        print(f"error: cannot write output: {exc}", file=sys.stderr)
        return EXIT_OUTPUT_FAILED
    finally:
        sys.stdout = guard.inner
