"""A book's work: one job per puzzle, each made by its family's API into a plain record.

A job carries everything its puzzle needs (words, framework rows, options, seed), so it runs the
same in a local worker process and on a Dask worker that has only the package installed, and the
same seed gives the same record anywhere. Records are JSON (the work folder keeps them; see
``store.py``):

- word search: ``grid`` (rows), ``words`` (as listed), ``placements`` ``[word, row, col, dy, dx]``;
- crossword and layout: ``grid`` (rows; ``" "`` no cell), ``entries`` ``[word, row, col, "across"|"down",
  clue]``, ``number`` per entry (the grid's clue numbers).

A job that finds no puzzle raises ``BookError``: the book is not made with a hole in it.
"""

from __future__ import annotations

import base64
import json
import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .manifest import Manifest, Section

WORDSEARCH_MAX_SHARED = 0.20  # share of placements two word searches of a book may have in common
CROSSWORD_MAX_SHARED = 3  # entries two crosswords of a book may have in common ("a few")
LAYOUT_CLOCK_SLACK = 6  # a layout's clock limit, in multiples of its budget of work
# ... and never less than this many seconds: the clock is only a stop for a machine many times too
# slow. Its deadline is also how long the two searches' pick waits for the forked one (layout/dual.py):
# a small budget's 6x (0.3 s of work: 1.8 s) ran out at load 20 before the worker had spent its work,
# and the resumed book's layout was the parent's alone (OTTER for TIGER: CI-style run, load 17-20)
LAYOUT_CLOCK_FLOOR = 60.0
FILLIN_LAYOUT_WORK = 5.0  # a fill-in's word list laid out: at most this many seconds of a quiet machine's work
RETRIES = 20  # new seeds a word search is tried with before the book gives up on distinctness


class BookError(Exception):
    """A puzzle of the book could not be made (one line, naming the puzzle): ``number``, the puzzle
    (the command names its section's line in the manifest), or ``line``, that line itself."""

    def __init__(self, message: str, number: int | None = None, line: int | None = None):
        super().__init__(message)
        self.number, self.line = number, line

    def __reduce__(self):  # pickled whole from a worker process or a cluster's worker
        return (BookError, (str(self), self.number, self.line))


@dataclass(frozen=True)
class Job:
    number: int  # the puzzle's number in the book, from 1
    family: str
    seed: int
    options: dict[str, Any]
    words: tuple[Any, ...] = ()  # word search: words; layout: (word, clue) pairs
    rows: tuple[str, ...] = ()  # crossword: the framework
    avoid: tuple[str, ...] = field(default=())  # crossword: entries earlier crosswords used
    attempt: int = 0  # word search: how often it was made again for being too like an earlier one
    outputs: tuple[str, ...] = ()  # the puzzle's own files wanted besides the book: html, ipuz, puz


def plan(manifest: Manifest, outputs: tuple[str, ...] = ()) -> list[Job]:
    """Every puzzle's job, numbered through the book, each with its own seed and word pick;
    ``outputs``: the puzzles' own files wanted too (``html``, ``ipuz``, ``puz``)."""
    jobs: list[Job] = []
    for index, section in enumerate(manifest.sections):
        clashes = _clashes(section.pool) if section.family == "wordsearch" and section.pick else None
        for i in range(section.count):
            number = len(jobs) + 1
            chooser = random.Random(f"{manifest.seed}:{index}:{i}")  # the same pick anywhere, in any order
            seed = chooser.randrange(2**31)
            if section.family in ("crossword", "codeword"):
                rows = section.pool[i % len(section.pool)]
                jobs.append(Job(number, section.family, seed, section.options, rows=rows, outputs=outputs))
            else:
                words = _pick(chooser, section, clashes)
                jobs.append(Job(number, section.family, seed, section.options, words, outputs=outputs))
    return jobs


def _pick(chooser: random.Random, section: Section, clashes: list[set[int]] | None) -> tuple[Any, ...]:
    """``pick`` entries of the pool at random (all when ``pick`` is 0), in the pool's order; in a
    word search (``clashes``) no word inside another (or its reverse), which could never occur exactly once."""
    if not section.pick or (section.pick >= len(section.pool) and clashes is None):
        return section.pool
    order = list(range(len(section.pool)))
    chooser.shuffle(order)
    chosen: set[int] = set()
    for i in order:
        if clashes is not None and not clashes[i].isdisjoint(chosen):
            continue
        chosen.add(i)
        if len(chosen) == section.pick:
            return tuple(section.pool[i] for i in sorted(chosen))
    raise BookError(f"{section.heading}: the pool has no {section.pick} words of which none is inside another "
                    "(or its reverse); give a smaller pick or a larger pool", line=section.line)


def _clashes(pool: Sequence[str]) -> list[set[int]]:
    """For each word of the pool, the others it is inside of or holds (either read backwards):
    found through each word's substrings, not by comparing every pair (a pool of 10,000 words)."""
    where: dict[str, list[int]] = {}
    for i, word in enumerate(pool):
        where.setdefault(word, []).append(i)
        where.setdefault(word[::-1], []).append(i)
    clashes: list[set[int]] = [set() for _ in pool]
    for i, word in enumerate(pool):
        for start in range(len(word)):
            for end in range(start + 1, len(word) + 1):
                for j in where.get(word[start:end], ()):
                    if j != i:
                        clashes[i].add(j)
                        clashes[j].add(i)
    return clashes


