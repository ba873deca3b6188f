"""``make bench BENCH=patterns``: a block pattern and its fill from nothing (``crossword --size``),
over seeds: the time per grid (median, worst; wall clock and CPU seconds, the CPU of the fill's
worker processes included), the patterns tried, and the fill's quality as the mean Zipf frequency
(wordfreq's ``zipf_frequency``) of its entries, averaged over the grids.

Targets (issue: the constructor's bench), on a 2-core machine: 15x15 from ``en`` at most 10 s
median over 10 seeds with mean Zipf at least 3.8; 21x21 at most 60 s median. Times depend on the
machine's load: the printed load average says how busy it was.

    python -m benchmarks.patterns [SIZE ...] [--seeds N] [--limit SECONDS]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from pyclingo_puzzles.crossword.construction.construct import generate_fill
from pyclingo_puzzles.crossword.construction.pattern import PatternSpec, parse_size
from pyclingo_puzzles.crossword.options import FillOptions
from pyclingo_puzzles.crossword.wordlists.english import english_dictionary

TARGETS = {(15, 15): 10.0, (21, 21): 60.0}  # median seconds
ZIPF_TARGET = 3.8


def run_size(rows: int, cols: int, seeds: int, limit: float) -> dict[str, list[float]]:
    from wordfreq import zipf_frequency

    dictionary = english_dictionary()
    times: list[float] = []
    cpus: list[float] = []
    zipfs: list[float] = []
    patterns: list[float] = []
    filled = 0
    for seed in range(1, seeds + 1):
        t0, cpu0 = time.perf_counter(), cpu_seconds()
        made, _ = generate_fill(PatternSpec(rows, cols), dictionary, FillOptions(seed=seed, jobs=2, time_limit=limit))
        seconds = time.perf_counter() - t0
        times.append(seconds)
        cpus.append(cpu_seconds() - cpu0)
        patterns.append(made.patterns)
        solutions = getattr(made.fill, "solutions", None)
        quality = "no fill"
        if solutions:
            filled += 1
            zipfs.append(statistics.mean(zipf_frequency(p.word.lower(), "en") for p in solutions[0].placements))
            quality = f"mean Zipf {zipfs[-1]:.2f}"
        print(f"  {cols}x{rows} seed {seed}: {seconds:.1f} s ({cpus[-1]:.1f} s CPU), {made.patterns} pattern(s), "
              f"{quality}", flush=True)
    return {"times": times, "cpus": cpus, "zipfs": zipfs, "patterns": patterns, "filled": [filled]}


def cpu_seconds() -> float:
    """User and system CPU of this process and of its ended children (the fill's race workers)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", default=["15x15", "21x21"])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--limit", type=float, default=120.0, help="seconds per grid")
    args = parser.parse_args(argv if argv is not None else [])
    print(f"load average at start: {', '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs")
    for size in args.sizes:
        rows, cols = parse_size(size)
        seeds = args.seeds if (rows, cols) != (21, 21) else max(1, args.seeds // 2)
        got = run_size(rows, cols, seeds, args.limit)
        times, zipfs, patterns = got["times"], got["zipfs"], got["patterns"]
        target = TARGETS.get((rows, cols))
        bound = "" if target is None else f"; target <= {target:.0f} s"
        zipf = statistics.mean(zipfs) if zipfs else float("nan")
        print(f"{size}: {got['filled'][0]}/{seeds} filled, median {statistics.median(times):.1f} s (worst "
              f"{max(times):.1f} s{bound}), CPU median {statistics.median(got['cpus']):.1f} s (worst "
              f"{max(got['cpus']):.1f} s), mean Zipf {zipf:.2f} (target >= {ZIPF_TARGET}), patterns tried per "
              f"grid {statistics.mean(patterns):.1f}")
    print(f"load average at end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
