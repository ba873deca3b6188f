"""A warm worker of the server's pool (``pool.py``): ``python -m pyclingo_puzzles.web.worker``, with
``PYCLINGO_PUZZLES_WORKER=FD:PID`` in its environment: started once by the server (``PID``) and
talking to it over the socket ``FD``.

It imports the families once, says it is ready, then runs one task at a time for as long as the
server lives: a family's job (``tasks.run_job``), a call of the studio's warm engine
(``studio_work.run``: the word lists and their tables stay built between calls) or a studio file.
The answers are pickled frames: a length (8 bytes) and the pickle.

Stopping a task is the server's SIGINT: inside a task the command's watchdog reads it and the run
stops as Ctrl-C stops the command (the search is interrupted, clingo's solve cancelled); a SIGINT
that comes before the task's watchdog is up is kept and read when it starts. The kernel kills the
worker when the server dies (the parent-death signal); the server kills its process group (its
own workers with it) when it overruns or does not stop.
"""

from __future__ import annotations

import os
import pickle
import signal
import socket
import struct
import sys
from typing import Any

HEADER = struct.Struct("!Q")
ENV = "PYCLINGO_PUZZLES_WORKER"  # FD:PID, the socket and the server
_cancelled = False


def send(sock: socket.socket, message: Any) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    sock.sendall(HEADER.pack(len(data)) + data)


def receive(sock: socket.socket) -> Any:
    """The next frame, or None when the server has closed the socket."""
    head = _exactly(sock, HEADER.size)
    if head is None:
        return None
    data = _exactly(sock, HEADER.unpack(head)[0])
    return None if data is None else pickle.loads(data)


def _exactly(sock: socket.socket, size: int) -> bytes | None:
    parts, left = [], size
    while left:
        chunk = sock.recv(min(left, 1 << 20))
        if not chunk:
            return None
        parts.append(chunk)
        left -= len(chunk)
    return b"".join(parts)


def cancelled() -> bool:
    """The server asked the task under way to stop (its SIGINT came before the task's watchdog)."""
    return _cancelled


def _on_sigint(signum: int, frame: object) -> None:
    global _cancelled
    _cancelled = True
    from ..run import runtime

    run = runtime.current()
    if run is not None and run.reason is None:
        run.reason = "interrupted"


def main(given: str) -> int:
    """Serve the server the environment names (``ENV``) until it closes the socket."""
    global _cancelled
    fd, server = (int(part) for part in given.split(":"))
    from ..run import children, signals

    if not children.die_with_parent(server):  # the server died before this line: nobody to serve
        return 1
    signals.in_worker()  # Ctrl-C and SIGHUP are the server's to handle; it stops this worker itself
    signal.signal(signal.SIGINT, _on_sigint)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # past a file-size limit a write fails (EFBIG): one line
    sock = socket.socket(fileno=fd)
    from . import work  # the package, once: every family's report and the studio's engine

    work.preload()
    send(sock, ("ready", os.getpid()))
    while True:
        task = receive(sock)
        if task is None:
            return 0
        _cancelled = False
        send(sock, ("began",))
        answer = work.perform(task, lambda line: send(sock, ("last", line)), cancelled)
        send(sock, answer)


if __name__ == "__main__":
    try:
        code = main(os.environ.get(ENV, ""))
    except (KeyboardInterrupt, BrokenPipeError, ConnectionError, ValueError):  # (ValueError: no FD:PID)
        code = 1
    sys.stdout.flush()
    os._exit(code)
