"""Users' rule files in every mode: diagnostics with file and line, #show, cores, --count."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyclingo_puzzles.core import rules, signatures
from pyclingo_puzzles.core.errors import InputError
from pyclingo_puzzles.core.solve import Solver

from ..conftest import INSTANCES, ROOT, loaded

WS = INSTANCES / "wordsearch"
CW = INSTANCES / "crossword"
ST = INSTANCES / "strips"
# one word: the layout's optimum is proved at once (pets-5's proof took 1 s of CPU and the tests of
# rule files need only some layout answer)
ONE_WORD = INSTANCES / "layout" / "one-word.yaml"
RING = "___\n_*_\n___\n"
WORDS = "CAT\nTOE\nCOT\nEAR\nTAR\nRAT\nTEA\nACE\nOAT\nEAT\n"


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.fixture
def ring(tmp_path: Path) -> tuple[Path, Path]:
    return write(tmp_path, "ring.grid", RING), write(tmp_path, "words.txt", WORDS)


def family_args(family: str, tmp_path: Path) -> list[str | Path]:
    if family == "wordsearch":
        return ["wordsearch", WS / "hola-8x8.yaml"]
    if family == "p99":
        return ["crossword", CW / "plus-two-solutions.yaml"]
    if family == "fill":
        return ["crossword", write(tmp_path, "ring.grid", RING), "--dictionary", write(tmp_path, "w.txt", WORDS)]
    return ["strips", ST / "small.yaml"]


MISSPELLED = {
    "wordsearch": (":- place(W, K), cand_dirs(W, K, 0, 1).", "cand_dirs/4"),
    "p99": (":- place(W, S), uses(W).", "uses/1"),
    "fill": (":- val(R, C, X), fil(R, C).", "fil/2"),
    "strips": (":- use(G, _, _, _, _), grid_name(G, n).", "grid_name/2"),
}


@pytest.mark.parametrize("family", sorted(MISSPELLED))
def test_a_misspelled_predicate_is_warned_with_file_and_line(family: str, cli, tmp_path: Path) -> None:
    rule, signature = MISSPELLED[family]
    path = write(tmp_path, "typo.lp", f"% line 1\n{rule}\n")
    res = cli(*family_args(family, tmp_path), "--rules", path)
    assert res.code == 10, res.err
    assert f"{path}:2: warning: predicate {signature} is not defined" in res.err
    assert res.err.count("warning:") == 1  # once, though some families ground several times


def test_no_noise_from_the_facts_for_a_users_show(cli, tmp_path: Path) -> None:
    path = write(tmp_path, "show.lp", "#show val/3.\nseen(X) :- val(0, 1, X).\n")
    res = cli("crossword", CW / "plus-two-solutions.yaml", "--rules", path)
    assert res.code == 10
    assert res.err == ""  # no "no atoms over signature occur in program: val/3"


def test_clingo_messages_about_the_rules_name_the_users_file(cli, tmp_path: Path) -> None:
    path = write(tmp_path, "unsafe.lp", "% comment\nbad(X) :- place(W, K), X > 1.\n")
    res = cli("wordsearch", WS / "vor-5x5.yaml", "--rules", path)
    assert res.code == 65
    assert res.err == f"error: {path}:2: unsafe variable X (a variable must occur in a positive body literal)\n"
    path = write(tmp_path, "undefined.lp", 'odd(W) :- place(W, K), K + "a" > 0.\n')
    res = cli("wordsearch", WS / "vor-5x5.yaml", "--rules", path)
    assert res.code == 10
    assert f"{path}:1:" in res.err and "undefined" in res.err


def test_a_lower_case_string_is_warned(cli, tmp_path: Path) -> None:
    path = write(tmp_path, "case.lp", ':- word(W, "hola"), place(W, K), cand_dir(W, K, 1, 0).\n')
    res = cli("wordsearch", WS / "hola-8x8.yaml", "--rules", path)
    assert f'{path}:1: warning: "hola": words are upper case' in res.err
    fine = write(tmp_path, "fine.lp", ':- word(W, "STRAßE"), place(W, K), cand_dir(W, K, 1, 0).\n')
    assert "upper case" not in cli("wordsearch", WS / "hola-8x8.yaml", "--rules", fine).err


@pytest.mark.parametrize("family", ["wordsearch", "p99", "fill", "strips"])
def test_users_show_is_printed_after_the_answer_and_in_json(family: str, cli, tmp_path: Path) -> None:
    shown = {"wordsearch": "val/3", "p99": "val/3", "fill": "val/3", "strips": "use/5"}[family]
    name = shown.split("/")[0]
    path = write(tmp_path, "show.lp", f"#show {shown}.\n#show mark : {name}({', '.join('_' * int(shown[-1]))}).\n")
    args = family_args(family, tmp_path)
    text = cli(*args, "--rules", path)
    assert text.code == 10, text.err
    line = next(x for x in text.out.splitlines() if x.startswith("shown: "))
    atoms = line.removeprefix("shown: ").split()
    assert "mark" in atoms and all(a == "mark" or a.startswith(f"{name}(") for a in atoms) and len(atoms) > 1
    data = json.loads(cli(*args, "--rules", path, "--json").out)
    listed = data["solutions"][0]["shown"] if "solutions" in data else data["shown"]
    assert sorted(listed) == sorted(atoms)
    assert "shown" not in json.dumps(json.loads(cli(*args, "--json").out))  # no #show, no key


def test_word_search_core_names_the_rules_with_the_words(cli, tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "corner.lp",
        ':- word(W, "CARACOLA"), place(W, K), not cand(W, K, 0, 0, 1, 0).\n'
        ':- word(W, "HOLA"), place(W, K), not cand(W, K, 0, 0, 1, 0).\n',
    )
    res = cli("wordsearch", WS / "hola-8x8.yaml", "--rules", path)
    assert res.code == 20
    assert re.search(r"your rules \(corner\.lp\) together with (HOLA, CARACOLA|CARACOLA, HOLA) cannot all hold",
                     res.out)
    data = json.loads(cli("wordsearch", WS / "hola-8x8.yaml", "--rules", path, "--json").out)
    assert sorted(data["cannot_fit_together"]) == ["CARACOLA", "HOLA"] and data["rules_in_core"] == [str(path)]


def test_word_search_rules_alone_unsatisfiable(cli, tmp_path: Path) -> None:
    harmless = write(tmp_path, "harmless.lp", "big(W) :- word(W, T), cand(W, _, _, _, _, _).\n")
    never = write(tmp_path, "never.lp", ":- size(_, _).\n")
    res = cli("wordsearch", WS / "hola-8x8.yaml", "--rules", harmless, "--rules", never)
    assert res.code == 20
    assert "your rules alone are unsatisfiable (never.lp)" in res.out


def test_without_rules_the_words_are_blamed(cli) -> None:
    res = cli("wordsearch", WS / "too-many-4x4.yaml")
    assert res.code == 20 and "these cannot fit together" in res.out and "your rules" not in res.out


def test_p99_and_fill_name_the_rule_file_that_rules_out_every_solution(cli, tmp_path: Path, ring) -> None:
    harmless = write(tmp_path, "harmless.lp", "seen(X) :- val(_, _, X).\n")
    culprit = write(tmp_path, "noo.lp", ':- val(1, 1, "O").\n')
    res = cli("crossword", CW / "plus-two-solutions.yaml", "--rules", harmless, "--rules", culprit)
    assert res.code == 20
    assert res.out.strip().endswith("your rules (noo.lp) rule out every solution (without them there is one)")
    res = cli("crossword", CW / "unsat-crossing.yaml", "--rules", harmless)
    assert res.code == 20 and "your rules" not in res.out
    grid, words = ring
    culprit = write(tmp_path, "nocat.lp", ':- place(W, _), word(W, T), T != "CAT".\n')
    res = cli("crossword", grid, "--dictionary", words, "--rules", culprit, "--json")
    assert res.code == 20 and json.loads(res.out)["rules_to_blame"] == [str(culprit)]


def test_fill_mode_is_read_from_the_rules_syntax(cli, tmp_path: Path, ring) -> None:
    grid, words = ring
    comment = write(tmp_path, "comment.lp", "% mentions place( and word( in a comment only\n:- val(0, 0, \"Q\").\n")
    res = cli("crossword", grid, "--dictionary", words, "--rules", comment, "--stats")
    assert res.code == 10 and "word_atoms=False" in res.err and "slower mode" not in res.err
    on_words = write(tmp_path, "words.lp", ':- word(W, "TAR"), letter(W, 0, X), not val(0, 0, X).\n')
    res = cli("crossword", grid, "--dictionary", words, "--rules", on_words, "--stats")
    assert "rules use word atoms: slower mode" in res.err and "word_atoms=True" in res.err
    assert res.code == 10 and res.out.startswith("TAR")


def test_uses_reads_the_ast(tmp_path: Path) -> None:
    assert not rules.uses([write(tmp_path, "a.lp", '% place(1, 2)\nx :- val(0, 0, "place(").\n')], rules.WORD_ATOMS)
    assert rules.uses([write(tmp_path, "b.lp", "{ place(1, 2) }.\n")], rules.WORD_ATOMS)
    assert rules.uses([write(tmp_path, "c.lp", ":- #count { W : score(W, N), N > 3 } < 2.\n")], rules.WORD_ATOMS)


def test_count_prints_only_the_number(cli, tmp_path: Path, ring) -> None:
    res = cli("crossword", CW / "plus-two-solutions.yaml", "--count")
    assert (res.code, res.out) == (30, "2\n")
    res = cli("crossword", CW / "unsat-crossing.yaml", "--count")
    assert (res.code, res.out) == (20, "0\n")
    grid, words = ring
    res = cli("crossword", grid, "--dictionary", words, "--count", "--json")
    assert res.code == 30 and json.loads(res.out) == {"status": "SAT", "count": 2, "exhausted": True}
    tiny = write(tmp_path, "tiny.yaml", "width: 3\nheight: 2\nlevel: easy\nwords: [AB]\n")
    res = cli("wordsearch", tiny, "--count")
    assert (res.code, res.out) == (30, "7\n")  # across: 2 per row; down: one per column
    res = cli("strips", ST / "small.yaml", "--count")
    assert (res.code, res.out) == (30, "corner: 5\nstripes: 5\nsquare: 29\n")


def test_count_with_a_time_limit_is_a_lower_bound(cli) -> None:
    # hundreds counted within 0.05 s: the limit only has to end the count
    res = cli("wordsearch", WS / "vor-5x5.yaml", "--count", "--time-limit", loaded(0.2))
    assert res.code == 11 and re.fullmatch(r"at least \d+\n", res.out)


# --------------------------------------------------------- docs/rules.md tables = the signature table

SECTIONS = {"wordsearch.lp", "crossword.lp", "crossword_fill.lp", "strips.lp", "layout.lp"}
CODE = re.compile(r"`([a-z_]\w*)\(([^)`]*)\)`")
BARE = re.compile(r"`([a-z_]\w*)`")  # a predicate of arity 0


def readme_predicates() -> dict[str, dict[str, set[tuple[str, int]]]]:
    """Per encoding: the signatures of its docs/rules.md input table and of its "Output:" sentence."""
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    out = {}
    for m in re.finditer(r"^## [^\n]*`encodings/(\w+\.lp)`[^\n]*\n", text, re.M):
        rest = text[m.end() :]
        table = re.search(r"\| input predicate \| meaning \|\n\|---\|---\|\n((?:\|.*\n)+)", rest)
        output = re.search(r"Output: (.*?)Derived", rest, re.S)
        assert table and output, m.group(1)
        inputs = {(n, len([a for a in args.split(",") if a.strip()]))
                  for row in table.group(1).splitlines() for n, args in CODE.findall(row.split("|")[1])}
        inputs |= {(n, 0) for row in table.group(1).splitlines() for n in BARE.findall(row.split("|")[1])}
        outputs = {(n, len([a for a in args.split(",") if a.strip()])) for n, args in CODE.findall(output.group(1))}
        out[m.group(1)] = {"input": inputs, "output": outputs}
    return out


def test_rules_doc_predicate_tables_equal_the_signature_table() -> None:
    documented = readme_predicates()
    assert set(documented) == SECTIONS
    for name in SECTIONS:
        table = signatures.ENCODINGS[name]
        assert documented[name]["input"] == table.input, name
        assert documented[name]["output"] == table.output, name


def test_strips_name_the_rule_file_that_rules_out_a_grids_tilings(cli, tmp_path: Path) -> None:
    culprit = write(tmp_path, "no3.lp", ':- use(G, _, _, _, 3), grid(G), G > 1.\n')  # only the last grid
    res = cli("strips", ST / "small.yaml", "--rules", culprit)
    assert res.code == 20
    assert res.out.splitlines()[-1] == (
        "square: no tiling (proved unsolvable); your rules (no3.lp) rule out every solution (without them there is one)"
    )
    data = json.loads(cli("strips", ST / "small.yaml", "--rules", culprit, "--json").out)
    assert [g.get("rules_to_blame") for g in data["grids"]] == [None, None, [str(culprit)]]
    res = cli("strips", ST / "unsolvable.yaml", "--rules", write(tmp_path, "none.lp", "seen(G) :- grid(G).\n"))
    assert res.code == 20 and "your rules" not in res.out


# ----------------------------------------------------------------------------------------- fuzzing

TOKENS = [":-", ".", ",", "(", ")", "X", "Y", "_", "use", "grid", "p", "q", "not", "#show", "/", "1", "2",
          '"a"', "{", "}", ";", "#count", "<", "=", "%", "\n", " ", "#program", "base", "-", "|", "#const", "@"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(TOKENS), max_size=25))
def test_any_rules_text_gives_an_answer_or_one_line_error(tmp_path: Path, tokens: list[str]) -> None:
    path = tmp_path / "fuzz.lp"
    path.write_text(" ".join(tokens))
    messages: list[str] = []
    try:
        solver = Solver(["strips.lp"], [path], rules_warn=messages.append)
        solver.add_facts([])
        solver.ground()
        solver.solve(time_limit=5)
    except InputError as exc:
        assert "\n" not in str(exc) and str(exc).startswith(str(path))
    assert all("\n" not in m for m in messages)


# ------------------------------------------------------------------------------- QA regressions


@pytest.mark.parametrize("family", ["wordsearch", "p99", "fill", "strips"])
def test_included_files_are_read_like_rule_files(family: str, cli, tmp_path: Path) -> None:
    """clingo reads ``#include``d files itself: a non-UTF-8 one made it panic, a FIFO hung it."""
    (tmp_path / "bad.lp").write_bytes(b"% fine\n\xff\xfe\n")
    path = write(tmp_path, "main.lp", '#include "bad.lp".\n')
    res = cli(*family_args(family, tmp_path), "--rules", path)
    assert (res.code, res.err) == (
        65, f"error: {path}:1: included here: {tmp_path / 'bad.lp'}:2: not valid UTF-8 text\n"
    )
    os.mkfifo(tmp_path / "pipe.lp")
    path = write(tmp_path, "main2.lp", '% #include "bad.lp".\n#include "pipe.lp".\n')  # a comment never counts
    res = cli(*family_args(family, tmp_path), "--rules", path)
    assert res.code == 65 and res.err.startswith(f"error: {path}:2: included here: {tmp_path / 'pipe.lp'}: is a FIFO")


