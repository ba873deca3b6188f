"""Making a book's puzzles: in parallel on this machine's cores, or on a Dask cluster.

Both run the same function (``jobs.make``) on the same jobs, so the same seed gives the same book.
Word searches and layouts are independent; a section's crosswords form a chain (each avoids the
entries of the crosswords before it, so no two share more than ``CROSSWORD_MAX_SHARED``). Once
every word search is made, those that share too many placements with an earlier one (in book
order) are made again with the next seed, until none does: an order that depends on nothing but
the records, so a resumed or a clustered run ends with the same book.
"""

from __future__ import annotations

import concurrent.futures as cf
import functools
import multiprocessing
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..core.errors import InputError
from ..run import resources, runtime, workers
from . import jobs as work
from .jobs import BookError, Job
from .store import Store

CONNECT_TIMEOUT = 5.0  # seconds a cluster's scheduler has to answer
STAGE = "making the puzzles (run the command again to resume)"  # named when a limit or a signal ends the run
TASKS_PER_WORKER = 25  # puzzles a local worker process makes before a fresh one takes over


class LocalPool:
    """Forked worker processes (they die with the book's process: ``workers.in_worker``), replaced by
    fresh ones every ``TASKS_PER_WORKER`` puzzles: clingo keeps every symbol it ever made for the life
    of a process (each puzzle's words and cells), so a worker that made 2,000 puzzles held 2 GB.
    At most two jobs a worker are handed to the executor at a time; the rest wait here."""

    def __init__(self, workers: int):
        self.workers = workers
        self.waiting: deque[tuple[Job, cf.Future[Any]]] = deque()
        self.in_flight = 0  # handed to an executor, not finished (lowered in the executors' threads)
        self.lock = threading.Lock()
        self.started = 0  # jobs handed to the current executor
        self.pool = self._new_pool()
        self.retired: list[cf.ProcessPoolExecutor] = []  # finishing their last jobs

    def _new_pool(self) -> cf.ProcessPoolExecutor:
        context = multiprocessing.get_context("fork")
        return cf.ProcessPoolExecutor(max_workers=self.workers, mp_context=context, initializer=workers.in_worker)

    def submit(self, job: Job) -> Any:
        future: cf.Future[Any] = cf.Future()
        self.waiting.append((job, future))
        self._feed()
        return future

    def _feed(self) -> None:
        while self.waiting and self.in_flight < 2 * self.workers:
            if self.started >= TASKS_PER_WORKER * self.workers:  # its workers have grown: a fresh pool
                self.pool.shutdown(wait=False)  # its running jobs finish; then its workers exit
                self.retired.append(self.pool)
                self.pool, self.started = self._new_pool(), 0
            job, outer = self.waiting.popleft()
            with self.lock:
                self.in_flight += 1
            self.started += 1
            try:
                inner = self.pool.submit(make, job)
            except cf.BrokenExecutor as exc:  # a worker died (killed, out of memory): this job's result says so
                inner = cf.Future()
                inner.set_exception(exc)
            inner.add_done_callback(functools.partial(self._done, outer=outer))

    def _done(self, inner: cf.Future[Any], outer: cf.Future[Any]) -> None:
        with self.lock:
            self.in_flight -= 1
        if inner.cancelled():
            outer.cancel()
        elif inner.exception() is not None:
            outer.set_exception(inner.exception())
        else:
            outer.set_result(inner.result())

    def wait(self, pending: set[Any]) -> tuple[set[Any], set[Any]]:
        self._feed()
        done, rest = cf.wait(pending, timeout=0.5, return_when=cf.FIRST_COMPLETED)
        self._feed()
        return set(done), set(rest)

    def close(self) -> None:
        for pool in [*self.retired, self.pool]:
            for process in list((getattr(pool, "_processes", None) or {}).values()):  # no orphan, whatever happened
                process.kill()
            pool.shutdown(wait=True, cancel_futures=True)


