"""The server's warm workers: ``size`` processes started with the server (``worker.py``), each
importing the package once and keeping what it loads (the built-in dictionary, the studio's word
tables) between requests. A request is a task sent to an idle worker; no interpreter is started
and no command line built per request.

Why processes of their own, started as fresh interpreters (``python -m ...web.worker``), and not
forked from the server: the server has threads (its log writer, the event loop's executor) and
open sockets (the listening one, every client's), which a fork would copy into the worker; a
fresh interpreter holds none of them, costs about 0.3 s of CPU once per worker (a replacement's
too), and leads a process group of its own (its own searches' workers are in it).

- **Admission**: at most ``size`` tasks run and ``queue`` more wait; past that ``Busy`` (503).
- **The interactive lane**: ``lane`` more workers take only interactive tasks (the studio's
  keystroke answers: ``run(..., interactive=True)``), so long jobs on every other worker never
  make them wait; an interactive task takes any idle worker, and a freed worker goes to a waiting
  interactive task before any other. Interactive tasks have their own bound: ``lane + size``
  running and ``queue`` more waiting.
- **Superseding**: a task given a ``page`` key (the page's ``X-Page-Id`` and what it asks)
  stops the older task of that key still running or waiting (``Superseded``).
- **Stopping** a task (superseded, its client gone): SIGINT, which the worker's run takes as
  Ctrl-C; a worker that has not answered ``CANCEL_GRACE`` s later is killed and replaced.
- **Limits**: a task not answered ``HARD_GRACE`` s past its time limit is killed (``Overran``);
  a worker that dies (its watchdog's memory limit or hard deadline, a kill) is replaced and the
  task answered ``WorkerDied`` with the worker's last line, if it said one.
- **Shutdown**: ``stop_all`` kills every worker's process group (safe in a signal handler);
  ``close`` waits for them to be reaped.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pickle
import signal
import socket
import subprocess
import sys
from collections.abc import Awaitable, Callable, Hashable
from typing import Any, NamedTuple

from .worker import ENV, HEADER

HARD_GRACE = 10.0  # seconds past a task's time limit before its worker is killed (drawing a PDF, a stuck ground)
CANCEL_GRACE = 0.5  # seconds a stopped task's worker has to answer before it is killed and replaced
RETRY_AFTER = 5  # seconds a turned-away client is told to wait
TRIES = 2  # workers a task is sent to when the first is found dead before it read the task
MAX_FAILED_STARTS = 3  # workers in a row dead before they were ready: the pool gives up (an install broken)


class Busy(Exception):
    """No room: every worker busy and the queue full, or the server is stopping."""


class ClientGone(Exception):
    """The client closed the connection; its task was stopped."""


class Overran(Exception):
    """The task did not end within its time limit and the grace; its worker was killed."""


class Superseded(Exception):
    """A newer request from the same page took over."""


class WorkerDied(Exception):
    """The worker running the task died (killed, or its limits ended it); it was replaced.
    ``said``: its last line, when its watchdog ended it (a memory or time limit), else None."""

    def __init__(self, message: str, said: str | None = None):
        super().__init__(message)
        self.said = said


class _Unbegun(Exception):
    """The worker was gone before it read the task: the task may go to another."""


class Worker:
    def __init__(self, proc: subprocess.Popen, sock: socket.socket):
        self.proc = proc
        self.pid = proc.pid
        self.sock = sock  # the server's end
        self.inbox: asyncio.Queue[tuple] = asyncio.Queue()
        self.writer: asyncio.StreamWriter | None = None
        self.warm: set[Hashable] = set()  # what it has loaded (the studio's word lists): tasks go back to it
        self.alive = True
        self.ready = False
        self.began = False  # it has read the task it was sent ("began")
        self.tasks = 0
        self.lane = False  # reserved for interactive tasks


class Waiter(NamedTuple):
    future: asyncio.Future[Worker]
    interactive: bool


class Pool:
    def __init__(self, size: int, queue: int, memory_limit: int | None = None, debug: bool = False, lane: int = 0):
        self.size = max(1, size)
        self.lane = max(0, lane)
        self.queue = queue
        self.memory_limit = memory_limit  # bytes, each worker's (its share of the machine's)
        self.debug = debug  # the workers' stderr is the server's (else they keep quiet)
        self.workers: list[Worker] = []
        self.idle: list[Worker] = []
        self.waiting: list[Waiter] = []
        self.admitted = 0  # running and waiting
        self.interactive = 0  # of those, interactive tasks
        self.pages: dict[Hashable, asyncio.Event] = {}
        self.stopping = False
        self.started = False
        self.broken: str | None = None  # the workers cannot start: every request is told so
        self._failed_starts = 0  # workers in a row that died before they were ready
        self._background: set[asyncio.Task] = set()

    # ------------------------------------------------------------------------------ the workers

    def start(self) -> None:
        """Start the workers (in the event loop's thread: the parent-death signal is the thread's)."""
        if self.started:
            return
        self.started = True
        for k in range(self.size + self.lane):
            self._spawn(lane=k >= self.size)

    def _spawn(self, lane: bool = False) -> None:
        if self.stopping:
            return
        mine, theirs = socket.socketpair()
        env = dict(os.environ)
        env.pop("PYCLINGO_PUZZLES_EXIT_CODES", None)  # the workers report clingo's codes; the server maps them
        env[ENV] = f"{theirs.fileno()}:{os.getpid()}"
        quiet = None if self.debug else subprocess.DEVNULL
        try:
            proc = subprocess.Popen(
                [sys.executable, "-m", f"{__package__}.worker"],
                pass_fds=(theirs.fileno(),), start_new_session=True, stdin=subprocess.DEVNULL, stdout=quiet,
                stderr=quiet, env=env,
            )  # fmt: skip
        except OSError:  # no process (ulimit -u, out of memory): the pool runs with fewer workers
            mine.close()
            return
        finally:
            theirs.close()
        worker = Worker(proc, mine)
        worker.lane = lane
        self.workers.append(worker)
        self._keep(self._pump(worker))

    def _keep(self, coroutine: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coroutine)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _pump(self, worker: Worker) -> None:
        """Read the worker's frames into its inbox until it closes; then it is gone: reaped and replaced."""
        last = None
        try:
            reader, worker.writer = await asyncio.open_unix_connection(sock=worker.sock)
            while True:
                head = await reader.readexactly(HEADER.size)
                message = pickle.loads(await reader.readexactly(HEADER.unpack(head)[0]))
                if message[0] == "ready":
                    worker.ready, self._failed_starts = True, 0
                    self._release(worker)
                elif message[0] == "began":
                    worker.began = True
                elif message[0] == "last":
                    last = message[1]
                else:
                    worker.inbox.put_nowait(message)
        except (asyncio.IncompleteReadError, ConnectionError, OSError, pickle.UnpicklingError, EOFError):
            pass
        finally:
            worker.alive = False
            self._kill(worker)
            if worker.writer is not None:
                worker.writer.close()
            worker.inbox.put_nowait(("dead", last))
            if worker in self.idle:
                self.idle.remove(worker)
            if worker in self.workers:
                self.workers.remove(worker)
            with contextlib.suppress(Exception):
                await asyncio.to_thread(worker.proc.wait, 5)
            self._failed_starts += 0 if worker.ready else 1
            if self._failed_starts >= MAX_FAILED_STARTS:
                self._give_up(f"the server's workers could not start ({self._death(worker)})")
            else:
                self._spawn(worker.lane)

    def _give_up(self, why: str) -> None:
        self.broken = why
        for waiter, _ in self.waiting:
            if not waiter.done():
                waiter.set_exception(WorkerDied(why))
        self.waiting.clear()

    def _kill(self, worker: Worker) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(worker.pid, signal.SIGKILL)

    def _release(self, worker: Worker) -> None:
        """``worker`` is free: to the first interactive request waiting, else (not a lane worker)
        to the first request waiting, else idle."""
        if not worker.alive or self.stopping:
            return
        self.waiting = [w for w in self.waiting if not w.future.done()]
        for first in (True, False):
            waiter = next((w for w in self.waiting if w.interactive or not (first or worker.lane)), None)
            if waiter is not None:
                self.waiting.remove(waiter)
                waiter.future.set_result(worker)
                return
        self.idle.append(worker)

    async def _take(self, warm: Hashable | None, interactive: bool) -> Worker:
        # an interactive task: a worker that has ``warm`` first, then a lane worker (the others
        # stay free for long jobs); another task: only a worker outside the lane
        free = sorted((w for w in self.idle if interactive or not w.lane),
                      key=lambda w: (warm is None or warm not in w.warm, not w.lane))  # fmt: skip
        if free:
            self.idle.remove(free[0])
            return free[0]
        waiter: asyncio.Future[Worker] = asyncio.get_running_loop().create_future()
        self.waiting.append(Waiter(waiter, interactive))
        try:
            return await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self._release(waiter.result())  # given a worker as it was cancelled: it goes back
            raise

    # ------------------------------------------------------------------------------ the tasks

    async def run(
        self, task: tuple, *, time_limit: float, gone: Callable[[], Awaitable[object]],
        page: Hashable | None = None, warm: Hashable | None = None, interactive: bool = False,
    ) -> tuple:
        """``task``'s answer from a worker (``work.py``'s shapes), or Busy, Superseded, ClientGone,
        Overran, WorkerDied. ``gone()`` returns once the client has gone away. ``interactive``:
        the task may take a lane worker, and waits ahead of the others."""
        if self.stopping:
            raise Busy("the server is stopping")
        if self.broken is not None:
            raise WorkerDied(self.broken)
        workers = self.size + self.lane if interactive else self.size
        if (self.interactive if interactive else self.admitted - self.interactive) >= workers + self.queue:
            raise Busy(f"all {workers} workers are busy and {self.queue} requests wait; "
                       f"try again in {RETRY_AFTER} s")  # fmt: skip
        self.start()
        stop = asyncio.Event()
        if page is not None:
            older = self.pages.get(page)
            if older is not None:
                older.set()
            self.pages[page] = stop
        self.admitted += 1
        self.interactive += interactive
        left = asyncio.ensure_future(gone())
        stopped = asyncio.ensure_future(stop.wait())
        try:
            return await self._run(task, time_limit, warm, interactive, left, stopped)
        finally:
            self.admitted -= 1
            self.interactive -= interactive
            left.cancel()
            stopped.cancel()
            if page is not None and self.pages.get(page) is stop:
                del self.pages[page]

    async def _run(self, task: tuple, time_limit: float, warm: Hashable | None, interactive: bool,
                   left: asyncio.Future, stopped: asyncio.Future) -> tuple:  # fmt: skip
        for tries in range(TRIES):
            worker = await self._worker_for(warm, interactive, left, stopped)
            try:
                return await self._on(worker, task, time_limit, warm, left, stopped)
            except _Unbegun:  # it died before it read the task (killed while idle): another worker takes it
                if tries + 1 == TRIES:
                    raise WorkerDied(self._death(worker)) from None
        raise AssertionError("unreachable")

    async def _worker_for(
        self, warm: Hashable | None, interactive: bool, left: asyncio.Future, stopped: asyncio.Future
    ) -> Worker:
        """An idle worker it may take (one that has ``warm`` if one is idle), once one is free."""
        taking = asyncio.ensure_future(self._take(warm, interactive))
        try:
            await asyncio.wait({taking, left, stopped}, return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:
            self._give_back(taking)
            raise
        if not taking.done() or left.done() or stopped.done() or self.stopping:
            self._give_back(taking)
            raise self._why(left)
        return taking.result()

    async def _on(self, worker: Worker, task: tuple, time_limit: float, warm: Hashable | None,
                  left: asyncio.Future, stopped: asyncio.Future) -> tuple:  # fmt: skip
        """``task`` on ``worker``: its reply, or the error the pool answers instead."""
        worker.tasks += 1
        worker.began = False
        try:
            assert worker.writer is not None
            data = pickle.dumps((*task, self.memory_limit), protocol=pickle.HIGHEST_PROTOCOL)
            worker.writer.write(HEADER.pack(len(data)) + data)
        except (ConnectionError, OSError, AssertionError):
            self._kill(worker)
            raise _Unbegun() from None
        answer = asyncio.ensure_future(worker.inbox.get())
        try:
            await asyncio.wait({answer, left, stopped}, timeout=time_limit + HARD_GRACE,
                               return_when=asyncio.FIRST_COMPLETED)  # fmt: skip
        except asyncio.CancelledError:  # the request itself was cancelled (the guard's hang-up, the server's stop)
            self._keep(self._interrupt(worker, answer))
            raise
        if answer.done():
            reply = answer.result()
            if reply[0] == "dead":
                if not worker.began:
                    raise _Unbegun()
                raise WorkerDied(reply[1] or self._death(worker), reply[1])
            if warm is not None:
                worker.warm.add(warm)
            self._release(worker)
            return reply
        if left.done() or stopped.done() or self.stopping:
            self._keep(self._interrupt(worker, answer))
            raise self._why(left)
        answer.cancel()
        self._kill(worker)  # overran: its pump replaces it
        raise Overran()

    def _give_back(self, taking: asyncio.Future[Worker]) -> None:
        """A request leaves before its turn: a worker it was handed goes back (``_take`` sees to
        one handed over as it is cancelled)."""
        if not taking.done():
            taking.cancel()
        elif not taking.cancelled() and taking.exception() is None:
            self._release(taking.result())

    def _why(self, left: asyncio.Future) -> Exception:
        if self.stopping:
            return Busy("the server is stopping")
        return ClientGone() if left.done() else Superseded()

    @staticmethod
    def _death(worker: Worker) -> str:
        code = worker.proc.poll()
        how = f"killed by signal {-code}" if code is not None and code < 0 else "it ended"
        return f"the worker running this request died ({how}); it was replaced"

    async def _interrupt(self, worker: Worker, answer: asyncio.Future) -> None:
        """Stop ``worker``'s task: SIGINT, then the kill if it has not answered within CANCEL_GRACE."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(worker.pid, signal.SIGINT)
        done, _ = await asyncio.wait({answer}, timeout=CANCEL_GRACE)
        if answer in done and answer.result()[0] != "dead":
            self._release(worker)
            return
        answer.cancel()
        self._kill(worker)

    # ------------------------------------------------------------------------------ stopping

    def stop_all(self) -> None:
        """Kill every worker's process group (shutdown; safe in a signal handler)."""
        self.stopping = True
        for worker in list(self.workers):
            self._kill(worker)

    async def close(self) -> None:
        """``stop_all``, then every worker reaped (at most a second each)."""
        self.stop_all()
        for worker in list(self.workers):
            with contextlib.suppress(Exception):
                await asyncio.to_thread(worker.proc.wait, 1.0)
        for task in list(self._background):
            task.cancel()
