"""The command's parser: the subcommands (one module a family, imported only when chosen), their
FILEs and options in any order, ``--version`` and ``--print-completion``, and usage errors that
exit by the convention asked for (a JSON document too, with ``--json``).
"""

from __future__ import annotations

import argparse
import copy
import importlib
import sys
from collections.abc import Sequence
from pathlib import Path

from ..core.errors import EXIT_BAD_INPUT
from ..run import jsonout
from ..run.stdout_guard import run_guarded
from . import exitcodes
from .shared_options import add_common

__all__ = ["COMMANDS", "SERVICES", "build_parser", "completion_script", "inputs", "json_document", "wants_json"]


class Parser(argparse.ArgumentParser):
    """argparse that exits 2 (bad input; 65 with --exit-codes clingo) with one line."""

    usage_exit = EXIT_BAD_INPUT  # set from the convention asked for, before parsing
    json_wanted = False  # --json is among the arguments (``wants_json``): a usage error is a document too
    convention = "clingo"  # that convention (--version and --print-completion exit by it)

    @classmethod
    def expect(cls, convention: str, json_wanted: bool) -> None:
        """Before parsing: the exit-code convention asked for, and whether --json is among the arguments."""
        cls.usage_exit = exitcodes.usage_error(convention)
        cls.json_wanted = json_wanted
        cls.convention = convention

    def error(self, message: str) -> None:  # type: ignore[override]
        line = f"{self.prog}: error: {' '.join(message.split())}"
        if Parser.json_wanted:
            json_document(line.partition("error: ")[2])
        self.exit(Parser.usage_exit, line + "\n")

    def _get_formatter(self) -> argparse.HelpFormatter:
        # argparse makes a formatter for every add_argument (to check its metavar); the default
        # one asks shutil for the terminal width, and importing shutil costs more than parsing.
        # Help and usage text (format_help, format_usage) get the real width.
        if self._printing:
            return super()._get_formatter()
        return argparse.HelpFormatter(prog=self.prog, width=80)  # only its metavar check is used

    _printing = False

    def format_help(self) -> str:
        self._printing = True
        return super().format_help()

    def format_usage(self) -> str:
        self._printing = True
        return super().format_usage()


class _TopParser(Parser):
    """The command's parser: the subcommand's inputs are checked with its options (``inputs``)."""

    def parse_args(self, args=None, namespace=None):
        parsed = super().parse_args(args, namespace)
        if hasattr(parsed, "file"):
            inputs(self, parsed)
        return parsed


class _CommandParser(Parser):
    """A subcommand's parser: its FILEs and options in any order (``crossword a.dat --json b.dat``;
    plain argparse stops collecting FILEs at the first option)."""

    _mixing = False

    def parse_known_args(self, args=None, namespace=None):
        if self._mixing:  # parse_known_intermixed_args calls back here (Python 3.11, 3.12)
            return super().parse_known_args(args, namespace)
        # the plain parse first: the intermixed one formats the whole usage text before parsing
        # (a few ms, most of a small run's parse); only FILEs after an option need it
        parsed, extras = super().parse_known_args(args, None if namespace is None else copy.copy(namespace))
        if not extras:
            return parsed, extras
        self._mixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._mixing = False

# subcommand -> (module holding add_arguments/run, help). Only the chosen family's module is
# imported: start-up time is most of a small run (docs/development.md, "Start-up").
COMMANDS = {
    "wordsearch": (
        "pyclingo_puzzles.cli.commands.wordsearch",
        "generate a word search puzzle (every word placed, every word exactly once)",
    ),
    "crossword": (
        "pyclingo_puzzles.cli.commands.crossword",
        "fill a crossword framework with a word list (P-99 7.09) or from a dictionary",
    ),
    "codeword": (
        "pyclingo_puzzles.cli.commands.codeword",
        "make a codeword: a filled grid in numbers, with the fewest given letters for one decoding (proved)",
    ),
    "strips": (
        "pyclingo_puzzles.cli.commands.strips",
        "strip exact cover of black/white grids (MUMS 2010 'Black and White')",
    ),
    "layout": (
        "pyclingo_puzzles.cli.commands.layout",
        "build a crossword from a word list: every word placed, most crossings, smallest box",
    ),
    "fillin": (
        "pyclingo_puzzles.cli.commands.fillin",
        "make a fill-in puzzle: a word list, its framework and the fewest starter letters for one answer",
    ),
    "book": ("pyclingo_puzzles.cli.commands.book", "make a print-ready book of many puzzles from a manifest (YAML)"),
    "serve": (
        "pyclingo_puzzles.cli.commands.serve",
        "run the local web app: pages and a JSON API for every family (needs pyclingo-puzzles[web])",
    ),
}
SERVICES = ("serve",)  # subcommands that solve nothing themselves: no FILE, no solving options


COMPLETION_SHELLS = ("bash", "zsh", "tcsh")


