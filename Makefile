# Two commands set everything up from a fresh clone: `make demo` and `make test`.
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test bench lint images clean

$(PY):
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "need $(PYTHON) on PATH (or: make PYTHON=python3 ...)"; exit 1; }
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(PY) pyproject.toml
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	@touch $(STAMP)

demo: $(STAMP)
	$(PY) -m pyclingo_puzzles.cli.demo

test: $(STAMP)
	$(VENV)/bin/ruff check pyclingo_puzzles tests benchmarks
	$(PY) -m pytest

# Peers install from the registries into the bench environment, never vendored.
# BENCH=strips (etc.) runs one family only.
bench: $(STAMP)
	$(PY) -m pip install -q -e '.[test,bench]'
	@command -v qxw >/dev/null 2>&1 || test -x /usr/games/qxw || { apt-get update -qq && apt-get install -y -qq qxw >/dev/null; } || echo "qxw not installable: its column will be empty"
	$(PY) -m benchmarks.run $(BENCH)

# The README's pictures, drawn by the command itself from the quick-start inputs.
images: $(STAMP)
	$(PY) docs/make_images.py

lint: $(STAMP)
	$(VENV)/bin/ruff check pyclingo_puzzles tests benchmarks

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache .hypothesis
