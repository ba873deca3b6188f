"""Reading the crossword's inputs: ``read`` takes a P-99 ``.dat`` file, YAML or a ``.grid`` to a
``CrosswordInstance`` (it has words) or a ``Framework`` (it has none: a dictionary fills it), and
``read_dictionary`` a word list.

``.dat``: words one per line, one blank line, then the framework rows (see ``framework.py``); a
bare framework has no word list and no blank line. YAML: ``words: [..]`` and ``framework: [row
strings]``, a ``.grid`` the rows alone: all in the one notation of ``framework.py`` (``.`` or
``_`` an empty place, ``#``, ``*`` or a space a block, a letter predefined). Duplicate words are
allowed: the word list is a multiset, each copy fills one site.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from ..core.errors import InputError, read_text
from ..core.letters import checked_word, normalize_word
from .framework import NOTATION, Framework, NotationError

YAML_SUFFIXES = (".yaml", ".yml")
# a YAML instance's keys: the puzzle, and what the command's options say besides (the web app's
# requests are such files): ``clues`` (WORD: clue), ``size`` (a pattern generated instead of a
# framework), ``min_length`` and ``min_score`` of the dictionary fill (``instance_options``)
YAML_KEYS = ("words", "framework", "theme", "clues", "size", "min_length", "min_score")
# A file of another suffix whose first line (not blank, not a comment) is one of the YAML keys is
# YAML too: no P-99 word holds a colon, and read as a framework it would be rows of letters
YAML_START = re.compile(r"(words|framework)\s*:(\s|$)")
MAX_CELLS = 250_000  # 500 x 500, as the word search; crossword grids in use are below 30 x 30

SCORE_MIN, SCORE_MAX = -(2**31), 2**31 - 1  # scores become clingo numbers (32-bit)
SKIPPED_SHOWN = 5  # a dictionary's skipped lines named in the warning


class CrosswordInstance(NamedTuple):
    path: str
    words: tuple[str, ...]  # normalised (upper case, NFC), in file order
    framework: Framework


def check_word(raw: str, file: str, line: int | None) -> str:
    """Normalise one word or raise a one-line error naming it."""
    return checked_word(raw, file, line, "a site has at least two places")


def framework_from_lines(
    lines: Sequence[str], file: str, line: int | None, numbers: Sequence[int] | None = None, quoted: bool = False
) -> Framework:
    """``Framework.from_lines`` for lines read from ``file`` (the first at ``line``, or each at its
    line of ``numbers``), refusing a shape beyond ``MAX_CELLS`` before the rows are padded to a
    rectangle (one long line in a file of many short ones would otherwise ask for height x width
    memory), and a character outside the notation with its line and column (rows without a file
    line, the API's, or ``quoted`` ones, YAML's strings: by its row and column in the framework)."""
    def at(row: int) -> int | None:
        return numbers[row] if numbers is not None else None if line is None else line + row

    width = max((len(row) for row in lines), default=0)
    if len(lines) * width > MAX_CELLS:
        widest = max(range(len(lines)), key=lambda i: len(lines[i]))
        raise InputError(
            f"framework of {len(lines)} rows, {width} cells wide is larger than {MAX_CELLS} cells", file, at(widest)
        )
    try:
        framework = Framework.from_lines(lines)
    except NotationError as exc:
        where = at(exc.row)
        if where is None or quoted:  # rows from Python or YAML strings: named by row and column
            raise InputError(f"framework {exc}", file, where) from None
        raise InputError(f"{exc.char!r} is not part of a framework ({NOTATION})", file, where, exc.col + 1) from None
    return check_framework(framework, file, at(0))


def check_framework(framework: Framework, file: str, line: int | None) -> Framework:
    """A framework with a site, within ``MAX_CELLS`` (the command's cap, and the API's: a
    ``Framework`` built by the caller is checked here too)."""
    width = max((len(row) for row in framework.rows), default=0)
    if len(framework.rows) * width > MAX_CELLS:
        raise InputError(
            f"framework of {len(framework.rows)} rows, {width} cells wide is larger than {MAX_CELLS} cells", file, line
        )
    if not framework.sites():
        raise InputError("framework has no site (no run of two or more places)", file, line)
    return framework


def dat_lines(text: str) -> tuple[list[str], int]:
    """A ``.dat`` file's lines and the end of its content (trailing blank lines are not rows)."""
    lines = text.split("\n")
    end = len(lines)
    while end > 0 and not lines[end - 1].strip():
        end -= 1
    return lines, end


def starts_with_row(lines: Sequence[str], end: int) -> bool:
    """Whether a ``.dat`` file is a bare framework (no word list, no blank line): its first line is
    a row. A word never holds ``.``, so a first line with one is a row; a first line that is not a
    word (a space, a ``#``) is a row only when no blank line follows it: before a blank line it is
    the word list's first word, reported as a bad word (never read as a row of letters). Both modes
    decide with this, so a file means the same with and without ``--dictionary``."""
    first = lines[0].strip() if end else ""  # strip(): a CRLF file's \r is not part of the line
    if not first:
        return False
    return "." in first or (not first.isalpha() and all(lines[i].strip() for i in range(1, end)))


