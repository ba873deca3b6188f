"""Browser fixtures (a pytest plugin, loaded by tests/conftest.py): Debian's Chromium driven by
Playwright for Python, one browser per test process, one page the tests share.

- ``browser``: the session's browser. Where there is none (no ``playwright`` package, no Chromium
  at ``$PYCLINGO_PUZZLES_CHROMIUM``, default /usr/bin/chromium) the test is skipped with the
  reason, except under ``CI=true``, where a missing browser fails the test: CI must run them.
  ``make test`` installs Chromium with apt-get when it runs as root and finds none.
- ``page_file``: a puzzle's page written once per test process (``page_file("lattice.html", write)``
  calls ``write(path)`` the first time): the tests that open the same puzzle share its making.
- ``page``: the page the tests share (``SharedTab``: each gets it back as a new context would give
  it), or, for a test that asks for ``context_options`` (a phone, touch), one in a context of its
  own. Every request that is not to a local file (``file:``,
  ``data:``, ``blob:``, ``about:``) or to an origin of the ``local_origins`` fixture (empty by
  default; a test of a local server overrides it) is aborted and fails the test, as does any
  console error or uncaught exception in the page. A test that fails leaves a screenshot in
  ``tests/.artifacts/`` (or ``$PYCLINGO_PUZZLES_ARTIFACTS``) and prints its path.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("PYCLINGO_PUZZLES_CHROMIUM", "/usr/bin/chromium")
# headless, and nothing that would reach the network or the desktop on its own
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
LOCAL_SCHEMES = ("file:", "data:", "blob:", "about:")
ARTIFACTS = Path(os.environ.get("PYCLINGO_PUZZLES_ARTIFACTS", Path(__file__).parent / ".artifacts"))
TIMEOUT_MS = 20_000  # Playwright's waits, expect()'s too (it retries until then): generous for a loaded machine


def _unavailable(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"browser tests cannot run under CI: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import Error, expect, sync_playwright
    except ImportError:
        _unavailable("playwright is not installed (pip install -e '.[test]')")
    # expect()'s assertions wait 5 s by default whatever the context's timeout: at load 20 the
    # studio's word count took longer (a failed make test); they wait as long as the locators do
    expect.set_options(timeout=TIMEOUT_MS)
    if not os.access(CHROMIUM, os.X_OK):
        _unavailable(f"no Chromium at {CHROMIUM} (apt-get install chromium, or set PYCLINGO_PUZZLES_CHROMIUM)")
    with sync_playwright() as playwright:
        try:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, timeout=60_000)
        except Error as exc:
            _unavailable(f"Chromium at {CHROMIUM} did not start: {str(exc).splitlines()[0]}")
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def page_file(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, Callable[[Path], object]], Path]:
    """The path of the page ``name``, written by ``write(path)`` the first time it is asked for."""
    folder = tmp_path_factory.mktemp("pages")
    made: dict[str, Path] = {}

    def page(name: str, write: Callable[[Path], object]) -> Path:
        if name not in made:
            write(folder / name)
            made[name] = folder / name
        return made[name]

    return page


@pytest.fixture
def local_origins() -> list[str]:
    """Origins besides local files a page may load from (``http://127.0.0.1:PORT``); none by default."""
    return []


@pytest.fixture
def context_options() -> dict[str, Any]:
    """More options for the page's browser context (``{"has_touch": True}``): a test parametrizes it."""
    return {}


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator[Any]:
    report = yield
    item.stash.setdefault(_OUTCOMES, {})[report.when] = report.failed  # the page fixture reads it
    return report


_OUTCOMES = pytest.StashKey[dict]()


VIEWPORT = {"width": 1100, "height": 800}


class SharedTab:
    """One context and page for every test that asks for no context options of its own: a new
    context costs Chromium a renderer process and about 0.3 s of CPU (46 tests: 13 s of the
    suite's CPU). Each test gets the tab back as a new context would give it (``fresh``)."""

    def __init__(self, browser: Any) -> None:
        self.context = browser.new_context(viewport=VIEWPORT)
        self.origins: list[str] = []
        self.problems: list[str] = []
        self.tab = watched(self.context, lambda: self.origins, lambda: self.problems)

    def fresh(self) -> None:
        """What a test may have changed, undone: windows the page opened, the site's storage (the
        studio keeps its grid in localStorage), the page itself, its routes, media, viewport, a
        held mouse button, cookies."""
        tab = self.tab
        for other in self.context.pages:  # a window the page opened would live on into the next test
            if other is not tab:
                other.close()
        with contextlib.suppress(Exception):  # a page that is gone or was never loaded has none
            tab.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        tab.unroute_all()
        tab.goto("about:blank")
        tab.emulate_media(media="null")
        tab.set_viewport_size(VIEWPORT)
        tab.mouse.up()
        self.context.clear_cookies()


def watched(context: Any, origins: Callable[[], list[str]], problems: Callable[[], list[str]]) -> Any:
    """A new page of ``context``: a request off the page's file (or ``origins()``), a console error
    or an uncaught exception is written down in ``problems()``."""

    def route(route: Any) -> None:
        url = route.request.url
        if url.startswith(LOCAL_SCHEMES) or any(url.startswith(origin) for origin in origins()):
            route.continue_()
        else:
            problems().append(f"request off the page's file: {url}")
            route.abort()

    context.route("**/*", route)
    tab = context.new_page()
    tab.on("console", lambda message: problems().append(f"console {message.type}: {message.text}")
           if message.type == "error" else None)  # fmt: skip
    tab.on("pageerror", lambda error: problems().append(f"uncaught in the page: {error}"))
    return tab


@pytest.fixture(scope="session")
def _shared_tab(browser: Any) -> Iterator[SharedTab]:
    shared = SharedTab(browser)
    yield shared
    shared.context.close()


@pytest.fixture
def page(
    browser: Any, local_origins: list[str], context_options: dict[str, Any], request: pytest.FixtureRequest
) -> Iterator[Any]:
    if context_options:  # a phone's screen, touch: a context of its own
        shared, context, problems = None, browser.new_context(**{"viewport": VIEWPORT, **context_options}), []
        tab = watched(context, lambda: local_origins, lambda: problems)
    else:
        shared = request.getfixturevalue("_shared_tab")
        if shared.tab.is_closed():  # a test closed it, or Chromium lost it: a new one
            shared.tab = watched(shared.context, lambda: shared.origins, lambda: shared.problems)
        shared.origins, shared.problems = local_origins, []
        context, tab, problems = shared.context, shared.tab, shared.problems
    tab.set_default_timeout(TIMEOUT_MS)
    yield tab
    if request.node.stash.get(_OUTCOMES, {}).get("call"):
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        shot = ARTIFACTS / (re.sub(r"[^\w.-]+", "_", request.node.nodeid)[-150:] + ".png")
        try:
            tab.screenshot(path=str(shot), full_page=True)
            print(f"screenshot of the failed page: {shot}")
        except Exception as exc:  # the page may be gone; the test's own failure says more
            print(f"no screenshot ({exc})")
    found = list(problems)  # what the test's page did, not what leaving it does
    if shared is None:
        context.close()
    else:
        shared.problems = []
        shared.fresh()
    assert not found, "\n".join(found)
