"""A family's job as a warm worker runs it (``worker.py``): the family's own ``report.run`` with the
options the request asked for, then its JSON document and the files it offers, made by the same
functions the command's outputs are (``Report.files``). No command line and no interpreter per
request: the worker imported the package once and keeps what the families cache (the built-in
dictionary, its scores) between jobs.

The instance is written as YAML into a private folder, so the family's reader reads it as the
command would and its ``FILE:LINE`` errors name the request's field (``write_instance``).
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import yaml

from ..core.errors import EXIT_BAD_INPUT, InputError, VerificationError
from ..formats.outfiles import OutputError
from ..formats.pagetext import PageAsked
from ..formats.report import Report
from ..run import jsonout, resources, runtime, watchdog
from .body import Job
from .families import FORMATS, PRINTING

PDF_RESERVE, PDF_RESERVE_MAX = 0.3, 2.0  # --pdf's share of the limit kept for drawing (cli/delivery.py's)


class Spec(NamedTuple):
    """A job as the pool hands it to a worker."""

    job: Job
    wanted: tuple[str, ...]  # the file formats to make


class Done(NamedTuple):
    """What a worker hands back for a job (``jobs.Outcome`` is made from it)."""

    code: int  # clingo's convention
    document: dict[str, Any] | None  # the --json document
    messages: list[str]  # what the command would print on stderr, paths scrubbed
    files: dict[str, bytes]
    lines: dict[int, str]  # line of the instance file -> its top-level key


def run_job(spec: Spec, memory_limit: int | None, last_words: Callable[[str], None],
            cancelled: Callable[[], bool] = lambda: False) -> Done:  # fmt: skip
    """``spec``'s job in this process, within its time limit and memory share (the command's
    watchdog: a run stuck past its deadline, or over ``memory_limit`` bytes, ends the process after
    ``last_words(line)``; the pool replaces it). ``cancelled()``: the server asked it to stop
    before its watchdog was up."""
    job = spec.job
    folder = Path(tempfile.mkdtemp(prefix="pyclingo-web-"))
    name = f"{job.family.title}.yaml"
    path = folder / name
    try:
        lines = write_instance(path, job.instance)
        err, out = io.StringIO(), io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            code, document, files = _solve(spec, path, memory_limit, last_words, cancelled)
        messages = [scrub(line, name, folder) for line in err.getvalue().splitlines() if line.strip()]
        if document is not None and isinstance(document.get("error"), str):
            document["error"] = scrub(document["error"], name, folder)
        return Done(code, document, messages, files, lines)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _solve(
    spec: Spec, path: Path, memory_limit: int | None, last_words: Callable[[str], None], cancelled: Callable[[], bool]
) -> tuple[int, dict[str, Any] | None, dict]:
    job = spec.job
    reserve = min(PDF_RESERVE_MAX, PDF_RESERVE * job.time_limit) if "pdf" in spec.wanted else 0.0
    run = runtime.Run(time_limit=job.time_limit)
    run.output_reserve = reserve
    jsonout.begin(True)

    def said(line: str) -> None:
        print(line, file=sys.stderr)
        last_words(line)

    run.last_words = said
    document: dict[str, Any] | None = None
    files: dict[str, bytes] = {}
    try:
        with run, watchdog.Watchdog(run, memory_limit, runtime.EXIT_INTERRUPTED):
            if cancelled():
                run.reason = "interrupted"
            if "pdf" in spec.wanted:
                from ..formats import pdffont

                pdffont.prepare()
            report = report_of(job, path, job.time_limit - reserve)
            run.stage = "printing"
            document = report.json() if report.json is not None else None
            if report.answered:
                files = {f: made for f in spec.wanted if (made := _made(report, f)) is not None}
            code = report.code
    except InputError as exc:
        return EXIT_BAD_INPUT, _error(f"error: {exc}"), {}
    except (OutputError, runtime.Stopped) as exc:
        return runtime.EXIT_INTERRUPTED, _error(f"error: {exc}" if isinstance(exc, OutputError) else str(exc)), {}
    except VerificationError as exc:
        line = f"internal error: an answer failed the independent verifier ({exc}); nothing printed"
        return 1, _error(line), {}
    except (MemoryError, OSError, RuntimeError) as exc:
        limit = resources.limit_message(exc)
        if limit is None:
            raise
        return 1, _error(limit), {}
    if run.reason == "interrupted" or run.paused:  # stopped with an answer in hand: 11 (the command's)
        code = 11 if code in (10, 30) else code
    return code, document, files


def _error(line: str) -> dict[str, Any]:
    """The document of a run that ended without an answer's (``run/jsonout``), its line on stderr."""
    print(line, file=sys.stderr)
    return {"status": "UNKNOWN", "error": line.removeprefix("error: ")}