def parse_dat(text: str, path: str) -> CrosswordInstance:
    """The words (none for a bare framework: ``starts_with_row``) and the framework."""
    lines, end = dat_lines(text)
    if starts_with_row(lines, end):
        return CrosswordInstance(path, (), framework_from_lines(lines[:end], path, 1))
    try:
        blank = next(i for i in range(end) if not lines[i].strip())
    except StopIteration:
        if end == 0:
            raise InputError("empty file (a P-99 file: the words, a blank line, the framework)", path, 1) from None
        if len(lines) - end >= 2:  # the words, then a blank line (not just the last line's newline), then nothing
            raise InputError("no framework after the blank line", path, end + 1) from None
        first_row = next((i for i in range(end) if "." in lines[i] or " " in lines[i].strip()), end - 1)
        raise InputError(
            "no blank line separating the word list from the framework", path, max(first_row, 0) + 1
        ) from None
    words = [check_word(lines[i], path, i + 1) for i in range(blank)]
    start = blank
    while start < len(lines) and not lines[start].strip():
        start += 1  # the separator (and any extra blank lines) before the framework
    if start >= end:
        raise InputError("no framework after the blank line", path, blank + 1)
    framework = framework_from_lines(lines[start:end], path, start + 1)
    return CrosswordInstance(path, tuple(words), framework)


def parse_yaml(text: str, path: str) -> CrosswordInstance:
    from ..formats.yamlio import expect_mapping, expect_str_list, load_yaml  # only YAML input needs PyYAML

    doc = load_yaml(path, text)
    expect_mapping(doc, YAML_KEYS)
    raw_words = expect_str_list(doc, "words", required=False) or []  # none: a framework to fill from a dictionary
    rows = expect_str_list(doc, "framework") or []
    if not rows:
        raise doc.error("'framework' is empty", "framework")
    words = [check_word(w, path, doc.line("words", i)) for i, w in enumerate(raw_words)]
    for i, row in enumerate(rows):
        if "\n" in row or "\r" in row:
            raise doc.error(f"framework row {i + 1} contains a line break", "framework", i)
    numbers = [doc.line("framework", i) for i in range(len(rows))]
    framework = framework_from_lines(rows, path, doc.line("framework"), numbers, quoted=True)
    return CrosswordInstance(path, tuple(words), framework)


def instance_options(path: str | Path, text: str) -> dict[str, object]:
    """A YAML instance's (``text``'s) ``clues``, ``size``, ``min_length`` and ``min_score``
    (checked), when it has them; none for any other file."""
    if not is_yaml(path, text):
        return {}
    from ..formats.yamlio import load_yaml  # only YAML input needs PyYAML

    doc = load_yaml(path, text)
    data = doc.data if isinstance(doc.data, dict) else {}
    found: dict[str, object] = {}
    clues = data.get("clues")
    if clues is not None:
        if not isinstance(clues, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in clues.items()):
            raise doc.error("'clues' must map each word to its clue (WORD: clue text)", "clues")
        found["clues"] = {check_word("".join(k.split()), str(path), doc.line("clues", k)): " ".join(v.split())
                          for k, v in clues.items()}
    if data.get("size") is not None:
        if not isinstance(data["size"], str) or data.get("framework") is not None:
            raise doc.error("'size' is WxH (a pattern generated), instead of a framework", "size")
        found["size"] = data["size"]
    for key, low, high in (("min_length", 2, 25), ("min_score", 0, 10_000)):
        value = data.get(key)
        if value is not None:
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise doc.error(f"'{key}' must be a whole number from {low} to {high}", key)
            found[key] = value
    return found


def is_yaml(path: str | Path, text: str) -> bool:
    """YAML by its suffix, or by its first line that is not blank or a comment (``YAML_START``)."""
    if Path(path).suffix.lower() in YAML_SUFFIXES:
        return True
    start = 0
    while start < len(text):  # line by line to the first that counts: a large .dat is not split here
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        line, start = text[start:end].strip(), end + 1
        if line and not line.startswith("#"):
            return YAML_START.match(line) is not None
    return False


def parse_grid(text: str, path: str) -> Framework:
    """A ``.grid`` file: the framework's rows (``_`` or ``.`` empty, ``*``, ``#`` or a space a
    block, a letter predefined) and ``theme:`` lines."""
    # NFC: a letter typed as base + combining mark (macOS, some editors) is one letter
    lines = [unicodedata.normalize("NFC", line.rstrip("\r")) for line in text.split("\n")]
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise InputError("empty .grid file", path, 1)
    rows, numbers = [], []
    for i, line in enumerate(lines):
        if THEME_LINE.match(line):
            continue  # a theme entry (themes.file_themes reads it), not a row
        rows.append(line)
        numbers.append(i + 1)
    return framework_from_lines(rows, path, 1, numbers)


