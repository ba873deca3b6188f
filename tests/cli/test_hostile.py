"""Hostile and careless input (issue 13): every reader, the option parser and the decoders answer
with an exit code of the contract and, for bad input, one line on stderr; never a traceback."""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from pyclingo_puzzles.cli.command import main
from pyclingo_puzzles.cli.exitcodes import most_severe
from pyclingo_puzzles.core.errors import MAX_INPUT_BYTES, InputError, read_text
from pyclingo_puzzles.core.wordcheck import find_contained, find_duplicate
from pyclingo_puzzles.crossword.reader import read_dictionary
from pyclingo_puzzles.formats.yamlio import load_yaml
from pyclingo_puzzles.wordsearch.reader import parse_instance as parse_wordsearch

from ..conftest import INSTANCES, MARGIN, ROOT

EXIT_CODES = {10, 11, 20, 30, 1, 65}
WORDSEARCH = INSTANCES / "wordsearch" / "ein-6x6.yaml"
STRIPS = INSTANCES / "strips" / "small.yaml"
CROSSWORD = INSTANCES / "crossword" / "plus-two-solutions.yaml"
RING = "___\n_*_\n___\n"
WORDS = ["cat", "car", "arc", "art", "tar", "rat", "ate", "eat", "tea", "era", "are", "ear", "ace", "act", "tac"]
# 50 examples where one is a few ms (a reader's error, a tiny solve); fewer where each is a whole
# solve or a batch of worker processes (the suite's CPU is its time on two cores): each run draws
# new examples, and a failure found is replayed first from hypothesis's database
# the fuzzed runs' time limit: an example is a few ms to a tenth of a second, but one that enumerates
# (--models 0, --count) runs to the limit, whole (a limit cuts it in any stage: exit 1 or 11, both
# the contract's)
FUZZ_LIMIT = "2"
FUZZ = settings(
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    """``pyclingo-puzzles ARGV`` in-process: any exception other than argparse's exit fails the test."""
    capsys.readouterr()
    try:
        code = main([str(a) for a in argv])
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 0
    out, err = capsys.readouterr()
    return code, out, err


def assert_contract(code: int, err: str) -> None:
    """Exit code of the contract, no traceback; bad input is one error line, the last on stderr
    (warnings and notes about the user's rules may come before it, one line each)."""
    event(f"exit {code}")
    assert code in EXIT_CODES, (code, err)
    assert "Traceback" not in err
    if "\nsummary: " in "\n" + err:  # several files: the summary's codes, the batch's is the most severe
        summary = err[err.index("summary: ") if err.startswith("summary: ") else err.index("\nsummary: ") + 1 :]
        head, *rows = summary.splitlines()
        codes = [int(re.fullmatch(r"  (.*?)\s+(\d+)\s+\d+\.\d\d s  .*", row)[2]) for row in rows]  # type: ignore[index]
        assert head.startswith(f"summary: {len(rows)} files, exit {code} ") and code == most_severe(codes), err
        assert set(codes) <= EXIT_CODES and (code != 65 or "error: " in err), err
    elif code == 65:
        lines = err.splitlines()
        assert err.endswith("\n") and lines and "error: " in lines[-1], err
        assert all(line.startswith(("warning: ", "note: ")) for line in lines[:-1]), err


def one_line_65(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> str:
    code, out, err = run_cli(capsys, *argv)
    assert code == 65 and out == "", (code, out, err)
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err.strip()


def write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


# ------------------------------------------------------------------------------------------- fuzz

NOISE = st.text(alphabet=st.sampled_from(list("ab#.:-[]{}'\"\n &*!|>%0129xé\t")), max_size=30)
SCALARS = st.one_of(
    st.integers(-3, 12),
    st.sampled_from([10**30, -(2**32), 2**32, 2**31, True, None, 1.5, "", "x", "easy", "hard", "bw", "ÄB"]),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=2),
    max_leaves=6,
)


def mutate(base: dict, key_values: list[tuple[str, object]]) -> dict:
    data = dict(base)
    for key, value in key_values:
        data[key] = value
    return data


WS_BASE = {"width": 5, "height": 5, "words": ["EIN", "DA", "UND"], "level": "easy"}
ST_BASE = {"strip_lengths": [1, 2, 3], "grids": [{"name": "g", "rows": ["bw", "ww"]}]}
CW_BASE = {"words": ["AB", "BA"], "framework": ["..", ". "]}


def documents(base: dict, keys: list[str]) -> st.SearchStrategy[str]:
    """YAML text: the base instance with some keys given hostile values, or noise around it."""
    mutated = st.lists(st.tuples(st.sampled_from(keys), VALUES), max_size=3).map(
        lambda kv: yaml.safe_dump(mutate(base, kv), allow_unicode=True)
    )
    valid = st.just(yaml.safe_dump(base, allow_unicode=True))
    return st.one_of(valid, mutated, mutated, st.tuples(mutated, NOISE).map("".join), NOISE)


GOOD_OPTIONS = [["--seed", "7"], ["--seed", "4294967295"], ["--models", "0"], ["--models", "2"], ["--json"],
                ["--stats"], ["--time-limit", "3"]]
BAD_OPTIONS = [["--seed", "4294967296"], ["--seed", "-1"], ["--seed", "x"], ["--models", "99999999999999999999"],
               ["--models", "1.5"], ["--time-limit", "0"], ["--time-limit", "nan"], ["--time-limit", "inf"],
               ["--time-limit", "abc"], ["--rules"], ["--bogus"], ["--"], [""]]
# mostly valid options (so the readers and solvers are reached), sometimes one hostile one
OPTIONS = st.tuples(
    st.lists(st.sampled_from(GOOD_OPTIONS), max_size=2),
    st.sampled_from([[], [], [], *BAD_OPTIONS]),
).map(lambda parts: [token for group in [*parts[0], parts[1]] for token in group])


@pytest.mark.slow
@settings(FUZZ, max_examples=25)  # word search generation: 30 ms an example
@given(text=documents(WS_BASE, ["width", "height", "words", "level", "directions", "alphabet", "seed", "message"]),
       options=OPTIONS, extra=st.sampled_from([[], ["--level", "hard"], ["--size", "4x4"], ["--size", "x"]]))
def test_fuzz_wordsearch_cli(capsys, tmp_path: Path, text: str, options: list[str], extra: list[str]) -> None:
    path = write(tmp_path, "w.yaml", text)
    assert_contract(*run_cli(capsys, "wordsearch", path, "--time-limit", FUZZ_LIMIT, *extra, *options)[::2])


@FUZZ
@given(text=documents(ST_BASE, ["strip_lengths", "grids", "final_grid"]), options=OPTIONS,
       extra=st.sampled_from([[], ["--count"], ["--hunt"], ["--per-row", "0"], ["--per-row", "x"]]))
def test_fuzz_strips_cli(capsys, tmp_path: Path, text: str, options: list[str], extra: list[str]) -> None:
    path = write(tmp_path, "s.yaml", text)
    assert_contract(*run_cli(capsys, "strips", path, "--time-limit", FUZZ_LIMIT, *extra, *options)[::2])


@FUZZ
@given(text=documents(CW_BASE, ["words", "framework"]), options=OPTIONS)
def test_fuzz_crossword_yaml_cli(capsys, tmp_path: Path, text: str, options: list[str]) -> None:
    path = write(tmp_path, "c.yaml", text)
    assert_contract(*run_cli(capsys, "crossword", path, "--time-limit", FUZZ_LIMIT, *options)[::2])


NOISY = st.text(alphabet=st.sampled_from(list("AB.ä1 #\n\r\t;-")), max_size=40)
VALID_DAT = "AB\nAC\n\n..\n. \n"
LO_BASE = {"words": ["CAT", {"word": "TOE", "clue": "foot"}], "max_width": 5, "prefer": "area"}


@pytest.mark.slow
@settings(FUZZ, max_examples=15)  # a layout search: 40 ms an example
@given(text=documents(LO_BASE, ["words", "max_width", "max_height", "title", "prefer"]), options=OPTIONS)
def test_fuzz_layout_cli(capsys, tmp_path: Path, text: str, options: list[str]) -> None:
    path = write(tmp_path, "l.yaml", text)
    assert_contract(*run_cli(capsys, "layout", path, "--time-limit", "2", *options)[::2])


DAT = st.one_of(
    st.sampled_from([VALID_DAT, RING]), st.tuples(st.sampled_from([VALID_DAT, RING]), NOISY).map("".join), NOISY
)
DICTIONARY = st.one_of(st.none(), st.just("\n".join(WORDS)), NOISY, st.just("cat;99999999999999999999\n"))


@FUZZ
@given(dat=DAT, dictionary=DICTIONARY,
       options=OPTIONS, extra=st.sampled_from([[], ["--optimize"], ["--min-length", "0"], ["--jobs", "x"]]))
def test_fuzz_crossword_dat_cli(capsys, tmp_path: Path, dat: str, dictionary, options, extra) -> None:
    path = write(tmp_path, "c.dat", dat)
    argv: list[str | Path] = ["crossword", path, "--time-limit", FUZZ_LIMIT, "--jobs", "1", *options]
    if dictionary is not None:
        argv += ["--dictionary", write(tmp_path, "d.txt", dictionary), *extra]
    assert_contract(*run_cli(capsys, *argv)[::2])


@FUZZ
@given(argv=st.lists(st.sampled_from(["wordsearch", "strips", "crossword", WORDSEARCH.name, STRIPS.name,
                                      "--svg", "--svg-key", "/tmp", "--level", "medium", "--count", "--seed",
                                      "--models", "-3", "1e99", "--dictionary", "--rules", STRIPS.name, "x",
                                      "--jobs", "2", CROSSWORD.name, "--json"]),
                     max_size=7))
def test_fuzz_option_parser(capsys, tmp_path: Path, argv: list[str]) -> None:
    # the instances are copied and named relative to tmp_path: "--svg-key wordsearch" or "--svg
    # plus-two-solutions.yaml" (a batch's SVGs beside it) write files here, not in the repository
    for instance in (WORDSEARCH, STRIPS, CROSSWORD):
        (tmp_path / instance.name).write_bytes(instance.read_bytes())
    with contextlib.chdir(tmp_path):
        assert_contract(*run_cli(capsys, *argv, "--time-limit", FUZZ_LIMIT)[::2])


@settings(FUZZ, max_examples=12)  # a batch of two or three files: 75 ms an example
@given(texts=st.lists(documents(WS_BASE, ["width", "height", "words", "level"]), min_size=2, max_size=3),
       options=OPTIONS, jobs=st.sampled_from(["1", "2"]), missing=st.booleans())
def test_fuzz_several_files(capsys, tmp_path: Path, texts: list[str], options: list[str], jobs: str, missing) -> None:
    """A batch of hostile files (one maybe missing): every file gets its line in the summary (and
    its JSON Lines record, in order), the batch's code is the most severe, never a traceback."""
    paths = [write(tmp_path, f"w{i}.yaml", text) for i, text in enumerate(texts)]
    if missing:
        paths.insert(1, tmp_path / "missing.yaml")
    code, out, err = run_cli(capsys, "wordsearch", *paths, "--time-limit", FUZZ_LIMIT, "--jobs", jobs, *options)
    assert_contract(code, err)
    if "summary: " in err:  # (a stray option word, "x" or "", is one more FILE, after these)
        names = list(map(str, paths))
        assert [row.split()[0] for row in err.split("summary: ", 1)[1].splitlines()[1:]][: len(names)] == names
        if "--json" in options:
            assert [json.loads(line)["file"] for line in out.splitlines()][: len(names)] == names


TERMS = st.one_of(
    st.integers(-2, 12).map(str),
    st.sampled_from(["2147483647", "-2147483648", "foo", "h", "v", '"A"', '"AB"', '""', "(1,2)", "f(x)", "#sup"]),
)


def atom(name: str, arity: int) -> st.SearchStrategy[str]:
    return st.lists(TERMS, min_size=arity, max_size=arity).map(lambda args: f"{name}({','.join(args)}).")


OUTPUT_ATOMS = {  # per family: the shown predicates its decoder reads
    "wordsearch": [atom("place", 2), atom("place", 3)],
    "crossword": [atom("place", 2)],
    "fill": [atom("val", 3), atom("place", 2)],
    "strips": [atom("use", 5), atom("tiled", 1)],
}


@pytest.mark.slow
@settings(FUZZ, max_examples=25)  # four families, with and without counting: 35 ms an example
@given(data=st.data(), family=st.sampled_from(sorted(OUTPUT_ATOMS)), count=st.booleans())
def test_fuzz_rules_deriving_output_atoms(capsys, tmp_path: Path, data, family: str, count: bool) -> None:
    facts = data.draw(st.lists(st.one_of(*OUTPUT_ATOMS[family]), min_size=1, max_size=3))
    rules = write(tmp_path, "extra.lp", "\n".join(facts) + "\n")
    argv: list[str | Path]
    if family == "fill":
        frame, words = write(tmp_path, "f.grid", RING), write(tmp_path, "w.txt", "\n".join(WORDS))
        argv = ["crossword", frame, "--dictionary", words, "--jobs", "1", *(["--word-atoms"] * count)]
    else:
        file = {"wordsearch": WORDSEARCH, "crossword": CROSSWORD, "strips": STRIPS}[family]
        many = "2" if family == "wordsearch" else "0"  # thousands of word search puzzles exist
        argv = [family, file, *(["--models", many] * count)]
    code, _, err = run_cli(capsys, *argv, "--rules", rules, "--time-limit", FUZZ_LIMIT)
    assert_contract(code, err)
    if code == 65:
        assert err.splitlines()[-1].startswith(f"error: {rules}")


# ------------------------------------------------------------------------------ unbounded inputs


def test_fifo_is_refused_without_blocking(capsys, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    assert one_line_65(capsys, "wordsearch", fifo) == f"error: {fifo}: is a FIFO (named pipe), not a regular file"
    dictionary = one_line_65(capsys, "crossword", write(tmp_path, "f.grid", RING), "--dictionary", fifo)
    assert "FIFO" in dictionary
    assert "FIFO" in one_line_65(capsys, "strips", STRIPS, "--rules", fifo)


def test_devices_are_refused(capsys, tmp_path: Path) -> None:
    assert one_line_65(capsys, "strips", "/dev/zero") == "error: /dev/zero: is a character device, not a regular file"
    assert "character device" in one_line_65(
        capsys, "crossword", write(tmp_path, "f.grid", RING), "--dictionary", "/dev/zero"
    )
    assert "character device" in one_line_65(capsys, "wordsearch", WORDSEARCH, "--rules", "/dev/zero")


def test_directory_and_missing_file(capsys, tmp_path: Path) -> None:
    assert one_line_65(capsys, "crossword", tmp_path) == f"error: {tmp_path}: is a directory, not a file"
    assert one_line_65(capsys, "strips", tmp_path / "nope.yaml").endswith("file not found")


def test_oversized_file_is_refused_before_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    with big.open("wb") as f:
        f.truncate(MAX_INPUT_BYTES + 1)  # sparse: costs no disk
    with pytest.raises(InputError, match="limited to 64 MiB"):
        read_text(big)


# ----------------------------------------------------------------------------------- YAML and types


def test_duplicate_yaml_keys_name_both_lines(capsys, tmp_path: Path) -> None:
    path = write(tmp_path, "w.yaml", "width: 6\nheight: 6\nwords: [EIN, DA]\nwidth: 7\n")
    assert one_line_65(capsys, "wordsearch", path) == f"error: {path}:4: key 'width' is given twice (line 1 and here)"
    nested = write(tmp_path, "s.yaml", "grids:\n  - name: a\n    rows: [bw]\n    name: b\n")
    assert one_line_65(capsys, "strips", nested) == f"error: {nested}:4: key 'name' is given twice (line 2 and here)"


@pytest.mark.parametrize("text", ["[" * 100_000, "- " * 50_000 + "x\n", "a: " * 20_000 + "x\n"])
def test_deep_nesting_is_an_error_not_a_crash(capsys, tmp_path: Path, text: str) -> None:
    # libyaml's own composer recursed in C and killed the process (exit 139)
    path = write(tmp_path, "deep.yaml", text)
    for command in ("wordsearch", "strips", "crossword"):
        err = one_line_65(capsys, command, path)
        assert err.startswith(f"error: {path}:") and "invalid YAML" in err


def test_merge_keys_may_still_be_overridden() -> None:
    doc = load_yaml("m.yaml", "base: &b {rows: [bw]}\ngrid:\n  <<: *b\n  rows: [wb]\n")
    assert doc.data["grid"] == {"rows": ["wb"]}


def test_empty_file_errors_name_line_1(capsys, tmp_path: Path) -> None:
    for command, name in (("wordsearch", "e.yaml"), ("strips", "e.yaml"), ("crossword", "e.yaml")):
        assert f"{tmp_path / name}:1:" in one_line_65(capsys, command, write(tmp_path, name, ""))
    empty_dictionary = one_line_65(capsys, "crossword", write(tmp_path, "f.grid", RING), "--dictionary",
                                   write(tmp_path, "d.txt", ""))
    assert f"{tmp_path / 'd.txt'}:1:" in empty_dictionary


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("level", "[easy]", "'level' must be easy, medium or hard, got a list"),
        ("level", "{a: 1}", "'level' must be easy, medium or hard, got a dict"),
        ("level", "true", "'level' must be easy, medium or hard, got a bool"),
        ("seed", "4294967296", "'seed' must be below 2^32"),
        ("seed", "1000000000000000000000000000000", "'seed' must be below 2^32"),
        ("seed", "[1]", "'seed' must be a non-negative integer"),
        ("width", "1000000000000000000000000000000", "width must be between 1 and 500"),
        ("width", "null", "'width' must be an integer"),
        ("alphabet", "{a: 1}", "'alphabet' must be a string of letters"),
        ("message", "[HI]", "'message' must be a string"),
    ],
)
def test_wordsearch_keys_of_the_wrong_type(capsys, tmp_path: Path, key: str, value: str, message: str) -> None:
    base = {"width": "6", "height": "6", "words": "[EIN, DA]", "level": "easy"}
    base[key] = value
    path = write(tmp_path, "w.yaml", "".join(f"{k}: {v}\n" for k, v in base.items()))
    line = list(base).index(key) + 1
    assert one_line_65(capsys, "wordsearch", path).startswith(f"error: {path}:{line}: {message}")


