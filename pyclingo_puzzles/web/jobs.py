"""Each job solved by the command itself in a worker process of its own, a bounded queue in front.

A job runs ``python -m pyclingo_puzzles FAMILY "<Title>.yaml" --json --time-limit T ...`` in a
private temporary folder holding the instance the body gave (written by this module, named by no
request) and the files asked for. The command brings its own limits (the deadline, a memory
ceiling) and its checks; the server adds a hard stop a little after the deadline, and ends a job
whose client has gone away. Each worker leads a process group of its own (its own workers are in
it) and is killed by the kernel if the server dies; ``Jobs.stop_all`` ends them all on shutdown.

At most ``workers`` jobs run at once and ``queue`` more wait; a request beyond that is turned away
(``Busy``: 503 with Retry-After) rather than queued without bound.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import os
import shutil
import signal
import sys
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from ..run import children, watchdog
from .body import Job, Limits
from .families import FORMATS, PRINTING, formats

HARD_GRACE = 10.0  # seconds past a job's time limit before the server kills it (drawing a PDF, start-up)
RETRY_AFTER = 5  # seconds a turned-away client is told to wait


class Busy(Exception):
    """No room: every worker busy and the queue full, or the server is stopping."""


class ClientGone(Exception):
    """The client closed the connection; its job was stopped."""


class Overran(Exception):
    """The job did not end within its time limit and the grace; it was killed."""


@dataclass
class Outcome:
    """A finished job: the command's exit code (clingo's), what it printed, the files it wrote."""

    code: int
    stdout: str
    messages: list[str]  # stderr lines, the instance's file name replaced by "body"
    files: dict[str, bytes] = field(default_factory=dict)  # format -> content
    lines: dict[int, str] = field(default_factory=dict)  # line of the instance file -> its top-level key


class Jobs:
    def __init__(self, limits: Limits):
        self.limits = limits
        self.slots = asyncio.Semaphore(limits.workers)
        self.admitted = 0  # running and waiting
        self.running: set[int] = set()  # process groups of the running workers
        self.stopping = False
        self._libc = ctypes.CDLL(None, use_errno=True) if sys.platform.startswith("linux") else None
        self._server_pid = os.getpid()  # the workers' parent, read again in each worker after its fork

    @contextlib.asynccontextmanager
    async def _admit(self) -> AsyncIterator[None]:
        if self.stopping:
            raise Busy("the server is stopping")
        if self.admitted >= self.limits.workers + self.limits.queue:
            raise Busy(f"all {self.limits.workers} workers are busy and {self.limits.queue} requests wait; "
                       f"try again in {RETRY_AFTER} s")  # fmt: skip
        self.admitted += 1
        try:
            async with self.slots:
                if self.stopping:
                    raise Busy("the server is stopping")
                yield
        finally:
            self.admitted -= 1

    async def run(self, job: Job, gone: Callable[[], Awaitable[object]]) -> Outcome:
        """Solve ``job``; ``gone()`` returns when the client has gone away (then ``ClientGone``)."""
        async with self._admit():
            folder = Path(tempfile.mkdtemp(prefix="pyclingo-web-"))
            try:
                return await self._solve(job, folder, gone)
            finally:
                shutil.rmtree(folder, ignore_errors=True)

    async def _solve(self, job: Job, folder: Path, gone: Callable[[], Awaitable[object]]) -> Outcome:
        name = f"{job.family.title}.yaml"
        lines = write_instance(folder / name, job.instance)
        wanted = [f for f in formats(job.family.name) if f != "json"] if job.format == "all" else [job.format]
        outputs = {f: f"out-{f}{FORMATS[f][2]}" for f in wanted if f in FORMATS}
        proc = await asyncio.create_subprocess_exec(
            *self.argv(job, name, outputs), cwd=folder, stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, start_new_session=True,
            preexec_fn=self._die_with_server, env=_environment(),
        )  # fmt: skip
        self.running.add(proc.pid)
        if self.stopping:  # the stop signal came while it was being started
            _kill(proc.pid)
        talk = asyncio.ensure_future(proc.communicate())
        left = asyncio.ensure_future(gone())
        try:
            done, _ = await asyncio.wait({talk, left}, timeout=job.time_limit + HARD_GRACE,
                                         return_when=asyncio.FIRST_COMPLETED)  # fmt: skip
            if talk not in done:
                _kill(proc.pid)
                await talk
                if self.stopping:
                    raise Busy("the server is stopping")
                raise ClientGone() if left in done else Overran()
        finally:
            left.cancel()
            _kill(proc.pid)  # its own workers, should any outlive it
            self.running.discard(proc.pid)
        if self.stopping:
            raise Busy("the server is stopping")
        out, err = talk.result()
        files = {f: (folder / path).read_bytes() for f, path in outputs.items() if (folder / path).is_file()}
        messages = [scrub(line, name, folder) for line in err.decode("utf-8", "replace").splitlines() if line.strip()]
        return Outcome(proc.returncode or 0, out.decode("utf-8", "replace"), messages, files, lines)

    def argv(self, job: Job, name: str, outputs: dict[str, str]) -> list[str]:
        argv = [sys.executable, "-m", "pyclingo_puzzles", job.family.name, name, "--json", "--exit-codes", "clingo",
                "--jobs", "1", "--time-limit", f"{job.time_limit:g}", "--models", str(job.models)]  # fmt: skip
        memory = watchdog.default_memory_limit()
        if memory is not None:  # the machine's share, split between the workers
            argv += ["--memory-limit", str(max(64, memory // self.limits.workers >> 20))]
        if job.seed is not None:
            argv += ["--seed", str(job.seed)]
        if job.family.name == "wordsearch" and not {"width", "height", "mask"} & set(job.instance):
            argv += ["--size", "auto"]  # no size given: the smallest grid, as for a plain word list
        if job.family.name == "crossword" and "words" not in job.instance:
            argv += ["--dictionary", "en"]  # a framework alone: the built-in dictionary, said by the docs
        if "pdf" in outputs:
            argv += ["--paper", job.paper]
        argv += [f"--{flag}" for flag in job.flags]
        for key, value in job.printing:
            option = PRINTING[key]
            argv += [option] if value is True else [] if value is False else [f"{option}={value}"]
        for f, path in outputs.items():
            argv += [FORMATS[f][0], path]
        return argv

    def _die_with_server(self) -> None:
        """In the forked worker: the kernel kills it when the server dies, even by SIGKILL. A server
        that died between the fork and this call sends no signal (the worker was already adopted):
        the worker ends itself (seen under load: a worker outlived a killed server by its whole job)."""
        if not children.die_with_parent(self._server_pid, self._libc):
            os._exit(1)

    def stop_all(self) -> None:
        """Kill every running worker's process group (shutdown; safe in a signal handler)."""
        self.stopping = True
        for pid in list(self.running):
            _kill(pid)


def _kill(pgid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYCLINGO_PUZZLES_EXIT_CODES", None)  # the worker is given --exit-codes itself
    return env


def write_instance(path: Path, instance: dict[str, object]) -> dict[int, str]:
    """The instance as YAML, one top-level key after another; returns line -> key, so the reader's
    ``FILE:LINE`` errors can name the request's field."""
    lines: dict[int, str] = {}
    parts = []
    line = 1
    for key, value in instance.items():
        text = yaml.safe_dump({key: value}, sort_keys=False, allow_unicode=True, default_flow_style=False, width=1000)
        for n in range(text.count("\n")):
            lines[line + n] = key
        line += text.count("\n")
        parts.append(text)
    path.write_text("".join(parts), encoding="utf-8")
    return lines


def scrub(line: str, name: str, folder: Path) -> str:
    """A worker's message without the server's paths: the instance is "body", the folder gone."""
    return line.replace(str(folder) + os.sep, "").replace(str(folder), "").replace(name, "body")
