"""Issue 49's reproductions, each run many times (default 20), counting the runs that got their
documented behaviour: ``python -m benchmarks.faults [CASE ...] [--runs N] [--at-once K]``.

Not a speed benchmark and not part of the suite (the suite holds one run of each, in the hostile
tests); this is the "20 runs of 20" check, run by hand, with the load printed (``uptime``) since the
timing cases depend on it. Each case runs the command as a user does (a subprocess, its own
process group), ``--at-once`` copies side by side as the sweep did; a case still running 60 s
after its start is killed and counted as failed. Cases that need an unprivileged user (``ulimit
-u``: root ignores it) run as ``nobody`` (``AS_NOBODY``) when this runs as root, and are skipped
otherwise. ``layout-overshoot-long`` (60 words of 400-1,000 letters) and ``layout-overshoot-150``
report the seconds past the limit, the figure issue 49 asks: by the clock, and less the time the
run waited for a CPU after the limit (what a quiet machine would show; the watchdog's graces count
the same way); ``--nice -10`` (as root) gives the runs more of the machine.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.common import ROOT

INSTANCES = ROOT / "instances"
HOLA = INSTANCES / "wordsearch" / "hola-8x8.yaml"
KILL_AFTER = 60.0


@dataclass
class Outcome:
    code: int | None  # None: killed by the harness (still running at KILL_AFTER)
    out: str
    err: str
    seconds: float
    # (seconds since the start, seconds its most delayed thread had waited for a CPU), every 20 ms
    waits: list[tuple[float, float]] = field(default_factory=list)

    def waited_since(self, moment: float) -> float:
        """Seconds the run waited for a CPU from ``moment`` (since its start) to its end."""
        before = [wait for at, wait in self.waits if at <= moment]
        return (self.waits[-1][1] if self.waits else 0.0) - (before[-1] if before else 0.0)


@dataclass
class Case:
    name: str
    setup: Callable[[Path], list[str]]  # the command's arguments, built in a scratch folder
    check: Callable[[Outcome], str | None]  # None: as documented; else what went wrong
    limits: dict[int, tuple[int, int]] = field(default_factory=dict)  # resource -> a range: each run draws one
    unprivileged: bool = False  # needs a user that ulimit -u binds (not root)
    around: Callable[[Path], Callable[[], None]] | None = None  # started beside the runs; returns its stop
    figures: tuple[Callable[[Outcome], float], ...] = ()  # figures reported over the runs (seconds past the limit)


def command(*args: object) -> list[str]:
    return [sys.executable, "-m", "pyclingo_puzzles", *map(str, args)]


def one_document(outcome: Outcome) -> dict | None:
    """The one JSON document stdout must hold (None: none, several, or not JSON)."""
    try:
        doc = json.loads(outcome.out)
    except ValueError:
        return None
    return doc if isinstance(doc, dict) else None


def traceback_free(outcome: Outcome) -> str | None:
    if "Traceback" in outcome.err or "PANIC" in outcome.err or "internal error" in outcome.err:
        return "traceback: " + outcome.err.strip().splitlines()[-1][:100]
    return None


# --------------------------------------------------------------------------- 1, 4: rules files


def bom_rules(tmp: Path) -> list[str]:
    (tmp / "bom.lp").write_bytes(b"\xef\xbb\xbf% a comment\n")
    return command("wordsearch", HOLA, "--rules", tmp / "bom.lp", "--json")


def check_bom(outcome: Outcome) -> str | None:
    doc = one_document(outcome)
    if outcome.code != 0 or doc is None or doc.get("status") != "SAT":
        return f"exit {outcome.code}: {outcome.err.strip()[-100:]}"
    return None


def cut_character(tmp: Path) -> list[str]:
    (tmp / "e.lp").write_bytes(b"a :- b.\n\xc3\xa9x.\n")
    return command("wordsearch", HOLA, "--rules", tmp / "e.lp", "--json")


def check_cut_character(outcome: Outcome) -> str | None:
    doc = one_document(outcome)
    lines = outcome.err.splitlines()
    if outcome.code != 2 or doc is None or len(lines) != 1 or ":2:1: cannot load rules: lexer error" not in lines[0]:
        return f"exit {outcome.code}: {outcome.err.strip()[-100:]}"
    return None


API_BOM = """
import sys
from pyclingo_puzzles import wordsearch
print(wordsearch.generate(["HOLA", "ADIOS"], rules=[sys.argv[1]]).status.name)
"""


def api_bom(tmp: Path) -> list[str]:
    (tmp / "bom.lp").write_bytes(b"\xef\xbb\xbf% a comment\n")
    return [sys.executable, "-c", API_BOM, str(tmp / "bom.lp")]


def check_api_bom(outcome: Outcome) -> str | None:
    return None if outcome.out.strip() == "SAT" and outcome.code == 0 else f"exit {outcome.code}: {outcome.err[-100:]}"


def include_race(tmp: Path) -> list[str]:
    (tmp / "rules").mkdir(exist_ok=True)
    (tmp / "secret.lp").write_text("secret_atom(1).\n")
    (tmp / "rules" / "main.lp").write_text('#include "inc.lp".\n#show secret_atom/1.\n#show mine/1.\n')
    (tmp / "rules" / "inc.lp").write_text("mine(1).\n")
    return command("wordsearch", HOLA, "--rules", tmp / "rules" / "main.lp", "--json")


def swapper(tmp: Path) -> Callable[[], None]:
    """Swap ``inc.lp`` between a file and a symlink to the secret outside, as fast as it goes
    (each swap an atomic rename: the name always exists)."""
    done = threading.Event()
    inc = tmp / "rules" / "inc.lp"

    def swap() -> None:
        n = 0
        while not done.is_set():
            n += 1
            staged = inc.with_name(f"stage{n % 2}.tmp")
            try:
                if n % 2:
                    staged.symlink_to(tmp / "secret.lp")
                else:
                    staged.write_text("mine(1).\n")
                os.replace(staged, inc)
            except OSError:
                pass
            time.sleep(0.0005)

    thread = threading.Thread(target=swap, daemon=True)
    thread.start()

    def stop() -> None:
        done.set()
        thread.join()

    return stop


def check_include_race(outcome: Outcome) -> str | None:
    if "secret_atom(1)" in outcome.out + outcome.err:
        return "read the file outside"
    doc = one_document(outcome)
    if doc is None:
        return f"no JSON document (exit {outcome.code})"
    if outcome.code == 0 and doc.get("shown") == ["mine(1)"]:
        return None
    if outcome.code == 2 and "leaves the rules file's folder" in outcome.err and len(outcome.err.splitlines()) == 1:
        return None
    return f"exit {outcome.code}: {outcome.err.strip()[-120:]}"


# --------------------------------------------------------------------------- 2, 8: one JSON document

LETTERS = "EEEEEAAAARRRIIIOOOTTTNNNSSSLLCCUDPMHGBFYWKVXZJQ"


def words(count: int, shortest: int, longest: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    found: dict[str, None] = {}
    while len(found) < count:
        found["".join(rng.choice(LETTERS) for _ in range(rng.randint(shortest, longest)))] = None
    return "".join(f"{word}\n" for word in found)


def layout_at_its_limit(tmp: Path) -> list[str]:
    (tmp / "w150.txt").write_text(words(150, 8, 14))
    return command("layout", tmp / "w150.txt", "--json", "--time-limit", "5")


def big_strips(tmp: Path) -> list[str]:
    rng = random.Random(1)
    rows = ["".join(rng.choice("bw") for _ in range(150)) for _ in range(150)]
    grid = "strip_lengths: [1, 2, 3]\ngrids:\n  - name: big\n    rows: [" + ", ".join(rows) + "]\n"
    (tmp / "big.yaml").write_text(grid)
    return command("strips", tmp / "big.yaml", "--json", "--time-limit", "3")


def check_one_document(outcome: Outcome) -> str | None:
    """Exactly one JSON document on stdout, whatever the run's end."""
    if one_document(outcome) is None:
        return f"not one JSON document on stdout (exit {outcome.code}, {len(outcome.out)} characters)"
    return None


