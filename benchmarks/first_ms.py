"""A Ctrl-C in the command's first 150 ms (issue 47.5), counted: the console script is started as a
user starts it and sent SIGINT after 10, 20, ..., 150 ms, ``--runs`` times each. Every outcome is
one of:

- ``line``: the command's one line (``interrupted (SIGINT)``, or once the run is under way
  ``interrupted while STAGE``) and exit 3, the contract;
- ``done``: the answer was in before the signal (exit 0, at most the one line);
- ``killed``: the signal came before the interpreter had a handler: killed by it, nothing printed
  (a shell says 130);
- ``start``: during the interpreter's own start (its encodings, ``site``: an editable install's
  import hook; setting up ``__main__``), Python's "Fatal Python error" (or "failed to set
  __main__.__loader__", or a bare ``KeyboardInterrupt`` with no frame: before the script's first
  line) in frames none of which is ours;
- ``import``: while the import system found and loaded the entry point (the console script's
  import line), Python's ``KeyboardInterrupt`` in frames none of which is ours;
- ``OURS``: anything else (a traceback through the package, more than one line): a defect.

Usage: ``python -m benchmarks.first_ms [--runs 20] [--script PATH]`` (PATH: the console script of
another install, e.g. a wheel installed into a scratch venv, which has no import hook in ``site``).
Kept out of the suite (15 x 20 processes); tests/cli/test_first_ms.py runs each offset once.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from benchmarks.common import ROOT

KINDS = ("line", "done", "killed", "start", "import", "OURS")


def outcome(code: int, err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    frames = [line for line in lines if line.lstrip().startswith('File "')]
    ours = any("/pyclingo_puzzles/" in frame for frame in frames)
    if code == 3 and len(lines) == 1 and lines[0].startswith("interrupted"):  # "(SIGINT)", later "while ..."
        return "line"
    if code == 0 and len(lines) <= 1 and all(line.startswith("interrupted") for line in lines):
        return "done"
    if code == -signal.SIGINT and not lines:
        return "killed"
    if not ours and ("Fatal Python error: " in err or "failed to set __main__.__loader__" in err
                     or err.strip() == "KeyboardInterrupt"):  # fmt: skip
        return "start"
    if not ours and frames and lines[-1].rstrip(":") == "KeyboardInterrupt":
        return "import"
    return "OURS"


SEEN: dict[str, str] = {}  # an example of each defect's stderr


def one(script: str, ms: int) -> str:
    env = {k: v for k, v in os.environ.items() if k != "PYCLINGO_PUZZLES_EXIT_CODES"}
    argv = [script, "wordsearch", "instances/wordsearch/hola-8x8.yaml", "--seed", "1"]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    time.sleep(ms / 1000)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    kind = outcome(proc.returncode, err)
    if kind == "OURS":
        SEEN.setdefault(kind, f"exit {proc.returncode} at {ms} ms: {err[-1500:]}")
    return kind


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--script", default=str(Path(sys.executable).with_name("pyclingo-puzzles")))
    args = parser.parse_args()
    print(f"load {os.getloadavg()[0]:.1f}; {args.script}; {args.runs} runs per offset")
    print("ms   " + " ".join(f"{k:>6}" for k in KINDS))
    total: Counter[str] = Counter()
    for ms in range(10, 160, 10):
        counts = Counter(one(args.script, ms) for _ in range(args.runs))
        total += counts
        print(f"{ms:<4} " + " ".join(f"{counts[k]:>6}" for k in KINDS), flush=True)
    print("all  " + " ".join(f"{total[k]:>6}" for k in KINDS))
    print(f"load {os.getloadavg()[0]:.1f}")
    for text in SEEN.values():
        print("a defect's stderr:", text)


if __name__ == "__main__":
    main()
