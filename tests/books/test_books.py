"""Books from a manifest: the interior's trim and page numbers, the answers at the back, distinct
puzzles, the same book twice (and on a Dask LocalCluster), resuming, and bad manifests."""

from __future__ import annotations

import contextlib
import json
import shutil
import signal
import socket
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pypdf
import pytest

from pyclingo_puzzles.books import make_book
from pyclingo_puzzles.books.interior import gutter
from pyclingo_puzzles.books.jobs import WORDSEARCH_MAX_SHARED, entries_of, placements_of
from pyclingo_puzzles.books.manifest import INCH, read_manifest
from pyclingo_puzzles.books.store import SUFFIX
from pyclingo_puzzles.core.errors import InputError

from ..conftest import INSTANCES, still_running

POOL = [
    "LION", "TIGER", "OTTER", "BEAVER", "ZEBRA", "HORSE", "RABBIT", "WOLF", "MOOSE", "CAMEL", "KOALA",
    "PANDA", "SLOTH", "LLAMA", "GOAT", "BISON", "COYOTE", "DINGO", "FERRET", "GECKO", "HYENA", "IBEX",
    "JACKAL", "LEMUR", "MARMOT", "OCELOT", "PUMA", "SKUNK", "TAPIR", "WALRUS",
]
CLUES = {"LION": "King of the jungle", "TIGER": "Striped cat", "OTTER": "River swimmer", "ZEBRA": "Striped horse",
         "HORSE": "It gallops", "RABBIT": "It hops", "KOALA": "Eucalyptus eater", "PANDA": "Bamboo eater"}


def write_book(folder: Path, manifest: str) -> Path:
    (folder / "animals.txt").write_text("\n".join(POOL) + "\n")
    (folder / "clues.txt").write_text("".join(f"{w} {c}\n" for w, c in CLUES.items()))
    shutil.copy(INSTANCES / "crossword" / "mini-7x7.grid", folder / "mini.grid")
    path = folder / "book.yaml"
    path.write_text(manifest)
    return path


# 7x7 word searches of six words: the pages are tested, not the puzzles' size (9x9 of eight: 2.5 times the CPU)
SMALL = """title: Small Animals
trim: 6x9in
seed: 3
sections:
  - wordsearch: {words: animals.txt, count: 6, pick: 6, size: 7x7, time_limit: 30}
  - layout: {words: clues.txt, count: 1, pick: 6, time_limit: 0.3}
"""


def pages_text(content: bytes) -> list[str]:
    import io

    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(content)).pages]


def test_interior_has_the_trim_numbers_contents_and_answers_at_the_back_and_a_resumed_run_the_same(
    tmp_path: Path,
) -> None:
    """One book (its puzzles are most of the CPU) for both: the interior's pages, and the same seed
    giving the same book from a run stopped half way and resumed."""
    path = write_book(tmp_path, SMALL)
    out = tmp_path / "book.pdf"
    book = make_book(path, output=out, jobs=2)
    content = book.to_pdf()
    reader = pypdf.PdfReader(__import__("io").BytesIO(content))
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (432, 648)  # 6 x 9 in, in points
    texts = pages_text(content)
    assert len(texts) == book.pages == 3 + 7 + 2  # title, blank, contents; 7 puzzles; 4 keys a page
    assert "Small Animals" in texts[0]
    assert "Contents" in texts[2] and "Answers" in texts[2]
    for page in range(2, len(texts)):  # every page after the title page has its number at the foot
        assert texts[page].split()[-1] == str(page + 1) or str(page + 1) in texts[page].split()
    assert "Puzzle 1" in texts[3] and "Puzzle 7" in texts[9]
    answers = "\n".join(texts[10:])
    assert "Answers" in texts[10]
    for number in range(1, 8):  # every key labelled with its puzzle's number and page
        assert f"Puzzle {number} (page {number + 3})" in answers
    for record in book.records[:6]:  # the puzzle pages list the words
        assert all(w in texts[record["number"] + 2] for w in record["words"])
    work = out.with_name(out.name + SUFFIX)
    assert len(list(work.glob("0*.json"))) == 7  # every finished puzzle kept for a resumed run
    # a run stopped half way: only some records are left; the next run makes the rest
    for record in sorted(work.glob("0*.json"))[3:]:
        record.unlink()
    made: list[int] = []
    again = make_book(path, output=out, jobs=2, tick=made.append)
    assert again.records == book.records  # the puzzles first: a failure then names the one that differs
    assert again.to_pdf() == content
    assert sum(made) == 7  # 4 from the folder, 3 made again
    again.finish()
    assert not work.exists()


