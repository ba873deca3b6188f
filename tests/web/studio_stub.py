"""A thin stand-in for the crossword family's studio engine (``crossword.studio``), with its
interface as the engine posted it, for the studio's route tests until the engine lands: counts and
letters by pattern matching, suggestions unchecked (fillable null) but for a word that leaves a
crossing slot no word, the verdict and autofill by ``crossword.fill``. ``install`` puts it in place."""

from __future__ import annotations

import re
import sys
import types
from dataclasses import dataclass
from typing import Any

from pyclingo_puzzles import crossword
from pyclingo_puzzles.core.errors import InputError
from pyclingo_puzzles.crossword.framework import Framework
from pyclingo_puzzles.crossword.reader import parse_dictionary
from pyclingo_puzzles.crossword.wordlists.dictionaries import word_lists

CALLS: list[tuple[str, Any]] = []  # (method, cancel) of each call, for the tests


@dataclass(frozen=True)
class WordLists:
    dictionary: str | None = "en"
    word_list: str | None = None
    min_score: int | None = None
    exclude: tuple[str, ...] = ()
    min_length: int = 2
    allow_offensive: bool = False


@dataclass
class Answer:
    doc: dict[str, Any]

    def as_json(self) -> dict[str, Any]:
        return self.doc


def studio_for(lists: WordLists) -> Studio:
    sources: list[Any] = ["en"] if lists.dictionary else []
    if lists.word_list:
        sources.append(parse_dictionary(lists.word_list, "word_list", 2, lists.min_score))
    return Studio(word_lists(sources, 2, lists.min_score, False, frozenset(w.upper() for w in lists.exclude)).words)


class Studio:
    def __init__(self, words: dict[str, int]):
        self.words = words

    def _frame(self, rows: list[str], locked: Any) -> Framework:
        return Framework.from_lines(rows)

    def _fits(self, pattern: str) -> list[str]:
        rx = re.compile("^" + pattern.replace(".", "[A-Z]") + "$")
        return [w for w in self.words if len(w) == len(pattern) and rx.match(w)]

    def slots(self, rows: list[str], *, locked: Any = (), hotspot: int = 3) -> Answer:
        CALLS.append(("slots", None))
        frame = self._frame(rows, locked)
        out, letters = [], {}
        lock = {tuple(t.split("@")[1].split(",")) for t in locked}
        for s in frame.sites():
            pattern = "".join(frame.rows[r][c] for r, c in s.cells())
            is_locked = (str(s.row), str(s.col), s.direction[0].upper()) in lock
            fits = [pattern] if is_locked else self._fits(pattern)
            out.append({"row": s.row, "col": s.col, "direction": s.direction, "length": s.length, "pattern": pattern,
                        "count": len(fits), "consistent": len(fits), "locked": is_locked})  # fmt: skip
            for k, cell in enumerate(s.cells()):
                here = {w[k] for w in fits}
                letters[cell] = letters.get(cell, here) & here
        cells = [{"row": r, "col": c, "letters": "".join(sorted(v)), "hotspot": len(v) <= hotspot}
                 for (r, c), v in sorted(letters.items())]  # fmt: skip
        return Answer({"slots": out, "cells": cells, "dead": [i for i, s in enumerate(out) if not s["count"]],
                       "seconds": 0.0})  # fmt: skip

    def suggest(self, rows: list[str], slot: tuple[int, int, str], *, limit: int = 10, locked: Any = (),
                time_limit: float = 2.0, cancel: Any = None) -> Answer:  # fmt: skip
        CALLS.append(("suggest", cancel))
        frame = self._frame(rows, locked)
        site = next((s for s in frame.sites() if (s.row, s.col, s.direction) == tuple(slot)), None)
        if site is None:
            raise InputError(f"no slot at {slot}", "slot")
        pattern = "".join(frame.rows[r][c] for r, c in site.cells())
        best = sorted(self._fits(pattern), key=lambda w: -self.words[w])[:limit]
        found = [{"word": w, "score": self.words[w], "fillable": None} for w in best]
        return Answer({"slot": {"row": site.row, "col": site.col, "direction": site.direction},
                       "suggestions": found, "checked": 0, "seconds": 0.0})  # fmt: skip

    def _fill(self, rows: list[str], locked: Any, time_limit: float, seed: int | None = None) -> Any:
        words = dict(self.words)
        for t in locked:
            words.setdefault(t.split("@")[0], 1)
        return crossword.fill(self._frame(rows, locked), words, time_limit=time_limit, seed=seed)

    def verdict(self, rows: list[str], *, locked: Any = (), time_limit: float = 2.0, cancel: Any = None) -> Answer:
        CALLS.append(("verdict", cancel))
        result = self._fill(rows, locked, time_limit)
        doc: dict[str, Any] = {"verdict": "undecided", "fill": None, "core": None, "core_minimal": False,
                               "seconds": 0.1}  # fmt: skip
        if result.solutions:
            doc.update(verdict="fillable", fill=list(result.solutions[0].grid))
        elif result.status.value == "UNSAT":
            empty = [{**s._asdict(), "pattern": ""} for s in result.empty_slots]
            core = result.core.as_json() if result.core is not None else empty
            doc.update(verdict="unfillable", core=core, core_minimal=True)
        return Answer(doc)

    def autofill(self, rows: list[str], *, slots: Any = None, locked: Any = (), seed: int | None = None,
                 differ_from: Any = (), time_limit: float = 10.0, cancel: Any = None) -> Answer:  # fmt: skip
        CALLS.append(("autofill", cancel))
        result = self._fill(rows, locked, time_limit, seed)
        if not result.solutions:
            core = result.core.as_json() if result.core is not None else None
            status = "unfillable" if result.status.value == "UNSAT" else "undecided"
            return Answer({"status": status, "grid": None, "core": core, "seconds": 0.1})
        return Answer({"status": "filled", "grid": list(result.solutions[0].grid), "core": None, "seconds": 0.1})


def install() -> None:
    """The stub as ``pyclingo_puzzles.crossword.studio`` (where the engine has not landed it)."""
    try:
        import pyclingo_puzzles.crossword.studio  # noqa: F401
    except ImportError:
        module = types.ModuleType("pyclingo_puzzles.crossword.studio")
        module.__dict__.update(WordLists=WordLists, studio_for=studio_for, Studio=Studio)
        sys.modules["pyclingo_puzzles.crossword.studio"] = module
