"""Dictionary fill: framework readers (.grid, framework-only .dat / YAML), the dictionary reader,
candidate pruning (length, predefined letters, arc consistency) and the solve."""

from __future__ import annotations

import random
import time
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property, partial
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from clingo import Function, Number, String, Symbol

from ..core import rules as user_rules
from ..core.errors import InputError, VerificationError, read_text
from ..core.letters import normalize_word
from ..core.solve import Answer, Solver, SolveResult, Stats, Status, encoding_path
from ..formats.yamlio import expect_mapping, expect_str_list, load_yaml
from ..run import runtime
from ..run.portfolio import Progress, can_race, race
from .facts import site_facts
from .framework import Framework, Site
from .propagator import VALUE_RULES, WordPropagator
from .reader import dat_lines, framework_from_lines, is_yaml, parse_dat, starts_with_row
from .solution import CrosswordSolution, decode, decode_letters, verify
from .wordsets import WordTable, arc_consistent

if TYPE_CHECKING:
    from .native import NativePropagator

ENCODING = "crossword_fill.lp"
# With a seed, this share of the dictionary (drawn by the seed) sits out the first attempt: the
# search itself barely depends on the seed (randomising its letter choices was measured to cost
# timeouts on 15.06, and random first decisions are undone by restarts), so without this most
# seeds would give the same fill on a hard grid.
SEED_DROP = 0.02
SCORE_MIN, SCORE_MAX = -(2**31), 2**31 - 1  # scores become clingo numbers (32-bit)
# A scored dictionary is tried first with only its best words: this share of them, then the next,
# each search stopped after PREFER_CONFLICTS conflicts (a count, not a time: the fill stays the same
# on a busy machine), before the whole dictionary decides. The propagator tries the best words first
# in any case, but a fill from the best 30% has no rare word at all (the built-in English list: its
# best 30%, 45% and 60% are the words of Zipf 3.03, 2.69 and 2.45 and more). On the 15x15 grids a
# fill from the best 30% takes 16-289 conflicts or more than 1,000; from the best 45%, 8-375. With
# several jobs the first attempts run side by side (``_fill_side_by_side``), so a grid whose best
# 30% cannot be filled loses no time on it.
PREFER_SHARES = (0.3, 0.45, 0.6)
PREFER_CONFLICTS = 200


# ------------------------------------------------------------------------------------------ readers


def read_framework(path: str | Path) -> tuple[Framework, list[str]]:
    """A framework from a .grid file (``_`` empty, ``*`` block), a .dat or a YAML file; also
    returns notes for the user (e.g. an ignored word list)."""
    text = read_text(path)
    p = str(path)
    suffix = Path(path).suffix.lower()
    if suffix == ".grid":
        # NFC: a letter typed as base + combining mark (macOS, some editors) is one letter
        lines = [unicodedata.normalize("NFC", line.rstrip("\r")) for line in text.split("\n")]
        while lines and not lines[-1].strip():
            lines.pop()
        if not lines:
            raise InputError("empty .grid file", p, 1)
        rows = []
        for i, line in enumerate(lines):
            row = ""
            for ch in line:
                if ch == "_":
                    row += "."
                elif ch == "*":
                    row += "#"
                elif ch.isalpha():
                    row += ch
                else:
                    raise InputError(f"unexpected character {ch!r} in a .grid file (use _ * or letters)", p, i + 1)
            rows.append(row)
        return framework_from_lines(rows, p, 1), []
    if is_yaml(path, text):
        doc = load_yaml(p, text)
        expect_mapping(doc, ("framework", "words"))
        rows = expect_str_list(doc, "framework") or []
        if not rows:
            raise doc.error("'framework' is empty", "framework")
        notes = ["the file's word list is ignored with --dictionary"] if doc.data.get("words") else []
        return framework_from_lines(rows, p, doc.line("framework")), notes
    if starts_with_row(*dat_lines(text)):
        text = "\n" + text  # a bare framework: its first line is already a row
    inst = parse_dat(text, p)
    notes = ["the file's word list is ignored with --dictionary"] if inst.words else []
    return inst.framework, notes


