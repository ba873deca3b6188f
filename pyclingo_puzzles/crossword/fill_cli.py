"""Dictionary mode of ``pyclingo-puzzles crossword FRAME --dictionary WORDS.txt``."""

from __future__ import annotations

import argparse

from .. import count
from ..errors import InputError
from ..output import print_json, print_stats, warn
from .fill import read_dictionary, read_framework, site_list, solve_fill
from .p99_cli import report


def run(args: argparse.Namespace) -> int:
    if args.min_length < 1:
        raise InputError("--min-length must be at least 1", args.file)
    if args.jobs < 1:
        raise InputError("--jobs must be at least 1", args.file)
    framework, notes = read_framework(args.file)
    for note in notes:
        warn(f"{args.file}: {note}")
    dictionary = read_dictionary(args.dictionary, args.min_length, args.min_score)
    if dictionary.skipped:
        warn(f"{args.dictionary}: skipped {dictionary.skipped} line(s) that are not a word")
    outcome = solve_fill(
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
    if outcome.result is None and getattr(args, "count", False):
        return count.report(0, True, 20, args.json)
    if outcome.result is None:  # some slot has no candidate at all: proved unfillable without search
        if args.json:
            print_json(
                {"status": "UNSAT", "count": 0, "solutions": [], "empty_slots": [s.__dict__ for s in outcome.empty]}
            )
        else:
            print(f"{args.file}: no fill (proved): no dictionary word fits these slots:")
            for line in site_list(outcome.empty):
                print(f"  {line}")
        if args.stats:
            print_stats(outcome.stats)
        return 20
    return report(str(args.file), outcome.result, outcome.solutions, args, outcome.rules_to_blame)