def json_yes(tmp: Path) -> list[str]:
    return command("wordsearch", "--words", "CAT DOG", "--json=yes")


def two_inputs_svg_stdout(tmp: Path) -> list[str]:
    (tmp / "A.yaml").write_text(HOLA.read_text())
    return command("wordsearch", tmp / "A.yaml", tmp / "A.yaml", "--json", "--svg", "-")


def check_usage_document(outcome: Outcome) -> str | None:
    doc = one_document(outcome)
    if outcome.code != 2 or doc is None or doc.get("status") != "UNKNOWN" or not doc.get("error"):
        return f"exit {outcome.code}, stdout {outcome.out[:60]!r}"
    return None


# --------------------------------------------------------------------------- 7: layout's overshoot

LAYOUT_LIMIT = 5.0
OVERSHOOT = 0.5  # seconds past --time-limit a run may end (docs/cli.md)


def long_layout_words(tmp: Path) -> list[str]:
    (tmp / "w60.txt").write_text(words(60, 400, 1000))
    return command("layout", tmp / "w60.txt", "--json", "--time-limit", LAYOUT_LIMIT)


def past_the_limit(outcome: Outcome) -> float:
    return outcome.seconds - LAYOUT_LIMIT


def past_the_limit_unloaded(outcome: Outcome) -> float:
    """The same less the time the run waited for a CPU after the limit: what a quiet machine leaves of it."""
    return past_the_limit(outcome) - outcome.waited_since(LAYOUT_LIMIT)


