"""Fill-ins: a 13x13 lattice of 34 words (``instances/fillin/lattice-13x13.grid``: every other cell
checked, as a fill-in's grid is, not an American one's) filled from ``en`` by seed, then the fewest
starters for one answer; whole process per seed, as a user runs it.

``python -m benchmarks.fillin [SEEDS]`` (default 10): per seed the wall and CPU seconds of
``pyclingo-puzzles fillin instances/fillin/lattice-13x13.grid --seed S --json``, whether it
succeeded (exit 0, ``"unique": true``, ``"starters_minimal": "smallest"``), the starters, the grade,
the searches made; then the same with ``--difficulty easy``. A generated American 13x13
(``--size 13x13``, 58 words, every cell checked) is shown beside it: such a grid needs no starter
at all. Prints the medians, the share that succeeded and the machine's load.
"""

from __future__ import annotations

import os
import statistics
import sys

from benchmarks.common import json_run, table

SEEDS = 10
TIME_LIMIT = 60  # s a seed may take (the target: a median of 10 s or less)
GRID = "instances/fillin/lattice-13x13.grid"


def one(seed: int, source: list[str]) -> dict:
    doc, code, wall, cpu = json_run(["fillin", *source, "--seed", str(seed), "--json",
                                     "--time-limit", str(TIME_LIMIT), "--exit-codes", "unix"])  # fmt: skip
    ok = code == 0 and doc.get("unique") is True and doc.get("starters_minimal") == "smallest"
    grade = doc.get("difficulty", {})
    return {"seed": seed, "wall": wall, "cpu": cpu, "ok": ok, "code": code,
            "words": len(doc.get("words", [])), "starters": len(doc.get("starters", [])),
            "grade": grade.get("grade"), "checks": doc.get("checks")}  # fmt: skip


def report(name: str, runs: list[dict]) -> None:
    rows = [(r["seed"], f"{r['wall']:.1f}", f"{r['cpu']:.1f}", "yes" if r["ok"] else f"no (exit {r['code']})",
             r["words"], r["starters"], r["grade"], r["checks"]) for r in runs]  # fmt: skip
    print(f"\n{name}")
    print(table(["seed", "wall s", "CPU s", "unique, smallest", "words", "starters", "grade", "searches"], rows))
    ok = [r for r in runs if r["ok"]]
    wall, cpu = statistics.median(r["wall"] for r in runs), statistics.median(r["cpu"] for r in runs)
    print(f"succeeded: {len(ok)} of {len(runs)}; median wall {wall:.1f} s, CPU {cpu:.1f} s")


def main(argv: list[str] | None = None) -> None:
    seeds = int((argv or sys.argv[1:] or [SEEDS])[0])
    load = os.getloadavg()[0]
    report(f"{GRID} from en", [one(s, [GRID]) for s in range(1, seeds + 1)])
    report(f"{GRID} from en, --difficulty easy", [one(s, [GRID, "--difficulty", "easy"]) for s in range(1, seeds + 1)])
    report("--size 13x13 (American, generated)", [one(s, ["--size", "13x13"]) for s in range(1, min(seeds, 3) + 1)])
    print(f"\nload {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