@dataclass
class Dictionary:
    words: dict[str, int]  # normalised word -> score (1 when unscored)
    skipped: int = 0  # lines that were not a word
    skipped_lines: tuple[int, ...] = ()  # the first few of them (SKIPPED_SHOWN), for the warning

    def skipped_text(self) -> str:
        """``5 line(s) that are not a word (lines 3, 8, 9, 12, 20)``, the first few named."""
        shown = ", ".join(map(str, self.skipped_lines))
        more = ", …" if self.skipped > len(self.skipped_lines) else ""
        return f"{self.skipped} line(s) that are not a word (line{'s' if self.skipped > 1 else ''} {shown}{more})"


SKIPPED_SHOWN = 5  # skipped lines named in the warning


def read_dictionary(path: str | Path, min_length: int = 2, min_score: int | None = None) -> Dictionary:
    """One word per line (any case) or ``WORD;SCORE``; non-letter lines are skipped and counted."""
    text = read_text(path)
    words: dict[str, int] = {}
    skipped: list[int] = []
    for number, line in enumerate(text.split("\n"), 1):
        raw = line.strip()
        if not raw:
            continue
        score = 1
        if ";" in raw:
            raw, _, tail = raw.partition(";")
            try:
                score = int(tail.strip())
            except ValueError:
                skipped.append(number)
                continue
            if not SCORE_MIN <= score <= SCORE_MAX:
                raise InputError(
                    f"score {tail.strip()} is outside clingo's integer range ({SCORE_MIN} to {SCORE_MAX})", path, number
                )
        word = normalize_word(raw)
        if not word.isalpha():
            skipped.append(number)
            continue
        if len(word) < min_length or (min_score is not None and score < min_score):
            continue
        words[word] = max(score, words.get(word, score))
    if not words:
        why = []  # the options that left every word out, when they did
        if min_length > 2:
            why.append(f"{min_length} letters or more")
        if min_score is not None:
            why.append(f"a score of {min_score} or more")
        reason = f" with {' and '.join(why)}" if why and text.strip() else ""
        raise InputError(f"the dictionary has no usable word{reason}", path, None if text.strip() else 1)
    return Dictionary(words, len(skipped), tuple(skipped[:SKIPPED_SHOWN]))


# ------------------------------------------------------------------------------------------ pruning


@dataclass
class Candidates:
    sites: Sequence[Site]
    options: dict[tuple[int, int], set[str]]  # place -> letters still possible
    empty: list[Site] = field(default_factory=list)  # sites left without any candidate
    tables: dict[int, WordTable] = field(default_factory=dict)  # length -> the dictionary's words
    bits: dict[int, int] = field(default_factory=dict)  # site -> its candidates in its length's table

    @cached_property
    def by_site(self) -> dict[int, list[str]]:
        """Site -> its candidate words (decoded when asked: the propagator works on ``bits``)."""
        return {s.id: self.tables[s.length].decode(self.bits[s.id]) for s in self.sites}

    def count(self) -> int:
        """The candidates of all sites together."""
        return sum(b.bit_count() for b in self.bits.values())


def prune(framework: Framework, sites: Sequence[Site], dictionary: Dictionary) -> Candidates:
    """Length and predefined letters, then arc consistency between crossing sites until nothing
    changes (``wordsets.arc_consistent``): a word stays only if each of its letters is possible in
    its place. Candidate sets are bitsets over the words of one length."""
    lengths = {s.length for s in sites}
    by_length: dict[int, list[str]] = {n: [] for n in lengths}
    for word in dictionary.words:
        if len(word) in by_length:
            by_length[len(word)].append(word)
    scores = dictionary.words if len(set(dictionary.words.values())) > 1 else None  # a flat list has no order
    tables = {n: WordTable.build(ws, n, scores) for n, ws in by_length.items()}
    bits = arc_consistent(sites, tables, framework.predefined())
    options: dict[tuple[int, int], set[str]] = {}
    for s in sites:
        for i, cell in enumerate(s.cells()):
            letters = tables[s.length].letters(bits[s.id], i)
            options[cell] = letters if cell not in options else options[cell] & letters
    empty = [s for s in sites if not bits[s.id]]
    return Candidates(sites, options, empty, tables, bits)