def check_overshoot(outcome: Outcome) -> str | None:
    """One document, an answer or the limit's line, and the end within OVERSHOOT of the limit
    (the wall clock from the command's start: the interpreter's start-up counts)."""
    doc = one_document(outcome)
    if doc is None:
        return check_one_document(outcome)
    searched_out = outcome.code == 3 and doc.get("status") == "UNKNOWN" and not outcome.err  # no layout in time
    problem = None if searched_out else check_answer_or_limit(outcome)
    if problem is None and past_the_limit(outcome) > OVERSHOOT:
        return f"more than {OVERSHOOT} s past the limit"
    return problem


# --------------------------------------------------------------------------- 3, 6: limits of the machine

MB = 2**20


def strips_pdf(tmp: Path) -> list[str]:
    return command("strips", INSTANCES / "strips" / "mums2010.yaml", "--pdf", tmp / "s.pdf", "--time-limit", "5")


def check_answer_or_limit(outcome: Outcome) -> str | None:
    """An answer (exit 0), or the documented limit line alone on stderr and exit 3: nothing else,
    within the limit and its margin (the harness kills at 60 s)."""
    lines = outcome.err.strip().splitlines()
    if outcome.code == 0:
        return None
    if outcome.code == 3 and len(lines) == 1 and " limit hit while " in lines[0] and "internal error" not in lines[0]:
        return None
    if outcome.code == 3 and lines and " limit hit while " in lines[-1]:
        return f"the limit's line after {len(lines) - 1} other{'s' if len(lines) > 2 else ''}: {lines[0][:90]}"
    return f"exit {outcome.code}: {lines[-1][:110] if lines else ''}"


def book(tmp: Path) -> list[str]:
    for name in ("week.yaml", "animals.txt", "clues.txt"):
        (tmp / name).write_text((INSTANCES / "books" / name).read_text())
    return command("book", tmp / "week.yaml", "--pdf", tmp / "book.pdf")


