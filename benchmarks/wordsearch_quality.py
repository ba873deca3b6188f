"""Word search books and balance: ours vs word-search-generator, same 20-word 15x15 medium lists, one run.

For each list: a book of 10 (ours: ``--models 10``, one grounding, each puzzle distinct from the
earlier ones; word-search-generator: 10 runs with random states 0..9, as it has no books) and ten
single puzzles (ours: seeds 1..10). Per set of 10 puzzles: the largest and the mean share of
placements (same word, start, direction) two puzzles have in common; the busiest direction's share
of the words (even is 25 % at medium) and the busiest quadrant's share of the placed letters, worst
and mean over the puzzles. Times: our book of 10 against our ten single puzzles, in-process and as
whole processes (``pyclingo-puzzles wordsearch FILE --models 10`` vs ten runs with ``--seed``).
Run alone: ``python -m benchmarks.wordsearch_quality``.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations
from pathlib import Path
from statistics import mean

from benchmarks.common import ROOT, table
from pyclingo_puzzles.wordsearch import quality
from pyclingo_puzzles.wordsearch.generate import generate
from pyclingo_puzzles.wordsearch.reader import LEVELS, WordSearchInstance, read_instance
from pyclingo_puzzles.wordsearch.verify import Placement

MEDIUM = LEVELS["medium"]
BOOK = 10


def lists() -> list[tuple[str, WordSearchInstance]]:
    from benchmarks.wordsearch import instance, word_list

    out = [("garden-15x15 (shipped)", read_instance(ROOT / "instances" / "wordsearch" / "garden-15x15.yaml"))]
    for seed in (15020, 15021):
        words = word_list(20, 4, 8, seed=seed)
        out.append((f"20 words of 4-8, list {seed}", replace(instance(words, 15, "medium"), seed=1)))
    return out


def figures(book: Sequence[Sequence[Placement]], width: int, height: int) -> list[str]:
    pairs = [quality.shared(a, b) for a, b in combinations(book, 2)]
    dirs = [max(quality.direction_counts(p, MEDIUM).values()) / len(p) for p in book]
    quads = [max(quality.quadrant_shares(width, height, p)) for p in book]
    return [
        f"{float(max(pairs)):.0%} / {float(mean(pairs)):.0%}",
        f"{max(dirs):.0%} / {mean(dirs):.0%}",
        f"{float(max(quads)):.0%} / {float(mean(quads)):.0%}",
    ]


def peer_book(inst: WordSearchInstance) -> tuple[float, list[list[Placement]]] | None:
    try:
        from word_search_generator import WordSearch
    except ImportError:
        return None
    book = []
    t0 = time.perf_counter()
    for state in range(BOOK):
        random.seed(state)  # word-search-generator draws from the random module
        ws = WordSearch(",".join(inst.words), level=2, size=inst.width)
        placed = []
        for w in ws.placed_words:
            dy, dx = w.direction.value  # (rows, columns) per letter
            placed.append(Placement(w.text.upper(), w.start_row, w.start_column, dx, dy))
        book.append(placed)
    return time.perf_counter() - t0, book


def processes(inst: WordSearchInstance) -> tuple[float, float]:
    """Whole-process seconds: one run with ``--models 10``, and ten runs with seeds 1..10."""
    words = ", ".join(inst.words)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "list.yaml"
        path.write_text(f"width: {inst.width}\nheight: {inst.height}\nlevel: medium\nseed: 1\nwords: [{words}]\n")
        cmd = [str(Path(sys.executable).parent / "pyclingo-puzzles"), "wordsearch", str(path)]  # as a user runs it
        t0 = time.perf_counter()
        codes = [subprocess.run([*cmd, "--models", str(BOOK)], capture_output=True).returncode]
        t1 = time.perf_counter()
        for seed in range(1, BOOK + 1):
            codes.append(subprocess.run([*cmd, "--seed", str(seed)], capture_output=True).returncode)
        assert set(codes) == {10}, codes  # 10: found
        return t1 - t0, time.perf_counter() - t1


def main() -> None:
    print(f"load before: {os.getloadavg()[0]:.2f} (1 min average)")
    rows, times = [], []
    for name, inst in lists():
        t0 = time.perf_counter()
        book = generate(inst, models=BOOK)
        t_book = time.perf_counter() - t0
        t0 = time.perf_counter()
        singles = [generate(replace(inst, seed=seed)) for seed in range(1, BOOK + 1)]
        t_singles = time.perf_counter() - t0
        ours = [p.placements for p in book.puzzles]
        rows.append([name, "ours: a book of 10", len(ours), *figures(ours, inst.width, inst.height)])
        seeds = [o.puzzles[0].placements for o in singles]
        rows.append(["", "ours: seeds 1..10", len(seeds), *figures(seeds, inst.width, inst.height)])
        ours_off = [p.placements for p in generate(inst, models=BOOK, max_shared=100, balance=False).puzzles]
        rows.append(["", "ours: --max-shared 100 --no-balance", len(ours_off), *figures(ours_off, 15, 15)])
        peer = peer_book(inst)
        if peer is not None:
            rows.append(["", "wsg: random states 0..9", len(peer[1]), *figures(peer[1], inst.width, inst.height)])
        whole_book, whole_singles = processes(inst)
        times.append([name, f"{t_book:.2f}", f"{t_singles:.2f}", f"{t_book / t_singles:.2f}",
                      f"{whole_book:.2f}", f"{whole_singles:.2f}", f"{whole_book / whole_singles:.2f}",
                      f"{peer[0]:.2f}" if peer else "-"])  # fmt: skip
    header = ["list", "puzzles", "n", "shared: max / mean", "busiest direction", "busiest quadrant"]
    print(table(header, rows))
    print("shared: placements two puzzles have in common; direction: share of the words (even: 25 %);")
    print("quadrant: share of the placed letters (even: 25 %); worst / mean over the puzzles")
    header = ["list", "book of 10 s", "10 singles s", "ratio", "process: book s", "10 processes s", "ratio", "wsg 10 s"]
    print(table(header, times))
    print(f"load after: {os.getloadavg()[0]:.2f} (1 min average)")


if __name__ == "__main__":
    main()
