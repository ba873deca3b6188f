"""Fill quality of the built-in English dictionary (``--dictionary en``) on van Beek's grids.

Per grid and program: the words of the fill, their mean Zipf frequency (wordfreq's own
``zipf_frequency``, 0 for a word it does not know), how many are below Zipf 2.0, and the time of the
whole fill. Programs, side by side in one run, each capped at DICT_CAP seconds (default 10):

- ours as a user runs it: ``python -m pyclingo_puzzles crossword GRID`` with default settings
  (``en`` is the default for a .grid; its default jobs), the whole process timed (start-up and
  building ``en`` included), wall and CPU (the command and its workers), killed at DICT_CAP;
- ours on ``en`` in-process on the same list as the peers (staged floors and best-words-first
  letters, FILL_JOBS processes), from the read grid to the verified fill;
- Qxw and Gecode's crossword example on the same words as a plain list (they take no scores): the
  ``en`` words at the default floor (Zipf 2.0) that both peers read (lower-case ASCII; the few
  words with other letters are left out for all three programs, so the list is the same);
- for comparison, ours on wamerican (a flat list: no scores), from ../shared when present.

DICT_GRIDS globs (default "15.*"), DICT_PROGRAMS the columns (default
"command,ours,qxw,gecode,ours-wamerican").
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import wordfreq

from benchmarks.common import ROOT, SHARED, table, user_env
from benchmarks.gecode import gecode_fill, prepare
from benchmarks.qxw import find_qxw, qxw_fill
from pyclingo_puzzles.crossword.engine.strategy import solve_fill
from pyclingo_puzzles.crossword.options import FillOptions
from pyclingo_puzzles.crossword.reader import Dictionary, framework_of, read, read_dictionary
from pyclingo_puzzles.crossword.wordlists.english import english_dictionary, wordfreq_version

BENCH = SHARED / "crossword-bench"
CAP = float(os.environ.get("DICT_CAP", "10"))
GLOBS = os.environ.get("DICT_GRIDS", "15.*").split(",")
JOBS = int(os.environ.get("FILL_JOBS", "2"))
PROGRAMS = os.environ.get("DICT_PROGRAMS", "command,ours,qxw,gecode,ours-wamerican").split(",")
FLOOR_ZIPF = 2.0

Fill = tuple[str, float, list[str]]  # (verdict, seconds, words)
Run = Callable[[Path], Fill]
CPU: dict[tuple[str, str], float] = {}  # (program, grid) -> CPU seconds, where measured


def zipf(word: str) -> float:
    return wordfreq.zipf_frequency(word.lower(), "en")


def ours(dictionary: Dictionary) -> Run:
    def run(path: Path) -> Fill:
        framework = framework_of(read(path))
        t0 = time.perf_counter()
        outcome = solve_fill(framework, dictionary, FillOptions(time_limit=CAP, jobs=JOBS))
        elapsed = time.perf_counter() - t0
        if outcome.solutions:
            return "filled", elapsed, [p.word for p in outcome.solutions[0].placements]
        return ("no fill" if outcome.result is None or outcome.result.exhausted else "timed out"), elapsed, []

    return run


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def command(name: str) -> Run:
    """The whole process with default settings; its CPU time (with its workers) kept in CPU."""

    def run(path: Path) -> Fill:
        cmd = [sys.executable, "-m", "pyclingo_puzzles", "crossword", str(path), "--json"]
        c0, t0 = children_cpu(), time.perf_counter()
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=CAP, env=user_env(), cwd=ROOT)
        except subprocess.TimeoutExpired:
            return "timed out", time.perf_counter() - t0, []
        elapsed = time.perf_counter() - t0
        CPU[name, path.stem] = children_cpu() - c0
        if proc.returncode != 10:
            return f"exit {proc.returncode}", elapsed, []
        solutions = json.loads(proc.stdout)["solutions"]
        return "filled", elapsed, [p["word"] for p in solutions[0]["placements"]]

    return run


def summary(fill: Fill, cpu: float | None = None) -> list[str]:
    """words, mean Zipf, words below Zipf 2, seconds (wall, and CPU where measured: "2.1/1.4")"""
    verdict, seconds, words = fill
    shown = f"{seconds:.1f}" if cpu is None else f"{seconds:.1f}/{cpu:.1f}"
    if verdict != "filled":
        return [verdict if verdict != "timed out" else "timeout", "-", "-", shown]
    z = [zipf(w) for w in words]
    return [str(len(words)), f"{statistics.mean(z):.2f}", str(sum(v < FLOOR_ZIPF for v in z)), shown]


def main() -> None:
    grids = sorted({p for g in GLOBS for p in (BENCH / "grids").glob(f"{g}.grid")})
    if not grids:
        print(f"skipped: no grids under {BENCH / 'grids'} (third-party data, never committed)")
        return
    t0 = time.perf_counter()
    full = english_dictionary()
    built = time.perf_counter() - t0
    print(f"wordfreq {wordfreq_version()}: built-in list of {len(full.words):,} words in {built:.2f} s")
    en = Dictionary({w: s for w, s in full.words.items() if w.isascii()})
    print(f"same list for all: {len(en.words):,} words (left out: {len(full.words) - len(en.words)} non-ASCII)")
    with tempfile.TemporaryDirectory(prefix="dict-bench-") as tmp:
        plain = Path(tmp) / "en-zipf2.txt"
        plain.write_text("".join(f"{w.lower()}\n" for w in sorted(en.words)))
        runs = programs(en, plain)
        results = {name: {p.stem: run(p) for p in grids} for name, run in runs.items()}
    heads = ["grid"] + [f"{name}: {col}" for name in runs for col in ("words", "Zipf", "<2", "s")]
    rows = [
        [p.stem] + [c for name in runs for c in summary(results[name][p.stem], CPU.get((name, p.stem)))] for p in grids
    ]
    print(table(heads, rows))
    print(f"\nper program over the grids (cap {CAP:.0f} s each): filled, mean Zipf of all words, words < 2, total s")
    total_rows = []
    for name in runs:
        got = list(results[name].values())
        words = [w for v, _, ws in got if v == "filled" for w in ws]
        z = [zipf(w) for w in words]
        total_rows.append(
            [
                name,
                f"{sum(v == 'filled' for v, _, _ in got)}/{len(got)}",
                f"{statistics.mean(z):.2f}" if z else "-",
                str(sum(v < FLOOR_ZIPF for v in z)),
                f"{sum(s for _, s, _ in got):.1f}",
            ]
        )
    print(table(["program", "filled", "mean Zipf", "< 2", "total s"], total_rows))


def programs(en: Dictionary, plain: Path) -> dict[str, Run]:
    runs: dict[str, Run] = {}
    for name in PROGRAMS:
        if name == "command":
            runs["ours, command"] = command("ours, command")
        elif name == "ours":
            runs[f"ours en ({JOBS} jobs)"] = ours(en)
        elif name == "qxw":
            if find_qxw() is None:
                print("qxw: not installed (apt-get install qxw): no column")
                continue
            runs["Qxw en"] = lambda path: qxw_fill(path, plain, CAP)
        elif name == "gecode":
            peer = prepare()
            if peer.binary is None:
                print(f"gecode: no column: {peer.reason}")
                continue
            runs["Gecode en"] = lambda path, peer=peer: gecode_fill(peer, path, plain, CAP)
        elif name == "ours-wamerican":
            wamerican = BENCH / "dict" / "wamerican-lower-alpha.txt"
            if not wamerican.exists():
                print(f"ours-wamerican: no column: {wamerican} not present (third-party data)")
                continue
            runs["ours wamerican"] = ours(read_dictionary(wamerican))
        else:
            print(f"DICT_PROGRAMS: unknown program {name!r} ignored")
    return runs


if __name__ == "__main__":
    main()
