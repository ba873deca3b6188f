"""``make bench BENCH=studio``: the studio's engine (crossword/studio) as a constructor's page uses
it, in-process server time (no HTTP), on 15x15 grids: the shipped patterns (instances/crossword)
and van Beek's (../shared/crossword-bench/grids, when present), with ``en``, warm (the word tables
built once before the first figure, as a worker holds them).

Per grid: a "typical" half-built state, the pattern with every third entry of a fill written in
(the fill from the studio's autofill, seed 1; then forgotten, as the constructor types letters
of their own), then

- slots: ten keystrokes, each one more letter of that fill, each a new grid (median ms);
- verdict: the state, then the state after one more keystroke (seconds, outcome);
- suggest: ten words for the longest open slot ten words or more fit (after arc consistency),
  then for the first such across slot (seconds, and how many of the ten were decided).

Goals (issue 44, point 4): slots <= 50 ms median, suggest with ten checked <= 2 s median, verdict
<= 2 s median, on a quiet machine. The load average is printed: the coordinator takes the final
figures quiet. CPU seconds are printed beside the wall time (the steadier figure on a busy machine).

    python -m benchmarks.studio [GRID ...] [--slots N]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from pathlib import Path

from benchmarks.common import ROOT, SHARED, table
from pyclingo_puzzles.crossword.framework import EMPTY, Framework
from pyclingo_puzzles.crossword.reader import framework_of, read
from pyclingo_puzzles.crossword.studio import Studio, WordLists

SHIPPED = sorted((ROOT / "instances" / "crossword").glob("pattern-15x15-*.grid"))
# ../shared beside the clone (CI's), else the machine's /work/shared (a worktree has none beside it)
VAN_BEEK = next((p for p in (SHARED / "crossword-bench" / "grids", Path("/work/shared/crossword-bench/grids"))
                 if p.is_dir()), SHARED / "crossword-bench" / "grids")  # fmt: skip
GOALS = {"slots": 0.050, "suggest": 2.0, "verdict": 2.0}


def grids(names: list[str]) -> list[Path]:
    if names:
        return [Path(n) for n in names]
    found = list(SHIPPED)
    if VAN_BEEK.is_dir():
        found += sorted(VAN_BEEK.glob("15.*.grid"))
    return found


def rows_of(path: Path) -> list[str]:
    frame = framework_of(read(path))
    return [row.replace(" ", "#") for row in frame.rows]


def half_built(rows: list[str], fill: tuple[str, ...]) -> list[str]:
    """The pattern with every third entry (in reading order) of the fill written in."""
    frame = Framework.from_lines(rows)
    cells = [list(r) for r in rows]
    for k, site in enumerate(frame.sites()):
        if k % 3 == 0:
            for r, c in site.cells():
                cells[r][c] = fill[r][c]
    return ["".join(r) for r in cells]


def typed(rows: list[str], fill: tuple[str, ...], rng: random.Random) -> list[str]:
    """One keystroke: one more letter of the fill in an open cell."""
    open_cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == EMPTY]
    if not open_cells:
        return rows
    r, c = rng.choice(open_cells)
    return [row if i != r else row[:c] + fill[r][c] + row[c + 1 :] for i, row in enumerate(rows)]


def clocked(fn):
    t0, c0 = time.perf_counter(), time.process_time()
    out = fn()
    return time.perf_counter() - t0, time.process_time() - c0, out


def one_grid(studio: Studio, path: Path, keystrokes: int) -> dict[str, list[float]] | None:
    rows = rows_of(path)
    made = studio.autofill(rows, seed=1, time_limit=30)
    if made.fill is None:
        print(f"{path.name}: no fill within 30 s ({made.status}): skipped")
        return None
    fill = tuple(row.replace(" ", "#") for row in made.fill)
    studio.forget()  # the constructor types letters of their own: no fill of them is known yet
    state = half_built(rows, fill)
    rng = random.Random(1)
    out: dict[str, list[float]] = {k: [] for k in ("slots", "slots_cpu", "suggest", "suggest_cpu", "checked",
                                                   "verdict", "verdict_cpu")}  # fmt: skip
    now = state
    for _ in range(keystrokes):
        now = typed(now, fill, rng)
        wall, cpu, _ = clocked(lambda grid=now: studio.slots(grid))
        out["slots"].append(wall)
        out["slots_cpu"].append(cpu)
    board = Framework.from_lines(state)
    open_slots = [s for s in board.sites() if any(state[r][c] == EMPTY for r, c in s.cells())]
    survey = studio.slots(state)
    many = {(i.site.row, i.site.col, i.site.direction) for i in survey.slots if i.consistent >= 10}
    rich = [s for s in open_slots if (s.row, s.col, s.direction) in many] or open_slots
    longest = max(rich, key=lambda s: (s.length, -s.id))
    first_across = next((s for s in rich if s.direction == "across" and s != longest), longest)
    for grid in (state, typed(state, fill, rng)):
        wall, cpu, said = clocked(lambda g=grid: studio.verdict(g))
        out["verdict"].append(wall)
        out["verdict_cpu"].append(cpu)
        out.setdefault("verdicts", []).append(said.verdict)  # type: ignore[arg-type]
    for slot in (longest, first_across):
        wall, cpu, got = clocked(lambda s=slot: studio.suggest(state, (s.row, s.col, s.direction), limit=10))
        out["suggest"].append(wall)
        out["suggest_cpu"].append(cpu)
        out["checked"].append(got.checked)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("grids", nargs="*")
    parser.add_argument("--slots", type=int, default=10, help="keystrokes timed per grid (slots)")
    args = parser.parse_args(argv if argv is not None else [])
    t0 = time.perf_counter()
    studio = Studio(WordLists())
    print(f"warm studio (en, every table): {time.perf_counter() - t0:.2f} s; load {os.getloadavg()[0]:.2f}")
    rows, every = [], {k: [] for k in ("slots", "suggest", "verdict", "slots_cpu", "suggest_cpu", "verdict_cpu")}
    for path in grids(args.grids):
        got = one_grid(studio, path, args.slots)
        if got is None:
            continue
        for k in every:
            every[k] += got[k]
        rows.append([path.name, f"{1000 * statistics.median(got['slots']):.1f}",
                     " ".join(f"{s:.2f}" for s in got["suggest"]), " ".join(str(int(n)) for n in got["checked"]),
                     " ".join(f"{s:.2f}" for s in got["verdict"]), " ".join(got["verdicts"])])  # type: ignore[arg-type]
    print(table(["grid", "slots ms", "suggest s", "of 10 checked", "verdict s", "verdicts"], rows))
    print(f"load {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores")
    for k in ("slots", "suggest", "verdict"):
        if every[k]:
            med, cpu = statistics.median(every[k]), statistics.median(every[f"{k}_cpu"])
            print(f"{k}: median {med * (1000 if k == 'slots' else 1):.3g}{' ms' if k == 'slots' else ' s'} wall, "
                  f"{cpu * (1000 if k == 'slots' else 1):.3g}{' ms' if k == 'slots' else ' s'} CPU; "
                  f"goal {GOALS[k] * (1000 if k == 'slots' else 1):g}{' ms' if k == 'slots' else ' s'}")  # fmt: skip


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