def test_word_searches_are_distinct_and_words_inside_others_are_not_picked(tmp_path: Path) -> None:
    pool = ["CAT", "CATS", "DOG", "DOGS", "EEL", "EELS", "ANT", "ANTS", "BEE", "BEES", "OWL", "OWLS"]
    (tmp_path / "pool.txt").write_text("\n".join(pool))
    (tmp_path / "b.yaml").write_text("title: T\nseed: 1\nsections:\n"
                                     "  - wordsearch: {words: pool.txt, count: 12, pick: 5, size: 7x7}\n")
    book = make_book(tmp_path / "b.yaml", jobs=2)
    for record in book.records:
        words = record["words"]
        assert not any(a != b and a in b for a in words for b in words)
    records = book.records
    for i, a in enumerate(records):
        for b in records[:i]:
            shared = placements_of(a) & placements_of(b)
            assert len(shared) <= WORDSEARCH_MAX_SHARED * min(len(placements_of(a)), len(placements_of(b)))


def test_crosswords_of_a_book_share_no_entry(tmp_path: Path) -> None:
    path = write_book(tmp_path, "title: Fills\nsections:\n  - crossword: {grids: [mini.grid], count: 2}\n")
    # one worker: a chain's crosswords are made one after the other whatever the workers (a second
    # only loaded the dictionary again), the entries to avoid travel in each job
    book = make_book(path, jobs=1)
    first, second = (entries_of(r) for r in book.records)
    assert first and second and not first & second


