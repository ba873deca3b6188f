"""P-99 7.09 crossword: pyclingo-puzzles end to end vs two plain-Python backtrackers, one run.

Puzzles: the four P-99 files and the two large P-99-format puzzles from ../shared (skipped when
absent). Our time is read + facts + ground + solve + verify, in-process. Baselines, written for this
benchmark: naive site-by-site backtracking in reading order (capped) and most-constrained-site-first.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence

from benchmarks.common import SHARED, ratio, table, timed
from pyclingo_puzzles.crossword.framework import Site
from pyclingo_puzzles.crossword.p99_cli import solve_instance
from pyclingo_puzzles.crossword.reader import CrosswordInstance, read_instance

NAIVE_CAP = float(os.environ.get("NAIVE_CAP", "20"))  # seconds per puzzle for the naive baseline


class Timeout(Exception):
    pass


def _fits(word: str, site: Site, grid: dict[tuple[int, int], str]) -> bool:
    return all(grid.get(cell, ch) == ch for cell, ch in zip(site.cells(), word, strict=True))


def _place(word: str, site: Site, grid: dict[tuple[int, int], str]) -> list[tuple[int, int]]:
    added = [cell for cell in site.cells() if cell not in grid]
    for cell, ch in zip(site.cells(), word, strict=True):
        grid[cell] = ch
    return added


def naive(instance: CrosswordInstance, cap: float) -> bool | None:
    """Reading-order backtracking (across sites row by row, then down sites); None when capped."""
    sites = sorted(instance.framework.sites(), key=lambda s: (s.direction, s.row, s.col))
    deadline = time.perf_counter() + cap
    grid = dict(instance.framework.predefined())
    used = [False] * len(instance.words)

    def go(k: int) -> bool:
        if time.perf_counter() > deadline:
            raise Timeout
        if k == len(sites):
            return True
        site = sites[k]
        for i, word in enumerate(instance.words):
            if not used[i] and len(word) == site.length and _fits(word, site, grid):
                used[i] = True
                added = _place(word, site, grid)
                if go(k + 1):
                    return True
                for cell in added:
                    del grid[cell]
                used[i] = False
        return False

    try:
        return go(0)
    except Timeout:
        return None


def most_constrained(instance: CrosswordInstance) -> bool:
    """Pick the open site with the fewest fitting unused words first."""
    sites = instance.framework.sites()
    if sorted(len(w) for w in instance.words) != sorted(s.length for s in sites):
        return False
    grid = dict(instance.framework.predefined())
    remaining = list(instance.words)
    open_sites = set(range(len(sites)))

    def go() -> bool:
        if not open_sites:
            return True
        best: tuple[int, list[str]] | None = None
        for k in open_sites:
            options = sorted({w for w in remaining if len(w) == sites[k].length and _fits(w, sites[k], grid)})
            if best is None or len(options) < len(best[1]):
                best = (k, options)
                if not options:
                    return False
        assert best is not None
        k, options = best
        open_sites.remove(k)
        for word in options:
            remaining.remove(word)
            added = _place(word, sites[k], grid)
            if go():
                return True
            for cell in added:
                del grid[cell]
            remaining.append(word)
        open_sites.add(k)
        return False

    return go()


def ours(path: str) -> bool:
    _result, solutions = solve_instance(read_instance(path))
    return bool(solutions)


def puzzles() -> Sequence[str]:
    found = [str(SHARED / "p99" / f"p7_09{x}.dat") for x in "abcd"]
    found += [str(p) for p in sorted((SHARED / "crossword-bench" / "p99fmt").glob("*.dat"))]
    return [p for p in found if os.path.exists(p)]


def main() -> None:
    paths = puzzles()
    if not paths:
        print(f"skipped: no P-99 puzzles under {SHARED} (third-party data, never committed)")
        return
    rows = []
    totals = {"ours": 0.0, "mcs": 0.0}
    for path in paths:
        inst = read_instance(path)
        t_ours, solved = timed(lambda p=path: ours(p), repeat=5)
        t_mcs, mcs_solved = timed(lambda i=inst: most_constrained(i), repeat=3)
        t_naive, naive_solved = timed(lambda i=inst: naive(i, NAIVE_CAP))
        assert solved == mcs_solved, path
        naive_txt = f">{NAIVE_CAP:.0f} s (cap)" if naive_solved is None else f"{t_naive:.4f}"
        name = os.path.basename(path)
        if name.startswith("p7_09"):
            totals["ours"] += t_ours
            totals["mcs"] += t_mcs
        rows.append([name, len(inst.words), "solved" if solved else "no solution", f"{t_ours:.4f}",
                     f"{t_mcs:.4f}", ratio(t_ours, t_mcs), naive_txt,
                     ratio(t_ours, t_naive if naive_solved is not None else None)])
    print(table(["puzzle", "words", "result", "ours s", "mcs s", "mcs/ours", "naive s", "naive/ours"], rows))
    print(f"\nP-99 a-d total: ours {totals['ours']:.4f} s (goal < 0.1 s), most-constrained-first "
          f"{totals['mcs']:.4f} s, ratio {ratio(totals['ours'], totals['mcs'])}")


if __name__ == "__main__":
    main()
