"""A user's rules file and what it ``#include``s: read by Python, checked, and handed to clingo
as text.

clingo never opens a user's file. It panicked ("exception in nothrow scope") on a message about
bytes that are not UTF-8, it reads a FIFO or a device for ever, and a folder check made on a path
before clingo opened the same path could be raced (swap the file for a symlink between the two).
So every file the rules read (the rules file and its includes, transitively) is opened here once,
checked from its descriptor (a regular file of bounded size: ``errors.read_descriptor``), decoded
(UTF-8, a byte-order mark skipped, no NUL, which would end clingo's text early) and kept as a
``Source``: its text, with each ``#include "..."`` blanked (so clingo's parser reads no file), and
where the included sources go (``rules.parse`` splices their statements in, as clingo would).

Rules cannot reach the machine (docs/rules.md, "Safety"): an ``#include`` is looked up the way
clingo looks it up (next to the including file, then from the working directory) and must lie
inside the rules file's own folder. It is opened from the folder's descriptor one name at a time
(``openat`` with ``O_NOFOLLOW``): a symlink is read and followed here, and only while it stays
inside, and ``..`` never climbs above the folder; so what is opened is what was checked, whatever
changes meanwhile. ``RulesPolicy.include_anywhere`` (the command's ``--allow-include-anywhere``)
opts out. ``#script`` and ``@`` functions are refused by ``rules.parse`` from the parsed program.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
from collections.abc import Callable, Iterator, Mapping
from functools import partial
from pathlib import Path
from typing import Any

from .errors import InputError, decoded, read_descriptor

# clingo's tokens that matter for finding includes: strings (one line, with escapes), block
# comments (which nest, as clingo's lexer nests them), line comments, and everything else
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|%\*|%[^\n]*|#include\b|\s+|[^"%#\s]+|.', re.S)
_BLOCK = re.compile(r"%\*|\*%")
MAX_FILES = 256  # files one rules file may read, its includes' includes too
MAX_LINKS = 40  # symlinks followed for one include (the kernel's own limit)
_OPEN = os.O_RDONLY | os.O_CLOEXEC | os.O_NONBLOCK  # a FIFO opens at once and is refused from its descriptor


class RulesPolicy:
    """What users' rules may do in this process (set by the command, or by ``trusted_rules``).
    (A plain class: dataclasses imports inspect, which the command's start-up avoids.)"""

    def __init__(self, include_anywhere: bool = False, functions: Mapping[str, Callable[..., Any]] | None = None):
        self.include_anywhere = include_anywhere  # True: #include may name any readable file
        self.functions = dict(functions or {})  # the @ functions allowed: name -> callable


policy = RulesPolicy()


@contextlib.contextmanager
def trusted_rules(
    *, include_anywhere: bool = False, functions: Mapping[str, Callable[..., Any]] | None = None
) -> Iterator[RulesPolicy]:
    """For API callers who trust their rules files: within the block, ``#include`` may name any
    file (``include_anywhere``) and the rules may call the ``@`` functions given (name -> callable,
    called by clingo as in a grounding context). ``#script`` stays refused."""
    global policy
    before = policy
    policy = RulesPolicy(include_anywhere, dict(functions or {}))
    try:
        yield policy
    finally:
        policy = before


class Source:
    """One file the rules read, as clingo gets it. (A plain class: see ``RulesPolicy``.)"""

    def __init__(self, name: str, path: Path, text: str, key: tuple[int, int], place: _Place | None):
        self.name = name  # as messages name it: the including file's folder joined with the include's name
        self.path = path  # where it is, resolved (the output checks: no output may name it)
        self.text = text  # its text, each #include "..." blanked to spaces (lines and columns kept)
        self.key = key  # (device, inode): a file included twice is read once, as clingo does
        self.place = place  # the folder it lies in and the directories below it; None: no folder check
        # (line, column, name, source) of each include in the text; source None: read already (clingo warns)
        self.includes: list[tuple[int, int, str, Source | None]] = []


# the rules read in this process: (working directory, path as named, policy) -> (the files' identity
# and times when read, the sources); a fill asks for its rules in several stages (bans, word atoms,
# the diagnosis, each attempt's solver) and each gets the one reading while the files are unchanged
_read: dict[tuple[str, str, bool], tuple[tuple[tuple[int, ...], ...], list[Source]]] = {}


def _identity(path: str | Path, sources: list[Source]) -> tuple[tuple[int, ...], ...]:
    """What says the files are as read: the named file's and each source's device, inode, size and
    modification time (a file changed, replaced or linked elsewhere is read again, and checked)."""
    found = []
    for where in [path, *(source.path for source in sources)]:
        try:
            st = os.stat(where)
        except (OSError, ValueError):
            return ()
        found.append((st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns))
    return tuple(found)


def read_rules(path: str | Path) -> list[Source]:
    """Every file the rules file reads, the rules file first: opened once per process while the
    files stay unchanged (``_read``), checked and read here (an InputError naming the file and line
    otherwise, or the include that leaves the folder)."""
    try:
        key = (os.getcwd(), os.fspath(path), policy.include_anywhere)
    except OSError:  # the working directory is gone: read, not kept
        return _read_rules(path)
    known = _read.get(key)
    if known is not None and known[0] and known[0] == _identity(path, known[1]):
        return known[1]
    sources = _read_rules(path)
    _read[key] = (_identity(path, sources), sources)
    return sources


def _read_rules(path: str | Path) -> list[Source]:
    if str(path) == "-" and not Path(path).exists():  # "-" is standard input for a FILE, not here
        raise InputError("rules are read from files, not from standard input ('-'): give the file's name", path)
    with _folders(path) as folders:
        fd = _open(partial(os.open, path, _OPEN), path)  # the file the user named: as named, links followed
        try:
            top = _source(fd, str(path), _resolved(path), _Place(folders[0], []) if folders else None)
        finally:
            os.close(fd)
        sources, seen, todo = [top], {top.key}, [top]
        while todo:
            source = todo.pop(0)
            for name, line, column in _blank_includes(source):
                try:
                    found = _include(source, name, folders)
                except InputError as exc:  # about the include itself (no file), or about the file it names
                    raise InputError(exc.message if exc.file is None else f"included here: {exc}", source.name,
                                     line) from None  # fmt: skip
                if found.key in seen:
                    source.includes.append((line, column, name, None))
                    continue
                if len(sources) >= MAX_FILES:
                    raise InputError(f"the rules read more than {MAX_FILES} files", source.name, line)
                seen.add(found.key)
                sources.append(found)
                todo.append(found)
                source.includes.append((line, column, name, found))
    return sources


def check_rules_file(path: str | Path) -> list[Path]:
    """Raise an InputError if the rules file or any file it includes cannot be read as text, or
    an include leaves the rules file's folder (unless the policy allows it). Returns every file
    read, the rules file first (resolved)."""
    return [source.path for source in read_rules(path)]


def included_files(path: str | Path) -> list[Path]:
    """The files a rules file reads (itself and its includes, resolved); [] when it cannot be
    read (loading it reports why). For the output check: no output may name one of them."""
    try:
        return check_rules_file(path)
    except InputError:
        return []


def includes(text: str) -> Iterator[tuple[str, int, int, int]]:
    """(name, line, start, end) of each ``#include "name".`` in the text as clingo's lexer reads
    it: ``start`` and ``end`` are the offsets of the whole directive."""
    tokens = []  # (text, offset) of the tokens that are neither blank nor comments
    position = 0
    while position < len(text):
        m = _TOKEN.match(text, position)
        if m is None:  # cannot happen: the last alternative matches any character
            break
        token, position = m.group(), m.end()
        if token == "%*":
            position = _block_end(text, position)
        elif not token.isspace() and not token.startswith("%"):
            tokens.append((token, m.start()))
    for i, (token, offset) in enumerate(tokens[:-2]):
        name, (dot, at) = tokens[i + 1][0], tokens[i + 2]
        if token == "#include" and name.startswith('"') and len(name) > 1 and dot.startswith("."):
            unescaped = re.sub(r"\\(.)", lambda m: "\n" if m[1] == "n" else m[1], name[1:-1])
            yield unescaped, text.count("\n", 0, offset) + 1, offset, at + 1


def _block_end(text: str, position: int) -> int:
    """Where a block comment opened just before ``position`` ends (those nested in it too)."""
    depth = 1
    for m in _BLOCK.finditer(text, position):
        depth += 1 if m.group() == "%*" else -1
        if not depth:
            return m.end()
    return len(text)  # unclosed: clingo's lexer reports it


def _blank_includes(source: Source) -> list[tuple[str, int, int]]:
    """The includes of ``source`` (name, line, column in bytes, as clingo counts), blanked in its text."""
    found = []
    text = source.text
    for name, line, start, end in list(includes(text)):
        column = len(text[text.rfind("\n", 0, start) + 1 : start].encode()) + 1
        found.append((name, line, column))
        text = text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]
    source.text = text
    return found


