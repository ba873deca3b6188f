"""The options every solving subcommand shares: the run's rules, seed, limits, models, jobs,
``--json`` and ``--stats``, then ``-o`` and ``--exit-codes`` (after the family's own output options);
and the options several families take alike: the input (FILE, ``-``, ``--words``),
``--html``, ``--pdf`` with ``--paper`` and the printed page's text (``--title``, ``--instructions``,
``--name-line``).
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from pathlib import Path

from ..core.schema import RUN, RunOptions
from ..formats.pagetext import PAPERS, PageAsked
from ..run import watchdog
from . import delivery, exitcodes
from .schema_args import add_options

# what --time-limit ends with, in each exit-code convention (its help names the one in use)
LIMIT_EXITS = {
    "unix": "exit 0 with the best answer found, 3 without",
    "clingo": "exit 11 with the best answer found, 1 without",
}


def add_common(parser: argparse.ArgumentParser, default_models: int = 1, convention: str | None = None,
               outputs: Sequence[str] = ()) -> None:  # fmt: skip
    """The options every subcommand shares (``RunOptions``, from the schema), then --json, --stats
    and the outputs (``outputs``: the files the family's report offers, its ``OUTPUTS``);
    ``convention``: the exit codes in use (default: the environment's), which the help of
    ``--time-limit`` names."""
    limit_exit = LIMIT_EXITS.get(convention or exitcodes.from_environment(), LIMIT_EXITS["unix"])
    g = parser.add_argument_group("solving (common to all subcommands)")
    helps = {
        "time_limit": f"; {limit_exit}",
        "memory_limit": " (default: 75%% of RAM)",
        "models": f" (default {default_models})",
        "jobs": " (default: the machine's cores, here %(default)s): several FILEs are solved N at a time; one "
        "dictionary fill races its 2 letter-choice rules",
    }
    defaults = {"models": default_models, "jobs": default_jobs(), "memory_limit": watchdog.default_memory_limit()}
    add_options(g, RunOptions, RUN[:1], defaults, helps)
    g.add_argument(
        "--allow-include-anywhere",
        action="store_true",
        help="let a --rules file #include files outside its own folder (refused by default)",
    )
    add_options(g, RunOptions, RUN[1:], defaults, helps)
    g.add_argument("--json", action="store_true", help="print the result as JSON (several FILEs: JSON Lines)")
    g.add_argument("--stats", action="store_true", help="print clingo statistics to stderr")
    add_outputs(parser, outputs)


def add_outputs(parser: argparse.ArgumentParser, outputs: Sequence[str] = ()) -> None:
    """-o and --exit-codes; -o names the suffixes of the files the family offers (``outputs``,
    its report's ``OUTPUTS``, as data: not read back from the parser) and of the JSON document."""
    o = parser.add_argument_group("outputs and exit codes (common to all subcommands)")
    offered = [suffix for suffix, dest in delivery.SUFFIXES.items() if dest in {*outputs, "json_file"}]
    o.add_argument(
        "-o",
        "--output",
        type=Path,
        metavar="FILE",
        help=f"write the one output FILE's suffix names ({', '.join(offered)}; .json: the --json document)",
    )
    o.add_argument(
        "--exit-codes",
        choices=exitcodes.CONVENTIONS,
        default=exitcodes.from_environment(),
        help="unix (default): 0 an answer, 1 none exists, 2 bad input or usage, 3 no answer (limit, signal, "
        "output failed); clingo: 10 found, 30 all/optimum, 11 limit with an answer, 20 none exists, "
        f"1 limit without, 65 bad input. Default from ${exitcodes.ENV}, else unix",
    )
    parser.set_defaults(json_file=None)


def default_jobs() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def add_input(parser: argparse.ArgumentParser, what: str) -> None:
    """FILE (several: a batch; ``-``: standard input) or ``--words`` inline; ``what`` says what a
    FILE holds. The command's parser checks that one of them is given (``parsing.inputs``)."""
    parser.add_argument(
        "file", nargs="*", type=Path, metavar="FILE",
        help=f"{what}; - reads standard input"
    )  # fmt: skip
    parser.add_argument(
        "--words",
        metavar="WORDS",
        help='the words inline instead of a FILE, separated by spaces or commas: --words "CAT DOG BIRD"',
    )


def add_html_argument(parser: argparse.ArgumentParser, what: str) -> None:
    """``--html FILE``, alike in every subcommand: ``what`` says what the page lets one play."""
    parser.add_argument(
        "--html", type=Path, metavar="FILE",
        help=f"write a playable page: {what} (one self-contained HTML file; - for stdout)",
    )  # fmt: skip


def add_pdf_arguments(parser: argparse.ArgumentParser, help: str) -> None:
    """``--pdf FILE`` and ``--paper``, alike in every subcommand, then the printed page's text."""
    parser.add_argument("--pdf", type=Path, metavar="FILE", help=f"{help} (- for standard output)")
    parser.add_argument("--paper", choices=sorted(PAPERS), default="a4", help="PDF paper size (default a4)")
    add_page_text(parser)
    parser.add_argument(
        "--large-print", action="store_true",
        help="large print: the pages' text at 16 pt, the grid's letters never smaller (PDF)",
    )  # fmt: skip
    parser.add_argument("--lowercase", action="store_true", help="print the grid's letters and the words in lowercase")
    parser.add_argument("--author", metavar="TEXT", help="the author: in the PDF's metadata, the .puz and the .ipuz")
    parser.add_argument(
        "--key-label", metavar="TEXT",
        help="the answer pages' label (default: 'key' or 'solution', in the words' language when their script says)",
    )  # fmt: skip


def add_page_text(parser: argparse.ArgumentParser) -> None:
    """``--title``, ``--instructions`` and ``--name-line``, alike in every subcommand (``formats/pagetext.py``)."""
    parser.add_argument(
        "--title", metavar="TEXT",
        help="the printed pages' title (PDF, SVG, HTML; default: the instance's title, else the file's name)",
    )  # fmt: skip
    parser.add_argument(
        "--instructions", metavar="TEXT",
        help="a line of instructions under the title (default: how to solve this kind of puzzle; '' for none)",
    )  # fmt: skip
    parser.add_argument("--name-line", action="store_true", help="a Name / Date line on each puzzle page")


def page_asked(args: argparse.Namespace) -> PageAsked:
    """What the arguments ask of the printed pages."""
    return PageAsked(args.title, args.instructions, args.name_line)
