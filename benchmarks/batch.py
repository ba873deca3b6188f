"""Many instances, one command: files/s of ``pyclingo-puzzles FAMILY FILE...`` with ``--jobs 1`` and
``--jobs 2`` against one process per file (a shell loop, as a user would script it), and against a
loop over the same per-file run in one Python process (no start-up, no pool), side by side.

Cases (issue 15): 1,000 generated word searches (15x15, 15 words each, written to a temp dir;
``BATCH_WORDSEARCHES=N`` changes the number) and the 4 P-99 files of ../shared/p99 x 50 copies
(skipped with the reason when that data is absent).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from benchmarks.common import SHARED, table
from benchmarks.wordsearch import DICT
from pyclingo_puzzles.cli import main as cli_main

COMMAND = str(Path(sys.executable).parent / "pyclingo-puzzles")
WORDSEARCHES = int(os.environ.get("BATCH_WORDSEARCHES", "1000"))
P99_COPIES = 50


def word_lists(count: int, size: int, low: int, high: int, seed: int = 1) -> list[list[str]]:
    """``count`` lists of ``size`` words of ``low``..``high`` letters, none inside another (or its
    reverse), from the system dictionary when present, else seeded pseudo-words."""
    rng = random.Random(seed)
    if DICT.exists():
        pool = sorted({w.strip().upper() for w in DICT.read_text().split() if low <= len(w.strip()) <= high})
    else:
        pool = sorted({"".join(rng.choice("ABCDEFGHIKLMNOPRSTU") for _ in range(rng.randint(low, high)))
                       for _ in range(20_000)})
    lists = []
    for _ in range(count):
        chosen: list[str] = []
        while len(chosen) < size:
            w = rng.choice(pool)
            if all(w not in v and w[::-1] not in v and v not in w and v[::-1] not in w for v in chosen):
                chosen.append(w)
        lists.append(chosen)
    return lists


def wordsearch_files(folder: Path, count: int) -> list[Path]:
    paths = []
    for i, words in enumerate(word_lists(count, 15, 4, 8)):
        path = folder / f"ws{i:04d}.yaml"
        path.write_text(f"width: 15\nheight: 15\nlevel: medium\nseed: {i}\nwords: {json.dumps(words)}\n")
        paths.append(path)
    return paths


def p99_files(folder: Path) -> list[Path] | str:
    sources = sorted((SHARED / "p99").glob("p7_09*.dat"))
    if len(sources) < 4:
        return f"skipped: needs the 4 P-99 files in {SHARED / 'p99'} (third-party data, never committed)"
    paths = []
    for copy in range(P99_COPIES):
        for src in sources:
            path = folder / f"{src.stem}-{copy:02d}.dat"
            shutil.copyfile(src, path)
            paths.append(path)
    return paths


def one_process_per_file(family: str, files: Sequence[Path]) -> float:
    """A shell loop, one command per file, output discarded."""
    listing = files[0].parent / f"{family}.list"
    listing.write_text("".join(f"{f}\n" for f in files))
    script = f'while IFS= read -r f; do {shlex.quote(COMMAND)} {family} "$f" >/dev/null 2>&1; done < {listing}'
    t0 = time.perf_counter()
    subprocess.run(["bash", "-c", script], check=False)
    return time.perf_counter() - t0


def one_command(family: str, files: Sequence[Path], jobs: int) -> tuple[float, int]:
    t0 = time.perf_counter()
    res = subprocess.run([COMMAND, family, *map(str, files), "--jobs", str(jobs)],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
    elapsed = time.perf_counter() - t0
    return elapsed, res.returncode


def in_process(family: str, files: Sequence[Path]) -> float:
    """The same per-file run, looped in this process (no start-up, no pool)."""
    t0 = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        for f in files:
            cli_main([family, str(f)])
    return time.perf_counter() - t0


def main() -> None:
    print(f"files/s, whole process as a user runs it; {os.cpu_count()} cores shared with other sessions (noisy)")
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-batch-") as tmp:
        folder = Path(tmp)
        cases: list[tuple[str, str, list[Path] | str]] = [
            (f"{WORDSEARCHES} word searches 15x15, 15 words", "wordsearch", wordsearch_files(folder, WORDSEARCHES)),
            (f"P-99 a-d x {P99_COPIES}", "crossword", p99_files(folder)),
        ]
        for name, family, files in cases:
            if isinstance(files, str):
                print(f"{name}: {files}")
                continue
            n = len(files)
            loop = one_process_per_file(family, files)
            j1, code1 = one_command(family, files, 1)
            j2, code2 = one_command(family, files, 2)
            inproc = in_process(family, files)
            rows.append([name, n, f"{n / loop:.1f}", f"{n / j1:.1f} ({loop / j1:.1f}x)",
                         f"{n / j2:.1f} ({loop / j2:.1f}x)", f"{n / inproc:.1f}", f"{code1}/{code2}"])
            print(f"  {name}: loop {loop:.1f} s, --jobs 1 {j1:.1f} s, --jobs 2 {j2:.1f} s, in-process {inproc:.1f} s",
                  flush=True)
    print(table(["case", "files", "one process per file", "--jobs 1 (x loop)", "--jobs 2 (x loop)",
                 "in-process loop", "exit j1/j2"], rows))


if __name__ == "__main__":
    main()
