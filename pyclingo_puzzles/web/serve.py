"""``pyclingo-puzzles serve``: the web app on a local address (uvicorn), stopped cleanly by Ctrl-C,
SIGTERM or SIGHUP: running workers are killed at once, the server closes, the command exits 0."""

from __future__ import annotations

import argparse
import sys

from ..formats import args as argtypes
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
    from . import edge as edges
    from . import quietlog, server
    from .app import allowed_hosts, create_app

    limits = limits_of(args)
    edge = edges.EdgeLimits(**{f: getattr(args, f) for f in EDGE_FIELDS if getattr(args, f, None) is not None})
    debug = bool(getattr(args, "debug", False))
    log = quietlog.start(debug=debug)
    folder = server.private_temporary_folder(limits.max_time_limit)
    app = create_app(limits, allowed_hosts(args.host), edge)
    cap, lowered = edges.connection_cap(edge.max_connections, limits.workers)
    if lowered:
        quietlog.say(lowered)
    server.run(app, args.host, args.port, edge, cap, debug, log, folder)
    return 0


EDGE_FIELDS = ("header_timeout", "body_timeout", "max_connections")