@pytest.mark.slow
def test_a_dask_local_cluster_makes_the_same_book(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    # the layout's budget of work at 1 s, not 0.3 s: a cluster's worker imports the package on its
    # first job, inside the layout's clock (6 budgets), which 0.3 s left too short on a loaded
    # machine (the clock, not the work, ended that search: another layout, another book)
    # one worker on the cluster: each is a nanny and a worker process, both importing Dask (a second
    # cost 0.7 s of CPU); the local run keeps two processes
    # three words, not six, for the layout: half its CPU, both books (its result is the work budget's)
    small = SMALL.replace("count: 6", "count: 2").replace("pick: 6, time_limit: 0.3", "pick: 3, time_limit: 1")
    path = write_book(tmp_path, small)
    # Dask's default port taken (by another book's cluster): a cluster made at once warned "Port 8787
    # is already in use" (its scheduler's HTTP server now takes a free port)
    with socket.socket() as taken, warnings.catch_warnings(record=True) as warned:
        warnings.simplefilter("always")
        with contextlib.suppress(OSError):  # held by another process already: as good
            taken.bind(("", 8787))
            taken.listen()
        on_cluster = make_book(path, jobs=1, cluster="local").to_pdf()
    assert not [str(w.message) for w in warned if "already in use" in str(w.message)]
    assert on_cluster == make_book(path, jobs=2).to_pdf()


def test_the_gutter_grows_with_the_page_count_as_kdp_says() -> None:
    assert gutter(24) == gutter(150) == 0.375 * INCH
    assert gutter(151) == 0.5 * INCH and gutter(500) == 0.625 * INCH and gutter(828) == 0.875 * INCH


@pytest.mark.parametrize(
    ("manifest", "line", "message"),
    [
        ("title: T\nsections:\n  - wordsearch: {words: animals.txt, count: 2, colour: red}\n", 3,
         "unknown key 'colour'"),
        ("title: T\nsections:\n  - wordsearch: {words: missing.txt, count: 2}\n", 3, "no such file"),
        ("title: T\nsections:\n  - wordsearch: {words: animals.txt, count: 2, pick: 500}\n", 3, "only 30 words"),
        ("title: T\nsections:\n  - wordsearch: {words: animals.txt, count: 0}\n", 3, "count must be"),
        ("title: T\nsections:\n  - wordsearch: {words: animals.txt, count: 10000000}\n", 3, "count must be"),
        ("title: T\ntrim: 9x12cm\nsections:\n  - wordsearch: {words: animals.txt, count: 1}\n", 2, "unknown trim"),
        ("title: T\nsections:\n  - sudoku: {count: 1}\n", 3, "unknown section"),
    ],
)
def test_a_bad_manifest_is_one_line_naming_the_manifest_and_line(
    tmp_path: Path, manifest: str, line: int, message: str
) -> None:
    path = write_book(tmp_path, manifest)
    with pytest.raises(InputError) as caught:
        read_manifest(path)
    assert caught.value.line == line and message in str(caught.value) and "\n" not in str(caught.value)
    assert str(path) in str(caught.value)


def test_the_command_writes_the_book_and_refuses_a_dead_cluster(tmp_path: Path, cli) -> None:
    path = write_book(tmp_path, SMALL.replace("count: 6", "count: 2"))
    out = tmp_path / "out.pdf"
    pages, puz = tmp_path / "pages", tmp_path / "puz"
    res = cli("book", str(path), "-o", str(out), "--json", "--exit-codes", "unix", "--html", pages, "--puz", puz)
    assert res.code == 0, res.err
    assert json.loads(res.out)["puzzles"] == 3 and out.read_bytes().startswith(b"%PDF")
    assert not out.with_name(out.name + SUFFIX).exists()
    assert sorted(p.name for p in pages.iterdir()) == ["puzzle-1.html", "puzzle-2.html", "puzzle-3.html"]
    assert "<html" in (pages / "puzzle-1.html").read_text().lower()
    import puz as puzpy

    (layout_puz,) = puz.iterdir()  # only the layout has a .puz: a word search has none
    assert layout_puz.name == "puzzle-3.puz" and puzpy.read(str(layout_puz)).width > 0
    dead = tmp_path / "dead.pdf"
    res = cli("book", str(path), "-o", str(dead), "--cluster", "tcp://127.0.0.1:9", "--exit-codes", "unix")
    assert res.code == 2 and "does not answer" in res.err and not dead.exists()


@pytest.mark.parametrize("path", sorted((INSTANCES / "books").glob("*.yaml")), ids=lambda p: p.name)
def test_every_shipped_manifest_reads_and_plans(path: Path) -> None:
    from pyclingo_puzzles.books.jobs import plan

    manifest = read_manifest(path)
    jobs = plan(manifest)
    assert len(jobs) == sum(s.count for s in manifest.sections) and [j.number for j in jobs][:2] == [1, 2]


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGTERM])
def test_a_book_stopped_half_way_resumes_to_the_same_book_and_leaves_no_worker(tmp_path: Path, sig: int, cli) -> None:
    # 7x7 of six words: 40% of 9x9's CPU; the twelve still take tenths of a second after the fourth
    path = write_book(tmp_path, "title: Resume\nseed: 5\nsections:\n"
                                "  - wordsearch: {words: animals.txt, count: 12, pick: 6, size: 7x7}\n")
    out = tmp_path / "book.pdf"
    work = out.with_name(out.name + SUFFIX)
    argv = [sys.executable, "-m", "pyclingo_puzzles", "book", str(path), "-o", str(out), "-j", "2",
            "--exit-codes", "unix"]
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: list[int] = []
    until = time.monotonic() + 60
    while time.monotonic() < until and proc.poll() is None and len(list(work.glob("0*.json"))) < 4:
        workers = [int(c) for c in Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()] or workers
        time.sleep(0.02)
    if proc.poll() is not None:
        pytest.skip("the book was done before it could be stopped")
    proc.send_signal(sig)
    proc.wait(timeout=30)
    assert not still_running(workers, zombies=False)
    assert not out.exists() and len(list(work.glob("0*.json"))) >= 4  # nothing half written; the work kept
    # resumed in-process: the command as the user runs it again (the stop, above, is the process's)
    res = cli(*argv[3:])
    assert res.code == 0, res.err
    assert not work.exists()
    assert out.read_bytes() == make_book(path, jobs=2).to_pdf()  # the same book as a run never stopped