def test_non_utf8_rules_in_the_fill_are_one_line(cli, tmp_path: Path) -> None:
    """The fill reads the rules' syntax (word atoms or not) before loading them: no PANIC there."""
    (tmp_path / "bad.lp").write_bytes(b"\xff\xfe\n")
    res = cli(*family_args("fill", tmp_path), "--rules", tmp_path / "bad.lp")
    assert (res.code, res.err) == (65, f"error: {tmp_path / 'bad.lp'}:1: not valid UTF-8 text\n")


def test_an_error_in_the_raced_fill_comes_alone(cli, tmp_path: Path) -> None:
    """Before forking the race's workers the rules are diagnosed: an unsafe variable is the one
    line printed, not a warning about the same rule before it."""
    path = write(tmp_path, "unsafe.lp", "p(X) :- q.\n")
    res = cli(*family_args("fill", tmp_path), "--rules", path, "--jobs", "2")
    assert res.code == 65
    assert res.err == f"error: {path}:1: unsafe variable X (a variable must occur in a positive body literal)\n"


@pytest.mark.parametrize("family", ["wordsearch", "p99", "fill", "strips"])
def test_a_misspelled_show_is_warned(family: str, cli, tmp_path: Path) -> None:
    path = write(tmp_path, "show.lp", "\n#show plce/4.\n")
    res = cli(*family_args(family, tmp_path), "--rules", path)
    assert res.code == 10
    assert res.err == f"{path}:2: warning: predicate plce/4 is not defined by the encoding, the facts or your rules\n"


