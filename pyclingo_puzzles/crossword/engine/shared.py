"""``--max-shared-substring N``: no two entries of a fill share a run of N letters (STATION and
NATIONS share ATION, 5 letters), as Ingrid offers.

A lazy constraint: a clingo propagator that looks only at total assignments (every place has its
letter) and, for two entries that share a run, adds the nogood "these N places of one entry and
these N of the other hold these letters". Cheap because it runs once per candidate fill, not at
every propagation, and most fills break no such rule at a length of 5 or more; the word
propagator's pruning stays untouched (``benchmarks/crossword_fill.py`` measures the cost).
``shared_runs`` is the verifier's own check of a finished fill, written apart from the propagator.
"""

from __future__ import annotations

from collections.abc import Sequence

from clingo import PropagateControl, PropagateInit, PropagatorCheckMode

from ..framework import Site


def applies(sites: Sequence[Site], n: int) -> bool:
    """Whether the rule can bite: a limit, and two slots long enough to hold a run of ``n``."""
    return n > OFF and sum(s.length >= n for s in sites) >= 2

OFF = 0  # --max-shared-substring 0: no limit (the default is options.DEFAULT_SHARED)


class SharedRunPropagator:
    """Refuses total assignments in which two slots share a run of ``n`` letters."""

    def __init__(self, sites: Sequence[Site], n: int):
        self.sites = [s for s in sites if s.length >= n]  # a shorter slot holds no run of n letters
        self.n = n
        self.literal: dict[tuple[int, int, str], int] = {}  # (row, column, letter) -> solver literal
        self.letters: dict[tuple[int, int], list[tuple[str, int]]] = {}  # place -> (letter, literal)

    def init(self, init: PropagateInit) -> None:
        for atom in init.symbolic_atoms.by_signature("val", 3):
            # read from the symbol's text, val(R,C,"X"): half the time of its arguments one by one
            r, c, x = str(atom.symbol)[4:-1].split(",", 2)
            lit = init.solver_literal(atom.literal)
            key = (int(r), int(c), x[1:-1])
            self.literal[key] = lit
            self.letters.setdefault(key[:2], []).append((key[2], lit))
        init.check_mode = PropagatorCheckMode.Total

    def check(self, control: PropagateControl) -> None:
        assignment = control.assignment
        words: dict[int, str] = {}
        for s in self.sites:
            word = ""
            for cell in s.cells():
                word += next((ch for ch, lit in self.letters.get(cell, ()) if assignment.is_true(lit)), "?")
            words[s.id] = word
        by_id = {s.id: s for s in self.sites}
        first: dict[str, tuple[int, int]] = {}  # run -> (slot, start) where it was first seen
        for s in self.sites:
            word = words[s.id]
            for i in range(s.length - self.n + 1):
                run = word[i : i + self.n]
                if "?" in run:
                    continue
                seen = first.setdefault(run, (s.id, i))
                if seen[0] != s.id:
                    nogood = self._run_literals(by_id[seen[0]], seen[1], run) + self._run_literals(s, i, run)
                    if not control.add_nogood(sorted(set(nogood))) or not control.propagate():
                        return

    def _run_literals(self, site: Site, start: int, run: str) -> list[int]:
        cells = site.cells()[start : start + len(run)]
        return [self.literal[(r, c, ch)] for (r, c), ch in zip(cells, run, strict=True)]


def shared_runs(words: Sequence[str], n: int) -> list[tuple[str, str, str]]:
    """(word, other word, run) for each two entries of ``words`` (one per slot, repeats included)
    that share a run of ``n`` letters; the first such run of each pair."""
    if n <= OFF:
        return []
    runs = [{w[i : i + n] for i in range(len(w) - n + 1)} for w in words]
    found = []
    for a in range(len(words)):
        for b in range(a + 1, len(words)):
            common = runs[a] & runs[b]
            if common:
                found.append((words[a], words[b], min(common)))
    return found
