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
