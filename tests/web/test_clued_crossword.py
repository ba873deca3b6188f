"""Issue 46.3: the app's crossword takes clues, theme entries, a size for a generated pattern and
the dictionary's options; its files carry the clues (a crossword, not a fill-in)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette", reason="the web extra (pyclingo-puzzles[web]) is not installed")

from starlette.testclient import TestClient

from pyclingo_puzzles.web.app import create_app
from pyclingo_puzzles.web.body import Limits

LATTICE = [".......", ". . . .", ".......", ". . . .", "......."]
WORDS = ["EJECTED", "EWERS", "EPOXY", "THYMI", "DODGE", "EPOXYED", "SKYLINE"]


@pytest.fixture(scope="module")
def client() -> TestClient:
    with TestClient(create_app(Limits(max_words=20, max_side=30, max_body=8192, max_time_limit=30))) as c:
        yield c


def test_clues_reach_the_ipuz_and_the_page_says_to_solve_them(client: TestClient) -> None:
    body = {"words": WORDS, "framework": LATTICE, "clues": {"EJECTED": "Thrown out", "skyline": "City outline"},
            "format": "all", "seed": 1}
    r = client.post("/api/crossword", json=body)
    assert r.status_code == 200, r.text
    out = r.json()
    clues = json.loads(out["files"]["ipuz"]["text"])["clues"]["Across"]
    given = {"EJECTED": "Thrown out", "EPOXYED": "", "SKYLINE": "City outline"}
    assert {c["answer"]: c["clue"] for c in clues} == given
    assert "Solve the clues" in out["files"]["html"]["text"] or "Solve the clues" in out["files"]["svg"]["text"]
    placed = {p["word"]: p["clue"] for p in out["result"]["solutions"][0]["placements"]}
    assert placed["EJECTED"] == "Thrown out" and placed["EWERS"] == ""
    assert any("no clue for 5 entries" in line for line in out["messages"])


def test_a_size_a_theme_and_the_least_score_make_a_generated_crossword(client: TestClient) -> None:
    body = {"size": "5x5", "theme": ["HELLO"], "clues": {"HELLO": "A greeting"}, "min_score": 300, "seed": 1,
            "time_limit": 25}
    r = client.post("/api/crossword", json=body)
    assert r.status_code == 200, r.text
    solution = r.json()["solutions"][0]
    assert len(solution["grid"]) == 5 and all(len(row) == 5 for row in solution["grid"])
    assert {"word": "HELLO", "clue": "A greeting"}.items() <= next(
        p for p in solution["placements"] if p["word"] == "HELLO").items()


@pytest.mark.parametrize(("body", "field", "said"), [
    ({"size": "5x5", "framework": LATTICE}, "size", "instead of a framework"),
    ({"framework": LATTICE, "clues": ["EJECTED;Thrown out"]}, "clues", "must map each word to its clue"),
    ({"framework": LATTICE, "min_score": "high"}, "min_score", "whole number"),
])
def test_bad_crossword_options_are_a_400_naming_the_field(client: TestClient, body: dict, field: str, said: str
                                                           ) -> None:
    r = client.post("/api/crossword", json=body)
    assert r.status_code == 400, r.text
    assert said in r.json()["error"] and r.json().get("field") == field, r.json()