# ------------------------------------------------------------------------------------------ solving


def option_facts(cands: Candidates) -> Iterator[Symbol]:
    for (r, c), letters in sorted(cands.options.items()):
        for ch in sorted(letters):
            yield Function("option", [Number(r), Number(c), String(ch)])


def fill_facts(
    framework: Framework, sites: Sequence[Site], cands: Candidates, scores: dict[str, int] | None, rng: random.Random
) -> tuple[list[Symbol], list[str]]:
    """All input predicates, word atoms included (the fully ground mode)."""
    words = sorted({w for ws in cands.by_site.values() for w in ws})
    rng.shuffle(words)  # seeded: different seeds, different fills
    ids = {w: i for i, w in enumerate(words)}
    facts: list[Symbol] = list(site_facts(framework, sites))
    for w, text in enumerate(words):
        facts.append(Function("word", [Number(w), String(text)]))
        for i, ch in enumerate(text):
            facts.append(Function("letter", [Number(w), Number(i), String(ch)]))
        if scores is not None:
            facts.append(Function("score", [Number(w), Number(scores[text])]))
    for s in sites:
        for text in cands.by_site[s.id]:
            facts.append(Function("cand", [Number(s.id), Number(ids[text])]))
    facts.extend(option_facts(cands))
    return facts, words


def wants_word_atoms(rules: Sequence[str | Path]) -> bool:
    """Whether the user's rules use or define fill/2, word/2, letter/3, cand/2 or score/2, which
    exist only when the word atoms are ground (read from the rules' syntax: comments never count)."""
    return user_rules.uses(rules, user_rules.WORD_ATOMS)


@dataclass
class FillOutcome:
    result: SolveResult | None
    solutions: list[CrosswordSolution]
    empty: list[Site]
    stats: Stats
    rules_to_blame: list[str] = field(default_factory=list)  # UNSAT only because of these rule files


def solve_fill(
    framework: Framework,
    dictionary: Dictionary,
    *,
    rules: Sequence[str] = (),
    models: int = 1,
    seed: int | None = None,
    time_limit: float | None = None,
    no_repeat: bool = True,
    optimize: bool = False,
    word_atoms: bool = False,
    jobs: int = 1,
    value_rule: str = VALUE_RULES[0],
    count: bool = False,
    propagator: str = "auto",
) -> FillOutcome:
    """Prune, then solve (see ``_fill_once``); ``propagator`` ("auto", "c", "python": see
    ``native.choose``) picks the word propagator's implementation. A seed varies the fill: a seed-dependent
    ``SEED_DROP`` share of the dictionary is left out, and only if the rest gives no fill does the
    whole dictionary decide (so "unfillable" is always proved with every word). Not done when
    enumerating or optimising, where leaving words out would change the answer. Every attempt asks
    the run's budget for its time (``runtime.until``: this call's own limit within the run's)."""
    with runtime.until(runtime.after(time_limit)):  # every attempt asks the run's budget for its time
        if not (word_atoms or optimize) and wants_word_atoms(rules):  # said once, not once per attempt
            user_rules.warn_once(user_rules.default_warn, "note: rules use word atoms: slower mode")
        attempt = partial(
            _fill_once,
            framework,
            rules=rules,
            models=models,
            seed=seed,
            no_repeat=no_repeat,
            optimize=optimize,
            word_atoms=word_atoms,
            jobs=jobs,
            value_rule=value_rule,
            count=count,
            propagator=propagator,
        )
        if models == 1 and not optimize and not count:
            floors = preferred_floors(dictionary)
            tried = 0
            together = min(jobs, len(floors))
            if together > 1:
                bests = [best_words(dictionary, floor, seed) for floor in floors[:together]]
                side = _fill_side_by_side(
                    framework, bests, rules=rules, seed=seed, time_limit=None, no_repeat=no_repeat,
                    word_atoms=word_atoms, propagator=propagator,
                )
                if side is not None:
                    tried, (won, outcome) = together, side
                    if outcome.solutions or runtime.stopping() or runtime.out_of_time():
                        outcome.stats.extra.update(score_floor=floors[won])
                        return outcome  # a fill from the best words (or out of time)
            for floor in floors[tried:]:
                best = best_words(dictionary, floor, seed)
                outcome = attempt(best, time_limit=None, conflicts=PREFER_CONFLICTS)
                if outcome.solutions or runtime.stopping() or runtime.out_of_time():
                    outcome.stats.extra.update(score_floor=floor)
                    return outcome  # a fill from the best words (or out of time)
        if seed and models == 1 and not optimize and not count:
            kept = seed_subset(dictionary, seed)
            outcome = attempt(kept, time_limit=None)
            if outcome.result is not None and outcome.result.status is not Status.UNSAT:
                outcome.stats.extra.update(seed_left_out=len(dictionary.words) - len(kept.words))
                return outcome  # a fill, or out of time
        return attempt(dictionary, time_limit=None)


