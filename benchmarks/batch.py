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
import resource
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
from pyclingo_puzzles.cli.command import main as cli_main

COMMAND = str(Path(sys.executable).parent / "pyclingo-puzzles")
WORDSEARCHES = int(os.environ.get("BATCH_WORDSEARCHES", "1000"))
P99_COPIES = 50
REPEAT = int(os.environ.get("BATCH_REPEAT", "2"))


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


def _cpu(who: int = resource.RUSAGE_CHILDREN) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def one_process_per_file(family: str, files: Sequence[Path]) -> tuple[float, float, str]:
    """A shell loop, one command per file, output discarded: wall and CPU seconds (the commands'
    CPU reaches us through bash, which waits for each)."""
    listing = files[0].parent / f"{family}.list"
    listing.write_text("".join(f"{f}\n" for f in files))
    script = f'while IFS= read -r f; do {shlex.quote(COMMAND)} {family} "$f" >/dev/null 2>&1; done < {listing}'
    cpu, t0 = _cpu(), time.perf_counter()
    subprocess.run(["bash", "-c", script], check=False)
    return time.perf_counter() - t0, _cpu() - cpu, "-"


def one_command(family: str, files: Sequence[Path], jobs: int) -> tuple[float, float, str]:
    """``pyclingo-puzzles FAMILY FILE... --jobs N``: wall and CPU seconds (workers included), exit."""
    cpu, t0 = _cpu(), time.perf_counter()
    res = subprocess.run([COMMAND, family, *map(str, files), "--jobs", str(jobs)],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - t0, _cpu() - cpu, str(res.returncode)


def in_process(family: str, files: Sequence[Path]) -> tuple[float, float, str]:
    """The same per-file run, looped in this process (no start-up, no pool)."""
    cpu, t0 = _cpu(resource.RUSAGE_SELF), time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        codes = [cli_main([family, str(f)]) for f in files]
    return time.perf_counter() - t0, _cpu(resource.RUSAGE_SELF) - cpu, str(max(codes))


def main() -> None:
    print(f"whole process as a user runs it; {os.cpu_count()} cores shared with other sessions: wall time is")
    print(f"noisy, CPU seconds less so; --jobs runs best of {REPEAT}, interleaved")
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
            runs: dict[int, list[tuple[float, float, str]]] = {1: [], 2: []}
            for _ in range(REPEAT):
                for jobs in runs:
                    runs[jobs].append(one_command(family, files, jobs))
            modes = [("one process per file (shell loop)", loop),
                     *((f"one command, --jobs {jobs}", min(r)) for jobs, r in runs.items()),
                     ("in-process loop (no start-up, no pool)", in_process(family, files))]
            for mode, (wall, cpu, code) in modes:
                rows.append([name, n, mode, f"{wall:.1f}", f"{n / wall:.1f}", f"{loop[0] / wall:.1f}x", f"{cpu:.1f}",
                             code])
            print(f"  {name}: done", flush=True)
    print(table(["case", "files", "how", "wall s", "files/s", "x loop", "CPU s", "exit"], rows))


if __name__ == "__main__":
    main()
