"""``pyclingo-puzzles serve``: the web app on a local address (uvicorn), stopped cleanly by Ctrl-C,
SIGTERM or SIGHUP: running workers are killed at once, the server closes, the command exits 0.
Its options: ``cli/commands/serve.py``."""

from __future__ import annotations

import signal
import sys

from ..run.signals import STOP_SIGNALS  # Ctrl-C, SIGTERM, SIGHUP: the same set as every run's
from . import INSTALL_HINT, missing
from .body import Limits


def run(limits: Limits, host: str = "127.0.0.1", port: int = 8000) -> int:
    absent = missing()
    if absent is not None:
        print(f"error: {INSTALL_HINT} ({absent} is not installed)", file=sys.stderr)
        return 2
    import uvicorn

    from .app import allowed_hosts, create_app

    app = create_app(limits, allowed_hosts(host))

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

    config = uvicorn.Config(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=2,
                            lifespan="on")  # fmt: skip
    server = Server(config)
    server.config.callback_notify = None
    _announce(server)
    server.run()
    print("pyclingo-puzzles serve: stopped", file=sys.stderr, flush=True)
    return 0


def _announce(server) -> None:
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
