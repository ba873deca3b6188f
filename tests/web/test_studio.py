"""The studio's JSON API (POST /api/crossword/<route>) in process: the engine's answers as the
routes pass them on, the exports read back, and bad input refused with one line naming the field
while the server keeps serving. The engine is the family's (``crossword.studio``)."""

from __future__ import annotations

import asyncio
import base64
import json
import threading
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra (pyclingo-puzzles[web]) is not installed")

from starlette.testclient import TestClient

from pyclingo_puzzles.web.app import create_app
from pyclingo_puzzles.web.body import Limits
from pyclingo_puzzles.web.pool import Pool
from pyclingo_puzzles.web.studio import Studio, Superseded

MINI = ["CAT", "ARE", "TEN"]  # filled: CAT/ARE/TEN across, CAT/ARE/TEN down
WORDS = "CAT\nARE\nTEN\nCAR\nATE\nTEA\nEAT\nNET\nTAN\nRAT\nART\nTAR"


@pytest.fixture(scope="module")
def client() -> Any:
    with TestClient(create_app(Limits(max_body=64 * 1024, max_time_limit=20))) as c:
        yield c


def post(client: Any, route: str, body: dict[str, Any], **headers: str) -> Any:
    return client.post(f"/api/crossword/{route}", json=body, headers=headers)


def small(**more: Any) -> dict[str, Any]:
    return {"dictionary": None, "word_list": WORDS, **more}


def test_slots_count_the_words_that_fit_and_each_square_s_letters(client: Any) -> None:
    r = post(client, "slots", small(framework=["C..", "...", "..."]))
    assert r.status_code == 200, r.text
    doc = r.json()
    first = next(s for s in doc["slots"] if (s["row"], s["col"], s["direction"]) == (0, 0, "across"))
    assert first["pattern"] == "C.." and first["count"] == 2 and first["length"] == 3  # CAT, CAR
    assert {c["row"] for c in doc["cells"]} == {0, 1, 2}
    corner = next(c for c in doc["cells"] if (c["row"], c["col"]) == (0, 0))
    assert corner["letters"] == "C"


def test_suggestions_come_best_first_for_the_slot(client: Any) -> None:
    lists = "\n".join(["CAT;50", "CAR;90", "COT;10"])
    body = {"dictionary": None, "word_list": lists, "framework": ["C..", "...", "..."],
            "slot": {"row": 0, "col": 0, "direction": "across"}, "limit": 2}  # fmt: skip
    doc = post(client, "suggest", body).json()
    assert [s["word"] for s in doc["suggestions"]] == ["CAR", "CAT"]
    assert all(s["fillable"] in (True, False, None) for s in doc["suggestions"])


def test_each_suggestion_s_mark_agrees_with_the_verdict_on_the_grid_it_makes(client: Any) -> None:
    grid = ["C..", "...", "..."]
    body = small(framework=grid, slot={"row": 0, "col": 0, "direction": "down"}, limit=10, time_limit=5)
    found = post(client, "suggest", body).json()["suggestions"]
    assert found and {s["word"] for s in found} <= {"CAT", "CAR"} and all(s["fillable"] is not None for s in found)
    for s in found:
        column = [s["word"][r] + row[1:] for r, row in enumerate(grid)]
        said = post(client, "verdict", small(framework=column, time_limit=5)).json()["verdict"]
        assert said == ("fillable" if s["fillable"] else "unfillable"), (s, said)


def test_an_unfillable_grid_s_verdict_names_its_core(client: Any) -> None:
    doc = post(client, "verdict", small(framework=["QZX", "...", "..."], time_limit=5)).json()
    assert doc["verdict"] == "unfillable"
    assert {"row": 0, "col": 0, "direction": "across"}.items() <= doc["core"][0].items()


def test_a_locked_entry_need_not_be_a_word_and_autofill_keeps_it(client: Any) -> None:
    body = {"dictionary": None, "word_list": "ZEN\nZAP\nNAP\nCAT", "framework": ["...", ".#.", "..."],
            "locked": ["ZZZ@0,0,A"], "time_limit": 5}  # fmt: skip
    doc = post(client, "autofill", body).json()
    assert doc["status"] == "filled" and doc["grid"] == ["ZZZ", "E#A", "NAP"]


def test_a_pattern_and_its_fill_and_a_theme_no_pattern_holds(client: Any) -> None:
    doc = post(client, "pattern", {"width": 7, "height": 7, "seed": 1, "time_limit": 15}).json()
    assert doc["status"] == "filled", doc
    assert len(doc["fill"]) == 7 and all(len(row) == 7 and "." not in row for row in doc["fill"])
    # ORANGE from the left edge of row 4 of 9: its end needs a block whose rotational twin cuts it (proved)
    doc = post(client, "pattern", {"width": 9, "height": 9, "theme": ["ORANGE@4,0,A"], "time_limit": 15}).json()
    assert doc["status"] == "unfillable"