EXCHANGE_SUFFIXES = (".puz", ".ipuz")  # frameworks from the formats constructors exchange
THEME_LINE = re.compile(r"^\s*theme\s*:", re.IGNORECASE)  # ``theme: WORD@ROW,COL,A|D`` in a .grid file


def read(
    path: str | Path, keep_letters: bool = False, notes: list[str] | None = None, text: str | None = None
) -> CrosswordInstance | Framework:
    """The one reader of the crossword's FILE, read once: a ``.grid`` (``parse_grid``), YAML
    (``is_yaml``), a ``.dat``, or an Across Lite ``.puz`` or ``.ipuz`` (``exchange_framework``).
    An instance when the file has words, else its framework. ``text``: the file's text, read
    already (the command reads it once, for the theme lines too)."""
    if Path(path).suffix.lower() in EXCHANGE_SUFFIXES:
        return exchange_framework(path, keep_letters, notes)
    text = read_text(path) if text is None else text
    if Path(path).suffix.lower() == ".grid":
        return parse_grid(text, str(path))
    instance = parse_yaml(text, str(path)) if is_yaml(path, text) else parse_dat(text, str(path))
    return instance if instance.words else instance.framework


def exchange_framework(path: str | Path, keep_letters: bool = False, notes: list[str] | None = None) -> Framework:
    """A ``.puz`` (puzpy) or ``.ipuz`` (the ipuz library) as a framework: its blocks, an ipuz
    puzzle's given letters, and with ``keep_letters`` its solution's letters as given letters;
    what the framework cannot hold (rebus cells, circles) is added to ``notes``."""
    from ..formats import ipuz, puz

    reader = puz if Path(path).suffix.lower() == ".puz" else ipuz
    rows, said = reader.read_framework(path, keep_letters)
    if notes is not None:
        notes.extend(said)
    return framework_from_lines(rows, str(path), None)


def framework_of(puzzle: CrosswordInstance | Framework) -> Framework:
    """What ``read`` returned, as the framework a dictionary fills (an instance's words left aside)."""
    return puzzle.framework if isinstance(puzzle, CrosswordInstance) else puzzle


def read_instance(path: str | Path) -> CrosswordInstance:
    """A file that must have words (``crossword.solve``)."""
    read_back = read(path)
    if isinstance(read_back, Framework):
        raise InputError("no words before the framework (a framework-only file needs --dictionary)", path, 1)
    return read_back


class Dictionary(NamedTuple):
    """A dictionary fill's words: normalised word -> score (1 when unscored)."""

    words: dict[str, int]
    skipped: int = 0  # lines that were not a word
    skipped_lines: tuple[int, ...] = ()  # the first few of them (SKIPPED_SHOWN), for the warning

    def skipped_text(self) -> str:
        """``5 line(s) that are not a word (lines 3, 8, 9, 12, 20)``, the first few named."""
        shown = ", ".join(map(str, self.skipped_lines))
        more = ", …" if self.skipped > len(self.skipped_lines) else ""
        return f"{self.skipped} line(s) that are not a word (line{'s' if self.skipped > 1 else ''} {shown}{more})"


def read_dictionary(path: str | Path, min_length: int = 2, min_score: int | None = None) -> Dictionary:
    """One word per line (any case) or ``WORD;SCORE``; non-letter lines are skipped and counted."""
    return parse_dictionary(read_text(path), path, min_length, min_score)


def parse_dictionary(text: str, path: str | Path, min_length: int = 2, min_score: int | None = None) -> Dictionary:
    """``read_dictionary`` of a text already read (``path`` names it in errors: a file, or a
    request's field)."""
    words: dict[str, int] = {}
    skipped: list[int] = []
    for number, line in enumerate(text.split("\n"), 1):
        raw = line.strip()
        if not raw:
            continue
        raw, score = _scored(raw, path, number)
        word = normalize_word(raw)
        if score is None or not word.isalpha():
            skipped.append(number)
            continue
        if len(word) < min_length or (min_score is not None and score < min_score):
            continue
        words[word] = max(score, words.get(word, score))
    if not words:
        why = []  # the options that left every word out, when they did
        if min_length > 2:
            why.append(f"{min_length} letters or more")
        if min_score is not None:
            why.append(f"a score of {min_score} or more")
        reason = f" with {' and '.join(why)}" if why and text.strip() else ""
        raise InputError(f"the dictionary has no usable word{reason}", path, None if text.strip() else 1)
    return Dictionary(words, len(skipped), tuple(skipped[:SKIPPED_SHOWN]))


def _scored(raw: str, path: str | Path, number: int) -> tuple[str, int | None]:
    """A dictionary line's word and score (1 unscored; None: a score that is not a number)."""
    if ";" not in raw:
        return raw, 1
    raw, _, tail = raw.partition(";")
    try:
        score = int(tail.strip())
    except ValueError:
        return raw, None
    if not SCORE_MIN <= score <= SCORE_MAX:
        raise InputError(
            f"score {tail.strip()} is outside clingo's integer range ({SCORE_MIN} to {SCORE_MAX})", path, number
        )
    return raw, score
