"""``pyclingo-puzzles serve``: the web app on a local address (uvicorn), stopped cleanly by Ctrl-C,
SIGTERM or SIGHUP: running workers are killed at once, the server closes, the command exits 0."""

from __future__ import annotations

import argparse
import signal
import sys

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
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this machine only)")
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

    from .app import allowed_hosts, create_app

    app = create_app(limits_of(args), allowed_hosts(args.host))

    class Server(uvicorn.Server):
        """uvicorn, with the workers killed the moment a stop signal arrives, SIGHUP a stop signal too,
        and no signal raised again after the shutdown (the command exits 0, without a traceback)."""

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
            if sig == signal.SIGINT and getattr(self, "_stopping", False):
                self.force_exit = True
            self._stopping = True

    config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning", timeout_graceful_shutdown=2,
                            lifespan="on")  # fmt: skip
    server = Server(config)
    server.config.callback_notify = None
    _announce(server, args)
    server.run()
    print("pyclingo-puzzles serve: stopped", file=sys.stderr, flush=True)
    return 0


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
