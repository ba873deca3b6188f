"""Word search instances: YAML reader, levels and directions.

Keys: ``width``, ``height``, ``words``, ``level`` (easy | medium | hard) or ``directions``
(list of ``[dx, dy]``: dx along the row, dy down), optional ``alphabet``, ``seed``, ``message``,
``secret``, ``title``, and ``mask`` (rows of ``#``/``.``; width and height then come from it) or
``shape`` (a built-in drawn to width x height, see ``shapes.py``). A word is a string or a mapping
``{word: TIGER, priority: 3, required: true}``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ..core.apicheck import SEED_LIMIT
from ..core.errors import InputError, shorten, shown
from ..core.letters import checked_word, describe_char, first_non_letter, normalize_word, phrase
from ..core.wordcheck import find_contained, find_duplicate, find_reversed
from ..formats import instances
from ..formats.yamlio import YamlDoc, expect_mapping, load_yaml
from . import scripts, shapes

Direction = tuple[int, int]
MAX_SIZE = 500
AUTO_SIDE = MAX_SIZE  # the stand-in side of --size auto: every word that can fit at all passes the checks
EIGHT: tuple[Direction, ...] = ((1, 0), (0, 1), (1, 1), (1, -1), (-1, 0), (0, -1), (-1, -1), (-1, 1))
LEVELS: dict[str, tuple[Direction, ...]] = {
    "easy": ((1, 0), (0, 1)),  # right, down
    "medium": ((1, 0), (0, 1), (1, 1), (1, -1)),  # + down-right, up-right
    "hard": EIGHT,  # all eight, reversed words included
}
KEYS = (
    "width", "height", "words", "level", "directions", "alphabet", "seed", "message", "title", "mask", "shape", "secret"
)  # fmt: skip
ENTRY_KEYS = {"words": ("word", "priority", "required"), "secret": ("word", "priority")}
MAX_PRIORITY = 10_000  # keeps the objective's sums far from clingo's integer range


@dataclass(frozen=True)
class WordSearchInstance:
    path: str
    width: int
    height: int
    words: tuple[str, ...]  # normalised, in file order
    directions: tuple[Direction, ...]
    level: str | None  # None when directions were given explicitly
    alphabet: tuple[str, ...]  # filler letters
    seed: int
    message: str  # letters only ("" = no message)
    custom_alphabet: bool = False  # given in the file: a level override keeps it
    title: str | None = None  # printed pages' title (default: the file's stem)
    mask: tuple[str, ...] | None = None  # rows of '#' (usable) and '.' (no cell); None = every cell
    shape: str | None = None  # the built-in shape the mask was drawn from (redrawn by --size)
    # word entries (--fit most, secret words): ``words`` holds the listed words, then the secret ones
    priorities: tuple[int, ...] = ()  # per word of ``words``; () = every word weighs 1
    required: tuple[str, ...] = ()  # never dropped by --fit most
    secret: tuple[str, ...] = ()  # placed like the others, left out of the printed list
    phrases: tuple[tuple[str, str], ...] = ()  # (letters, as written) of each phrase: ("ICECREAM", "ICE CREAM")

    def priority(self, w: int) -> int:
        return self.priorities[w] if self.priorities else 1

    def written(self, word: str) -> str:
        """How ``word`` is listed: a phrase as written ("ICE CREAM"), else the word."""
        return dict(self.phrases).get(word, word)

    def __post_init__(self) -> None:
        # built in Python (the API, tests), an instance is held to the reader's rules on words
        check_words(self.words, self.path)

    @property
    def reversed_words(self) -> bool:
        return any((-dx, -dy) in self.directions for dx, dy in self.directions)


def max_run(width: int, height: int, d: Direction) -> int:
    dx, dy = d
    return min(width if dx else 10**9, height if dy else 10**9)


def placements(length: int, width: int, height: int, d: Direction) -> int:
    """Start cells from which ``length`` letters in direction ``d`` stay inside the grid."""
    dx, dy = d
    return max(0, width - (length - 1) * abs(dx)) * max(0, height - (length - 1) * abs(dy))


def check(inst: WordSearchInstance, doc: YamlDoc | None = None) -> WordSearchInstance:
    """Checks that need the whole instance (also after command-line overrides); with the parsed
    file ``doc``, errors name the line of the offending key or word."""

    def line(*keys: str | int) -> int | None:
        return doc.line(*keys) if doc is not None else None

    listed = len(inst.words) - len(inst.secret)

    def word_line(i: int) -> int | None:
        return line("words", i) if i < listed else line("secret", i - listed)

    for n, value in (("width", inst.width), ("height", inst.height)):
        if not 1 <= value <= MAX_SIZE:
            raise InputError(f"{n} must be between 1 and {MAX_SIZE}, got {value}", inst.path, line(n))
    longest = max(max_run(inst.width, inst.height, d) for d in inst.directions)
    for i, w in enumerate(inst.words):
        if len(w) > longest:
            named = shorten(w)  # a word too long to echo is shortened and its length given once
            sized = named if named != w else f"{w} ({len(w)} letters)"
            raise InputError(
                f"word {sized} is longer than the {inst.width}x{inst.height} grid in every "
                f"allowed direction (at most {longest})",
                inst.path,
                word_line(i),
            )
    # Two different words of one length cannot take the same start and direction: more words of a
    # length than placements of that length is proved impossible here, before any candidate is built.
    seen: dict[int, int] = {}
    for i, w in enumerate(inst.words):
        seen[len(w)] = seen.get(len(w), 0) + 1
        room = sum(placements(len(w), inst.width, inst.height, d) for d in inst.directions)
        if seen[len(w)] > room:
            raise InputError(
                f"more words of {len(w)} letters than the {inst.width}x{inst.height} grid has placements "
                f"for them ({room} in the allowed directions)",
                inst.path,
                word_line(i),
            )
    if inst.mask is not None:
        if (len(inst.mask), len(inst.mask[0])) != (inst.height, inst.width):
            raise InputError(
                f"the mask is {len(inst.mask[0])}x{len(inst.mask)}, the grid {inst.width}x{inst.height}",
                inst.path,
                line("mask"),
            )
        if inst.message:
            raise InputError("a hidden message needs a rectangular grid (no mask or shape)", inst.path, line("message"))
    cells = inst.width * inst.height
    if len(inst.message) > cells:
        raise InputError(
            f"message has {len(inst.message)} letters but the grid has {cells} cells", inst.path, line("message")
        )
    return inst


@dataclass(frozen=True)
class WordEntry:
    word: str
    priority: int
    required: bool
    line: int | None
    written: str = ""  # a phrase as written ("ICE CREAM"; the word is its letters), "" for a word


def parse_entry(doc: YamlDoc, key: str, i: int) -> WordEntry:
    """One item of ``words`` or ``secret``: a string, or a mapping with ``word`` and options."""
    entry = doc.data[key][i]
    line = doc.line(key, i)
    priority, required = 1, False
    if isinstance(entry, dict):
        allowed = ENTRY_KEYS[key]
        for k in entry:
            if k not in allowed:
                hint = " (a secret word is never dropped anyway)" if k == "required" and key == "secret" else ""
                allowed_text = ", ".join(allowed)
                raise doc.error(f"unknown key {shown(k)} in a {key!r} entry (allowed: {allowed_text}){hint}", key, i, k)
        if "word" not in entry:
            raise InputError(f"{key!r} item {i + 1} has no 'word'", doc.path, line)
        value = entry.get("priority", 1)
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_PRIORITY:
            raise doc.error(
                f"priority must be a positive integer (at most {MAX_PRIORITY}), got {shown(value)}", key, i, "priority"
            )
        priority = value
        flag = entry.get("required", False)
        if not isinstance(flag, bool):
            raise doc.error(f"required must be true or false, got {shown(flag)}", key, i, "required")
        required, entry = flag, entry["word"]
    if not isinstance(entry, str):
        raise InputError(f"{key!r} item {i + 1} must be a string, got {type(entry).__name__}", doc.path, line)
    letters, written = phrase(entry)  # "ICE CREAM": one entry, its letters joined in the grid
    # a plain word is checked as written, so an error quotes it as the user wrote it
    word = checked_word(entry if written == letters else letters, doc.path, line, "hidden words need at least two")
    return WordEntry(word, priority, required, line, written if written != word else "")


def parse_entries(doc: YamlDoc, key: str) -> list[WordEntry]:
    raw = doc.data.get(key)
    if raw is None:
        if key == "words":
            raise doc.error("missing key 'words'")
        return []
    if not isinstance(raw, list):
        raise doc.error(f"{key!r} must be a list of words", key)
    return [parse_entry(doc, key, i) for i in range(len(raw))]


def parse_words(doc: YamlDoc) -> tuple[list[WordEntry], list[WordEntry]]:
    """The listed words and the secret words, checked together (duplicates, words inside words)."""
    listed, secret = parse_entries(doc, "words"), parse_entries(doc, "secret")
    if not listed:
        raise doc.error("'words' is empty", "words")
    entries = listed + secret
    check_words([e.word for e in entries], doc.path, {i: e.line for i, e in enumerate(entries)})
    return listed, secret


def check_words(words: Sequence[str], path: str, lines: dict[int, int | None] | None = None) -> None:
    """Every word normalised letters, at least two; none twice, none the reverse of another, none
    inside another (linear checks)."""
    lines = lines or {}
    if not words:
        raise InputError("no words", path)
    for i, w in enumerate(words):
        if not isinstance(w, str) or w != normalize_word(w) or first_non_letter(w) is not None or len(w) < 2:
            raise InputError(
                f"word {shorten(w)!r} must be upper-case letters, at least two (normalize_word)", path, lines.get(i)
            )
    twice = find_duplicate(words)
    if twice is not None:
        i, j = twice
        where = f"line {lines[i]}" if lines.get(i) else f"word {i + 1}"
        raise InputError(f"word {shorten(words[i])} is listed twice ({where} and here)", path, lines.get(j))
    contained = find_contained(words)
    if contained is not None:
        i, j, how = contained
        raise InputError(
            f"word {shorten(words[i])} occurs {how} {shorten(words[j])}, so it could never occur exactly once",
            path,
            lines.get(i),
        )
    mirrored = find_reversed(words)
    if mirrored is not None:
        i, j = mirrored
        first, second = (f"line {lines[k]}" if lines.get(k) else f"word {k + 1}" for k in (i, j))
        raise InputError(
            f"words {shorten(words[i])} ({first}) and {shorten(words[j])} ({second}) are each other backwards: "
            "each reads from the other's cells, so neither could occur exactly once; keep one of them",
            path,
            lines.get(j),
        )


def parse_directions(doc: YamlDoc) -> tuple[tuple[Direction, ...], str | None]:
    data = doc.data
    if data.get("directions") is not None:
        raw = data["directions"]
        if not isinstance(raw, list) or not raw:
            raise doc.error("'directions' must be a non-empty list of [dx, dy]", "directions")
        dirs: list[Direction] = []
        for i, d in enumerate(raw):
            if (
                not isinstance(d, list)
                or len(d) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) and -1 <= v <= 1 for v in d)
                or d == [0, 0]
            ):
                raise doc.error(
                    f"direction {i + 1} must be [dx, dy] with dx, dy in -1, 0, 1, not both 0", "directions", i
                )
            if tuple(d) not in dirs:
                dirs.append((d[0], d[1]))
        return tuple(dirs), None
    level = data.get("level", "medium")
    if not isinstance(level, str):
        raise doc.error(f"'level' must be easy, medium or hard, got a {type(level).__name__}", "level")
    if level not in LEVELS:
        raise doc.error(f"unknown level {shown(level)} (easy, medium or hard)", "level")
    return LEVELS[level], level


def default_alphabet(words: tuple[str, ...], level: str | None) -> tuple[str, ...]:
    own = sorted({ch for w in words for ch in w})
    if level == "hard":
        return tuple(own)  # filler from the words' own letters, so the words do not stand out
    return scripts.filler(words)  # the alphabet of the words' own script (kana words: kana)


def parse_instance(text: str, path: str) -> WordSearchInstance:
    return from_doc(load_yaml(path, text))


Size = tuple[int, int] | str | None  # (width, height), "auto" or not given


def from_doc(doc: YamlDoc, size: Size = None) -> WordSearchInstance:
    """An instance from a parsed document (a YAML file, a word list, or the Python API's mapping).
    ``size`` stands in for a missing width and height (``"auto"``: a stand-in size that every
    check accepts; ``autosize.find_size`` picks the real one)."""
    data = expect_mapping(doc, KEYS)
    mask = shapes.read_mask(doc)
    width, height = _sizes(doc, mask, size)
    shape = shapes.read_shape(doc)
    if shape is not None and 1 <= width <= MAX_SIZE and 1 <= height <= MAX_SIZE:
        mask = shapes.shaped(shape, width, height, doc.path, doc.line("shape"))
    title = data.get("title")
    if title is not None and (not isinstance(title, str) or not title.strip()):
        raise doc.error("'title' must be a non-empty string", "title")
    listed, secret = parse_words(doc)
    entries = listed + secret
    words = tuple(e.word for e in entries)
    directions, level = parse_directions(doc)
    if "directions" in data and "level" in data:
        raise doc.error("give either 'level' or 'directions', not both", "directions")
    alphabet = _alphabet(doc, words, level)  # checked before the seed, as always
    seed = data.get("seed", 1)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise doc.error("'seed' must be a non-negative integer", "seed")
    if seed >= SEED_LIMIT:
        raise doc.error(f"'seed' must be below 2^32 = {SEED_LIMIT} (clingo's range), got {seed}", "seed")
    message = data.get("message") or ""
    if not isinstance(message, str):
        raise doc.error("'message' must be a string", "message")
    inst = WordSearchInstance(
        doc.path, width, height, words, directions, level, alphabet, seed,
        "".join(ch for ch in normalize_word(message) if ch.isalpha()), custom_alphabet=data.get("alphabet") is not None,
        title=title.strip() if title else None, mask=mask, shape=shape,
        priorities=tuple(e.priority for e in entries) if any(e.priority != 1 for e in entries) else (),
        required=tuple(e.word for e in entries if e.required), secret=tuple(e.word for e in secret),
        phrases=tuple((e.word, e.written) for e in entries if e.written),
    )  # fmt: skip
    return check(inst, doc)


def _sizes(doc: YamlDoc, mask: tuple[str, ...] | None, size: Size) -> tuple[int, int]:
    """Width and height: the file's, else its mask's, else ``size``'s (auto: the stand-in side)."""
    data, sizes = doc.data, []
    given = dict(zip(("width", "height"), size if isinstance(size, tuple) else (size, size), strict=True))
    for key, from_mask in (("width", len(mask[0]) if mask else None), ("height", len(mask) if mask else None)):
        value = data.get(key, from_mask)
        if key not in data and value is None and given[key] is not None:
            value = AUTO_SIDE if given[key] == "auto" else given[key]
        if key not in data and value is None:
            raise doc.error(
                f"'{key}' is missing: give width and height, or --size WxH (--size auto: the smallest grid "
                "the words fit on)",
                key,
            )
        if not isinstance(value, int) or isinstance(value, bool):
            raise doc.error(f"'{key}' must be an integer, got {shorten(value)!r}", key)
        if from_mask is not None and value != from_mask:
            raise doc.error(f"'{key}' is {value} but the mask's is {from_mask} (leave it out: the mask sets it)", key)
        sizes.append(value)
    return sizes[0], sizes[1]


def _alphabet(doc: YamlDoc, words: tuple[str, ...], level: str | None) -> tuple[str, ...]:
    """The filler letters: the file's ``alphabet``, else the words' own (``default_alphabet``)."""
    raw = doc.data.get("alphabet")
    if raw is None:
        return default_alphabet(words, level)
    text_alpha = "".join(raw) if isinstance(raw, list) and all(isinstance(x, str) for x in raw) else raw
    if not isinstance(text_alpha, str):
        raise doc.error("'alphabet' must be a string of letters", "alphabet")
    letters = normalize_word(text_alpha.replace(" ", "").replace(",", ""))
    if not letters:  # "", "  ", [] or ", ": no letter to fill with (not "found a space")
        raise doc.error("'alphabet' has no letters: give the filler's letters, or leave it out", "alphabet")
    bad = first_non_letter(letters)
    if bad is not None:
        raise doc.error(f"'alphabet' must be letters only, found {describe_char(bad)}", "alphabet")
    return tuple(sorted(set(letters)))


def read_instance(path: str | Path | instances.Source, size: Size = None) -> WordSearchInstance:
    """A YAML instance or a plain word list (``.txt``, one word a line) from a file, standard input
    (``-``) or a ``Source``; ``size`` stands in for a missing width and height."""
    return instances.read(path, lambda doc: from_doc(doc, size), KEYS)


def sizeless(src: instances.Source) -> bool:
    """The input gives no size: a plain word list, or YAML with neither width, height nor mask
    (``--size auto`` then: the smallest grid the words fit on). A document that is not a mapping
    says nothing here: reading it gives its own error."""
    if instances.kind_of(src, KEYS) == "list":
        return True
    data = instances.document(src, KEYS).data
    return isinstance(data, dict) and not {"width", "height", "mask"} & data.keys()


def override(
    inst: WordSearchInstance, *, level: str | None = None, seed: int | None = None, size: tuple[int, int] | None = None
) -> WordSearchInstance:
    """Command-line options override the file (``--level``, ``--seed``, ``--size WxH``)."""
    if level is not None:
        if level not in LEVELS:
            raise InputError(f"unknown level {shown(level)} (easy, medium or hard)", inst.path)
        inst = replace(inst, level=level, directions=LEVELS[level])
        if not inst.custom_alphabet:
            inst = replace(inst, alphabet=default_alphabet(inst.words, level))
    if seed is not None:
        inst = replace(inst, seed=seed)
    if size is not None:
        inst = replace(inst, width=size[0], height=size[1])
        if inst.mask is not None and all(1 <= v <= MAX_SIZE for v in size):
            inst = replace(inst, mask=shapes.resize(inst, *size))
    return check(inst)
