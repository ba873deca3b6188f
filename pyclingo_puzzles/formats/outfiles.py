"""Output files named on the command line (``--svg``, ``--pdf``, ``--ipuz``, ``-o``): checked before
any work, then written whole or not at all.

Before solving, ``check_output_paths`` refuses a path that cannot be written, two options naming the
same file, and an output naming an input (the instance, a ``--rules`` file and what it includes, the
dictionary, the file behind standard input): a run must never destroy what it reads. ``-`` names standard output.

``write_atomic`` writes a temporary file beside the target and renames it over the target only when
it is complete, so a full disk, a file-size limit (``RLIMIT_FSIZE``: the command ignores SIGXFSZ, so
the write fails with EFBIG instead of killing the process) or a permission error leaves the old file
as it was and ends the run with one line (``OutputError``).
"""

from __future__ import annotations

import contextlib
import errno
import os
import select
import stat
import sys
import time
import zlib
from collections.abc import Iterable, Mapping
from pathlib import Path

from ..core.errors import InputError
from ..run.children import unfinished_file
from ..run.runtime import current

STDOUT = "-"  # as a FILE: standard output


class OutputError(Exception):
    """An output could not be written (after the work was done): one line, ``FILE: what``."""

    def __init__(self, message: str, path: str | Path):
        super().__init__(f"{path}: {' '.join(message.split())}")


def is_stdout(path: str | Path | None) -> bool:
    return path is not None and str(path) == STDOUT


def _same(a: Path, b: Path) -> bool:
    """The same file: equal once resolved, or (both existing) one file under two names (hard link)."""
    try:
        if a.resolve() == b.resolve():
            return True
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except (OSError, RuntimeError):  # a symlink loop or an unreadable directory: not provably the same
        return False


def _behind_stdin(path: Path) -> bool:
    """Whether ``path`` is the regular file standard input reads (same device and inode)."""
    try:
        stdin, target = os.fstat(0), os.stat(path)
    except (OSError, ValueError):  # fd 0 closed, no such file, a NUL in the name
        return False
    return stat.S_ISREG(stdin.st_mode) and (stdin.st_dev, stdin.st_ino) == (target.st_dev, target.st_ino)


