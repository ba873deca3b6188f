"""Run Gecode 6.2's own crossword example (``examples/crossword.cpp``) as a peer filler on a ``.grid`` file.

Nothing from Gecode is part of the project: :func:`prepare` installs Debian's ``libgecode-dev`` when it
is missing (as root, through apt), fetches the example's source from the ``libgecode-doc`` package of
the same version (``apt-get download``, ``dpkg -x``) into a cache directory outside the repository
(``GECODE_CACHE``, default ``$TMPDIR/pyclingo-puzzles-bench/gecode``), and builds it there with g++.
Any step that fails leaves the peer unavailable with the reason; it never raises.

The example holds van Beek's grids itself and takes the grid's index on its command line
(``crossword -file DICT -time MS N``). The index is not assumed: the grids are parsed from the
example's source (``const int gK[] = {w, h, n_black, x, y, ...}`` in the order of its ``grids[]``
array) and a ``.grid`` file gets the index whose block pattern is the file's.

Output: the filled grid (tab-indented rows, ``*`` for blocks) when it found one, ``Search engine
stopped...`` when the time limit hit, otherwise no solution, which with complete depth-first search
is a proof that there is no fill. Its fill is checked here against the grid and the dictionary.
The model makes words of the same length distinct, so no word repeats (ours forbids repeats too).
"""

from __future__ import annotations

import gzip
import os
import re
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.qxw import grid_slots

CACHE = Path(os.environ.get("GECODE_CACHE", Path(tempfile.gettempdir()) / "pyclingo-puzzles-bench" / "gecode"))
HEADER = Path("/usr/include/gecode/driver.hh")
LIBS = [
    "-lgecodedriver",
    "-lgecodegist",
    "-lgecodesearch",
    "-lgecodeminimodel",
    "-lgecodeset",
    "-lgecodefloat",
    "-lgecodeint",
    "-lgecodekernel",
    "-lgecodesupport",
    "-lpthread",
]
GRACE = 10.0  # seconds past the cap before the process is killed (Gecode's -time bounds search only)

Blocks = tuple[int, int, frozenset[tuple[int, int]]]  # width, height, (row, col) of each block


@dataclass
class GecodeGrid:
    name: str  # from the comment above the array, e.g. "15.01"
    blocks: Blocks


@dataclass
class Gecode:
    binary: Path | None
    reason: str = ""  # why binary is None
    version: str = ""
    grids: list[GecodeGrid] = field(default_factory=list)  # in the example's index order

    def index(self, grid_path: Path) -> int | None:
        """The example's index of the grid with ``grid_path``'s block pattern (its own name first on ties)."""
        return grid_index(self.grids, grid_path)


class _Unavailable(Exception):
    pass


def _run(cmd: list[str], timeout: float, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=cwd, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise _Unavailable(f"{' '.join(cmd[:3])}: {exc}") from exc
    if proc.returncode != 0:
        detail = (proc.stderr.strip() or proc.stdout.strip()).splitlines()
        last = detail[-1] if detail else ""
        raise _Unavailable(f"{' '.join(cmd[:3])} exited {proc.returncode}: {last}".rstrip())
    return proc


def prepare(cache: Path = CACHE) -> Gecode:
    """Install, fetch and build Gecode's crossword example as far as this machine allows; never raises."""
    try:
        version = _ensure_dev()
        build = cache / f"gecode-{version}"
        src = _fetch_source(build, version)
        binary = build / "crossword"
        if not binary.exists():
            _build(src, binary)
        grids = parse_grids((src / "crossword.cpp").read_text(errors="replace"))
        if not grids:
            raise _Unavailable(f"no grids found in {src / 'crossword.cpp'}")
    except _Unavailable as exc:
        return Gecode(None, str(exc))
    except OSError as exc:
        return Gecode(None, f"{type(exc).__name__}: {exc}")
    return Gecode(binary, version=version, grids=grids)


def _installed_version() -> str | None:
    if not HEADER.exists() or shutil.which("dpkg-query") is None:
        return None
    proc = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", "libgecode-dev"], capture_output=True, text=True, check=False
    )
    return proc.stdout.strip() if proc.returncode == 0 and proc.stdout.strip() else None