def preferred_floors(dictionary: Dictionary) -> list[int]:
    """The scores that keep the best ``PREFER_SHARES`` of a scored dictionary's words, lowest
    share first; none for a flat list (or where a share would keep every word)."""
    scores = sorted(dictionary.words.values(), reverse=True)
    if scores[0] == scores[-1]:
        return []
    floors = []
    for share in PREFER_SHARES:
        floor = scores[max(0, int(len(scores) * share) - 1)]
        if floor > scores[-1] and floor not in floors:
            floors.append(floor)
    return floors


def best_words(dictionary: Dictionary, floor: int, seed: int | None) -> Dictionary:
    """The words scored ``floor`` or more (with a seed: less its ``seed_subset`` share)."""
    best = Dictionary({w: sc for w, sc in dictionary.words.items() if sc >= floor}, dictionary.skipped)
    return seed_subset(best, seed) if seed else best


def seed_subset(dictionary: Dictionary, seed: int) -> Dictionary:
    """The dictionary less a seed-dependent ``SEED_DROP`` share of its words."""
    rng = random.Random(seed)
    return Dictionary({w: sc for w, sc in dictionary.words.items() if rng.random() >= SEED_DROP}, dictionary.skipped)


def _fill_once(
    framework: Framework,
    dictionary: Dictionary,
    *,
    rules: Sequence[str],
    models: int,
    seed: int | None,
    time_limit: float | None,
    no_repeat: bool,
    optimize: bool,
    word_atoms: bool,
    jobs: int,
    value_rule: str,
    count: bool = False,
    conflicts: int | None = None,
    propagator: str = "auto",
) -> FillOutcome:
    """Prune, then solve (stopped after ``conflicts`` conflicts when given). By default the word
    constraint runs as a propagator over the letter atoms (no word atoms are ground);
    ``word_atoms`` (implied by ``optimize`` and by rules that mention fill/2) grounds the whole
    encoding instead. With ``jobs`` > 1 a search for one fill races the
    propagator's value rules in that many processes (``portfolio.race``: the answer does not depend
    on timing)."""
    job = _fill_job(
        framework, dictionary, rules=rules, models=models, seed=seed, time_limit=time_limit, no_repeat=no_repeat,
        optimize=optimize, word_atoms=word_atoms, count=count, conflicts=conflicts, propagator=propagator,
    )
    if isinstance(job, FillOutcome):
        return job  # a slot without candidates
    if jobs > 1 and job.lazy and models == 1 and not count and can_race():
        _diagnose_raced(rules)
        rules_raced = VALUE_RULES[: max(1, min(jobs, len(VALUE_RULES)))]
        tasks = [partial(job.run, rule) for rule in rules_raced]
        won, outcome, waited = race(tasks, _decided)
        outcome.stats.extra.update(value_rule=rules_raced[won], jobs=len(tasks), race_wait_seconds=round(waited, 3))
    else:
        outcome = job.run(value_rule)
    outcome.stats.extra.update(prune_seconds=job.prune_seconds)
    return outcome