@pytest.mark.parametrize("command", ["wordsearch", "strips", "crossword"])
def test_option_bounds_in_every_family(capsys, command: str) -> None:
    file = {"wordsearch": WORDSEARCH, "strips": STRIPS, "crossword": CROSSWORD}[command]
    seed = one_line_65(capsys, command, file, "--seed", str(2**32))
    assert seed.endswith("--seed: must be a whole number from 0 to 4294967295, got 4294967296")  # clingo's range
    models = one_line_65(capsys, command, file, "--models", "99999999999999999999")
    assert models.endswith("--models: must be a whole number from 0 to 2147483647 (0 = all), got 99999999999999999999")
    assert run_cli(capsys, command, file, "--seed", str(2**32 - 1))[0] in (10, 30)


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--time-limit", "abc", "expected a number of seconds, got 'abc'"),
        ("--time-limit", "nan", "must be a finite number of seconds > 0, got nan"),
        ("--time-limit", "inf", "must be a finite number of seconds > 0, got inf"),
        ("--models", "x", "expected a whole number, got 'x'"),
        ("--seed", "-1", "must be a whole number from 0 to 4294967295, got -1"),
    ],
)
def test_argparse_messages_never_show_internal_names(capsys, option: str, value: str, message: str) -> None:
    err = one_line_65(capsys, "strips", STRIPS, option, value)
    assert err.endswith(f"{option}: {message}") and "_" not in err.split("argument")[1].replace("--", "")


