"""Codewords: a 15x15 from ``en`` (a generated pattern, filled with every letter A-Z where the fill
finds it), at most 3 givens, proved unique; whole process per seed, as a user runs it.

``python -m benchmarks.codeword [SEEDS]`` (default 10): per seed the wall and CPU seconds of
``pyclingo-puzzles codeword --size 15x15 --seed S --json``, whether it succeeded (exit 0 and
``"unique": true`` with at most 3 givens), the givens needed and whether all 26 letters are in.
Prints the medians, the share of seeds that succeeded and the machine's load.
"""

from __future__ import annotations

import os
import statistics
import sys

from benchmarks.common import json_run, table

SEEDS = 10
TIME_LIMIT = 120  # s a seed may take (the target: a median of 30 s or less)


def one(seed: int) -> dict:
    doc, code, wall, cpu = json_run(["codeword", "--size", "15x15", "--seed", str(seed), "--json", "--max-givens",
                                     "3", "--time-limit", str(TIME_LIMIT), "--exit-codes", "unix"])  # fmt: skip
    ok = code == 0 and doc.get("unique") is True and len(doc.get("given", {})) <= 3
    return {"seed": seed, "wall": wall, "cpu": cpu, "ok": ok, "needed": doc.get("givens_needed"),
            "letters": doc.get("letters"), "code": code}  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    seeds = int((argv or sys.argv[1:] or [SEEDS])[0])
    load = os.getloadavg()[0]
    runs = [one(s) for s in range(1, seeds + 1)]
    rows = [(r["seed"], f"{r['wall']:.1f}", f"{r['cpu']:.1f}", "yes" if r["ok"] else f"no (exit {r['code']})",
             r["needed"], r["letters"]) for r in runs]  # fmt: skip
    print(table(["seed", "wall s", "CPU s", "unique, <= 3 givens", "givens needed", "letters"], rows))
    ok = [r for r in runs if r["ok"]]
    wall, cpu = statistics.median(r["wall"] for r in runs), statistics.median(r["cpu"] for r in runs)
    every = sum(r["letters"] == 26 for r in runs)
    print(f"\nsucceeded: {len(ok)} of {len(runs)}; median wall {wall:.1f} s, CPU {cpu:.1f} s; every letter in "
          f"{every} of {len(runs)}; load {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")  # fmt: skip


if __name__ == "__main__":
    main()
