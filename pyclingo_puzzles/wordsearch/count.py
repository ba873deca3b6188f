"""``wordsearch --count``: how many placements of the whole word list there are.

A placement counts when every word takes one of the positions its level allows, crossing words
agree, and no word has a second copy made of placed letters alone (the generator's nogoods forbid
those; filler letters are not part of a placement). Needs the complete candidate list, so only for
grids small enough that the generator lists every position (``candidates.FULL_LIMIT``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..core import apicheck, messages
from ..core.errors import InputError
from ..core.results import Answer
from ..core.schema import build
from ..core.solve import Solver
from ..core.status import Coded, Status
from .candidates import FULL_LIMIT, all_candidates, facts, placed_atom
from .fill import partial_grid, stray_copies
from .options import WordSearchOptions
from .reader import WordSearchInstance, read_instance
from .rounds import CLINGO_OPTIONS, ENCODING, decode, placements_of


@dataclass(frozen=True)
class Count(Coded):
    count: int
    exhausted: bool
    interrupted: bool

    @property
    def status(self) -> Status:
        if self.count:
            return Status.SAT
        return Status.UNSAT if self.exhausted else Status.UNKNOWN



@messages.one_run
def count_placements(
    inst: WordSearchInstance | str | Path, *, rules: Sequence[str | Path] = (), time_limit: float | None = None
) -> Count:
    """The number of placements of the whole word list (``inst``: an instance, or a YAML file's path)."""
    if isinstance(inst, str | Path):
        inst = read_instance(inst)
    apicheck.instance(inst, "inst", WordSearchInstance, "a YAML path or wordsearch.reader.read_instance")
    options = build(WordSearchOptions, {"rules": rules, "time_limit": time_limit, "count": True})
    rules, time_limit = list(options.rules), options.time_limit
    cands = [all_candidates(word, inst) for word in inst.words]
    total = sum(map(len, cands))
    if total > FULL_LIMIT:
        raise InputError(
            f"--count lists every position of every word: {total} here, at most {FULL_LIMIT} (a smaller grid "
            "or fewer directions)",
            inst.path,
        )
    solver = Solver([ENCODING], rules, seed=inst.seed, options=CLINGO_OPTIONS)
    solver.add_facts(facts(inst, cands))
    solver.ground()
    clean = 0

    def on_answer(answer: Answer) -> None:
        nonlocal clean
        placements = placements_of(decode(answer.symbols, cands, rules), inst, cands)
        if not stray_copies(partial_grid(inst, placements), placements):
            clean += 1

    assumptions = [(placed_atom(w), True) for w in range(len(inst.words))]
    result = solver.solve(
        models=0, time_limit=time_limit, assumptions=assumptions, keep=0, on_answer=on_answer, reports=False
    )
    return Count(clean, result.exhausted, result.interrupted)