def check_book(outcome: Outcome) -> str | None:
    """A limit of the machine is a limit (exit 3, its line), never bad input (exit 2)."""
    return check_answer_or_limit(outcome)


def wordsearch_json(tmp: Path) -> list[str]:
    return command("wordsearch", HOLA, "--json")


def check_json_answer_or_limit(outcome: Outcome) -> str | None:
    if one_document(outcome) is None:
        return f"no JSON document (exit {outcome.code}: {outcome.err.strip()[-100:]})"
    return check_answer_or_limit(outcome)


def batch_two_jobs(tmp: Path) -> list[str]:
    for name in ("ein-6x6.yaml", "vor-5x5.yaml", "hola-8x8.yaml"):
        (tmp / name).write_text((INSTANCES / "wordsearch" / name).read_text())
    return command("wordsearch", tmp / "ein-6x6.yaml", tmp / "vor-5x5.yaml", tmp / "hola-8x8.yaml", "--jobs", "2")


def check_batch(outcome: Outcome) -> str | None:
    if len(outcome.err.splitlines()) > 12:
        return f"{len(outcome.err.splitlines())} lines on stderr (exit {outcome.code})"
    if outcome.code in (0, 3) and "Traceback" not in outcome.err:
        return None
    return f"exit {outcome.code}: {outcome.err.strip()[-110:]}"


OVERSHOOTS = (past_the_limit, past_the_limit_unloaded)

CASES: dict[str, Case] = {
    case.name: case
    for case in [
        Case("bom-rules", bom_rules, check_bom),
        Case("cut-character", cut_character, check_cut_character),
        Case("api-bom", api_bom, check_api_bom),
        Case("include-race", include_race, check_include_race, around=swapper),
        Case("layout-json-at-limit", layout_at_its_limit, check_one_document),
        Case("strips-json-at-limit", big_strips, check_one_document),
        Case("json-equals-yes", json_yes, check_usage_document),
        Case("two-inputs-svg-stdout", two_inputs_svg_stdout, check_usage_document),
        Case("layout-overshoot-long", long_layout_words, check_overshoot, figures=OVERSHOOTS),
        Case("layout-overshoot-150", layout_at_its_limit, check_overshoot, figures=OVERSHOOTS),
        Case("strips-pdf-ulimit-v", strips_pdf, check_answer_or_limit, {resource.RLIMIT_AS: (150 * MB, 170 * MB)}),
        Case("book-ulimit-n", book, check_book, {resource.RLIMIT_NOFILE: (18, 18)}),
        Case("book-ulimit-v", book, check_book, {resource.RLIMIT_AS: (130000 * 1024, 130000 * 1024)}),
        Case("book-ulimit-u", book, check_book, {resource.RLIMIT_NPROC: (8, 8)}, unprivileged=True),
        Case("wordsearch-json-ulimit-u", wordsearch_json, check_json_answer_or_limit, {resource.RLIMIT_NPROC: (2, 2)},
             unprivileged=True),
        Case("batch-jobs-ulimit-u", batch_two_jobs, check_batch, {resource.RLIMIT_NPROC: (4, 4)}, unprivileged=True),
    ]
}


# --------------------------------------------------------------------------- the harness


# As nobody, in a mount namespace of its own where /root (mode 700 here, and the interpreter is
# under /root/.pyenv) is a tmpfs showing only .pyenv: nothing outside the namespace changes.
AS_NOBODY = """
mkdir -p /tmp/.faults-pyenv && mount --bind /root/.pyenv /tmp/.faults-pyenv &&
mount -t tmpfs -o mode=755 tmpfs /root && mkdir /root/.pyenv && mount --bind /tmp/.faults-pyenv /root/.pyenv &&
exec setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
"""