def test_warnings_about_an_included_file_name_that_file(cli, tmp_path: Path) -> None:
    write(tmp_path, "inner.lp", "% inner\n#show val/3.\n:- cand_dirs(1).\n")
    path = write(tmp_path, "outer.lp", '#include "inner.lp".\n')
    res = cli("crossword", CW / "plus-two-solutions.yaml", "--rules", path)
    assert res.code == 10
    # no clingo noise about the included file ("no atoms over signature ... val/3"), its own lines
    assert res.err == (
        f"{tmp_path / 'inner.lp'}:3: warning: predicate cand_dirs/1 is not defined by the encoding, the facts "
        "or your rules\n"
    )


def test_a_grounding_error_names_the_rule_file_and_line(cli, tmp_path: Path) -> None:
    """It named "<rules>" and left the location inside the message."""
    one = write(tmp_path, "one.lp", "#const n=3.\n")
    two = write(tmp_path, "two.lp", "% two\n#const n=4.\n")
    res = cli("strips", ST / "small.yaml", "--rules", one, "--rules", two)
    assert res.code == 65 and len(res.err.splitlines()) == 1
    assert res.err.startswith(f"error: {two}:2:1: grounding failed: redefinition of constant")


@pytest.mark.parametrize("family", ["wordsearch", "p99", "fill", "strips"])
def test_atoms_of_the_users_own_do_not_multiply_solutions(family: str, cli, tmp_path: Path) -> None:
    """A free atom of the user's (``{extra}.``) doubled every count and printed each solution twice:
    enumeration is projected onto the encoding's output predicates when rules are given."""
    args = family_args(family, tmp_path)
    if family == "wordsearch":  # a small one: --count enumerates every placement
        args = ["wordsearch", write(tmp_path, "small.yaml", "width: 4\nheight: 3\nlevel: easy\nwords: [CAT, DOG]\n")]
    plain = cli(*args, "--count")
    assert plain.code == 30, plain.err
    for text in ("{extra}.\n", "{extra}.\n#show extra/0.\n"):
        path = write(tmp_path, "extra.lp", text)
        res = cli(*args, "--count", "--rules", path)
        assert (res.code, res.out) == (30, plain.out)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_constant_the_command_sets_is_warned_once(cli, tmp_path: Path, jobs: str) -> None:
    """``#const lazy=0.`` in a rule file is overridden by the fill's own ``-c lazy=1``: say so (once,
    also when two workers race), and say nothing about a constant of the user's own."""
    grid, words = write(tmp_path, "ring.grid", RING), write(tmp_path, "w.txt", WORDS)
    rules_file = write(tmp_path, "lazy.lp", "#const lazy=0.\n#const mine=3.\n")
    res = cli("crossword", grid, "--dictionary", words, "--rules", rules_file, "--jobs", jobs)
    assert res.code == 10
    warned = [line for line in res.err.splitlines() if "#const" in line]
    assert warned == [f"{rules_file}:1: warning: #const lazy is set by the command (its options decide it), "
                      "so this definition has no effect"]


