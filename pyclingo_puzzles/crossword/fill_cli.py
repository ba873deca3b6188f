"""Dictionary mode of ``pyclingo-puzzles crossword FRAME --dictionary WORDS.txt``."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..core.errors import InputError
from ..formats.output import warn
from ..formats.report import Report
from .api import dictionary_of, fill
from .english import NAME
from .fill import read_framework
from .p99_cli import report


def run(args: argparse.Namespace, default: bool = False) -> Report:
    """``default``: no --dictionary was given for a framework without words: the built-in one."""
    if args.min_length < 1:
        raise InputError("--min-length must be at least 1", args.file)
    if args.jobs < 1:
        raise InputError("--jobs must be at least 1", args.file)
    if args.optimize and getattr(args, "count", False):
        raise InputError("--count counts every fill and --optimize looks for the best one: give one of them", args.file)
    framework, notes = read_framework(args.file)
    if default:
        args.dictionary = NAME
        notes.append(f"no --dictionary: filling from the built-in English dictionary (--dictionary {NAME})")
    source = NAME if args.dictionary == NAME else Path(args.dictionary)  # ./en is a file called en
    dictionary = dictionary_of(source, args.min_length, args.min_score)
    for note in notes:  # after every input is read: a run that ends in an error prints one line only
        warn(f"{args.file}: {note}")
    if dictionary.skipped:
        warn(f"{args.dictionary}: skipped {dictionary.skipped_text()}")
    result = fill(
        framework,
        dictionary,
        rules=args.rules,
        models=args.models,
        seed=args.seed,
        time_limit=args.time_limit,
        no_repeat=args.no_repeat,
        optimize=args.optimize,
        word_atoms=args.word_atoms,
        jobs=args.jobs,
        count=getattr(args, "count", False),
    )
    return report(str(args.file), result, args, framework.predefined())
