"""The web app's JSON API in process (Starlette's TestClient): each request runs in a warm worker
of the pool, as the server's do."""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("starlette", reason="the web extra (pyclingo-puzzles[web]) is not installed")

from starlette.testclient import TestClient

from pyclingo_puzzles.web.app import create_app
from pyclingo_puzzles.web.body import Limits

PETS = [{"word": "cat", "clue": "Purrs"}, {"word": "dog", "clue": "Barks"}, {"word": "goat", "clue": "Eats anything"}]


@pytest.fixture(scope="module")
def client() -> TestClient:
    with TestClient(create_app(Limits(max_words=10, max_side=30, max_body=4096, max_time_limit=20))) as c:
        yield c


def test_a_word_search_comes_back_as_the_json_document(client: TestClient) -> None:
    r = client.post("/api/wordsearch", json={"words": ["cat", "dog", "bird"], "seed": 3, "level": "easy"})
    assert r.status_code == 200, r.text
    doc = r.json()
    assert doc["status"] == "SAT" and sorted(p["word"] for p in doc["placements"]) == ["BIRD", "CAT", "DOG"]
    assert len(doc["grid"]) == doc["size_auto"]["height"]  # no size given: the smallest grid


def test_a_file_format_returns_the_file(client: TestClient) -> None:
    r = client.post("/api/wordsearch", json={"words": ["cat", "dog"], "width": 6, "height": 6, "format": "pdf"})
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "application/pdf" and r.content.startswith(b"%PDF")
    assert "attachment" in r.headers["content-disposition"]


def test_crossword_with_words_and_a_framework(client: TestClient) -> None:
    body = {"words": ["TOT", "NON"], "framework": [" . ", "...", " . "], "models": 2}
    doc = client.post("/api/crossword", json=body).json()
    assert sorted(tuple(s["grid"]) for s in doc["solutions"]) == [(" N ", "TOT", " N "), (" T ", "NON", " T ")]


def test_the_pages_format_gives_the_document_and_every_file(client: TestClient) -> None:
    r = client.post("/api/layout", json={"words": PETS, "format": "all", "time_limit": 5, "seed": 1})
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["result"]["status"] == "SAT"
    assert {"pdf", "svg", "ipuz"} <= set(out["files"])
    assert out["files"]["svg"]["text"].startswith("<svg") and out["files"]["pdf"]["base64"]
    assert "Purrs" in json.dumps(json.loads(out["files"]["ipuz"]["text"])["clues"])


def test_strips_svg(client: TestClient) -> None:
    r = client.post("/api/strips", json={"grids": [{"name": "a", "rows": ["bw", "wb"]}], "format": "svg"})
    assert r.status_code == 200 and r.text.startswith("<svg")


def test_no_puzzle_is_422_with_the_reason(client: TestClient) -> None:
    words = ["abcd", "efgh", "ijkl", "mnop", "qrst"]  # 20 letters, no shared ones, 16 cells
    r = client.post("/api/wordsearch", json={"words": words, "width": 4, "height": 4, "format": "pdf"})
    assert r.status_code == 422
    assert "proved" in r.json()["error"]


@pytest.mark.parametrize(
    ("body", "field", "status"),
    [
        (b"not json", "body", 400),
        (b"[1, 2]", "body", 400),
        (b'{"words": 5}', "words", 400),  # a wrong type, said by the family's reader
        (b'{"words": ["c4t"]}', "words", 400),
        (b'{"words": ["cat"], "width": "x", "height": 5}', "width", 400),
        (b'{"words": ["cat"], "seed": "x"}', "seed", 400),
        (b'{"words": ["cat"], "models": true}', "models", 400),
        (b'{"words": ["cat"], "time_limit": 100}', "time_limit", 400),  # over the cap
        (b'{"words": ["cat"], "time_limit": -1}', "time_limit", 400),
        (b'{"words": ["cat"], "format": "exe"}', "format", 400),
        (b'{"words": ["a","b","c","d","e","f","g","h","i","j","k"]}', "words", 413),  # too many words
        (b'{"words": ["cat"], "width": 1000000, "height": 5}', "width", 413),  # a huge size
        (b'{"words": ["cat"], "rules": "p."}', "rules", 400),  # no rules program
        (b'{"words": ["cat"], "file": "/etc/passwd"}', "file", 400),  # no server file
    ],
)
def test_bad_input_is_a_4xx_json_error_naming_the_field(client: TestClient, body: bytes, field: str,
                                                        status: int) -> None:  # fmt: skip
    r = client.post("/api/wordsearch", content=body)
    assert r.status_code == status, r.text
    error = r.json()
    assert error["field"] == field and error["error"].startswith(f"{field}: ")
    assert "Traceback" not in r.text and "/tmp" not in r.text and "pyclingo-web" not in r.text


def test_a_huge_body_is_refused_before_it_is_read(client: TestClient) -> None:
    r = client.post("/api/wordsearch", content=b'{"words": ["' + b"a" * 10_000 + b'"]}')
    assert r.status_code == 413 and r.json()["field"] == "body"


