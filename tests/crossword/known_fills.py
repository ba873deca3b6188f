"""Known fills of the shipped grids: each ``instances/crossword/NAME.grid`` (the shipped patterns and
the docs' classic 15x15) has ``fills/NAME.txt``, the grid the command filled it with (``crossword
NAME.grid --seed 5 --jobs 1``, from ``en``), checked in ``make test`` by the verifier and the quality
check instead of solved again (tests/crossword/test_known_fills.py; one live solve stays there).

Written again, by the full solves, with ``python -m tests.crossword.known_fills`` (after a change to
the fill's search, the dictionary or a pattern; a new shipped pattern needs its fill here).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent / "fills"
INSTANCES = HERE.parents[2] / "instances" / "crossword"
ARGS = ("--seed", "5", "--jobs", "1")  # the command's fill: one process, a seed


def grids() -> list[Path]:
    """The shipped grids whose fills are kept here."""
    return [*sorted(INSTANCES.glob("pattern-*.grid")), INSTANCES / "classic-15x15.grid"]


def known_fill(grid: Path) -> list[str] | None:
    """The kept fill's rows as the command prints them (a block is a space; the file has ``*``, so
    that no row ends in spaces an editor would strip)."""
    path = HERE / f"{grid.stem}.txt"
    return path.read_text(encoding="utf-8").replace("*", " ").splitlines() if path.exists() else None


def fill(grid: Path) -> list[str]:
    """The command's fill of ``grid`` (a full solve)."""
    res = subprocess.run([sys.executable, "-m", "pyclingo_puzzles", "crossword", str(grid), "--json", *ARGS],
                         capture_output=True, text=True, check=True)  # fmt: skip
    return list(json.loads(res.stdout)["solutions"][0]["grid"])


def main() -> int:
    for grid in grids():
        rows = fill(grid)
        (HERE / f"{grid.stem}.txt").write_text("".join(f"{row.replace(' ', '*')}\n" for row in rows), encoding="utf-8")
        print(f"{grid.name}: {len(rows)} rows")
    return 0


if __name__ == "__main__":
    sys.exit(main())
