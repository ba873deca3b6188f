import time, sys
from dataclasses import replace
from benchmarks.wordsearch import instance, word_list
from pyclingo_puzzles.wordsearch.generate import generate
from pyclingo_puzzles.wordsearch import rounds
inst = replace(instance(word_list(20, 4, 8, seed=15020), 15, "medium"), seed=1)
for vary in (True, False):
    if not vary: rounds.VARY_OPTIONS = ()
    for bal in (True, False):
        t0 = time.perf_counter()
        for seed in range(1, 6):
            o = generate(replace(inst, seed=seed), balance=bal)
        print(f"vary={vary} balance={bal}: 5 singles {time.perf_counter()-t0:.2f}", o.stats)
