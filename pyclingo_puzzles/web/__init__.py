"""``pyclingo-puzzles serve``: a local web app over the four families (an app layer: it composes the
families through their API, and no family imports it).

- ``families.py``: what each family's request may hold, and the formats the family offers.
- ``body.py``: a request's JSON body checked (types, limits, no rules, no file names) into a ``Job``.
- ``pool.py``: the warm workers (``worker.py``, ``work.py``), a bounded queue in front; ``jobs.py``
  and ``tasks.py``: a family's request solved by its own report in one of them.
- ``app.py``: the Starlette application: ``POST /api/<family>`` and the pages.
- ``guard.py``: the ASGI guard around the app: body limits and timeout, hang-ups cancel their
  request, a deadline for every request, error ids, the security headers.
- ``edge.py``: the connections (uvicorn's h11 protocol, subclassed): header timeout, a cap on open
  connections, half-closes, a close the client can read.
- ``quietlog.py``: the log: one line per event, written by a thread (never by the event loop).
- ``server.py``: uvicorn under ``serve``: prompt stop, children reaped, a temporary folder of its own.
- ``serve.py``: the subcommand's options.

Starlette and uvicorn are the optional extra ``pyclingo-puzzles[web]``; the rest of the package
never imports this one.
"""

from __future__ import annotations

INSTALL_HINT = "the web app needs the optional extra: pip install 'pyclingo-puzzles[web]' (Starlette and uvicorn)"


def missing() -> str | None:
    """The first module of the extra that cannot be imported, or None."""
    import importlib.util

    for name in ("starlette", "uvicorn"):
        if importlib.util.find_spec(name) is None:
            return name
    return None
