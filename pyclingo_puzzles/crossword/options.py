"""``FillOptions``: how one crossword run solves, built once (by ``cli/commands/`` from the arguments, by
``api.py`` from keywords) and handed down unchanged to the search and the propagator."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.errors import InputError

# The word propagator's rules for the letter to try next: how its decide() picks a place and a
# letter there. "failures": the open place whose slots have failed (been left without a candidate)
# most often, per letter still open there (Gecode's "accumulated failure count / domain size",
# which its crossword example branches on); the letter as "product". Measured against "product":
# 19.03 takes 1,149 conflicts instead of 6,141, 15.06 497 instead of 3,228, 21.04 is filled in 392
# instead of timing out; 15.10 (2,126) and 21.10 go the other way. "product" and "min": the open
# slot with the fewest candidates left, its first open place, and the letter that leaves the most
# combinations in the slots through the place ("product") or whose tightest slot keeps the most
# ("min"; 15.06: 1,395 conflicts, but 15.04 and 15.07 time out). A race (--jobs) runs them in this order.
VALUE_RULES = ("failures", "product", "min")
# A generated pattern's (crossword --size, pattern.py): its symmetries, and the share of blocks
SYMMETRIES = ("rotational", "mirror", "none")
BLOCK_SHARE = 0.17  # at most this share of blocks (38 of 225 on 15x15)
DEFAULT_SHARED = 6  # --max-shared-substring: NATION and NATIONAL may not meet, STATION and NATIONS (ATION) may


@dataclass(frozen=True)
class FillOptions:
    """Both modes read ``rules`` to ``count_only``; the rest is the dictionary fill's. Frozen: a
    changed copy is ``dataclasses.replace(options, ...)``. (A P-99 run builds one too: importing
    ``dataclasses`` there costs about 5 ms of CPU and building this class 1 ms, of about 75 ms;
    docs/development.md, "Start-up".)"""

    rules: tuple[str, ...] = ()  # the user's rule files (paths as strings)
    models: int = 1  # solutions wanted, 0 = all
    seed: int | None = None
    time_limit: float | None = None  # seconds, within the run's own budget
    count_only: bool = False  # count every solution, keep none (--count)
    no_repeat: bool = True  # never the same word on two slots
    optimize: bool = False  # the best total score (word atoms ground)
    word_atoms: bool = False  # ground place/2 instead of the word propagator
    jobs: int = 1  # processes one fill may race
    min_length: int = 2  # dictionary words shorter than this are left out
    min_score: int | None = None  # ... and those scored below this
    propagator: str = "auto"  # "auto", "c" or "python" (native.choose)
    value_rule: str = VALUE_RULES[0]  # the propagator's letter choice when nothing races
    min_differ: int | None = None  # with models > 1: fills differ pairwise in this many entries (None: a quarter)
    differ_from: tuple[tuple[str, ...], ...] = ()  # earlier fills' grids the fill must differ from
    max_shared_substring: int = DEFAULT_SHARED  # no two entries share a run this long (0: no limit)
    unique: bool = False  # is the solution the only one (--unique): a search for a second one

    def searched(self) -> FillOptions:
        """The options the search runs with: ``unique`` looks for two solutions (fills that differ
        in one entry at least)."""
        if not self.unique:
            return self
        return replace(self, models=2, min_differ=1)

    def dictionary_only(self) -> list[str]:
        """The dictionary fill's options that differ from their defaults, as the command names
        them (they mean nothing to a word list)."""
        given = [("--optimize", self.optimize), ("--word-atoms", self.word_atoms)]
        given += [("--allow-repeat", not self.no_repeat), ("--min-length", self.min_length != 2)]
        given.append(("--min-score", self.min_score is not None))
        given.append(("--max-shared-substring", self.max_shared_substring != DEFAULT_SHARED))
        return [option for option, on in given if on]

    def checked(self, where: str, command: bool = False) -> FillOptions:
        """These options, or an ``InputError`` for a combination no fill can do, naming them as the
        command (``command``: ``--count``) or the API (``count``) does."""
        if self.optimize and self.count_only:  # clingo would count the improving fills, not the fills
            count, optimize = ("--count", "--optimize") if command else ("count", "optimize")
            raise InputError(f"{count} counts every fill and {optimize} looks for the best one: give one of them",
                             where)  # fmt: skip
        if self.unique:
            clash = [(self.count_only, "count"), (self.optimize, "optimize"), (self.models != 1, "models")]
            named = [("--" if command else "") + what for on, what in clash if on]
            if named:
                unique = "--unique" if command else "unique"
                raise InputError(f"{unique} looks for a second solution itself: not with {', '.join(named)}", where)
        return self


DEFAULTS = FillOptions()
