"""What a warm process keeps between fills of the same words: values computed from a word dict
(its word tables, its best words, a seed's share of them), kept per dict object, the last few.

A studio's autofill or a server's worker fills from the same dictionary again and again; building
en's tables took 0.13 s of every call. The key is the dict's identity, and the dict itself is kept
with the value, so a key is never reused by another dict while its value is kept; word dicts are
never changed once built (a changed copy is a new dict)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

T = TypeVar("T")
KEPT = 8  # dicts kept per kind of value: a studio's words, with locked entries, and their best words

_kept: dict[str, OrderedDict[tuple[int, Hashable], tuple[object, Any]]] = {}
_lock = threading.Lock()


def kept(kind: str, words: object, key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, or the value made before for this ``words`` object and ``key``."""
    table = _kept.setdefault(kind, OrderedDict())
    full = (id(words), key)
    with _lock:
        found = table.get(full)
        if found is not None and found[0] is words:
            table.move_to_end(full)
            return found[1]
    value = make()
    with _lock:
        table[full] = (words, value)
        while len(table) > KEPT:
            table.popitem(last=False)
    return value


def clear() -> None:
    """Forget every kept value (tests, benchmarks of a cold process)."""
    with _lock:
        _kept.clear()
