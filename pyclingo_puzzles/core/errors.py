"""The one error type users see: bad input, reported as a single line with file and line."""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Sequence
from pathlib import Path

EXIT_BAD_INPUT = 65
MAX_SHOWN = 40  # characters of a value (a word, a key) echoed in a message
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def shorten(value: object, limit: int = MAX_SHOWN) -> str:
    """``value`` for a one-line message: at most ``limit`` characters, then an ellipsis and the
    length (a 5,000-letter word is named, not echoed)."""
    text = str(value)
    return text if len(text) <= limit else f"{text[: limit - 1]}… ({len(text)} characters)"


def shown(value: object) -> str:
    """A value as a message shows it: its ``repr``, shortened (a huge list is named, not echoed)."""
    try:
        return shorten(repr(value))
    except Exception:  # a hostile __repr__
        return f"a {type(value).__name__}"


def escaped(name: str) -> str:
    """A file name on one line: a newline or another control character in it shown escaped."""
    return _CONTROL.sub(lambda m: repr(m.group())[1:-1], name)


class InputError(Exception):
    """Malformed input. ``str()`` is one line: ``FILE:LINE: what is wrong`` (``FILE:LINE:COLUMN:``
    where the column is known: clingo's messages about a rules file)."""

    def __init__(
        self, message: str, file: str | Path | None = None, line: int | None = None, column: int | None = None
    ):
        self.message = " ".join(str(message).split())  # always one line
        self.file = str(file) if file is not None else None
        self.line = line
        self.column = column if line is not None else None
        super().__init__(str(self))

    def __str__(self) -> str:
        # a file name may hold a newline or a control character: shown escaped, on one line
        where = escaped(self.file) if self.file else "<input>"
        if self.line is not None:
            where += f":{self.line}"
        if self.column is not None:
            where += f":{self.column}"
        return f"{where}: {self.message}"

    def __reduce__(self):  # pickled whole across a portfolio's worker processes
        return (InputError, (self.message, self.file, self.line, self.column))

    def at(self, file: str | Path | None = None, line: int | None = None) -> InputError:
        """A copy that fills in a missing file or line."""
        return InputError(
            self.message,
            self.file if self.file is not None else file,
            self.line if self.line is not None else line,
            self.column,
        )


class VerificationError(RuntimeError):
    """A model failed a family's independent verifier: a bug in an encoding or in the user's rules.
    Never printed as a solution; the CLI reports it as an internal error (exit 1)."""


# Every user file (instances, dictionaries, frameworks, rules) is read whole into memory: bigger
# files than this are refused up front (a 64 MiB word list is already far beyond what grounds).
MAX_INPUT_BYTES = 64 * 1024 * 1024


def read_text(path: str | Path) -> str:
    """Read a UTF-8 text file, turning every OS or decoding failure into an InputError (the
    checks of ``read_bytes``)."""
    return decoded(read_bytes(path), path)


def decoded(data: bytes, path: str | Path) -> str:
    """A file's bytes as text: UTF-8, a byte-order mark skipped, else an InputError with the line."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError("not valid UTF-8 text", path, line) from None


def read_bytes(path: str | Path) -> bytes:
    """Read a file's bytes, turning every OS failure into an InputError.

    Only regular files of at most ``MAX_INPUT_BYTES`` are read: a FIFO, a device (``/dev/zero``)
    or a socket would block or never end, so they are refused before opening, and again from
    the descriptor opened (``read_descriptor``: a file swapped for a FIFO in between is refused,
    not waited on)."""
    p = Path(path)
    try:
        _check_kind(p.stat(), p)
        fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise InputError("file not found", p) from None
    except OSError as exc:
        raise InputError(f"cannot read file ({exc.strerror or exc})", p) from None
    except ValueError:  # the OS cannot take the name (a NUL character in it)
        raise InputError("is not a usable file name (it holds a NUL character)", p) from None
    try:
        return read_descriptor(fd, p)
    finally:
        os.close(fd)


def read_descriptor(fd: int, path: str | Path) -> bytes:
    """The bytes of an open file, checked from its descriptor (``fstat``): a regular file of at
    most ``MAX_INPUT_BYTES``, else an InputError naming ``path``."""
    try:
        _check_kind(os.fstat(fd), path)
        os.set_blocking(fd, True)
        chunks, size = [], 0
        while size <= MAX_INPUT_BYTES and (chunk := os.read(fd, min(1 << 20, MAX_INPUT_BYTES + 1 - size))):
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise InputError(f"cannot read file ({exc.strerror or exc})", path) from None
    if size > MAX_INPUT_BYTES:  # grew after the size check
        raise InputError(f"is larger than {MAX_INPUT_BYTES >> 20} MiB, the limit for input files", path)
    return b"".join(chunks)


def _check_kind(st: os.stat_result, path: str | Path) -> None:
    if stat.S_ISDIR(st.st_mode):
        raise InputError("is a directory, not a file", path)
    if not stat.S_ISREG(st.st_mode):
        raise InputError(f"is {_kind(st.st_mode)}, not a regular file", path)
    if st.st_size > MAX_INPUT_BYTES:
        size = f"{st.st_size / 2**20:.0f} MiB"
        raise InputError(f"is {size}; input files are limited to {MAX_INPUT_BYTES >> 20} MiB", path)


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def derived_error(symbol: object, reason: str, rules: Sequence[str | Path] = ()) -> Exception:
    """A model shows an atom the family's decoder cannot read (``reason``: "which is not a
    candidate"). With user rules that is their doing (an InputError naming the rules file);
    without, a bug in a shipped encoding."""
    text = str(symbol).replace(", ", ",")
    if not rules:
        return VerificationError(f"the model shows `{text}`, {reason}")
    where = str(rules[0]) if len(rules) == 1 else "--rules"
    return InputError(f"your rules derive `{text}`, {reason}", where)


_CLINGO_WHERE = re.compile(
    r"^(?P<file>.+?):(?P<line>\d+):(?P<column>\d+)(?:-\d+(?::\d+)?)?: error: (?P<what>.*)$"
)


def clingo_error(message: str, what: str, file: str | Path | None = None) -> InputError:
    """A clingo error message (``FILE:LINE:COL-COL: error: text``) as ``FILE:LINE:COL: what: text``;
    a message without a location is kept whole, under ``file``."""
    m = _CLINGO_WHERE.match(message)
    if m is None:
        return InputError(f"{what}: {message}", file)
    return InputError(f"{what}: {m['what']}", m["file"], int(m["line"]), int(m["column"]))
