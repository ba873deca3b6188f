"""Books against a hostile user: an output naming a word file, a huge pick, a cluster address that
answers with something that is not Dask. Each is one line naming the manifest, exit 2, no PDF."""

from __future__ import annotations

import os
import random
import socket
import string
import threading
from pathlib import Path

import pytest

from pyclingo_puzzles.books.jobs import _clashes
from pyclingo_puzzles.books.manifest import read_manifest

from .test_books import write_book


def test_an_output_naming_a_word_file_of_the_manifest_is_refused(tmp_path: Path, cli) -> None:
    path = write_book(tmp_path, "title: T\nsections:\n  - wordsearch: {words: words.pdf, count: 1, pick: 5}\n")
    words = tmp_path / "words.pdf"
    words.write_text("LION\nTIGER\nOTTER\nZEBRA\nHORSE\nKOALA\n")
    before = words.read_bytes()
    res = cli("book", path, "-o", words, "--exit-codes", "unix")
    assert res.code == 2 and "would be overwritten" in res.err and len(res.err.strip().splitlines()) == 1
    assert words.read_bytes() == before
    res = cli("book", path, "-o", path, "--exit-codes", "unix")  # the manifest itself (by -o's suffix rule, too)
    assert res.code == 2 and path.read_text().startswith("title: T")


def test_the_manifest_lists_every_file_it_reads(tmp_path: Path) -> None:
    path = write_book(tmp_path, "title: T\nsections:\n  - wordsearch: {words: animals.txt, count: 1}\n"
                                "  - crossword: {grids: [mini.grid], dictionary: [en, animals.txt]}\n"
                                "  - layout: {words: clues.txt, count: 1}\n")
    names = [Path(f).name for f in read_manifest(path).files]
    assert names == ["animals.txt", "mini.grid", "clues.txt"]


def test_a_pick_no_pool_allows_names_the_section_line_at_once(tmp_path: Path, cli) -> None:
    rng = random.Random(1)
    pool = sorted({"".join(rng.choice(string.ascii_uppercase) for _ in range(rng.randint(4, 9))) for _ in range(3000)})
    (tmp_path / "big.txt").write_text("\n".join(pool) + "\n")
    path = write_book(tmp_path, f"title: T\nseed: 2\nsections:\n"
                                f"  - wordsearch: {{words: big.txt, count: 3, pick: {len(pool)}, size: 50x50}}\n")
    out = tmp_path / "out.pdf"
    res = cli("book", path, "-o", out, "--exit-codes", "unix")
    assert res.code == 2 and not out.exists()
    assert res.err.startswith(f"error: {path}:4: ") and "inside another" in res.err, res.err


def test_word_clashes_are_the_pairs_one_inside_the_other_either_way() -> None:
    pool = ["CAT", "TAC", "CATS", "STAC", "DOG", "GODS", "ACT", "TA", "XCATX", "OCATO"]
    clashes = _clashes(pool)
    for i, a in enumerate(pool):
        for j, b in enumerate(pool):
            inside = i != j and (a in b or b in a or a[::-1] in b or b[::-1] in a)
            assert (j in clashes[i]) == inside, (a, b)


@pytest.fixture
def not_dask() -> str:
    """A TCP server that answers every connection with bytes that are not Dask's protocol."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    stop = threading.Event()

    def serve() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            conn.sendall(b"\xff" * 64)  # Dask reads a frame count and sizes: exabytes
            conn.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    stop.set()
    thread.join()
    server.close()


def test_a_cluster_address_that_speaks_another_protocol_is_one_line_exit_2(
    tmp_path: Path, cli, not_dask: str
) -> None:
    pytest.importorskip("distributed")
    path = write_book(tmp_path, "title: T\nsections:\n  - wordsearch: {words: animals.txt, count: 1, pick: 5}\n")
    out = tmp_path / "out.pdf"
    res = cli("book", path, "-o", out, "--cluster", not_dask, "--exit-codes", "unix")
    assert res.code == 2 and not out.exists(), res.err
    assert res.err.startswith(f"error: {path}: --cluster {not_dask}: ") and "does not answer" in res.err
    assert len(res.err.strip().splitlines()) == 1


def _made_by(job: object) -> int:
    return os.getpid()


def test_local_workers_are_replaced_so_their_memory_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """clingo keeps every symbol for a process's life: a worker that made 2,000 puzzles held 2 GB."""
    from pyclingo_puzzles.books import jobs, runner

    monkeypatch.setattr(jobs, "make", _made_by)
    monkeypatch.setattr(runner, "TASKS_PER_WORKER", 2, raising=False)
    pool = runner.LocalPool(1)
    try:
        futures = {pool.submit(jobs.Job(n, "wordsearch", 0, {})) for n in range(1, 7)}
        pending = set(futures)
        while pending:
            _, pending = pool.wait(pending)
        assert len({f.result() for f in futures}) == 3  # two puzzles a process, then a fresh one
    finally:
        pool.close()