def test_an_unknown_family_or_page_is_a_json_404(client: TestClient) -> None:
    assert client.post("/api/sudoku", json={}).status_code == 404
    r = client.get("/nowhere/at/all")
    assert r.status_code == 404 and r.json()["error"]
    assert client.get("/api/wordsearch").status_code == 405


def test_errors_from_the_reader_carry_no_server_path(client: TestClient) -> None:
    r = client.post("/api/crossword", json={"words": ["TOT"], "framework": ["#"]})
    assert r.status_code == 400
    assert not re.search(r"/(tmp|home|work|usr)/|\.yaml", r.text), r.text


def test_the_index_names_each_family_its_fields_and_formats(client: TestClient) -> None:
    index = client.get("/api").json()
    assert set(index["families"]) == {"wordsearch", "crossword", "layout", "strips"}
    assert "pdf" in index["families"]["layout"]["formats"] and "hunt" in index["families"]["strips"]["fields"]
    assert index["limits"]["max_words"] == 10


def test_every_serve_option_is_documented() -> None:
    from pathlib import Path

    from pyclingo_puzzles.cli.parsing import build_parser

    docs = Path(__file__).resolve().parents[2] / "docs"
    text = (docs / "web.md").read_text() + (docs / "cli.md").read_text()
    parser = build_parser()
    serve = next(a for a in parser._subparsers._group_actions)._name_parser_map["serve"]  # type: ignore[union-attr]
    options = [o for a in serve._actions for o in a.option_strings if o.startswith("--") and o != "--help"]
    assert options
    missing = [o for o in options if not re.search(rf"`{re.escape(o)}[` =]", text)]
    assert not missing, missing


def test_another_sites_page_cannot_post() -> None:
    """A cross-site POST (a form or a text/plain fetch from another site's page, which the browser
    sends without asking) and a Host that is not this server's (DNS rebinding) are refused."""
    from pyclingo_puzzles.web.app import allowed_hosts

    with TestClient(create_app(Limits(), allowed_hosts("127.0.0.1")), base_url="http://127.0.0.1:8000") as local:
        body = b'{"words": ["cat"]}'
        r = local.post("/api/wordsearch", content=body, headers={"Content-Type": "text/plain"})
        assert r.status_code == 415 and r.json()["field"] == "content-type"
        r = local.post("/api/wordsearch", content=body, headers={"Origin": "http://evil.example"})
        assert r.status_code == 403 and r.json()["field"] == "origin"
        r = local.post("/api/wordsearch", content=body, headers={"Host": "evil.example:8000"})
        assert r.status_code == 400 and r.json()["field"] == "host"
        r = local.post("/api/wordsearch", content=body, headers={"Origin": "http://127.0.0.1:8000"})
        assert r.status_code == 200, r.text  # the app's own page
    assert allowed_hosts("0.0.0.0") is None


def test_serve_without_the_extra_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    from pyclingo_puzzles.cli.command import main
    from pyclingo_puzzles.web import serve

    monkeypatch.setattr(serve, "missing", lambda: "uvicorn")
    assert main(["serve", "--port", "0"]) == 2
    assert "pip install 'pyclingo-puzzles[web]'" in capsys.readouterr().err


def test_the_printed_pages_options_go_to_the_family(client: TestClient) -> None:
    from pyclingo_puzzles.formats.pagetext import PageAsked
    from pyclingo_puzzles.web import families, tasks
    from pyclingo_puzzles.web.body import BadRequest, parse

    strips = families.families()["strips"]
    body = b'{"grids": [{"name": "a", "rows": ["bw"]}], "title": "Mine", "name_line": true}'
    job = parse(strips, body, Limits())
    assert tasks.page_of(job) == PageAsked("Mine", None, True)
    with pytest.raises(BadRequest, match=r"^name_line: must be true or false"):
        parse(strips, body.replace(b"true", b'"yes"'), Limits())
    r = client.post("/api/strips", json={"grids": [{"name": "a", "rows": ["bw"]}], "title": "Mine", "format": "svg"})
    assert r.status_code == 200 and "Mine" in r.text


def test_a_run_past_its_time_limit_and_the_grace_is_killed_and_said(monkeypatch: pytest.MonkeyPatch) -> None:
    from pyclingo_puzzles.web import pool

    monkeypatch.setattr(pool, "HARD_GRACE", -0.95)  # the server's stop comes before the command's own
    with TestClient(create_app(Limits())) as c:
        r = c.post("/api/layout", json={"words": PETS, "time_limit": 1})
    assert r.status_code == 504 and "was stopped" in r.json()["error"]


@pytest.mark.parametrize(("convention", "code"), [("unix", 0), ("clingo", 10)])
def test_the_pages_exit_follows_the_servers_convention(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, convention: str, code: int
) -> None:
    """The answer's ``exit`` is the command's code as the server's convention says (it was clingo's 10
    under the default unix convention, where the command exits 0)."""
    monkeypatch.setenv("PYCLINGO_PUZZLES_EXIT_CODES", convention)
    r = client.post("/api/strips", json={"grids": [{"name": "a", "rows": ["bw"]}], "format": "all"})
    assert r.status_code == 200, r.text
    assert r.json()["exit"] == code
