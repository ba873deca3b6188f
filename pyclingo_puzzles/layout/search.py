"""Finding the best layout within the time limit; the best layout so far is always kept.

1. Words that share no letter with the rest: named, proved without search.
2. Randomised greedy starts (``greedy.py``), unbounded and inside square boxes, a third of them from
   a rectangle of four words (``motifs.py``: a cycle of crossings from the start).
3. Ruin and recreate in Python: free a few words (a neighbourhood, see ``pick_free``) and put them
   back greedily, or (``motif_move``) build a rectangle into the layout; a worse result is accepted
   now and then, the last phase only compacts. Crossings = words - 1 + independent cycles of the
   crossing graph, and a greedy step rarely closes a cycle: the rectangles close one at a time.
4. Large-neighbourhood search with clingo: the freed words are placed optimally by
   ``encodings/layout.lp`` with every other word fixed; candidates are pruned in Python against the
   fixed letters, so a ground program stays small whatever the list's length.
5. Short lists (and a given box the greedy cannot enter): the complete model in a box, which proves
   the optimum (or that nothing fits) for that box.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise
from pathlib import Path

from clingo import Function

from ..core.errors import VerificationError, derived_error
from ..core.grid import Placement
from ..core.solve import EXIT_EXHAUSTED, EXIT_INTERRUPTED, EXIT_SAT_INTERRUPTED, EXIT_UNSAT, Solver, Stats
from ..run import runtime
from .facts import box_candidates, cand_fact, option_facts, window_candidates, word_facts
from .greedy import Board, extend, greedy
from .grid import Layout, bounds
from .motifs import Block, aligned, attachments, directions, in_the_way, normalised, occupants, rectangles
from .objective import coarse, key
from .reader import LayoutInstance
from .verify import check

ENCODING = "layout.lp"
PROOF_WORDS = 7  # lists up to this many words also get the complete model in a box (measured: at 10 words
# it does not decide "11 crossings in 12x12" within 60 s, so longer lists spend the time on the search)
MARGIN = 2  # a freed word may move this far outside the current bounding box
SLICE = 1.0  # seconds per neighbourhood
GREEDY_SHARE = 0.15  # share of the time limit spent on randomised greedy starts
GREEDY_STARTS = 2000  # and at most this many
RUIN_SHARE = 0.85  # share of the search after the starts spent on Python ruin-and-recreate moves
PLATEAU_FIRST = True  # see ruin_recreate
WORSE = 0.1  # chance to accept a worse layout in ruin-and-recreate (leaves a local optimum)
OUTPUT_MARGIN = 0.5  # seconds of the time limit kept for checking and printing
MAX_FREE = 8  # the largest clingo neighbourhood, in words
MOVES = ("ruin", "motif", "shrink")  # the kinds of ruin-and-recreate move
MOVE_MIN, MOVE_MAX = 0.05, 0.5  # bounds of each kind's share of the moves
DECAY = 0.995  # per move, of the credit that sets that share (see ruin_recreate)
ANCHORED = 0.7  # share of those that keep one of its words where it lies and build the rest around it
ANCHOR_SAMPLE = 8  # rectangles holding that word compared (the one disturbing the fewest words is put in)
MOTIF_TIME = 0.1  # at most this share of the time limit enumerates the rectangles


@dataclass
class Outcome:
    layout: Layout | None
    optimal: bool = False
    proved_box: tuple[int, int] | None = None  # (height, width) the proof covers
    unconnectable: list[str] = field(default_factory=list)
    stats: Stats = field(default_factory=Stats)
    interrupted: bool = False

    @property
    def exit_code(self) -> int:
        if self.unconnectable:
            return EXIT_UNSAT
        if self.layout is None:
            return EXIT_UNSAT if self.optimal else EXIT_INTERRUPTED
        return EXIT_EXHAUSTED if self.optimal else EXIT_SAT_INTERRUPTED


def unconnectable(words: Sequence[str]) -> list[str]:
    """Words outside the largest group of words linked by shared letters (crossings need a shared
    letter, so these can never join the others): a proof, no search needed."""
    if len(words) < 2:
        return []
    group = list(range(len(words)))

    def find(i: int) -> int:
        while group[i] != i:
            group[i] = group[group[i]]
            i = group[i]
        return i

    for i, a in enumerate(words):
        for j in range(i + 1, len(words)):
            if set(a) & set(words[j]):
                group[find(i)] = find(j)
    sizes: dict[int, int] = {}
    for i in range(len(words)):
        sizes[find(i)] = sizes.get(find(i), 0) + 1
    main = max(sizes, key=lambda g: (sizes[g], -min(i for i in range(len(words)) if find(i) == g)))
    return [w for i, w in enumerate(words) if find(i) != main]


def crossing_graph(placements: Sequence[Placement]) -> dict[str, set[str]]:
    """Word -> the words it crosses (not to be changed: the result is cached)."""
    return _crossing_graph(tuple(placements))


@lru_cache(maxsize=64)  # the search asks again and again for the current and the best layout's graph
def _crossing_graph(placements: tuple[Placement, ...]) -> dict[str, set[str]]:
    at: dict[tuple[int, int], list[str]] = {}
    for p in placements:
        for cell in p.cells():
            at.setdefault(cell, []).append(p.word)
    graph: dict[str, set[str]] = {p.word: set() for p in placements}
    for ws in at.values():
        if len(ws) == 2:
            graph[ws[0]].add(ws[1])
            graph[ws[1]].add(ws[0])
    return graph


def orphan_pair(placements: Sequence[Placement], rest: Sequence[Placement]) -> bool:
    """Whether taking a valid layout's other words out leaves two neighbouring letters of ``rest``
    with no word of ``rest`` along them (a run that is no word; it can only lie along a word taken
    out, since in the valid layout every such pair lay along one word). Connectivity is not looked at."""
    kept = {p.word for p in rest}
    filled = {cell for p in rest for cell in p.cells()}
    for p in placements:
        if p.word in kept:
            continue
        for a, b in pairwise(p.cells()):
            if a in filled and b in filled:
                return True
    return False


def part_with(graph: dict[str, set[str]], keep: set[str], word: str) -> set[str]:
    """The connected part of ``graph`` restricted to ``keep`` that holds ``word``."""
    part, todo = {word}, [word]
    while todo:
        for v in graph[todo.pop()] & keep:
            if v not in part:
                part.add(v)
                todo.append(v)
    return part


def grown(board: Board, words: Sequence[str], rng: random.Random, mw: int | None, mh: int | None) -> Layout | None:
    """``extend`` the board with ``words`` inside the box; None when that fails or a block placed
    before (which ``extend`` does not bound) leaves the result wider or taller than the box."""
    found = extend(board, words, rng, (), mw, mh)[0]
    if found is None or (mw is not None and found.width > mw) or (mh is not None and found.height > mh):
        return None
    return found


def largest_part(graph: dict[str, set[str]], keep: set[str]) -> set[str]:
    """The largest connected part of ``graph`` restricted to ``keep``."""
    best: set[str] = set()
    seen: set[str] = set()
    for w in sorted(keep):
        if w not in seen:
            part = part_with(graph, keep, w)
            seen |= part
            if len(part) > len(best):
                best = part
    return best


class Search:
    def __init__(
        self,
        inst: LayoutInstance,
        *,
        rules: Sequence[str | Path] = (),
        seed: int | None = None,
        warn: Callable[[str], None] | None = None,
    ):
        self.inst = inst
        self.rules = list(rules)
        self.seed = seed
        self.warn = warn
        self.rng = random.Random(seed or 0)
        self.stats = Stats()
        self.iterations = 0
        self.improvements = 0
        self.starts = 0
        self.moves = 0
        self.motif_moves = 0
        self.invalid_moves = 0
        self.blocks: list[Block] = []
        self.blocks_of: dict[str, list[int]] = {}  # word -> indices of the blocks holding it

    def going(self, until: float) -> bool:
        """Time left before ``until`` and no Ctrl-C / SIGTERM: the best layout so far is kept."""
        return time.monotonic() < until and not runtime.stopping()

    # -- one clingo call ------------------------------------------------------------------
    def solve_sub(
        self,
        cands: dict[str, list[Placement]],
        root: str,
        time_limit: float,
        *,
        origin: bool = False,
        max_height: int | None = None,
        max_width: int | None = None,
    ) -> tuple[Layout | None, bool, bool]:
        """Best layout over these candidates: (layout or None, search exhausted, interrupted)."""
        inst = self.inst
        solver = Solver([ENCODING], self.rules, seed=self.seed, warn=self.warn)
        solver.add_facts(word_facts(inst.words))
        solver.add_facts(
            option_facts(root, inst.prefer, max_width or inst.max_width, max_height or inst.max_height, origin)
        )
        solver.add_facts(cand_fact(p) for ps in cands.values() for p in ps)
        solver.ground()
        result = solver.solve(models=0, time_limit=max(0.01, time_limit), keep=1)
        self.stats.add(result.stats)
        if not result.answers:
            return None, result.exhausted, result.interrupted
        # the encoding places each word on one of its candidates; any other place/4 atom comes
        # from the user's rules: reported, never a crash
        allowed = {cand_fact(p): p for ps in cands.values() for p in ps}
        placements = []
        for sym in result.answers[-1].symbols:
            if sym.name == "place" and len(sym.arguments) == 4:
                placement = allowed.get(Function("cand", sym.arguments))
                if placement is None:
                    raise derived_error(sym, "which is not a candidate", self.rules)
                placements.append(placement)
        problems = check(inst.words, placements)
        if problems:
            raise VerificationError(f"layout failed the checker: {problems[0]}")
        return Layout.of(placements), result.exhausted, result.interrupted

    # -- neighbourhoods ---------------------------------------------------------------------
    def pick_free(self, layout: Layout, k: int) -> set[str]:
        """Words to free: every word with a letter in a random window, or a cluster of crossing
        words around a word with few crossings, or such words at random."""
        words = [p.word for p in layout.placements]
        if k >= len(words):
            return set(words)
        cells = {p.word: set(p.cells()) for p in layout.placements}
        graph = crossing_graph(layout.placements)
        weights = [1.0 / (1 + len(graph[w])) for w in words]
        start = self.rng.choices(words, weights)[0]
        free = {start}
        mode = self.rng.random()
        if mode < 0.3:  # the words along one side of the box: freed, they may move inwards
            r0, c0, h, w = bounds([cell for cs in cells.values() for cell in cs])
            side = self.rng.randrange(4)
            depth = self.rng.choice((1, 2, 3))

            def outer(cell: tuple[int, int]) -> bool:
                r, c = cell
                return (r < r0 + depth, r >= r0 + h - depth, c < c0 + depth, c >= c0 + w - depth)[side]

            edge = [v for v in words if any(outer(cell) for cell in cells[v])]
            self.rng.shuffle(edge)
            free = set(edge[: max(k, 1)])
        elif mode < 0.6:  # a window around a random letter of the start word, grown until k words
            r, c = self.rng.choice(sorted(cells[start]))
            size = 1
            while len(free) < k:
                box = {(r + dr, c + dc) for dr in range(-size, size + 1) for dc in range(-size, size + 1)}
                inside = [w for w in words if w not in free and cells[w] & box]
                self.rng.shuffle(inside)
                free.update(inside[: k - len(free)])
                size += 1
        elif mode < 0.85:  # a cluster of crossing words around the start
            frontier = [start]
            while frontier and len(free) < k:
                w = frontier.pop(0)
                nbs = sorted(graph[w] - free)
                self.rng.shuffle(nbs)
                for v in nbs[: k - len(free)]:
                    free.add(v)
                    frontier.append(v)
        while len(free) < k:
            free.add(self.rng.choices(words, weights)[0])
        return free if len(free) < len(words) else free - {start}

    def neighbourhood(self, layout: Layout, free: set[str]) -> tuple[dict[str, list[Placement]], str]:
        """Candidates of the freed words: every valid position crossing a fixed word, and every
        position near where the freed words lie now (so freed words may cross each other)."""
        fixed = [p for p in layout.placements if p.word not in free]
        board = Board(fixed)
        r0, c0, h, w = bounds([cell for p in layout.placements if p.word in free for cell in p.cells()])
        rows = range(r0 - MARGIN, r0 + h + MARGIN)
        cols = range(c0 - MARGIN, c0 + w + MARGIN)
        cands: dict[str, list[Placement]] = {p.word: [p] for p in fixed}
        for p in layout.placements:
            if p.word in free:
                found = dict.fromkeys(window_candidates(p.word, board, rows, cols))
                found.update((q, None) for q, _ in board.options(p.word))
                found[p] = None  # the incumbent stays reachable
                cands[p.word] = list(found)
        root = fixed[0].word if fixed else layout.placements[0].word
        return cands, root

    def ruin_recreate(self, layout: Layout, until: float, worse: float = WORSE) -> Layout:
        """Fast moves in Python: take out a few words (a neighbourhood as for clingo) and put them
        back greedily; keep the result when it is no worse (equal ones too: that walks plateaus)."""
        if self.rules:
            return layout  # user rules are clingo's to check: no moves made outside it
        prefer = self.inst.prefer
        best = current = layout
        # which move to make: each kind earns credit for the layouts it improved, per second spent
        # (decaying); motif moves pay on short lists and cost more than they bring on long ones
        # shrinking moves only in the closing phase: while exploring, the walk over equal crossings
        # is free to grow the box, and shrinking it then takes the moves that find crossings
        kinds = [k for k in MOVES if (k != "motif" or self.blocks) and (k != "shrink" or not worse)]
        credit = dict.fromkeys(kinds, 1.0)
        spent = dict.fromkeys(kinds, 0.05)
        while self.going(until):
            self.moves += 1
            kind = self.pick_move(credit, spent)
            tick = time.monotonic()
            found = self.move(kind, current, best if worse == 0 else None)
            spent[kind] += time.monotonic() - tick
            for k in kinds:
                credit[k] *= DECAY
                spent[k] *= DECAY
            if found is None:
                continue
            if key(found, prefer) < key(current, prefer):
                credit[kind] += 1 + 2 * (key(found, prefer) < key(best, prefer))
            # while exploring (worse > 0), a layout as good on the first objective is taken whatever
            # the second: the walk over equal crossings is not held to a shrinking box
            if worse and PLATEAU_FIRST:
                take = coarse(found, prefer) <= coarse(current, prefer)
            else:
                take = key(found, prefer) <= key(current, prefer)
            if take or self.rng.random() < worse:
                current = found
                if key(current, prefer) < key(best, prefer):
                    best = current
                    self.improvements += 1
            if self.rng.random() < 0.01:
                current = best  # back to the best now and then
        return best

    def pick_move(self, credit: dict[str, float], spent: dict[str, float]) -> str:
        """A move kind, drawn by what each improved per second spent, each kept within
        [MOVE_MIN, MOVE_MAX] of the draws."""
        rate = {k: credit[k] / spent[k] for k in credit}
        total = sum(rate.values())
        shares = {k: min(MOVE_MAX, max(MOVE_MIN, r / total)) for k, r in rate.items()}
        x = self.rng.random() * sum(shares.values())
        for k, share in shares.items():
            x -= share
            if x < 0:
                return k
        return next(iter(shares))

    def move(self, kind: str, layout: Layout, hold: Layout | None) -> Layout | None:
        """One move of that kind; ``hold``: the closing phase keeps inside that layout's box."""
        mw, mh = self.inst.max_width, self.inst.max_height
        if hold is not None:
            mw = min(x for x in (mw, hold.width) if x is not None)
            mh = min(x for x in (mh, hold.height) if x is not None)
        if kind == "motif":
            return self.motif_move(layout, mw, mh)
        if kind == "shrink":
            return self.shrink_move(layout, mw, mh)
        return self.ruin_move(layout, mw, mh)

    def shrink_move(self, layout: Layout, mw: int | None, mh: int | None) -> Layout | None:
        """Take out the words with a letter on one side of the box (and what that cuts off) and put
        them back greedily in the box one line smaller on that side: a compaction step."""
        words = set(self.inst.words)
        side = self.rng.randrange(4)
        h, w = layout.height, layout.width
        line = (0, h - 1, 0, w - 1)[side]
        axis = 0 if side < 2 else 1
        removed = {p.word for p in layout.placements if any(cell[axis] == line for cell in p.cells())}
        kept = largest_part(crossing_graph(layout.placements), words - removed)
        if len(words) - len(kept) > MAX_FREE:
            return None
        rest = [p for p in layout.placements if p.word in kept]
        if not rest or orphan_pair(layout.placements, rest):
            return None
        if axis == 0:
            mh = min(x for x in (mh, h - 1) if x is not None)
        else:
            mw = min(x for x in (mw, w - 1) if x is not None)
        return extend(Board(rest), sorted(words - kept), self.rng, (), mw, mh)[0]

    def ruin_move(self, layout: Layout, mw: int | None, mh: int | None) -> Layout | None:
        """Take out a few words (``pick_free``) and put them back greedily."""
        words = set(self.inst.words)
        removed = self.pick_free(layout, self.rng.randint(1, max(1, min(len(words) - 1, 6))))
        # words cut off from the largest remaining part go out too: the rest stays connected
        kept = largest_part(crossing_graph(layout.placements), words - removed)
        if len(words) - len(kept) > MAX_FREE:
            return None  # that would rebuild a large part of the layout: rarely better
        rest = [p for p in layout.placements if p.word in kept]
        if not rest or orphan_pair(layout.placements, rest):
            return None  # taking these out leaves a run that is no word
        return extend(Board(rest), sorted(words - kept), self.rng, (), mw, mh)[0]

    def anchored(self, layout: Layout) -> tuple[Block, tuple[Placement, ...], set[str]] | None:
        """A rectangle to build around a word where it lies: among a few rectangles holding a
        random word, the one that disturbs the fewest other words (its words that must move, the
        words in their way, and what that cuts off): (block, its placements there, words kept)."""
        anchor = self.rng.choice(layout.placements).word
        pool = self.blocks_of.get(anchor)
        if not pool:
            return None
        words = set(self.inst.words)
        graph = crossing_graph(layout.placements)
        placed = {p.word: p for p in layout.placements}
        at = occupants(layout.placements)
        best = None
        for i in self.rng.sample(pool, min(len(pool), ANCHOR_SAMPLE)):
            block = self.blocks[i]
            targets = aligned(block, placed[anchor])
            moving = {t.word for t in targets if placed[t.word] != t}
            if not moving:
                continue  # the rectangle is there already
            kept = largest_part(graph, words - moving - in_the_way(at, targets))
            if anchor in kept and (best is None or len(kept) > len(best[2])):
                best = (block, targets, kept)
        return best

    def motif_move(self, layout: Layout, mw: int | None, mh: int | None) -> Layout | None:
        """Put a rectangle (a cycle of four words) into the layout: either built around one of its
        words where that word lies now (its other words, and the words in their way, taken out), or
        taken out whole and attached where it crosses the most. Parts of the layout cut off by
        taking words out are put back whole where they cross the most (as they were, they are valid),
        the remaining words one by one, greedily. A greedy step rarely closes a cycle (it needs two
        parallel words at the right distance first); this move closes one in a single step."""
        words = set(self.inst.words)
        graph = crossing_graph(layout.placements)
        targets: tuple[Placement, ...] = ()
        if self.rng.random() < ANCHORED:
            chosen = self.anchored(layout)
            if chosen is None:
                return None
            block, targets, kept = chosen
        else:
            block = self.rng.choice(self.blocks)
            kept = largest_part(graph, words - block.words)
        rest = [p for p in layout.placements if p.word in kept]
        if not rest or orphan_pair(layout.placements, rest):
            return None
        board = Board(rest)
        if targets:
            along = directions(targets)
            adding = [t for t in targets if t.word not in kept]
            if any(board.fits(t, along) is None for t in adding):
                return None
            for t in adding:
                board.add(t)
        else:
            options = attachments(board, block)
            if not options:
                return None
            top = max(n for _, n in options)
            for t in self.rng.choice([ps for ps, n in options if n == top]):
                board.add(t)
        loose = self.reattach(board, layout, graph, words - kept - block.words)
        if len(loose) > MAX_FREE:
            return None
        self.motif_moves += 1
        found = grown(board, sorted(loose), self.rng, mw, mh)
        if found is None:
            return None
        if check(self.inst.words, found.placements):
            self.invalid_moves += 1  # a block placed against the run rules: never kept (a test asserts 0)
            return None
        return found

    def reattach(self, board: Board, layout: Layout, graph: dict[str, set[str]], out: set[str]) -> set[str]:
        """Put the connected parts of ``out`` (words of ``layout`` now off the board) back on the
        board whole, each where it crosses the most, largest first; returns the words left over
        (single words, and parts that found no place or are no valid layout on their own)."""
        parts = []
        left = set(out)
        while left:
            part = part_with(graph, left, min(left))
            left -= part
            parts.append(part)
        loose: set[str] = set()
        for part in sorted(parts, key=lambda p: (-len(p), min(p))):
            ps = [p for p in layout.placements if p.word in part]
            if len(part) == 1 or orphan_pair(layout.placements, ps):
                loose |= part
                continue
            options = attachments(board, normalised(ps))
            if not options:
                loose |= part
                continue
            top = max(n for _, n in options)
            for t in self.rng.choice([ps for ps, n in options if n == top]):
                board.add(t)
        return loose

    def relocate(self, layout: Layout, until: float) -> Layout:
        """Hill climbing in Python: move one word at a time to its best position on the rest (a
        word whose removal leaves a valid, connected layout), while that improves the layout."""
        if self.rules:
            return layout  # user rules are clingo's to check: no moves made outside it
        prefer = self.inst.prefer
        mw, mh = self.inst.max_width, self.inst.max_height
        improved = True
        while improved and self.going(until):
            improved = False
            order = list(layout.placements)
            self.rng.shuffle(order)
            for p in order:
                rest = [q for q in layout.placements if q != p]
                if check([q.word for q in rest], rest):
                    continue  # removing p splits the layout or leaves a run that is no word
                best = layout
                for q, _ in Board(rest).options(p.word):
                    cand = Layout.of([*rest, q])
                    fits = (mw is None or cand.width <= mw) and (mh is None or cand.height <= mh)
                    if fits and key(cand, prefer) < key(best, prefer):
                        best = cand
                if best is not layout:
                    layout, improved = best, True
                    self.improvements += 1
                    break
        return layout

    # -- the whole run ----------------------------------------------------------------------
    def run(self, time_limit: float, started: float | None = None) -> Outcome:
        """Search until ``time_limit`` seconds after ``started`` (a ``time.monotonic()`` value,
        default now), keeping OUTPUT_MARGIN for checking and writing the answer."""
        t_end = (started if started is not None else time.monotonic()) + max(0.05, time_limit - OUTPUT_MARGIN)
        inst = self.inst
        lost = unconnectable(inst.words)
        if lost:
            return Outcome(None, optimal=True, unconnectable=lost, stats=self.stats)
        self.find_motifs(t_end)
        best = self.starts_phase(t_end)
        if best is None:
            if inst.max_width and inst.max_height and self.going(t_end):
                return self.prove(None, t_end)  # greedy found no way into the box: clingo decides
            return Outcome(None, stats=self.stats, interrupted=True)
        if check(inst.words, best.placements):
            raise VerificationError("greedy layout failed the checker")
        if self.rules:
            best = self.fit_rules(best, t_end)
            if best is None:
                return Outcome(None, stats=self.stats, interrupted=True)
        n = len(inst.words)
        if n == 1 and not self.rules:
            return Outcome(best, optimal=True, proved_box=None, stats=self.stats)
        prove = n <= PROOF_WORDS
        lns_until = t_end if not prove else time.monotonic() + min(1.0, 0.3 * max(0.0, t_end - time.monotonic()))
        best = self.improve(best, lns_until)
        outcome = Outcome(best, stats=self.stats)
        if prove and self.going(t_end):
            outcome = self.prove(best, t_end)
        if outcome.layout is not None:
            problems = check(inst.words, outcome.layout.placements)
            if problems:  # the moves keep layouts valid by construction: this is the independent check
                raise VerificationError(f"layout failed the checker: {problems[0]}")
        outcome.stats.extra.update(
            greedy_starts=self.starts,
            python_moves=self.moves,
            motif_moves=self.motif_moves,
            invalid_moves=self.invalid_moves,
            rectangles=len(self.blocks),
            neighbourhoods=self.iterations,
            improvements=self.improvements,
        )
        return outcome

    def starts_phase(self, t_end: float) -> Layout | None:
        """Randomised greedy starts, unbounded and inside square boxes (a box keeps the layout
        compact: as many crossings in a smaller area); the box side follows the smallest that
        worked so far."""
        inst = self.inst
        words = inst.words
        best: Layout | None = None
        until = time.monotonic() + GREEDY_SHARE * max(0.0, t_end - time.monotonic())
        longest = max(len(w) for w in words)
        side = max(longest, int((2 * sum(len(w) for w in words)) ** 0.5) + 1)
        cap = GREEDY_STARTS if len(words) > PROOF_WORDS else GREEDY_STARTS // 20  # short lists: the proof decides
        boxed = bool(inst.max_width and inst.max_height)
        while self.going(t_end):
            if best is not None and (not self.going(until) or self.starts >= cap):
                break
            if best is None and boxed and not self.going(until):
                break  # greedy finds no way into the given box: the complete model decides
            self.starts += 1
            box = None if self.starts % 3 == 1 else side + self.rng.choice((-1, 0, 0, 1, 2))
            mw = min(x for x in (inst.max_width, box) if x is not None) if box or inst.max_width else None
            mh = min(x for x in (inst.max_height, box) if x is not None) if box or inst.max_height else None
            if (mw is not None and mw < longest and (mh is None or mh < longest)) or len(words) == 1:
                mw, mh = inst.max_width, inst.max_height
            if self.blocks and self.starts % 3 == 2:
                found = self.seeded(mw, mh)  # a cycle from the start
                if found is None:
                    continue
            else:
                found = greedy(words, self.rng, t_end, max_width=mw, max_height=mh, tries=1 if box else 200)
            if found is None:
                if box is not None:
                    side += 1
                continue
            if box is not None:
                side = max(longest, min(side, max(found.height, found.width)) - 1)
            if best is None or key(found, inst.prefer) < key(best, inst.prefer):
                best = found
            if len(words) == 1:
                break
        return best

    def seeded(self, mw: int | None, mh: int | None) -> Layout | None:
        """A greedy start from a random rectangle instead of the longest word."""
        block = self.rng.choice(self.blocks)
        rest = [w for w in self.inst.words if w not in block.words]
        return grown(Board(block.placements), rest, self.rng, mw, mh)

    def find_motifs(self, t_end: float) -> None:
        """The rectangles of the list (a short share of the time), indexed by word."""
        if len(self.inst.words) < 4 or self.rules:
            return  # with user rules every move is clingo's
        order = list(self.inst.words)
        self.rng.shuffle(order)  # a list with more rectangles than kept is sampled differently per seed
        self.blocks = rectangles(order, time.monotonic() + MOTIF_TIME * max(0.0, t_end - time.monotonic()))
        for i, block in enumerate(self.blocks):
            for w in block.words:
                self.blocks_of.setdefault(w, []).append(i)

    def fit_rules(self, layout: Layout, t_end: float) -> Layout | None:
        """User rules may reject the greedy layout: try it and its transpose, then grow the freed
        part until clingo finds a layout that satisfies them."""
        for start in (layout, layout.transposed()):
            cands = {p.word: [p] for p in start.placements}
            found, _, _ = self.solve_sub(cands, start.placements[0].word, t_end - time.monotonic())
            if found is not None:
                return found
        k = 2
        while self.going(t_end):
            free = self.pick_free(layout, k)
            cands, root = self.neighbourhood(layout, free)
            found, _, _ = self.solve_sub(cands, root, min(SLICE, t_end - time.monotonic()))
            if found is not None:
                return found
            k = min(len(self.inst.words), k + 1)
        return None

    def improve(self, best: Layout, until: float) -> Layout:
        prefer = self.inst.prefer
        n = len(self.inst.words)
        k, stall = min(3, n), 0
        best = self.relocate(best, until)
        ruin = RUIN_SHARE * max(0.0, until - time.monotonic())
        best = self.ruin_recreate(best, time.monotonic() + 0.7 * ruin)
        best = self.ruin_recreate(best, time.monotonic() + 0.3 * ruin, worse=0.0)  # then only no-worse steps
        while self.going(until - 0.05):
            self.iterations += 1
            free = self.pick_free(best, k)
            cands, root = self.neighbourhood(best, free)
            found, _, _ = self.solve_sub(cands, root, min(SLICE, until - time.monotonic()))
            if found is not None and key(found, prefer) <= key(best, prefer):
                if key(found, prefer) < key(best, prefer):
                    self.improvements += 1
                    k, stall = min(3, n), 0
                    found = self.relocate(found, until)
                best = found
            else:
                stall += 1
            if stall >= 4:
                k, stall = (k + 1 if k < min(MAX_FREE, n) else min(3, n)), 0
        return best

    def prove(self, best: Layout | None, t_end: float) -> Outcome:
        """The complete model in a box (the instance's max_width x max_height, else a square a
        little larger than the best layout's): every word free, the longest across (when the box is
        square and there are no user rules: a transposed layout is as good), the layout touching
        row 0 and column 0 (no translated copies)."""
        inst = self.inst
        side = max(best.height, best.width) + 2 if best is not None else 0
        height = inst.max_height or side
        width = inst.max_width or side
        root = max(inst.words, key=len)
        cands: dict[str, list[Placement]] = {}
        for w in inst.words:
            dirs = ("across",) if w == root and height == width and not self.rules else ("across", "down")
            cands[w] = box_candidates(w, height, width, dirs)
        found, exhausted, interrupted = self.solve_sub(
            cands, root, t_end - time.monotonic(), origin=True, max_height=height, max_width=width
        )
        if found is not None and (best is None or key(found, inst.prefer) < key(best, inst.prefer)):
            self.improvements += 1
            best = found
        optimal = exhausted and not interrupted
        return Outcome(best, optimal=optimal, proved_box=(height, width) if optimal else None, stats=self.stats)
