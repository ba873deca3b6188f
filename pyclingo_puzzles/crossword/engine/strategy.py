"""The dictionary fill's search strategy: which dictionaries to try, in what order, each tried by
``attempt.once``. A scored dictionary is first tried with only its best words; with a seed, a
seed-dependent share of the words sits out; the whole dictionary decides last, so "unfillable" is
always proved with every word."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial

from ...core import rules as user_rules
from ...core.solve import Status
from ...run import runtime
from ...run.portfolio import can_race, race
from ..framework import Framework
from ..options import DEFAULTS, VALUE_RULES, FillOptions
from ..reader import Dictionary
from . import attempt
from .attempt import FillJob, FillOutcome
from .bans import slow_note
from .kept import kept

# With a seed, this share of the dictionary (drawn by the seed) sits out the first attempt: the
# search itself barely depends on the seed (randomising its letter choices was measured to cost
# timeouts on 15.06, and random first decisions are undone by restarts), so without this most
# seeds would give the same fill on a hard grid.
SEED_DROP = 0.02
# A scored dictionary is tried first with only its best words: this share of them, then the next,
# each search stopped after PREFER_CONFLICTS conflicts (a count, not a time: the fill stays the same
# on a busy machine), before the whole dictionary decides. The propagator tries the best words first
# in any case, but a fill from the best 30% has no rare word at all (the built-in English list: its
# best 30%, 45% and 60% are the words of Zipf 3.03, 2.69 and 2.45 and more). On the 15x15 grids a
# fill from the best 30% takes 16-289 conflicts or more than 1,000; from the best 45%, 8-375. With
# several jobs the first attempts run side by side (``side_by_side``), so a grid whose best
# 30% cannot be filled loses no time on it.
PREFER_SHARES = (0.3, 0.45, 0.6)
PREFER_CONFLICTS = 200


def solve_fill(framework: Framework, dictionary: Dictionary, options: FillOptions = DEFAULTS) -> FillOutcome:
    """Fill ``framework`` from ``dictionary`` as ``options`` say. A seed varies the fill: a
    seed-dependent ``SEED_DROP`` share of the dictionary is left out, and only if the rest gives no
    fill does the whole dictionary decide. Not done when enumerating or optimising, where leaving
    words out would change the answer. Every attempt asks the run's budget for its time
    (``runtime.until``: ``options.time_limit`` within the run's)."""
    with runtime.until(options.deadline):
        say_slow_mode(options)
        one_fill = options.models == 1 and not options.optimize and not options.count_only
        if one_fill:
            outcome = best_words_first(framework, dictionary, options)
            if outcome is not None:
                return outcome
        if options.seed and one_fill:
            kept = seed_subset(dictionary, options.seed)
            outcome = attempt.once(framework, kept, options)
            if outcome.result is not None and outcome.result.status is not Status.UNSAT:
                outcome.stats.extra.update(seed_left_out=len(dictionary.words) - len(kept.words))
                return outcome  # a fill, or out of time
        return attempt.once(framework, dictionary, options)


def say_slow_mode(options: FillOptions) -> None:
    """Rules that need the word atoms: said once, before the fill starts, with what makes it slow
    and what to write instead (``bans.slow_note``)."""
    if not (options.word_atoms or options.optimize) and attempt.wants_word_atoms(options.rules):
        user_rules.warn_once(user_rules.default_warn, slow_note(options.rules))


def best_words_first(framework: Framework, dictionary: Dictionary, options: FillOptions) -> FillOutcome | None:
    """The attempts with the best words (``PREFER_SHARES``), side by side when there are jobs for
    it; a fill from them (or the run out of time), else None."""
    floors = preferred_floors(dictionary)
    tried = 0
    together = min(options.jobs, len(floors))
    if together > 1:
        bests = [best_words(dictionary, floor, options.seed) for floor in floors[:together]]
        side = side_by_side(framework, bests, options, PREFER_CONFLICTS)
        if side is not None:
            tried, (won, outcome) = together, side
            if outcome.solutions or runtime.stopping() or runtime.out_of_time():
                outcome.stats.extra.update(score_floor=floors[won])
                return outcome
    for floor in floors[tried:]:
        outcome = attempt.once(framework, best_words(dictionary, floor, options.seed), options, PREFER_CONFLICTS)
        if outcome.solutions or runtime.stopping() or runtime.out_of_time():
            outcome.stats.extra.update(score_floor=floor)
            return outcome
    return None


def preferred_floors(dictionary: Dictionary, shares: Sequence[float] = PREFER_SHARES) -> list[int]:
    """The scores that keep the best ``shares`` of a scored dictionary's words, lowest share
    first; none for a flat list (or where a share would keep every word)."""
    return list(kept("floors", dictionary.words, tuple(shares), lambda: _floors(dictionary, shares)))


def _floors(dictionary: Dictionary, shares: Sequence[float]) -> tuple[int, ...]:
    scores = sorted(dictionary.words.values(), reverse=True)
    if scores[0] == scores[-1]:
        return ()
    floors: list[int] = []
    for share in shares:
        floor = scores[max(0, int(len(scores) * share) - 1)]
        if floor > scores[-1] and floor not in floors:
            floors.append(floor)
    return tuple(floors)


def best_words(dictionary: Dictionary, floor: int, seed: int | None) -> Dictionary:
    """The words scored ``floor`` or more (with a seed: less its ``seed_subset`` share); the same
    object for the same dictionary again (``kept``: its tables stay warm)."""
    return kept("best", dictionary.words, (floor, seed), lambda: _best_words(dictionary, floor, seed))


def _best_words(dictionary: Dictionary, floor: int, seed: int | None) -> Dictionary:
    best = Dictionary({w: sc for w, sc in dictionary.words.items() if sc >= floor}, dictionary.skipped)
    return seed_subset(best, seed) if seed else best


def seed_subset(dictionary: Dictionary, seed: int) -> Dictionary:
    """The dictionary less a seed-dependent ``SEED_DROP`` share of its words (kept, as ``best_words``)."""
    return kept("seeded", dictionary.words, seed, lambda: _seed_subset(dictionary, seed))


def _seed_subset(dictionary: Dictionary, seed: int) -> Dictionary:
    rng = random.Random(seed)
    return Dictionary({w: sc for w, sc in dictionary.words.items() if rng.random() >= SEED_DROP}, dictionary.skipped)


def side_by_side(
    framework: Framework, dictionaries: Sequence[Dictionary], options: FillOptions, conflicts: int
) -> tuple[int, FillOutcome] | None:
    """The first attempts with the best words, all at once: one process per dictionary (best words
    first), each with its own value rule and stopped after ``conflicts`` conflicts; the
    first dictionary in this order whose search fills wins (``portfolio.race`` in order: it waits
    for the searches before it, so the fill does not depend on timing). None when the searches
    cannot run so (word atoms, no fork, a dictionary that leaves a slot without candidates): the
    caller then tries them one by one."""
    if not can_race() or options.word_atoms or attempt.wants_word_atoms(options.rules):
        return None
    jobs = [attempt.prepare(framework, d, options, conflicts) for d in dictionaries]
    searches = [job for job in jobs if isinstance(job, FillJob)]
    if len(searches) < len(jobs):
        return None
    attempt.diagnose_raced(options.rules)
    rules_used = [VALUE_RULES[k % len(VALUE_RULES)] for k in range(len(searches))]
    tasks = [partial(job.run, rule) for job, rule in zip(searches, rules_used, strict=True)]
    won, outcome, waited = race(tasks, lambda o: bool(o.solutions), in_order=True)
    outcome.stats.extra.update(
        value_rule=rules_used[won], jobs=len(tasks), race_wait_seconds=round(waited, 3),
        prune_seconds=round(sum(job.prune_seconds for job in searches), 4),
    )
    return won, outcome
