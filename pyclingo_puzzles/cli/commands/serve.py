"""``pyclingo-puzzles serve``: the address, the port and the request limits a server takes; the
server itself is ``web/serve.py``."""

from __future__ import annotations

import argparse

from ...web.body import Limits
from ...web.edge import EdgeLimits
from .. import argtypes

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
# what one connection may hold, each a field of ``web/edge.EdgeLimits``
EDGE_OPTIONS = (
    ("--header-timeout", argtypes.positive_float, "SECONDS", "for a request's line and headers; later: 408"),
    ("--body-timeout", argtypes.positive_float, "SECONDS", "for a request's body after its headers; later: 408"),
    ("--max-connections", argtypes.positive_int, "N", "open connections; one more gets 503 (lowered to fit ulimit -n)"),
)


def _field(option: str) -> str:
    return option.removeprefix("--").replace("-", "_")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=_port, default=8000, help="port to listen on (default 8000; 0: any free port)")
    for table, defaults in ((LIMIT_OPTIONS, Limits()), (EDGE_OPTIONS, EdgeLimits())):
        for option, value_type, metavar, bounds in table:
            default = getattr(defaults, _field(option))
            shown = f"{default:g}" if isinstance(default, float) else default
            parser.add_argument(option, type=value_type, default=default, metavar=metavar,
                                help=f"{bounds} (default {shown})")  # fmt: skip
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                        help="another name the Host header may carry (behind a reverse proxy: its name)")  # fmt: skip
    parser.add_argument("--debug", action="store_true",
                        help="an unexpected error's traceback in the log (by default: one line, its id)")  # fmt: skip


def _port(text: str) -> int:
    value = argtypes.non_negative_int(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"a port is at most 65535, got {text}")
    return value


def limits_of(args: argparse.Namespace) -> Limits:
    given = {_field(option): getattr(args, _field(option)) for option, *_ in LIMIT_OPTIONS}
    return Limits(**given | {"time_limit": min(args.time_limit, args.max_time_limit)})


def run(args: argparse.Namespace) -> int:
    from ...web.serve import EDGE_FIELDS
    from ...web.serve import run as serve

    edge = {f: getattr(args, f) for f in EDGE_FIELDS if getattr(args, f, None) is not None}
    return serve(limits_of(args), args.host, args.port, edge_given=edge, debug=bool(getattr(args, "debug", False)),
                 allow_hosts=tuple(getattr(args, "allow_host", ())))  # fmt: skip