def test_family_option_types_have_user_facing_messages(capsys) -> None:
    assert one_line_65(capsys, "strips", STRIPS, "--per-row", "x").endswith("expected a whole number >= 1, got 'x'")
    assert one_line_65(capsys, "wordsearch", WORDSEARCH, "--size", "3").endswith("expected WxH such as 12x10, got '3'")
    jobs = one_line_65(capsys, "crossword", CROSSWORD, "--jobs", "0")
    assert jobs.endswith("--jobs: must be a whole number from 1 to 2147483647, got 0")


def test_score_outside_clingos_range(tmp_path: Path) -> None:
    path = write(tmp_path, "d.txt", "cat;5\ncar;" + "1" + "0" * 30 + "\n")
    with pytest.raises(InputError) as info:
        read_dictionary(path)
    assert str(info.value).startswith(f"{path}:2: score 1{'0' * 30} is outside clingo's integer range")
    assert read_dictionary(write(tmp_path, "ok.txt", f"cat;{2**31 - 1}\ncar;{-(2**31)}\n")).words == {
        "CAT": 2**31 - 1,
        "CAR": -(2**31),
    }


# --------------------------------------------------------------------------------------- user rules


def test_non_utf8_rules_file(capsys, tmp_path: Path) -> None:
    rules = write(tmp_path, "bad.lp", b"a.\n% caf\xe9\n")
    for command, file in (("wordsearch", WORDSEARCH), ("strips", STRIPS), ("crossword", CROSSWORD)):
        assert one_line_65(capsys, command, file, "--rules", rules) == f"error: {rules}:2: not valid UTF-8 text"