def check_output_paths(
    paths: Mapping[str, Path | None], inputs: Iterable[tuple[str, Path | str]] = ()
) -> None:
    """``paths``: option name -> path given (None: not given); ``inputs``: (what, path) of every file
    the run reads. Each output must be a writable file in an existing directory, no two options may
    name the same file, at most one may be standard output, and none may name an input."""
    given = {option: Path(path) for option, path in paths.items() if path is not None}
    to_stdout = [option for option, path in given.items() if is_stdout(path)]
    if len(to_stdout) > 1:
        raise InputError(f"{' and '.join(to_stdout)} both name standard output ('-'); give one a file name", STDOUT)
    read = [(what, Path(path)) for what, path in inputs if path is not None and not is_stdout(path)]
    seen: dict[str, Path] = {}
    for option, path in given.items():
        if is_stdout(path):
            continue
        if _behind_stdin(path):  # `< w.txt` and /dev/stdin, /proc/self/fd/0, or w.txt by name
            raise InputError(f"{option} names the file behind standard input; it would be overwritten", path)
        if path.is_dir():
            raise InputError(f"is a directory; {option} needs a file name", path)
        if path.exists() and not path.is_file():  # /dev/stdout, /dev/null, a FIFO: written in place
            if not os.access(path, os.W_OK):
                raise InputError(f"cannot write {option}: permission denied", path)
            continue
        parent = path.parent
        if not parent.is_dir():
            raise InputError(f"cannot write {option}: directory {str(parent)!r} does not exist", path)
        if not os.access(parent, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
            raise InputError(f"cannot write {option}: permission denied", path)
        for what, source in read:
            if _same(path, source):
                raise InputError(f"{option} names the {what} this run reads; it would be overwritten", path)
        for first, other in seen.items():
            if _same(path, other):
                raise InputError(f"{first} and {option} name the same file; one would overwrite the other", path)
        seen[option] = path


def check_names(paths: Mapping[str, Path | None]) -> None:
    """Before the work, what would fail only when the output is written: a relative name when the
    working directory has been deleted, and a name longer than its file system allows (a legal one
    is never too long for the temporary file beside it: ``temporary_name`` is short)."""
    for option, path in paths.items():
        if path is None or is_stdout(path):
            continue
        path = Path(path)
        if not path.is_absolute():
            try:
                os.getcwd()
            except OSError:
                raise InputError(
                    f"the working directory no longer exists, so {option} has nowhere to go; give an absolute path",
                    path,
                ) from None
        try:
            longest = os.pathconf(path.parent, "PC_NAME_MAX")
        except (OSError, ValueError):  # no such directory (reported next), or no figure: the usual one
            longest = 255
        if len(os.fsencode(path.name)) > longest:
            raise InputError(
                f"the file name of {option} is {len(os.fsencode(path.name))} bytes; the file system allows {longest}",
                path,
            )


def temporary_name(path: str | Path, pid: int) -> Path:
    """The temporary file process ``pid`` writes ``path`` through (beside it, hidden). Short,
    whatever the target's length: a checksum of its name, not the name."""
    target = Path(os.path.realpath(path))
    return target.with_name(f".{zlib.crc32(os.fsencode(target.name)):08x}.{pid}.tmp")


def remove_unfinished(paths: Iterable[str | Path], pid: int) -> None:
    """Remove what process ``pid``, ended while it wrote, left of ``paths``' temporary files (a
    batch's worker killed past its time: a killed process cleans nothing up)."""
    for path in paths:
        if not is_stdout(path):
            with contextlib.suppress(OSError):
                os.unlink(temporary_name(path, pid))


def write_atomic(path: str | Path, content: str | bytes, what: str) -> None:
    """Write ``content`` to ``path`` (``-``: standard output) whole or not at all; ``what`` names
    the output in the error ("SVG", "PDF", ...). Raises ``OutputError``."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    if is_stdout(path):
        _to_stdout(data, what)
        return
    try:
        mode = os.stat(path).st_mode  # through symlinks: /dev/stdout is the pipe or terminal itself
    except OSError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        _to_device(Path(path), data, what, path)  # /dev/stdout, /dev/null, a FIFO: no file to replace
        return
    target = Path(os.path.realpath(path))  # through a symlink, as a shell's > does
    tmp = temporary_name(target, os.getpid())
    try:
        with unfinished_file(tmp):  # a hard exit (a second Ctrl-C) meanwhile removes it
            # O_EXCL: never through someone else's file; 0o666 less the umask, as a plain open gives
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            try:
                with contextlib.suppress(OSError):  # keep an existing file's mode (a plain open does)
                    os.fchmod(fd, target.stat().st_mode & 0o7777)
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view) :]
            finally:
                os.close(fd)
            os.replace(tmp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise OutputError(f"cannot write {what} ({exc.strerror or exc}); nothing written", path) from None


def _to_device(target: Path, data: bytes, what: str, path: str | Path) -> None:
    """Write to a device or a FIFO in place. Under a time limit, a FIFO nobody reads (or a reader
    that stops reading) is waited for only until ``DEVICE_WAIT`` after the run's deadline: opened
    and written without blocking, so the run never hangs on it past its limit."""
    until = _device_until()
    try:
        fd = _open_device(target, until)
        try:
            view = memoryview(data)
            while view:
                try:
                    view = view[os.write(fd, view) :]
                except BlockingIOError:
                    _wait_writable(fd, until)
        finally:
            os.close(fd)
    except TimeoutError:
        raise OutputError(f"cannot write {what}: nothing read it before the time limit", path) from None
    except OSError as exc:
        raise OutputError(f"cannot write {what} ({exc.strerror or exc})", path) from None


DEVICE_WAIT = 0.2  # seconds past the run's deadline a device or FIFO output may still take
DEVICE_POLL = 0.02  # seconds between tries to open a FIFO that has no reader yet


def _device_until() -> float | None:
    run = current()
    deadline = run.deadline if run is not None else None
    return None if deadline is None else deadline + DEVICE_WAIT


def _open_device(target: Path, until: float | None) -> int:
    """Open for writing without blocking (ENXIO: a FIFO with no reader yet, tried again until ``until``)."""
    while True:
        try:
            return os.open(target, os.O_WRONLY | os.O_NONBLOCK)
        except OSError as exc:
            if exc.errno != errno.ENXIO:  # ENXIO: a FIFO with no reader (yet)
                raise
            if until is not None and time.monotonic() >= until:
                raise TimeoutError from None
            time.sleep(DEVICE_POLL)


def _wait_writable(fd: int, until: float | None) -> None:
    left = None if until is None else until - time.monotonic()
    if left is not None and left <= 0:
        raise TimeoutError
    if not select.select([], [fd], [], left)[1]:
        raise TimeoutError


def _to_stdout(data: bytes, what: str) -> None:
    stream = sys.stdout
    stream.flush()
    buffer = getattr(stream, "buffer", None)
    try:
        if buffer is None:  # a text-only stream (a test's capture)
            stream.write(data.decode("utf-8"))
        else:
            buffer.write(data)
            buffer.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise OutputError(f"cannot write {what} to standard output ({exc.strerror or exc})", STDOUT) from None