# ------------------------------------------------------------------------------- opening files


class _Folder:
    """The rules file's folder, open: what the rules include is opened from its descriptor."""

    def __init__(self, path: str):
        self.path = path
        self.fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)

    def below(self, path: str) -> list[str] | None:
        """The names leading from the folder to the absolute ``path`` (as written: ``..`` is
        left to the walk), or None when ``path`` does not start with the folder."""
        root = self.path.rstrip("/")
        if path == root or path.startswith(root + "/"):
            return [part for part in path[len(root) :].split("/") if part]
        return None


class _Place:
    """Where a file lies: a folder and the directories below it, by name."""

    def __init__(self, folder: _Folder, parts: list[str]):
        self.folder = folder
        self.parts = parts


class _Outside(Exception):
    """An include leads out of the rules file's folder."""


@contextlib.contextmanager
def _folders(path: str | Path) -> Iterator[list[_Folder]]:
    """The rules file's folder(s), open (none when the policy allows any include): where its
    name points and, through a symlink, where the file is."""
    opened: list[_Folder] = []
    try:
        if not policy.include_anywhere:
            with contextlib.suppress(OSError, ValueError):  # the file's own error comes when it is opened
                named = os.path.abspath(os.path.dirname(os.fspath(path)) or ".")
                for name in dict.fromkeys([named, os.path.dirname(os.path.realpath(path))]):
                    opened.append(_Folder(name))
            if not opened:
                opened.append(_Folder("/"))  # never used: the file itself cannot be opened
        yield opened
    finally:
        for folder in opened:
            os.close(folder.fd)


