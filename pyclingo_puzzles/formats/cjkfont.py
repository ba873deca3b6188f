"""A CJK font for the PDF, found at run time: Noto Sans (the package's font) has no Chinese,
Japanese or Korean glyphs, so text that needs them is set in a CJK font of the system.

Where it looks: ``$PYCLINGO_PUZZLES_CJK_FONT`` (a .ttf, .otf or .ttc file), then the places
Linux distributions, macOS and Windows keep Noto Sans CJK, Source Han Sans or their own CJK fonts
(Debian and Ubuntu: ``apt install fonts-noto-cjk``). Without one, those characters print as
blanks and the command warns once, naming them and how to install a font.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any

ENV = "PYCLINGO_PUZZLES_CJK_FONT"
FAMILY = "cjk"  # the name the document knows the font by
CANDIDATES = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",  # Debian, Ubuntu: fonts-noto-cjk
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",  # Arch
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",  # Fedora
    "/usr/share/fonts/truetype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/adobe-source-han-sans/SourceHanSans-Regular.ttc",
    "/usr/local/share/fonts/NotoSansCJK-Regular.ttc",
    "/Library/Fonts/Arial Unicode.ttf",  # macOS
    "/System/Library/Fonts/Supplemental/Arial Unicode.ttf",
    "C:/Windows/Fonts/msgothic.ttc",  # Windows
)
HINT = "install a CJK font (Debian, Ubuntu: apt install fonts-noto-cjk) or name one in $" + ENV


@lru_cache(maxsize=1)
def path() -> Path | None:
    """The CJK font file to use, or None when there is none."""
    given = os.environ.get(ENV, "").strip()
    for candidate in ([given] if given else []) + list(CANDIDATES):
        if Path(candidate).is_file():
            return Path(candidate)
    return None


@lru_cache(maxsize=1)
def covered() -> frozenset[int]:
    """The code points the CJK font draws (none without a font, or when it cannot be read)."""
    font_file = path()
    if font_file is None:
        return frozenset()
    from fontTools.ttLib import TTFont  # fpdf2 depends on fontTools

    try:
        with TTFont(font_file, lazy=True, fontNumber=0) as font:
            return frozenset(font.getBestCmap())
    except Exception:  # not a font fontTools reads: as if there were none
        return frozenset()


def use(pdf: Any, size: float, text: str, noto: frozenset[int]) -> None:
    """Set ``text``'s font at ``size``: Noto Sans, or the CJK font when ``text`` has a character
    only that one draws (registered in the document on first use: reading it costs ~0.5 s)."""
    if all(ch == " " or ord(ch) in noto for ch in text) or not any(ord(ch) in covered() for ch in text):
        pdf.set_font("noto", "", size)
        return
    if FAMILY not in pdf.fonts:
        pdf.add_font(FAMILY, "", str(path()), collection_font_number=0)
    pdf.set_font(FAMILY, "", size)


def is_cjk(ch: str) -> bool:
    """A Chinese, Japanese or Korean character (the ones a CJK font would draw)."""
    import unicodedata

    return unicodedata.name(ch, "").startswith(("CJK", "HIRAGANA", "KATAKANA", "HANGUL", "IDEOGRAPHIC"))