def _fill_job(
    framework: Framework,
    dictionary: Dictionary,
    *,
    rules: Sequence[str],
    models: int,
    seed: int | None,
    time_limit: float | None,
    no_repeat: bool,
    optimize: bool,
    word_atoms: bool,
    count: bool = False,
    conflicts: int | None = None,
    propagator: str = "auto",
) -> _FillJob | FillOutcome:
    """Prune, then the search to run (see ``_fill_once``); the outcome instead when a slot is left
    without candidates. ``time_limit``: this search's own, within the run's budget (None: the budget's)."""
    with runtime.until(runtime.after(time_limit)):  # this search's own limit, within the run's
        t0 = time.perf_counter()
        sites = framework.sites()
        with runtime.stage("pruning candidates"):
            cands = prune(framework, sites, dictionary)
        prune_seconds = round(time.perf_counter() - t0, 4)
        if cands.empty:
            return FillOutcome(None, [], cands.empty, Stats(extra={"prune_seconds": prune_seconds}))
        by_rules = wants_word_atoms(rules)
        lazy = not (word_atoms or optimize or by_rules)
        # chosen (and loaded) here, before any worker is forked: a fallback is said once
        native = lazy and _native().choose(propagator) == "c"
        left = runtime.remaining()  # after pruning: the search's own limit (a raced worker's too)
        return _FillJob(
            framework, sites, cands, dictionary, tuple(rules), models, seed, left, no_repeat, optimize, lazy, count,
            conflicts, native, prune_seconds,
        )


def _diagnose_raced(rules: Sequence[str]) -> None:
    """Said in the parent, not once per worker; the constants are those ``_FillJob.run`` sets."""
    user_rules.diagnose_paths([encoding_path(ENCODING)], rules, ("no_repeat", "optimize", "lazy"))


def _fill_side_by_side(
    framework: Framework,
    dictionaries: Sequence[Dictionary],
    *,
    rules: Sequence[str],
    seed: int | None,
    time_limit: float | None,
    no_repeat: bool,
    word_atoms: bool,
    propagator: str,
) -> tuple[int, FillOutcome] | None:
    """The first attempts with the best words, all at once: one process per dictionary (best words
    first), each with its own value rule and stopped after ``PREFER_CONFLICTS`` conflicts; the
    first dictionary in this order whose search fills wins (``portfolio.race`` in order: it waits
    for the searches before it, so the fill does not depend on timing). None when the searches
    cannot run so (word atoms, no fork, a dictionary that leaves a slot without candidates): the
    caller then tries them one by one. ``time_limit``: theirs, within the run's budget (None: the budget's)."""
    if not can_race() or word_atoms or wants_word_atoms(rules):
        return None
    with runtime.until(runtime.after(time_limit)):
        jobs = [
            _fill_job(
                framework, d, rules=rules, models=1, seed=seed, time_limit=None, no_repeat=no_repeat,
                optimize=False, word_atoms=word_atoms, conflicts=PREFER_CONFLICTS, propagator=propagator,
            )
            for d in dictionaries
        ]
    searches = [job for job in jobs if isinstance(job, _FillJob)]
    if len(searches) < len(jobs):
        return None
    _diagnose_raced(rules)
    rules_used = [VALUE_RULES[k % len(VALUE_RULES)] for k in range(len(searches))]
    tasks = [partial(job.run, rule) for job, rule in zip(searches, rules_used, strict=True)]
    won, outcome, waited = race(tasks, lambda o: bool(o.solutions), in_order=True)
    outcome.stats.extra.update(
        value_rule=rules_used[won], jobs=len(tasks), race_wait_seconds=round(waited, 3),
        prune_seconds=round(sum(job.prune_seconds for job in searches), 4),
    )
    return won, outcome


def _decided(outcome: FillOutcome) -> bool:
    return outcome.result is not None and outcome.result.status is not Status.UNKNOWN


