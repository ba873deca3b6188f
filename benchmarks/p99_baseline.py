"""A strong plain-Python solver for P-99 7.09 crossword files: the reference pyclingo-puzzles is
measured against (benchmarks/crossword_p99.py runs it as a script for whole-process times and
imports it for in-process times).

Standalone on purpose (standard library only, nothing from the project), so its start-up is what a
user of a plain-Python solver pays. Usage: ``python p99_baseline.py FILE.dat ...`` prints each
filled grid (blocks as spaces), or ``FILE: no solution``.

Search: depth first over sites. Each open site keeps its candidate words as a bitset (one int over
the words of its length); the next site is the open one with the fewest candidates; placing a word
forward checks every open crossing site (its candidates must show the crossing letter) and every
open site of the same length (a word is used once); equal words are tried once per site.
"""

from __future__ import annotations

import sys

Cell = tuple[int, int]


def parse(text: str) -> tuple[list[str], list[str]]:
    """Words (upper case) and the framework rows padded to a rectangle."""
    lines = text.replace("\r", "").split("\n")
    blank = next(i for i, line in enumerate(lines) if not line.strip())
    words = [line.strip().upper() for line in lines[:blank]]
    rows = lines[blank + 1 :]
    while rows and not rows[-1].strip():
        rows.pop()
    width = max((len(row) for row in rows), default=0)
    return words, [row.upper().ljust(width) for row in rows]


def is_place(ch: str) -> bool:
    return ch == "." or ch.isalpha()


def find_sites(rows: list[str]) -> list[tuple[int, int, str, int]]:
    """(row, col, "across" | "down", length) of every run of two or more places."""
    height, width = len(rows), len(rows[0]) if rows else 0
    found = []
    for r in range(height):
        for c in range(width):
            if not is_place(rows[r][c]):
                continue
            if c == 0 or not is_place(rows[r][c - 1]):
                n = 0
                while c + n < width and is_place(rows[r][c + n]):
                    n += 1
                if n >= 2:
                    found.append((r, c, "across", n))
            if r == 0 or not is_place(rows[r - 1][c]):
                n = 0
                while r + n < height and is_place(rows[r + n][c]):
                    n += 1
                if n >= 2:
                    found.append((r, c, "down", n))
    return found


def cells_of(site: tuple[int, int, str, int]) -> list[Cell]:
    r, c, d, n = site
    return [(r, c + i) for i in range(n)] if d == "across" else [(r + i, c) for i in range(n)]


def solve(words: list[str], rows: list[str]) -> list[tuple[str, int, int, str]] | None:
    """Placements (word, row, col, direction) of a solution, or None when there is none."""
    sites = find_sites(rows)
    if sorted(map(len, words)) != sorted(s[3] for s in sites):
        return None
    tables: dict[int, list[str]] = {}
    for w in words:
        tables.setdefault(len(w), []).append(w)
    # masks[n][i][ch]: the words of length n with letter ch at position i
    masks: dict[int, list[dict[str, int]]] = {}
    for n, table in tables.items():
        rows_n: list[dict[str, int]] = [{} for _ in range(n)]
        for k, w in enumerate(table):
            for i, ch in enumerate(w):
                rows_n[i][ch] = rows_n[i].get(ch, 0) | (1 << k)
        masks[n] = rows_n
    cells = [cells_of(s) for s in sites]
    length = [s[3] for s in sites]
    at: dict[Cell, list[tuple[int, int]]] = {}
    for s, cs in enumerate(cells):
        for i, cell in enumerate(cs):
            at.setdefault(cell, []).append((s, i))
    crossings = [
        [(i, t, j) for i, cell in enumerate(cs) for t, j in at[cell] if t != s] for s, cs in enumerate(cells)
    ]
    same_length = {n: [s for s in range(len(sites)) if length[s] == n] for n in tables}
    domain = []
    for s, cs in enumerate(cells):
        d = (1 << len(tables[length[s]])) - 1
        for i, (r, c) in enumerate(cs):
            if rows[r][c] != ".":
                d &= masks[length[s]][i].get(rows[r][c], 0)
        domain.append(d)
    open_sites = set(range(len(sites)))
    chosen = [0] * len(sites)
    trail: list[tuple[int, int]] = []

    def narrow(t: int, d: int) -> bool:
        if d != domain[t]:
            trail.append((t, domain[t]))
            domain[t] = d
        return d != 0

    def search() -> bool:
        if not open_sites:
            return True
        s = min(open_sites, key=lambda t: domain[t].bit_count())
        d = domain[s]
        open_sites.discard(s)
        n = length[s]
        table = tables[n]
        tried = set()
        while d:
            low = d & -d
            d ^= low
            word = table[low.bit_length() - 1]
            if word in tried:
                continue
            tried.add(word)
            mark = len(trail)
            ok = all(narrow(t, domain[t] & ~low) for t in same_length[n] if t in open_sites) and all(
                narrow(t, domain[t] & masks[length[t]][j].get(word[i], 0))
                for i, t, j in crossings[s]
                if t in open_sites
            )
            if ok:
                chosen[s] = low
                if search():
                    return True
            while len(trail) > mark:
                t, old = trail.pop()
                domain[t] = old
        open_sites.add(s)
        return False

    if not all(domain) or not search():
        return None
    return [(tables[length[s]][chosen[s].bit_length() - 1], r, c, d) for s, (r, c, d, _n) in enumerate(sites)]


def render(rows: list[str], placements: list[tuple[str, int, int, str]]) -> list[str]:
    grid = [[ch if is_place(ch) else " " for ch in row] for row in rows]
    for word, r, c, d in placements:
        for ch, (rr, cc) in zip(word, cells_of((r, c, d, len(word))), strict=True):
            grid[rr][cc] = ch
    return ["".join(row) for row in grid]


def main(paths: list[str]) -> int:
    code = 0
    for path in paths:
        with open(path, encoding="utf-8") as f:
            words, rows = parse(f.read())
        placements = solve(words, rows)
        if placements is None:
            print(f"{path}: no solution")
            code = max(code, 20)
        else:
            print("\n".join(render(rows, placements)))
            code = max(code, 10)
        print()
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