def test_a_layout_budgeted_by_work_is_the_same_under_any_load() -> None:
    """The book's layouts: the same seed and work budget give the same layout whether the clock
    or the work would end the search first (a busy machine made them differ)."""
    from pyclingo_puzzles import layout

    words = [(w, CLUES.get(w, "")) for w in POOL[:12]]
    first = layout.arrange(words, seed=4, work_limit=0.3, time_limit=60)
    with _busy():  # the same search with both cores kept busy
        second = layout.arrange(words, seed=4, work_limit=0.3, time_limit=60)
    assert first.placements and first.placements == second.placements
    with pytest.raises(InputError):
        layout.arrange(words, work_limit=5, time_limit=1)


@contextlib.contextmanager
def _busy():
    # two: one a core, the search a third process (three burned a core more of the suite's CPU)
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        yield
    finally:
        for proc in burners:
            proc.kill()
            proc.wait()


LATTICE_CLUES = {"EJECTED": "Thrown out", "EWERS": "Water jugs", "EPOXY": "Strong glue", "THYMI": "Herbs (pl.)",
                 "DODGE": "Avoid", "EPOXYED": "Glued fast", "SKYLINE": "City outline"}


def test_a_clued_crossword_section_prints_numbered_clues_and_a_name_line(tmp_path: Path) -> None:
    """Issue 46.3 and 46.6: ``clues`` fill from the clued words and print "1. Thrown out (7)", not a
    list of words by length; ``name_line`` and ``instructions`` of the book apply to its sections."""
    shutil.copy(INSTANCES / "crossword" / "lattice.dat", tmp_path / "lattice.dat")
    (tmp_path / "clues.txt").write_text("".join(f"{w};{c}\n" for w, c in LATTICE_CLUES.items()))
    manifest = ("title: Clued\ninstructions: Have fun.\nname_line: true\nsections:\n"
                "  - crossword: {grids: [lattice.dat], clues: clues.txt, theme: ['SKYLINE@4,0,A']}\n")
    (tmp_path / "book.yaml").write_text(manifest)
    assert read_manifest(tmp_path / "book.yaml").sections[0].heading == "Crosswords"
    book = make_book(tmp_path / "book.yaml", jobs=1)
    entries = book.records[0]["entries"]
    assert {e[0] for e in entries} == set(LATTICE_CLUES) and all(e[4] == LATTICE_CLUES[e[0]] for e in entries)
    puzzle = next(text for text in pages_text(book.to_pdf()) if "Puzzle 1" in text)
    assert "1. Thrown out (7)" in puzzle and "7 letters:" not in puzzle
    assert "Name" in puzzle and "Date" in puzzle and "Have fun." in puzzle


@pytest.mark.parametrize(("section", "message"), [
    ("{grids: [lattice.dat], clues: nothing.txt}", "clues: no such file: nothing.txt"),
    ("{grids: [lattice.dat], theme: [SKY1]}", "has characters that are not letters"),
    ("{grids: [lattice.dat], name_line: 1}", "'name_line' must be true or false, got 1"),
])
def test_bad_clued_sections_name_the_line(tmp_path: Path, section: str, message: str) -> None:
    shutil.copy(INSTANCES / "crossword" / "lattice.dat", tmp_path / "lattice.dat")
    (tmp_path / "book.yaml").write_text(f"title: T\nsections:\n  - crossword: {section}\n")
    with pytest.raises(InputError) as info:
        read_manifest(tmp_path / "book.yaml")
    assert message in str(info.value) and "book.yaml:3" in str(info.value), str(info.value)


