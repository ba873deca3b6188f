"""The studio's engine (crossword/studio) on small grids built for it: every claim a suggestion or
a verdict makes is checked against a brute force (backtracking over whole words, no clingo), the
locked entries are kept, and bad input is one line naming the field."""

from __future__ import annotations

import itertools
import random
import threading
from collections.abc import Iterator, Sequence

import pytest

from pyclingo_puzzles.core.errors import InputError
from pyclingo_puzzles.crossword.construction.construct import GENERATED_FLOOR
from pyclingo_puzzles.crossword.engine import native
from pyclingo_puzzles.crossword.engine.warm import WarmSearch
from pyclingo_puzzles.crossword.engine.wordsets import WordTable
from pyclingo_puzzles.crossword.framework import Framework, Site
from pyclingo_puzzles.crossword.reader import Dictionary
from pyclingo_puzzles.crossword.solution import CrosswordSolution, verify
from pyclingo_puzzles.crossword.studio import Cancelled, Studio, WordLists
from pyclingo_puzzles.crossword.studio.board import read_board

PREFERRED = "python" if isinstance(native.load(), str) else "c"


@pytest.fixture(autouse=True, params=[PREFERRED])
def propagator(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "c" and isinstance(native.load(), str):
        pytest.skip(f"the compiled fill propagator is not available: {native.load()}")
    monkeypatch.setenv(native.CHOICE_ENV, request.param)
    return str(request.param)


BOTH = pytest.mark.parametrize("propagator", ["c", "python"], indirect=True)

WORDS = ["CAT", "CAR", "ARC", "ART", "TAR", "RAT", "ATE", "EAT", "TEA", "ERA", "ARE", "EAR", "ACE", "ACT", "TAC"]


def studio_of(words: Sequence[str] | dict[str, int]) -> Studio:
    scored = dict.fromkeys(words, 1) if not isinstance(words, dict) else words
    return Studio(Dictionary(scored))


def brute_fills(rows: Sequence[str], words: Sequence[str], at: Site | None = None, word: str = "") -> Iterator[dict]:
    """Every fill (cell -> letter) of the grid by backtracking over whole words, no word twice;
    with ``at``, only those with ``word`` there. Independent of clingo and of the studio's tables:
    the next slot is the one fewest words fit (so that an impossible grid fails fast)."""
    frame = Framework.from_lines(list(rows))
    given = frame.predefined()
    sites = frame.sites()

    def fits(s: Site, letters: dict, used: set) -> list[str]:
        pool = [word] if at is not None and s.id == at.id else words
        cells = s.cells()
        return [
            w for w in pool
            if len(w) == s.length and w not in used
            and all(letters.get(c, given.get(c, ch)) == ch for c, ch in zip(cells, w, strict=True))
        ]

    def go(left: list[Site], letters: dict, used: set) -> Iterator[dict]:
        if not left:
            yield letters
            return
        options = [(fits(s, letters, used), s) for s in left]
        ws, s = min(options, key=lambda o: len(o[0]))
        rest = [x for x in left if x.id != s.id]
        for w in ws:
            yield from go(rest, {**letters, **dict(zip(s.cells(), w, strict=True))}, used | {w})

    yield from go(sites, {}, set())


def has_fill(rows: Sequence[str], words: Sequence[str], at: Site | None = None, word: str = "") -> bool:
    return next(brute_fills(rows, words, at, word), None) is not None


def random_case(rng: random.Random) -> tuple[list[str], list[str]]:
    """A 3x3 to 4x4 grid (maybe a block or a letter) and a random list over a small alphabet:
    sometimes fillable, sometimes not, and small enough for the brute force."""
    size = rng.choice([3, 4])
    rows = [["."] * size for _ in range(size)]
    if size == 4 and rng.random() < 0.6:
        rows[0][0] = rows[size - 1][size - 1] = "#"
    if rng.random() < 0.5:
        r, c = rng.randrange(size), rng.randrange(size)
        if rows[r][c] == ".":
            rows[r][c] = rng.choice("ABC")
    alphabet = "ABCD"
    words = []
    for n in range(2, size + 1):
        pool = ["".join(p) for p in itertools.product(alphabet, repeat=n)]
        words += rng.sample(pool, min(len(pool), rng.randrange(6, 16 if size == 3 else 40)))
    return ["".join(r) for r in rows], words


def test_every_suggestion_claim_holds_against_the_brute_force() -> None:
    rng = random.Random(7)
    seen = {True: 0, False: 0}
    searched = 0  # words the search proved dead (not the crossings at once)
    for _ in range(24):
        rows, words = random_case(rng)
        studio = studio_of(words)
        board = read_board(rows)
        for site in board.sites[:3]:
            out = studio.suggest(rows, (site.row, site.col, site.direction), limit=6, time_limit=20)
            for s in out.suggestions:
                assert s.fillable is not None, (rows, s)  # a tiny grid is always decided
                assert s.fillable == has_fill(rows, words, site, s.word), (rows, words, site, s)
                seen[s.fillable] += 1
                searched += s.why == "search"
            # asked again (as the page does while some are not known): what was proved is kept, no solve
            again = studio.suggest(rows, (site.row, site.col, site.direction), limit=6, time_limit=20)
            assert [s.fillable for s in again.suggestions] == [s.fillable for s in out.suggestions]
            assert again.solves == 0, (rows, words, site)
    assert seen[True] > 5 and seen[False] > 5 and searched  # both kinds of claim were made and checked


def test_a_verdict_matches_the_brute_force_and_its_fill_verifies() -> None:
    rng = random.Random(3)
    kinds = set()
    for _ in range(20):
        rows, words = random_case(rng)
        v = studio_of(words).verdict(rows, time_limit=20)
        kinds.add(v.verdict)
        assert v.verdict == ("fillable" if has_fill(rows, words) else "unfillable"), (rows, words)
        if v.fill is not None:
            frame = Framework.from_lines(rows)
            assert verify(frame, _solution(v.fill), allowed=set(words)) == []
        else:
            assert v.core is not None and v.core.slots  # why: slots that cannot be filled together
            assert not has_fill(rows, words) and v.as_json()["core"]
    assert kinds == {"fillable", "unfillable"}


def _solution(grid: Sequence[str]) -> CrosswordSolution:
    from pyclingo_puzzles.core.grid import Placement

    frame = Framework.from_lines(list(grid))
    placements = tuple(
        Placement("".join(grid[r][c] for r, c in s.cells()), s.row, s.col, s.direction) for s in frame.sites()
    )
    return CrosswordSolution(tuple(grid), placements)


def test_slots_count_the_words_that_fit_and_mark_dead_slots_and_hotspots() -> None:
    studio = studio_of(WORDS)
    report = studio.slots(["C..", "...", "..Q"], hotspot=2)
    by_place = {(s.site.row, s.site.col, s.site.direction): s for s in report.slots}
    assert by_place[(0, 0, "across")].count == sum(w.startswith("C") for w in WORDS)  # CAT CAR
    assert by_place[(0, 0, "across")].pattern == "C.."
    assert by_place[(2, 0, "across")].count == 0  # ..Q: no word
    dead = {(report.slots[i].site.row, report.slots[i].site.direction) for i in report.dead}
    assert {(2, "across"), (0, "down")} <= {(r, d) for r, d in dead} | {(2, "across")}
    assert not report.arc_consistent
    cells = {(c.row, c.col): c for c in report.cells}
    assert cells[(0, 1)].letters == "A" and cells[(0, 1)].hotspot  # CAT, CAR: A; the down slot .. agrees
    assert cells[(0, 0)].letters == "C" and not cells[(0, 0)].hotspot  # a given letter: no hotspot
    assert cells[(2, 2)].letters == ""  # ..Q has no word: nothing fits there
    doc = report.as_json()
    assert set(doc) == {"slots", "cells", "dead", "arc_consistent", "seconds"}
    assert {"row", "col", "direction", "length", "pattern", "count", "consistent", "locked"} == set(doc["slots"][0])


def test_suggestions_come_best_score_first_and_a_used_word_is_a_repeat() -> None:
    scores = {w: 10 * (len(WORDS) - i) for i, w in enumerate(WORDS)}
    studio = studio_of(scores)
    out = studio.suggest(["...", "...", "..."], (0, 0, "across"), limit=15, time_limit=20)
    listed = [s.score for s in out.suggestions]
    assert listed == sorted(listed, reverse=True)
    out = studio.suggest(["CAT", "###", "..."], (2, 0, "across"), limit=15, time_limit=20)
    decided = {s.word: (s.fillable, s.why) for s in out.suggestions}
    assert decided["CAT"] == (False, "repeat") and decided["CAR"] == (True, "fill")


def test_a_fill_found_once_proves_its_words_on_the_next_question() -> None:
    studio = studio_of(WORDS)
    rows = ["...", "...", "..."]
    v = studio.verdict(rows, time_limit=20)
    assert v.fill is not None
    across = v.fill[1]
    out = studio.suggest(rows, (1, 0, "across"), limit=15, time_limit=20)
    proved = {s.word: s.why for s in out.suggestions}
    assert proved[across] == "fill"


def test_locked_entries_need_not_be_words_and_are_kept() -> None:
    words = ["AB", "CD", "AC", "BD", "XY"]
    studio = studio_of(words)
    # QZ is no word of the list: locked, it fills the top row
    rows = ["..", ".."]
    v = studio.verdict(rows, locked=["QZ@0,0,A"], time_limit=20)
    assert v.verdict == "unfillable"  # Q. and Z. downs have no word
    words2 = ["QA", "ZB", "AB"]
    v = studio_of(words2).verdict(rows, locked=["QZ@0,0,A"], time_limit=20)
    assert v.verdict == "fillable" and v.fill is not None and v.fill[0] == "QZ"
    filled = studio_of(words2).autofill(rows, locked=["QZ@0,0,A"], time_limit=20)
    assert filled.status == "filled" and filled.grid is not None and filled.grid[0] == "QZ"
    assert filled.locked == ("QZ@0,0,A",)


def test_autofill_keeps_letters_writes_only_the_chosen_slots_and_another_differs() -> None:
    studio = studio_of(WORDS)
    rows = ["T..", "...", "..."]
    first = studio.autofill(rows, seed=1, time_limit=20)
    assert first.status == "filled" and first.grid is not None and first.grid[0][0] == "T"
    assert has_fill(first.grid, WORDS)
    only = studio.autofill(rows, slots=[(0, 0, "across")], time_limit=20)
    assert only.grid is not None and only.grid[1:] == ("...", "...") and "." not in only.grid[0]
    again = studio.autofill(rows, slots=[(0, 0, "across")], differ_from=[only.as_json()["fill"]], time_limit=20)
    assert again.status in ("filled", "unfillable")
    if again.grid is not None:
        assert again.grid[0] != only.grid[0]


def test_the_fill_api_takes_themes_locked_entries_and_an_inline_list_and_gives_the_core() -> None:
    from pyclingo_puzzles import crossword

    text = "QA;5\nZB\nAB;9\n"
    result = crossword.fill(["..", ".."], None, word_list=text, locked=["QZ@0,0,A"])
    assert result.solutions and result.solutions[0].grid[0] == "QZ"
    assert result.given == {}  # the locked letters are answers, not given letters
    result = crossword.fill(["..", ".."], None, word_list="AB\nCD\n", themes=["QZ"])
    doc = result.to_json()
    assert doc["status"] == "UNSAT" and doc["core"]
    with pytest.raises(InputError, match="has no place"):
        crossword.fill(["..", ".."], None, word_list=text, locked=["QZ"])


@BOTH
def test_a_letter_proved_impossible_at_the_top_does_not_break_the_next_solve(propagator: str) -> None:
    """The first solve proves C impossible in the corner (a unit clasp learns: false at the top
    from then on); the next solve's init leaves that letter out while the first init's watch on it
    stays. The propagators once took its change for one of theirs (Python: KeyError; C: a crash)."""
    search = WarmSearch(Framework(("...", "...", "...")), {3: WordTable.build(WORDS, 3)}, set(WORDS))
    assert search.solve([((0, 0), "C")], 20, lambda: False)[0].name == "UNSAT"
    assert search.solve([((0, 0), "A")], 20, lambda: False)[0].name == "UNSAT"
    _, fill = search.solve([], 20, lambda: False)
    assert fill is not None and has_fill(fill.grid, WORDS)
    assert (search.solve([((1, 1), "C")], 20, lambda: False)[1] is not None) == has_fill(["...", ".C.", "..."], WORDS)


@BOTH
def test_the_warm_search_answers_many_questions_on_one_control(propagator: str) -> None:
    """Solved again and again (init runs again each time, the earlier watches stay): every answer
    agrees with the brute force, with both propagators (a stale watch once crashed the C one)."""
    rng = random.Random(11)
    for _ in range(4):
        rows, words = random_case(rng)
        frame = Framework.from_lines(rows)
        shape = Framework(tuple("".join(" " if ch == " " else "." for ch in row) for row in frame.rows))
        tables = {n: WordTable.build([w for w in words if len(w) == n], n) for n in {s.length for s in shape.sites()}}
        search = WarmSearch(shape, tables, set(words))
        given = sorted(frame.predefined().items())
        for site in frame.sites():
            for word in [w for w in words if len(w) == site.length][:4]:
                status, fill = search.solve([*given, *zip(site.cells(), word, strict=True)], 20, lambda: False)
                assert (fill is not None) == has_fill(rows, words, site, word), (rows, site, word, status)


def test_a_cancelled_call_raises_and_a_later_one_runs() -> None:
    studio = studio_of(WORDS)
    flag = threading.Event()
    flag.set()
    with pytest.raises(Cancelled):
        studio.verdict(["...", "...", "..."], cancel=flag)
    assert studio.verdict(["...", "...", "..."]).verdict == "fillable"


class CountedFlag:
    """Set after ``n`` looks: a cancel arriving mid-call, without timing."""

    def __init__(self, n: int):
        self.n = n

    def is_set(self) -> bool:
        self.n -= 1
        return self.n < 0


def test_a_cancel_that_arrives_during_the_suggestions_stops_them() -> None:
    studio = studio_of(WORDS)
    with pytest.raises(Cancelled):
        studio.suggest(["...", "...", "..."], (0, 0, "across"), limit=15, cancel=CountedFlag(3), time_limit=20)


@pytest.mark.parametrize(
    ("call", "field", "message"),
    [
        (lambda s: s.slots(["...", ".."]), "framework", "not rectangular"),
        (lambda s: s.slots(["..%", "..."]), "framework", "neither a letter"),
        (lambda s: s.slots([]), "framework", "non-empty list"),
        (lambda s: s.slots(["." * 26] * 3), "framework", "at most 25"),
        (lambda s: s.suggest(["...", "..."], (5, 0, "across")), "slot", "no across slot"),
        (lambda s: s.suggest(["...", "..."], (0, 0, "sideways")), "slot", "across or down"),
        (lambda s: s.suggest(["...", "..."], (0, 0, "across"), limit=10_000), "limit", "whole number"),
        (lambda s: s.verdict(["...", "..."], time_limit=0), "time_limit", "above 0"),
        (lambda s: s.verdict(["...", "..."], locked=["CAT"]), "locked", "has no place"),
        (lambda s: s.verdict(["...", "..."], locked=["CA@0,1,A"]), "locked", "not on a slot"),
    ],
)
def test_bad_input_is_one_line_naming_the_field(call, field: str, message: str) -> None:
    with pytest.raises(InputError, match=message) as caught:
        call(studio_of(WORDS))
    assert caught.value.file == field and "\n" not in str(caught.value)


def test_word_lists_take_an_inline_list_alone_or_merged_and_name_bad_fields() -> None:
    words = WordLists(dictionary=None, word_list="cat;50\nDOG\nBIRD;7\n", exclude=("dog",)).assemble()
    assert words.words == {"CAT": 50, "BIRD": 7}
    with pytest.raises(InputError) as caught:
        WordLists(dictionary=None, word_list="").assemble()
    assert caught.value.file == "word_list"
    with pytest.raises(InputError) as caught:
        WordLists(dictionary="/etc/passwd").assemble()
    assert caught.value.file == "dictionary"
    with pytest.raises(InputError) as caught:
        WordLists(dictionary=None, word_list="CAT;x1\n", min_score="high").assemble()  # type: ignore[arg-type]
    assert caught.value.file == "min_score"


def test_another_fill_of_the_whole_grid_differs_from_the_first() -> None:
    studio = studio_of(WORDS)
    rows = ["...", "...", "..."]
    first = studio.autofill(rows, time_limit=20)
    assert first.fill is not None
    again = studio.autofill(rows, differ_from=[first.as_json()["fill"]], time_limit=20)
    if again.status == "filled":  # a quarter of the open slots (here 1 of 6) differ at least
        assert again.fill is not None and again.fill != first.fill and has_fill(again.fill, WORDS)
    else:  # proved: no other fill
        assert again.status == "unfillable"
        assert [f for f in brute_fills(rows, WORDS) if tuple("".join(f[(r, c)] for c in range(3)) for r in range(3))
                != first.fill] == []


def test_a_generated_pattern_keeps_the_locked_entry() -> None:
    studio = Studio(WordLists(), warm=False)
    made = studio.pattern((5, 5), locked=["HELLO"], seed=1, time_limit=30)
    assert made.status == "filled" and made.grid is not None and made.fill is not None
    assert made.locked == ("HELLO@2,0,A",) and made.grid[2] == "HELLO" and made.fill[2] == "HELLO"
    grid = made.as_json()["grid"]
    assert all(ch in "#." for r, row in enumerate(grid) if r != 2 for ch in row) and "#" in "".join(grid)
    # its autofill as the command's themed grids: no word of en below the floor, the fill improved
    filled = studio.autofill(grid, locked=list(made.locked), seed=2, time_limit=30)
    assert filled.status == "filled" and filled.fill is not None and filled.fill[2] == "HELLO"
    improved = filled.extra["improve"]
    assert studio.floor == GENERATED_FLOOR and improved["score"] >= improved["score_before"]
    entries = ["".join(filled.fill[r][c] for r, c in s.cells()) for s in Framework(filled.fill).sites()]
    assert all(studio.lexicon.words[w] >= GENERATED_FLOOR for w in entries if w != "HELLO")
    assert filled.as_json()["below_floor"] == []
    # a fill only below the floor has: taken (no other exists), and its words under it named
    low = studio.autofill(["EZ.", "###", "..."], time_limit=30)  # EZE, Zipf 2.48, is en's only EZ.
    assert low.status == "filled" and low.fill is not None and low.fill[0] == "EZE" and "EZE" in low.below_floor
    assert all(studio.lexicon.words[w] < GENERATED_FLOOR for w in low.below_floor)
    with pytest.raises(InputError) as caught:
        studio.pattern((5, 5), locked=["TOOLONGFORIT"])
    assert caught.value.file == "locked"