def test_command_constants_are_read_from_the_options() -> None:
    assert rules.command_constants(["-c", "a=1", "--const=b=2", "--seed=3", "-c", "c = 4"]) == ["a", "b", "c"]


@pytest.mark.parametrize("family", ["wordsearch", "fill", "strips", "layout"])
def test_a_script_is_refused_with_its_line_in_every_family(family: str, cli, tmp_path: Path) -> None:
    # refused from the parsed program (whether or not this clingo runs scripts), before any control sees it
    path = write(tmp_path, "script.lp", "% helpers\n#script (python)\ndef f(): pass\n#end.\n")
    args = ["layout", ONE_WORD] if family == "layout" else family_args(family, tmp_path)
    res = cli(*args, "--rules", path)
    refused = "#script is not allowed in rules (it would run code in this process)"
    assert (res.code, res.err) == (65, f"error: {path}:2: {refused}\n")


@pytest.mark.parametrize("family", ["wordsearch", "strips", "layout"])
def test_clingos_warnings_while_loading_the_rules_are_passed_on_as_the_rules(family: str, cli, tmp_path: Path) -> None:
    # said while the file loads (before it counts as the user's): dropped, or prefixed "warning: " twice
    path = write(tmp_path, "self.lp", '#include "self.lp".\n')
    args = ["layout", ONE_WORD] if family == "layout" else family_args(family, tmp_path)
    res = cli(*args, "--rules", path)
    assert res.code in (10, 11, 30), res.err  # an answer (a busy machine may stop the layout's proof: 11)
    lines = res.err.splitlines()
    assert lines and all(x.startswith(f"{path}:1:") and "warning: already included file" in x for x in lines), lines


@pytest.mark.parametrize("family", ["wordsearch", "p99", "strips"])
def test_a_blamed_rule_files_name_stays_on_the_answers_line(family: str, cli, tmp_path: Path) -> None:
    # a newline in the file's name split "your rules (...)" over two lines, as error messages never are
    path = write(tmp_path, "no\nway.lp", ":- 1 = 1.\n")
    res = cli(*family_args(family, tmp_path), "--rules", path)
    assert res.code == 20, res.err
    blamed = [line for line in res.out.splitlines() if "your rules" in line]
    assert blamed and all("(no\\nway.lp)" in line for line in blamed), res.out


@pytest.mark.parametrize("family", ["wordsearch", "layout"])
def test_rules_from_standard_input_are_refused_as_such(family: str, cli, tmp_path: Path) -> None:
    # '-' is standard input for a FILE; for --rules it was "-: file not found"
    args = ["layout", ONE_WORD] if family == "layout" else family_args(family, tmp_path)
    res = cli(*args, "--rules", "-")
    assert (res.code, res.out) == (65, "")
    assert res.err == "error: -: rules are read from files, not from standard input ('-'): give the file's name\n"
