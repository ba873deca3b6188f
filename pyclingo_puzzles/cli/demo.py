"""``make demo``: solve the shipped instances of every family and print the results."""

from __future__ import annotations

import sys
from pathlib import Path

from . import exitcodes
from .command import main as cli_main

ROOT = Path.cwd()
SHARED_P99 = ROOT.parent / "shared" / "p99"
DECIDED = (0, 1)  # solved, proved unsolvable (some shipped instances are, on purpose): Unix exit codes


def banner(text: str) -> None:
    print(f"\n{'=' * 72}\n{text}\n{'=' * 72}", flush=True)


def run(argv: list[str]) -> int:
    print(f"$ pyclingo-puzzles {' '.join(argv)}", flush=True)
    code = exitcodes.convert(cli_main([*argv, "--exit-codes", "clingo"]), "unix")  # the default, whatever the env says
    print(f"[exit {code}]", flush=True)
    return code


def unique_and_fillin() -> list[Path]:
    """``crossword --unique`` (two solutions and where they differ; one, proved) and a fill-in."""
    unexpected = []
    banner("Is the solution the only one? (crossword --unique)")
    for name in ("plus-two-solutions.yaml", "lattice.dat"):
        if run(["crossword", f"instances/crossword/{name}", "--unique"]) not in (0,):
            unexpected.append(Path(name))
    banner("Fill-in: a word list, its framework, the fewest starter letters for one answer (proved)")
    crosses = ROOT / "instances" / "fillin" / "two-crosses.yaml"
    if run(["fillin", str(crosses.relative_to(ROOT))]) not in (0,):
        unexpected.append(crosses)
    return unexpected


def main() -> int:
    unexpected = []
    banner("Word search generation")
    for path in sorted((ROOT / "instances" / "wordsearch").glob("*.yaml")):
        if run(["wordsearch", str(path.relative_to(ROOT)), "--key"]) not in DECIDED:
            unexpected.append(path)

    banner("Crossword site filling (P-99 7.09)")
    if SHARED_P99.is_dir():
        for path in sorted(SHARED_P99.glob("p7_09*.dat")):
            expected = (1,) if path.stem == "p7_09c" else (0,)
            if run(["crossword", str(path)]) not in expected:
                unexpected.append(path)
    else:
        print(f"(P-99 puzzles skipped: {SHARED_P99} not found; they are third-party data)")
    for path in sorted((ROOT / "instances" / "crossword").iterdir()):
        if path.suffix not in (".dat", ".yaml", ".yml"):
            continue
        if path.stem.startswith("unsat-"):
            print("(a puzzle of our own, unsolvable on purpose: proved, and the run says why)", flush=True)
        if run(["crossword", str(path.relative_to(ROOT))]) not in DECIDED:
            unexpected.append(path)

    unexpected += unique_and_fillin()

    banner("Crossword fill from the built-in English dictionary (word frequencies)")
    grid = ROOT / "instances" / "crossword" / "mini-7x7.grid"
    if run(["crossword", str(grid.relative_to(ROOT)), "--dictionary", "en"]) not in DECIDED:
        unexpected.append(grid)

    banner("Codeword: the grid in numbers, the fewest given letters for one decoding (proved)")
    if run(["codeword", str(grid.relative_to(ROOT)), "--seed", "1"]) not in (0,):
        unexpected.append(grid)

    banner("Strip exact cover (MUMS 2010 'Black and White')")
    for path in sorted((ROOT / "instances" / "strips").glob("*.yaml")):
        extra = ["--hunt"] if path.stem == "mums2010" else []
        if run(["strips", str(path.relative_to(ROOT)), *extra]) not in DECIDED:
            unexpected.append(path)

    banner("Crossword layout from a word list")
    layouts = ROOT / "instances" / "layout"
    for name, extra, expected in (
        ("pets-5", [], (0,)),  # proved optimal
        ("kitchen-10", ["--time-limit", "3"], (0,)),  # the best found in 3 s
        ("cannot-connect", [], (1,)),  # a word shares no letter with the others
    ):
        path = layouts / f"{name}.yaml"
        if run(["layout", str(path.relative_to(ROOT)), *extra]) not in expected:
            unexpected.append(path)

    banner("The web app")
    print("Start it with:  .venv/bin/pyclingo-puzzles serve   then open http://127.0.0.1:8000/ (Ctrl-C stops it)")
    print("(pages for the four families and a JSON API: docs/web.md)", flush=True)

    if unexpected:
        print(f"\nunexpected results for: {', '.join(map(str, unexpected))}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
