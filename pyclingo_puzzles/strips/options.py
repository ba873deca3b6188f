"""``StripsOptions``: how one strips run solves, built once (by ``cli/commands/`` from the arguments, by
``api.py`` from keywords) and handed down unchanged to the solver."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.schema import RunOptions, option


@dataclass(frozen=True)
class StripsOptions(RunOptions):
    """Each field is its option's one definition (``core/schema.py``)."""

    count_only: bool = option(False, "flag", "count all tilings of every grid and print only the numbers, one line "
                              "per grid, with --hunt the meta grid's last (with --time-limit lower bounds, printed as "
                              "'at least N')", keyword="count")  # one tiling kept
    hunt: bool = option(False, "flag", "hunt chain: 1x1 cells -> meta grid -> solve it -> cells of the all-black "
                        "strips", web=True)  # then the meta grid of the 1x1 cells, and its tiling
