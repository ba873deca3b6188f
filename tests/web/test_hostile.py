"""The web app's body parser against hostile bodies: each is a 400 naming ``body``, never a 500."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette", reason="the web extra (pyclingo-puzzles[web]) is not installed")

from pyclingo_puzzles.web.body import BadRequest, Limits, parse
from pyclingo_puzzles.web.families import families


@pytest.mark.parametrize(
    ("raw", "says"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"words": ' + b"[" * 5000 + b"]" * 5000 + b"}", "nested too deeply"),
        (b'{"words": ' + b"[" * 500 + b"]" * 500 + b"}", "nested too deeply"),  # JSON reads it; YAML would not
        (b'{"words": ["LION"], "time_limit": NaN}', "NaN is no JSON number"),
        (b'{"words": ["LION"], "seed": -Infinity}', "-Infinity is no JSON number"),
    ],
    ids=["deep-array", "deep-field", "deep-for-yaml", "nan", "infinity"],
)
def test_a_body_python_cannot_or_should_not_read_is_a_400_naming_the_body(raw: bytes, says: str) -> None:
    with pytest.raises(BadRequest) as caught:
        parse(families()["wordsearch"], raw, Limits(max_body=1 << 20))
    assert caught.value.status == 400 and caught.value.field == "body" and says in caught.value.message


@pytest.mark.parametrize(
    ("family", "body", "field"),
    [
        ("wordsearch", {"words": ["cat"], "title": "x" * 100_000}, "title"),
        ("layout", {"words": ["cat", "dog"], "title": "x" * 501}, "title"),
        ("wordsearch", {"words": ["cat"], "alphabet": "ab" * 300}, "alphabet"),
        ("wordsearch", {"words": ["cat"], "message": "a" * 10_001}, "message"),
        ("layout", {"words": [{"word": "cat", "clue": "c" * 501}, "dog"]}, "words"),
        ("wordsearch", {"words": ["cat"], "mask": ("#" * 500 + "\n") * 500}, "mask"),
        ("strips", {"grids": [{"rows": ("bw" * 60 + "\n") * 3}]}, "grids[0].rows"),
    ],
    ids=["title", "layout-title", "alphabet", "message", "clue", "mask-block", "strips-rows-block"],
)
def test_every_text_field_is_bounded_whatever_its_form(family: str, body: dict, field: str) -> None:
    """Issue 49.5: a field is held to the server's limits whatever JSON form it takes (one string
    of rows, text in an instance key): 413 naming it, before any worker runs."""
    import json

    with pytest.raises(BadRequest) as caught:
        parse(families()[family], json.dumps(body).encode(), Limits(max_body=1 << 20))
    assert caught.value.status == 413 and caught.value.field == field, caught.value.message
