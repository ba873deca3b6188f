"""The inputs makers have: plain word lists (``.txt``), standard input (``-``), words inline
(``--words``) and ``--size`` without YAML, read through the one reader scaffold (``formats/instances.py``)
with the same one-line ``FILE:LINE`` errors as YAML."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyclingo_puzzles import Status, wordsearch
from pyclingo_puzzles.core.errors import InputError, shorten
from pyclingo_puzzles.formats import instances
from pyclingo_puzzles.layout.reader import read_instance as read_layout
from pyclingo_puzzles.wordsearch.reader import read_instance as read_wordsearch
from tests.cli.test_hostile import FUZZ, assert_contract, one_line_65, run_cli, write

from ..conftest import INSTANCES, ROOT


class _Stdin:
    """Standard input holding ``data`` (bytes), as ``sys.stdin`` offers it (``.buffer``)."""

    def __init__(self, data: bytes):
        self.buffer = io.BytesIO(data)


@pytest.fixture
def stdin(monkeypatch: pytest.MonkeyPatch):
    def feed(text: str | bytes) -> None:
        monkeypatch.setattr(sys, "stdin", _Stdin(text.encode() if isinstance(text, str) else text))

    return feed


# ------------------------------------------------------------------------------------ word search


def test_plain_list_file_gets_the_smallest_grid(capsys, tmp_path: Path) -> None:
    path = write(tmp_path, "animals.txt", "# animals for class 2\ncat\n\n  Dog \nbird\n")
    code, out, err = run_cli(capsys, "wordsearch", path, "--json")
    assert code == 10, err
    doc = json.loads(out)
    assert sorted(p["word"] for p in doc["placements"]) == ["BIRD", "CAT", "DOG"]
    assert (doc["size_auto"]["width"], doc["size_auto"]["height"]) == (4, 4)
    assert "size auto: 4x4" in err


def test_plain_list_with_a_size(capsys, tmp_path: Path) -> None:
    path = write(tmp_path, "w.txt", "cat\ndog\n")
    code, out, err = run_cli(capsys, "wordsearch", path, "--size", "7x5", "--json")
    assert code == 10, err
    grid = json.loads(out)["grid"]
    assert (len(grid[0]), len(grid)) == (7, 5)


def test_yaml_without_a_size_takes_the_size_option(capsys, tmp_path: Path) -> None:
    path = write(tmp_path, "w.yaml", "words: [cat, dog]\n")
    code, out, _ = run_cli(capsys, "wordsearch", path, "--size", "6x6", "--json")
    assert code == 10 and len(json.loads(out)["grid"]) == 6
    only_width = write(tmp_path, "half.yaml", "width: 6\nwords: [cat, dog]\n")
    message = one_line_65(capsys, "wordsearch", only_width)  # half a size is a mistake, not "no size"
    assert message.startswith(f"error: {only_width}:1: 'height' is missing") and "--size auto" in message


def test_yaml_without_a_size_gets_the_smallest_size_as_a_plain_list_does(capsys, tmp_path: Path) -> None:
    path = write(tmp_path, "w.yaml", "title: Pets\nwords: [cat, dog, bird]\n")
    code, out, err = run_cli(capsys, "wordsearch", path, "--json")
    doc = json.loads(out)
    assert code == 10 and (doc["size_auto"]["width"], doc["size_auto"]["height"]) == (4, 4), err
    assert len(doc["grid"]) == 4 and "size auto: 4x4" in err
    puzzle = wordsearch.generate(str(path))  # the API reads the file as the command does
    assert puzzle.status is Status.SAT and (puzzle.instance.width, puzzle.instance.height) == (4, 4)


def test_standard_input_as_a_word_list(capsys, stdin) -> None:
    stdin("cat\ndog\nbird\n")
    code, out, err = run_cli(capsys, "wordsearch", "-", "--size", "6x6", "--json")
    assert code == 10, err
    assert len(json.loads(out)["grid"]) == 6


def test_standard_input_as_yaml(capsys, stdin) -> None:
    stdin((INSTANCES / "wordsearch" / "ein-6x6.yaml").read_bytes())
    code, out, err = run_cli(capsys, "wordsearch", "-", "--json")
    assert code == 10, err
    assert len(json.loads(out)["grid"]) == 6  # the file's own size, not --size auto


def test_words_inline(capsys) -> None:
    code, out, err = run_cli(capsys, "wordsearch", "--words", "CAT, dog  Bird", "--json")
    assert code == 10, err
    assert sorted(p["word"] for p in json.loads(out)["placements"]) == ["BIRD", "CAT", "DOG"]


def test_unicode_letters_are_letters(capsys, tmp_path: Path) -> None:
    path = write(tmp_path, "w.txt", "straße\nÄRGER\nñandú\n")
    code, out, err = run_cli(capsys, "wordsearch", path, "--json")
    assert code == 10, err
    assert sorted(p["word"] for p in json.loads(out)["placements"]) == sorted(["ÄRGER", "ÑANDÚ", "STRAßE"])


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("cat\n\n# x\nd0g\n", 4, "word 'd0g' contains '0', which is not a letter"),
        ("cat\nice.cream\n", 2, "word 'ice.cream' contains '.', which is not a letter"),  # "ice cream": a phrase
        ("cat\ndog\ncat\n", 3, "word CAT is listed twice (line 1 and here)"),
        ("cat\nx\n", 2, "word 'X' has one letter"),
        ("# only a comment\n\n", 1, "no words"),
    ],
)
def test_word_list_errors_name_the_line(capsys, tmp_path: Path, text: str, line: int, message: str) -> None:
    path = write(tmp_path, "w.txt", text)
    assert one_line_65(capsys, "wordsearch", path).startswith(f"error: {path}:{line}: {message}")


def test_standard_input_errors_name_stdin(capsys, stdin) -> None:
    stdin("cat\nd.g\n")  # (d-g would be a phrase, as T-SHIRT)
    assert one_line_65(capsys, "wordsearch", "-").startswith("error: <stdin>:2: word 'd.g' contains '.'")
    stdin(b"cat\n\xff\n")
    assert one_line_65(capsys, "layout", "-") == "error: <stdin>:2: not valid UTF-8 text"


def test_inline_word_errors_name_the_option(capsys) -> None:
    assert one_line_65(capsys, "wordsearch", "--words", "cat d0g").startswith("error: --words: word 'd0g' contains")
    assert one_line_65(capsys, "layout", "--words", " , ") == "error: --words: no words given"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "no input: give a FILE"),
        (["x.txt", "--words", "cat dog"], "give FILE or --words, not both"),
        (["-", "x.txt"], "- (standard input) cannot be one of several FILEs"),
    ],
)
@pytest.mark.parametrize("command", ["wordsearch", "layout"])
def test_input_usage_errors(capsys, command: str, argv: list[str], message: str) -> None:
    err = one_line_65(capsys, command, *argv)
    assert err == f"pyclingo-puzzles: error: {command}: {message}" or err.startswith(
        f"pyclingo-puzzles: error: {command}: {message}"
    )


def test_long_values_are_shortened_in_messages(capsys, tmp_path: Path) -> None:
    long = "A" * 5000
    path = write(tmp_path, "w.txt", f"cat\n{long}1\n")
    err = one_line_65(capsys, "wordsearch", path)
    assert len(err) < 200 and "(5001 characters)" in err and f"{path}:2:" in err
    path = write(tmp_path, "w.yaml", f"width: 5\nheight: 5\nwords: [cat, {long}]\n")
    err = one_line_65(capsys, "wordsearch", path)
    assert len(err) < 250 and "(5000 characters)" in err and f"{path}:3:" in err
    assert shorten("x" * 40) == "x" * 40 and shorten("x" * 41).endswith("… (41 characters)")


# ----------------------------------------------------------------------------------------- layout


def test_layout_list_with_clues(capsys, tmp_path: Path) -> None:
    path = write(tmp_path, "kitchen.txt", "# word, then its clue\nkettle  boils water\noven\tit bakes\n\ntoaster\n")
    code, out, err = run_cli(capsys, "layout", path, "--json", "--time-limit", "20")
    assert code in (10, 30), err
    clues = {p["word"]: p["clue"] for p in json.loads(out)["placements"]}
    assert clues == {"KETTLE": "boils water", "OVEN": "it bakes", "TOASTER": ""}


def test_layout_from_standard_input_and_inline(capsys, stdin) -> None:
    stdin("kettle boils water\noven\ntoaster\n")
    code, out, _ = run_cli(capsys, "layout", "-", "--json", "--time-limit", "20")
    assert code in (10, 30) and json.loads(out)["crossings"] == 2
    code, out, _ = run_cli(capsys, "layout", "--words", "kettle,oven,toaster", "--time-limit", "20")
    assert code in (10, 30) and out.rstrip().endswith(("optimal", ")")) and out.startswith("T")


def test_layout_list_error_names_the_line(capsys, tmp_path: Path) -> None:
    path = write(tmp_path, "w.txt", "kettle boils\n\noven bakes\nto4ster toasts\n")
    assert one_line_65(capsys, "layout", path).startswith(f"error: {path}:4: word 'to4ster' contains '4'")


def test_yaml_is_still_read_when_it_comes_on_standard_input(capsys, stdin) -> None:
    stdin("words:\n  - kettle\n  - 0ven\n")
    assert one_line_65(capsys, "layout", "-").startswith("error: <stdin>:3: word '0ven'")


def test_strips_reads_standard_input(capsys, stdin) -> None:
    stdin((INSTANCES / "strips" / "small.yaml").read_bytes())
    code, _, err = run_cli(capsys, "strips", "-")
    assert code == 10, err


def test_a_real_pipe() -> None:
    """Through the installed command: standard input from a pipe."""
    done = subprocess.run(
        [sys.executable, "-m", "pyclingo_puzzles", "wordsearch", "-", "--json"],
        input="cat\ndog\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 10, done.stderr
    assert sorted(p["word"] for p in json.loads(done.stdout)["placements"]) == ["CAT", "DOG"]


# ------------------------------------------------------------------------------------------- fuzz

LINES = st.text(alphabet=st.sampled_from(list("abÄß \t#-1,é\u200b\r:")), max_size=12)


@FUZZ
@given(lines=st.lists(LINES, max_size=6), suffix=st.sampled_from([".txt", ".list", ""]))
def test_fuzz_word_list_readers(tmp_path: Path, lines: list[str], suffix: str) -> None:
    """Every reader's contract on plain lists: an instance, or one line naming the file (and a line
    where there is one)."""
    path = tmp_path / f"w{suffix}"
    path.write_text("\n".join(lines), encoding="utf-8")
    for read in (lambda p: read_wordsearch(p, "auto"), read_layout):
        try:
            inst = read(path)
        except InputError as exc:
            assert "\n" not in str(exc) and str(exc).startswith(str(path)), exc
            continue
        assert inst.words and all(w.isalpha() and len(w) >= 2 for w in inst.words)


@FUZZ
@given(lines=st.lists(LINES, min_size=1, max_size=4), family=st.sampled_from(["wordsearch", "layout"]))
def test_fuzz_word_list_cli(capsys, tmp_path: Path, lines: list[str], family: str) -> None:
    path = write(tmp_path, "w.txt", "\n".join(lines))
    code, _, err = run_cli(capsys, family, path, "--time-limit", "3")
    assert_contract(code, err)


def test_kind_of_standard_input() -> None:
    keys = ("words", "width")
    for text, kind in [
        ("words: [a]", "yaml"),
        ("# c\n\nwidth: 5", "yaml"),
        ("---\n", "yaml"),
        ("cat: a pet\n", "list"),
        ("cat\n", "list"),
        ("", "list"),
    ]:
        assert instances.kind_of(instances.Source("<stdin>", text, None), keys) == kind, text


def test_skipped_dictionary_lines_are_named(capsys, tmp_path: Path) -> None:
    frame = write(tmp_path, "f.grid", "___\n")
    bad = [f"it's{i}" for i in range(7)]
    dictionary = write(tmp_path, "d.txt", "\n".join(["TEA", "x;bad", *bad, "42"]) + "\n")
    code, _, err = run_cli(capsys, "crossword", frame, "--dictionary", dictionary)
    assert code == 10, err
    assert f"warning: {dictionary}: skipped 9 line(s) that are not a word (lines 2, 3, 4, 5, 6, …)" in err
    dictionary = write(tmp_path, "d.txt", "TEA\n4x\n")
    _, _, err = run_cli(capsys, "crossword", frame, "--dictionary", dictionary)
    assert "skipped 1 line(s) that are not a word (line 2)\n" in err


@FUZZ
@given(lines=st.lists(LINES, max_size=4), family=st.sampled_from(["wordsearch", "layout", "strips"]),
       yaml_head=st.booleans())  # fmt: skip
def test_fuzz_standard_input(capsys, lines: list[str], family: str, yaml_head: bool) -> None:
    """Standard input: YAML or a plain list by its first line, the same contract as a file's."""
    text = ("words:\n" if yaml_head else "") + "\n".join(lines)
    saved = sys.stdin
    sys.stdin = _Stdin(text.encode())  # type: ignore[assignment]
    try:
        code, _, err = run_cli(capsys, family, "-", "--time-limit", "3")
    finally:
        sys.stdin = saved
    assert_contract(code, err)
    if code == 65 and err.startswith("error: "):
        assert err.startswith("error: <stdin>"), err


