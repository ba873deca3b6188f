"""A book's manifest (``docs/books.md``): its title, trim size, seed and sections, read from YAML.

Every mistake is an ``InputError`` naming the manifest and the line: an unknown key, a missing word
file, a pool smaller than ``pick``, a count out of range, an unknown trim size. Paths are read
relative to the manifest's folder; the word files are read here, once, so a worker (on this machine
or a cluster's) needs nothing but the package.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.errors import InputError, shown
from ..formats.yamlio import YamlDoc, expect_mapping, load_yaml

INCH = 25.4  # mm
# trim size -> (width, height) in mm: KDP's common paperback trims, and the paper sizes
TRIMS: dict[str, tuple[float, float]] = {
    "5x8in": (5 * INCH, 8 * INCH),
    "5.5x8.5in": (5.5 * INCH, 8.5 * INCH),
    "6x9in": (6 * INCH, 9 * INCH),
    "7x10in": (7 * INCH, 10 * INCH),
    "8x10in": (8 * INCH, 10 * INCH),
    "8.5x11in": (8.5 * INCH, 11 * INCH),
    "letter": (8.5 * INCH, 11 * INCH),
    "a4": (210.0, 297.0),
    "a5": (148.0, 210.0),
}
MAX_COUNT = 100_000  # puzzles in one section: far past any printed book (KDP's limit is 828 pages)
MAX_TOTAL = 100_000
TOP_KEYS = ("title", "subtitle", "author", "trim", "seed", "sections", "instructions", "name_line")
PAGE_KEYS = ("instructions", "name_line")  # every section's too (the book's: its sections' default)
FAMILIES = ("wordsearch", "crossword", "layout", "codeword", "fillin")
# the keys a section of each family takes: the family's options, as its command line has them
SECTION_KEYS: dict[str, tuple[str, ...]] = {
    "wordsearch": ("words", "count", "pick", "size", "level", "alphabet", "title", "time_limit", *PAGE_KEYS),
    "crossword": ("grids", "size", "count", "dictionary", "min_length", "min_score", "title", "time_limit",
                  "clues", "theme", *PAGE_KEYS),
    "layout": ("words", "count", "pick", "prefer", "max_width", "max_height", "title", "time_limit", *PAGE_KEYS),
    "codeword": ("grids", "size", "count", "dictionary", "givens", "min_givens", "max_givens", "title", "time_limit",
                 *PAGE_KEYS),
    "fillin": ("size", "words", "pick", "count", "starters", "difficulty", "title", "time_limit", *PAGE_KEYS),
}
DEFAULT_TIME_LIMIT = {"wordsearch": 20.0, "crossword": 60.0, "layout": 5.0, "codeword": 60.0,
                      "fillin": 60.0}  # seconds per puzzle
MAX_TIME_LIMIT = 3600.0
MAX_SIDE = 50  # a word search side in a book: a page holds no larger grid legibly


@dataclass(frozen=True)
class Section:
    """One section: ``count`` puzzles of one family, made from ``pool`` (words, or word/clue pairs,
    or framework files' rows), ``pick`` of them a puzzle (0: all)."""

    family: str
    heading: str
    count: int
    options: dict[str, Any] = field(default_factory=dict)  # the family's options, checked
    pool: tuple[Any, ...] = ()  # word search and layout: words (layout: [word, clue]); crossword: grids
    pick: int = 0
    instructions: str = ""
    name_line: bool = False  # a Name / Date line on its puzzle pages
    line: int = 0  # the section's line in the manifest: what a puzzle that cannot be made names
    files: tuple[Path, ...] = ()  # the files it reads (words, grids, dictionaries)


@dataclass(frozen=True)
class Manifest:
    path: str
    title: str
    trim: str
    seed: int
    sections: tuple[Section, ...]
    subtitle: str = ""
    author: str = ""
    files: tuple[str, ...] = ()  # every file the manifest names (words, grids, dictionaries): never an output

    @property
    def size(self) -> tuple[float, float]:
        return TRIMS[self.trim]

    def fingerprint(self) -> str:
        """What the book depends on (not its title page): resumed work must come from the same."""
        data = [self.seed, [(s.family, s.count, s.options, s.pool, s.pick) for s in self.sections]]
        return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:16]

    def line_of(self, number: int) -> int | None:
        """The manifest's line of the section puzzle ``number`` (from 1) belongs to."""
        for section in self.sections:
            if number <= section.count:
                return section.line or None
            number -= section.count
        return None


