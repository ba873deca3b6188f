"""Start-up: the whole command against ``python -c "import clingo"``, timed in the same run.

Issue 15's target: ``pyclingo-puzzles crossword p7_09a.dat`` ≤ 1.6× ``import clingo``. The command
imports only the chosen family (``cli.parsing.COMMANDS``, lazy package attributes in ``lazy.py``)."""

from __future__ import annotations

import sys
from pathlib import Path

from .common import ROOT, SHARED, process_times, table

BIN = Path(sys.executable).parent


def main() -> None:
    p99 = SHARED / "p99" / "p7_09a.dat"
    crossword_file = p99 if p99.is_file() else ROOT / "instances" / "crossword" / "lattice.dat"
    command = str(BIN / "pyclingo-puzzles")
    cases = [
        ("python -c pass", [sys.executable, "-c", "pass"]),
        ('python -c "import clingo"', [sys.executable, "-c", "import clingo"]),
        ("pyclingo-puzzles --help", [command, "--help"]),
        (f"crossword {crossword_file.name}", [command, "crossword", str(crossword_file)]),
        ("strips small.yaml", [command, "strips", str(ROOT / "instances/strips/small.yaml")]),
        ("wordsearch hola-8x8.yaml", [command, "wordsearch", str(ROOT / "instances/wordsearch/hola-8x8.yaml")]),
        ("layout pets-5.yaml", [command, "layout", str(ROOT / "instances/layout/pets-5.yaml")]),
    ]
    rows = []
    base_wall = base_cpu = None
    for name, cmd in cases:
        wall, cpu, code = process_times(cmd, repeat=15, cwd=ROOT)
        if name.startswith('python -c "import clingo"'):
            base_wall, base_cpu = wall, cpu
        rows.append([name, code, f"{wall * 1000:.0f}", f"{cpu * 1000:.0f}", wall, cpu])
    for row in rows:
        cpu, wall = row.pop(), row.pop()
        row += [f"{wall / base_wall:.2f}x" if base_wall else "-", f"{cpu / base_cpu:.2f}x" if base_cpu else "-"]
    print("whole process, best of 15 after a warm-up (bytecode cached, as after pip install)")
    print(table(["command", "exit", "wall ms", "cpu ms", "wall / import clingo", "cpu / import clingo"], rows))
    print("target: crossword p7_09a.dat ≤ 1.6x import clingo; check what a command imports with")
    print("  python -X importtime -m pyclingo_puzzles crossword FILE 2>&1 >/dev/null | sort -t'|' -k2 -n | tail")


if __name__ == "__main__":
    main()
