"""The word search's SVG pages hold their text: long titles and long words get room."""

from __future__ import annotations

import itertools
from pathlib import Path
from xml.etree import ElementTree

import yaml

ADVANCE = 0.6  # em: a character's width in the page's monospaced font (DejaVu Sans Mono: 0.602)


def test_a_long_title_and_long_words_stay_on_the_svg_page_without_overlapping(cli, tmp_path: Path) -> None:
    words = ["ABCDEFGHIJKLMNOPQRST", "UVWXYZABCDEFGHIJKLMN", "OPQRSTUVWXYZABCDEFGH", "CAT", "DOG"]
    title = "A word search with a title long enough to run past the grid and the word list"
    src = tmp_path / "long.yaml"
    src.write_text(yaml.safe_dump({"title": title, "width": 20, "height": 6, "level": "easy", "words": words}))
    pages = tmp_path / "p.svg", tmp_path / "k.svg"
    res = cli("wordsearch", src, "--svg", pages[0], "--svg-key", pages[1])
    assert res.code == 10, res.err
    for page in pages:
        root = ElementTree.parse(page).getroot()
        width = float(root.get("width"))
        texts = [e for e in root.iter() if e.tag.endswith("text") and e.get("text-anchor") != "middle"]
        spans = [(float(e.get("y")), float(e.get("x")), float(e.get("x")) + ADVANCE * float(e.get("font-size"))
                  * len(e.text)) for e in texts]
        assert all(right <= width for _, _, right in spans), (width, spans)
        listed = sorted(span for span in spans if span[0] > spans[0][0])  # the word list, row by row
        for (y0, _, right), (y1, left, _) in itertools.pairwise(listed):
            assert y0 != y1 or right <= left  # a word ends before the next one in its row starts
