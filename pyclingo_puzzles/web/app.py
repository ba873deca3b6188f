"""The Starlette application: ``POST /api/<family>`` and the pages that use it.

Answers: the command's ``--json`` document (200), or the file ``format`` names (200, as an
attachment), or for the pages (``format: "all"``) the document with every file the family offers.
Errors are ``{"error": "FIELD: what is wrong", "field": FIELD}``: 400 bad input, 404 no such family,
413 over a limit, 422 no puzzle (proved none, or none within the time limit), 429 never (a full
queue is 503 with Retry-After), 504 a run that overran its time limit. No answer carries a
traceback or a server path: every error is one of these lines, anything unforeseen a plain 500.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import hashlib
import re
from collections.abc import AsyncIterator
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from ..core.status import convert, environment_convention
from .body import BadRequest, Job, Limits, parse
from .edge import EdgeLimits
from .families import FORMATS, families, formats
from .guard import TIME_LIMIT, Guard
from .jobs import RETRY_AFTER, Busy, ClientGone, Jobs, Outcome, Overran, WorkerDied, memory_share
from .pool import Pool
from .studio import MAX_PAGE_ID, PAGE_HEADER, STUDIO_STATIC, Studio, Superseded

ANSWERED = (10, 11, 30)  # clingo's exit codes with an answer
ERROR_LINE = re.compile(r"^(?:internal )?error: (?:body(?::(?P<line>\d+))?: )?(?P<message>.*)$")


LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")
# what a page of another site may POST without the browser asking first (CORS "simple" requests)
SIMPLE_TYPES = ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data")


def create_app(
    limits: Limits | None = None, hosts: list[str] | None = None, edge: EdgeLimits | None = None
) -> Starlette:
    """The app. ``hosts``: the names the Host header may carry (DNS rebinding: a site whose name
    is made to point at 127.0.0.1 sends its own name); None takes any (the tests' client).
    ``edge``: the body's timeout (the connection's other limits are the server's, ``edge.py``)."""
    limits = limits or Limits()
    edge = edge or EdgeLimits()
    pool = Pool(limits.workers, limits.queue, memory_share(limits.workers + limits.lane), lane=limits.lane)
    jobs = Jobs(pool)
    studio = Studio(limits, pool)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        pool.start()  # the warm workers, started with the server (in the event loop's thread)
        yield
        await pool.close()

    routes = [
        Route("/", home),
        Route("/api", api_index),
        Route("/api/crossword/{route}", construct_api, methods=["POST"]),
        Route("/construct", construct_page),
        Route("/api/{family}", solve, methods=["POST"]),
        Route("/static/{name}", static),
        Route("/{family}", page),
    ]
    guard = Middleware(Guard, max_body=limits.max_body, body_timeout=edge.body_timeout,
                       max_time_limit=limits.max_time_limit, page_policy=page_policy())  # fmt: skip
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[guard],
                    exception_handlers={HTTPException: http_error, Exception: internal_error})  # fmt: skip
    app.state.pool = pool
    app.state.jobs = jobs
    app.state.studio = studio
    app.state.limits = limits
    app.state.hosts = hosts
    return app


