"""Why a run of ``crossword --size`` found no grid, saying no more than was proved: a theme letter
no word of any length can cross (``themeslots.dead_crossings``: then no grid exists at all), the
theme letters the unfillable patterns' cores cross most, and the smallest core (its pattern alone
proved unfillable, not every pattern)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine.unfillable import Core
    from .pattern import Generated, PatternSpec
    from .themes import Theme

MOST_CROSSED = 3  # theme letters named, those the most cores cross


def unfilled_reason(made: Generated, spec: PatternSpec, min_score: int | None) -> list[str]:
    """The lines that say why ``made`` holds no grid (none when it has no reason to give)."""
    from ..engine.unfillable import Core

    at = f" scored {min_score} or more" if min_score is not None else " of the lists"
    lines = [f"theme entry {t.text()}: no word{at} of any length fits a slot {_across(t)} through its "
             f"{t.word[i]} at row {r}, column {c} (proved: no grid has the theme there)"
             for t, i, (r, c) in made.dead]  # fmt: skip
    core = made.smallest
    if made.cores:
        with_score = f" with words scored {min_score} or more (--min-score)" if min_score is not None else ""
        lines.append(f"{len(made.cores)} of {made.patterns} patterns were proved unfillable{with_score}")
        crossed = crossed_most(made, spec)
        if crossed:
            lines.append(f"the theme letters their cores cross most: {crossed}")
    if isinstance(core, Core):
        lines.append(f"on one, these {len(core.slots)} slots cannot be filled together:")
        lines += [f"  {line}" for line in core.lines()]
        below = f"a word scored below {min_score}" if min_score is not None else "a word the lists lack"
        for theme in themes_in_core(spec.themes, core):
            lines.append(f"theme entry {theme.text()}: on that pattern a fill of its crossings needs {below}")
    if (lines or made.unproved) and not made.dead and not made.gave_up:
        lines.append(unproved(made))
    return lines


def _across(theme: Theme) -> str:
    return "down" if theme.direction == "across" else "across"


def unproved(made: Generated) -> str:
    """What the run did not prove: that no grid exists (not every pattern was tried, or proved)."""
    if made.unproved:
        return (f"no grid was proved impossible: {made.unproved} patterns were passed over unfilled "
                "within their budget, not proved unfillable")  # fmt: skip
    return "no grid was proved impossible: the time limit came before every pattern was tried"


def crossed_most(made: Generated, spec: PatternSpec) -> str:
    """The theme letters the most cores cross (the crossings the floor fails), with their counts."""
    letters = {cell: (t, i) for t in spec.themes if t.placed for i, cell in enumerate(t.cells())}
    ranked = sorted(made.crossings.items(), key=lambda kv: (-kv[1], kv[0]))[:MOST_CROSSED]
    named = []
    for (r, c), n in ranked:
        theme, i = letters[(r, c)]
        named.append(f"the {theme.word[i]} of {theme.word} at row {r}, column {c} ({n} of {len(made.cores)})")
    return "; ".join(named)


def themes_in_core(themes: Sequence[Theme], core: Core) -> list[Theme]:
    """The theme entries the unfillable core holds or crosses: the ones to name."""
    cells = {cell for s in core.slots for cell in s.cells()}
    return [t for t in themes if t.placed and cells & set(t.cells())]