def test_a_locked_entry_must_be_an_entry_of_the_grid(client: Any) -> None:
    r = post(client, "slots", small(framework=["...", "...", "..."], locked=["CATS@0,0,A"]))
    assert r.status_code == 400 and r.json()["field"] == "locked[0]"


@pytest.mark.parametrize(
    ("route", "body", "field", "status"),
    [
        ("slots", {"framework": ["." * 26] * 26}, "framework", 413),  # over the limits
        ("slots", {"framework": [".."] * 2}, "framework", 400),  # under 3x3
        ("slots", {"framework": ["...", "....", "..."]}, "framework", 400),  # not rectangular
        ("slots", {"framework": ["..@", "...", "..."]}, "framework", 400),  # neither letter, '.' nor block
        ("slots", {"framework": "..."}, "framework", 400),
        ("suggest", {"framework": MINI, "slot": {"row": 1, "col": 1, "direction": "across"}}, "slot", 400),
        ("suggest", {"framework": MINI, "slot": {"row": 0, "col": 0}}, "slot", 400),
        ("suggest", {"framework": MINI, "slot": {"row": 0, "col": 0, "direction": "across"}, "limit": 101},
         "limit", 400),  # over the server's cap
        ("slots", {"framework": MINI, "word_list": 5}, "word_list", 400),  # not text
        ("slots", {"framework": MINI, "word_list": "CAT\n\x00\x01PK"}, "word_list", 400),  # binary
        ("slots", {"framework": MINI, "dictionary": "fr"}, "dictionary", 400),
        ("slots", {"framework": MINI, "dictionary": None}, "word_list", 400),  # no list at all
        ("slots", {"framework": MINI, "rules": "a."}, "rules", 400),  # no rules from the web
        ("slots", {"framework": MINI, "time_limit": 1000}, "time_limit", 400),
        ("autofill", {"framework": MINI, "slots": [{"row": 2, "col": 2, "direction": "down"}]}, "slots[0]", 400),
        ("export", {"framework": ["C..", "...", "..."], "format": "puz"}, "framework", 400),  # not filled
        ("export", {"framework": MINI, "format": "docx"}, "format", 400),
        ("open", {"name": "x.puz", "data": base64.b64encode(b"not a puz").decode()}, "data", 400),
        ("open", {"name": "x.exe", "data": ""}, "name", 400),
        ("pattern", {"width": 26, "height": 5}, "width", 400),
        ("pattern", {"width": 5, "height": 5, "symmetry": "diagonal"}, "symmetry", 400),
        ("pattern", {"width": 5, "height": 5, "theme": "CAT"}, "theme", 400),
    ],
)
def test_bad_input_is_one_line_naming_the_field(client: Any, route: str, body: dict, field: str, status: int) -> None:
    r = post(client, route, body)
    assert r.status_code == status, r.text
    doc = r.json()
    assert doc["field"] == field and "\n" not in doc["error"] and "Traceback" not in doc["error"]
    assert post(client, "slots", small(framework=MINI)).status_code == 200  # still serving


def test_not_json_and_an_unknown_route(client: Any) -> None:
    assert client.post("/api/crossword/slots", content=b"{", headers={"Content-Type": "application/json"}).json()[
        "field"] == "body"  # fmt: skip
    assert post(client, "nothing", {}).status_code == 404


def test_a_suggest_checks_for_2_s_unless_it_asks_for_longer() -> None:
    """The page asks again, for longer, while suggestions are not known yet: the time it asks for holds."""
    from pyclingo_puzzles.web.studio_body import parse
    from pyclingo_puzzles.web.studio_work import call_of

    body = small(framework=["C..", "...", "..."], slot={"row": 0, "col": 0, "direction": "across"})
    checking = [call_of(parse("suggest", json.dumps(b).encode(), Limits(max_time_limit=20))).kwargs["time_limit"]
                for b in (body, {**body, "time_limit": 8})]  # fmt: skip
    assert checking == [2.0, 8.0]
    verdict = call_of(parse("verdict", json.dumps(small(framework=MINI)).encode(), Limits(time_limit=7)))
    assert verdict.kwargs["time_limit"] == 7.0  # the others: the server's own default


