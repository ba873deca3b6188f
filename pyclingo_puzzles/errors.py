"""The one error type users see: bad input, reported as a single line with file and line."""

from __future__ import annotations

from pathlib import Path

EXIT_BAD_INPUT = 65


class InputError(Exception):
    """Malformed input. ``str()`` is one line: ``FILE:LINE: what is wrong``."""

    def __init__(self, message: str, file: str | Path | None = None, line: int | None = None):
        self.message = " ".join(str(message).split())  # always one line
        self.file = str(file) if file is not None else None
        self.line = line
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.file or "<input>"
        if self.line is not None:
            where += f":{self.line}"
        return f"{where}: {self.message}"

    def at(self, file: str | Path | None = None, line: int | None = None) -> InputError:
        """A copy that fills in a missing file or line."""
        return InputError(
            self.message,
            self.file if self.file is not None else file,
            self.line if self.line is not None else line,
        )


class VerificationError(RuntimeError):
    """A model failed a family's independent verifier: a bug in an encoding or in the user's rules.
    Never printed as a solution; the CLI reports it as an internal error (exit 1)."""


def read_text(path: str | Path) -> str:
    """Read a UTF-8 text file, turning every OS or decoding failure into an InputError."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except IsADirectoryError:
        raise InputError("is a directory, not a file", p) from None
    except FileNotFoundError:
        raise InputError("no such file", p) from None
    except OSError as exc:
        raise InputError(f"cannot read file ({exc.strerror or exc})", p) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError("not valid UTF-8 text", p, line) from None
