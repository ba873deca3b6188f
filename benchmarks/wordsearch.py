"""Word search generation: pyclingo-puzzles vs word-search-generator 5.x, same word lists, one run.

Word lists are drawn deterministically from ../shared/crossword-bench/dict/wamerican-lower-alpha.txt
when present (else from seeded pseudo-words), with no word inside another (or its reverse).
For both programs we report time, words placed, and duplicates: words that our independent scanner
finds more than once (or not at all) in the finished grid.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from benchmarks.common import SHARED, ratio, table
from pyclingo_puzzles.wordsearch.generate import generate
from pyclingo_puzzles.wordsearch.instance import LEVELS, WordSearchInstance, default_alphabet
from pyclingo_puzzles.wordsearch.scan import GridIndex

DICT = SHARED / "crossword-bench" / "dict" / "wamerican-lower-alpha.txt"
CASES = [  # name, size, words, min..max letters, level
    ("15x15/15 medium", 15, 15, 4, 8, "medium"),
    ("50x50/150 medium", 50, 150, 4, 10, "medium"),
    ("dense 10x10/20 medium", 10, 20, 5, 8, "medium"),
    ("100x100/400 medium", 100, 400, 4, 10, "medium"),
]
CAP = 10.0  # seconds for our generator per case
PEER_LEVEL = {"easy": 1, "medium": 2, "hard": 3}


def word_list(count: int, low: int, high: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    if DICT.exists():
        pool = sorted({w.strip().upper() for w in DICT.read_text().split() if low <= len(w.strip()) <= high})
    else:
        pool = sorted(
            {
                "".join(rng.choice("ABCDEFGHIJKLMNOPRSTU") for _ in range(rng.randint(low, high)))
                for _ in range(count * 20)
            }
        )
    rng.shuffle(pool)
    chosen: list[str] = []
    for w in pool:
        if all(w not in v and w[::-1] not in v and v not in w and v[::-1] not in w for v in chosen):
            chosen.append(w)
        if len(chosen) == count:
            break
    return chosen


def duplicates(grid: Sequence[str], words: Sequence[str]) -> int:
    index = GridIndex(grid)
    return sum(1 for w in words if len(index.occurrences(w)) > 1)


def ours(words: list[str], size: int, level: str) -> tuple[float, int, int]:
    inst = WordSearchInstance(
        "bench", size, size, tuple(words), LEVELS[level], level, default_alphabet(tuple(words), level), 1, ""
    )
    t0 = time.perf_counter()
    outcome = generate(inst, time_limit=CAP)
    elapsed = time.perf_counter() - t0
    if not outcome.puzzles:
        return elapsed, 0, 0  # timed out (or proved impossible): nothing is placed, nothing dropped
    return elapsed, len(words), duplicates(outcome.puzzles[0].grid, words)


def peer(words: list[str], size: int, level: str) -> tuple[float, int, int] | None:
    try:
        from word_search_generator import WordSearch
    except ImportError:
        return None
    t0 = time.perf_counter()
    try:
        ws = WordSearch(",".join(words), level=PEER_LEVEL[level], size=size)
    except ValueError as exc:  # e.g. sizes above 50
        print(f"  word-search-generator refuses {size}x{size}: {exc}")
        return None
    elapsed = time.perf_counter() - t0
    placed = [w.text.upper() for w in ws.placed_words]
    grid = ["".join(ch.upper() for ch in row) for row in ws.puzzle]
    return elapsed, len(placed), duplicates(grid, placed)


def main() -> None:
    if not DICT.exists():
        print(f"(no {DICT}: using seeded pseudo-words)")
    rows = []
    for name, size, count, low, high, level in CASES:
        words = word_list(count, low, high, seed=size * 1000 + count)
        t_ours, placed_ours, dup_ours = ours(words, size, level)
        other = peer(words, size, level)
        if other is None:
            rows.append([name, len(words), f"{t_ours:.3f}", placed_ours, dup_ours, "-", "-", "-", "-"])
            continue
        t_peer, placed_peer, dup_peer = other
        rows.append(
            [
                name,
                len(words),
                f"{t_ours:.3f}",
                placed_ours,
                dup_ours,
                f"{t_peer:.3f}",
                placed_peer,
                dup_peer,
                ratio(t_ours, t_peer),
            ]
        )
    print(
        table(
            ["case", "words", "ours s", "ours placed", "ours dup", "wsg s", "wsg placed", "wsg dup", "wsg/ours"], rows
        )
    )
    print("wsg = word-search-generator 5.x (pip, bench extra); dup = words found more than once by our scanner")


if __name__ == "__main__":
    main()