def test_long_keys_and_values_are_shortened(capsys, tmp_path: Path) -> None:
    long = "k" * 500  # (YAML keys are at most 1024 characters)
    for text, line in [
        (f"width: 5\nheight: 5\nwords: [cat]\n{long}: 1\n", 4),
        (f"width: 5\nheight: 5\nwords: [cat, dog]\nlevel: {long}\n", 4),
        (f"width: 5\nheight: 5\nwords: [{{word: cat, priority: {long}}}, dog]\n", 3),
    ]:
        path = write(tmp_path, "w.yaml", text)
        err = one_line_65(capsys, "wordsearch", path)
        assert err.startswith(f"error: {path}:{line}: ") and len(err) < 400 and "characters)" in err, err


def test_count_needs_a_size(capsys) -> None:
    message = one_line_65(capsys, "wordsearch", "--words", "cat dog", "--count")
    assert message == "error: --words: --count counts the placements on one grid: give its size with --size WxH"
    code, out, _ = run_cli(capsys, "wordsearch", "--words", "cat dog", "--count", "--size", "4x4")
    assert code == 30 and int(out) > 0


def test_fit_most_needs_a_size(capsys) -> None:
    message = one_line_65(capsys, "wordsearch", "--words", "cat dog", "--fit", "most")
    assert message.startswith("error: --words: --fit most and --max-words choose words for one grid: give its size")


@FUZZ
@given(words=LINES, family=st.sampled_from(["wordsearch", "layout"]))
def test_fuzz_inline_words(capsys, words: str, family: str) -> None:
    code, _, err = run_cli(capsys, family, "--words", words, "--time-limit", "3")
    assert_contract(code, err)
    if code == 65:
        assert err.startswith(("error: --words", "pyclingo-puzzles")), err  # "--words -x": argparse's usage error
