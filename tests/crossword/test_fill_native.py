"""The compiled fill propagator (crossword/engine/native.py, crossword/engine/fillprop.c) against the Python one.

Both must take the same search decisions (same clingo conflicts and choices, same propagator steps,
same fill) on the same grid, dictionary, rule and seed. The cases `make asan` runs under
AddressSanitizer are these: an empty dictionary, one-letter sites, 100k words, letters outside
ASCII, a search stopped mid-propagation, allocation failures; plus a leak count of the C side.
"""

from __future__ import annotations

import gc
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from pyclingo_puzzles.core.solve import Solver, Status
from pyclingo_puzzles.crossword.engine import native
from pyclingo_puzzles.crossword.engine.attempt import ENCODING
from pyclingo_puzzles.crossword.engine.facts import option_facts, site_facts
from pyclingo_puzzles.crossword.engine.propagator import WordPropagator
from pyclingo_puzzles.crossword.engine.pruning import prune
from pyclingo_puzzles.crossword.engine.strategy import solve_fill
from pyclingo_puzzles.crossword.engine.trail import thread_seed
from pyclingo_puzzles.crossword.framework import Framework, Site
from pyclingo_puzzles.crossword.options import VALUE_RULES, FillOptions
from pyclingo_puzzles.crossword.reader import Dictionary, framework_of, read, read_dictionary
from pyclingo_puzzles.crossword.solution import decode_letters, verify

from ..conftest import loaded, shared_path, wait_for_children, wait_for_cpu

LOADED = native.load()
pytestmark = pytest.mark.skipif(isinstance(LOADED, str), reason=f"no compiled fill propagator: {LOADED}")
KINDS = {"python": WordPropagator, "c": native.NativePropagator}
WORDS = ["cat", "car", "arc", "art", "tar", "rat", "ate", "eat", "tea", "era", "are", "ear", "ace", "act", "tac"]
WORDS += ["cart", "tear", "rate", "race", "acre", "care", "at", "ta", "ea", "ar"]


def random_words(count: int, seed: int, lengths: range = range(3, 8), alphabet: str = "abcdefghijklmnopqrstuvwxyz"):
    rng = random.Random(seed)
    words: set[str] = set()
    while len(words) < count:
        words.add("".join(rng.choice(alphabet) for _ in range(rng.choice(lengths))))
    return sorted(words)


# a 5 x 5 open grid with these takes a few hundred conflicts to fill
HARDER = random_words(3000, 1, range(4, 6), "abcdeilnorst")


def search(
    framework: Framework,
    words: list[str] | Dictionary,
    kind: str,
    *,
    sites: list[Site] | None = None,
    rule: str = VALUE_RULES[0],
    seed: int = 0,
    conflicts: int | None = None,
    no_repeat: bool = True,
    time_limit: float | None = None,
) -> tuple:
    """One search with the given propagator: (status, conflicts, choices, slot conflicts, steps, fill)."""
    dictionary = words if isinstance(words, Dictionary) else Dictionary({w.upper(): 1 for w in words})
    sites = framework.sites() if sites is None else sites
    cands = prune(framework, sites, dictionary)
    if cands.empty:
        return ("pruned",)
    options = ["--sign-def=pos", "-c", "lazy=1", "-c", f"no_repeat={int(no_repeat)}"]
    if conflicts is not None:
        options.append(f"--solve-limit={conflicts}")
    solver = Solver([ENCODING], seed=seed % 2**31 or None, options=options)  # clasp takes 32-bit seeds
    prop = KINDS[kind](sites, cands.tables, cands.bits, no_repeat, seed, rule)
    if kind == "c":
        prop.register(solver.ctl)
    else:
        solver.ctl.register_propagator(prop)
    solver.add_facts([*site_facts(framework, sites), *option_facts(cands)])
    solver.ground()
    result = solver.solve(models=1, time_limit=time_limit)
    grid: tuple[str, ...] = ()
    if result.answers:
        sol = decode_letters(result.answers[0].symbols, sites, framework, ())
        grid = sol.grid
        if sites == framework.sites():
            assert verify(framework, sol, allowed=dictionary.words.keys(), repeats=not no_repeat) == []
        else:  # sites the framework does not have: each spells a word of the dictionary
            spelled = ["".join(grid[r][c] for r, c in site.cells()) for site in sites]
            assert all(w in dictionary.words for w in spelled)
            assert not no_repeat or len(set(spelled)) == len(spelled)
    stats = result.stats
    return (result.status, stats.conflicts, stats.choices, prop.conflicts, prop.steps, grid)


