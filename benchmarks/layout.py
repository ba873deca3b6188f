"""Crossword layout from a word list: pyclingo-puzzles vs genxword 2.2 and pycrossword-generator 0.3.

The project's own lists (instances/layout: 10, 10, 10, 20, 25, 30, 40, 50 words), 3 seeds each, peers
in the same run. Every layout, ours and the peers', is re-checked by ``layout.verify`` (rescan of every run,
connectivity); crossings and the bounding box are counted from the placements. Ours runs as a user
runs it (one command per run: start-up, reading, search, checking, JSON output; lists longer than
7 words fork one search worker for the second core) with the default 10 s time limit.

Peers: genxword is installed without its GUI dependencies (``pip install --no-deps genxword``) and
its ``gi``/``cairo`` imports are stubbed; it runs in-process at its default grid size and, as its
auto mode does, grows the grid by 2 up to 5 times while fewer than 90% of the words are placed.
pycrossword-generator needs Python >= 3.12: it runs in a venv made under the scratch directory
(``LAYOUT_BENCH_DIR``, default /tmp/pyclingo-layout-bench) with a Python 3.12 interpreter found on
the PATH or through pyenv, unbounded (no size given), its column left empty when that fails.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import time
import types
from collections.abc import Sequence
from pathlib import Path

from benchmarks.common import ROOT, table
from pyclingo_puzzles.core.grid import Placement
from pyclingo_puzzles.layout.grid import Layout
from pyclingo_puzzles.layout.reader import read_instance
from pyclingo_puzzles.layout.verify import check

LISTS = [
    "kitchen-10", "weather-10", "music-10", "garden-20", "school-25", "travel-30", "ocean-40", "mixed-50",
]  # fmt: skip
SEEDS = (1, 2, 3)
TIME_LIMIT = 10.0
SCRATCH = Path(os.environ.get("LAYOUT_BENCH_DIR", "/tmp/pyclingo-layout-bench"))

Row = dict[str, object]


def measure(words: Sequence[str], placements: list[Placement]) -> Row:
    placed = {p.word for p in placements}
    layout = Layout.of(placements) if placements else None
    valid = bool(placements) and not check([p.word for p in placements], placements)
    return {
        "placed": len(placed & set(words)),
        "valid": valid,
        "crossings": layout.crossings if layout else 0,
        "area": layout.area if layout else 0,
    }


def ours(path: Path, seed: int) -> Row:
    cmd = [sys.executable, "-m", "pyclingo_puzzles", "layout", str(path), "--json", "--seed", str(seed)]
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    elapsed = time.perf_counter() - t0
    words = read_instance(path).words
    try:
        out = json.loads(proc.stdout)
    except json.JSONDecodeError:
        return {"placed": 0, "valid": False, "crossings": 0, "area": 0, "time": elapsed, "note": proc.stderr[-80:]}
    ps = [Placement(p["word"], p["row"], p["col"], p["dir"]) for p in out.get("placements", [])]
    row = measure(words, ps)
    row.update(time=elapsed, note="optimal" if proc.returncode == 30 else f"exit {proc.returncode}")
    return row


def _genxword_module() -> types.ModuleType | None:
    for name in ("gi", "gi.repository", "cairo"):
        sys.modules.setdefault(name, types.ModuleType(name))
    sys.modules["gi"].require_version = lambda *a: None  # type: ignore[attr-defined]
    for attr in ("Pango", "PangoCairo", "Gtk"):
        setattr(sys.modules["gi.repository"], attr, None)
    try:
        from genxword import calculate, complexstring  # type: ignore[import-not-found]
    except ImportError:
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "genxword==2.2.*"], capture_output=True
        )
        try:
            from genxword import calculate, complexstring  # type: ignore[import-not-found]
        except ImportError:
            return None
    calculate.ComplexString = complexstring.ComplexString  # type: ignore[attr-defined]
    return calculate


def genxword(words: Sequence[str], seed: int) -> Row | None:
    calc = _genxword_module()
    if calc is None:
        return None
    random.seed(seed)
    size = 17 if len(words) <= 20 else int(round((len(words) - 20) / 8.0) * 2 + 19)
    size = max(size, max(len(w) for w in words) + 2)
    t0 = time.perf_counter()
    for _ in range(6):
        wordlist = [[calc.ComplexString(w), ""] for w in sorted(words, key=len, reverse=True)]
        xw = calc.Crossword(size, size, "-", wordlist)
        xw.compute_crossword()
        if len(xw.best_wordlist) >= 0.9 * len(words):
            break
        size += 2
    elapsed = time.perf_counter() - t0
    ps = [Placement(str(e[0]), e[2], e[3], "down" if e[4] else "across") for e in xw.best_wordlist]
    row = measure(words, ps)
    row.update(time=elapsed, note=f"{size}x{size}")
    return row


PYCROSSWORD_SCRIPT = """
import json, sys, time
from pycrossword import generate_crossword
words, seed = json.loads(sys.argv[1]), int(sys.argv[2])
t0 = time.perf_counter()
dims, placed = generate_crossword(words, seed=seed)
print(json.dumps({"time": time.perf_counter() - t0, "placed": placed}))
"""


def _python312() -> str | None:
    for candidate in (shutil.which("python3.12"), *sorted(Path.home().glob(".pyenv/versions/3.12*/bin/python3.12"))):
        if candidate and subprocess.run([str(candidate), "-c", "pass"], capture_output=True).returncode == 0:
            return str(candidate)
    return None


def _pycrossword_python() -> tuple[str | None, str]:
    venv = SCRATCH / "py312"
    py = venv / "bin" / "python"
    if not py.exists():
        base = _python312()
        if base is None:
            return None, "no Python 3.12 interpreter"
        SCRATCH.mkdir(parents=True, exist_ok=True)
        subprocess.run([base, "-m", "venv", str(venv)], check=False, capture_output=True)
    if subprocess.run([str(py), "-c", "import pycrossword"], capture_output=True).returncode != 0:
        subprocess.run([str(py), "-m", "pip", "install", "-q", "pycrossword-generator==0.3.*"], capture_output=True)
    if subprocess.run([str(py), "-c", "import pycrossword"], capture_output=True).returncode != 0:
        return None, "pycrossword-generator did not install"
    return str(py), ""


def pycrossword(py: str, words: Sequence[str], seed: int) -> Row:
    t0 = time.perf_counter()
    proc = subprocess.run(
        [py, "-c", PYCROSSWORD_SCRIPT, json.dumps(list(words)), str(seed)], capture_output=True, text=True
    )
    elapsed = time.perf_counter() - t0
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    # entries are [word, row, col, across?]
    ps = [Placement(e[0], e[1], e[2], "across" if e[3] else "down") for e in out["placed"]]
    row = measure(words, ps)
    row.update(time=elapsed, note="unbounded")
    return row


def goal_met(row: Row, n: int, best_x: int | None, min_a: int | None) -> bool:
    """Both at once: crossings at least 1.2x the best peer's (1x on lists of 10 words or fewer)
    and a bounding box no larger than the smallest peer's."""
    if best_x is None or min_a is None or not row["valid"] or row["placed"] != n:
        return False
    factor = 1.0 if n <= 10 else 1.2
    return int(row["crossings"]) >= factor * best_x and int(row["area"]) <= min_a


