"""``FillinOptions``: how one fill-in run chooses its answer and starters (the command builds it from
the arguments, ``api.make`` from keywords); each field is its option's one definition
(``core/schema.py``)."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.schema import RunOptions, option

DIFFICULTIES = ("easy", "hard")


@dataclass(frozen=True)
class FillinOptions(RunOptions):
    """``rules``: both searches load them; ``seed``: the answer's search and the starters' ties;
    ``time_limit``: the whole run."""

    starters: int | None = option(None, "whole", "exactly N starter letters where N can be had (default: the fewest "
                                  "that make the answer unique)", low=0, high=10_000, metavar="N")  # fmt: skip
    difficulty: str | None = option(None, "choice", "easy: solved from the starters by reasoning alone; hard: a guess "
                                    "is needed", choices=DIFFICULTIES)  # None: the fewest, whatever grade they give