class ClusterError(Exception):
    """The cluster's scheduler does not answer (one line)."""


def _hello(address: str) -> None:
    """Dask's handshake with the scheduler within ``CONNECT_TIMEOUT``, all told: ``Client``'s own
    timeout does not bound a server that accepts the connection and then says nothing (or speaks
    another protocol, whose bytes Dask may read as a frame of exabytes: MemoryError)."""
    import asyncio
    import socket
    from urllib.parse import urlsplit

    from distributed.comm import connect

    where = urlsplit(address if "://" in address else f"tcp://{address}")
    if where.scheme == "tcp" and where.hostname and where.port:  # refused at once, not after Dask's retries
        socket.create_connection((where.hostname, where.port), timeout=CONNECT_TIMEOUT).close()

    async def hello() -> None:
        comm = await connect(address, timeout=CONNECT_TIMEOUT)
        await comm.close()

    try:
        asyncio.run(asyncio.wait_for(hello(), CONNECT_TIMEOUT))
    except TimeoutError:
        raise TimeoutError(f"no Dask handshake within {CONNECT_TIMEOUT:g} s") from None


class DaskPool:
    """A Dask distributed client: ``local`` starts a LocalCluster (tests), else a scheduler's address."""

    def __init__(self, address: str, workers: int):
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            raise InputError("--cluster needs Dask: pip install 'pyclingo-puzzles[cluster]'", "--cluster") from None
        self.cluster = None
        try:
            if address == "local":
                # no dashboard; the scheduler's HTTP server (it starts one anyway) on a free port, not
                # 8787: a second book made at once warned "Port 8787 is already in use"
                self.cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                            dashboard_address=None, scheduler_kwargs={"dashboard_address": ":0"})
                self.client = Client(self.cluster)
            else:
                _hello(address)
                self.client = Client(address, timeout=CONNECT_TIMEOUT)
        except Exception as exc:  # refused, silent, not Dask (garbage read as a frame: MemoryError), a bad address
            self.close()
            why = " ".join(str(exc).split())[:120] or type(exc).__name__
            raise ClusterError(f"--cluster {address}: the cluster does not answer ({why})") from None

    def submit(self, job: Job) -> Any:
        return self.client.submit(make, job, pure=False)

    def wait(self, pending: set[Any]) -> tuple[set[Any], set[Any]]:
        from distributed import wait

        try:
            done = set(wait(list(pending), timeout=0.5, return_when="FIRST_COMPLETED").done)
        except TimeoutError:  # none finished in that time (distributed raises where concurrent.futures returns)
            done = set()
        return done, pending - done

    def close(self) -> None:
        client = getattr(self, "client", None)
        if client is not None:
            client.close()
        if self.cluster is not None:
            self.cluster.close()


def make_all(jobs: Sequence[Job], pool: Any, store: Store, tick: Callable[[int], None]) -> dict[int, dict[str, Any]]:
    """Every job's record (by puzzle number): those the store has, the rest made by ``pool``."""
    return _Maker(jobs, pool, store, tick).run()


