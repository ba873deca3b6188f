"""Standard output that cannot crash a run: a closed pipe and a full disk are handled once, here.

``pyclingo-puzzles ... | head`` closes the pipe early: the rest of the output is dropped quietly
and the run ends with the exit code it would have had (scripts read it). A write that fails for
another reason (``> /dev/full``: no space left) ends the run with one line on stderr and exit 1,
since the answer cannot be delivered. Either way stdout is pointed at /dev/null afterwards, so the
interpreter's own flush at exit finds nothing to complain about.
"""

from __future__ import annotations

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

    def write(self, text: str) -> int:
        if self.on_first_write is not None:
            self.on_first_write()
            self.on_first_write = None
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


def run_guarded(run: Callable[[], int], on_first_write: Callable[[], None] | None = None) -> int:
    """``run()`` with a guarded stdout, flushed before returning; its exit code, or 1 with one line
    on stderr when stdout cannot be written. Other exceptions pass through unchanged.
    ``on_first_write`` is called when the run starts printing."""
    guard = _Guarded(sys.stdout, on_first_write)
    sys.stdout = guard  # type: ignore[assignment]
    try:
        code = run()
        guard.flush()
        return code
    except OutputFailed as exc:
        print(f"error: cannot write output: {exc}", file=sys.stderr)
        return EXIT_OUTPUT_FAILED
    finally:
        sys.stdout = guard.inner
