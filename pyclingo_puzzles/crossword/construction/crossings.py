"""A themed pattern's first fill: the better words of the dictionary, and every word in the slots
across the theme letters (``themed_fill``). A theme's rare letters (the Z and K of PUZZLEMAKER)
leave the best words nothing across them, and a fill from the whole list reaches down to Zipf 2.5
everywhere; this way only the crossings do."""

from __future__ import annotations

from dataclasses import replace

from ...run import runtime
from ..engine import attempt, strategy
from ..engine.attempt import FillOutcome
from ..framework import Framework
from ..options import FillOptions
from ..reader import Dictionary


def themed_fill(framework: Framework, words: Dictionary, options: FillOptions, conflicts: int) -> FillOutcome | None:
    """A themed pattern's fill from the better words with every word across the theme letters
    (``with_crossings``): the best 45% and 60% of ``words`` (side by side with jobs, the first in
    order that fills wins), or the run out of time; else None. (From the best 30% and the
    crossings, two 11-letter themes' first pattern was proved unfillable in 82 conflicts.)"""
    floors = strategy.preferred_floors(words)[1:]
    if not floors:
        return None
    mixes = [with_crossings(strategy.best_words(words, f, options.seed), words, framework) for f in floors]
    together = strategy.side_by_side(framework, mixes, options, conflicts) if options.jobs > 1 else None
    alone = replace(options, jobs=1)
    tries = [together] if together is not None else [
        (k, attempt.once(framework, m, alone, conflicts)) for k, m in enumerate(mixes)]  # fmt: skip
    for won, outcome in tries:
        if outcome.solutions or runtime.stopping() or runtime.out_of_time():
            outcome.stats.extra.update(score_floor=floors[won], theme_crossings="every word")
            return outcome
    return None


def with_crossings(best: Dictionary, words: Dictionary, framework: Framework) -> Dictionary:
    """The best words and, for each slot across given letters (a theme's), every word of ``words``
    that fits them: a Z or a K of a theme leaves the best words none there (two 11-letter themes,
    seeds 1-5: every best-words fill failed at once), while the rest of the grid can be filled
    from the best alone."""
    from ..engine.pruning import word_tables

    sites = framework.sites()
    given = dict(framework.predefined())
    tables = word_tables(words, {s.length for s in sites})
    added = dict(best.words)
    for s in sites:
        bits, crossed = tables[s.length].full, False
        for i, cell in enumerate(s.cells()):
            if cell in given:
                bits &= tables[s.length].masks[i].get(given[cell], 0)
                crossed = True
        if crossed and bits:
            added.update((w, words.words[w]) for w in tables[s.length].decode(bits))
    return Dictionary(added, best.skipped)
