"""Books: wall time and peak memory of `pyclingo-puzzles book`, run as a user runs it.

Three manifests: the one in docs/books.md (200 word searches, 2 fills, 3 layouts; the fills use
../shared's 05.01 and 15.01 grids when present, else the shipped mini-7x7 twice), 200 word searches
alone, and 2,000 word searches alone. Peak memory is the largest resident set of the command and
its worker processes together (sampled every 0.1 s with psutil). The last column runs the first
manifest on a Dask LocalCluster. No peer makes mixed-family books, so there is no ratio.

    python -m benchmarks.books
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "crossword-bench" / "grids"
BOOKS = ROOT / "instances" / "books"  # the shipped word pool and clues


def manifest(folder: Path, sections: str) -> Path:
    for name in ("animals.txt", "clues.txt"):
        shutil.copy(BOOKS / name, folder / name)
    for name, grid in (("a.grid", "05.01.grid"), ("b.grid", "15.01.grid")):
        source = SHARED / grid if (SHARED / grid).is_file() else ROOT / "instances" / "crossword" / "mini-7x7.grid"
        shutil.copy(source, folder / name)
    path = folder / "book.yaml"
    path.write_text(f"title: Animals and Friends\ntrim: 6x9in\nseed: 7\nsections:\n{sections}")
    return path


def measure(command: list[str]) -> tuple[float, float, int]:
    """Seconds, peak resident MiB (the command and its children) and the exit code."""
    started = time.monotonic()
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak = 0
    watched = psutil.Process(proc.pid)
    while proc.poll() is None:
        try:
            tree = [watched, *watched.children(recursive=True)]
            peak = max(peak, sum(p.memory_info().rss for p in tree if p.is_running()))
        except psutil.Error:
            pass
        time.sleep(0.1)
    return time.monotonic() - started, peak / 2**20, proc.returncode


def main() -> None:
    exe = str(Path(sys.executable).with_name("pyclingo-puzzles"))
    mixed = ("  - wordsearch: {words: animals.txt, count: 200, pick: 12, size: 12x12}\n"
             "  - crossword: {grids: [a.grid, b.grid], dictionary: en}\n"
             "  - layout: {words: clues.txt, count: 3, pick: 12}\n")
    cases = [
        ("docs/books.md manifest", mixed, []),
        ("200 word searches", "  - wordsearch: {words: animals.txt, count: 200, pick: 12, size: 12x12}\n", []),
        ("2,000 word searches", "  - wordsearch: {words: animals.txt, count: 2000, pick: 12, size: 12x12}\n", []),
        ("docs/books.md manifest, --cluster local", mixed, ["--cluster", "local"]),
    ]
    load = os.getloadavg()[0]
    print(f"book: wall time and peak memory, {os.cpu_count()} cores, load {load:.1f} at the start")
    print(f"{'manifest':42} {'seconds':>8} {'peak MiB':>9} {'pages':>6}  exit")
    for name, sections, extra in cases:
        with tempfile.TemporaryDirectory() as tmp:
            path = manifest(Path(tmp), sections)
            out = Path(tmp) / "book.pdf"
            seconds, peak, code = measure([exe, "book", str(path), "-o", str(out), "--exit-codes", "unix", *extra])
            pages = _pages(out)
            print(f"{name:42} {seconds:8.1f} {peak:9.0f} {pages:>6}  {code}", flush=True)


def _pages(path: Path) -> str:
    if not path.is_file():
        return "-"
    import pypdf

    return str(len(pypdf.PdfReader(path).pages))


if __name__ == "__main__":
    main()
