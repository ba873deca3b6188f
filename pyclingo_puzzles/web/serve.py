"""``pyclingo-puzzles serve``: the web app on a local address (uvicorn), stopped cleanly by Ctrl-C,
SIGTERM or SIGHUP: running workers are killed at once, the server closes, the command exits 0.
Its options: ``cli/commands/serve.py``."""

from __future__ import annotations

import sys
from collections.abc import Mapping

from . import INSTALL_HINT, missing
from .body import Limits

EDGE_FIELDS = ("header_timeout", "body_timeout", "max_connections")


def run(
    limits: Limits, host: str = "127.0.0.1", port: int = 8000, *, edge_given: Mapping[str, float | int] | None = None,
    debug: bool = False, allow_hosts: tuple[str, ...] = (),
) -> int:
    """Serve until a stop signal; ``edge_given``: the HTTP edge's limits given (``EDGE_FIELDS``);
    ``allow_hosts``: names the Host header may carry besides the loopback's and ``host``."""
    absent = missing()
    if absent is not None:
        print(f"error: {INSTALL_HINT} ({absent} is not installed)", file=sys.stderr)
        return 2
    from . import edge as edges
    from . import quietlog, server
    from .app import allowed_hosts, create_app

    given = {f: v for f, v in (edge_given or {}).items() if f in EDGE_FIELDS and v is not None}
    edge = edges.EdgeLimits(**given)  # type: ignore[arg-type]  # each field's own type, from its option
    log = quietlog.start(debug=debug)
    folder = server.private_temporary_folder(limits.max_time_limit)
    hosts = allowed_hosts(host)
    app = create_app(limits, hosts if hosts is None else [*hosts, *allow_hosts], edge)
    cap, lowered = edges.connection_cap(edge.max_connections, limits.workers + limits.lane)
    if lowered:
        quietlog.say(lowered)
    server.run(app, host, port, edge, cap, debug, log, folder)
    return 0
