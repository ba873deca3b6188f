"""``FillinOptions``: how one fill-in run chooses its answer and starters (the command builds it from
the arguments, ``api.make`` from keywords)."""

from __future__ import annotations

from typing import NamedTuple

DIFFICULTIES = ("easy", "hard")


class FillinOptions(NamedTuple):
    rules: tuple[str, ...] = ()  # the user's rule files (paths as strings): both searches load them
    seed: int | None = None  # the answer's search and the starters' ties
    time_limit: float | None = None  # seconds, the whole run
    starters: int | None = None  # exactly this many starters where possible (None: the fewest)
    difficulty: str | None = None  # "easy" | "hard" | None (the fewest, whatever grade they give)