def same_search(framework: Framework, words, **kw) -> tuple:
    python = search(framework, words, "python", **kw)
    compiled = search(framework, words, "c", **kw)
    assert compiled == python
    return compiled


# ------------------------------------------------------------------ same decisions


@pytest.mark.parametrize("rule", VALUE_RULES)
@pytest.mark.parametrize("seed", [0, 7, 2**40 + 3])
@pytest.mark.parametrize("rows", [["....", ".##.", "...."], ["....", "....", "....", "...."], ["...", ".#.", "..."]])
def test_both_propagators_decide_alike_on_small_grids(rows: list[str], seed: int, rule: str) -> None:
    same_search(Framework.from_lines(rows), WORDS, rule=rule, seed=seed)
    same_search(Framework.from_lines(rows), WORDS, rule=rule, seed=seed, no_repeat=False)


@pytest.mark.parametrize("rule", VALUE_RULES)
def test_both_propagators_decide_alike_on_a_harder_grid(rule: str) -> None:
    framework = Framework.from_lines(["....."] * 5)
    found = same_search(framework, HARDER, rule=rule, conflicts=300)
    assert found[1] > 0  # a real search, with conflicts


def test_both_propagators_decide_alike_on_a_van_beek_grid() -> None:
    """The default rule on a real grid and list (every rule is compared on the small grids above:
    most of this test's time is reading the 100,000 words)."""
    grid = shared_path("crossword-bench", "grids", "15.06.grid")
    words = shared_path("crossword-bench", "dict", "wamerican-lower-alpha.txt")
    framework = framework_of(read(grid))
    found = same_search(framework, read_dictionary(words), rule="failures", conflicts=150)
    assert found[1] >= 150


def test_the_random_draws_are_pythons() -> None:
    _, lib = LOADED
    framework = Framework.from_lines([".."])
    sites = framework.sites()
    cands = prune(framework, sites, Dictionary({"AB": 1}))
    for seed in (0, 1, 12345, 2**32 + 5, 2**70 + 1, -3):
        prop = native.NativePropagator(sites, cands.tables, cands.bits, seed=seed)
        rng = random.Random(seed)
        assert [lib.fp_test_random(prop._state, 0) for _ in range(700)] == [rng.random() for _ in range(700)]


def test_stats_say_which_propagator_ran() -> None:
    framework = Framework.from_lines(["....", ".##.", "...."])
    dictionary = Dictionary({w.upper(): 1 for w in WORDS})
    assert solve_fill(framework, dictionary, FillOptions(propagator="c")).stats.extra["propagator"] == "C"
    assert solve_fill(framework, dictionary, FillOptions(propagator="python")).stats.extra["propagator"] == "Python"
    assert "propagator" not in solve_fill(framework, dictionary, FillOptions(word_atoms=True)).stats.extra


def test_racing_workers_pick_the_same_winner_with_either_propagator() -> None:
    framework = Framework.from_lines(["....."] * 5)
    dictionary = Dictionary({w.upper(): 1 for w in HARDER})
    c = solve_fill(framework, dictionary, FillOptions(jobs=3, time_limit=120, propagator="c"))
    py = solve_fill(framework, dictionary, FillOptions(jobs=3, time_limit=120, propagator="python"))
    assert c.result is not None and py.result is not None and c.result.status is py.result.status
    assert c.stats.extra["value_rule"] == py.stats.extra["value_rule"]
    assert c.solutions == py.solutions


