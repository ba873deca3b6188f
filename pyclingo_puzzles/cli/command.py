"""``pyclingo-puzzles``: one command, one subcommand per puzzle family, the same habits everywhere.

Every subcommand takes one or more FILEs, ``--rules FILE.lp`` (repeatable), ``--seed``,
``--time-limit``, ``--memory-limit``, ``--models``, ``--jobs``, ``--json``, ``--stats``, ``-o FILE``
and ``--exit-codes``. Runs compute clingo's codes: 10 found, 20 proved unsolvable, 30 all
enumerated, 11 time limit with a solution, 1 interrupted without one, 65 bad input; several FILEs
(``batch.py``) exit with the most severe; the command exits with them mapped to the Unix convention
(0/1/2/3) unless ``--exit-codes clingo`` asks for them as they are (``exitcodes.py``).
A family's ``run`` returns a ``Report``; ``delivery.py`` prints and writes it.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from ..core import messages
from ..core.errors import EXIT_BAD_INPUT, InputError, VerificationError
from ..formats import args as argtypes
from ..formats.args import models as _models
from ..formats.args import positive_float as _positive_float
from ..formats.args import seed as _seed
from ..formats.outfiles import OutputError
from ..formats.output import print_json
from ..run import resources, runtime, watchdog
from ..run.stdout_guard import run_guarded, standard_streams
from . import delivery, exitcodes

__all__ = ["build_parser", "console", "main", "run_command"]


class _Parser(argparse.ArgumentParser):
    """argparse that exits 2 (bad input; 65 with --exit-codes clingo) with one line."""

    usage_exit = EXIT_BAD_INPUT  # set from the convention asked for, before parsing
    json_wanted = False  # --json is among the arguments (``wants_json``): a usage error is a document too
    convention = "clingo"  # that convention (--version and --print-completion exit by it)

    def error(self, message: str) -> None:  # type: ignore[override]
        line = f"{self.prog}: error: {' '.join(message.split())}"
        if _Parser.json_wanted:
            _json_document(line.partition("error: ")[2])
        self.exit(_Parser.usage_exit, line + "\n")

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


class _TopParser(_Parser):
    """The command's parser: the subcommand's inputs are checked with its options (``inputs``)."""

    def parse_args(self, args=None, namespace=None):
        parsed = super().parse_args(args, namespace)
        if hasattr(parsed, "file"):
            inputs(self, parsed)
        return parsed


class _CommandParser(_Parser):
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
    g.add_argument(
        "--allow-include-anywhere",
        action="store_true",
        help="let a --rules file #include files outside its own folder (refused by default)",
    )
    g.add_argument("-s", "--seed", type=_seed, default=None, help="random seed for clingo")
    g.add_argument(
        "-t",
        "--time-limit",
        type=_positive_float,
        default=None,
        metavar="SECONDS",
        help="bound the whole run (reading, grounding, solving, checking) to this many seconds; "
        "exit 11 with the best answer found, 1 without",
    )
    g.add_argument(
        "--memory-limit",
        type=argtypes.memory_size,
        default=watchdog.default_memory_limit(),
        metavar="SIZE",
        help="end the run when it (with its worker processes) holds more memory than this: "
        "MiB, or with a unit, e.g. 512M, 4G (default: 75%% of RAM)",
    )
    g.add_argument(
        "-n",
        "--models",
        type=_models,
        default=default_models,
        metavar="N",
        help=f"number of solutions to compute, 0 = all (default {default_models})",
    )
    g.add_argument(
        "-j",
        "--jobs",
        type=argtypes.positive_int,
        default=default_jobs(),
        metavar="N",
        help="processes this command may use (default: the machine's cores, here %(default)s): several "
        "FILEs are solved N at a time; one dictionary fill races its 2 letter-choice rules",
    )
    g.add_argument("--json", action="store_true", help="print the result as JSON (several FILEs: JSON Lines)")
    g.add_argument("--stats", action="store_true", help="print clingo statistics to stderr")
    add_outputs(parser)


def add_outputs(parser: argparse.ArgumentParser) -> None:
    """-o and --exit-codes (after the family's own output options: -o names their suffixes)."""
    o = parser.add_argument_group("outputs and exit codes (common to all subcommands)")
    dests = {action.dest for action in parser._actions} | {"json_file"}
    offered = [suffix for suffix, dest in delivery.SUFFIXES.items() if dest in dests]
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


# subcommand -> (module holding add_arguments/run, help). Only the chosen family's module is
# imported: start-up time is most of a small run (docs/development.md, "Start-up").
COMMANDS = {
    "wordsearch": (
        "pyclingo_puzzles.wordsearch.cli",
        "generate a word search puzzle (every word placed, every word exactly once)",
    ),
    "crossword": (
        "pyclingo_puzzles.crossword.cli",
        "fill a crossword framework with a word list (P-99 7.09) or from a dictionary",
    ),
    "strips": ("pyclingo_puzzles.strips.cli", "strip exact cover of black/white grids (MUMS 2010 'Black and White')"),
    "layout": (
        "pyclingo_puzzles.layout.cli",
        "build a crossword from a word list: every word placed, most crossings, smallest box",
    ),
    "book": ("pyclingo_puzzles.books.cli", "make a print-ready book of many puzzles from a manifest (YAML)"),
    "serve": (
        "pyclingo_puzzles.web.serve",
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
    return exitcodes.convert(run_guarded(lambda: sys.stdout.write(text) and 0), _Parser.convention)


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
        description="Declarative puzzles on clingo: word search, crossword, strip cover, crossword layout.",
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
            add_common(p, getattr(module, "DEFAULT_MODELS", 1))
        p.set_defaults(run=module.run)
    return parser


def main(argv: Sequence[str] | None = None, *, process: bool = False) -> int:
    """Run one subcommand; its exit code. ``process=True`` (the console script) arms the hard limits
    (``watchdog``: the deadline's hard end, the memory ceiling, a second Ctrl-C); in-process callers get the
    cooperative deadline only. Several FILEs: ``batch.run_batch`` (each file in a worker, ``run_command``)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    convention = exitcodes.requested(argv)
    _Parser.usage_exit = exitcodes.usage_error(convention)
    _Parser.json_wanted = wants_json(argv)
    _Parser.convention = convention
    if exitcodes.from_environment() not in exitcodes.CONVENTIONS:
        message = f"${exitcodes.ENV} must be clingo or unix, got {exitcodes.from_environment()!r}"
        print(f"pyclingo-puzzles: error: {message}", file=sys.stderr)
        if _Parser.json_wanted:
            _json_document(message)
        return exitcodes.usage_error(convention)
    if not argv:  # the bare command: a usage error, but a friendly one
        sys.stderr.write(short_usage())
        return exitcodes.usage_error(convention)
    args = build_parser(argv).parse_args(argv)
    if args.command in SERVICES:
        return int(args.run(args))
    return exitcodes.convert(_main(args, process), args.exit_codes)


def _main(args: argparse.Namespace, process: bool) -> int:
    from ..core import rulesfile

    with rulesfile.trusted_rules(include_anywhere=getattr(args, "allow_include_anywhere", False)):
        return _run_main(args, process)


def _run_main(args: argparse.Namespace, process: bool) -> int:
    files = args.file if isinstance(args.file, list) else [args.file]
    single = len(files) == 1  # several FILEs: JSON Lines, an error a line of its own (batch.py)
    try:
        delivery.prepare(args, _offered(args))  # several FILEs: batch.output_paths checks each file's names
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        if single:
            _json_error(args, f"error: {exc}")
        return EXIT_BAD_INPUT
    run = runtime.Run(time_limit=args.time_limit, from_process_start=process)
    exit_code = exitcodes.convert(runtime.EXIT_INTERRUPTED, args.exit_codes)  # of a hard exit
    guard = watchdog.Watchdog(run, args.memory_limit, exit_code) if process else None  # the hard limits
    if not single:
        from .batch import run_batch

        batch = lambda: _inside(run, guard, lambda: run_guarded(lambda: run_batch(args, run_command)))  # noqa: E731
        return _reported(batch, lambda line: _json_error(args, line))  # a JSON Lines record of its own
    args.file = files[0]
    delivery.reserve_output_time(args, run)  # the run's deadline is set: the family solves for less
    ticker = None
    started_output = False

    def printing() -> None:  # the watchdog gives output that has started time to finish
        nonlocal started_output
        started_output = True
        run.stage = "printing"
        if ticker is not None:
            ticker.stop()

    def last_words(message: str) -> None:  # --json prints one document, also when the run ends without one
        if not started_output:
            _json_error(args, message)

    run.last_words = last_words

    def one() -> int:
        nonlocal ticker
        ticker = _ticker(run) if process else None
        try:
            return run_guarded(lambda: delivery.deliver(args, args.run(args)), on_first_write=printing)
        finally:
            if ticker is not None:
                ticker.stop()

    # errors are reported once the run is over (its watchdog stopped: it may not end the process
    # while the main thread reports the same stop)
    return _signalled(run, _reported(lambda: _inside(run, guard, one), last_words))


def _json_error(args: argparse.Namespace, message: str) -> None:
    """With ``--json``, the document of a run that ended without an answer's: the status is not
    known, and ``"error"`` is the line stderr has (a script parsing stdout gets a document)."""
    if getattr(args, "json", False):
        _json_document(message)


def _json_document(message: str) -> None:
    with contextlib.suppress(OSError, ValueError):
        print_json({"status": "UNKNOWN", "error": message.removeprefix("error: ")})  # as a batch's lines
        sys.stdout.flush()


def wants_json(argv: Sequence[str]) -> bool:
    """``--json`` (or an abbreviation argparse accepts) before any ``--``: read before parsing, so
    that a refused option or a usage error is a JSON document too."""
    for arg in argv:
        if arg == "--":
            return False
        if len(arg) >= 4 and "--json".startswith(arg):
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
    elif not files and args.command == "crossword" and getattr(args, "size", None) is not None:
        args.file = ["--size"]  # a pattern generated (crossword/cli.py: generated); this names it
    elif not files:
        parser.error(
            f"{args.command}: no input: give a FILE (YAML or a .txt word list, - for standard input) or --words"
        )
    elif len(files) > 1 and any(str(f) == "-" for f in files):
        parser.error(f"{args.command}: - (standard input) cannot be one of several FILEs")


def run_command(args: argparse.Namespace) -> int:
    """One file of a batch, in a worker: the subcommand's exit code, and for an error one line on
    stderr (never a traceback), as a single run gives them."""
    return _signalled(runtime.current(), _reported(lambda: run_guarded(lambda: delivery.deliver(args, args.run(args)))))


def _offered(args: argparse.Namespace) -> list[str]:
    """The output options this subcommand has (their dests), for ``-o``."""
    return [dest for dest in delivery.OPTION if hasattr(args, dest)]


def _signalled(run: runtime.Run | None, code: int) -> int:
    """A run stopped by a signal with an answer in hand exits 11, not 10 or 30; so does one
    stopped (SIGSTOP) past its deadline that printed its answer after it was resumed."""
    stopped = run is not None and (run.reason == "interrupted" or run.paused)
    return 11 if stopped and code in (10, 30) else code


def _inside(run: runtime.Run, guard: watchdog.Watchdog | None, call: Callable[[], int]) -> int:
    with run, guard if guard is not None else contextlib.nullcontext():
        return call()


def _reported(call: Callable[[], int], also: Callable[[str], None] | None = None) -> int:
    """``call()``'s exit code; the errors a run can end with become one line on stderr and theirs
    (a closed pipe or a full disk are handled by ``run_guarded`` inside); ``also`` is told that line."""

    def say(line: str) -> None:
        print(line, file=sys.stderr)
        if also is not None:
            also(line)

    try:
        with messages.counting():  # a warning clingo repeated: once more at the end, with its count
            return call()
    except InputError as exc:
        say(f"error: {exc}")
        return EXIT_BAD_INPUT
    except OutputError as exc:
        say(f"error: {exc}")
        return 1
    except VerificationError as exc:
        say(f"internal error: an answer failed the independent verifier ({exc}); nothing printed")
        return 1
    except runtime.Stopped as exc:
        say(str(exc))
        return 1
    except KeyboardInterrupt:
        say("interrupted")
        return 1
    except BrokenPipeError:
        return 0
    except (MemoryError, OSError, RuntimeError) as exc:  # ulimit -v, -n, -u: one line, as --memory-limit's
        line = resources.limit_message(exc)
        if line is None:
            raise
        say(line)
        return 1


def _ticker(run: runtime.Run):
    """The progress line of one long run (a terminal only, after a second): stage, what it has done
    so far when it says (``runtime.describe``: a fill's conflicts), and elapsed."""
    from ..run.progress import Ticker

    return Ticker(run.started, lambda elapsed: progress_text(run, elapsed)).start()


def progress_text(run: runtime.Run, elapsed: float) -> str:
    detail = run.detail() if run.detail is not None else ""
    return f"{run.stage}{', ' + detail if detail else ''}, {elapsed:.0f} s"


def console() -> None:
    """The ``pyclingo-puzzles`` command: hard limits on, and no slow interpreter teardown (freeing
    a large ground program can take longer than the time limit has left). (The console script
    enters through ``entry.console``, which guards the imports before this too.)"""
    import signal

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # past a file-size limit a write fails (EFBIG): one line
    standard_streams()
    try:
        code = main(process=True)
    except SystemExit as exc:  # argparse's --help and usage errors: flushed below, as a run's output
        code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
    except Exception as exc:
        code = exitcodes.convert(exitcodes.last_line(exc), exitcodes.requested(sys.argv[1:]))
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(BrokenPipeError, OSError):
            stream.flush()
    os._exit(code)


if __name__ == "__main__":
    console()
