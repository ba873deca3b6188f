"""``CodewordOptions``: how one codeword run chooses its givens (the command builds it from the
arguments, ``api.make`` from keywords); each field is its option's one definition
(``core/schema.py``). The grid's source, its dictionary and the list the proof is against are the
run's input, not options."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.schema import RunOptions, option

MAX_GIVENS = 26  # every number of a grid with all 26 letters
DEFAULT_GIVENS = (2, 3)  # the usual rules: two or three letters given


@dataclass(frozen=True)
class CodewordOptions(RunOptions):
    """``seed``: the grid's numbers (and its fill); ``time_limit``: the whole run. No rules (the
    proof is about the dictionary's words) and one puzzle a run."""

    givens: int | None = option(None, "whole", f"exactly N given letters (at most {MAX_GIVENS})", low=0,
                                high=MAX_GIVENS, metavar="N")  # fmt: skip
    min_givens: int = option(DEFAULT_GIVENS[0], "whole", f"at least N given letters (default {DEFAULT_GIVENS[0]})",
                             low=0, high=MAX_GIVENS, metavar="N")  # fmt: skip
    max_givens: int = option(DEFAULT_GIVENS[1], "whole", f"at most N given letters (default {DEFAULT_GIVENS[1]}; "
                             f"{MAX_GIVENS} at most)", low=0, high=MAX_GIVENS, metavar="N")  # fmt: skip
    every_letter: bool | None = option(None, "flag", "the fill must hold every letter A-Z (default: tried on grids "
                                       "of 121 cells or more)", cli=False)  # None: where the grid is 11x11 or more

    def givens_range(self) -> tuple[int, int]:
        """The fewest and the most given letters (``givens``: exactly that many)."""
        return (self.givens, self.givens) if self.givens is not None else (self.min_givens, self.max_givens)
