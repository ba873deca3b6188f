# Two commands set everything up from a fresh clone: `make demo` and `make test`.
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test test-fast fuzz test-full bench lint images clean asan chromium cjk-font

$(PY):
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "need $(PYTHON) on PATH (or: make PYTHON=python3 ...)"; exit 1; }
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(PY) pyproject.toml setup.py pyclingo_puzzles/crossword/engine/fillprop.c pyclingo_puzzles/crossword/engine/fillprop.h
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test,web,cluster]'
	@touch $(STAMP)

demo: $(STAMP) cjk-font
	$(PY) -m pyclingo_puzzles.cli.demo

# Three test processes (pytest-xdist) on two cores: the suite waits on subprocesses and limits.
# The slow set (-m slow) runs here too; `make test-fast` leaves it out while iterating. The full set
# (-m full: full solves that make test checks from kept data) runs in `make test-full`.
# loadgroup (no test is in a group): one test at a time to whichever process is free, in the order
# tests/conftest.py sets, the slow ones first; the default (load) sends each process a block of
# about 100 tests at the start, and a long test at a block's end started last
PARALLEL = -n 3 --dist loadgroup
# make test: the browser tests in a process of their own (one Chromium; its output printed after the
# rest's) beside three for the rest: each xdist process starting its own Chromium cost 3-4 s of CPU
# apiece. Three, not two: the limit tests wait out wall-clock limits, and a third process fills the
# cores meanwhile (quiet, installed tree: 101.7 s against 118.5 s with two; four gave 102.4 s).
BROWSER = tests/browser
# Bytecode caches on, whatever the environment says: with PYTHONDONTWRITEBYTECODE set, every test
# process compiled the package again and pytest rewrote every test module again (collection 3.0 s
# instead of 1.2 s, in each of the three pytest processes and before each command a test runs).
test test-fast: export PYTHONDONTWRITEBYTECODE =
# mypy (4 s of CPU, a fresh clone has no cache) and the browser tests run beside the parallel tests,
# in the time they wait on limits and subprocesses; the recipe fails if any of the three does.
test: $(STAMP) chromium cjk-font
	$(VENV)/bin/ruff check pyclingo_puzzles tests benchmarks
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy & mypy=$$!; $(PY) -m pytest -m "not full" $(BROWSER) >$(VENV)/browser-tests.log 2>&1 & browser=$$!; \
		$(PY) -m pytest $(PARALLEL) -m "not full" --ignore=$(BROWSER); tests=$$?; \
		wait $$browser; browser=$$?; echo "$(BROWSER):"; cat $(VENV)/browser-tests.log; \
		wait $$mypy && [ $$browser = 0 ] && exit $$tests

test-fast: $(STAMP) chromium cjk-font
	$(PY) -m pytest $(PARALLEL) -m "not slow and not full"

# The Hypothesis tests with the many examples their @settings ask for, drawn anew each run (make test
# runs each with tests/conftest.py's FEW_EXAMPLES, the same ones every run)
fuzz: export HYPOTHESIS_PROFILE = fuzz
fuzz: $(STAMP)
	$(PY) -m pytest $(PARALLEL) -m fuzz

# What make test leaves out: the full solves (tests marked full: every shipped pattern and van Beek
# grid filled again, where make test checks their kept fills and solves one live) and make fuzz's examples
test-full: export HYPOTHESIS_PROFILE = fuzz
test-full: $(STAMP)
	$(PY) -m pytest $(PARALLEL) -m "full or fuzz"

# The browser tests (tests/browser/) drive Debian's Chromium through Playwright for Python (the test
# extra; never `playwright install`, which downloads a browser). Installed here when missing and root;
# a failure leaves them skipped with the reason (under CI=true they fail: CI must run them).
# the browser the tests drive (tests/browser_support.py reads the same variable)
CHROMIUM ?= $(or $(PYCLINGO_PUZZLES_CHROMIUM),/usr/bin/chromium)
# APT_INSTALL: apt-get's output goes to a log, shown (its last lines) only when the install fails, so
# that the reason (an apt lock held, no network) is said instead of hidden
APT_INSTALL = log=$$(mktemp); { apt-get update -qq; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(1); } >$$log 2>&1; \
	status=$$?; [ $$status = 0 ] || { echo "apt-get install $(1) failed (exit $$status); its last lines:"; \
	tail -n 5 $$log | sed 's/^/  /'; }; rm -f $$log; [ $$status = 0 ]
chromium:
	@test -x $(CHROMIUM) || [ "$$(id -u)" != 0 ] || { echo "installing chromium (apt-get) for the browser tests"; \
		$(call APT_INSTALL,chromium); } \
		|| echo "chromium could not be installed: the browser tests will skip"

# A CJK font for PDFs of Chinese, Japanese or Korean words (formats/cjkfont.py finds it at run time;
# without one those characters print as blanks, with a warning). Installed here when missing and root.
CJK_FONT ?= /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
cjk-font:
	@test -f $(CJK_FONT) || [ "$$(id -u)" != 0 ] || { echo "installing fonts-noto-cjk (apt-get) for CJK PDFs"; \
		$(call APT_INSTALL,fonts-noto-cjk); } \
		|| echo "fonts-noto-cjk could not be installed: CJK letters print as blanks (their tests skip)"

# Peers install from the registries into the bench environment, never vendored.
# BENCH=strips (etc.) runs one family only.
bench: $(STAMP)
	$(PY) -m pip install -q -e '.[test,bench]'
	@command -v qxw >/dev/null 2>&1 || test -x /usr/games/qxw || { apt-get update -qq && apt-get install -y -qq qxw >/dev/null; } || echo "qxw not installable: its column will be empty"
	$(PY) -m benchmarks.run $(BENCH)

# The compiled fill propagator's tests (tests/crossword/test_fill_native.py, and the studio's warm search
# solving one control again and again: test_studio.py) under AddressSanitizer and UBSan:
# the C file is built again with the sanitizers and loaded instead of the installed build, libasan is
# preloaded into Python (which is not built with it). Leak detection is off, since the interpreter
# never frees everything at exit; the tests count the C side's own allocations instead. libstdc++ is
# preloaded too: ASan intercepts the C++ exceptions clingo throws (an error from the propagator).
ASAN_LIB := build/asan/fillprop.so
asan: $(STAMP)
	mkdir -p build/asan
	cc -std=c99 -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all -fPIC -shared \
		-I "$$($(PY) -c 'import clingo, os; print(os.path.dirname(clingo.__file__))')" \
		pyclingo_puzzles/crossword/engine/fillprop.c -o $(ASAN_LIB)
	PYCLINGO_PUZZLES_FILLPROP_LIB=$(CURDIR)/$(ASAN_LIB) LD_PRELOAD="$$(cc -print-file-name=libasan.so) $$(cc -print-file-name=libstdc++.so)" \
		ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 $(PY) -m pytest -p no:cacheprovider tests/crossword/test_fill_native.py \
		tests/crossword/test_studio.py

# The README's pictures, drawn by the command itself from the quick-start inputs.
images: $(STAMP)
	$(PY) docs/make_images.py
	$(PY) docs/make_web_image.py  # needs Chromium (make chromium)
	$(PY) docs/make_studio_image.py

lint: $(STAMP)
	$(VENV)/bin/ruff check pyclingo_puzzles tests benchmarks

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache .hypothesis