def version() -> str:
    """The installed distribution's version (package metadata), else the package's own."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("pyclingo-puzzles")
    except PackageNotFoundError:  # run from a source tree that is not installed
        from .. import __version__

        return __version__


class _Version(argparse.Action):
    """``--version``: the metadata is read only when asked (start-up stays as it was)."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str | None = None):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        parser.exit(_print_whole(f"pyclingo-puzzles {version()}\n"))


class _Completion(argparse.Action):
    """``--print-completion SHELL``: shtab writes the script from the complete parser (every
    subcommand's options); shtab is imported only here."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object):
        super().__init__(option_strings, dest, default=argparse.SUPPRESS, **kwargs)  # type: ignore[arg-type]

    def __call__(self, parser, namespace, values, option_string=None):
        parser.exit(_print_whole(completion_script(str(values)) + "\n"))


def _print_whole(text: str) -> int:
    """Print ``text`` as a run prints its answer: a closed pipe (``| head -1``) drops the rest
    quietly (exit 0); stdout that cannot be written gives one line (exit 3, clingo's 1)."""
    return exitcodes.convert(run_guarded(lambda: sys.stdout.write(text) and 0), Parser.convention)


def completion_script(shell: str) -> str:
    import shtab

    parser = build_parser()
    subparsers = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    for action in [a for sp in subparsers for p in sp.choices.values() for a in p._actions]:
        if action.type is Path:  # files and output paths complete as file names
            action.complete = shtab.FILE
    return shtab.complete(parser, shell=shell)


USAGE = """usage: pyclingo-puzzles COMMAND FILE... [options]

Declarative puzzles on clingo. Commands:
{commands}

'pyclingo-puzzles COMMAND --help' lists a command's options; --help, --version, --print-completion SHELL.
"""


def short_usage() -> str:
    """What the bare command prints: the commands, one line each."""
    width = max(map(len, COMMANDS))
    return USAGE.format(commands="\n".join(f"  {n:<{width}}  {h}" for n, (_, h) in COMMANDS.items()))


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser. With ``argv``, only the subcommand it names gets its options (and its module
    imported); the others are listed by name and help. Without, every subcommand is complete."""
    chosen = next((a for a in argv if a in COMMANDS), None) if argv is not None else None
    parser = _TopParser(
        prog="pyclingo-puzzles",
        description="Declarative puzzles on clingo: word search, crossword, fill-in, strip cover, crossword layout.",
    )
    parser.add_argument("--version", action=_Version, help="print the version and exit")
    parser.add_argument(
        "--print-completion",
        action=_Completion,
        choices=COMPLETION_SHELLS,
        metavar="SHELL",
        help=f"print a shell completion script ({', '.join(COMPLETION_SHELLS)}) and exit, e.g. "
        "pyclingo-puzzles --print-completion bash > ~/.local/share/bash-completion/completions/pyclingo-puzzles",
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_CommandParser, metavar="COMMAND")
    for name, (module_name, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        if (chosen is None and argv is not None) or chosen not in (None, name):
            continue
        module = importlib.import_module(module_name)
        module.add_arguments(p)
        if name not in SERVICES:
            convention = Parser.convention if argv is not None else None
            add_common(p, getattr(module, "DEFAULT_MODELS", 1), convention, getattr(module, "OUTPUTS", ()))
        p.set_defaults(run=module.run)
    return parser


def json_document(message: str) -> None:
    """The document ``--json`` prints for a run that ended without an answer's (as a batch's lines;
    none when the run has printed its one document already: ``run/jsonout``)."""
    jsonout.error(message)


def wants_json(argv: Sequence[str]) -> bool:
    """``--json`` (or an abbreviation argparse accepts) before any ``--``: read before parsing, so
    that a refused option or a usage error is a JSON document too."""
    for arg in argv:
        if arg == "--":
            return False
        name = arg.partition("=")[0]  # --json=yes: a usage error, which is a document too
        if len(name) >= 4 and "--json".startswith(name):
            return True
    return False


def inputs(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """The FILEs to run, checked as a usage error: at least one, or ``--words`` and none (then
    ``args.file`` names them); standard input (``-``) read once, by a run of its own."""
    files = args.file if isinstance(args.file, list) else [args.file]
    if getattr(args, "words", None) is not None:
        if files:
            parser.error(f"{args.command}: give FILE or --words, not both")
        args.file = ["--words"]  # the family reads args.words (formats/instances.py: given); this names them
    elif not files and args.command in ("crossword", "codeword", "fillin") and getattr(args, "size", None) is not None:
        args.file = ["--size"]  # a pattern generated (crossword/cli.py: generated); this names it
    elif not files and args.command == "codeword":
        parser.error("codeword: no input: give a FILE (a framework, a filled grid, a P-99 word list) or --size WxH")
    elif not files:
        parser.error(
            f"{args.command}: no input: give a FILE (YAML or a .txt word list, - for standard input) or --words"
        )
    elif len(files) > 1 and any(str(f) == "-" for f in files):
        parser.error(f"{args.command}: - (standard input) cannot be one of several FILEs")