def threaded(kind: str, framework: Framework, words: list[str], rule: str, seed: int) -> tuple:
    """A search in two solver threads sharing their nogoods: (status, the propagator)."""
    dictionary = Dictionary({w.upper(): 1 for w in words})
    sites = framework.sites()
    cands = prune(framework, sites, dictionary)
    solver = Solver([ENCODING], options=["--sign-def=pos", "-c", "lazy=1", "-t", "2"])
    prop = KINDS[kind](sites, cands.tables, cands.bits, True, seed, rule)
    prop.register(solver.ctl) if kind == "c" else solver.ctl.register_propagator(prop)
    solver.add_facts([*site_facts(framework, sites), *option_facts(cands)])
    result = solver.solve(models=1, time_limit=120)
    if result.answers:
        sol = decode_letters(result.answers[0].symbols, sites, framework, ())
        assert verify(framework, sol, allowed=dictionary.words.keys(), repeats=False) == []
    return result.status, prop


@pytest.mark.parametrize("kind", ["python", "c"])
def test_two_solver_threads_fill_with_their_own_search_state(kind: str) -> None:
    status, prop = threaded(kind, Framework.from_lines(["....."] * 5), HARDER, "failures", 0)
    assert status is Status.SAT
    assert prop.steps > 0 and prop.conflicts >= 0
    assert threaded(kind, Framework.from_lines(["...", ".#.", "..."]), ["abc", "cde"], "product", 3)[0] is Status.UNSAT


def test_each_thread_draws_from_its_own_seed_and_takes_the_next_rule() -> None:
    """Thread 0 is the one-thread search; thread 1 draws from the seed's key with 1 appended, in C
    as in Python, and decides by the value rule after the given one."""
    _, lib = LOADED
    framework = Framework.from_lines([".."])  # one word: no decision draws
    for seed in (0, 5, 2**40 + 3):
        _, python = threaded("python", framework, ["ab"], "product", seed)
        _, compiled = threaded("c", framework, ["ab"], "product", seed)
        assert lib.fp_searchers(compiled._state) == len(python.searchers) == 2
        assert [sr.value_rule for sr in python.searchers] == ["product", "min"]
        rng = random.Random(thread_seed(seed, 1))
        expected = [rng.random() for _ in range(50)]
        assert [lib.fp_test_random(compiled._state, 1) for _ in range(50)] == expected
        assert [python.searchers[1].rng.random() for _ in range(50)] == expected
        assert thread_seed(seed, 1) != seed


# ------------------------------------------------------------------ the C side's edge cases (make asan)


def test_an_empty_dictionary_table_is_unfillable() -> None:
    framework = Framework.from_lines(["..."])
    sites = framework.sites()
    cands = prune(framework, sites, Dictionary({"ABCD": 1}))  # no word of the slot's length
    for kind in ("python", "c"):
        solver = Solver([ENCODING], options=["--sign-def=pos", "-c", "lazy=1"])
        prop = KINDS[kind](sites, cands.tables, cands.bits)
        prop.register(solver.ctl) if kind == "c" else solver.ctl.register_propagator(prop)
        solver.add_facts([*site_facts(framework, sites), *option_facts(cands)])
        assert solver.solve().status is Status.UNSAT


def test_one_letter_sites() -> None:
    framework = Framework.from_lines(["..", ".."])
    sites = [Site(0, 0, 0, "across", 1), Site(1, 0, 0, "down", 2), Site(2, 1, 1, "across", 1)]
    words = ["a", "b", "ab", "ba", "aa"]
    filled = same_search(framework, words, sites=sites)
    assert filled[0] is Status.SAT
    assert same_search(framework, ["a", "ab"], sites=sites)[0] is Status.UNSAT  # "a" twice
    assert same_search(framework, ["a", "ab"], sites=sites, no_repeat=False)[0] is Status.SAT


def test_a_hundred_thousand_words() -> None:
    words = random_words(100_000, 5)
    framework = Framework.from_lines(["......", "......", "......", "......"])
    found = same_search(framework, words, conflicts=40)
    assert found[0] in (Status.SAT, Status.UNKNOWN)