def read_manifest(path: str | Path) -> Manifest:
    doc = load_yaml(path)
    data = expect_mapping(doc, TOP_KEYS)
    title = _text(doc, data, "title", required=True)
    trim = str(data.get("trim", "letter")).strip().lower()
    if trim not in TRIMS:
        raise doc.error(f"unknown trim size {shown(data.get('trim'))} (known: {', '.join(TRIMS)})", "trim")
    seed = data.get("seed", 1)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**32:
        raise doc.error(f"seed must be a whole number from 0 to 2^32-1, got {shown(seed)}", "seed")
    raw = data.get("sections")
    if not isinstance(raw, list) or not raw:
        raise doc.error("'sections' must be a non-empty list of sections", "sections")
    files: list[str] = []  # filled by the sections' readers (_file)
    book_page = {"instructions": _text(doc, data, "instructions"), "name_line": _flag(doc, data, "name_line")}
    sections = tuple(_section(doc, i, item, files, book_page) for i, item in enumerate(raw))
    if sum(s.count for s in sections) > MAX_TOTAL:
        raise doc.error(f"at most {MAX_TOTAL} puzzles in a book", "sections")
    return Manifest(str(path), title, trim, seed, sections, _text(doc, data, "subtitle"), _text(doc, data, "author"),
                    tuple(dict.fromkeys(files)))


def _text(doc: YamlDoc, data: dict[str, Any], key: str, *, required: bool = False, where: tuple[Any, ...] = ()) -> str:
    value = data.get(key)
    if value is None:
        if required:
            raise doc.error(f"missing key {key!r}", *where)
        return ""
    if not isinstance(value, str) or "\n" in value.strip():
        raise doc.error(f"{key!r} must be one line of text, got {shown(value)}", *where, key)
    return value.strip()


def _flag(doc: YamlDoc, data: dict[str, Any], key: str, where: tuple[Any, ...] = (), default: bool = False) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise doc.error(f"{key!r} must be true or false, got {shown(value)}", *where, key)
    return value


def _section(doc: YamlDoc, index: int, item: Any, files: list[str], book_page: dict[str, Any]) -> Section:
    at: tuple[Any, ...] = ("sections", index)
    if not isinstance(item, dict) or len(item) != 1:
        raise doc.error(f"a section is one family ({', '.join(FAMILIES)}) with its options", *at)
    family, options = next(iter(item.items()))
    if family not in FAMILIES:
        raise doc.error(f"unknown section {shown(family)} (known: {', '.join(FAMILIES)})", *at)
    at = (*at, family)
    if not isinstance(options, dict):
        raise doc.error(f"{family}'s options must be a mapping", *at)
    for key in options:
        if key not in SECTION_KEYS[family]:
            raise doc.error(f"unknown key {shown(key)} for {family} (allowed: {', '.join(SECTION_KEYS[family])})",
                            *at, str(key))
    reader = {"wordsearch": _wordsearch, "crossword": _crossword, "layout": _layout, "codeword": _codeword,
              "fillin": _fillin}[family]
    section = reader(doc, at, options)
    files.extend(str(path) for path in section.files)
    instructions = section.instructions if "instructions" in options else book_page["instructions"]
    name_line = _flag(doc, options, "name_line", at, book_page["name_line"])
    return dataclasses.replace(section, line=doc.line(*at), instructions=instructions, name_line=name_line)