def _resolved(path: str | Path) -> Path:
    try:
        return Path(path).resolve()
    except (OSError, ValueError, RuntimeError):
        return Path(path)


def _open(call: Callable[[], int], name: str | Path) -> int:
    """``call()`` (an ``os.open``), its failures as the one-line errors of ``errors.read_bytes``."""
    try:
        return call()
    except FileNotFoundError:
        raise InputError("file not found", name) from None
    except OSError as exc:
        raise InputError(f"cannot read file ({exc.strerror or exc})", name) from None
    except ValueError:  # the OS cannot take the name (a NUL character in it)
        raise InputError("is not a usable file name (it holds a NUL character)", name) from None


def _source(fd: int, name: str, path: Path, place: _Place | None) -> Source:
    """A file opened for the rules, read from its descriptor and checked."""
    text = decoded(read_descriptor(fd, name), name)
    if "\0" in text:  # clingo's text would end at the first NUL: what follows would be dropped unseen
        line = text.count("\n", 0, text.index("\0")) + 1
        raise InputError("holds a NUL character (a text file never does)", name, line)
    st = os.fstat(fd)
    return Source(name, path, text, (st.st_dev, st.st_ino), place)


def _include(source: Source, name: str, folders: list[_Folder]) -> Source:
    """The file ``#include "name".`` in ``source`` reads: next to ``source`` if it is there, else
    from the working directory (clingo's order), opened inside the folder (``_beneath``)."""
    if "\0" in name:
        raise InputError("is not a usable file name (it holds a NUL character)", name)
    shown = name if os.path.isabs(name) else os.path.join(os.path.dirname(source.name), name)
    candidates = [shown] if os.path.isabs(name) or shown == name else [shown, name]
    place = source.place
    if place is None:  # no folder check: open the names as they are
        for i, candidate in enumerate(candidates):
            if i + 1 < len(candidates) and not os.path.lexists(candidate):
                continue
            fd = _open(partial(os.open, candidate, _OPEN), candidate)
            try:
                return _source(fd, candidate, _resolved(candidate), None)
            finally:
                os.close(fd)
        raise InputError("file not found", shown)  # (the last candidate returns or raises)
    leaves = InputError(
        f'#include "{name}" leaves the rules file\'s folder ({folders[0].path}); rules may include only '
        "files beside them or below (--allow-include-anywhere allows any)"
    )
    for i, candidate in enumerate(candidates):
        if os.path.isabs(name) or i == 1:
            start = next(((f, parts) for f in folders if (parts := f.below(os.path.abspath(candidate)))
                          is not None), None)  # fmt: skip
            if start is None:
                if i == 0 or os.path.lexists(candidate):
                    raise leaves from None
                raise InputError("file not found", candidate)
            walk = _Place(start[0], start[1])
        else:
            walk = _Place(place.folder, [*place.parts, *name.split("/")])
        try:
            fd, where, real = _beneath(walk, folders)
        except _Outside:
            raise leaves from None
        except FileNotFoundError:
            if i + 1 < len(candidates):
                continue
            raise InputError("file not found", candidate) from None
        except OSError as exc:
            raise InputError(f"cannot read file ({exc.strerror or exc})", candidate) from None
        try:
            return _source(fd, candidate, real, where)
        finally:
            os.close(fd)
    raise InputError("file not found", shown)  # (no candidates: cannot happen)


