"""The uvicorn server under ``serve``: its stop signals, a stop that cannot wait, every child reaped,
and a temporary folder of its own.

Ctrl-C, SIGTERM and SIGHUP stop it: the running workers are killed at once, the open requests are
answered 503, the server closes, the command exits 0. Whatever the event loop is doing (an
endless callback, a write that blocks), ``HARD_STOP`` seconds after the first stop signal a
thread of its own kills and reaps every child and ends the process; a second Ctrl-C does so at
once. The server's temporary folder (``TMPDIR`` for it and its workers, every request's folder in
it) goes with it; the folders of servers that were killed are removed at the next start.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette

from ..run.signals import STOP_SIGNALS  # Ctrl-C, SIGTERM, SIGHUP: the same set as every run's
from . import edge as edges
from . import quietlog

HARD_STOP = 3.0  # seconds from the first stop signal to the end of the process, whatever it is doing
FOLDER = "pyclingo-web-server-"  # + the server's pid: the server's temporary folder (its requests' in it)
LEFT_AFTER = 60.0  # seconds past the longest run before a request folder of the old layout counts as left


def _stop_in(seconds: float, app: Starlette, log: quietlog.Sink, folder: Path) -> None:
    time.sleep(seconds)
    hard_stop(app, log, folder)


def hard_stop(app: Starlette, log: quietlog.Sink, folder: Path) -> None:
    """Kill and reap every child, remove the temporary folder, end the process (from any thread)."""
    with contextlib.suppress(Exception):
        app.state.jobs.stop_all()
    for pid in _children():
        with contextlib.suppress(OSError):
            os.killpg(pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    _reap_children(0.5)
    shutil.rmtree(folder, ignore_errors=True)
    with contextlib.suppress(Exception):
        quietlog.say("stopped (at once: the server did not finish in time)")
        log.close(0.3)
    os._exit(0)


def _children() -> list[int]:
    """This process's children (from /proc: no dependency, safe in any thread)."""
    me, found = os.getpid(), []
    with contextlib.suppress(OSError):
        for entry in os.scandir("/proc"):
            if entry.name.isdigit():
                with contextlib.suppress(OSError, IndexError, ValueError):
                    stat = Path(entry.path, "stat").read_text()
                    if int(stat.rsplit(")", 1)[1].split()[1]) == me:
                        found.append(int(entry.name))
    return found


def _reap_children(seconds: float) -> None:
    """Kill what is left of the workers and collect every child that has ended, for at most ``seconds``."""
    until = time.monotonic() + seconds
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            if time.monotonic() >= until:
                return
            for child in _children():
                with contextlib.suppress(OSError):
                    os.kill(child, signal.SIGKILL)
            time.sleep(0.01)


def private_temporary_folder(max_time_limit: float) -> Path:
    """The server's own temporary folder (``TMPDIR`` for it and its workers): every request's folder
    is made in it, and it goes when the server stops. Those of servers that were killed are removed
    here, and so are request folders of the old layout that no process works in any more."""
    base = Path(tempfile.gettempdir())
    with contextlib.suppress(OSError):
        for entry in base.iterdir():
            if entry.name.startswith(FOLDER) and entry.name[len(FOLDER) :].isdigit():
                if not _alive(int(entry.name[len(FOLDER) :])):
                    shutil.rmtree(entry, ignore_errors=True)
            elif entry.name.startswith("pyclingo-web-") and _left(entry, max_time_limit):
                shutil.rmtree(entry, ignore_errors=True)
    folder = base / f"{FOLDER}{os.getpid()}"
    folder.mkdir(mode=0o700, exist_ok=True)
    os.environ["TMPDIR"] = str(folder)
    tempfile.tempdir = str(folder)
    return folder


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _left(folder: Path, max_time_limit: float) -> bool:
    """A request folder of the old layout (straight in the temporary folder) that is no longer used:
    older than the longest run plus a minute, and no process works in it."""
    try:
        if not folder.is_dir() or folder.is_symlink() or folder.stat().st_uid != os.getuid():
            return False
        if time.time() - folder.stat().st_mtime < max_time_limit + LEFT_AFTER:
            return False
    except OSError:
        return False
    with contextlib.suppress(OSError):
        for entry in os.scandir("/proc"):
            if entry.name.isdigit():
                with contextlib.suppress(OSError):
                    if os.readlink(f"/proc/{entry.name}/cwd").startswith(str(folder)):
                        return False
    return True


class Server(uvicorn.Server):
    """uvicorn, with the workers killed the moment a stop signal arrives, SIGHUP a stop signal too,
    no signal raised again after the shutdown (the command exits 0, without a traceback), and the
    hard stop armed by the first stop signal."""

    def __init__(self, config: uvicorn.Config, app: Starlette, log: quietlog.Sink, folder: Path):
        super().__init__(config)
        self.app = app
        self.log = log
        self.folder = folder
        self.stopping = False

    def install_signal_handlers(self) -> None:  # older uvicorn
        for sig in STOP_SIGNALS:
            signal.signal(sig, self.handle_exit)

    @contextlib.contextmanager
    def capture_signals(self) -> Any:
        before = {sig: signal.signal(sig, self.handle_exit) for sig in STOP_SIGNALS}
        try:
            yield
        finally:
            for sig, handler in before.items():
                signal.signal(sig, handler)

    def handle_exit(self, sig: int, frame: object) -> None:
        self.app.state.jobs.stop_all()
        self.should_exit = True
        if self.stopping:
            if sig == signal.SIGINT:
                hard_stop(self.app, self.log, self.folder)
            return
        self.stopping = True
        threading.Thread(target=_stop_in, args=(HARD_STOP, self.app, self.log, self.folder), daemon=True).start()

    async def startup(self, sockets: Any = None) -> None:
        asyncio.get_running_loop().set_exception_handler(quietlog.loop_exception)
        await super().startup(sockets=sockets)
        for s in self.servers:  # uvicorn's backlog is asyncio's batch of accepts (edge.ACCEPT_BATCH)
            for sock in s.sockets:
                with contextlib.suppress(AttributeError, OSError):  # asyncio's TransportSocket wraps it
                    sock._sock.listen(edges.LISTEN_BACKLOG)  # type: ignore[attr-defined]
        for s in self.servers:  # the address once the socket is bound (port 0: the one the system chose)
            for sock in s.sockets:
                host, port = sock.getsockname()[:2]
                shown = f"[{host}]" if ":" in host else host
                print(f"pyclingo-puzzles serve: http://{shown}:{port}/ (Ctrl-C stops it)", flush=True)
                return


def run(app: Starlette, host: str, port: int, edge: edges.EdgeLimits, cap: int, debug: bool,
        log: quietlog.Sink, folder: Path) -> None:  # fmt: skip
    """Serve ``app`` until a stop signal; then every child is reaped and the folder removed."""
    config = uvicorn.Config(app, host=host, port=port, log_config=None, access_log=False,
                            log_level="debug" if debug else "warning", http=edges.protocol(edge, cap),
                            timeout_keep_alive=edge.keep_alive, backlog=edges.ACCEPT_BATCH,
                            timeout_graceful_shutdown=2, lifespan="on")  # fmt: skip
    server = Server(config, app, log, folder)
    server.config.callback_notify = None
    try:
        server.run()
    finally:
        app.state.jobs.stop_all()
        _reap_children(0.5)
        shutil.rmtree(folder, ignore_errors=True)
    log.summarize()
    quietlog.say("stopped")
    log.close()
