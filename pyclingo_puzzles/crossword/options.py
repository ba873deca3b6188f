"""``FillOptions``: how one crossword run solves, built once (by ``cli/commands/`` from the arguments, by
``api.py`` from keywords) and handed down unchanged to the search and the propagator."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.errors import InputError
from ..core.schema import RunOptions, option

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
class FillOptions(RunOptions):
    """Both modes read ``rules`` to ``count_only``; the rest is the dictionary fill's. Each field is
    its option's one definition (``core/schema.py``: the command's argument, the API's keyword).
    Frozen: a changed copy is ``dataclasses.replace(options, ...)``. (A P-99 run builds one too:
    importing ``dataclasses`` there costs about 5 ms of CPU and building this class 1 ms, of about
    75 ms; docs/development.md, "Start-up".)"""

    count_only: bool = option(False, "flag", "count all solutions and print only their number (exit 30; with "
                              "--time-limit a lower bound, printed as 'at least N', exit 11)", keyword="count")
    unique: bool = option(False, "flag", "say whether the solution is the only one: a search for a second (the "
                          "cells where two differ); exit 0 either way (clingo's convention: 30 unique, 10 not)")
    no_repeat: bool = option(True, "flag", "allow the same word on several sites", flag="--allow-repeat",
                             invert=True)  # never the same word on two slots
    optimize: bool = option(False, "flag", "maximise the total score of the fill")  # word atoms ground
    word_atoms: bool = option(False, "flag", "ground the word atoms place/2 instead of the word propagator (slower; "
                              "implied by --optimize and by --rules files that mention place/2)")
    min_length: int = option(2, "whole", "ignore dictionary words shorter than N (default 2); with --size, also "
                             "the shortest entry (default 3)", low=1, metavar="N")
    min_score: int | None = option(None, "whole", "ignore dictionary words scored below S (scored lists: "
                                   "WORD;SCORE; 'en' scores Zipf frequency x 100 and leaves out words below 200 "
                                   "unless S is given)", low=-(2**31), high=2**31 - 1, metavar="S")
    propagator: str = option("auto", "choice", "the word propagator: native.choose's", choices=("auto", "c", "python"),
                             cli=False)  # fmt: skip
    value_rule: str = option(VALUE_RULES[0], "choice", "the propagator's letter choice when nothing races",
                             choices=VALUE_RULES, cli=False)
    min_differ: int | None = option(None, "whole", "with --models N: every two fills differ in at least K entries "
                                    "(default a quarter)", low=1, metavar="K")
    differ_from: tuple[tuple[str, ...], ...] = ()  # earlier fills' grids the fill must differ from
    max_shared_substring: int = option(DEFAULT_SHARED, "whole", f"no two entries share a run of N letters (default "
                                       f"{DEFAULT_SHARED}; 0: no limit)", low=0, metavar="N")

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
