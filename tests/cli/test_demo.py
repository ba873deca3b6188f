"""``make demo`` (``cli/demo.py``) shows puzzles proved unsolvable of the project's own, saying why,
besides P-99's p7_09c (third-party data, not shipped)."""

from __future__ import annotations

from pyclingo_puzzles.cli import demo

from ..conftest import ROOT


def test_the_demo_shows_an_unsolvable_puzzle_of_our_own(capsys, monkeypatch) -> None:
    monkeypatch.setattr(demo, "ROOT", ROOT)

    def run(argv: list[str]) -> int:  # the crossword runs only: the others are the family tests'
        if argv[0] != "crossword" or not argv[1].startswith("instances/crossword/unsat"):
            return 0
        print(f"$ pyclingo-puzzles {' '.join(argv)}")
        return demo.cli_main([*argv, "--exit-codes", "unix"])

    monkeypatch.setattr(demo, "run", run)
    monkeypatch.setattr(demo, "SHARED_P99", ROOT / "no-such-folder")
    demo.main()  # the stubbed runs decide nothing (its exit is theirs): the text is what is checked
    out = capsys.readouterr().out
    assert "a puzzle of our own, unsolvable on purpose" in out
    assert "instances/crossword/unsat-lengths.dat: why: the words and the sites differ in length" in out
