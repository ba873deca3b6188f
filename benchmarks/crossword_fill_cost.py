"""CPU seconds per conflict of the dictionary fill's word propagator, compiled and pure Python, in
one run, independent of load.

One process, one thread, clingo's ``--solve-limit`` stops each search after a fixed number of
conflicts, so the work done is the same however busy the machine is; CPU time (``process_time``)
counts only this process. Per grid, letter rule and propagator: clingo's conflicts and choices, the
propagator's slot conflicts and steps (the two propagators take the same decisions, so these agree
row for row; the same numbers before and after a change means the search is the same), and CPU
milliseconds per conflict (search only: reading, pruning and grounding are timed apart, and so is
the Python propagator's init; the compiled one's init, a few milliseconds, runs inside the search).

COST_GRIDS (default "15.06,19.03,21.10"), COST_CONFLICTS (default 1500), COST_RULES (default
"failures,product"), COST_PROPAGATORS (default "python,c"), COST_OPTIONS (more clingo options,
space-separated; the fill's ``--restarts=L,30`` unless they give ``--restarts``), COST_PROFILE=1
prints a cProfile summary of each search as well. The clauses the propagator hands clingo per
conflict and their literals on average (clingo's "other" lemmas) are load-independent too: they
are most of clingo's share of the time.
"""

from __future__ import annotations

import cProfile
import os
import pstats
import time

from benchmarks.common import SHARED, table
from benchmarks.crossword_fill import wamerican
from pyclingo_puzzles.core.solve import Solver
from pyclingo_puzzles.crossword.engine import native
from pyclingo_puzzles.crossword.engine.attempt import ENCODING, PROPAGATOR_RESTARTS
from pyclingo_puzzles.crossword.engine.facts import option_facts, site_facts
from pyclingo_puzzles.crossword.engine.propagator import WordPropagator
from pyclingo_puzzles.crossword.engine.pruning import prune
from pyclingo_puzzles.crossword.reader import framework_of, read

BENCH = SHARED / "crossword-bench"
GRIDS = os.environ.get("COST_GRIDS", "15.06,19.03,21.10").split(",")
CONFLICTS = int(os.environ.get("COST_CONFLICTS", "1500"))
RULES = os.environ.get("COST_RULES", "failures,product").split(",")
PROPAGATORS = os.environ.get("COST_PROPAGATORS", "python,c").split(",")
PROFILE = os.environ.get("COST_PROFILE") == "1"
MORE_OPTIONS = os.environ.get("COST_OPTIONS", "").split()


def main() -> None:
    loaded = wamerican()
    if loaded is None:
        return
    dictionary = loaded[0]
    kinds = list(PROPAGATORS)
    if "c" in kinds and isinstance(native.load(), str):
        print(f"compiled propagator: not available ({native.load()}): its rows are left out")
        kinds.remove("c")
    print(f"load at the start (1, 5, 15 min): {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    rows = []
    totals = {kind: [0.0, 0] for kind in kinds}  # CPU seconds, conflicts
    for grid in GRIDS:
        framework = framework_of(read(BENCH / "grids" / f"{grid}.grid"))
        sites = framework.sites()
        cands = prune(framework, sites, dictionary)
        for rule in RULES:
            for kind in kinds:
                # --stats: clingo counts the lemmas by kind
                options = ["--sign-def=pos", "--stats", "-c", "lazy=1", f"--solve-limit={CONFLICTS}", *MORE_OPTIONS]
                if not any(o.startswith("--restarts") for o in MORE_OPTIONS):
                    options.append(PROPAGATOR_RESTARTS)  # the fill's own search
                solver = Solver([ENCODING], options=options)
                init_cpu = [0.0]
                if kind == "c":
                    prop: WordPropagator | native.NativePropagator = native.NativePropagator(
                        sites, cands.tables, cands.bits, True, 0, rule
                    )
                    prop.register(solver.ctl)
                else:
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
                clauses, literals = int(st["extra"]["lemmas_other"]), int(st["extra"]["lits_other"])
                verdict = "SAT" if result.satisfiable else "UNSAT" if result.unsatisfiable else "limit"
                totals[kind][0] += cpu
                totals[kind][1] += conflicts
                rows.append(
                    [
                        grid,
                        rule,
                        {"c": "C", "python": "Python"}[kind],
                        verdict,
                        f"{conflicts:,}",
                        f"{choices:,}",
                        f"{prop.conflicts:,}",
                        f"{prop.steps:,}",
                        f"{clauses / max(1, conflicts):.0f}",
                        f"{literals / max(1, clauses):.1f}",
                        f"{ground + init_cpu[0]:.2f}",
                        f"{cpu:.2f}",
                        f"{1000 * cpu / max(1, conflicts):.3f}",
                        f"{os.getloadavg()[0]:.1f}",
                    ]
                )
                print("  " + " ".join(rows[-1]), flush=True)
                if profile:
                    pstats.Stats(profile).sort_stats("tottime").print_stats(12)
    heads = ["grid", "rule", "propagator", "end", "conflicts", "choices", "slot confl.", "steps"]
    heads += ["clauses/confl.", "literals/clause", "ground+init s"]
    heads += ["search CPU s", "ms/conflict", "load"]
    print(table(heads, rows))
    per = {}
    for kind, (cpu, conflicts) in totals.items():
        per[kind] = 1000 * cpu / max(1, conflicts)
        name = {"c": "C", "python": "Python"}[kind]
        print(f"\n{name}: {cpu:.2f} CPU s for {conflicts:,} conflicts: {per[kind]:.3f} ms per conflict", end="")
    print()
    if len(per) == 2 and per.get("c"):
        print(f"the compiled propagator costs {per['python'] / per['c']:.1f} times less CPU per conflict")
    print(f"load at the end (1, 5, 15 min): {', '.join(f'{x:.1f}' for x in os.getloadavg())}")


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
