"""Run the peer filler Qxw (https://www.quinapalus.com/qxw.html) in batch mode on a ``.grid`` file.

Qxw's batch mode (``qxw -b``) does not read ``.qxw`` grid files but a *deck*: one line per slot
listing the names of its cells (shared names are crossings), plus ``.DIRECTIVE`` lines. It prints
``W<i> WORD`` per slot in deck order and exits 0 when filled, 4 when there is no fill, 16 on error.
``.UNIQUE 1`` forbids repeated words (also Qxw's batch default; ours forbids them too).
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from pathlib import Path

QXW_FALLBACK = Path("/usr/games/qxw")

Slot = list[tuple[int, int]]


def find_qxw() -> str | None:
    """The qxw binary: on PATH, else Debian's /usr/games/qxw, else None."""
    return shutil.which("qxw") or (str(QXW_FALLBACK) if QXW_FALLBACK.exists() else None)


def grid_slots(grid_path: Path) -> list[Slot]:
    """Across then down slots (runs of at least two ``_`` cells) of a ``.grid`` file, as cell lists."""
    rows = [line.rstrip("\n") for line in grid_path.read_text().splitlines() if line.strip()]
    width = max(len(r) for r in rows)
    rows = [r.ljust(width, "*") for r in rows]
    slots: list[Slot] = []
    for lines, across in ((rows, True), (["".join(r[c] for r in rows) for c in range(width)], False)):
        for i, line in enumerate(lines):
            for run_start, run in _runs(line):
                if len(run) >= 2:
                    slots.append([(i, run_start + k) if across else (run_start + k, i) for k in range(len(run))])
    return slots


def _runs(line: str) -> list[tuple[int, str]]:
    """(start, run) for each maximal run of ``_`` in ``line``."""
    out: list[tuple[int, str]] = []
    start = None
    for j, ch in enumerate(line + "*"):
        if ch == "_" and start is None:
            start = j
        elif ch != "_" and start is not None:
            out.append((start, line[start:j]))
            start = None
    return out


def deck_text(slots: list[Slot]) -> str:
    """The Qxw deck for ``slots``: no repeated words, one line of cell names per slot."""
    lines = [".UNIQUE 1"] + [" ".join(f"r{r}c{c}" for r, c in slot) for slot in slots]
    return "\n".join(lines) + "\n"


def check_fill(slots: list[Slot], stdout: str, words: set[str]) -> bool:
    """Whether Qxw's ``W<i> WORD`` lines fill every slot consistently with distinct dictionary words."""
    fill: dict[int, str] = {}
    for line in stdout.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0].startswith("W") and parts[0][1:].isdigit():
            fill[int(parts[0][1:])] = parts[1].lower()
    if sorted(fill) != list(range(len(slots))) or len(set(fill.values())) != len(slots):
        return False
    letters: dict[tuple[int, int], str] = {}
    for i, slot in enumerate(slots):
        word = fill[i]
        if len(word) != len(slot) or word not in words:
            return False
        for cell, ch in zip(slot, word, strict=True):
            if letters.setdefault(cell, ch) != ch:
                return False
    return True


def run_qxw(grid_path: Path, dict_path: Path, cap: float) -> tuple[str, float]:
    """Fill ``grid_path`` from ``dict_path`` with Qxw within ``cap`` seconds: (verdict, seconds).

    The verdict is "filled", "no fill", "timed out", "not installed" or "error: ...".
    """
    verdict, seconds, _words = qxw_fill(grid_path, dict_path, cap)
    return verdict, seconds


def qxw_fill(grid_path: Path, dict_path: Path, cap: float) -> tuple[str, float, list[str]]:
    """``run_qxw`` and the fill's words (in deck order; empty unless filled)."""
    qxw = find_qxw()
    if qxw is None:
        return "not installed", 0.0, []
    slots = grid_slots(grid_path)
    with tempfile.TemporaryDirectory(prefix="qxw-") as tmp:
        deck = Path(tmp) / "grid.qxd"
        deck.write_text(deck_text(slots))
        cmd = [qxw, "-b", "-d", str(dict_path), str(deck)]
        t0 = time.perf_counter()
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=cap, cwd=tmp, check=False)
        except subprocess.TimeoutExpired:
            return "timed out", time.perf_counter() - t0, []
        elapsed = time.perf_counter() - t0
    if proc.returncode == 4:
        return "no fill", elapsed, []
    if proc.returncode != 0:
        detail = (proc.stderr.strip() or proc.stdout.strip()).splitlines()
        return f"error: exit {proc.returncode} {detail[-1] if detail else ''}".rstrip(), elapsed, []
    words = {w.strip().lower() for w in dict_path.read_text().splitlines() if w.strip()}
    if not check_fill(slots, proc.stdout, words):
        return "error: bad fill", elapsed, []
    lines = [line.split() for line in proc.stdout.splitlines()]
    return "filled", elapsed, [p[1].lower() for p in lines if len(p) == 2 and p[0][:1] == "W"]
