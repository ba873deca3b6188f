"""``LayoutOptions``: how one layout run searches, built once (by ``cli/commands/`` from the arguments, by
``api.py`` from keywords) and handed down unchanged to ``dual.arrange`` and the search."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core.errors import InputError
from ..core.schema import RunOptions, like, option

DEFAULT_TIME_LIMIT = 10.0  # seconds: a layout is the best found in its time, so a run always has a limit


@dataclass(frozen=True)
class LayoutOptions(RunOptions):
    """Each field is its option's one definition (``core/schema.py``); the common ones keep their
    meaning with two defaults of the layout's own: a time limit always (the best found in its time)
    and two processes (a second search in a worker when it pays)."""

    time_limit: float = like(RunOptions, "time_limit", DEFAULT_TIME_LIMIT)  # the best found in it: always one
    jobs: int = like(RunOptions, "jobs", 2)  # a second search in a worker process when it pays (jobs > 1)
    models: int = like(RunOptions, "models", 1, low=1, high=1, note="")  # one best layout (the web reads it)
    work_limit: float | None = option(None, "seconds", "the search's budget as seconds of a quiet machine's work "
                                      "(books)", cli=False)  # fmt: skip

    @property
    def workers(self) -> bool:
        """A second search in a worker process when it pays (one process: none)."""
        return self.jobs > 1

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