def reseeded(job: Job, attempt: int) -> Job:
    seed = random.Random(f"{job.seed}:{attempt}").randrange(2**31)
    return Job(job.number, job.family, seed, job.options, job.words, job.rows, job.avoid, attempt, job.outputs)


def make(job: Job) -> dict[str, Any]:
    """The puzzle of ``job`` as a record (in whichever process runs it)."""
    maker = {"wordsearch": _wordsearch, "crossword": _crossword, "layout": _layout, "codeword": _codeword,
             "fillin": _fillin}[job.family]
    record, result = maker(job)
    record.update(number=job.number, family=job.family, seed=job.seed)
    files = {kind: _file(result, kind, job.number) for kind in job.outputs if hasattr(result, f"to_{kind}")}
    if files:
        record["files"] = files
    return record


def _file(result: Any, kind: str, number: int) -> str:
    """The puzzle's own ``kind`` file as text (``puz``: base64, as it is binary)."""
    if kind == "html":
        return str(result.to_html(title=f"Puzzle {number}"))
    if kind == "ipuz":
        return json.dumps(result.to_ipuz(), ensure_ascii=False)
    return base64.b64encode(result.to_puz()).decode()


def _wordsearch(job: Job) -> tuple[dict[str, Any], Any]:
    from .. import wordsearch

    result = wordsearch.generate(list(job.words), seed=job.seed, **job.options)
    if not result.puzzles:
        raise BookError(f"puzzle {job.number}: no word search found ({result.status.value})", job.number)
    placements = [[p.word, p.row, p.col, p.dy, p.dx] for p in result.placements]
    return {"grid": list(result.grid), "words": list(result.words), "placements": placements}, result


def _numbered(entries: Iterable[tuple[str, int, int, str, str]]) -> list[list[Any]]:
    """Entries in clue order (across, then down, each by number), each with its number: starts
    numbered in reading order, an across and a down that start together sharing one."""
    listed = list(entries)
    starts = sorted({(row, col) for _, row, col, _, _ in listed})
    number = {cell: i + 1 for i, cell in enumerate(starts)}
    out = [[word, row, col, way, clue, number[(row, col)]] for word, row, col, way, clue in listed]
    return sorted(out, key=lambda e: (e[3] != "across", e[5]))


def _crossword(job: Job) -> tuple[dict[str, Any], Any]:
    from .. import crossword
    from ..crossword.reader import Dictionary
    from ..crossword.wordlists.english import english_dictionary
    from ..crossword.wordlists.lists import merge, without

    # "en", or a dictionary file's words (word -> score) as the manifest read them
    lists = [english_dictionary() if name == "en" else Dictionary(name) for name in job.options["dictionary"]]
    # the entries of the book's earlier crosswords are left out: each puzzle has its own words
    words = without(merge(lists), frozenset(job.avoid), "the book's earlier crosswords")
    clues: dict[str, str] = job.options.get("clues", {})
    if clues:  # a clued crossword: filled from the clued words only, scored by the dictionary where it has them
        scores = words.words
        words = Dictionary({w: scores.get(w, 100) for w in clues if w not in job.avoid})
    themes = {"themes": job.options["theme"]} if "theme" in job.options else {}
    if "size" in job.options:  # a generated pattern (crossword --size), then its fill
        if "min_score" in job.options and not clues:
            words = Dictionary({w: s for w, s in words.words.items() if s >= job.options["min_score"]})
        extra = {k: v for k, v in job.options.items() if k in ("min_length", "time_limit")}
        result = crossword.generate(job.options["size"], words, seed=job.seed, **themes, **extra)
    else:
        extra = {k: v for k, v in job.options.items() if k in ("min_length", "min_score", "time_limit") and not
                 (clues and k == "min_score")}
        result = crossword.fill(crossword.Framework(job.rows), words, seed=job.seed, **themes, **extra)
    if not result.solutions:
        raise BookError(f"puzzle {job.number}: the grid could not be filled ({result.status.value})", job.number)
    solution = result.solutions[0]
    grid = ["".join(ch if ch.isalpha() else " " for ch in row) for row in solution.grid]
    entries = _numbered((p.word, p.row, p.col, p.dir, clues.get(p.word, "")) for p in solution.placements)
    return {"grid": grid, "entries": entries}, result


CODEWORD_FILLS = 5  # fills a codeword puzzle of a book tries before the book says none was unique


