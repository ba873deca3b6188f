"""The one JSON document a run prints: one writer, behind one lock.

With ``--json`` standard output holds exactly one document on every path: the answer's, or a
``{"status": "UNKNOWN", "error": ...}`` when the run ends without one (a usage error, bad input, a
limit, a hard exit by the watchdog, an error nothing else caught). Several threads may try: the main
thread with the answer, the watchdog ending the run at its deadline. Each hands ``write`` the whole
document, made beforehand; the first to take the lock writes it, flushed before the lock is let
go, and every later one writes nothing. So a document is never followed by a second (the layout's
UNKNOWN, then its SAT), nor lost (the watchdog checked "has output started?", then the main thread
started a document that the exit cut off: a 150 x 150 strips grid printed nothing).

The run's last line on stderr (the error or limit it ended with) is one line too (``last_line``):
the main thread's and a hard exit's (the watchdog, at the deadline or failing under memory
pressure) would otherwise both be printed, and so would a line printed again when what followed it
ran out of memory (the handler's error reaching the command's last resort, which says it again).

A batch prints JSON Lines instead (one record per file, made in the workers: ``cli/batchfile``);
its own error record goes through here. ``begin`` starts a run afresh (the command's ``main``, a
batch worker's file).
"""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Callable
from typing import Any

WAIT = 1.0  # seconds a late writer waits for a document being written (then gives up: that one is it)

_lock = threading.Lock()
_written = False
_said = False  # the run's last line on stderr (``last_line``) is out
_said_lock = threading.Lock()
# told once the last line is out (the command's process arms the kernel's end with it: ``cli/command``)
after_last_line: Callable[[], object] | None = None
wanted = False  # --json was asked for: an error nothing else caught is a document too (``exitcodes.last_line``)


def begin(json_wanted: bool = False) -> None:
    """A new run in this process: no document written yet."""
    global _written, _said, wanted
    _written = _said = False
    wanted = json_wanted


def written() -> bool:
    return _written


def dumps(obj: Any) -> str:
    """A document as the command prints it: indented, letters as they are where stdout holds them
    (``PYTHONIOENCODING=ascii``: ``\\u`` escapes, the same JSON)."""
    import json  # on use: a text run does not pay for the json package at start-up

    utf = "utf" in (getattr(sys.stdout, "encoding", None) or "utf-8").lower()
    return json.dumps(obj, ensure_ascii=not utf, indent=2) + "\n"


def write(text: str) -> bool:
    """Print the run's document ``text`` (whole, flushed) unless one was printed already, or is
    being printed by another thread that does not finish within ``WAIT`` s. True when this one was.
    Errors writing it (``stdout_guard.OutputFailed``) pass to the caller; the run has its document then."""
    global _written
    if not _lock.acquire(timeout=WAIT):
        return False
    try:
        if _written:
            return False
        _written = True
        sys.stdout.write(text)  # one write: json.dump writes chunk by chunk, many times slower
        sys.stdout.flush()
        return True
    finally:
        _lock.release()


def error(message: str) -> bool:
    """The document of a run that ended without an answer's: status unknown, the line stderr has."""
    with contextlib.suppress(Exception):  # a hard exit's last words: nothing may stop it
        return write(dumps({"status": "UNKNOWN", "error": message.removeprefix("error: ")}))
    return False


def last_line(line: str) -> bool:
    """Print the run's last line on stderr unless one was printed (True when this one was). In one
    write; if Python cannot make it (no memory), the bytes go straight to the descriptor."""
    global _said
    with _said_lock:  # (not the document's lock, which a write blocked on stdout may hold)
        if _said:
            return False
        _said = True
    try:
        sys.stderr.write(line + "\n")  # (line-buffered: written through)
    except BaseException:
        _straight(line)
    if after_last_line is not None:
        with contextlib.suppress(BaseException):
            after_last_line()
    return True


def _straight(line: str) -> None:
    """``line`` written to descriptor 2 by the system call itself (Python's stream could not)."""
    with contextlib.suppress(BaseException):
        import os

        os.write(2, line.encode("utf-8", "replace") + b"\n")