def run_once(case: Case, tmp: Path, argv: list[str], nice: int = 0) -> Outcome:
    if case.unprivileged and os.geteuid() == 0:
        argv = ["unshare", "-m", "--propagation", "private", "sh", "-c", AS_NOBODY, "sh", *argv]
    drawn = {kind: random.randint(*bounds) for kind, bounds in case.limits.items()}

    def limit() -> None:
        if nice:
            os.nice(nice)
        for kind, value in drawn.items():
            resource.setrlimit(kind, (value, value))

    env = dict(os.environ)
    started = time.monotonic()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp,
                            start_new_session=True, preexec_fn=limit, env=env)  # fmt: skip
    waits: list[tuple[float, float]] = []
    watcher = threading.Thread(target=_watch_waits, args=(proc, started, waits), daemon=True)
    watcher.start()
    try:
        out, err = proc.communicate(timeout=KILL_AFTER)
        code: int | None = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        code = None
    seconds = time.monotonic() - started
    watcher.join()
    return Outcome(code, out, err, seconds, waits)


def _watch_waits(proc: subprocess.Popen, started: float, waits: list[tuple[float, float]]) -> None:
    """The run's wait for a CPU, read every 20 ms until it ends."""
    from pyclingo_puzzles.run.process import run_queue_wait

    while proc.poll() is None:
        wait = run_queue_wait(proc.pid)
        if proc.poll() is None:  # (an ended process reads as 0)
            waits.append((time.monotonic() - started, max([wait, *(w for _, w in waits[-1:])])))
        time.sleep(0.02)


def run_case(case: Case, runs: int, at_once: int, nice: int = 0) -> tuple[int, list[str], list[list[float]]]:
    """How many of ``runs`` got the documented behaviour, what the others did, and the case's figures."""
    good, notes = 0, []
    with tempfile.TemporaryDirectory(prefix=f"faults-{case.name}-") as scratch:
        tmp = Path(scratch)
        argv = case.setup(tmp)
        for path in [tmp, *tmp.rglob("*")]:  # an unprivileged case's user reads and writes them too
            if not path.is_symlink():
                os.chmod(path, 0o777 if path.is_dir() else 0o666)
        stop = case.around(tmp) if case.around is not None else None
        try:
            with ThreadPoolExecutor(at_once) as pool:
                outcomes = list(pool.map(lambda _: run_once(case, tmp, argv, nice), range(runs)))
        finally:
            if stop is not None:
                stop()
    for outcome in outcomes:
        problem = "killed at 60 s" if outcome.code is None else case.check(outcome) or traceback_free(outcome)
        if problem is None:
            good += 1
        else:
            notes.append(problem)
    ended = [outcome for outcome in outcomes if outcome.code is not None]
    return good, notes, [sorted(figure(outcome) for outcome in ended) for figure in case.figures]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cases", nargs="*", choices=[[], *CASES], help="the cases (default: all)")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--at-once", type=int, default=1, help="copies run side by side")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--nice", type=int, default=0, help="the runs' niceness (below 0, as root: more CPU)")
    args = parser.parse_args(argv)
    random.seed(args.seed)
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} (1, 5, 15 min)")
    failed = 0
    for name in args.cases or list(CASES):
        case = CASES[name]
        if case.unprivileged and os.geteuid() != 0:
            print(f"{name:24} skipped: needs root (to run as nobody, whom ulimit -u binds)")
            continue
        started = time.monotonic()
        good, notes, figures = run_case(case, args.runs, args.at_once, args.nice)
        failed += good < args.runs
        print(f"{name:24} {good:3} of {args.runs}  ({time.monotonic() - started:5.1f} s, load "
              f"{os.getloadavg()[0]:.2f})", flush=True)  # fmt: skip
        for figure, values in zip(case.figures, figures, strict=True):
            if values:
                print(f"{'':26}{figure.__name__}: min {values[0]:.2f} s, median {values[len(values) // 2]:.2f} s, "
                      f"max {values[-1]:.2f} s")  # fmt: skip
        for note in sorted(set(notes)):
            print(f"{'':26}{notes.count(note)} x {note}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
