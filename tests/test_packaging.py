"""A package that looks like one: license, type hints marker, metadata, and a wheel built from what
a clean clone holds carries the encodings and runs without the source tree."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from .conftest import ROOT

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
PROJECT = PYPROJECT["project"]


def test_license_file_is_mit_as_the_metadata_says() -> None:
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License") and "the pyclingo-puzzles authors" in text
    assert PROJECT["license"] == "MIT" and PROJECT["license-files"] == ["LICENSE"]  # an SPDX expression


def test_metadata_describes_the_package() -> None:
    description = PROJECT["description"].lower()
    for family in ("word search", "crossword fill", "crossword layout", "strip"):
        assert family in description, family
    assert PROJECT["authors"] and PROJECT["keywords"]
    assert {"Homepage", "Repository", "Issues"} <= set(PROJECT["urls"])
    assert "Typing :: Typed" in PROJECT["classifiers"]
    assert not [c for c in PROJECT["classifiers"] if c.startswith("License ::")]  # PEP 639: the SPDX string only


def test_py_typed_ships_as_package_data() -> None:
    assert (ROOT / "pyclingo_puzzles" / "py.typed").is_file()
    assert "py.typed" in PYPROJECT["tool"]["setuptools"]["package-data"]["pyclingo_puzzles"]


def _clean_clone(dest: Path) -> Path:
    """The files a clone would have: tracked plus new files not ignored (so the test sees what is
    about to be committed), without .venv, build output or caches."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: no clean clone to build from")
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, dest / name)
    return dest


@pytest.mark.slow
def test_wheel_from_a_clean_clone(tmp_path: Path) -> None:
    clone = _clean_clone(tmp_path / "clone")
    built = subprocess.run(
        # the test environment's setuptools and clingo (the test extra's, the build requirements'
        # versions): an isolated build made a fresh environment and installed them both each time
        [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "--no-build-isolation", "-w", str(tmp_path / "dist"),
         str(clone)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    log = built.stdout + built.stderr
    assert not re.search(r"deprecat", log, re.I), [line for line in log.splitlines() if "eprecat" in line]
    (wheel,) = (tmp_path / "dist").glob("pyclingo_puzzles-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    encodings = {f"pyclingo_puzzles/encodings/{p.name}" for p in (ROOT / "encodings").glob("*.lp")}
    assert encodings and encodings <= names
    assert "pyclingo_puzzles/py.typed" in names
    assets = [p.name for p in (ROOT / "pyclingo_puzzles/formats/playable").iterdir()
              if p.suffix in {".html", ".css", ".js"}]
    # the playable page's template, style and scripts
    assert {"page.html", "page.css", "common.js"} <= set(assets)
    assert {f"pyclingo_puzzles/formats/playable/{name}" for name in assets} <= names
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert not [n for n in names if n.startswith(("tests/", "benchmarks/", "instances/"))]

    # installed from the wheel alone (no source tree on the path), the command finds its encodings:
    # installing a wheel is unpacking it (PEP 427; pip --target adds only its own records, and cost
    # 1.6 s of CPU, as much as the build)
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    env = {**os.environ, "PYTHONPATH": str(target)}
    run = subprocess.run(
        [sys.executable, "-m", "pyclingo_puzzles", "wordsearch", "--words", "cat dog", "--size", "5x5", "-o", "p.html"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
    )
    assert run.returncode == 10, run.stderr
    assert "Page.run({ wordsearch: WordSearch })" in (tmp_path / "p.html").read_text()  # its package data found
    where = subprocess.run(
        [sys.executable, "-c", "import pyclingo_puzzles; print(pyclingo_puzzles.__file__)"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=60,
    )
    assert where.stdout.startswith(str(target)), where
