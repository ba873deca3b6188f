"""Strip cover instances: the YAML reader and the instance dataclasses.

Schema (as ``mums2010.yaml``): ``strip_lengths: [1, 2, 3]`` (optional, default 1..3),
``grids: [{name, rows: [row strings of b/w], letters: [row strings] (optional)}]``,
``final_grid: [row strings]`` (optional: the expected meta grid of the hunt chain).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import InputError, shown
from ..core.letters import describe_char
from ..formats import instances
from ..formats.yamlio import YamlDoc, expect_mapping, load_yaml

COLOURS = ("b", "w")
DEFAULT_LENGTHS = (1, 2, 3)
MAX_CELLS = 250_000  # per grid (500 x 500); one fact per cell, and the ground program grows with it
KEYS = ("strip_lengths", "grids", "final_grid")
MAX_LENGTH = 12  # patterns are enumerated per length (2**L numbers); longer strips are absurd here


@dataclass(frozen=True)
class Grid:
    name: str
    rows: tuple[str, ...]  # 'b'/'w' strings, row 0 at the top
    letters: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        # built in Python (the API, tests), a grid is held to the reader's rules
        if not self.rows or any(not isinstance(r, str) for r in self.rows) or not self.rows[0]:
            raise InputError(f"grid {self.name!r} must be a non-empty list of row strings")
        for i, row in enumerate(self.rows):
            bad = next((ch for ch in row if ch not in COLOURS), None)
            if bad is not None:
                raise InputError(f"grid {self.name!r} row {i + 1} has {describe_char(bad)}; only b and w are colours")
            if len(row) != len(self.rows[0]):
                raise InputError(f"grid {self.name!r} row {i + 1} has {len(row)} cells, row 1 has {len(self.rows[0])}")

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0])


@dataclass(frozen=True)
class StripsInstance:
    path: str
    strip_lengths: tuple[int, ...]
    grids: tuple[Grid, ...]
    final_grid: tuple[str, ...] | None = None


def _rows(doc: YamlDoc, value: Any, what: str, keys: tuple[str | int, ...], colours: bool) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise doc.error(f"{what} must be a non-empty list of row strings", *keys)
    rows: list[str] = []
    for i, row in enumerate(value):
        if not isinstance(row, str) or not row:
            raise doc.error(f"{what} row {i + 1} must be a non-empty string", *keys, i)
        if colours:
            row = row.lower()
            bad = next((ch for ch in row if ch not in COLOURS), None)
            if bad is not None:
                raise doc.error(f"{what} row {i + 1} has {describe_char(bad)}; only b and w are colours", *keys, i)
        if rows and len(row) != len(rows[0]):
            raise doc.error(f"{what} row {i + 1} has {len(row)} cells, row 1 has {len(rows[0])}", *keys, i)
        if (i + 1) * len(row) > MAX_CELLS:
            raise doc.error(f"{what} has more than {MAX_CELLS} cells (row {i + 1})", *keys, i)
        rows.append(row)
    return tuple(rows)


def parse_instance(text: str, path: str) -> StripsInstance:
    return from_doc(load_yaml(path, text))


def from_doc(doc: YamlDoc) -> StripsInstance:
    """An instance from a parsed document (a YAML file, or the Python API's mapping)."""
    path = doc.path
    data = expect_mapping(doc, KEYS)
    lengths_raw = data.get("strip_lengths", list(DEFAULT_LENGTHS))
    if (
        not isinstance(lengths_raw, list)
        or not lengths_raw
        or not all(isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= MAX_LENGTH for n in lengths_raw)
    ):
        raise doc.error(f"'strip_lengths' must be a non-empty list of integers from 1 to {MAX_LENGTH}", "strip_lengths")
    grids_raw = data.get("grids")
    if not isinstance(grids_raw, list) or not grids_raw:
        raise doc.error("'grids' must be a non-empty list of {name, rows}", "grids")
    grids = []
    names: set[str] = set()
    for g, entry in enumerate(grids_raw):
        keys: tuple[str | int, ...] = ("grids", g)
        if not isinstance(entry, dict):
            raise doc.error(f"grid {g + 1} must be a mapping with 'name' and 'rows'", *keys)
        unknown = set(entry) - {"name", "rows", "letters"}
        if unknown:
            raise doc.error(f"grid {g + 1} has unknown key {shown(sorted(map(str, unknown))[0])}", *keys)
        name = entry.get("name", f"grid{g + 1:02d}")
        if not isinstance(name, str | int) or isinstance(name, bool) or not str(name).strip():
            raise doc.error(f"grid {g + 1} needs a name", *keys)
        name = str(name)
        if name in names:
            raise doc.error(f"grid name {shown(name)} is used twice", *keys)
        names.add(name)
        rows = _rows(doc, entry.get("rows"), f"grid {shown(name)}", (*keys, "rows"), colours=True)
        letters = None
        if entry.get("letters") is not None:
            letters = _rows(doc, entry["letters"], f"letters of grid {shown(name)}", (*keys, "letters"), colours=False)
            if (len(letters), len(letters[0])) != (len(rows), len(rows[0])):
                raise doc.error(f"letters of grid {shown(name)} must have the shape of its rows", *keys, "letters")
        grids.append(Grid(name, rows, letters))
    final = None
    if data.get("final_grid") is not None:
        final = _rows(doc, data["final_grid"], "'final_grid'", ("final_grid",), colours=True)
    return StripsInstance(path, tuple(sorted(set(lengths_raw))), tuple(grids), final)


def read_instance(path: str | Path) -> StripsInstance:
    """A YAML instance from a file or standard input (``-``)."""
    return instances.read(path, from_doc, KEYS, lists=False)