def test_a_crossword_section_with_a_size_generates_each_pattern(tmp_path: Path) -> None:
    from pyclingo_puzzles.books import make_book

    # 5x5: a third of 7x7's CPU (0.5 s against 1.4 s for the two)
    path = write_book(tmp_path, "title: T\nseed: 2\nsections:\n  - crossword: {size: 5x5, count: 2, time_limit: 60}\n")
    book = make_book(path, jobs=1)
    assert [r["family"] for r in book.records] == ["crossword", "crossword"]
    for record in book.records:
        grid = record["grid"]
        assert len(grid) == 5 and {len(row) for row in grid} == {5}
        for word, row, col, way, _, _ in record["entries"]:  # every entry is on the grid's cells
            dy, dx = (0, 1) if way == "across" else (1, 0)
            assert "".join(grid[row + i * dy][col + i * dx] for i in range(len(word))) == word
    first, second = ({e[0] for e in r["entries"]} for r in book.records)
    assert first and second and not first & second  # no entry shared across the book


@pytest.mark.parametrize(
    ("options", "message"),
    [("{size: 7x7}", "missing key 'count'"), ("{size: 7x7, count: 1, grids: [mini.grid]}", "not both"),
     ("{size: 99x99, count: 1}", "3 to 25")],
)
def test_a_generated_crossword_section_is_checked(tmp_path: Path, options: str, message: str) -> None:
    from pyclingo_puzzles.core.errors import InputError

    path = write_book(tmp_path, f"title: T\nsections:\n  - crossword: {options}\n")
    with pytest.raises(InputError) as caught:
        read_manifest(path)
    assert caught.value.line == 3 and message in str(caught.value)


def test_a_dictionary_file_travels_with_the_job_as_word_files_do(tmp_path: Path) -> None:
    """A cluster's worker has only the package: no job may name a file of this machine."""
    from pyclingo_puzzles.books.jobs import make, plan

    path = write_book(tmp_path, "title: T\nsections:\n  - crossword: {grids: [tiny.grid], dictionary: own.txt}\n")
    (tmp_path / "tiny.grid").write_text("___\n")
    (tmp_path / "own.txt").write_text("CAT\n")
    (job,) = plan(read_manifest(path))
    (tmp_path / "own.txt").unlink()  # as on another machine
    assert make(job)["grid"] == ["CAT"]


def test_the_runs_time_limit_is_exit_3_and_keeps_the_work_not_a_bad_manifest(tmp_path: Path, cli) -> None:
    """Workers' searches cut short by the run's --time-limit found no puzzle: that is the limit
    (exit 3, a rerun resumes), not a puzzle the manifest cannot have (exit 2)."""
    path = write_book(tmp_path, "title: T\nseed: 1\nsections:\n"
                                "  - wordsearch: {words: animals.txt, count: 300, pick: 10, size: 10x10}\n")
    out = tmp_path / "out.pdf"
    # one worker for half a second: 300 puzzles are far past it all the same (two workers for 2 s took
    # 4 s of CPU)
    res = cli("book", path, "-o", out, "--time-limit", "0.5", "-j", "1", "--exit-codes", "unix")
    assert res.code == 3 and "time limit hit while making the puzzles" in res.err, res.err
    assert not out.exists()


def test_seed_on_the_command_line_replaces_the_manifests(tmp_path: Path, cli) -> None:
    # a small word search, not a layout: the seed's pick is tested, not the search (a third of the CPU)
    path = write_book(tmp_path, "title: T\nseed: 1\nsections:\n"
                                "  - wordsearch: {words: animals.txt, count: 1, pick: 5, size: 7x7}\n")
    docs = []
    for seed in ("1", "2"):
        out = tmp_path / f"out{seed}.pdf"
        res = cli("book", path, "-o", out, "--seed", seed, "-j", "1", "--exit-codes", "unix")
        assert res.code == 0, res.err
        docs.append(out.read_bytes())
    from pyclingo_puzzles.books import make_book

    assert docs[0] == make_book(path, jobs=1).to_pdf() and docs[1] != docs[0]  # seed 2: another pick of words


def _dies(job: object) -> int:
    os._exit(9)  # as a worker killed by the kernel (out of memory) ends


def test_a_worker_that_dies_fails_its_jobs_and_does_not_break_the_submitting(monkeypatch: pytest.MonkeyPatch) -> None:
    from concurrent.futures import BrokenExecutor

    from pyclingo_puzzles.books import jobs, runner

    monkeypatch.setattr(jobs, "make", _dies)
    pool = runner.LocalPool(1)
    try:
        first = pool.submit(jobs.Job(1, "wordsearch", 0, {}))
        while not first.done():
            pool.wait({first})
        later = pool.submit(jobs.Job(2, "wordsearch", 0, {}))  # the executor is broken by now
        while not later.done():
            pool.wait({later})
        assert isinstance(first.exception(), BrokenExecutor) and isinstance(later.exception(), BrokenExecutor)
    finally:
        pool.close()