def test_a_puz_export_reads_back_with_its_clues(client: Any) -> None:
    import puz

    body = {"framework": MINI, "clues": {"cat": "Purrer", "TEN": "Decade"}, "title": "Mini", "author": "Ada",
            "format": "puz"}  # fmt: skip
    r = post(client, "export", body)
    assert r.status_code == 200 and r.headers["content-disposition"] == 'attachment; filename="Mini.puz"'
    puzzle = puz.load(r.content)
    assert puzzle.solution == "CATARETEN" and puzzle.title == "Mini" and puzzle.author == "Ada"
    assert "Purrer" in puzzle.clues and "Decade" in puzzle.clues
    opened = post(client, "open", {"name": "Mini.puz", "data": base64.b64encode(r.content).decode()}).json()
    assert opened["framework"] == MINI and opened["clues"]["CAT"] == "Purrer" and opened["title"] == "Mini"
    assert opened["author"] == "Ada"


def test_the_work_saved_as_ipuz_opens_with_its_locked_entries(client: Any) -> None:
    body = {"framework": ["CAT", "...", "..#"], "locked": ["CAT@0,0,A"], "clues": {"CAT": "Purrer"}, "format": "ipuz",
            "author": "Ada"}  # fmt: skip
    r = post(client, "export", body)
    assert r.status_code == 200, r.text
    doc = json.loads(r.content)
    assert doc["solution"][0] == ["C", "A", "T"] and doc["solution"][1][0] is None and doc["author"] == "Ada"
    assert "author" not in post(client, "export", {**body, "author": ""}).json()  # none given: none written
    opened = post(client, "open", {"name": "work.ipuz", "data": base64.b64encode(r.content).decode()}).json()
    assert opened["framework"] == ["CAT", "...", "..#"]
    assert opened["locked"] == [{"row": 0, "col": 0, "direction": "across", "word": "CAT"}]
    assert opened["clues"] == {"CAT": "Purrer"}


@pytest.mark.parametrize("fmt", ["pdf", "html", "json"])
def test_the_other_exports_are_the_command_s(client: Any, fmt: str) -> None:
    r = post(client, "export", {"framework": MINI, "clues": {"CAT": "Purrer"}, "format": fmt})
    assert r.status_code == 200
    head = {"pdf": b"%PDF", "html": b"<!doctype html", "json": b"{"}[fmt]
    assert r.content[:20].lower().startswith(head.lower())
    if fmt == "json":
        assert json.loads(r.content)["solutions"][0]["placements"][0]["clue"] == "Purrer"


def test_a_newer_request_from_the_page_stops_the_older_and_the_newest_is_answered() -> None:
    """Six verdicts from one page 20 ms apart, through the server's pool: each older one answers
    Superseded (409), the newest its verdict, and the page leaves nothing running or waiting."""
    pool = Pool(2, 8)
    studio = Studio(Limits(workers=2), pool)
    body = json.dumps(small(framework=["C..", "...", "..."], time_limit=5)).encode()

    async def never() -> None:
        await asyncio.Event().wait()

    async def burst() -> list[Any]:
        pool.start()
        try:
            calls = []
            for _ in range(6):
                calls.append(asyncio.ensure_future(studio.answer("verdict", body, "page-1", never)))
                await asyncio.sleep(0.02)
            return await asyncio.gather(*calls, return_exceptions=True)
        finally:
            await pool.close()

    done: list[list[Any]] = []
    runner = threading.Thread(target=lambda: done.append(asyncio.run(burst())))  # a loop of its own
    runner.start()
    runner.join()
    outcomes = done[0]
    assert all(isinstance(o, Superseded) for o in outcomes[:-1]), outcomes
    assert isinstance(outcomes[-1], dict) and outcomes[-1]["verdict"] in ("fillable", "unfillable"), outcomes[-1]
    assert pool.admitted == 0 and not pool.pages


def test_an_inline_list_merges_with_en_and_exclude_and_min_score_hold(client: Any) -> None:
    grid = ["ZZY..", ".....", ".....", ".....", "....."]
    slot = {"row": 0, "col": 0, "direction": "across"}
    merged = post(client, "suggest", {"framework": grid, "slot": slot, "word_list": "zzyzx;450\nnotaword1"}).json()
    assert [s["word"] for s in merged["suggestions"]] == ["ZZYZX"]  # en has no ZZY..; the bad line skipped
    left_out = post(client, "suggest", {"framework": grid, "slot": slot, "word_list": "ZZYZX", "exclude": ["zzyzx"]})
    assert left_out.json()["suggestions"] == []
    floor = {"framework": ["CA.", "...", "..."], "slot": slot, "dictionary": None, "word_list": "CAT;50\nCAB;20"}
    assert [s["word"] for s in post(client, "suggest", {**floor, "min_score": 30}).json()["suggestions"]] == ["CAT"]
