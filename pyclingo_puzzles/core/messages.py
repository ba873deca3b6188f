"""Warnings printed once, repeats counted.

clingo repeats a message for every ground instance, and a family that grounds in rounds (a layout
search, a size search) meets the same message in every round: the README's rule example printed one
info 41 times. Each distinct message is passed on the first time it comes (so it is seen before a
long solve); the later copies are only counted, and at the end of a run (``counting``, around
each run of the command) each repeated message is passed on once more with its count:
``... (41 times)``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar, cast

from .errors import InputError

Warn = Callable[[str], None]
F = TypeVar("F", bound=Callable[..., Any])

# message -> [how it was passed on, copies seen]; per process (a batch's worker clears it per file)
_seen: dict[str, list] = {}


def once(warn: Warn, message: str) -> None:
    """``warn(message)`` the first time ``message`` comes; later copies are counted."""
    entry = _seen.get(message)
    if entry is None:
        _seen[message] = [warn, 1]
        warn(message)
    else:
        entry[1] += 1


def repeats() -> list[tuple[str, int]]:
    """The messages that came more than once, with their counts, in first-seen order."""
    return [(message, count) for message, (_, count) in _seen.items() if count > 1]


def clear() -> None:
    """Start afresh (a new run in the same process)."""
    _seen.clear()


def report_repeats() -> None:
    """Each repeated message once more, with how often it came; then start afresh."""
    for message, (warn, count) in list(_seen.items()):
        if count > 1:
            warn(f"{message} ({count} times)")
    _seen.clear()


_runs = 0  # counting() blocks open (a batch's file is a run inside the batch's)


@contextmanager
def counting() -> Iterator[None]:
    """One run: messages start afresh, and the repeated ones are reported when it ends (also when
    it ends with an error)."""
    global _runs
    _runs += 1
    clear()
    try:
        yield
    finally:
        _runs -= 1
        report_repeats()


def one_run(function: F) -> F:
    """A public API function as one run (``counting``): called twice on the same rules, each call
    warns, as each command does; the counts do not pile up over a program's calls. Called from
    Python (not by a command), its errors name the parameters, not the command's flags
    (``size=``, not ``--size``: ``parameters``)."""

    @functools.wraps(function)
    def run(*args: Any, **kwargs: Any) -> Any:
        if _runs:  # called by a command's run (strips, crossword): that run counts
            return function(*args, **kwargs)
        with counting():
            try:
                return function(*args, **kwargs)
            except InputError as exc:
                raise parameters(exc) from None

    return cast(F, run)


FLAG = re.compile(r"(?<![\w-])--([a-z][a-z0-9-]*)")
RENAMED = {"theme": "themes"}  # a flag whose parameter has another name (crossword.generate's themes=)


def parameters(exc: InputError) -> InputError:
    """``exc`` with the command's flags named as the API's keyword parameters: a flag as the place
    of the error (``--size: size '2x2'...``) becomes ``size=``, and one in the message its name.
    An error of a kind of its own (a subclass) is left as it is."""

    def name(match: re.Match[str]) -> str:
        flag = match.group(1)
        return RENAMED.get(flag, flag.replace("-", "_"))

    file = exc.file
    renamed_file = f"{FLAG.sub(name, file)}=" if isinstance(file, str) and FLAG.fullmatch(file) else file
    message = FLAG.sub(name, exc.message)
    if type(exc) is not InputError or (renamed_file == file and message == exc.message):
        return exc
    return InputError(message, renamed_file, exc.line, exc.column)
