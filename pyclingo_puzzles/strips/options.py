"""``StripsOptions``: how one strips run solves, built once (by ``cli/commands/`` from the arguments, by
``api.py`` from keywords) and handed down unchanged to the solver."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class StripsOptions:
    rules: tuple[str, ...] = ()  # the user's rule files (paths as strings)
    models: int = 1  # tilings wanted per grid, 0 = all
    seed: int | None = None
    time_limit: float | None = None  # seconds, within the run's own budget
    count_only: bool = False  # count every tiling of every grid (--count; one tiling kept)
    hunt: bool = False  # then the meta grid of the 1x1 cells, and its tiling (--hunt)
