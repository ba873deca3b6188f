"""``LayoutOptions``: how one layout run searches, built once (by ``cli/commands/`` from the arguments, by
``api.py`` from keywords) and handed down unchanged to ``dual.arrange`` and the search."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core.errors import InputError

DEFAULT_TIME_LIMIT = 10.0  # seconds: a layout is the best found in its time, so a run always has a limit


@dataclass(frozen=True)
class LayoutOptions:
    rules: tuple[str, ...] = ()  # the user's rule files (paths as strings)
    seed: int | None = None
    time_limit: float = DEFAULT_TIME_LIMIT  # the whole run's (none given: the default)
    work_limit: float | None = None  # the search's budget as seconds of a quiet machine's work (books)
    workers: bool = True  # a second search in a worker process when it pays (the command: --jobs > 1)
    models: int = 1  # one best layout: anything else is refused

    def checked(self, where: str | Path | None, command: bool = False) -> LayoutOptions:
        """These options, or an ``InputError`` for what no layout search can do, naming them as the
        command (``command``: ``--models``) or the API (``work_limit``) does."""
        if self.models != 1:
            named = "--models" if command else "models"
            raise InputError(f"layout computes one best layout: {named} must be 1, got {self.models}", where)
        limit = self.work_limit
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int | float)
                                  or not 0 < limit <= self.time_limit):  # fmt: skip
            raise InputError(f"work_limit must be seconds > 0 and at most time_limit, got {limit!r}", where)
        return self
