"""The dictionary fill's word propagator compiled from ``fillprop.c``, and its fallback.

The C file is built at install time into ``_fillprop<extension suffix>`` beside this module (a
plain shared library: no Python API inside, loaded with cffi's ``dlopen``). Its ``clingo_*``
symbols resolve against the library ``import clingo`` has loaded with global symbols, and it
registers itself on the run's control through clingo's C API. It takes the same search decisions as
``propagator.WordPropagator`` (same clauses, watches, step counts and random draws). Where it was not
built (no C compiler at install time) the Python propagator runs instead, said once on stderr.

``PYCLINGO_PUZZLES_PROPAGATOR=python`` forces the Python propagator (``c`` requires the compiled
one); ``PYCLINGO_PUZZLES_FILLPROP_LIB`` names another build of the C file to load (``make asan``).
Only the dictionary fill imports this module.
"""

from __future__ import annotations

import ctypes
import importlib.machinery
import os
import sys
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import clingo

from ...run import resources, runtime
from ...run.portfolio import Progress
from ..framework import Site
from ..options import VALUE_RULES
from .wordsets import WordTable

CHOICE_ENV = "PYCLINGO_PUZZLES_PROPAGATOR"
LIBRARY_ENV = "PYCLINGO_PUZZLES_FILLPROP_LIB"
CHOICES = ("auto", "c", "python")

HEADER = Path(__file__).with_name("fillprop.h")  # the fp_* interface, as fillprop.c includes it


def cdef() -> str:
    """``fillprop.h`` as cffi reads it: its preprocessor lines (guard, includes) left out."""
    return "\n".join(line for line in HEADER.read_text(encoding="utf-8").splitlines() if not line.startswith("#"))


class NativeError(runtime.Stopped):
    """The compiled propagator could not go on (out of memory): one line for the user, exit code 1."""

    def __init__(self, message: str):
        Exception.__init__(self, message)  # args as given: the error pickles from a worker process
        self.reason = "error"
        self.stage = "solving"

    def __str__(self) -> str:
        return f"error: the compiled fill propagator failed: {self.args[0]}"


def library_path() -> Path | None:
    """The compiled propagator: the override's path, else the build beside this module."""
    override = os.environ.get(LIBRARY_ENV)
    if override:
        return Path(override)
    here = Path(__file__).parent
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = here / f"_fillprop{suffix}"
        if candidate.exists():
            return candidate
    return None


@cache
def load() -> tuple[Any, Any] | str:
    """(ffi, lib) of the compiled propagator, or why it cannot be used."""
    path = library_path()
    if path is None:
        return "it was not built at install time (no C compiler?)"
    try:
        from cffi import FFI

        ffi = FFI()
        ffi.cdef(cdef())
        return ffi, ffi.dlopen(str(path))  # after `import clingo`: its symbols resolve there
    except (ImportError, OSError) as exc:
        if resources.limit_message(exc) is not None or "failed to map segment" in str(exc):
            # out of memory (ulimit -v: its segments could not be mapped): the run's limit, not an install
            # to fall back from (``book`` under ulimit -v printed this note before its memory line)
            raise MemoryError(f"the compiled fill propagator could not be mapped ({exc})") from None
        return f"it does not load ({exc})"


def choose(requested: str = "auto") -> str:
    """"c" or "python": the propagator a fill runs. ``requested`` (or the environment variable, when
    "auto") may force one; "auto" takes the compiled one when it loads, and otherwise says so once."""
    if requested not in CHOICES:
        raise ValueError(f"unknown propagator {requested!r} (known: {', '.join(CHOICES)})")
    if requested == "auto":
        requested = os.environ.get(CHOICE_ENV, "auto").strip().lower() or "auto"
        if requested not in CHOICES:
            requested = "auto"
    if requested == "python":
        return "python"
    loaded = load()
    if isinstance(loaded, str):
        if requested == "c":
            raise NativeError(loaded)
        _warn_fallback(loaded)
        return "python"
    return "c"


@cache
def _warn_fallback(reason: str) -> None:
    print(f"note: the compiled fill propagator is not available ({reason}): using the slower Python one",
          file=sys.stderr)


def seed_key(seed: int) -> list[int]:
    """random.Random(seed)'s key: the 32-bit chunks of abs(seed), least significant first."""
    n = abs(seed)
    key = []
    while n:
        key.append(n & 0xFFFFFFFF)
        n >>= 32
    return key or [0]


