"""Word search generation: pyclingo-puzzles vs word-search-generator 5.x, same word lists, one run.

Word lists are drawn deterministically from ../shared/crossword-bench/dict/wamerican-lower-alpha.txt
when present (else from seeded pseudo-words), with no word inside another (or its reverse).
For both programs we report time, words placed, and duplicates: words that our independent scanner
finds more than once (or not at all) in the finished grid.

Then ``--fit most`` (the most words that fit), same run: four dense 10x10 lists (20 dictionary words
of 5-8 letters) within 10 s against the best of 10 word-search-generator runs with different random
states; four lists cut from a random 10x10 letter grid (all fit) within 5 s; small 8x8 lists of
10-12 words, with an optimum proof wanted within 10 s. Reference for the cut and 8x8 lists, whose
crux is "do all the words fit?": Knuth's exact cover with colours (the ``xcover`` package,
benchmarks/xcover_peer.py), one process per list as a user runs it, same cap.

Books of 10 and balance (``benchmarks/wordsearch_quality.py``) run between the two.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import replace

from benchmarks.common import ROOT, SHARED, ratio, table
from pyclingo_puzzles.wordsearch.generate import generate
from pyclingo_puzzles.wordsearch.reader import LEVELS, WordSearchInstance, default_alphabet
from pyclingo_puzzles.wordsearch.verify import GridIndex

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


def instance(words: Sequence[str], size: int, level: str) -> WordSearchInstance:
    return WordSearchInstance(
        "bench", size, size, tuple(words), LEVELS[level], level, default_alphabet(tuple(words), level), 1, ""
    )


def ours(words: list[str], size: int, level: str) -> tuple[float, int, int]:
    inst = instance(words, size, level)
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


def peer_best(words: list[str], size: int, level: str, runs: int = 10) -> int | None:
    """Most words word-search-generator places in ``runs`` runs (random states 0..runs-1)."""
    try:
        from word_search_generator import WordSearch
    except ImportError:
        return None
    best = 0
    for state in range(runs):
        random.seed(state)  # word-search-generator draws from the random module
        best = max(best, len(WordSearch(",".join(words), level=PEER_LEVEL[level], size=size).placed_words))
    return best


def fit_most(words: list[str], size: int, cap: float) -> tuple[float, int, bool]:
    inst = replace(instance(words, size, "medium"), seed=1)
    t0 = time.perf_counter()
    outcome = generate(inst, fit="most", time_limit=cap)
    elapsed = time.perf_counter() - t0
    if not outcome.puzzles:
        return elapsed, 0, False
    puzzle = outcome.puzzles[0]
    assert not duplicates(puzzle.grid, [p.word for p in puzzle.placements])
    return elapsed, len(puzzle.placements), outcome.optimal


def exact_cover(words: list[str], size: int, cap: float) -> str:
    """Knuth's Algorithm C on "all words fit?", whole process: its answer and seconds, or '-'."""
    try:
        import xcover  # noqa: F401
    except ImportError:
        return "-"
    cmd = [sys.executable, "-m", "benchmarks.xcover_peer", json.dumps({"words": words, "size": size})]
    t0 = time.perf_counter()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=cap)
    except subprocess.TimeoutExpired:
        return f"undecided in {cap:.0f} s"
    answer = proc.stdout.strip() or f"exit {proc.returncode}"
    return f"{answer}, {time.perf_counter() - t0:.1f} s"


def fit_most_cases() -> None:
    from tests.test_wordsearch import dense_words  # lists cut from a random letter grid (all fit)

    exact_cover(["AB"], 2, 120.0)  # numba compiles xcover once into its cache: the figures are the search
    rows = []
    for seed in (10020, 1, 2, 3):
        words = word_list(20, 5, 8, seed=seed)
        t, placed, optimal = fit_most(words, 10, 10.0)
        best = peer_best(words, 10, "medium")
        rows.append([f"dense 10x10 list {seed}", sum(map(len, words)), placed, optimal, f"{t:.1f}", best or "-", ""])
    for seed in (1, 2, 3, 4):
        words = dense_words(seed)
        t, placed, optimal = fit_most(words, 10, 5.0)
        xc = exact_cover(words, 10, 5.0)
        rows.append([f"cut from a 10x10 grid {seed}", sum(map(len, words)), placed, optimal, f"{t:.1f}", "-", xc])
    for low, high in ((4, 7), (5, 8)):
        for count, seed in ((10, 1), (11, 2), (12, 3), (12, 4)):
            words = word_list(count, low, high, seed=seed)
            t, placed, optimal = fit_most(words, 8, 10.0)
            best = peer_best(words, 8, "medium")
            name = f"8x8, {count} words of {low}-{high}"
            xc = exact_cover(words, 8, 10.0)
            rows.append([name, sum(map(len, words)), placed, optimal, f"{t:.1f}", best, xc])
    print(table(["--fit most", "letters", "placed", "optimal", "s", "wsg best of 10", "exact cover: all fit?"], rows))


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
    from benchmarks import wordsearch_quality

    wordsearch_quality.main()  # books and balance, ours and word-search-generator's
    fit_most_cases()


if __name__ == "__main__":
    main()
