"""Lazy package attributes (PEP 562): a package names its public API without importing it.

The command imports only the chosen family's modules (start-up time is most of a small run), while
``from pyclingo_puzzles.crossword import solve`` keeps working: the attribute is imported on first use.
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Callable, Mapping
from typing import Any


def export(package: str, names: Mapping[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package``: ``names`` maps an attribute to the
    submodule (relative, e.g. ``".api"``) that defines it. A name that is also a submodule's name
    (wordsearch's ``generate``) stays the exported object when that submodule is imported later."""
    module = sys.modules[package]

    def getattr_(name: str) -> Any:
        source = names.get(name)
        if source is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(source, package), name)
        module.__dict__[name] = value  # cached: the next access does not come here
        return value

    def dir_() -> list[str]:
        return sorted(set(module.__dict__) | set(names))

    module.__class__ = _exports_class(frozenset(names))
    return getattr_, dir_


class _Exports(types.ModuleType):
    protected: frozenset[str] = frozenset()

    def __setattr__(self, name: str, value: object) -> None:
        # the import system binds a submodule to its parent's attribute after loading it; an
        # exported object of the same name (wordsearch's ``generate``) keeps the name
        if isinstance(value, types.ModuleType) and name in self.protected:
            return
        super().__setattr__(name, value)


def _exports_class(names: frozenset[str]) -> type[_Exports]:
    return type("_Exports", (_Exports,), {"protected": names})