def _table_arrays(lengths: Sequence[int], tables: dict[int, WordTable]) -> tuple[list[str], bytearray, list[bytes]]:
    """The word tables as ``fp_new`` takes them: the letters (sorted: their ids), per table,
    position and letter a flag, and the masks of the flagged ones, in that order."""
    letters = sorted({ch for n in lengths for row in tables[n].masks for ch in row})
    letter_id = {ch: k for k, ch in enumerate(letters)}
    has = bytearray()
    masks: list[bytes] = []
    for n in lengths:
        table = tables[n]
        size = 8 * ((len(table.words) + 63) // 64)
        for row in table.masks:
            flags = bytearray(len(letters))
            for ch in sorted(row):  # in letter order: the C side reads the masks in that order
                flags[letter_id[ch]] = 1
                masks.append(row[ch].to_bytes(size, "little"))
            has += flags
    return letters, has, masks


def _place_arrays(
    sites: Sequence[Site], tables: dict[int, WordTable], candidates: dict[int, int]
) -> tuple[list[int], list[int], list[int], list[bytes]]:
    """The places (rows, columns), each slot's places and each slot's candidates, as ``fp_new``
    takes them; places numbered as ``WordPropagator`` numbers them."""
    cell_index: dict[tuple[int, int], int] = {}
    rows: list[int] = []
    cols: list[int] = []
    slot_places: list[int] = []
    given: list[bytes] = []
    for s in sites:
        for cell in s.cells():
            p = cell_index.get(cell)
            if p is None:
                p = cell_index[cell] = len(rows)
                rows.append(cell[0])
                cols.append(cell[1])
            slot_places.append(p)
        given.append(candidates[s.id].to_bytes(8 * ((len(tables[s.length].words) + 63) // 64), "little"))
    return rows, cols, slot_places, given


class NativePropagator:
    """``propagator.WordPropagator``'s constructor and counters, run in C. ``register`` attaches it to
    a control; the C state is then kept on the control object, so it is freed after the control."""

    def __init__(
        self,
        sites: Sequence[Site],
        tables: dict[int, WordTable],
        candidates: dict[int, int],
        no_repeat: bool = True,
        seed: int = 0,
        value_rule: str = "failures",
        progress: Progress | None = None,
    ):
        if value_rule not in VALUE_RULES:
            raise ValueError(f"unknown value rule {value_rule!r}")
        loaded = load()
        if isinstance(loaded, str):
            raise NativeError(loaded)
        self._ffi, self._lib = ffi, lib = loaded
        self.progress = progress
        lengths = sorted({s.length for s in sites})
        table_of = {n: k for k, n in enumerate(lengths)}
        letters, has, masks = _table_arrays(lengths, tables)
        rows, cols, slot_places, given = _place_arrays(sites, tables, candidates)
        key = seed_key(seed)
        # scored tables (words sorted best first): decide tries the letters of the best words first
        scored = all(getattr(tables[n], "scores", ()) for n in lengths)
        scores = [x for n in lengths for x in tables[n].scores] if scored else []
        letter_bufs = [ffi.new("char[]", ch.encode()) for ch in letters]
        self._progress_address = _shared_int64(progress)
        pointer = ffi.NULL if self._progress_address is None else ffi.cast("int64_t *", self._progress_address)
        raw = lib.fp_new(
            len(letters),
            ffi.new("char *[]", letter_bufs),
            len(lengths),
            ffi.new("int32_t[]", lengths),
            ffi.new("int32_t[]", [len(tables[n].words) for n in lengths]),
            ffi.from_buffer("uint8_t[]", has),
            ffi.from_buffer("uint64_t[]", b"".join(masks) or bytes(8)),
            len(sites),
            ffi.new("int32_t[]", [table_of[s.length] for s in sites]),
            ffi.new("int32_t[]", slot_places),
            ffi.from_buffer("uint64_t[]", b"".join(given) or bytes(8)),
            len(rows),
            ffi.new("int32_t[]", rows),
            ffi.new("int32_t[]", cols),
            int(no_repeat),
            VALUE_RULES.index(value_rule),
            ffi.new("uint32_t[]", key),
            len(key),
            int(bool(seed)),
            pointer,
            ffi.new("int64_t[]", scores) if scored else ffi.NULL,
        )
        if raw == ffi.NULL:
            raise NativeError("out of memory")
        self._state = ffi.gc(raw, lib.fp_free)  # freed when the last holder goes (see register)
        self._registered = False

    def register(self, ctl: clingo.Control) -> None:
        """Registers the propagator on ``ctl``. The control object keeps the C state alive: Python
        frees an object's attributes after its finaliser (which frees the control), also in cycles."""
        ffi, lib = self._ffi, self._lib
        if self._registered:  # one C state per control: init on another would rebuild it under the first
            raise ValueError("the propagator is already registered on a control")
        self._registered = True
        address = int(ffi.cast("uintptr_t", ctl._rep))
        if not lib.fp_register(self._state, ffi.cast("void *", address)):
            raise NativeError("clingo refused the propagator")
        held = getattr(ctl, "_pyclingo_puzzles_native", None)
        if held is None:
            held = []
            ctl._pyclingo_puzzles_native = held  # type: ignore[attr-defined]
        held.append(self._state)

    @property
    def conflicts(self) -> int:
        """Slots whose candidates ran out (the progress line shows it)."""
        return int(self._lib.fp_conflicts(self._state))

    @property
    def steps(self) -> int:
        """The same deterministic count of work as ``WordPropagator.steps``."""
        return int(self._lib.fp_steps(self._state))

    def finish(self) -> None:
        """Hands the final step count to a progress that is not shared memory the C side writes."""
        if self.progress is not None and self._progress_address is None:
            self.progress.value = self.steps


def _shared_int64(progress: Progress | None) -> int | None:
    """The address of a portfolio worker's progress counter (a 64-bit ctypes value in shared
    memory), which the C side updates as the Python propagator does; None for anything else."""
    if isinstance(progress, ctypes.c_int64):
        return ctypes.addressof(progress)
    return None


def solve_error(exc: BaseException) -> NativeError:
    """clingo's exception for an error the C side reported, as one line for the user."""
    if isinstance(exc, MemoryError):
        return NativeError("out of memory")
    return NativeError(str(exc).strip().splitlines()[-1] if str(exc).strip() else type(exc).__name__)