def _count(doc: YamlDoc, at: tuple[Any, ...], options: dict[str, Any], default: int | None) -> int:
    value = options.get("count", default)
    if value is None:
        raise doc.error("missing key 'count'", *at)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_COUNT:
        raise doc.error(f"count must be a whole number from 1 to {MAX_COUNT}, got {shown(value)}", *at, "count")
    return value


def _whole(doc: YamlDoc, at: tuple[Any, ...], options: dict[str, Any], key: str, low: int, high: int) -> int | None:
    value = options.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise doc.error(f"{key} must be a whole number from {low} to {high}, got {shown(value)}", *at, key)
    return value


def _time_limit(doc: YamlDoc, at: tuple[Any, ...], options: dict[str, Any], family: str) -> float:
    value = options.get("time_limit", DEFAULT_TIME_LIMIT[family])
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value <= MAX_TIME_LIMIT:
        raise doc.error(f"time_limit must be seconds from 0 to {MAX_TIME_LIMIT:g}, got {shown(value)}",
                        *at, "time_limit")
    return float(value)


def _file(doc: YamlDoc, at: tuple[Any, ...], value: Any, key: str) -> Path:
    if not isinstance(value, str) or not value.strip():
        raise doc.error(f"{key} must name a file, got {shown(value)}", *at, key)
    path = Path(doc.path).parent / value.strip()
    if not path.is_file():
        raise doc.error(f"{key}: no such file: {value.strip()}", *at, key)
    return path


def _pick(doc: YamlDoc, at: tuple[Any, ...], options: dict[str, Any], pool: int) -> int:
    pick = _whole(doc, at, options, "pick", 1, 10_000) or 0
    if pick > pool:
        raise doc.error(f"pick is {pick} but the word pool has only {pool} words", *at, "pick")
    return pick


def _heading(options: dict[str, Any], default: str) -> str:
    value = options.get("title")
    return value.strip() if isinstance(value, str) and value.strip() else default


def _wordsearch(doc: YamlDoc, at: tuple[Any, ...], options: dict[str, Any]) -> Section:
    from ..core.wordcheck import find_duplicate
    from ..formats import instances
    from ..wordsearch.reader import KEYS, parse_entries

    path = _file(doc, at, options.get("words"), "words")
    size = options.get("size", "12x12")
    parts = str(size).lower().split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts) or not all(
        5 <= int(p) <= MAX_SIDE for p in parts
    ):
        raise doc.error(f"size must be WIDTHxHEIGHT, each 5 to {MAX_SIDE}, got {shown(size)}", *at, "size")
    try:  # each word read as the command reads it; words inside others are kept apart by the pick (jobs.py)
        words = instances.document(instances.source(path), KEYS)
        pool = tuple(e.word for e in parse_entries(words, "words"))
    except InputError as exc:
        raise doc.error(f"words: {exc}", *at, "words") from None
    twice = find_duplicate(pool)
    if twice is not None:
        raise doc.error(f"words: {path.name}: {pool[twice[0]]} is listed twice", *at, "words")
    too_long = next((w for w in pool if len(w) > max(int(parts[0]), int(parts[1]))), None)
    if too_long is not None:
        raise doc.error(f"words: {too_long} is longer than a {size} grid is wide or high", *at, "words")
    level = options.get("level", "medium")
    if level not in ("easy", "medium", "hard"):
        raise doc.error(f"level must be easy, medium or hard, got {shown(level)}", *at, "level")
    opts: dict[str, Any] = {"width": int(parts[0]), "height": int(parts[1]), "level": level,
                            "time_limit": _time_limit(doc, at, options, "wordsearch")}
    if options.get("alphabet") is not None:
        opts["alphabet"] = _text(doc, options, "alphabet", where=at)
    return Section("wordsearch", _heading(options, "Word searches"), _count(doc, at, options, None), opts, pool,
                   _pick(doc, at, options, len(pool)), _text(doc, options, "instructions", where=at), files=(path,))