def _ensure_dev() -> str:
    """libgecode-dev's Debian version, installing it through apt when missing (as root only)."""
    if shutil.which("g++") is None:
        raise _Unavailable("no C++ compiler (g++) to build Gecode's example")
    version = _installed_version()
    if version:
        return version
    if shutil.which("apt-get") is None:
        raise _Unavailable("libgecode-dev is not installed and there is no apt-get to install it")
    if os.geteuid() != 0:
        raise _Unavailable("libgecode-dev is not installed and installing it needs root")
    _run(["apt-get", "update", "-qq"], timeout=600)
    _run(["apt-get", "install", "-y", "-qq", "libgecode-dev"], timeout=1200)
    version = _installed_version()
    if not version:
        raise _Unavailable("apt-get installed libgecode-dev but its headers are not in /usr/include/gecode")
    return version


def _fetch_source(build: Path, version: str) -> Path:
    """The example's source (crossword.cpp, examples/scowl.hpp) unpacked under ``build/src``."""
    src = build / "src"
    if (src / "crossword.cpp").exists() and (src / "examples" / "scowl.hpp").exists():
        return src
    debs = build / "debs"
    debs.mkdir(parents=True, exist_ok=True)
    if not list(debs.glob("libgecode-doc_*.deb")):
        try:
            _run(["apt-get", "download", f"libgecode-doc={version}"], timeout=600, cwd=debs)
        except _Unavailable:
            # The package lists may be stale or missing: refresh once, then take any version.
            if shutil.which("apt-get") is None:
                raise _Unavailable("no apt-get to download libgecode-doc (the example's source)") from None
            if os.geteuid() == 0:
                _run(["apt-get", "update", "-qq"], timeout=600)
            _run(["apt-get", "download", "libgecode-doc"], timeout=600, cwd=debs)
    deb = sorted(debs.glob("libgecode-doc_*.deb"))[-1]
    unpacked = build / "deb"
    _run(["dpkg", "-x", str(deb), str(unpacked)], timeout=300)
    examples = unpacked / "usr" / "share" / "doc" / "libgecode-doc" / "examples"
    (src / "examples").mkdir(parents=True, exist_ok=True)
    for rel in ("crossword.cpp", "examples/scowl.hpp"):
        _unpack(examples / rel, src / rel)
    return src


def _unpack(path: Path, target: Path) -> None:
    """Copy ``path`` (or its ``.gz``, as Debian ships most examples) to ``target``."""
    if path.exists():
        shutil.copyfile(path, target)
        return
    packed = path.with_name(path.name + ".gz")
    if not packed.exists():
        raise _Unavailable(f"libgecode-doc has no {path.name} (looked in {path.parent})")
    target.write_bytes(gzip.decompress(packed.read_bytes()))


def _build(src: Path, binary: Path) -> None:
    tmp = binary.with_name(binary.name + f".{os.getpid()}.tmp")
    _run(["g++", "-O2", "-std=c++11", "-I.", "crossword.cpp", "-o", str(tmp), *LIBS], timeout=900, cwd=src)
    tmp.replace(binary)  # atomic: a concurrent run never sees half a binary


# ----------------------------------------------------------------------------------------- the grids

_ARRAY = re.compile(r"const int (g\d+)\[\]\s*=\s*\{(.*?)\};", re.S)
_NAME = re.compile(r"Name:\s*([^,\s]+)")
_ORDER = re.compile(r"const int\*\s*grids\[\]\s*=\s*\{(.*?)\};", re.S)


def parse_grids(source: str) -> list[GecodeGrid]:
    """The grids of crossword.cpp in the order of its ``grids[]`` array (the command-line index)."""
    arrays: dict[str, GecodeGrid] = {}
    for match in _ARRAY.finditer(source):
        ident, body = match.groups()
        names = _NAME.findall(source, 0, match.start())  # the comment above the array names the grid
        name = names[-1] if names else ident
        numbers = [int(n) for n in re.findall(r"-?\d+", re.sub(r"//[^\n]*", "", body))]
        width, height, n_black = numbers[:3]
        coords = numbers[3 : 3 + 2 * n_black]
        blocks = frozenset((coords[i + 1], coords[i]) for i in range(0, len(coords), 2))  # (x, y) -> (row, col)
        arrays[ident] = GecodeGrid(name, (width, height, blocks))
    order = _ORDER.search(source)
    if order is None:
        return []
    return [arrays[ident] for ident in re.findall(r"&(g\d+)\[0\]", order.group(1)) if ident in arrays]


