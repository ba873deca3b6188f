"""The studio's calls as a worker pool runs them (web/pool.py): ``warm(**word-list options)``
builds the warm object once per worker and options, and each call is ``function(studio, **kwargs)``
returning plain JSON values (they cross a process). Inside the pool's ``runtime.Run`` a call stops
when the run does (a newer request of the page, a hang-up, the deadline): the searches poll it."""

from __future__ import annotations

from typing import Any

from .studio import Studio, studio_for
from .words import WordLists


def warm(**options: Any) -> Studio:
    """The warm ``Studio`` of these word-list options (``WordLists``' fields; ``exclude`` any list)."""
    if "exclude" in options and isinstance(options["exclude"], list):
        options["exclude"] = tuple(options["exclude"])
    return studio_for(WordLists(**options))


def slots(studio: Studio, **kwargs: Any) -> dict[str, Any]:
    return studio.slots(**kwargs).as_json()


def suggest(studio: Studio, **kwargs: Any) -> dict[str, Any]:
    return studio.suggest(**kwargs).as_json()


def verdict(studio: Studio, **kwargs: Any) -> dict[str, Any]:
    return studio.verdict(**kwargs).as_json()


def autofill(studio: Studio, **kwargs: Any) -> dict[str, Any]:
    return studio.autofill(**kwargs).as_json()


def pattern(studio: Studio, **kwargs: Any) -> dict[str, Any]:
    return studio.pattern(**kwargs).as_json()