def _layout(doc: YamlDoc, at: tuple[Any, ...], options: dict[str, Any]) -> Section:
    from ..layout.api import PREFERENCES, instance_of

    path = _file(doc, at, options.get("words"), "words")
    try:
        inst = instance_of(path)
    except InputError as exc:
        raise doc.error(f"words: {exc}", *at, "words") from None
    pool = tuple(zip(inst.words, inst.clues, strict=True))
    opts: dict[str, Any] = {"time_limit": _time_limit(doc, at, options, "layout")}
    prefer = options.get("prefer")
    if prefer is not None:
        if prefer not in PREFERENCES:
            raise doc.error(f"prefer must be one of {', '.join(PREFERENCES)}, got {shown(prefer)}",
                            *at, "prefer")
        opts["prefer"] = prefer
    for key in ("max_width", "max_height"):
        value = _whole(doc, at, options, key, 2, 200)
        if value is not None:
            opts[key] = value
    return Section("layout", _heading(options, "Crosswords"), _count(doc, at, options, None), opts, pool,
                   _pick(doc, at, options, len(pool)), _text(doc, options, "instructions", where=at), files=(path,))


def _fillin(doc: YamlDoc, at: tuple[Any, ...], options: dict[str, Any]) -> Section:
    """Fill-ins from generated patterns filled from en (``size``), or laid out from a word pool
    (``words``, ``pick``); ``starters`` and ``difficulty`` as ``fillin`` takes them."""
    opts: dict[str, Any] = {"time_limit": _time_limit(doc, at, options, "fillin")}
    if options.get("difficulty") is not None:
        if options["difficulty"] not in ("easy", "hard"):
            raise doc.error(f"difficulty must be easy or hard, got {shown(options['difficulty'])}", *at, "difficulty")
        opts["difficulty"] = options["difficulty"]
    if options.get("starters") is not None:
        opts["starters"] = _whole(doc, at, options, "starters", 0, 1000)
    if options.get("size") is not None:
        if options.get("words") is not None:
            raise doc.error("give words (a word file) or size (generated patterns), not both", *at, "size")
        opts["size"] = _pattern_size(doc, at, options)
        return Section("fillin", _heading(options, "Fill-ins"), _count(doc, at, options, None), opts,
                       instructions=_text(doc, options, "instructions", where=at))  # fmt: skip
    words = _layout(doc, at, {k: v for k, v in options.items() if k in ("words", "pick", "count")})
    return dataclasses.replace(words, family="fillin", heading=_heading(options, "Fill-ins"), options=opts,
                               count=_count(doc, at, options, None), pool=tuple(w for w, _ in words.pool),
                               instructions=_text(doc, options, "instructions", where=at))  # fmt: skip


def _crossword(doc: YamlDoc, at: tuple[Any, ...], options: dict[str, Any]) -> Section:
    from ..crossword.reader import framework_of, read, read_dictionary

    grids = options.get("grids")
    if isinstance(grids, str):
        grids = [grids]
    rows: list[tuple[str, ...]] = []
    files: list[Path] = []
    size = _pattern_size(doc, at, options)
    if size is not None:
        rows, grids = [()], []  # no framework: each puzzle's pattern is generated (crossword --size)
    elif not isinstance(grids, list) or not grids:
        raise doc.error("grids must be a list of framework files (.grid), or give size: WxH", *at, "grids")
    for i, name in enumerate(grids):
        path = _file(doc, (*at, "grids"), name, i)  # type: ignore[arg-type]
        files.append(path)
        try:
            rows.append(framework_of(read(path)).rows)
        except InputError as exc:
            raise doc.error(f"grids: {exc}", *at, "grids", i) from None
    dictionary = options.get("dictionary", "en")
    names = dictionary if isinstance(dictionary, list) else [dictionary]
    resolved: list[str | dict[str, int]] = []
    for name in names:
        if name == "en":
            resolved.append("en")
        else:
            files.append(_file(doc, at, name, "dictionary"))
            try:  # read here, as the word files are: a cluster's worker has only the package
                resolved.append(read_dictionary(files[-1]).words)
            except InputError as exc:
                raise doc.error(f"dictionary: {exc}", *at, "dictionary") from None
    opts: dict[str, Any] = {"dictionary": resolved, "time_limit": _time_limit(doc, at, options, "crossword")}
    if size is not None:
        opts["size"] = size
    opts.update(_clued(doc, at, options, files, size))
    for key, low, high in (("min_length", 2, 30), ("min_score", 0, 100)):
        value = _whole(doc, at, options, key, low, high)
        if value is not None:
            opts[key] = value
    count = _count(doc, at, options, None if size is not None else len(rows))
    return Section("crossword", _heading(options, "Crosswords" if "clues" in opts else "Fill-in crosswords"), count,
                   opts, tuple(rows), 0, _text(doc, options, "instructions", where=at), files=tuple(files))