@functools.cache
def page_policy() -> bytes:
    """The pages' Content-Security-Policy: their own scripts and styles only, no frame around them,
    and the playable previews' inline scripts by hash (a preview is an ``srcdoc`` frame, which
    inherits the page's policy)."""
    from ..formats import playable

    hashes = []
    for kind in playable.PLAYERS:
        page = playable.page(kind, "t", {}, None)
        for script in re.findall(r"<script>(.*?)</script>", page, re.S):
            digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
            hashes.append(f"'sha256-{digest}'")
    return (
        "default-src 'self'; script-src 'self' " + " ".join(dict.fromkeys(hashes)) + "; "
        "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; frame-src 'self' blob: data:; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ).encode()


def allowed_hosts(host: str) -> list[str] | None:
    """The Host names a server bound to ``host`` answers: the loopback names and ``host``; any
    for an address open to the network (0.0.0.0, ::), which names the machine however it is reached."""
    if host in ("0.0.0.0", "::", ""):
        return None
    return list(dict.fromkeys([*LOOPBACK, host]))


def foreign(request: Request) -> str | None:
    """Why a request may come from another site's page (a cross-site POST, DNS rebinding), or None."""
    hosts = request.app.state.hosts
    host = request.headers.get("host", "")
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host  # without the port
    if hosts is not None and name not in hosts:
        return f"host: this server answers to {', '.join(hosts)}, not {host[:60]!r}"
    origin = request.headers.get("origin")
    if origin is not None and origin.split("://", 1)[-1] != request.headers.get("host", ""):
        return f"origin: requests from {origin[:60]} are refused (only this app's own pages may post)"
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media in SIMPLE_TYPES:
        return f"content-type: send the body as application/json, not {media}"
    return None


def error(message: str, status: int, field: str | None = None, **headers: str) -> JSONResponse:
    return JSONResponse({"error": message} | ({"field": field} if field else {}), status, headers=headers or None)


async def http_error(request: Request, exc: Exception) -> Response:
    status = getattr(exc, "status_code", 500)
    return error({404: "no such page", 405: "method not allowed"}.get(status, "request refused"), status)


async def internal_error(request: Request, exc: Exception) -> Response:
    return error("internal error: the server could not answer this request", 500)  # never the traceback


def refusal(request: Request) -> Response | None:
    """The answer to a POST refused before its body is read (another site, a body over the limit)."""
    refused = foreign(request)
    if refused is not None:
        field = refused.split(":")[0]
        return error(refused, {"host": 400, "origin": 403}.get(field, 415), field)
    limits: Limits = request.app.state.limits
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limits.max_body:
        return error(f"body: {declared} bytes is over the server's limit of {limits.max_body} bytes", 413, "body")
    return None


async def solve(request: Request) -> Response:
    family = families().get(request.path_params["family"])
    if family is None:
        return error(f"no family {request.path_params['family'][:40]!r}; one of {', '.join(families())}", 404)
    refused = refusal(request)
    if refused is not None:
        return refused
    limits: Limits = request.app.state.limits
    try:
        raw = await _body(request, limits.max_body)
        job = parse(family, raw, limits)
        request.scope[TIME_LIMIT] = job.time_limit  # the guard's deadline: this limit plus its grace
        page = request.headers.get(PAGE_HEADER, "")
        key = (page[:MAX_PAGE_ID], family.name) if page else None  # a newer request of the page stops this one
        outcome = await request.app.state.jobs.run(job, lambda: _gone(request), key)
    except BadRequest as exc:
        return JSONResponse(exc.as_json(), exc.status)
    except Overran:
        return error(f"the run did not end within its time limit of {job.time_limit:g} s; it was stopped", 504)
    except (Busy, ClientGone, Superseded, WorkerDied) as exc:
        return refused_run(exc)
    return answer(job, outcome)


def refused_run(exc: Exception) -> Response:
    """The answer to a run the pool did not finish: no room (503), a newer request of the page
    (409), the client gone (499, which nobody reads), its worker dead (500, the worker replaced)."""
    if isinstance(exc, Busy):
        return error(str(exc), 503, **{"Retry-After": str(RETRY_AFTER)})
    if isinstance(exc, Superseded):
        return error("superseded: a newer request from this page took over", 409)
    if isinstance(exc, ClientGone):
        return Response(status_code=499)
    return error(f"internal error: {exc}", 500)


async def construct_api(request: Request) -> Response:
    """The studio's routes (web/studio.py): JSON answers, or the file an export asks for."""
    refused = refusal(request)
    if refused is not None:
        return refused
    try:
        raw = await _body(request, request.app.state.limits.max_body)
        page = request.headers.get(PAGE_HEADER, "")
        answer = await request.app.state.studio.answer(request.path_params["route"], raw, page, lambda: _gone(request))
    except BadRequest as exc:
        return JSONResponse(exc.as_json(), exc.status)
    except Overran:
        return error("the call did not end within its time limit; it was stopped", 504)
    except (Busy, ClientGone, Superseded, WorkerDied) as exc:
        return refused_run(exc)
    if "content" in answer:
        disposition = f'attachment; filename="{answer["filename"]}"'
        return Response(answer["content"], media_type=answer["media"], headers={"Content-Disposition": disposition})
    return JSONResponse(answer)


async def _body(request: Request, most: int) -> bytes:
    """The body, read no further than ``most`` bytes past the limit. A client that hangs up
    meanwhile raises Starlette's ``ClientDisconnect``: the guard takes it as the hang-up it is
    (one line in the log, no answer)."""
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > most:
            raise BadRequest(f"over the server's limit of {most} bytes", "body", 413)
        chunks.append(chunk)
    return b"".join(chunks)


async def _gone(request: Request) -> None:
    """Returns once the client has disconnected (the body is read: the next message is that)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


def answer(job: Job, outcome: Outcome) -> Response:
    """The response for a finished run: the document, a file, or an error naming the field."""
    if outcome.code == 65:
        message, field = bad_input(outcome)
        return error(message, 400, field)
    document = outcome.document
    if document is None:
        return error("internal error: the solver gave no answer", 500)
    if job.format == "json":
        return JSONResponse(document)
    if job.format == "all":
        files = {f: _encoded(f, data) for f, data in outcome.files.items()}
        # "exit": the command's code in the server's convention (unix unless $PYCLINGO_PUZZLES_EXIT_CODES says clingo)
        code = convert(outcome.code, environment_convention())
        return JSONResponse({"result": document, "files": files, "messages": outcome.messages, "exit": code})
    content = outcome.files.get(job.format)
    if outcome.code not in ANSWERED or content is None:
        return error(f"no puzzle: {why_none(outcome, document)}", 422)
    _, media, suffix = FORMATS[job.format]
    disposition = f'attachment; filename="{job.family.name}{"-key" if job.format == "svg-key" else ""}{suffix}"'
    return Response(content, media_type=media, headers={"Content-Disposition": disposition})


def _encoded(fmt: str, data: bytes) -> dict[str, str]:
    _, media, suffix = FORMATS[fmt]
    if media.startswith(("image/svg", "text/", "application/json")):
        return {"type": media, "text": data.decode("utf-8", "replace"), "suffix": suffix}
    return {"type": media, "base64": base64.b64encode(data).decode("ascii"), "suffix": suffix}


def bad_input(outcome: Outcome) -> tuple[str, str | None]:
    """The command's one-line error, naming the request's field the instance's line holds."""
    for line in reversed(outcome.messages):
        match = ERROR_LINE.match(line)
        if match:
            field = outcome.lines.get(int(match["line"])) if match["line"] else None
            return (f"{field}: {match['message']}" if field else match["message"]), field
    return "bad input", None


def why_none(outcome: Outcome, document: dict[str, Any]) -> str:
    """Why a run gave no file: what the command said (not its "not written" warning), else the status."""
    said = [line for line in outcome.messages if "not written" not in line]
    if said:
        return said[-1].removeprefix("error: ").removeprefix("body: ")
    why = {"UNSAT": "proved that none exists", "UNKNOWN": "none found within the time limit"}
    text = why.get(str(document.get("status")), "none")
    together = document.get("cannot_fit_together") or document.get("cannot_connect")
    return f"{text}; these words cannot fit together: {', '.join(map(str, together))}" if together else text


async def api_index(request: Request) -> Response:
    """What the API offers: each family's fields and formats, and the server's limits."""
    limits: Limits = request.app.state.limits
    return JSONResponse({
        "families": {n: {"label": f.label, "fields": list(f.allowed), "formats": [*formats(n), "all"]}
                     for n, f in families().items()},
        "limits": {k: getattr(limits, k) for k in ("time_limit", "max_time_limit", "max_words", "max_side",
                                                   "max_body", "workers", "queue")},
    })  # fmt: skip


STATIC = {"app.js": "text/javascript; charset=utf-8", "app.css": "text/css; charset=utf-8", **STUDIO_STATIC}


def _static(name: str) -> str:
    return resources.files(__package__).joinpath("static", name).read_text(encoding="utf-8")


async def home(request: Request) -> Response:
    return HTMLResponse(_static("index.html"))


async def construct_page(request: Request) -> Response:
    return HTMLResponse(_static("construct.html"))


async def page(request: Request) -> Response:
    if request.path_params["family"] not in families():
        return error("no such page", 404)
    return HTMLResponse(_static("index.html"))


async def static(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in STATIC:
        return error("no such page", 404)
    return Response(_static(name), media_type=STATIC[name])
