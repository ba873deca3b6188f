"""clorm (the ecosystem's typed ASP fact library, issue 48.4) against today's fact building, on the
dictionary fill's word-atom facts (``engine/facts.fill_facts``: site/2, site_at/4, cell/4,
predefined/3, word/2, letter/3, score/2, cand/2, option/3): CPU seconds to build the facts of one
fill, and the lines each takes. clorm is not a dependency: ``pip install clorm`` first.

    python -m benchmarks.clorm_facts            # instances/crossword/classic-15x15.grid with "en"

Both sides build the same set of symbols (checked); clorm's facts are given to clingo through the
backend as today's are (``.raw``), so only the building differs. Env: CLORM_GRID, CLORM_REPEAT (5).
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable

from pyclingo_puzzles.crossword.engine.facts import fill_facts
from pyclingo_puzzles.crossword.engine.pruning import Candidates, prune
from pyclingo_puzzles.crossword.framework import Framework
from pyclingo_puzzles.crossword.reader import framework_of, read
from pyclingo_puzzles.crossword.wordlists.english import english_dictionary

from .common import ROOT

GRID = os.environ.get("CLORM_GRID", str(ROOT / "instances" / "crossword" / "classic-15x15.grid"))
REPEAT = int(os.environ.get("CLORM_REPEAT", "5"))


def clorm_builder() -> Callable[..., list]:
    """The same facts through clorm's typed predicates (its schema: one class per predicate)."""
    from clorm import ConstantField, IntegerField, Predicate, StringField

    class Site(Predicate, name="site"):
        s = IntegerField
        length = IntegerField

    class SiteAt(Predicate, name="site_at"):
        s = IntegerField
        r = IntegerField
        c = IntegerField
        d = ConstantField

    class Cell(Predicate, name="cell"):
        s = IntegerField
        i = IntegerField
        r = IntegerField
        c = IntegerField

    class Predefined(Predicate, name="predefined"):
        r = IntegerField
        c = IntegerField
        x = StringField

    class Word(Predicate, name="word"):
        w = IntegerField
        t = StringField

    class Letter(Predicate, name="letter"):
        w = IntegerField
        i = IntegerField
        x = StringField

    class Score(Predicate, name="score"):
        w = IntegerField
        n = IntegerField

    class Cand(Predicate, name="cand"):
        w = IntegerField
        s = IntegerField

    class Option(Predicate, name="option"):
        r = IntegerField
        c = IntegerField
        x = StringField

    def build(framework: Framework, sites: list, cands: Candidates, scores: dict[str, int], rng: random.Random) -> list:
        words = sorted({w for ws in cands.by_site.values() for w in ws})
        rng.shuffle(words)
        ids = {w: i for i, w in enumerate(words)}
        facts: list = []
        for site in sites:
            facts += [Site(site.id, site.length), SiteAt(site.id, site.row, site.col, site.direction)]
            facts += [Cell(site.id, i, r, c) for i, (r, c) in enumerate(site.cells())]
        facts += [Predefined(r, c, ch) for (r, c), ch in sorted(framework.predefined().items())]
        for w, text in enumerate(words):
            facts += [Word(w, text), Score(w, scores[text]), *(Letter(w, i, ch) for i, ch in enumerate(text))]
        facts += [Cand(ids[text], s.id) for s in sites for text in cands.by_site[s.id]]
        facts += [Option(r, c, ch) for (r, c), letters in sorted(cands.options.items()) for ch in sorted(letters)]
        return [f.raw for f in facts]

    return build


def best(call: Callable[[], object]) -> tuple[float, object]:
    """The least CPU of ``REPEAT`` calls (the machine is shared: the least is the least disturbed)."""
    times, out = [], None
    for _ in range(REPEAT):
        t0 = time.process_time()
        out = call()
        times.append(time.process_time() - t0)
    return min(times), out


def main() -> None:
    print(f"load at the start (1, 5, 15 min): {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    framework = framework_of(read(GRID))
    sites = framework.sites()
    dictionary = english_dictionary(2, None, False)
    cands = prune(framework, sites, dictionary)
    scores = dictionary.words
    build = clorm_builder()
    today, (ours, _) = best(lambda: fill_facts(framework, sites, cands, scores, random.Random(1)))  # type: ignore[misc]
    theirs_s, theirs = best(lambda: build(framework, sites, cands, scores, random.Random(1)))
    assert set(ours) == set(theirs), "the two builders give other facts"  # type: ignore[arg-type]
    print(f"{GRID}: {len(ours)} facts; today's fill_facts {today:.3f} s CPU, clorm {theirs_s:.3f} s CPU "
          f"({theirs_s / today:.1f}x), best of {REPEAT}")
    print(f"load at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