def grid_blocks(grid_path: Path) -> Blocks:
    rows = [line.rstrip("\n") for line in grid_path.read_text().splitlines() if line.strip()]
    width = max(len(r) for r in rows)
    blocks = frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row.ljust(width, "*")) if ch != "_")
    return width, len(rows), blocks


def grid_index(grids: list[GecodeGrid], grid_path: Path) -> int | None:
    """Index of the grid with ``grid_path``'s blocks; among equal patterns the one named like the file."""
    pattern = grid_blocks(grid_path)
    same = [i for i, g in enumerate(grids) if g.blocks == pattern]
    named = [i for i in same if grids[i].name == grid_path.stem]
    return (named or same or [None])[0]


# ------------------------------------------------------------------------------------------- running


def run_gecode(peer: Gecode, grid_path: Path, dict_path: Path, cap: float) -> tuple[str, float]:
    """Fill ``grid_path`` from ``dict_path`` with Gecode's example within ``cap`` seconds: (verdict, seconds).

    The verdict is "filled", "no fill", "timed out", "-" (peer unavailable), "not in its grids" or
    "error: ...". The time is the whole process (reading the dictionary, model, search).
    """
    verdict, seconds, _words = gecode_fill(peer, grid_path, dict_path, cap)
    return verdict, seconds


def gecode_fill(peer: Gecode, grid_path: Path, dict_path: Path, cap: float) -> tuple[str, float, list[str]]:
    """``run_gecode`` and the fill's words (across then down; empty unless filled)."""
    if peer.binary is None:
        return "-", 0.0, []
    index = peer.index(grid_path)
    if index is None:
        return "not in its grids", 0.0, []
    cmd = [str(peer.binary), "-file", str(dict_path), "-time", str(int(cap * 1000)), str(index)]
    t0 = time.perf_counter()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=cap + GRACE, check=False)
    except subprocess.TimeoutExpired:
        return "timed out", time.perf_counter() - t0, []
    elapsed = time.perf_counter() - t0
    if proc.returncode != 0:
        detail = (proc.stderr.strip() or proc.stdout.strip()).splitlines()
        return f"error: exit {proc.returncode} {detail[-1] if detail else ''}".rstrip(), elapsed, []
    if "Search engine stopped" in proc.stdout:
        return "timed out", elapsed, []
    found = re.search(r"solutions:\s*(\d+)", proc.stdout)
    if found is None:
        return "error: no summary", elapsed, []
    if int(found.group(1)) == 0:
        return "no fill", elapsed, []
    words = {w.strip() for w in dict_path.read_text().splitlines() if w.strip()}
    if not check_fill(grid_path, proc.stdout, words):
        return "error: bad fill", elapsed, []
    return "filled", elapsed, fill_words(grid_path, proc.stdout) or []


def printed_rows(grid_path: Path, stdout: str) -> list[str] | None:
    """The grid Gecode printed, one string per row (``*`` a block), or None when there is none."""
    width, height, _blocks = grid_blocks(grid_path)
    rows = [line.strip() for line in stdout.splitlines() if line.startswith("\t") and len(line.strip()) == width]
    rows = [r for r in rows if re.fullmatch(r"[a-z*]+", r)][:height]
    return rows if len(rows) == height else None


def fill_words(grid_path: Path, stdout: str) -> list[str] | None:
    """The words of the grid Gecode printed (across then down), or None when no grid is printed."""
    rows = printed_rows(grid_path, stdout)
    return None if rows is None else ["".join(rows[r][c] for r, c in slot) for slot in grid_slots(grid_path)]


def check_fill(grid_path: Path, stdout: str, words: set[str]) -> bool:
    """Whether the printed grid has the file's blocks and every slot holds a distinct dictionary word."""
    width, height, blocks = grid_blocks(grid_path)
    rows = printed_rows(grid_path, stdout)
    if rows is None:
        return False
    if any((rows[r][c] == "*") != ((r, c) in blocks) for r in range(height) for c in range(width)):
        return False
    fill = fill_words(grid_path, stdout) or []
    return all(w in words for w in fill) and len(set(fill)) == len(fill)
