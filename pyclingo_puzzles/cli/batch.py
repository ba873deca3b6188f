"""Several FILEs in one command: a pool of worker processes, results printed in input order.

Each file is solved by ``batchfile.solve_file``: the subcommand exactly as a single run does it,
with its stdout and stderr captured and handed back to the parent with the exit code (the worker
processes: ``batchworker.py``). Workers never print;
the parent prints each file's result as soon as its turn comes (input order, streaming), then a
summary on stderr, and exits with the most severe code over the files (``exitcodes.SEVERITY``).

The pool is a few forked worker processes (``run.workers``: the package's one way of starting and
stopping them), each with a pipe, rather than ``concurrent.futures`` or ``pebble``: at the deadline
or a signal the parent must ask one worker to stop and keep its answers, wait for the answers it is
checking, end one worker stuck in grounding (clingo cannot interrupt it) and say which file it was
on and what it was doing; a ``ProcessPoolExecutor`` (3.11) breaks the whole pool when one worker
dies, and pebble's per-task timeout kills a worker without that cooperative stop.

Limits: ``--time-limit`` bounds the whole command. A worker's copy of the run has the same
deadline, so a file being solved stops there as a single run would (exit 11 with its answers, 1
without); one still busy ``WAIT`` seconds later (grounding) is killed and reported "time limit hit
while grounding" (exit 1). Whether another file starts follows a stated rule, not a timing estimate:
a file starts only while more than the run's printing reserve is left (``Run.remaining`` > 0) and
only until some file's search has been cut by the deadline (``Run.spent``: the time after that cut
is that file's reserve for checking and printing its answers); files not started are reported
"not started: time limit" (exit 1).
Ctrl-C / SIGTERM: the busy workers are asked to stop (SIGUSR1: the same cooperative stop as a
single run's first Ctrl-C) and report what they found (exit 11 with answers). A worker still
searching or grounding is killed ``WAIT`` seconds after the signal; one checking or printing its
answers gets ``runtime.CHECK_GRACE`` more plus its answers' reserve (their measured cost, times
``batchworker.COST_FACTOR``), but never past the deadline plus ``WAIT + PRINT_WAIT``; the parent
then has a single run's printing grace to print them and the summary. What was printed stays.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..core.errors import EXIT_BAD_INPUT, InputError
from ..formats import pdf
from ..formats.outfiles import remove_unfinished
from ..run import runtime, watchdog, workers
from ..run.progress import Bar
from . import batchworker, exitcodes, onedoc
from .batchfile import Command, FileResult, output_paths, stopped
from .batchworker import BatchWorker

# seconds after the deadline or a signal that busy workers get to report what they have: a single
# run's grace, less what the parent needs to print (its own watchdog allows GRACE, while printing more)
WAIT = watchdog.SIGNAL_GRACE - 0.1
PRINT_WAIT = 0.3  # more for a worker already printing
# the parent's own printing: a single run's grace once the last worker has had its time (a parent
# given only a single run's 0.95 s past the deadline was ended while printing, its summary lost)
PARENT_PRINT_GRACE = WAIT + PRINT_WAIT + runtime.PRINT_GRACE
POLL = 0.1  # seconds between checks of the deadline, signals and the progress line
# seconds without a live worker, files left and no stop, before a new worker is started: the
# workers may have died of a signal to the process group that the watchdog is about to read
RESPAWN_WAIT = 1.0


# ------------------------------------------------------------------------------------ the batch


def run_batch(args: argparse.Namespace, command: Command) -> int:
    """Solve every file of ``args.file`` (a list) with up to ``args.jobs`` worker processes; print
    each result in input order, then the summary; return the most severe exit code."""
    files = list(args.file)
    document = onedoc.planned(args)
    try:
        outputs = output_paths(args, files, document.part if document is not None else None)
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        if document is not None:
            document.close()
        return EXIT_BAD_INPUT
    batch = _Batch(command, args, files, outputs)
    try:
        pdf.PARTS = document is not None  # the forked workers draw parts of the one document
        with runtime.stage("solving files in worker processes", after="printing"):
            batch.solve()
    finally:
        pdf.PARTS = False
        batch.close()
        if document is not None and None in batch.results:  # stopped before every file's turn
            document.close()
    known = [r for r in batch.results if r is not None]
    if batch.limits is not None and batch.limits.memory_note:
        sys.stderr.write(batch.limits.memory_note + "\n")
    if document is not None and len(known) == len(files):
        known = document.deliver(known)
    if not batch.printer.closed():
        _summary(known, getattr(args, "exit_codes", exitcodes.from_environment()))
    convention = getattr(args, "exit_codes", exitcodes.from_environment())
    return exitcodes.most_severe([r.code for r in known], convention) if known else runtime.EXIT_INTERRUPTED


class _Batch:
    """The parent's loop: hand out files, collect results, print them in order; at the deadline or
    a signal, mark the files not started and end the workers that do not report in time."""

    def __init__(self, command: Command, args: argparse.Namespace, files: list[Any], outputs: list[dict[str, Path]]):
        self.command, self.args, self.files, self.outputs = command, args, files, outputs
        self.limits = runtime.current()
        if self.limits is not None:
            self.limits.print_grace = PARENT_PRINT_GRACE
            self.limits.spare_parent = True  # past --memory-limit the workers end, the results stay
        self.bar = Bar(self.limits.started if self.limits is not None else time.monotonic())
        self.printer = _Printer(args.json, self.bar, getattr(args, "exit_codes", exitcodes.from_environment()))
        self.results: list[FileResult | None] = [None] * len(files)
        self.workers: list[BatchWorker] = []
        self.started = 0  # files handed out so far
        self.give_up_at: float | None = None  # when busy workers are killed (deadline or signal + WAIT)
        self.spent = False  # a file's search was cut by the deadline: no further file starts
        self.idle_since: float | None = None  # since when no worker is alive with files left

    def solve(self) -> None:
        self.workers = [self._spawn() for _ in range(min(self.args.jobs, len(self.files)))]
        while self.printer.count < len(self.files) and not self.printer.closed():
            if self.may_start():
                self._hand_out()
            else:
                self._wrap_up()
            self._collect()
            if self.give_up_at is not None:
                self._give_up()
            self.printer.flush(self.results)
            done = sum(r is not None for r in self.results)
            self.bar.draw(f"{done}/{len(self.files)} files, {self.bar.elapsed():.1f} s")

    def may_start(self) -> bool:
        """The rule for starting a further file: more than the run's own reserve is left
        (``runtime.remaining`` > 0) and no file's search has been cut by the deadline yet (the time
        after such a cut is that file's, for checking and printing its answers). No estimate decides."""
        left = runtime.remaining()
        self.spent = self.spent or any(w.budget[0] for w in self.workers)
        return (left is None or left > 0) and not self.spent

    def _spawn(self) -> BatchWorker:
        return batchworker.spawn(self.command, self.args, self.files, self.outputs)

    def _hand_out(self) -> None:
        for w in self.workers:
            if w.index is None and self.started < len(self.files):
                w.conn.send(self.started)
                w.index, w.since = self.started, time.monotonic()
                self.started += 1

    def _reason(self) -> str:
        return (self.limits.reason if self.limits is not None else None) or "time limit"

    def _wrap_up(self) -> None:
        reason = self._reason()
        while self.started < len(self.files):
            self.results[self.started] = stopped(str(self.files[self.started]), f"not started: {reason}")
            self.started += 1
        if self.give_up_at is None:
            now = time.monotonic()
            deadline = self.limits.deadline if self.limits is not None else None
            base = deadline if reason == "time limit" and deadline is not None else now
            self.give_up_at = max(now, base) + WAIT
            if self.limits is not None:
                self.limits.stage = "printing"  # collecting what the workers have, to print it
        for w in self.workers:
            if w.index is not None and reason == "interrupted" and not w.asked_to_stop:
                w.asked_to_stop = True
                w.waited_when_asked = w.process.run_queue_wait()
                w.process.signal(signal.SIGUSR1)

    def _collect(self) -> None:
        busy = {w.conn: w for w in self.workers if w.index is not None}
        if not busy:
            # nothing to wait on (every worker died of a signal to the process group, say): sleep,
            # never spin. A spinning loop held the GIL from the watchdog that was to read the
            # signal, and the command ran on for the best part of an hour
            time.sleep(POLL)
            if self.workers or self.started >= len(self.files) or runtime.remaining() == 0.0:
                self.idle_since = None
            elif self.idle_since is None:
                self.idle_since = time.monotonic()
            elif time.monotonic() > self.idle_since + RESPAWN_WAIT:
                self.workers.append(self._spawn())  # files left and no worker: the batch goes on
                self.idle_since = None
            return
        for conn in workers.ready(busy, timeout=POLL):
            w = busy[conn]
            try:
                index, result = conn.recv()
            except (EOFError, OSError):
                died = self.results[w.index] = batchworker.died(w, self.files, self.limits)  # type: ignore[index]
                self._ended(w)
                self.workers.remove(w)
                if runtime.remaining() != 0.0 and not died.note.startswith("interrupted"):
                    self.workers.append(self._spawn())
                continue
            self.results[index] = result
            w.index = None

    def _give_up(self) -> None:
        """End the workers still busy past their time (``_until``)."""
        now = time.monotonic()
        reason = self._reason()
        for w in self.workers:
            if w.index is None or self._clock(w, now) < self._until(w):
                continue
            self.results[w.index] = stopped(
                str(self.files[w.index]), f"{batchworker.hit(reason)} while {w.stage_name()}", now - w.since
            )
            self._ended(w)
        # a worker that died with a file still assigned stays: its pipe's end of file is read by
        # the next ``_collect``, which reports the file. Dropping it here (it may die between that
        # wait and this line, e.g. of a SIGTERM to the process group) left the file without a
        # result, and the batch waited for it for ever
        self.workers = [w for w in self.workers if w.process.alive() or w.index is not None]

    def _ended(self, w: BatchWorker) -> None:
        """Stop a worker that has not answered for its file, and remove the temporary files of
        that file's outputs it may have been writing when it ended."""
        assert w.index is not None
        w.process.stop()
        outputs = self.outputs[w.index] if self.outputs else {}
        if outputs:
            remove_unfinished(outputs.values(), w.process.pid)
        w.index = None

    @staticmethod
    def _clock(w: BatchWorker, now: float) -> float:
        """The clock a worker's grace runs on: asked to stop (a signal), the time less what it has
        since waited for a CPU, so a loaded machine does not eat the grace for its answers; at the
        deadline, the wall clock (the limit holds)."""
        if not w.asked_to_stop:
            return now
        return now - max(0.0, w.process.run_queue_wait() - w.waited_when_asked)

    def _until(self, w: BatchWorker) -> float:
        """When a busy worker is ended: ``give_up_at``; one checking or printing its answers gets
        ``CHECK_GRACE`` and their reserve (as the worker measured it) too, but never past the deadline plus
        ``WAIT + PRINT_WAIT`` (the parent's own watchdog then allows it ``runtime.PRINT_GRACE`` to print)."""
        assert self.give_up_at is not None
        if not w.checking():
            return self.give_up_at
        until = self.give_up_at + runtime.CHECK_GRACE + w.budget[2] / 1000
        deadline = self.limits.deadline if self.limits is not None else None
        return until if deadline is None else min(until, deadline + WAIT + PRINT_WAIT)

    def close(self) -> None:
        for w in self.workers:
            w.process.stop()
        self.bar.clear()


