"""One file of a batch: ``solve_file`` runs the subcommand on it exactly as a single run does,
with its stdout and stderr captured, and hands back a ``FileResult`` (exit code, what it printed,
its JSON Lines record) that pickles, for the parent to print in its turn; ``output_paths`` gives
each file its own output files. It prints nothing and holds no pool: ``batch.py`` runs it in forked
workers, Dask on many machines (docs/development.md, "Scaling past one machine").
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import InputError
from ..formats.outfiles import check_names, check_output_paths
from ..run import runtime
from . import delivery, exitcodes

Command = Callable[[argparse.Namespace], int]  # one run: args -> exit code (errors already printed)

STATUS = {10: "solved", 30: "complete", 20: "unsolvable", 11: "stopped early, answer kept", 1: "no answer",
          65: "bad input"}
OUTPUT_OPTIONS = delivery.OPTION  # output dest -> its option


@dataclass
class FileResult:
    """One file's run as the parent prints it."""

    file: str
    code: int
    out: str = ""  # what the run printed on stdout (text, or its JSON document)
    err: str = ""  # what it printed on stderr (warnings, --stats, the one-line error)
    seconds: float = 0.0
    data: Any = None  # --json: the document, parsed
    note: str = ""  # set by the parent when it ended the file's worker or never started the file
    line: str = ""  # --json: the JSON Lines record, made in the worker (see ``solve_file``)

    @property
    def status(self) -> str:
        if self.note:
            return self.note
        if self.code == 1 and self.err.strip():
            return self.err.strip().splitlines()[-1][:70]
        return STATUS.get(self.code, f"exit {self.code}")

    def json_line(self, convention: str = "clingo") -> str:
        """One JSON Lines record: ``file`` and ``exit`` (in the exit-code ``convention``), then the
        run's own JSON object (or, when it printed none, its one-line ``error``)."""
        if self.line:
            return self.line
        obj: dict[str, Any] = {"file": self.file, "exit": exitcodes.convert(self.code, convention)}
        if isinstance(self.data, dict):
            obj.update((k, v) for k, v in self.data.items() if k not in obj)
        elif self.data is not None:
            obj["result"] = self.data
        elif self.out.strip():
            obj["output"] = self.out
        if self.data is None and self.err.strip():
            obj["error"] = self.err.strip().splitlines()[-1].removeprefix("error: ")
        return json.dumps(obj, ensure_ascii=False)


def stopped(file: str, message: str, seconds: float = 0.0) -> FileResult:
    """A file the parent did not let finish (exit 1, one line on stderr as a single run prints)."""
    return FileResult(file, runtime.EXIT_INTERRUPTED, err=message + "\n", seconds=seconds, note=message)



def solve_file(
    command: Command, args: argparse.Namespace, path: Any, outputs: dict[str, Path] | None = None
) -> FileResult:
    """Run the subcommand on one file as a single run would, capturing what it prints. ``outputs``
    replaces output-file options (--svg ...) with this file's own names. A fill inside gets one
    process (``jobs=1``: the pool already uses the cores)."""
    file_args = argparse.Namespace(**{**vars(args), "file": path, "jobs": 1, **(outputs or {})})
    run = runtime.current()
    if run is not None and run.remaining() == 0.0:
        return stopped(str(path), f"not started: {run.reason or 'time limit'}")
    saved = (run.started, run.time_limit) if run is not None else None
    if run is not None:
        run.answers = 0  # this file's answers to check (the parent waits for them after a signal)
    if run is not None and run.time_limit is None:
        run.started = time.monotonic()  # a family's own default limit (layout: 10 s) is per file
    out, err = io.StringIO(), io.StringIO()
    streams = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    t0 = time.perf_counter()
    try:
        with runtime.stage("reading the input", after="printing"):  # after: handing the result over
            code = command(file_args)
    finally:
        sys.stdout, sys.stderr = streams
        if run is not None and saved is not None:
            run.started, run.time_limit = saved
    text = out.getvalue()
    said = err.getvalue()
    part = (outputs or {}).get("pdf")
    if part is not None and getattr(args, "pdf", None) not in (None, part):  # a part of the one document
        said = said.replace(f"--pdf {part} not written", f"no pages in --pdf {args.pdf}")
    data = None
    if getattr(args, "json", False) and text.strip():
        with contextlib.suppress(ValueError):  # not one JSON document: kept as "output"
            data = json.loads(text)
    result = FileResult(str(path), code, text, said, time.perf_counter() - t0, data)
    if getattr(args, "json", False):
        # one string to hand over: pickling thousands of parsed solutions for the parent took
        # longer than a stopped worker's grace, and the parent prints only this line
        line = result.json_line(getattr(args, "exit_codes", exitcodes.from_environment()))
        result = FileResult(result.file, code, err=result.err, seconds=result.seconds, line=line)
    return result


def output_paths(
    args: argparse.Namespace, files: Sequence[Any], parts: Callable[[int], Path] | None = None
) -> list[dict[str, Path]]:
    """Per file, the output files it writes: ``--svg OUT.svg`` becomes ``OUT-STEM.svg`` (STEM: the
    input's name without its suffix), next to OUT; ``--pdf`` the file's part of the one document,
    ``parts(index)`` (``onedoc.py``), when given. Inputs whose names would give the same output
    file are refused before solving (InputError)."""
    given = {dest: getattr(args, dest) for dest in OUTPUT_OPTIONS if getattr(args, dest, None) is not None}
    if not given:
        return [{} for _ in files]
    if parts is not None and "pdf" in given:
        check_names({"--pdf": given["pdf"]})
        check_output_paths({"--pdf": given["pdf"]}, delivery.inputs(args, files))
        rest = argparse.Namespace(**{**vars(args), "pdf": None})
        return [{**paths, "pdf": parts(i)} for i, paths in enumerate(output_paths(rest, files))]
    check_names({OUTPUT_OPTIONS[dest]: path for dest, path in given.items()})
    read = delivery.inputs(args, files)
    check_output_paths({OUTPUT_OPTIONS[dest]: path for dest, path in given.items()}, read)
    seen: dict[Path, int] = {}  # output file -> the index of the input that writes it
    per_file = []
    for i, file in enumerate(files):
        paths = {}
        for dest, out in given.items():
            path = out.with_name(f"{out.stem}-{Path(file).stem}{out.suffix}")
            first = seen.setdefault(path.resolve(), i)
            if first != i and Path(files[first]).resolve() == Path(file).resolve():
                # two runs writing one file: the second would replace the first's, which it printed
                raise InputError(f"given twice, so {OUTPUT_OPTIONS[dest]} would write {path} twice: give it once", file)
            if first != i:
                other = files[first]
                raise InputError(
                    f"{OUTPUT_OPTIONS[dest]} would write {path} for both {other} and this file: rename one input", file
                )
            paths[dest] = path
        check_names({OUTPUT_OPTIONS[dest]: path for dest, path in paths.items()})
        check_output_paths({OUTPUT_OPTIONS[dest]: path for dest, path in paths.items()}, read)
        per_file.append(paths)
    return per_file
