"""The shipped grids' fills: each kept as data (tests/crossword/known_fills.py) and checked by the
independent verifier and the quality check, not solved again; one of them filled live, by the
command as a user runs it. The full solves of all of them: ``python -m tests.crossword.known_fills``
and the tests marked ``full`` (``make test-full``)."""

from __future__ import annotations

import json
import re
import statistics
from pathlib import Path

import pytest

from pyclingo_puzzles.crossword.reader import framework_of, read
from pyclingo_puzzles.crossword.solution import CrosswordSolution, Placement, verify
from pyclingo_puzzles.crossword.wordlists.english import english_dictionary
from pyclingo_puzzles.crossword.wordlists.lists import offensive_words

from . import known_fills

GRIDS = known_fills.grids()
RUN = re.compile(r"[^ ]{2,}")
MEAN_ZIPF = 3.4  # the kept fills' mean over their entries: 3.42 (21x21) to 4.15 (the floors prefer common words)


def read_off(rows: list[str]) -> CrosswordSolution:
    """The fill's entries read off its rows and columns (runs of two letters or more)."""
    columns = ["".join(column) for column in zip(*rows, strict=True)]
    across = [(m, r) for r, line in enumerate(rows) for m in RUN.finditer(line)]
    down = [(m, c) for c, line in enumerate(columns) for m in RUN.finditer(line)]
    placements = [Placement(m.group(), r, m.start(), "across") for m, r in across]
    placements += [Placement(m.group(), m.start(), c, "down") for m, c in down]
    return CrosswordSolution(tuple(rows), tuple(placements))


@pytest.mark.parametrize("grid", GRIDS, ids=[g.stem for g in GRIDS])
def test_the_known_fill_of_a_shipped_grid_is_a_fill_from_en(grid: Path) -> None:
    import wordfreq  # not at collection: 0.3-0.7 s in every test process
    rows = known_fills.known_fill(grid)
    assert rows is not None, f"no known fill of {grid.name}: python -m tests.crossword.known_fills writes it"
    solution = read_off(rows)
    en = english_dictionary()
    # the grid's blocks kept, every site one word of en (at its floor, no offensive word), none twice
    assert verify(framework_of(read(grid)), solution, allowed=en.words.keys()) == []
    words = [p.word for p in solution.placements]
    assert not set(words) & offensive_words()
    assert statistics.mean(wordfreq.zipf_frequency(w.lower(), "en") for w in words) >= MEAN_ZIPF


def test_a_shipped_pattern_fills_live_as_the_command_runs_it(cli) -> None:
    """One live solve: the command's attempts are each stopped after a count of conflicts, so the
    fill does not depend on the machine's load (the others' fills: the data above)."""
    grid = known_fills.INSTANCES / "pattern-15x15-a.grid"
    res = cli("crossword", grid, "--json", *known_fills.ARGS)
    assert res.code == 10, res.err
    rows = json.loads(res.out)["solutions"][0]["grid"]
    assert verify(framework_of(read(grid)), read_off(rows), allowed=english_dictionary().words.keys()) == []