@pytest.mark.parametrize(
    "words",
    [
        ["αβγ", "γδε", "αδα", "βεβ", "γαγ", "εδα", "δαβ"],  # Greek
        ["жук", "кот", "тук", "око", "кок", "жок", "уто"],  # Cyrillic
        ["𐌰𐌱𐌲", "𐌲𐌳𐌴", "𐌰𐌳𐌰", "𐌱𐌴𐌱", "𐌲𐌰𐌲"],  # Gothic: outside the Basic Multilingual Plane
        ["ñañ", "ñoñ", "año", "oña", "ñoa"],
    ],
)
def test_letters_outside_ascii(words: list[str]) -> None:
    framework = Framework.from_lines(["...", ".#.", "..."])
    for no_repeat in (True, False):
        same_search(framework, words, no_repeat=no_repeat)
    dictionary = Dictionary({w.upper(): 1 for w in words})
    compiled = solve_fill(framework, dictionary, FillOptions(models=0, propagator="c", no_repeat=False))
    python = solve_fill(framework, dictionary, FillOptions(models=0, propagator="python", no_repeat=False))
    assert compiled.solutions == python.solutions and compiled.solutions


def test_a_search_stopped_mid_propagation_leaves_nothing_behind() -> None:
    gc.collect()
    before = LOADED[1].fp_live_allocations()
    words = random_words(60_000, 9, range(4, 9))
    framework = Framework.from_lines(["........", "........", "........", "........", "........"])
    dictionary = Dictionary({w.upper(): 1 for w in words})
    # a few hundred conflicts' search (a second gave three times as many): the clock stops it wherever it is
    outcome = solve_fill(framework, dictionary, FillOptions(time_limit=loaded(0.3), propagator="c"))
    assert outcome.result is not None  # stopped by its limit or decided: either way a clean result
    del outcome
    gc.collect()
    assert LOADED[1].fp_live_allocations() == before


def test_ctrl_c_stops_a_compiled_fill_cleanly(tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("\n".join(random_words(60_000, 9, range(4, 9))) + "\n")
    grid = tmp_path / "hard.grid"
    grid.write_text("\n".join(["________"] * 6) + "\n")
    proc = subprocess.Popen(
        [sys.executable, "-m", "pyclingo_puzzles", "crossword", str(grid), "--dictionary", str(words)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, native.CHOICE_ENV: "c"},
    )
    workers = wait_for_children(proc.pid, 1, timeout=60)  # reading and pruning: the signal is meant for the search
    # a worker's search under way, in CPU time (0.3 s by the clock let both workers search that long)
    if workers:
        wait_for_cpu(workers[0], 0.15)
    else:
        time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    if proc.returncode == 10:
        pytest.skip("the grid was filled before the signal arrived")
    assert proc.returncode == 1 and "Traceback" not in err and err.strip().splitlines()[-1].startswith("interrupted")


def test_allocation_failures_become_one_line_errors() -> None:
    _, lib = LOADED
    framework = Framework.from_lines(["....."] * 5)
    dictionary = Dictionary({w.upper(): 1 for w in HARDER})
    gc.collect()
    before = lib.fp_live_allocations()
    failed = 0
    try:
        for after in (0, 1, 3, 10, 30, 60, 100, 150, 300, 1000):
            lib.fp_fail_allocation_after(after)
            try:
                solve_fill(framework, dictionary, FillOptions(jobs=1, time_limit=30, propagator="c"))
            except native.NativeError as exc:
                failed += 1
                assert "\n" not in str(exc) and "out of memory" in str(exc)
            lib.fp_fail_allocation_after(-1)
    finally:
        lib.fp_fail_allocation_after(-1)
    assert failed >= 3  # construction, init and the search itself each failed at some point
    gc.collect()
    assert lib.fp_live_allocations() == before


def test_no_allocation_outlives_its_control() -> None:
    _, lib = LOADED
    gc.collect()
    before = lib.fp_live_allocations()
    for seed in range(3):
        search(Framework.from_lines(["....", ".##.", "...."]), WORDS, "c", seed=seed)
    gc.collect()
    assert lib.fp_live_allocations() == before


# ------------------------------------------------------------------ choosing and falling back


def _run_cli(tmp_path: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS) + "\n")
    grid = tmp_path / "f.grid"
    grid.write_text("____\n_**_\n____\n")
    return subprocess.run(
        [sys.executable, "-m", "pyclingo_puzzles", "crossword", str(grid), "--dictionary", str(words), "--stats"],
        capture_output=True, text=True, timeout=120, env={**os.environ, **env},
    )


