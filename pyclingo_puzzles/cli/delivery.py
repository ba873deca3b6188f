"""The one report path: from a family's ``Report`` to standard output, output files and an exit code.

Before any work, ``prepare`` resolves ``-o FILE`` to the output its suffix names and checks every
output path (``formats/outfiles.check_output_paths``: writable, not an input, not named twice, at most one
``-``). After the run, ``deliver`` prints the JSON document or the text (not when an output file is
``-``: then standard output holds that file), writes each output file given, whole or not at all,
and prints the statistics on stderr. Output files are written only when the run has an answer.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ..core import rulesfile
from ..core.errors import InputError
from ..formats import printstyle
from ..formats.outfiles import check_names, check_output_paths, is_stdout, write_atomic
from ..formats.output import print_json, print_stats, warn
from ..formats.report import OUTPUTS, Report
from ..run.runtime import Run
from ..run.stdout_guard import OutputFailed

OPTION = {
    "svg": "--svg", "svg_key": "--svg-key", "pdf": "--pdf", "ipuz": "--ipuz", "html": "--html", "puz": "--puz",
    "json_file": "-o",
}  # fmt: skip
# -o FILE: the output its suffix names (.json: the --json document, written to FILE)
SUFFIXES = {
    ".pdf": "pdf", ".svg": "svg", ".ipuz": "ipuz", ".html": "html", ".htm": "html", ".puz": "puz", ".json": "json_file",
}  # fmt: skip
# --pdf under --time-limit: this share of the limit (at most PDF_RESERVE_MAX s) is kept from solving
# for drawing the pages; the run's deadline stays where --time-limit puts it
PDF_RESERVE, PDF_RESERVE_MAX = 0.3, 2.0


def output_options(args: argparse.Namespace) -> dict[str, Path]:
    """The output options given: dest -> path."""
    return {dest: getattr(args, dest) for dest in OUTPUTS if getattr(args, dest, None) is not None}


def inputs(args: argparse.Namespace, files: Iterable[Any] | None = None) -> list[tuple[str, Path]]:
    """(what, path) of every file the run reads: the instance(s), --rules files, the dictionary."""
    files = args.file if files is None else files
    files = files if isinstance(files, list | tuple) else [files]
    found = [("input file", Path(f)) for f in files]
    for rules in getattr(args, "rules", None) or []:
        found.append(("--rules file", Path(rules)))
        found += [("file a --rules file includes", f) for f in rulesfile.included_files(rules)[1:]]
    dictionaries = getattr(args, "dictionary", None) or []  # repeatable (crossword); "en" is no file
    found += [("--dictionary", Path(d)) for d in ([dictionaries] if isinstance(dictionaries, str) else dictionaries)]
    found += [(option, Path(p)) for option in ("--exclude", "--clues") if (p := getattr(args, option[2:], None))]
    return found


def resolve_output(args: argparse.Namespace, offered: Sequence[str]) -> argparse.Namespace:
    """``-o FILE`` -> the option its suffix names (``.pdf``, ``.svg``, ``.ipuz``, ``.json``), when
    this subcommand offers it and it is not given twice: new arguments (the parsed ones stay as given)."""
    path = getattr(args, "output", None)
    if path is None:
        return args
    if is_stdout(path):
        raise InputError("-o names its output by the file's suffix; for standard output use --svg -, --pdf - ...", path)
    dest = SUFFIXES.get(Path(path).suffix.lower())
    if dest is None and is_device(Path(path)):
        dest = "json_file"  # -o /dev/null, a terminal, a FIFO: the --json document, as Unix tools write anything there
    if dest is None or dest not in offered:
        known = ", ".join(s for s, d in SUFFIXES.items() if d in offered)
        raise InputError(f"-o: this subcommand writes {known}; name the file with one of these suffixes", path)
    if getattr(args, dest, None) is not None:
        raise InputError(f"-o and {OPTION[dest]} both name the {OUTPUTS[dest]} output; give one", path)
    return argparse.Namespace(**{**vars(args), dest: Path(path)})


def is_device(path: Path) -> bool:
    """A character device or a FIFO (``/dev/null``, ``/dev/stderr``, a named pipe): written as it is."""
    import stat

    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)


def prepare(args: argparse.Namespace, offered: Sequence[str]) -> argparse.Namespace:
    """Before any work: ``-o`` resolved, every output path checked against the inputs and each other.
    Returns the arguments the run goes on with (``-o`` resolved); the given ones are not changed."""
    args = resolve_output(args, offered)
    printstyle.set_style(print_style(args))  # (a batch's forked workers have it too)
    outputs = output_options(args)
    if getattr(args, "json", False) and any(is_stdout(p) for p in outputs.values()):
        raise InputError("--json and an output to standard output ('-') cannot share it; give the file a name", "-")
    batch = isinstance(args.file, list) and len(args.file) > 1
    drawn = [dest for dest in outputs if dest != "json_file"]
    if getattr(args, "count", False) and drawn:  # a count keeps no answer to draw: say so, not write nothing
        raise InputError(
            f"--count prints only the number of solutions; it has nothing for {OPTION[drawn[0]]} to write",
            outputs[drawn[0]],
        )
    for dest, suffix in (("pdf", "pdf"), ("puz", "puz")):  # binary files
        if is_stdout(outputs.get(dest)) and sys.stdout.isatty():
            raise InputError(
                f"{OPTION[dest]} - would print binary {suffix.upper()} data on the terminal; redirect it "
                f"(> out.{suffix}) or pipe it", "-",
            )
    if batch and any(is_stdout(p) for p in outputs.values()):
        raise InputError("'-' writes to standard output: give one FILE (several write one file each)", "-")
    check_names({OPTION[dest]: path for dest, path in outputs.items()})
    check_output_paths({OPTION[dest]: path for dest, path in outputs.items()}, inputs(args))
    if "pdf" in outputs and not batch:  # (a batch forks its workers: no thread may be running then)
        from ..formats import pdffont

        pdffont.prepare()  # fpdf2 and the font load in a thread while the run solves
    return args


def print_style(args: argparse.Namespace) -> printstyle.PrintStyle:
    """What the arguments ask of every printed page (``--large-print`` ...: ``formats/printstyle.py``)."""
    return printstyle.PrintStyle(
        bool(getattr(args, "large_print", False)), bool(getattr(args, "lowercase", False)),
        " ".join((getattr(args, "author", None) or "").split()), getattr(args, "key_label", None),
    )


def reserve_output_time(args: argparse.Namespace, run: Run | None = None) -> argparse.Namespace:
    """With --pdf and --time-limit (one FILE), the family solves for less than the limit, so the
    pages are drawn before the run's deadline (which the watchdog holds); call after the run's
    limits are set from --time-limit. The run's budget keeps the reserve too (``Run.output_reserve``):
    a family's own limit counts from its start, after the interpreter's, which ate into the pages' time.
    Returns the arguments the family gets (the given ones are not changed)."""
    if getattr(args, "pdf", None) is None or args.time_limit is None or isinstance(args.file, list):
        return args
    reserve = min(PDF_RESERVE_MAX, PDF_RESERVE * args.time_limit)
    if run is not None:
        run.output_reserve = reserve
    return argparse.Namespace(**{**vars(args), "time_limit": args.time_limit - reserve})


def deliver(args: argparse.Namespace, report: Report | int) -> int:
    """Print and write ``report`` as the options ask; its exit code (clingo's convention)."""
    if isinstance(report, int):
        return report
    outputs = output_options(args)
    started = getattr(sys.stdout, "started", None)  # the guarded stdout: the output stage begins
    if started is not None:
        started()
    failed = None  # stdout could not be written: the output files still are, then the run fails
    if not any(is_stdout(p) for p in outputs.values()):
        try:
            if getattr(args, "json", False) and report.json is not None:
                print_json(report.json())
            else:
                sys.stdout.write(report.text_out())
            sys.stdout.flush()
        except OutputFailed as exc:
            failed = exc
    if outputs and (report.answered or getattr(args, "count", False)):  # a count's answer is its number
        for dest, path in outputs.items():
            make = report.files.get(dest)
            if dest == "json_file" and report.json is not None:
                import json

                write_atomic(path, json.dumps(report.json(), ensure_ascii=False, indent=2) + "\n", OUTPUTS[dest])
            elif make is not None:
                _write(path, make(), dest)
    elif outputs and report.files:
        # the files named: in a batch each input has its own (OUT-STEM.svg), and stderr may be read alone
        warn(f"no answer, so {', '.join(f'{OPTION[d]} {path}' for d, path in outputs.items())} not written")
    if getattr(args, "stats", False) and report.stats is not None:
        print_stats(report.stats)
    if failed is not None:
        raise failed
    return report.code


def _write(path: Path, content: Any, dest: str) -> None:
    drawn = getattr(content, "answers", None)
    if drawn is not None:  # a PDF capped by the time limit says how much it holds
        if drawn < content.given:
            warn(
                f"{OPTION[dest]}: the time limit left room for {drawn} of {content.given} answers; "
                "the PDF holds the first ones (a longer --time-limit or fewer --models gives more)"
            )
        content = content.content
    write_atomic(path, content, OUTPUTS[dest])