def main() -> None:
    py, why = _pycrossword_python()
    print(f"machine: 2 cores shared with other sessions; times are noisy; load at the start: {os.getloadavg()[0]:.1f}")
    if py is None:
        print(f"pycrossword-generator column empty: {why}")
    if _genxword_module() is None:
        print("genxword column empty: not installed (pip install --no-deps genxword)")
    summary = []
    for name in LISTS:
        path = ROOT / "instances" / "layout" / f"{name}.yaml"
        if not path.exists():
            continue
        words = read_instance(path).words
        rows = []
        results: dict[str, list[Row]] = {"ours": [], "genxword": [], "pycrossword": []}
        for seed in SEEDS:
            results["ours"].append(ours(path, seed))
            g = genxword(words, seed)
            if g is not None:
                results["genxword"].append(g)
            if py is not None:
                results["pycrossword"].append(pycrossword(py, words, seed))
        for tool, rs in results.items():
            for seed, r in zip(SEEDS, rs, strict=False):
                rows.append(
                    [
                        tool,
                        seed,
                        f"{r['placed']}/{len(words)}",
                        "yes" if r["valid"] else "NO",
                        r["crossings"],
                        r["area"],
                        f"{r['time']:.2f}",
                        r.get("note", ""),
                    ]
                )
        print(f"\n{name} ({len(words)} words)")
        print(table(["tool", "seed", "placed", "valid", "crossings", "area", "seconds", "note"], rows))
        complete = [
            r for t in ("genxword", "pycrossword") for r in results[t] if r["valid"] and r["placed"] == len(words)
        ]
        best_x = max((int(r["crossings"]) for r in complete), default=None)
        min_a = min((int(r["area"]) for r in complete), default=None)
        mine = results["ours"]
        all_ok = all(r["valid"] and r["placed"] == len(words) for r in mine)
        xs = [int(r["crossings"]) for r in mine]
        areas = [int(r["area"]) for r in mine]
        summary.append(
            [
                name,
                "yes" if all_ok else "NO",
                f"{min(xs)}-{max(xs)}",
                best_x if best_x is not None else "-",
                f"{min(xs) / best_x:.2f}-{max(xs) / best_x:.2f}" if best_x else "-",
                f"{min(areas)}-{max(areas)}",
                min_a if min_a is not None else "-",
                f"{sum(goal_met(r, len(words), best_x, min_a) for r in mine)}/{len(mine)}",
                f"{max(float(r['time']) for r in mine):.1f}",
            ]
        )
    print(f"\nload at the end: {os.getloadavg()[0]:.1f}")
    print("\nsummary (ours: the range over the seeds; peers: the best run that placed every word; goal: seeds")
    print("on which ours has at least 1.2x the best peer's crossings (10 words: 1x) and at most the smallest area)")
    print(
        table(
            ["list", "all placed+valid", "crossings", "best peer", "ratio", "area", "min peer area", "goal", "max s"],
            summary,
        )
    )


if __name__ == "__main__":
    main()