class _Printer:
    """Prints results in input order, each as soon as its turn comes."""

    def __init__(self, as_json: bool, bar: Bar, convention: str = "clingo"):
        self.as_json = as_json
        self.convention = convention
        self.bar = bar
        self.count = 0

    def closed(self) -> bool:
        """stdout is a pipe whose reader has gone (``| head``): nothing more can be delivered."""
        return bool(getattr(sys.stdout, "closed_pipe", False))

    def flush(self, results: list[FileResult | None]) -> None:
        while self.count < len(results) and not self.closed():
            result = results[self.count]
            if result is None:
                return
            self.bar.clear()
            with runtime.stage("printing"):
                if self.as_json:
                    sys.stdout.write(result.json_line(self.convention) + "\n")
                else:
                    sys.stdout.write(f"{'' if self.count == 0 else chr(10)}==> {result.file} <==\n{result.out}")
                sys.stdout.flush()
                if result.err:
                    sys.stderr.write(result.err)
                    sys.stderr.flush()
            # printed: only the summary's fields are kept (a batch of thousands holds no outputs)
            results[self.count] = FileResult(result.file, result.code, seconds=result.seconds, note=result.status)
            self.count += 1


# what a file's exit code says, in words (its summary row says more: the note or the error's line)
STATUS_WORDS = {10: "solved", 30: "solved", 11: "stopped early with an answer", 20: "proved unsolvable",
                1: "no answer", 65: "bad input"}
ORDER_WORDS = {
    "unix": "2 bad input > 3 no answer > 1 unsolvable > 0 an answer",
    "clingo": "65 bad input > 1 no answer > 11 stopped with an answer > 20 unsolvable > 10 found > 30 complete",
}


def _summary(results: Sequence[FileResult], convention: str = "clingo") -> None:
    """The per-file summary on stderr: file, exit code (in ``convention``), status, seconds."""
    code = exitcodes.most_severe([r.code for r in results], convention)
    width = max(len(r.file) for r in results)
    order = ORDER_WORDS[convention]
    counts: dict[str, int] = {}
    for r in results:
        kind = STATUS_WORDS.get(r.code, "no answer")
        counts[kind] = counts.get(kind, 0) + 1
    said = ", ".join(f"{n} {kind}" for kind, n in counts.items())
    exit = exitcodes.convert(code, convention)
    lines = [f"summary: {len(results)} files, exit {exit} (the most severe: {order}): {said}"]
    lines += [
        f"  {r.file:<{width}}  {exitcodes.convert(r.code, convention):>2}  {r.seconds:7.2f} s  {r.status}"
        for r in results
    ]
    sys.stderr.write("\n".join(lines) + "\n")
    sys.stderr.flush()
