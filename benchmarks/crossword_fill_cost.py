"""CPU seconds per conflict of the dictionary fill's word propagator, independent of load.

One process, one thread, clingo's ``--solve-limit`` stops each search after a fixed number of
conflicts, so the work done is the same however busy the machine is; CPU time (``process_time``)
counts only this process. Per grid and letter rule: clingo's conflicts and choices, the
propagator's slot conflicts and steps (the same numbers before and after a change means the search
is the same), and CPU milliseconds per conflict (search only: reading, pruning, grounding and the
propagator's init are timed apart).

COST_GRIDS (default "15.06,19.03,21.10"), COST_CONFLICTS (default 1500), COST_RULES (default
"failures,product"), COST_PROFILE=1 prints a cProfile summary of the search as well.
"""

from __future__ import annotations

import cProfile
import os
import pstats
import time

from benchmarks.common import SHARED, table
from benchmarks.crossword_fill import wamerican
from pyclingo_puzzles.core.solve import Solver
from pyclingo_puzzles.crossword.facts import site_facts
from pyclingo_puzzles.crossword.fill import ENCODING, option_facts, prune, read_framework
from pyclingo_puzzles.crossword.propagator import WordPropagator

BENCH = SHARED / "crossword-bench"
GRIDS = os.environ.get("COST_GRIDS", "15.06,19.03,21.10").split(",")
CONFLICTS = int(os.environ.get("COST_CONFLICTS", "1500"))
RULES = os.environ.get("COST_RULES", "failures,product").split(",")
PROFILE = os.environ.get("COST_PROFILE") == "1"


def main() -> None:
    loaded = wamerican()
    if loaded is None:
        return
    dictionary = loaded[0]
    rows = []
    total_cpu = total_conflicts = 0.0
    for grid in GRIDS:
        framework, _ = read_framework(BENCH / "grids" / f"{grid}.grid")
        sites = framework.sites()
        cands = prune(framework, sites, dictionary)
        for rule in RULES:
            solver = Solver([ENCODING], options=["--sign-def=pos", "-c", "lazy=1", f"--solve-limit={CONFLICTS}"])
            prop = WordPropagator(sites, cands.tables, cands.bits, True, 0, rule)
            init_cpu = _time_init(prop)
            solver.ctl.register_propagator(prop)
            solver.add_facts([*site_facts(framework, sites), *option_facts(cands)])
            c0 = time.process_time()
            solver.ctl.ground([("base", [])])
            ground = time.process_time() - c0
            profile = cProfile.Profile() if PROFILE else None
            c0 = time.process_time()
            if profile:
                profile.enable()
            result = solver.ctl.solve()
            if profile:
                profile.disable()
            cpu = time.process_time() - c0 - init_cpu[0]
            st = solver.ctl.statistics["solving"]["solvers"]
            conflicts, choices = int(st["conflicts"]), int(st["choices"])
            verdict = "SAT" if result.satisfiable else "UNSAT" if result.unsatisfiable else "limit"
            total_cpu += cpu
            total_conflicts += conflicts
            rows.append(
                [
                    grid,
                    rule,
                    verdict,
                    f"{conflicts:,}",
                    f"{choices:,}",
                    f"{prop.conflicts:,}",
                    f"{prop.steps:,}",
                    f"{ground + init_cpu[0]:.2f}",
                    f"{cpu:.2f}",
                    f"{1000 * cpu / max(1, conflicts):.2f}",
                ]
            )
            print("  " + " ".join(rows[-1]), flush=True)
            if profile:
                pstats.Stats(profile).sort_stats("tottime").print_stats(12)
    heads = ["grid", "rule", "end", "conflicts", "choices", "slot confl.", "steps", "ground+init s", "search CPU s"]
    heads.append("ms/conflict")
    print(table(heads, rows))
    print(f"\nall: {total_cpu:.2f} CPU s for {total_conflicts:,.0f} conflicts: "
          f"{1000 * total_cpu / max(1, total_conflicts):.2f} ms per conflict")


def _time_init(prop: WordPropagator) -> list[float]:
    """Times the propagator's init (once per run, not per conflict) so it can be set apart."""
    spent = [0.0]
    init = prop.init

    def timed(ctl: object) -> None:
        c0 = time.process_time()
        init(ctl)  # type: ignore[arg-type]
        spent[0] += time.process_time() - c0

    prop.init = timed  # type: ignore[method-assign]
    return spent


if __name__ == "__main__":
    main()
