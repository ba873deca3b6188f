"""The PDF's font: Noto Sans from the ``fontpkg-noto-sans`` package (installed from PyPI as a
dependency, found through ``fontpkg``), which covers Latin, Greek and Cyrillic, and the CJK font
found at run time (``cjkfont``), so the letters are embedded as real text (a subset of the font) and
can be searched and extracted. Characters neither draws are left out of the text and counted, for
one warning a document (``forget_dropped``, ``warn_dropped``). Importing fpdf2 and reading the font
take most of a second, so the command starts that in a thread (``prepare``) while it solves.
"""

from __future__ import annotations

import threading
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import cjkfont
from .outfiles import OutputError

FONT = "Noto Sans"
# fpdf2 warns (in three lines) when Pillow cannot be imported, as under ulimit -v, where the run
# then ends in the memory limit's one line; its pages draw no image, so it needs no Pillow anyway
warnings.filterwarnings("ignore", message="Pillow could not be imported", category=UserWarning)
VARIATION_TABLES = ("fvar", "gvar", "avar", "cvar", "HVAR", "VVAR", "MVAR", "STAT")


@lru_cache(maxsize=1)
def font_path() -> Path:
    """Noto Sans (regular, variable) from its PyPI package."""
    import fontpkg  # imported late: only --pdf needs it

    return Path(fontpkg.path(FONT))


@lru_cache(maxsize=1)
def _covered() -> frozenset[int]:
    from fontTools.ttLib import TTFont  # fpdf2 depends on fontTools

    with TTFont(font_path(), lazy=True) as font:
        return frozenset(font.getBestCmap())


def _drawn(code: int) -> bool:
    """Noto Sans or the CJK font found at run time (``cjkfont``) draws the character."""
    return code in _covered() or code in cjkfont.covered()


def missing_glyphs(chars: str, blank: str = "") -> list[str]:
    """Characters the fonts cannot draw (they would print as blanks); ``blank`` characters are
    drawn as nothing anyway."""
    return sorted({ch for ch in chars if ch not in blank and not ch.isspace() and not _drawn(ord(ch))})


def font(pdf: Any, size: float, text: str = "") -> None:
    """Set the font ``text`` is drawn in (Noto Sans, or the CJK font for CJK text) at ``size``."""
    cjkfont.use(pdf, size, text, _covered())


_dropped: set[str] = set()  # the characters ``drawable`` left out since ``forget_dropped``


def drawable(text: str) -> str:
    """``text`` without the characters the font lacks (``warn_dropped`` warns; fpdf2 cannot measure them)."""
    covered = _covered()
    kept = "".join(ch for ch in text if ch == " " or ord(ch) in covered or _drawn(ord(ch)))
    if len(kept) != len(text):
        _dropped.update(missing_glyphs(text))
    return kept


_prepared: threading.Thread | None = None


def prepare() -> None:
    """Import fpdf2 and read the font in a thread, while the run solves (clingo releases the GIL)."""
    global _prepared
    if _prepared is None:
        _prepared = threading.Thread(target=_warm, name="pdf font", daemon=True)
        _prepared.start()


def wait_prepared(until: float | None) -> None:
    """Let ``prepare``'s thread finish, until ``until`` (``time.monotonic``; None: however long it takes)."""
    if _prepared is not None:  # (importing fpdf2 waits for the thread's import anyway)
        _prepared.join(None if until is None else max(0.0, until - time.monotonic()))


def _warm() -> None:
    try:
        import fpdf  # noqa: F401

        _covered()
    except Exception:  # rendering meets it again, in the main thread, and reports it
        pass


def _native_variable_fonts() -> bool:
    """fpdf2 2.8.5 and later subset a variable font itself (its default outlines: the Regular)."""
    import fpdf

    try:
        return tuple(int(p) for p in fpdf.__version__.split(".")[:3]) >= (2, 8, 5)
    except ValueError:
        return False


def forget_dropped() -> None:
    """A new document: no character left out yet."""
    _dropped.clear()


def warn_dropped() -> None:
    """One warning for the characters ``drawable`` left out since ``forget_dropped`` (they print as blanks)."""
    if not _dropped:
        return
    from .output import warn

    shown = (ch if ch.isprintable() else f"U+{ord(ch):04X}" for ch in sorted(_dropped))  # a control character
    hint = f" ({cjkfont.HINT})" if cjkfont.path() is None and any(cjkfont.is_cjk(ch) for ch in _dropped) else ""
    warn(f"the PDF font has no glyph for {' '.join(shown)}: they print as blanks{hint}")


@contextmanager
def font_file() -> Iterator[Path]:
    """A font file fpdf2 can subset: the package's variable font, or (older fpdf2) a static copy
    without its variation tables in a temporary folder. That copy is an output too: a full disk
    or a file-size limit gives one line (``OutputError``), not a traceback."""
    if _native_variable_fonts():
        yield font_path()
        return
    import tempfile

    from fontTools.ttLib import TTFont

    try:
        with tempfile.TemporaryDirectory(prefix="pyclingo-pdf-") as tmp:
            path = Path(tmp) / "NotoSans-Regular.ttf"
            with TTFont(font_path()) as font:
                for tag in VARIATION_TABLES:
                    if tag in font:
                        del font[tag]
                font.save(path)
            yield path
    except OSError as exc:
        raise OutputError(f"cannot prepare the PDF font ({exc.strerror or exc}); nothing written", "PDF") from None

