"""The families' requests (``POST /api/<family>``), each solved by the family's own API in a warm
worker of the server's pool (``pool.py``, ``tasks.py``), a bounded queue in front.

The worker writes the instance the body gave as YAML into a private folder (named by no request)
and runs the family's report on it with the options the command would take, so its checks, its
limits (the time limit, a memory share: the command's default split between the workers) and
its files are the command's. The pool adds a hard stop a little after the deadline, and stops a
job whose client has gone away (or that a newer request from the same page replaces).

At most ``workers`` jobs run at once and ``queue`` more wait; a request beyond that is turned away
(``Busy``: 503 with Retry-After) rather than queued without bound.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from ..run import watchdog
from .body import Job
from .families import formats
from .pool import RETRY_AFTER, Busy, ClientGone, Overran, Pool, WorkerDied
from .tasks import Done, Spec

__all__ = ["RETRY_AFTER", "Busy", "ClientGone", "Jobs", "Outcome", "Overran", "WorkerDied", "memory_share"]
MIN_MEMORY = 64 << 20  # bytes: a worker's share is at least this


@dataclass
class Outcome:
    """A finished job: the command's exit code (clingo's), its JSON document, what it said, its files."""

    code: int
    document: dict[str, Any] | None
    messages: list[str]  # stderr lines, the instance's file name replaced by "body"
    files: dict[str, bytes] = field(default_factory=dict)  # format -> content
    lines: dict[int, str] = field(default_factory=dict)  # line of the instance file -> its top-level key


def memory_share(workers: int) -> int | None:
    """Each worker's memory limit: the command's default (75% of RAM) split between the workers."""
    memory = watchdog.default_memory_limit()
    return None if memory is None else max(MIN_MEMORY, memory // max(1, workers))


class Jobs:
    """The families' requests, each a task of the server's warm pool (``pool.py``)."""

    def __init__(self, pool: Pool):
        self.pool = pool

    async def run(self, job: Job, gone: Callable[[], Awaitable[object]], page: Hashable | None = None) -> Outcome:
        """Solve ``job``; ``gone()`` returns when the client has gone away (then ``ClientGone``);
        ``page``: a newer job of the same key stops this one (``pool.Superseded``)."""
        wanted = [f for f in formats(job.family.name) if f != "json"] if job.format == "all" else [job.format]
        spec = Spec(job, tuple(f for f in wanted if f != "json"))
        try:
            reply = await self.pool.run(("job", spec), time_limit=job.time_limit, gone=gone, page=page)
        except WorkerDied as exc:
            if exc.said is None:
                raise
            # its watchdog ended it (the memory share, a deadline in grounding): the command's last document
            return Outcome(1, {"status": "UNKNOWN", "error": exc.said.removeprefix("error: ")}, [exc.said])
        if reply[0] != "done":
            return Outcome(1, None, [str(reply[-1])])
        done: Done = reply[1]
        return Outcome(done.code, done.document, done.messages, done.files, done.lines)

    def stop_all(self) -> None:
        """Kill every worker (shutdown; safe in a signal handler)."""
        self.pool.stop_all()