def test_included_files_are_read_as_text_first(capsys, tmp_path: Path) -> None:
    write(tmp_path, "latin1.lp", b"% caf\xe9\n")
    fifo = tmp_path / "pipe.lp"
    os.mkfifo(fifo)
    rules = write(tmp_path, "main.lp", '% #include "pipe.lp".\na.\n#include "latin1.lp".\n')
    assert one_line_65(capsys, "strips", STRIPS, "--rules", rules) == (
        f"error: {rules}:3: included here: {tmp_path / 'latin1.lp'}:1: not valid UTF-8 text"
    )
    rules.write_text('#include "pipe.lp".\n')
    err = one_line_65(capsys, "strips", STRIPS, "--rules", rules)
    assert err.endswith("is a FIFO (named pipe), not a regular file")


def test_rules_syntax_error_names_file_and_line(capsys, tmp_path: Path) -> None:
    rules = write(tmp_path, "syn.lp", "a.\n\nfoo(.\n")
    assert one_line_65(capsys, "strips", STRIPS, "--rules", rules).startswith(
        f"error: {rules}:3:5: cannot load rules: syntax error"
    )


@pytest.mark.parametrize(
    ("command", "file", "rule", "expected"),
    [
        ("wordsearch", WORDSEARCH, "place(foo, bar).", "`place(foo,bar)`, which is not a candidate"),
        ("wordsearch", WORDSEARCH, "place(99, 0).", "`place(99,0)`, which is not a candidate"),
        ("wordsearch", WORDSEARCH, "place(0, 99999).", "`place(0,99999)`, which is not a candidate"),
        ("crossword", CROSSWORD, "place(foo, bar).", "`place(foo,bar)`, which names no word or site"),
        ("strips", STRIPS, "use(0,0,0,h,99).", "`use(0,0,0,h,99)`, which is not a strip of a grid"),
        ("strips", STRIPS, "use(0,0,0,d,1).", "`use(0,0,0,d,1)`, which is not a strip of a grid"),
        ("strips", STRIPS, "use(x,0,0,h,1).", "`use(x,0,0,h,1)`, which is not a strip of a grid"),
    ],
)
def test_extra_output_atoms_from_user_rules(capsys, tmp_path: Path, command, file, rule, expected) -> None:
    rules = write(tmp_path, "extra.lp", rule + "\n")
    assert one_line_65(capsys, command, file, "--rules", rules) == f"error: {rules}: your rules derive {expected}"


