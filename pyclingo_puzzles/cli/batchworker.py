"""A batch's worker process: it solves the files the parent hands it (``batchfile.solve_file``)
and mirrors its run's stage, whether its search was cut by the deadline and the answers it is
checking into shared memory, so the parent can say what a worker it ends was doing, start no file
once the budget is spent, and wait for answers being checked. Started and stopped through
``run.workers``, the package's one way of doing so.
"""

from __future__ import annotations

import argparse
import os
import signal
import time
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, cast

from ..run import resources, runtime, workers
from .batchfile import Command, FileResult, solve_file, stopped

# a worker's answers cost more to hand over than a single run's to print: its JSON is parsed and
# written again as one line, sent through the pipe, and printed by the parent (a worker killed
# "while printing" at the deadline under load had kept a single run's reserve)
COST_FACTOR = 2.0


class SharedStage(runtime.Run):
    """A worker's copy of the run: its stage, whether its search was cut by the deadline and how
    many answers it is checking (and their reserve, in milliseconds) are mirrored into shared
    memory, so the parent can say what a worker it has to kill was doing ("time limit hit while
    grounding"), start no file once the budget is spent, and wait for answers being checked."""

    shared: Any = None
    budget: Any = None  # [spent, answers, their reserve in ms]

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        if name == "stage" and self.shared is not None:
            self.shared.value = str(value).encode()[: len(self.shared) - 1]
        elif name == "spent" and self.budget is not None:
            self.budget[0] = int(value)
        elif name == "answers" and self.budget is not None:
            self.budget[1] = int(value)
            self.budget[2] = int(self.reserve(int(value)) * 1000)


def _interrupt(signum: int, frame: object) -> None:
    """SIGUSR1 from the parent: stop as a single run does at its first Ctrl-C (answers kept)."""
    run = runtime.current()
    if run is not None and run.reason is None:
        run.reason = "interrupted"


def _serve(conn: Connection, command: Command, args: argparse.Namespace, files: Sequence[Any],
           outputs: list[dict[str, Path]], stage: Any, budget: Any) -> None:
    run = runtime.current()
    if run is not None:
        run.__class__ = SharedStage
        shared = cast(SharedStage, run)
        shared.shared = stage
        shared.budget = budget
        shared.pricing.cost_factor = COST_FACTOR
    signal.signal(signal.SIGUSR1, _interrupt)
    while True:
        try:
            index = conn.recv()
        except (EOFError, OSError):  # the parent has closed the pipe: no more files
            break
        conn.send((index, _solved(command, args, files[index], outputs[index])))
    conn.close()
    os._exit(0)  # no interpreter teardown: the parent's atexit handlers are not ours to run


def _solved(command: Command, args: argparse.Namespace, file: Any, outputs: dict[str, Path]) -> FileResult:
    """``solve_file``, whatever happens: an error it lets through (a limit met outside the run's
    own handling, under ``ulimit -u`` clingo's thread) is the file's one line, never a worker's
    traceback (multiprocessing prints one for a worker that raises: 107 lines under ``-u 4``)."""
    try:
        return solve_file(command, args, file, outputs)
    except BaseException as exc:
        line = resources.limit_message(exc) or f"internal error: {type(exc).__name__}: {exc}"
        return stopped(str(file), " ".join(line.split()))


@dataclass
class BatchWorker:
    process: workers.Worker
    stage: Any
    budget: Any  # shared with the worker's run: [spent, answers, their reserve in ms]
    index: int | None = None  # the file it is solving
    since: float = 0.0
    asked_to_stop: bool = False
    waited_when_asked: float = 0.0  # its ``run_queue_wait`` when asked to stop (``Batch._clock``)

    @property
    def conn(self) -> Connection:
        return self.process.conn

    def stage_name(self) -> str:
        return self.stage.value.decode(errors="replace") or "solving"

    def checking(self) -> bool:
        """Checking or printing the answers it found (worth waiting for)."""
        return self.stage_name() in ("checking answers", "printing")


def spawn(
    command: Command, args: argparse.Namespace, files: Sequence[Any], outputs: list[dict[str, Path]]
) -> BatchWorker:
    ctx = workers.context()
    stage = ctx.RawArray("c", 96)
    budget = ctx.RawArray("q", 3)
    process = workers.start(_serve, command, args, files, outputs, stage, budget, duplex=True)
    return BatchWorker(process, stage, budget)


def hit(reason: str) -> str:
    return "interrupted" if reason == "interrupted" else f"{reason} hit"


def died(w: BatchWorker, files: Sequence[Any], run: runtime.Run | None) -> FileResult:
    """A worker that ended without answering: killed by a signal (a Ctrl-C or SIGTERM to the whole
    process group reaches the workers too), or crashed."""
    w.process.proc.join(1)
    code = w.process.proc.exitcode
    file = str(files[w.index])  # type: ignore[index]
    seconds = time.monotonic() - w.since
    if run is not None and run.reason is not None:
        return stopped(file, f"{hit(run.reason)} while {w.stage_name()}", seconds)
    if code in (-signal.SIGTERM, -signal.SIGINT):  # sent to the group: the parent's watchdog reads it next
        return stopped(file, f"interrupted while {w.stage_name()}", seconds)
    if code is not None and code < 0:  # e.g. the kernel's out-of-memory killer; the batch goes on
        return stopped(file, f"the worker was killed (signal {-code}) while {w.stage_name()}", seconds)
    return stopped(file, f"the worker solving this file ended unexpectedly (exit code {code})", seconds)