class _Maker:
    def __init__(self, jobs: Sequence[Job], pool: Any, store: Store, tick: Callable[[int], None]):
        self.jobs, self.pool, self.store, self.tick = jobs, pool, store, tick
        self.pending: dict[Any, Job] = {}
        self.submitted: set[int] = set()
        self.chains = _chains(jobs)

    def run(self) -> dict[int, dict[str, Any]]:
        records = self.store.load()
        for number in list(records):  # a record is reused only for the job it was made for
            if number > len(self.jobs) or records[number].get("family") != self.jobs[number - 1].family:
                del records[number]
        self.tick(len(records))
        self.store.open()
        for job in self.jobs:
            if job.number not in records and job.family != "crossword":
                self._submit(job)
        self._next_links(records)
        while True:
            self._drain(records)
            clashes = work.too_similar(list(records.values()))
            if not clashes:
                return records
            for number in clashes:
                attempts = records.pop(number).get("attempts", 0) + 1
                if attempts > work.RETRIES:
                    raise BookError(f"puzzle {number}: no word search shares at most "
                                    f"{work.WORDSEARCH_MAX_SHARED:.0%} of its placements with every earlier one; "
                                    "give a larger word pool", number)
                self._submit(work.reseeded(self.jobs[number - 1], attempts))

    def _submit(self, job: Job) -> None:
        self.submitted.add(job.number)
        self.pending[self.pool.submit(job)] = job

    def _drain(self, records: dict[int, dict[str, Any]]) -> None:
        while self.pending:
            runtime.check()  # a signal or the time limit ends the run; the store keeps what is done
            done, _ = self.pool.wait(set(self.pending))
            for future in done:
                job = self.pending.pop(future)
                try:
                    record = _result(future, job)
                except Exception:
                    _stopped_by_the_run()  # the run's --time-limit, not the puzzle, ended that job
                    raise
                record["attempts"] = job.attempt
                records[job.number] = record
                self.store.save(record)
                self.tick(1)
            self._next_links(records)

    def _next_links(self, records: dict[int, dict[str, Any]]) -> None:
        """The first unmade crossword of each chain, once its predecessors are made, avoiding their entries."""
        for chain in self.chains:
            used: set[str] = set()
            for job in chain:
                if job.number in records:
                    used |= work.entries_of(records[job.number])
                    continue
                if job.number not in self.submitted:
                    self._submit(Job(job.number, job.family, job.seed, job.options, rows=job.rows,
                                     avoid=tuple(sorted(used)), outputs=job.outputs))
                break


def _stopped_by_the_run() -> None:
    """Raise ``Stopped`` when the run is out of time or stopping: a job's search that found nothing
    (or a worker killed as the run ends) then says nothing about its puzzle, and a rerun resumes."""
    if runtime.out_of_time() or runtime.stopping():
        runtime.check()
        raise runtime.Stopped("time limit", STAGE)


def make(job: Job) -> dict[str, Any]:
    """``jobs.make`` in a worker process: a limit of the machine met there (``ulimit -n``, ``-u``,
    ``-v``) is handed to the book's process as its one line (``resources.LimitHit``), judged where
    it hit (a half-made import is the worker's memory, not the parent's)."""
    try:
        return work.make(job)
    except (BookError, InputError):
        raise
    except Exception as exc:
        line = resources.limit_message(exc, STAGE)
        if line is None:
            raise
        raise resources.LimitHit(line) from None


def _result(future: Any, job: Job) -> dict[str, Any]:
    try:
        record: dict[str, Any] = future.result()
    except (BookError, InputError):
        raise
    except Exception as exc:  # a worker that died, or an error raised on a cluster's worker
        if resources.limit_message(exc, STAGE) is not None:  # a limit of the machine, never the manifest's fault
            raise
        raise BookError(f"puzzle {job.number} ({job.family}): {type(exc).__name__}: {exc}", job.number) from None
    return record


def _chains(jobs: Iterable[Job]) -> list[list[Job]]:
    """A section's crosswords, in order: each is made once the one before it is."""
    chains: dict[str, list[Job]] = {}
    for job in jobs:
        if job.family == "crossword":
            chains.setdefault(repr(sorted(job.options.items())), []).append(job)
    return list(chains.values())


def progress(total: int) -> tuple[Callable[[int], None], Callable[[], None]]:
    """A tqdm bar with an ETA on stderr, only on a terminal. No monitor thread: the bar is updated
    from the loop anyway, and a bar made even disabled started one, which under ``ulimit -v`` or
    ``-u`` could not start and warned in three lines (TqdmMonitorWarning) before the limit's one."""
    if not _terminal(sys.stderr):
        return (lambda done: None), (lambda: None)
    from tqdm import tqdm

    tqdm.monitor_interval = 0
    bar = tqdm(total=total, unit="puzzle", file=sys.stderr, leave=False)
    return bar.update, bar.close


def _terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False