@pytest.mark.parametrize("rule", ['place("CAT",99,99,across).', "place(foo,1,2,3).", 'place("CAT",0,0,"x").'])
def test_extra_place_atoms_in_a_layout(capsys, tmp_path: Path, rule: str) -> None:
    rules = write(tmp_path, "extra.lp", rule + "\n")
    err = run_cli(capsys, "layout", INSTANCES / "layout" / "pets-5.yaml", "--rules", rules, "--time-limit", "5")[2]
    shown = rule[:-1].replace(", ", ",")
    assert err.splitlines()[-1] == f"error: {rules}: your rules derive `{shown}`, which is not a candidate"


def test_extra_tiled_atom_when_counting_strips(capsys, tmp_path: Path) -> None:
    rules = write(tmp_path, "extra.lp", "tiled(foo).\n")
    err = one_line_65(capsys, "strips", STRIPS, "--count", "--rules", rules)
    assert err == f"error: {rules}: your rules derive `tiled(foo)`, which names no grid"


@pytest.mark.parametrize(
    ("rule", "word_atoms", "expected"),
    [
        ("place(foo, bar).", True, "`place(foo,bar)`, which names no word or site"),
        ("place(99999, 0).", True, "`place(99999,0)`, which names no word or site"),
        ('val(9, 9, "A").', False, '`val(9,9,"A")`, which is not a letter in a place of the grid'),
        ("val(0, 0, 1).", False, "`val(0,0,1)`, which is not a letter in a place of the grid"),
        ('val(0, 0, "AB").', False, '`val(0,0,"AB")`, which is not a letter in a place of the grid'),
    ],
)
def test_extra_atoms_in_the_dictionary_fill(capsys, tmp_path: Path, rule: str, word_atoms: bool, expected) -> None:
    rules = write(tmp_path, "extra.lp", rule + "\n")
    frame, words = write(tmp_path, "f.grid", RING), write(tmp_path, "w.txt", "\n".join(WORDS))
    argv = ["crossword", frame, "--dictionary", words, "--rules", rules, *(["--word-atoms"] * word_atoms)]
    assert one_line_65(capsys, *argv) == f"error: {rules}: your rules derive {expected}"


