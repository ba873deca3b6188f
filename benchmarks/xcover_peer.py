"""Reference for "do all these words fit?": Knuth's exact cover with colours (Algorithm C, dancing
cells) as the ``xcover`` package implements it, run as a user would (one process per question).

Words are the primary items, cells the secondary items coloured by their letter; an option is one
placement of a word in the medium directions. Reads ``{"words": [...], "size": N}`` as JSON from
the first argument and prints ``fits`` or ``does not fit`` (the search exhausted: a proof).
It does not exclude second copies of a word (our puzzles do), so a "fits" here may not be a
valid puzzle; "does not fit" is a proof for ours too.
"""

from __future__ import annotations

import json
import sys

MEDIUM = [(1, 0), (0, 1), (1, 1), (1, -1)]


def options(words: list[str], size: int) -> list[list[str]]:
    out = []
    for w, word in enumerate(words):
        for dx, dy in MEDIUM:
            for r in range(size):
                for c in range(size):
                    cells = [(r + dy * i, c + dx * i) for i in range(len(word))]
                    if all(0 <= a < size and 0 <= b < size for a, b in cells):
                        out.append([f"w{w}"] + [f"{a},{b}:{ch}" for (a, b), ch in zip(cells, word, strict=True)])
    return out


def main() -> None:
    from xcover import covers

    spec = json.loads(sys.argv[1])
    words, size = spec["words"], spec["size"]
    primary = [f"w{w}" for w in range(len(words))]
    secondary = [f"{a},{b}" for a in range(size) for b in range(size)]
    cover = next(covers(options(words, size), primary=primary, secondary=secondary, colored=True), None)
    print("fits" if cover is not None else "does not fit")


if __name__ == "__main__":
    main()