def _beneath(start: _Place, folders: list[_Folder]) -> tuple[int, _Place, Path]:
    """Open the file ``start`` names without leaving its folder: one name at a time from the
    folder's descriptor, never following a link (``O_NOFOLLOW``); a symlink is read and its
    target walked in its stead, ``..`` goes back up the names walked and never above the folder
    (``_Outside``). Returns the descriptor, the place of the file's directory and its path."""
    folder, todo = start.folder, list(start.parts)
    opened: list[tuple[int, str]] = []  # the directories walked into, below the folder
    links = 0
    try:
        while todo:
            part = todo.pop(0)
            if part in ("", "."):
                continue
            if part == "..":
                if not opened:
                    raise _Outside
                os.close(opened.pop()[0])
                continue
            here = opened[-1][0] if opened else folder.fd
            flags = _OPEN | os.O_NOFOLLOW | (os.O_DIRECTORY if todo else 0)
            try:
                fd = os.open(part, flags, dir_fd=here)
            except OSError as exc:
                if exc.errno not in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
                    raise
                links += 1
                if links > MAX_LINKS:
                    raise OSError(errno.ELOOP, os.strerror(errno.ELOOP)) from None
                try:
                    target = os.readlink(part, dir_fd=here)
                except OSError as not_link:
                    if not_link.errno == errno.EINVAL and exc.errno == errno.ELOOP:
                        todo.insert(0, part)  # a link a moment ago, not now (swapped): opened again
                        continue
                    raise exc from None  # not a link: a file where a folder should be
                if os.path.isabs(target):  # walked again from the folder it leads into, if any
                    inside = next(((f, p) for f in folders if (p := f.below(target)) is not None), None)
                    if inside is None:
                        raise _Outside from None
                    for fd_, _ in opened:
                        os.close(fd_)
                    opened.clear()
                    folder, todo = inside[0], [*inside[1], *todo]
                else:
                    todo = [*target.split("/"), *todo]
                continue
            if not todo:
                names = [name for _, name in opened]
                return fd, _Place(folder, names), Path(folder.path, *names, part)
            opened.append((fd, part))
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
    finally:
        for fd_, _ in opened:
            os.close(fd_)