# ------------------------------------------------------------------------------ near-linear checks


def test_equal_prefix_word_list_is_checked_in_linear_time() -> None:
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    words = ["PREFIX" * 4 + "".join(t) for t in itertools.islice(itertools.product(letters, repeat=4), 100_000)]
    t0 = time.perf_counter()
    assert find_duplicate(words) is None and find_contained(words) is None
    assert time.perf_counter() - t0 < MARGIN  # a quadratic check takes minutes here
    assert find_contained([*words, "PREFIXPREFIX"]) == (100_000, 0, "inside")
    assert find_contained(["ABC", "XCBAX"]) == (0, 1, "reversed inside")
    assert find_duplicate(["AB", "CD", "AB"]) == (0, 2)


def test_contained_word_messages_keep_their_lines() -> None:
    text = "width: 9\nheight: 9\nwords:\n  - GARTEN\n  - ART\n  - NETRAG\n"
    with pytest.raises(InputError) as info:
        parse_wordsearch(text, "w.yaml")
    assert str(info.value) == "w.yaml:5: word ART occurs inside GARTEN, so it could never occur exactly once"
    with pytest.raises(InputError, match=r"w.yaml:6: word GARTEN is listed twice \(line 4 and here\)"):
        parse_wordsearch(text.replace("NETRAG", "GARTEN"), "w.yaml")