def test_a_codeword_section_proves_each_puzzle_and_the_same_seed_makes_the_same_book(tmp_path: Path) -> None:
    shutil.copy(INSTANCES / "codeword" / "filled-5x5.grid", tmp_path / "five.grid")
    shutil.copy(INSTANCES / "codeword" / "words.txt", tmp_path / "words.txt")
    path = tmp_path / "book.yaml"
    path.write_text("title: Codes\nseed: 2\nsections:\n"
                    "  - codeword: {grids: [five.grid], count: 2, dictionary: words.txt}\n")  # fmt: skip
    book = make_book(path, jobs=1)
    assert [r["family"] for r in book.records] == ["codeword", "codeword"]
    for record in book.records:
        assert 2 <= len(record["given"]) <= 3
        numbers, key = record["numbers"], record["key"]
        assert all(key[str(n)] == record["grid"][r][c] for r, row in enumerate(numbers) for c, n in enumerate(row) if n)
    assert book.records[0]["numbers"] != book.records[1]["numbers"]  # each its own numbering
    texts = pages_text(book.to_pdf())
    assert "CODEWORDS" in texts[3] and "Answers" in "\n".join(texts[4:])
    out = tmp_path / "codes.pdf"  # a run stopped half way: one record kept, the other made again
    first = make_book(path, output=out, jobs=1)
    assert first.records == book.records
    sorted(out.with_name(out.name + SUFFIX).glob("0*.json"))[1].unlink()
    assert make_book(path, output=out, jobs=1).to_pdf() == first.to_pdf()


def test_a_codeword_whose_fill_no_few_givens_make_unique_takes_the_next_seeds_fill(monkeypatch) -> None:
    """The example book's puzzle 207 (mini-7x7 from en) was such a fill and the whole book failed:
    a proved non-unique fill is replaced by another seed's, a limit is not retried, and the book
    says so when every fill tried was non-unique."""
    from pyclingo_puzzles.books import jobs
    from pyclingo_puzzles.core.status import Status
    from pyclingo_puzzles.crossword import codeword

    seeds: list[int] = []

    class Fake:
        def __init__(self, status: Status):
            self.status, self.unique = status, status is Status.SAT

        def why(self) -> str:
            return "no unique codeword within the time limit" if self.status is Status.UNKNOWN else "none"

    def fake_make(*, seed: int, **_: object) -> Fake:
        seeds.append(seed)
        return Fake(Status.SAT if len(seeds) == 3 else Status.UNSAT)

    monkeypatch.setattr(codeword, "make", fake_make)
    job = jobs.Job(207, "codeword", 11, {"size": "7x7", "dictionary": "en"})
    with pytest.raises(AttributeError):  # the fake's third answer has no puzzle: the loop stopped at it
        jobs._codeword(job)
    assert len(seeds) == 3 and seeds[0] == 11 and len(set(seeds)) == 3
    seeds.clear()
    monkeypatch.setattr(codeword, "make", lambda *, seed, **_: seeds.append(seed) or Fake(Status.UNSAT))
    with pytest.raises(jobs.BookError, match=rf"puzzle 207: no unique codeword in {jobs.CODEWORD_FILLS} fills"):
        jobs._codeword(job)
    assert len(seeds) == jobs.CODEWORD_FILLS
    seeds.clear()
    monkeypatch.setattr(codeword, "make", lambda *, seed, **_: seeds.append(seed) or Fake(Status.UNKNOWN))
    with pytest.raises(jobs.BookError, match="within the time limit"):
        jobs._codeword(job)
    assert len(seeds) == 1  # a limit is not retried
