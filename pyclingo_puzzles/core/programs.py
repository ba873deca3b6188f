"""Where the shipped encodings are (``encodings/*.lp``, installed as ``pyclingo_puzzles.encodings``)."""

from __future__ import annotations

from pathlib import Path

from .. import encodings as encodings_package


def encoding_path(name: str) -> Path:
    """Path of a shipped encoding, e.g. ``encoding_path("crossword.lp")``."""
    path = Path(ENCODINGS_DIR) / name
    if not path.is_file():
        raise FileNotFoundError(f"encoding {name} is not installed with the package")
    return path


# the package's directory (importlib.resources costs more start-up than the run of a small puzzle)
# (mypy does not follow pyproject's package-dir: the encodings folder is no package to it)
ENCODINGS_DIR = str(Path(encodings_package.__file__).parent)  # type: ignore[attr-defined]