@dataclass(frozen=True)
class _FillJob:
    """One search over the pruned candidates: ``run`` may execute in a portfolio's worker process,
    so it returns answers as verified solutions only (clingo symbols do not cross processes)."""

    framework: Framework
    sites: list[Site]
    cands: Candidates
    dictionary: Dictionary
    rules: tuple[str, ...]
    models: int
    seed: int | None
    time_limit: float | None
    no_repeat: bool
    optimize: bool
    lazy: bool
    count: bool = False
    conflicts: int | None = None  # stop the search after this many conflicts
    native: bool = False  # the word propagator compiled (native.NativePropagator), not WordPropagator
    prune_seconds: float = 0.0  # spent making ``cands`` (for --stats)

    def run(self, value_rule: str, progress: Progress | None = None) -> FillOutcome:
        framework, sites, cands, lazy = self.framework, self.sites, self.cands, self.lazy
        options = ["--sign-def=pos", "-c", f"no_repeat={int(self.no_repeat)}", "-c", f"optimize={int(self.optimize)}"]
        options += ["-c", f"lazy={int(lazy)}"]
        if self.seed and not lazy:
            options.append("--rand-freq=0.01")
        if self.conflicts is not None:
            options.append(f"--solve-limit={self.conflicts}")
        solver = Solver([ENCODING], self.rules, seed=self.seed, options=options)
        if lazy:
            words: list[str] = []
            facts = [*site_facts(framework, sites), *option_facts(cands)]
            propagator: WordPropagator | NativePropagator
            if self.native:
                propagator = _native().NativePropagator(
                    sites, cands.tables, cands.bits, self.no_repeat, self.seed or 0, value_rule, progress
                )
                propagator.register(solver.ctl)
            else:
                propagator = WordPropagator(
                    sites, cands.tables, cands.bits, self.no_repeat, self.seed or 0, value_rule, progress
                )
                solver.ctl.register_propagator(propagator)
            runtime.describe(lambda: f"{propagator.conflicts:,} slot conflicts")
        else:
            rng = random.Random(self.seed or 0)
            scores = self.dictionary.words if self.optimize else None
            with runtime.stage("building facts"):  # a large word list takes seconds here
                facts, words = fill_facts(framework, sites, cands, scores, rng)
        solver.add_facts(facts)
        solver.ground()
        by_id = {s.id: s for s in sites}
        solutions: list[CrosswordSolution] = []

        def take(answer: Answer) -> None:
            """Decode and verify each answer as it arrives, so a run stopped by its time limit
            has its answers ready to print (an optimisation keeps only the latest, best one)."""
            if lazy:
                sol = decode_letters(answer.symbols, sites, framework, self.rules)
            else:
                sol = decode(
                    answer.symbols, words, by_id, framework, predicate="fill", word_first=False, rules=self.rules
                )
            problems = verify(framework, sol, allowed=self.dictionary.words.keys(), repeats=not self.no_repeat)
            if problems:
                raise VerificationError(problems[0])
            if self.optimize:
                solutions.clear()
            solutions.append(sol._replace(shown=solver.shown(answer)))
            runtime.priced(solutions[-1])  # timed on a sample: the reserve for printing

        # improve until the optimum is proved (the last model is the best), or enumerate (--count:
        # every answer counted, none decoded)
        models = 0 if self.optimize or self.count else self.models
        on_answer = None if self.count else take
        try:
            result = solver.solve(models=models, time_limit=self.time_limit, keep=0, on_answer=on_answer)
        except (MemoryError, RuntimeError) as exc:
            if not self.native or isinstance(exc, VerificationError):
                raise
            raise _native().solve_error(exc) from None  # what the C side reported, in one line
        finally:
            runtime.describe(None)  # the progress line's conflict count ends with the search
        if lazy and self.native:
            propagator.finish()
        blamed = []
        if result.status is Status.UNSAT and solver.rule_files and not lazy:
            # not with the propagator: it takes letters false at its start as gone for good, which
            # stops holding once the rules' switches are freed
            blamed = user_rules.blame(solver, self.time_limit)
        result.stats.extra.update(candidates=cands.count(), word_atoms=not lazy)
        if lazy:
            result.stats.extra.update(propagator="C" if self.native else "Python")
        result = result.replace(answers=[], core=[])  # decoded above; symbols stay in this process
        return FillOutcome(result, solutions, [], result.stats, blamed)


def _native() -> ModuleType:
    """The compiled propagator's module, imported only when a fill runs the propagator."""
    from . import native

    return native


def describe(site: Site) -> str:
    return f"{site.direction} slot at row {site.row}, column {site.col} ({site.length} letters)"


def site_list(sites: Sequence[Site]) -> Iterator[str]:
    for s in sites:
        yield describe(s)
