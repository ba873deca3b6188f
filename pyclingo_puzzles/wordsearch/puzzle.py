"""A finished word search (``Puzzle``) and the outcome of a generation (``Outcome``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.results import Stats
from ..core.status import Status, exit_code
from .reader import WordSearchInstance
from .verify import Placement


@dataclass(frozen=True)
class Puzzle:
    grid: tuple[str, ...]
    placements: tuple[Placement, ...]  # in word-list order
    shown: tuple[str, ...] | None = None  # what the user's #show statements show (None: no #show)

    def key(self) -> tuple[str, ...]:
        """The answer key: placed letters only, '.' elsewhere."""
        rows = [["."] * len(self.grid[0]) for _ in self.grid]
        for p in self.placements:
            for (r, c), ch in zip(p.cells(), p.word, strict=True):
                rows[r][c] = ch
        return tuple("".join(row) for row in rows)


@dataclass
class Outcome:
    status: Status
    puzzles: list[Puzzle]
    stats: Stats
    core: tuple[str, ...] = ()  # words that cannot all fit together (UNSAT, complete candidates)
    rules_core: tuple[str, ...] = ()  # rule files that take part in the unsolvability
    exhausted: bool = False
    interrupted: bool = False
    fit_most: bool = False
    optimal: bool = False  # fit most: no placement of more weight exists (proved)
    book_short: str = ""  # fewer distinct puzzles than asked for: "proved" | "within the time limit"

    @property
    def exit_code(self) -> int:
        if self.fit_most and self.status is Status.SAT:
            return exit_code(self.status, self.optimal, self.interrupted and not self.optimal)
        return exit_code(self.status, self.exhausted, self.interrupted)


def placed_words(puzzle: Puzzle) -> set[str]:
    return {p.word for p in puzzle.placements}


def listed_words(inst: WordSearchInstance, puzzle: Puzzle) -> list[str]:
    """The printed word list: placed words that are not secret, in file order."""
    placed = placed_words(puzzle)
    return [w for w in inst.words if w in placed and w not in inst.secret]


def dropped_words(inst: WordSearchInstance, puzzle: Puzzle) -> list[str]:
    placed = placed_words(puzzle)
    return [w for w in inst.words if w not in placed]


def weight(inst: WordSearchInstance, words: set[str]) -> int:
    return sum(inst.priority(w) for w, word in enumerate(inst.words) if word in words)


def best_weight(inst: WordSearchInstance, max_words: int | None) -> int:
    """No placement can weigh more: every word, or the heaviest ``max_words``."""
    weights = sorted((inst.priority(w) for w in range(len(inst.words))), reverse=True)
    return sum(weights[:max_words] if max_words is not None else weights)