def _made(report: Report, fmt: str) -> bytes | None:
    make = report.files.get(fmt.replace("-", "_"))
    if make is None:
        return None
    content = make()
    drawn = getattr(content, "answers", None)
    if drawn is not None:  # a PDF capped by the time limit says how much it holds
        if drawn < content.given:
            print(f"warning: {FORMATS['pdf'][0]}: the time limit left room for {drawn} of {content.given} answers; "
                  "the PDF holds the first ones", file=sys.stderr)  # fmt: skip
        content = content.content
    return content.encode("utf-8") if isinstance(content, str) else bytes(content)


def page_of(job: Job) -> PageAsked:
    asked = dict(job.printing)
    return PageAsked(asked.get("title"), asked.get("instructions"), bool(asked.get("name_line", False)))  # type: ignore[arg-type]


def report_of(job: Job, path: Path, time_limit: float) -> Report:
    """The family's report of ``job`` (its instance at ``path``), as the command's options would ask."""
    assert set(dict(job.printing)) <= set(PRINTING)
    make = {"wordsearch": _wordsearch, "crossword": _crossword, "strips": _strips, "layout": _layout}
    return make[job.family.name](job, path, time_limit)


def _wordsearch(job: Job, path: Path, time_limit: float) -> Report:
    from ..wordsearch import report
    from ..wordsearch.options import AUTO, WordSearchOptions

    sized = {"width", "height", "mask"} & set(job.instance)
    options = WordSearchOptions(models=job.models, seed=job.seed, time_limit=time_limit, size=None if sized else AUTO)
    return report.run(path, None, options, page=page_of(job), paper=job.paper, as_json=True)


def _crossword(job: Job, path: Path, time_limit: float) -> Report:
    from ..crossword import report
    from ..crossword.options import FillOptions

    words = report.WordListAsked(None if "words" in job.instance else ("en",))
    asked = report.Asked(path, words, report.PatternAsked(), page_of(job), paper=job.paper, as_json=True)
    options = FillOptions(models=job.models, seed=job.seed, time_limit=time_limit, jobs=1)
    return report.run(asked, options)


def _strips(job: Job, path: Path, time_limit: float) -> Report:
    from ..strips import report
    from ..strips.options import StripsOptions

    options = StripsOptions(models=job.models, seed=job.seed, time_limit=time_limit, hunt="hunt" in job.flags)
    return report.run(path, options, page=page_of(job), paper=job.paper)


def _layout(job: Job, path: Path, time_limit: float) -> Report:
    from ..layout import report
    from ..layout.options import LayoutOptions

    options = LayoutOptions(seed=job.seed, time_limit=time_limit, jobs=1, models=job.models)
    return report.run(path, None, options, page=page_of(job), paper=job.paper)


def write_instance(path: Path, instance: dict[str, object]) -> dict[int, str]:
    """The instance as YAML, one top-level key after another; returns line -> key, so the reader's
    ``FILE:LINE`` errors can name the request's field."""
    lines: dict[int, str] = {}
    parts = []
    line = 1
    for key, value in instance.items():
        text = yaml.safe_dump({key: value}, sort_keys=False, allow_unicode=True, default_flow_style=False, width=1000)
        for n in range(text.count("\n")):
            lines[line + n] = key
        line += text.count("\n")
        parts.append(text)
    path.write_text("".join(parts), encoding="utf-8")
    return lines


def scrub(line: str, name: str, folder: Path) -> str:
    """A worker's message without the server's paths: the instance is "body", the folder gone."""
    return line.replace(str(folder) + os.sep, "").replace(str(folder), "").replace(name, "body")
