"""P-99 site filling (the word list is given, every word used once): facts -> clingo -> verified
solutions. No command-line code: ``report.py`` reports what this returns (through ``api.solve_with``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from ..core.blame import blame
from ..core.errors import VerificationError
from ..core.results import Answer, SolveResult
from ..core.solve import Solver, user_rules
from ..core.status import Status
from ..run import runtime
from .engine.facts import candidate_facts, site_facts, word_facts
from .engine.wordsets import WordTable, arc_consistent
from .framework import Framework, Site
from .options import DEFAULTS, FillOptions
from .reader import CrosswordInstance
from .solution import CrosswordSolution, decode, verify

ENCODING = "crossword.lp"


def candidates(framework: Framework, sites: Sequence[Site], words: Sequence[str]) -> dict[int, list[int]]:
    """Site id -> the ids of the words that may go there: same length, predefined letters kept,
    and arc consistency between crossing sites (``wordsets.arc_consistent``), in Python before
    grounding: the encoding then grounds a few candidates per site instead of every word of the
    length. Only pairs that are in no solution are dropped, so counts and proofs are unchanged."""
    if sorted(map(len, words)) != sorted(s.length for s in sites):
        return {s.id: [] for s in sites}  # no solution at all (the encoding's count check proves it)
    ids: dict[str, list[int]] = {}
    for w, text in enumerate(words):
        ids.setdefault(text, []).append(w)
    lengths = {s.length for s in sites}
    tables = {n: WordTable.build((t for t in ids if len(t) == n), n) for n in lengths}
    bits = arc_consistent(sites, tables, framework.predefined())
    return {s.id: [w for text in tables[s.length].decode(bits[s.id]) for w in ids[text]] for s in sites}


WHY_SHOWN = 5  # sites or words named in an explanation (the --json document has the same few)


def why_unsolvable(instance: CrosswordInstance) -> tuple[str, ...]:
    """Why a word list cannot fill its framework, as the solver proved it, in the user's words: the
    lengths whose words and sites differ in number (p7_09c: 11 sites of 5 letters for 10 words),
    else the sites no word fits and the words that fit no site (with their given letters and
    crossings), else that the letters cannot agree at every crossing. Read off the candidates, not
    the solver: the same pruning the solve starts with."""
    sites = instance.framework.sites()
    words = Counter(map(len, instance.words))
    slots = Counter(s.length for s in sites)
    lines = []
    for n in sorted(words.keys() | slots.keys()):
        if words[n] != slots[n]:
            lines.append(f"{_count(slots[n], 'site')} of {n} letters for {_count(words[n], 'word')}")
    if lines:  # every word goes on one site, every site takes one word: the counts must match
        return ("the words and the sites differ in length: " + "; ".join(lines),)
    cands = candidates(instance.framework, sites, instance.words)
    empty = [s for s in sites if not cands[s.id]]
    placed = {w for ws in cands.values() for w in ws}
    homeless = sorted({t for w, t in enumerate(instance.words) if w not in placed})
    letters = "the given and crossing letters leave"
    if empty:
        named = _some([s.describe() for s in empty], "; ")
        lines.append(f"{letters} no word of the list for {_count(len(empty), 'site')}: {named}")
    if homeless:
        lines.append(f"{letters} no site for {_count(len(homeless), 'word')}: {_some(homeless)}")
    return tuple(lines) or ("the lengths match and every word fits some site, but no arrangement of the words "
                            "agrees at every crossing",)  # fmt: skip


def _some(names: Sequence[str], sep: str = ", ") -> str:
    return sep.join(names[:WHY_SHOWN]) + (" ..." if len(names) > WHY_SHOWN else "")


def _count(n: int, what: str) -> str:
    return f"{n} {what}" + ("" if n == 1 else "s")


def solve_instance(
    instance: CrosswordInstance, options: FillOptions = DEFAULTS, warn: Callable[[str], None] | None = None
) -> tuple[SolveResult, list[CrosswordSolution]]:
    """Facts -> clingo -> decoded and verified solutions. ``options.count_only``: enumerate every
    solution but keep none (``result.count``). When unsolvable only because of the user's rules,
    ``result.core`` holds the switches of the rule files to blame (``Solver.rule_core``). ``warn``
    gets clingo's messages about other programs than the shipped encodings (the command prints them)."""
    with runtime.until(options.deadline):
        return _solve(instance, options, warn)


def _solve(
    instance: CrosswordInstance, options: FillOptions, warn: Callable[[str], None] | None
) -> tuple[SolveResult, list[CrosswordSolution]]:
    """``solve_instance``'s stages; each asks the run's budget for its time."""
    rules = options.rules
    sites = instance.framework.sites()
    with runtime.stage("pruning candidates"):  # named when a time limit hits (100,000 words: 0.5 s)
        cands = candidates(instance.framework, sites, instance.words)
        runtime.check()
    solver = Solver([ENCODING], rules, seed=options.seed, warn=warn)
    solver.add_facts(site_facts(instance.framework, sites, cells=False))
    solver.add_facts(word_facts(instance.words))
    solver.add_facts(candidate_facts(cands))
    solver.ground()
    by_id = {s.id: s for s in sites}
    solutions: list[CrosswordSolution] = []

    def take(answer: Answer) -> None:  # checked as found: a stopped run has them ready to print
        sol = decode(answer.symbols, instance.words, by_id, instance.framework, rules=rules)
        problems = verify(instance.framework, sol, instance.words)
        if problems:
            raise VerificationError(f"model {answer.number} failed verification: {problems[0]}")
        solutions.append(sol._replace(shown=solver.shown(answer)))
        runtime.priced(solutions[-1])  # timed on a sample: the reserve for printing

    # --count: every solution counted, none decoded
    count = options.count_only
    result = solver.solve(models=0 if count else options.models, keep=0, on_answer=None if count else take)
    if result.status is Status.UNSAT and solver.rule_files:
        blamed = blame(solver, runtime.remaining())
        result = result.replace(core=[user_rules().rules_atom(f) for f in blamed])
    return result, solutions
