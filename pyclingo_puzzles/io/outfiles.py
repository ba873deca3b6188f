"""Output files named on the command line (``--svg``, ``--svg-key``, ``--ipuz``), checked before any
solving: a path that cannot be written would otherwise lose the answer after the work is done."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from ..core.errors import InputError


def check_output_paths(paths: Mapping[str, Path | None]) -> None:
    """``paths``: option name -> path given (None: not given). Each must be a writable file in an
    existing directory, and no two options may name the same file."""
    seen: dict[Path, str] = {}
    for option, path in paths.items():
        if path is None:
            continue
        if path.is_dir():
            raise InputError(f"is a directory; {option} needs a file name", path)
        parent = path.parent
        if not parent.is_dir():
            raise InputError(f"cannot write {option}: directory {str(parent)!r} does not exist", path)
        if not os.access(parent, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
            raise InputError(f"cannot write {option}: permission denied", path)
        first = seen.setdefault(path.resolve(), option)
        if first != option:
            raise InputError(f"{first} and {option} name the same file; one would overwrite the other", path)
