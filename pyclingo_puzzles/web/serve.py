"""``pyclingo-puzzles serve``: the web app on a local address (uvicorn), stopped cleanly by Ctrl-C,
SIGTERM or SIGHUP: running workers are killed at once, the server closes, the command exits 0."""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path

from ..formats import args as argtypes
from ..run.signals import STOP_SIGNALS  # Ctrl-C, SIGTERM, SIGHUP: the same set as every run's
from . import INSTALL_HINT, missing
from .body import Limits

# the request limits a server takes, each a field of ``Limits`` (its default there):
# option, value type, metavar, what it bounds
LIMIT_OPTIONS = (
    ("--workers", argtypes.positive_int, "N", "puzzles solved at once, each in a worker process"),
    ("--queue", argtypes.non_negative_int, "N", "requests that may wait for a worker; more get 503"),
    ("--time-limit", argtypes.positive_float, "SECONDS", "a request's time limit when it gives none"),
    ("--max-time-limit", argtypes.positive_float, "SECONDS", "the largest time limit a request may ask for"),
    ("--max-words", argtypes.positive_int, "N", "words a request may hold"),
    ("--max-side", argtypes.positive_int, "N", "a grid's largest width or height, a word's most letters"),
    ("--max-body", argtypes.positive_int, "BYTES", "a request body's largest size"),
)


def _field(option: str) -> str:
    return option.removeprefix("--").replace("-", "_")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)"
    )
    parser.add_argument("--port", type=_port, default=8000, help="port to listen on (default 8000; 0: any free port)")
    for option, value_type, metavar, bounds in LIMIT_OPTIONS:
        default = getattr(Limits(), _field(option))
        shown = f"{default:g}" if isinstance(default, float) else default
        parser.add_argument(option, type=value_type, default=default, metavar=metavar,
                            help=f"{bounds} (default {shown})")  # fmt: skip


def _port(text: str) -> int:
    value = argtypes.non_negative_int(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"a port is at most 65535, got {text}")
    return value


def limits_of(args: argparse.Namespace) -> Limits:
    given = {_field(option): getattr(args, _field(option)) for option, *_ in LIMIT_OPTIONS}
    return Limits(**given | {"time_limit": min(args.time_limit, args.max_time_limit)})


def run(args: argparse.Namespace) -> int:
    absent = missing()
    if absent is not None:
        print(f"error: {INSTALL_HINT} ({absent} is not installed)", file=sys.stderr)
        return 2
    import uvicorn

    from . import edge as edges
    from . import quietlog
    from .app import allowed_hosts, create_app

    limits = limits_of(args)
    edge = edges.EdgeLimits(**{f: getattr(args, f) for f in EDGE_FIELDS if getattr(args, f, None) is not None})
    log = quietlog.start(debug=bool(getattr(args, "debug", False)))
    folder = _private_temporary_folder(limits)
    app = create_app(limits, allowed_hosts(args.host), edge)
    cap, lowered = edges.connection_cap(edge.max_connections, limits.workers)
    if lowered:
        quietlog.say(lowered)

    class Server(uvicorn.Server):
        """uvicorn, with the workers killed the moment a stop signal arrives, SIGHUP a stop signal too,
        no signal raised again after the shutdown (the command exits 0, without a traceback), and
        a stop that cannot wait: whatever the event loop is doing, ``HARD_STOP`` seconds after the
        first stop signal the workers are killed and reaped and the process ends (a second Ctrl-C:
        at once)."""

        def install_signal_handlers(self) -> None:  # older uvicorn
            for sig in STOP_SIGNALS:
                signal.signal(sig, self.handle_exit)

        def capture_signals(self):
            import contextlib

            @contextlib.contextmanager
            def captured():
                before = {sig: signal.signal(sig, self.handle_exit) for sig in STOP_SIGNALS}
                try:
                    yield
                finally:
                    for sig, handler in before.items():
                        signal.signal(sig, handler)

            return captured()

        def handle_exit(self, sig: int, frame: object) -> None:
            app.state.jobs.stop_all()
            self.should_exit = True
            if getattr(self, "_stopping", False):
                if sig == signal.SIGINT:
                    _hard_stop(app, log, folder)
                return
            self._stopping = True
            threading.Thread(target=_stop_in, args=(HARD_STOP, app, log, folder), daemon=True).start()

        async def startup(self, sockets=None):
            import asyncio

            asyncio.get_running_loop().set_exception_handler(quietlog.loop_exception)
            await super().startup(sockets=sockets)

    config = uvicorn.Config(app, host=args.host, port=args.port, log_config=None, access_log=False,
                            log_level="debug" if getattr(args, "debug", False) else "warning",
                            http=edges.protocol(edge, cap), timeout_keep_alive=edge.keep_alive,  # type: ignore[arg-type]
                            timeout_graceful_shutdown=2, lifespan="on")  # fmt: skip
    server = Server(config)
    server.config.callback_notify = None
    _announce(server, args)
    try:
        server.run()
    finally:
        app.state.jobs.stop_all()
        _reap_children(0.5)
        shutil.rmtree(folder, ignore_errors=True)
    log.summarize()
    quietlog.say("stopped")
    log.close()
    return 0


EDGE_FIELDS = ("header_timeout", "body_timeout", "max_connections")
HARD_STOP = 3.0  # seconds from the first stop signal to the end of the process, whatever it is doing
FOLDER = "pyclingo-web-server-"  # + the server's pid: the server's temporary folder (its requests' in it)
LEFT_AFTER = 60.0  # seconds past the longest run before a request folder of the old layout counts as left


def _stop_in(seconds: float, app, log, folder: Path) -> None:
    time.sleep(seconds)
    _hard_stop(app, log, folder)


def _hard_stop(app, log, folder: Path) -> None:
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
        from . import quietlog

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


def _private_temporary_folder(limits: Limits) -> Path:
    """The server's own temporary folder (``TMPDIR`` for it and its workers): every request's folder
    is made in it, and it goes when the server stops. Those of servers that were killed are removed
    here, and so are request folders of the old layout that no process works in any more."""
    base = Path(tempfile.gettempdir())
    with contextlib.suppress(OSError):
        for entry in base.iterdir():
            if entry.name.startswith(FOLDER) and entry.name[len(FOLDER) :].isdigit():
                if not _alive(int(entry.name[len(FOLDER) :])):
                    shutil.rmtree(entry, ignore_errors=True)
            elif entry.name.startswith("pyclingo-web-") and _left(entry, limits):
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


def _left(folder: Path, limits: Limits) -> bool:
    """A request folder of the old layout (straight in the temporary folder) that is no longer used:
    older than the longest run plus a minute, and no process works in it."""
    try:
        if not folder.is_dir() or folder.is_symlink() or folder.stat().st_uid != os.getuid():
            return False
        if time.time() - folder.stat().st_mtime < limits.max_time_limit + LEFT_AFTER:
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


def _announce(server, args: argparse.Namespace) -> None:
    """Print the address once the socket is bound (port 0: the one the system chose)."""
    startup = server.startup

    async def announced(sockets=None):
        await startup(sockets=sockets)
        for s in server.servers:
            for sock in s.sockets:
                host, port = sock.getsockname()[:2]
                shown = f"[{host}]" if ":" in host else host
                print(f"pyclingo-puzzles serve: http://{shown}:{port}/ (Ctrl-C stops it)", flush=True)
                return

    server.startup = announced
