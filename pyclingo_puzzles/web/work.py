"""What a warm worker (``worker.py``) does with each task the pool sends it, in the worker's process.

A task is ``(kind, payload, memory_limit)``:

- ``"job"``: a family's request (``tasks.Spec``), answered ``("done", tasks.Done)``;
- ``"call"``: a call of the studio's engine (``studio_work.Call``), answered ``("done", answer)``,
  ``("input", message, field)`` for bad input the engine found, or ``("stopped",)`` once the
  server asked it to stop;
- ``"file"``: a studio export or an opened file (``studio_body.Ask``), ``("done", answer)`` or
  ``("bad", message, field, status)``;
- ``"status"``: the worker's pid, its tasks so far and what it keeps warm (tests, the benchmark).

Anything unforeseen is ``("failed", line)``: the server answers a plain 500 and keeps the worker.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from typing import Any

done_tasks = 0


class _Stop:
    """The studio's cancel flag in a worker: the server's SIGINT (read by the watchdog, or before it)."""

    def __init__(self, cancelled: Callable[[], bool]):
        self.cancelled = cancelled

    def is_set(self) -> bool:
        from ..run import runtime

        return self.cancelled() or runtime.interrupted()


def preload() -> None:
    """The families' reports, the studio's engine and clingo, imported before the first task."""
    import importlib

    for name in ("wordsearch.report", "crossword.report", "strips.report", "layout.report",
                 "crossword.studio.calls", "web.tasks", "web.studio_files"):  # fmt: skip
        importlib.import_module(f"{__package__.rpartition('.')[0]}.{name}")


def perform(task: tuple, last_words: Callable[[str], None], cancelled: Callable[[], bool]) -> tuple:
    """The answer to ``task`` (see the module's docstring)."""
    global done_tasks
    kind, payload, memory_limit = task
    try:
        if kind == "job":
            from .tasks import run_job

            return ("done", run_job(payload, memory_limit, last_words, cancelled))
        if kind == "call":
            return _call(payload, memory_limit, last_words, cancelled)
        if kind == "file":
            return _file(*payload)
        if kind == "status":
            return ("done", status())
        return ("failed", f"internal error: no task {kind!r}")
    except Exception as exc:  # the worker goes on serving; the request gets a plain 500
        return ("failed", f"internal error: {type(exc).__name__}")
    finally:
        done_tasks += 1


def _call(call: Any, memory_limit: int | None, last_words: Callable[[str], None],
          cancelled: Callable[[], bool]) -> tuple:  # fmt: skip
    from ..core.errors import InputError
    from ..run import runtime, watchdog
    from . import studio_work

    run = runtime.Run()  # no deadline of its own: the call's time limit is the engine's (and the pool's hard stop)
    run.last_words = last_words
    try:
        with run, watchdog.Watchdog(run, memory_limit, runtime.EXIT_INTERRUPTED):
            if cancelled():
                return ("stopped",)
            answer = studio_work.run(call, _Stop(cancelled))  # type: ignore[arg-type]
    except InputError as exc:
        return ("input", exc.message, exc.file)
    except runtime.Stopped:
        return ("stopped",)
    if cancelled() or run.reason is not None:
        return ("stopped",)
    return ("done", answer)


def _file(route: str, ask: Any) -> tuple:
    from . import studio_files
    from .body import BadRequest

    make = {"export": studio_files.export, "open": studio_files.open_file}[route]
    try:
        return ("done", make(ask))
    except BadRequest as exc:
        return ("bad", exc.message, exc.field, exc.status)


def status() -> dict[str, Any]:
    """What this worker keeps: its pid, tasks done, the built-in dictionary's floors read and the
    studio's warm word lists."""
    from ..crossword.studio import studio as studios
    from ..crossword.wordlists import english

    info = {"pid": os.getpid(), "tasks": done_tasks, "studios": len(studios._studios)}
    with contextlib.suppress(AttributeError):
        info["english_loads"] = english.english_scores.cache_info().misses  # wordfreq's list read
        info["english_dictionaries"] = english.english_dictionary.cache_info().misses  # a floor's dictionary built
    return info