def test_more_words_of_a_length_than_placements(capsys, tmp_path: Path) -> None:
    words = ["".join(w) for w in itertools.product("ABCD", repeat=3)]
    words = [w for w in words if w <= w[::-1]][:30]  # 30 three-letter words, none another's reverse
    path = write(tmp_path, "w.yaml", f"width: 3\nheight: 3\nlevel: easy\nwords: [{', '.join(words)}]\n")
    err = one_line_65(capsys, "wordsearch", path)
    assert err.endswith(
        "more words of 3 letters than the 3x3 grid has placements for them (6 in the allowed directions)"
    )


# ----------------------------------------------------------------------------------------- output


def test_svg_paths_are_checked_before_solving(capsys, tmp_path: Path) -> None:
    directory = one_line_65(capsys, "wordsearch", WORDSEARCH, "--svg", tmp_path)
    assert directory.endswith("is a directory; --svg needs a file name")
    missing = tmp_path / "no" / "p.svg"
    assert "does not exist" in one_line_65(capsys, "wordsearch", WORDSEARCH, "--svg-key", missing)
    same = one_line_65(capsys, "wordsearch", WORDSEARCH, "--svg", tmp_path / "p.svg", "--svg-key", tmp_path / "p.svg")
    assert same.endswith("--svg and --svg-key name the same file; one would overwrite the other")
    assert not (tmp_path / "p.svg").exists()
    layout = INSTANCES / "layout" / "pets-5.yaml"
    twice = one_line_65(capsys, "layout", layout, "--svg", tmp_path / "p.svg", "--ipuz", tmp_path / "p.svg")
    assert twice.endswith("--svg and --ipuz name the same file; one would overwrite the other")
    directory = one_line_65(capsys, "layout", layout, "--ipuz", tmp_path)
    assert directory.endswith("is a directory; --ipuz needs a file name")


