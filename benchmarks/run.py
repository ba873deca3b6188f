"""``make bench``: every family's benchmark, each printing its times and ratios against its peers."""

from __future__ import annotations

import importlib
import sys

MODULES = [
    "benchmarks.crossword_p99",
    "benchmarks.crossword_fill",
    "benchmarks.crossword_fill_cost",
    "benchmarks.crossword_regions",
    "benchmarks.crossword_dictionary",
    "benchmarks.patterns",
    "benchmarks.studio",
    "benchmarks.codeword",
    "benchmarks.fillin",
    "benchmarks.strips",
    "benchmarks.wordsearch",
    "benchmarks.limits",
    "benchmarks.layout",
    "benchmarks.startup",
    "benchmarks.web_pool",
    "benchmarks.batch",
    "benchmarks.books",
]


def main(argv: list[str]) -> int:
    wanted = argv or [m.rsplit(".", 1)[1] for m in MODULES]
    for name in MODULES:
        short = name.rsplit(".", 1)[1]
        if short not in wanted:
            continue
        print(f"\n##### {short}", flush=True)
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            print(f"(skipped: {exc})")
            continue
        module.main()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
