"""Builds the dictionary fill's compiled propagator (pyclingo_puzzles/crossword/engine/fillprop.c);
everything else is declared in pyproject.toml.

The C file includes only clingo.h (from the clingo wheel, a build requirement) and standard headers,
and is loaded with cffi's dlopen, not imported: it is an ``Extension`` only so that setuptools
compiles it for every way of installing (editable, ``pip install .``, a wheel). It is optional:
without a C compiler the install goes on and the fill runs its pure-Python propagator.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from setuptools import Extension, setup


def clingo_include() -> list[str]:
    """The folder of the clingo package, which holds clingo.h (not imported: only located)."""
    spec = importlib.util.find_spec("clingo")
    if spec is None or not spec.submodule_search_locations:
        return []
    return [str(Path(next(iter(spec.submodule_search_locations))))]


setup(
    ext_modules=[
        Extension(
            "pyclingo_puzzles.crossword.engine._fillprop",
            sources=["pyclingo_puzzles/crossword/engine/fillprop.c"],
            depends=["pyclingo_puzzles/crossword/engine/fillprop.h"],  # the fp_* interface (native.py reads it too)
            include_dirs=clingo_include(),
            extra_compile_args=["-std=c99", "-O2"],
            optional=True,  # no compiler: the install still succeeds (the Python propagator runs)
        )
    ]
)
