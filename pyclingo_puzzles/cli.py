"""``pyclingo-puzzles``: one command, one subcommand per puzzle family, the same habits everywhere.

Every subcommand takes ``--rules FILE.lp`` (repeatable), ``--seed``, ``--time-limit``, ``--models``,
``--json`` and ``--stats``. Exit codes follow clingo: 10 found, 20 proved unsolvable, 30 all
enumerated, 11 time limit with a solution, 1 interrupted without one, 65 bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .errors import EXIT_BAD_INPUT, InputError, VerificationError
from .solve import Stats


class _Parser(argparse.ArgumentParser):
    """argparse that exits 65 (bad input) with one line instead of 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {' '.join(message.split())}\n")


def _non_negative_int(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be >= 0, got {text}")
    return value


def _positive_float(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be > 0, got {text}")
    return value


def add_common(parser: argparse.ArgumentParser, default_models: int = 1) -> None:
    """The options every subcommand shares."""
    g = parser.add_argument_group("solving (common to all subcommands)")
    g.add_argument(
        "--rules",
        action="append",
        type=Path,
        default=[],
        metavar="FILE.lp",
        help="extra ASP rules added to the run (repeatable)",
    )
    g.add_argument("--seed", type=_non_negative_int, default=None, help="random seed for clingo")
    g.add_argument(
        "--time-limit",
        type=_positive_float,
        default=None,
        metavar="SECONDS",
        help="stop solving after this many seconds (exit 11 with an answer, 1 without)",
    )
    g.add_argument(
        "--models",
        type=_non_negative_int,
        default=default_models,
        metavar="N",
        help=f"number of solutions to compute, 0 = all (default {default_models})",
    )
    g.add_argument("--json", action="store_true", help="print the result as JSON")
    g.add_argument("--stats", action="store_true", help="print clingo statistics to stderr")


def print_json(obj: Any) -> None:
    json.dump(obj, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def print_stats(stats: Stats) -> None:
    print(f"stats: {stats.format()}", file=sys.stderr)


def warn(message: str) -> None:
    print(f"warning: {' '.join(message.split())}", file=sys.stderr)


def build_parser() -> argparse.ArgumentParser:
    from .crossword import cli as crossword_cli
    from .layout import cli as layout_cli
    from .strips import cli as strips_cli
    from .wordsearch import cli as wordsearch_cli

    parser = _Parser(
        prog="pyclingo-puzzles",
        description="Declarative puzzles on clingo: word search, crossword, strip cover.",
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for module in (wordsearch_cli, crossword_cli, strips_cli, layout_cli):
        p = sub.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.add_arguments(p)
        add_common(p, getattr(module, "DEFAULT_MODELS", 1))
        p.set_defaults(run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code = int(args.run(args))
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except VerificationError as exc:
        print(f"internal error: an answer failed the independent verifier ({exc}); nothing printed", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 1
    except BrokenPipeError:
        return 0
    return code


if __name__ == "__main__":
    sys.exit(main())