def _codeword(job: Job) -> tuple[dict[str, Any], Any]:
    """A codeword (``crossword.codeword.make``): its grid, numbers, givens and key. Not chained:
    the numbers make each one another puzzle even on a shared grid."""
    from ..core.status import Status
    from ..crossword import codeword

    options = {k: v for k, v in job.options.items() if k in ("givens", "min_givens", "max_givens", "time_limit")}
    dictionary = job.options["dictionary"]
    source = {"size": job.options["size"]} if "size" in job.options else {"source": list(job.rows)}
    # a fill that no few givens make unique (proved) is replaced by the next seed's fill and numbers:
    # a book's section asks for puzzles, not for this one fill; still the book's seed decides
    deadline = time.monotonic() + options["time_limit"] if options.get("time_limit") else None
    for attempt in range(CODEWORD_FILLS):
        if deadline is not None:  # the puzzle's limit bounds all its fills together
            options["time_limit"] = max(0.1, deadline - time.monotonic())
        result = codeword.make(**source, dictionary=dictionary, seed=job.seed + attempt * 1_000_003, **options)
        if result.status is not Status.UNSAT:
            break
    if not result.unique:
        tried = f" in {CODEWORD_FILLS} fills" if result.status is Status.UNSAT else ""
        raise BookError(f"puzzle {job.number}: no unique codeword{tried} ({result.why()})", job.number)
    p = result.puzzle
    key = {str(n): x for n, x in sorted(p.key.items())}
    return {"grid": list(p.rows), "numbers": p.numbers(), "given": [str(n) for n in p.given], "key": key}, result


def _layout(job: Job) -> tuple[dict[str, Any], Any]:
    from .. import layout

    options = dict(job.options)
    seconds = options.pop("time_limit")
    # the search's work is budgeted, not the clock: the same seed gives the same layout under any
    # load, here or on a cluster's worker; the clock only stops a machine many times too slow
    result = layout.arrange([tuple(pair) for pair in job.words], seed=job.seed, work_limit=seconds,
                            time_limit=max(seconds * LAYOUT_CLOCK_SLACK, LAYOUT_CLOCK_FLOOR), **options)
    if not result.placements:
        raise BookError(f"puzzle {job.number}: no layout found ({result.status.value})", job.number)
    clue = dict(tuple(pair) for pair in job.words)
    entries = _numbered((p.word, p.row, p.col, p.dir, clue.get(p.word, "")) for p in result.placements)
    return {"grid": list(result.grid), "entries": entries}, result


def _fillin(job: Job) -> tuple[dict[str, Any], Any]:
    """A fill-in (``size``: a generated pattern filled from en; else the words laid out, the work
    budgeted as a layout's) as a record: ``grid``, ``entries`` as a crossword's (no clue), ``starters``
    ``[row, col, letter]``."""
    from ..crossword import fillin
    options = dict(job.options)
    seconds = options.pop("time_limit")
    asked = {"starters": options.get("starters"), "difficulty": options.get("difficulty")}
    if "size" in options:
        result = fillin.generate(options["size"], "en", seed=job.seed, time_limit=seconds, **asked)
    else:
        from .. import layout

        work = min(FILLIN_LAYOUT_WORK, seconds / 4)  # a quarter of the puzzle's time at most
        made = layout.arrange(list(job.words), seed=job.seed, work_limit=work,
                               time_limit=LAYOUT_CLOCK_FLOOR)
        if made.layout is None:
            raise BookError(f"puzzle {job.number}: the words cannot be laid out ({made.status.value})", job.number)
        rows = ["".join(" " if ch == " " else "." for ch in row) for row in made.layout.rows()]
        words = [p.word for p in made.layout.placements]
        result = fillin.make(words, rows, seed=job.seed, time_limit=seconds, **asked)
    if result.answer is None or result.starters is None:
        raise BookError(f"puzzle {job.number}: no fill-in ({result.status.value})", job.number)
    answer = result.answer
    entries = _numbered((p.word, p.row, p.col, p.dir, "") for p in answer.placements)
    starters = [[r, c, answer.grid[r][c]] for r, c in result.starters.cells]
    return {"grid": list(answer.grid), "entries": entries, "starters": starters}, result


# ------------------------------------------------------------------------------------ distinctness


def placements_of(record: dict[str, Any]) -> set[tuple[Any, ...]]:
    return {tuple(p) for p in record.get("placements", ())}


def too_similar(records: Sequence[dict[str, Any]]) -> list[int]:
    """The numbers of the word searches that share more than ``WORDSEARCH_MAX_SHARED`` of their
    placements with an earlier one (in book order): those are made again with another seed."""
    seen: dict[tuple[Any, ...], list[int]] = {}
    sizes: dict[int, int] = {}
    clashes: list[int] = []
    for record in sorted(records, key=lambda r: r["number"]):
        if record["family"] != "wordsearch":
            continue
        mine = placements_of(record)
        shared: dict[int, int] = {}
        for placement in mine:
            for other in seen.get(placement, ()):
                shared[other] = shared.get(other, 0) + 1
        if any(n > WORDSEARCH_MAX_SHARED * min(len(mine), sizes[o]) for o, n in shared.items()):
            clashes.append(record["number"])
            continue
        sizes[record["number"]] = len(mine)
        for placement in mine:
            seen.setdefault(placement, []).append(record["number"])
    return clashes


def entries_of(record: dict[str, Any]) -> set[str]:
    return {e[0] for e in record.get("entries", ())}