def test_without_the_compiled_library_the_python_propagator_runs_and_says_so(tmp_path: Path) -> None:
    res = _run_cli(tmp_path, {native.LIBRARY_ENV: str(tmp_path / "missing.so"), native.CHOICE_ENV: "auto"})
    assert res.returncode == 10 and "propagator=Python" in res.stderr
    notes = [line for line in res.stderr.splitlines() if "compiled fill propagator" in line]
    assert len(notes) == 1 and notes[0].startswith("note: ")


def test_the_environment_forces_the_python_propagator(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # in-process: the variable is read at each fill (the library, read once, needs a new process above)
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS) + "\n")
    grid = tmp_path / "f.grid"
    grid.write_text("____\n_**_\n____\n")
    monkeypatch.setenv(native.CHOICE_ENV, "python")
    res = cli("crossword", grid, "--dictionary", words, "--stats")
    assert res.code == 10 and "propagator=Python" in res.err and "compiled" not in res.err
    monkeypatch.setenv(native.CHOICE_ENV, "c")
    res = cli("crossword", grid, "--dictionary", words, "--stats")
    assert res.code == 10 and "propagator=C" in res.err


def test_requiring_the_compiled_propagator_without_it_is_a_one_line_error(tmp_path: Path) -> None:
    res = _run_cli(tmp_path, {native.LIBRARY_ENV: str(tmp_path / "missing.so"), native.CHOICE_ENV: "c"})
    assert res.returncode == 1 and "Traceback" not in res.stderr
    assert res.stderr.strip().splitlines() == [res.stderr.strip()] and "compiled fill propagator" in res.stderr


def test_one_compiled_propagator_serves_one_control() -> None:
    framework = Framework.from_lines(["..."])
    sites = framework.sites()
    cands = prune(framework, sites, Dictionary({"CAT": 1}))
    prop = native.NativePropagator(sites, cands.tables, cands.bits)
    prop.register(Solver([ENCODING], options=["-c", "lazy=1"]).ctl)
    with pytest.raises(ValueError, match="already registered"):
        prop.register(Solver([ENCODING], options=["-c", "lazy=1"]).ctl)


def test_scored_tables_make_the_best_words_letter_first() -> None:
    """Tables sorted best word first, with scores: decide tries the letter of the best words (here
    "ABC", which the unscored rule passes over for the letter X that keeps three words)."""
    framework = Framework.from_lines(["..."])
    sites = framework.sites()
    words = ["ABC", "XBC", "XYC", "XYZ"]  # table order (alphabetical) is best first for these scores
    cands = prune(framework, sites, Dictionary(dict.fromkeys(words, 1)))
    table = cands.tables[3]
    scored = {3: SimpleNamespace(length=3, words=table.words, masks=table.masks, scores=(40, 30, 20, 10))}
    fills = {}
    for name, tables in (("unscored", cands.tables), ("scored", scored)):
        solver = Solver([ENCODING], options=["--sign-def=pos", "-c", "lazy=1"])
        native.NativePropagator(sites, tables, cands.bits).register(solver.ctl)  # type: ignore[arg-type]
        solver.add_facts([*site_facts(framework, sites), *option_facts(cands)])
        result = solver.solve()
        fills[name] = decode_letters(result.answers[0].symbols, sites, framework, ()).grid[0]
    assert fills == {"unscored": "XYC", "scored": "ABC"}


@pytest.mark.parametrize("rule", VALUE_RULES)
def test_both_propagators_decide_alike_with_a_scored_dictionary(rule: str) -> None:
    rng = random.Random(4)
    dictionary = Dictionary({w.upper(): rng.randint(1, 1000) for w in HARDER})
    framework = Framework.from_lines(["....."] * 5)
    assert prune(framework, framework.sites(), dictionary).tables[5].scores  # the scored letter choice runs
    found = same_search(framework, dictionary, rule=rule, conflicts=300)
    assert found[1] > 0  # a real search, with conflicts
