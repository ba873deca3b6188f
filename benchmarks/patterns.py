"""``make bench BENCH=patterns``: a block pattern and its fill from nothing (``crossword --size``),
over seeds, without and with theme entries: the time per grid (median, worst; wall clock and CPU
seconds, the CPU of the fill's worker processes included), the work (patterns tried, improving
steps), and the fill's quality: the mean Zipf frequency (wordfreq's ``zipf_frequency``) of its
entries, theme entries left out (they are the constructor's, and rarely in wordfreq), averaged over
the grids, and the entries below Zipf 2.5.

Targets (issue 44, on a 2-core machine, quiet): 15x15 from ``en`` at most 10 s median over 10
seeds with mean Zipf at least 3.8 and no entry below Zipf 2.5, without themes, with three
15-letter themes and with two of 11; 21x21 at most 60 s median. Times depend on the machine's load:
the printed load average says how busy it was; the work counts do not.

    python -m benchmarks.patterns [SIZE ...] [--seeds N] [--limit SECONDS] [--themes SET,...]
                                  [--min-score S,...] [--patterns N]

``--min-score S`` fills from ``en``'s words scored S or more alone, as the command's ``--min-score``
does (no default floor then; 200 is the whole of ``en``); ``--patterns N`` stops a run after N
patterns, a budget of work that a busy machine does not change (the limit still holds).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from pyclingo_puzzles.crossword.construction.construct import GENERATED_FLOOR, generate_fill
from pyclingo_puzzles.crossword.construction.pattern import PatternSpec, parse_size
from pyclingo_puzzles.crossword.construction.themes import parse_theme
from pyclingo_puzzles.crossword.options import FillOptions
from pyclingo_puzzles.crossword.wordlists.english import english_dictionary

TARGETS = {(15, 15): 10.0, (21, 21): 60.0}  # median seconds
ZIPF_TARGET = 3.8
ZIPF_FLOOR = 2.5  # no entry below it
# theme sets (--themes NAME): none, three 15-letter entries (the issue's), two of 11 letters
THEMES = {
    "none": (),
    "three15": ("GREENEGGSANDHAM", "APPLEPIEALAMODE", "PEANUTBUTTERCUP"),
    "two11": ("CONSTRUCTOR", "PUZZLEMAKER"),
}


def run_size(
    rows: int, cols: int, seeds: int, limit: float, themes: tuple[str, ...], min_score: int | None = None,
    patterns: int | None = None,
) -> dict[str, list[float]]:
    from wordfreq import zipf_frequency

    from pyclingo_puzzles.crossword.reader import Dictionary

    dictionary = english_dictionary()
    if min_score is not None:
        dictionary = Dictionary({w: s for w, s in dictionary.words.items() if s >= min_score})
    got: dict[str, list[float]] = {k: [] for k in ("times", "cpus", "zipfs", "patterns", "steps", "low", "worst")}
    filled = 0
    spec = PatternSpec(rows, cols, themes=tuple(parse_theme(t) for t in themes))
    for seed in range(1, seeds + 1):
        t0, cpu0 = time.perf_counter(), cpu_seconds()
        options = FillOptions(seed=seed, jobs=2, time_limit=limit)
        floor = GENERATED_FLOOR if min_score is None else None
        made, _ = generate_fill(spec, dictionary, options, floor, max_patterns=patterns)
        seconds = time.perf_counter() - t0
        got["times"].append(seconds)
        got["cpus"].append(cpu_seconds() - cpu0)
        got["patterns"].append(made.patterns)
        steps = getattr(made.improved, "steps", 0)
        got["steps"].append(steps)
        solutions = getattr(made.fill, "solutions", None)
        quality = "no fill"
        if solutions:
            filled += 1
            zipfs = [zipf_frequency(p.word.lower(), "en") for p in solutions[0].placements if p.word not in themes]
            low = [p.word for p in solutions[0].placements if p.word not in themes
                   and zipf_frequency(p.word.lower(), "en") < ZIPF_FLOOR]
            got["zipfs"].append(statistics.mean(zipfs))
            got["low"].append(len(low))
            got["worst"].append(min(zipfs))
            quality = (f"mean Zipf {got['zipfs'][-1]:.2f}, lowest {min(zipfs):.2f}, {len(low)} below {ZIPF_FLOOR}"
                       f"{' (' + ', '.join(low[:6]) + ')' if low else ''}")
        print(f"  {cols}x{rows} seed {seed}: {seconds:.1f} s ({got['cpus'][-1]:.1f} s CPU), {made.patterns} "
              f"pattern(s), {steps} improving step(s), {quality}", flush=True)
    got["filled"] = [filled]
    return got


def cpu_seconds() -> float:
    """User and system CPU of this process and of its ended children (the fill's race workers)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def summary(size: str, rows: int, cols: int, seeds: int, got: dict[str, list[float]]) -> str:
    times, zipfs = got["times"], got["zipfs"]
    target = TARGETS.get((rows, cols))
    bound = "" if target is None else f"; target <= {target:.0f} s"
    zipf = statistics.mean(zipfs) if zipfs else float("nan")
    return (f"{size}: {got['filled'][0]}/{seeds} filled, median {statistics.median(times):.1f} s (worst "
            f"{max(times):.1f} s{bound}), CPU median {statistics.median(got['cpus']):.1f} s (worst "
            f"{max(got['cpus']):.1f} s), mean Zipf {zipf:.2f} (target >= {ZIPF_TARGET}; per grid "
            f"{min(zipfs, default=0):.2f}-{max(zipfs, default=0):.2f}), entries below {ZIPF_FLOOR}: "
            f"{int(sum(got['low']))} (lowest {min(got['worst'], default=0):.2f}), patterns tried per grid "
            f"{statistics.mean(got['patterns']):.1f}, improving steps per grid {statistics.mean(got['steps']):.1f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", default=["15x15", "21x21"])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--limit", type=float, default=120.0, help="seconds per grid")
    parser.add_argument("--min-score", default="", help="floors, comma-separated (e.g. 200,300,400): en's words "
                        "scored that much or more alone")  # fmt: skip
    parser.add_argument("--patterns", type=int, default=None, help="at most N patterns a run")
    parser.add_argument("--themes", default="none,three15,two11",
                        help=f"theme sets, comma-separated ({', '.join(THEMES)}); 15x15 only")
    args = parser.parse_args(argv if argv is not None else [])
    print(f"load average at start: {', '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs")
    for size in args.sizes:
        rows, cols = parse_size(size)
        seeds = args.seeds if (rows, cols) != (21, 21) else max(1, args.seeds // 2)
        sets = args.themes.split(",") if (rows, cols) == (15, 15) else ["none"]
        floors = [int(f) for f in args.min_score.split(",") if f] or [None]
        for name, floor in ((n, f) for n in sets for f in floors):
            themes = THEMES[name]
            at = "" if floor is None else f", --min-score {floor}"
            print(f"{size}, themes: {', '.join(themes) or 'none'}{at}", flush=True)
            got = run_size(rows, cols, seeds, args.limit, themes, floor, args.patterns)
            print(summary(f"{size} ({name}{at})", rows, cols, seeds, got), flush=True)
    print(f"load average at end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
