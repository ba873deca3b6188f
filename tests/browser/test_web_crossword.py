"""Issue 46.3 in Chromium: the app's crossword page takes clues, and after a fill lists its entries
as "1 Across (7)" with a clue to type each; "Use these clues" makes the same fill again with them,
and the playable page shows "1 Across (7) Thrown out"."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="the web extra (pyclingo-puzzles[web]) is not installed")

from tests.web.test_serve import Server

LATTICE = ".......\n. . . .\n.......\n. . . .\n......."
WORDS = "EJECTED\nEWERS\nEPOXY\nTHYMI\nDODGE\nEPOXYED\nSKYLINE"


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    s = Server("--workers", "1")
    yield s
    s.stop()


@pytest.fixture
def local_origins(server: Server) -> list[str]:
    return [f"http://127.0.0.1:{server.port}/"]


def test_clues_typed_under_the_fill_make_a_clued_crossword(page: Any, server: Server) -> None:
    page.goto(f"http://127.0.0.1:{server.port}/crossword")
    page.locator("textarea[name=framework]").fill(LATTICE)
    page.locator("textarea[name=words]").fill(WORDS)
    page.locator("textarea[name=clues]").fill("SKYLINE;City outline")
    page.locator("input[name=seed]").fill("1")
    page.get_by_role("button", name="Make the puzzle").click()
    first = page.get_by_label("1 Across (7) clue")
    first.wait_for()
    names = page.locator("#entries .entry").all_inner_texts()
    assert names[0] == "1 Across (7)" and "1 Down (5)" in names and len(names) == 7
    assert page.get_by_label("6 Across (7) clue").input_value() == "City outline"  # the clue given
    first.fill("Thrown out")
    page.get_by_role("button", name="Use these clues").click()
    page.locator("#preview iframe").wait_for()
    frame = page.frame_locator("#preview iframe")
    frame.get_by_text("Across (7) Thrown out").wait_for()
    clues = page.locator("textarea[name=clues]").input_value().splitlines()
    assert clues == ["EJECTED;Thrown out", "SKYLINE;City outline"]
    assert frame.locator(".clues li").first.inner_text().replace("\n", " ") == "1 Across (7) Thrown out"


def test_a_size_makes_the_framework_unneeded(page: Any, server: Server) -> None:
    page.goto(f"http://127.0.0.1:{server.port}/crossword")
    page.locator("input[name=size]").fill("5x5")
    page.locator("input[name=theme]").fill("HELLO")
    page.locator("input[name=seed]").fill("1")
    page.locator("input[name=time_limit]").fill("25")
    page.get_by_role("button", name="Make the puzzle").click()
    page.get_by_role("button", name="Use these clues").wait_for(timeout=60_000)
    assert page.locator("#verdict").inner_text().startswith("Done")
    assert len(page.locator("#entries .entry").all_inner_texts()) >= 6