GIVENS_KEYS = ("givens", "min_givens", "max_givens")


def _codeword(doc: YamlDoc, at: tuple[Any, ...], options: dict[str, Any]) -> Section:
    """A crossword's grids (files or ``size``) and dictionary, then the givens (``codeword --givens``)."""
    dictionary = options.get("dictionary", "en")
    if not isinstance(dictionary, str):
        raise doc.error("a codeword's dictionary is one word list: 'en' or a file", *at, "dictionary")
    base = _crossword(doc, at, {k: v for k, v in options.items() if k not in GIVENS_KEYS})
    opts = dict(base.options, time_limit=_time_limit(doc, at, options, "codeword"))
    opts["dictionary"] = opts["dictionary"][0]
    for key in GIVENS_KEYS:
        value = _whole(doc, at, options, key, 0, 26)
        if value is not None:
            opts[key] = value
    return dataclasses.replace(base, family="codeword", heading=_heading(options, "Codewords"), options=opts)


def _clued(doc: YamlDoc, at: tuple[Any, ...], options: dict[str, Any], files: list[Path], size: str | None
            ) -> dict[str, Any]:
    """A crossword section's ``clues`` (a ``WORD;clue`` file: the puzzles are filled from its words,
    each entry printed with its clue) and ``theme`` (entries every puzzle holds, as ``--theme``)."""
    from ..crossword.construction.themes import parse_theme
    from ..crossword.wordlists.lists import read_clues

    found: dict[str, Any] = {}
    if options.get("clues") is not None:
        files.append(_file(doc, at, options["clues"], "clues"))
        try:
            found["clues"] = read_clues(files[-1])
        except InputError as exc:
            raise doc.error(f"clues: {exc}", *at, "clues") from None
        if not found["clues"]:
            raise doc.error("clues: the file has no WORD;clue line", *at, "clues")
    theme = options.get("theme")
    if theme is not None:
        theme = [theme] if isinstance(theme, str) else theme
        if not isinstance(theme, list) or not theme or not all(isinstance(t, str) for t in theme):
            raise doc.error("theme must be an entry (WORD or WORD@ROW,COL,A|D) or a list of them", *at, "theme")
        for i, text in enumerate(theme):
            try:
                entry = parse_theme(text.strip(), "theme")
            except InputError as exc:
                raise doc.error(exc.message, *at, "theme", i) from None
            if "clues" in found and entry.word not in found["clues"]:
                raise doc.error(f"theme entry {entry.word} has no clue in the clues file", *at, "theme", i)
        found["theme"] = [t.strip() for t in theme]
    return found


def _pattern_size(doc: YamlDoc, at: tuple[Any, ...], options: dict[str, Any]) -> str | None:
    """``size: 15x15``: each crossword's block pattern generated (as ``crossword --size``), not read."""
    from ..crossword.construction.pattern import parse_size

    size = options.get("size")
    if size is None:
        return None
    if options.get("grids") is not None:
        raise doc.error("give grids (framework files) or size (generated patterns), not both", *at, "size")
    try:
        rows, cols = parse_size(str(size))
    except InputError as exc:
        raise doc.error(exc.message, *at, "size") from None
    return f"{cols}x{rows}"
