"""Looking for a small unfillable part of a grid: the slots that meet a window, filled alone.

The slots meeting a window (kept whole, also where they run out of it; every other slot dropped)
carry a subset of the grid's constraints, so a window that cannot be filled proves the grid
unfillable. Each window is pruned (arc consistency among its slots only) and searched by the
compiled propagator in one thread with a conflict limit (clingo's ``--solve-limit``: the same
search however busy the machine is). Prints per window its slots and SAT, UNSAT or UNKNOWN (the
limit came first) with clingo's conflicts and the CPU seconds.

REGION_GRIDS (default "23.10,23.06"), REGION_WINDOWS: "k" (k x k windows at every REGION_STEP,
default 4) or explicit "row,col,height,width" windows separated by ";" (default "7;11;15");
REGION_CONFLICTS (default 5000), REGION_RULE (default "failures"), REGION_DICT (a word list;
default wamerican).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

from benchmarks.common import SHARED
from benchmarks.crossword_fill import wamerican
from pyclingo_puzzles.core.solve import Solver
from pyclingo_puzzles.crossword.engine import native
from pyclingo_puzzles.crossword.engine.attempt import ENCODING
from pyclingo_puzzles.crossword.engine.facts import option_facts, site_facts
from pyclingo_puzzles.crossword.engine.pruning import prune
from pyclingo_puzzles.crossword.framework import Framework, Site
from pyclingo_puzzles.crossword.reader import Dictionary, framework_of, read, read_dictionary

BENCH = SHARED / "crossword-bench"
GRIDS = os.environ.get("REGION_GRIDS", "23.10,23.06").split(",")
WINDOWS = os.environ.get("REGION_WINDOWS", "7;11;15").split(";")
STEP = int(os.environ.get("REGION_STEP", "4"))
CONFLICTS = int(os.environ.get("REGION_CONFLICTS", "5000"))
RULE = os.environ.get("REGION_RULE", "failures")
DICT = os.environ.get("REGION_DICT")


def windows(framework: Framework, spec: str) -> Iterator[tuple[int, int, int, int]]:
    """(row, col, height, width): one window, or k x k windows every STEP rows and columns."""
    if "," in spec:
        row, col, height, width = (int(x) for x in spec.split(","))
        yield row, col, height, width
        return
    k = int(spec)
    for row in range(0, framework.height - k + 1, STEP):
        for col in range(0, framework.width - k + 1, STEP):
            yield row, col, k, k


def meeting(sites: list[Site], row: int, col: int, height: int, width: int) -> list[Site]:
    return [s for s in sites if any(row <= r < row + height and col <= c < col + width for r, c in s.cells())]


def fill_alone(framework: Framework, slots: list[Site], dictionary: Dictionary) -> tuple[str, int]:
    """The slots alone, no word twice: (status, clingo's conflicts)."""
    cands = prune(framework, slots, dictionary)
    if cands.empty:
        return "UNSAT (pruning)", 0
    options = ["--sign-def=pos", "-c", "no_repeat=1", "-c", "lazy=1", f"--solve-limit={CONFLICTS}"]
    solver = Solver([ENCODING], options=options)
    prop = native.NativePropagator(slots, cands.tables, cands.bits, True, 0, RULE)
    prop.register(solver.ctl)
    solver.add_facts([*site_facts(framework, slots), *option_facts(cands)])
    solver.ground()
    result = solver.solve(models=1, keep=0)
    return result.status.name, result.stats.conflicts


def main() -> None:
    if isinstance(native.load(), str):
        print(f"compiled propagator: not available ({native.load()})")
        return
    if DICT:
        dictionary = read_dictionary(Path(DICT))
    else:
        loaded = wamerican()
        if loaded is None:
            return
        dictionary = loaded[0]
    print(f"load at the start (1, 5, 15 min): {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    for grid in GRIDS:
        framework = framework_of(read(BENCH / "grids" / f"{grid}.grid"))
        sites = framework.sites()
        seen: set[frozenset[int]] = set()
        for spec in WINDOWS:
            for row, col, height, width in windows(framework, spec):
                slots = meeting(sites, row, col, height, width)
                key = frozenset(s.id for s in slots)
                if key in seen:
                    continue
                seen.add(key)
                c0 = time.process_time()
                status, conflicts = fill_alone(framework, slots, dictionary)
                cpu = time.process_time() - c0
                print(f"{grid} rows {row}-{row + height - 1}, columns {col}-{col + width - 1}: {len(slots)} of "
                      f"{len(sites)} slots, {status}, {conflicts:,} conflicts, {cpu:.1f} s CPU", flush=True)


if __name__ == "__main__":
    main()