def cli_process(*argv: str | Path, **kwargs) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "pyclingo_puzzles", *map(str, argv)], cwd=ROOT, stderr=subprocess.PIPE, **kwargs
    )


def test_full_disk_is_one_line() -> None:
    with open("/dev/full", "w") as full:
        proc = cli_process("strips", STRIPS, stdout=full)
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == 1
    assert err.decode() == "error: cannot write output: No space left on device\n"


def test_closed_pipe_exits_quietly_with_the_runs_code() -> None:
    proc = cli_process("strips", STRIPS, "--count", stdout=subprocess.PIPE)
    proc.stdout.close()  # the reader went away before the first line
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 30 and err == b""


def test_non_utf8_rules_never_panic_in_a_process(tmp_path: Path) -> None:
    rules = write(tmp_path, "bad.lp", b"\xff\xfe p.\n")
    proc = cli_process("wordsearch", WORDSEARCH, "--rules", rules, stdout=subprocess.DEVNULL)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 65 and err.decode() == f"error: {rules}:1: not valid UTF-8 text\n"


def test_framework_shape_is_bounded_before_padding(capsys, tmp_path: Path) -> None:
    # one long row among many short ones would pad to height x width cells
    dat = write(tmp_path, "wide.dat", "AB\nBA\n\n" + "." * 600 + "\n" + ".\n" * 600)
    assert one_line_65(capsys, "crossword", dat) == (
        f"error: {dat}:4: framework of 601 rows, 600 cells wide is larger than 250000 cells"
    )
    grid = write(tmp_path, "wide.grid", "_" * 600 + "\n" + "_\n" * 600)
    assert "larger than 250000 cells" in one_line_65(capsys, "crossword", grid, "--dictionary", grid)


def test_strips_grid_size_is_bounded(capsys, tmp_path: Path) -> None:
    rows = "".join(f"      - {'bw' * 250}\n" for _ in range(501))
    path = write(tmp_path, "big.yaml", f"grids:\n  - name: big\n    rows:\n{rows}")
    assert one_line_65(capsys, "strips", path) == f"error: {path}:504: grid 'big' has more than 250000 cells (row 501)"
