"""Ruin and recreate in Python: the moves of the search and the walk that makes them.

A move takes a few words out of a valid layout and puts them back: greedily (``ruin_move``), as a
rectangle of four words that closes a cycle (``motif_move``), inside a box one line smaller
(``shrink_move``, the closing phase), or all of them but the words on cycles (``core_move``, while
exploring). Every result is valid by construction and re-checked where a block is placed.
``relocate`` is plain hill climbing, one word at a time.
"""

from __future__ import annotations

import random

from ..core.grid import Placement
from ..run import runtime
from .greedy import Board, Mark, extend
from .grid import Layout, bounds
from .motifs import Block, aligned, attachments, directions, in_the_way, normalised, occupants
from .objective import coarse, key
from .parts import (
    MAX_FREE,
    along_side,
    crossing_graph,
    cycle_core,
    grown,
    largest_part,
    orphan_pair,
    part_with,
    smaller_box,
)
from .reader import LayoutInstance
from .verify import check

PLATEAU_FIRST = True  # see ruin_recreate
RUIN_MAX = 6  # a ruin move takes out 1 to this many words
RESET = 0.01  # chance per move that the walk goes back to the best layout
WORSE = 0.1  # chance to accept a worse layout in ruin-and-recreate (leaves a local optimum)
MOVES = ("ruin", "motif", "shrink", "core")  # the kinds of ruin-and-recreate move
MOTIF_MIN, MOTIF_MAX = 0.05, 0.5  # bounds of the share of ruin-and-recreate moves that put a rectangle in
DECAY = 0.995  # per move, of the credit that sets that share (see ruin_recreate)
ANCHORED = 0.7  # share of those that keep one of its words where it lies and build the rest around it
ANCHOR_SAMPLE = 8  # rectangles holding that word compared (the one disturbing the fewest words is put in)
SHRINK_SHARE = 0.3  # share of the closing phase's moves that shrink the box by a line
CORE_SHARE = 0.3  # share of the exploring walk's moves that rebuild all but the cycles (measured: 0.15 and
# 0.3 alike, +2% crossings on 45 runs; 0.05 too rare to matter)
CORE_DROP = 2  # a core move also frees up to this many words of the cycles (5: no better)
SHRINK_DEPTH = 3  # the words within this many lines of the side move (at random, 1 to this)
MOVE_WORK = 40  # work charged per move beyond its positions fitted (its crossing graph, boards, layouts):
# about 0.2 ms, 40 fits' time, so that 10-word lists (11,000-12,000 moves in a budget) spend as much time per
# unit of work as 50-word ones (2,500): 3.9-4.9 us a unit on the shipped lists (when set: 4.4-5.5 us, and
# 5.5-9.2 us counting fits only)
SLACK: int | None = 2  # while exploring, moves stay within the best layout's box grown by this many
# lines each way (None: unbounded); the closing phase holds the best box itself


class Moves:
    """The Python moves; ``Search`` holds the state they share (instance, random source, counters)."""

    inst: LayoutInstance
    rules: list
    rng: random.Random
    blocks: list[Block]
    blocks_of: dict[str, list[int]]
    moves: int
    charged_work: int
    motif_moves: int
    invalid_moves: int
    improvements: int

    def going(self, mark: Mark | None = None) -> bool:
        raise NotImplementedError

    def done(self) -> int:
        raise NotImplementedError

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
            r0, c0, h, wide = bounds([cell for cs in cells.values() for cell in cs])
            side = self.rng.randrange(4)
            depth = self.rng.choice((1, 2, 3))

            def outer(cell: tuple[int, int]) -> bool:
                r, c = cell
                return (r < r0 + depth, r >= r0 + h - depth, c < c0 + depth, c >= c0 + wide - depth)[side]

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

    def ruin_recreate(self, layout: Layout, until: Mark, worse: float = WORSE) -> Layout:
        """Fast moves in Python: take out a few words (a neighbourhood as for clingo) and put them
        back greedily; keep the result when it is no worse (equal ones too: that walks plateaus);
        until ``until``."""
        if self.rules:
            return layout  # user rules are clingo's to check: no moves made outside it
        prefer = self.inst.prefer
        best = current = layout
        # which move to make: each kind earns credit for the layouts it improved, per work spent
        # (decaying); motif moves pay on short lists and cost more than they bring on long ones
        # shrinking moves only in the closing phase: while exploring, the walk over equal crossings
        # is free to grow the box, and shrinking it then takes the moves that find crossings
        # rebuilding all but the cycles only while exploring: it rarely keeps the box
        kinds = [
            k
            for k in MOVES
            if (k != "motif" or self.blocks) and (k != "shrink" or not worse) and (k != "core" or worse)
        ]
        credit = dict.fromkeys(kinds, 1.0)
        spent = dict.fromkeys(kinds, 2000.0)
        while self.going(until):
            self.moves += 1
            self.charged_work += MOVE_WORK
            kind = self.pick_move(credit, spent)
            tick = self.done()
            found = self.move(kind, current, best, 0 if worse == 0 else SLACK)
            spent[kind] += self.done() - tick
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
            if key(found, prefer) < key(best, prefer):
                best = found  # kept whether or not the walk goes on from it
                self.improvements += 1
            if take or self.rng.random() < worse:
                current = found
            if self.rng.random() < RESET:
                current = best  # back to the best now and then
        return best

    def pick_move(self, credit: dict[str, float], spent: dict[str, float]) -> str:
        """A move kind: "shrink" and "core" (when among the kinds) a fixed share of the moves
        (SHRINK_SHARE, CORE_SHARE); of the rest, "motif" by what it improved per work spent against
        "ruin", within [MOTIF_MIN, MOTIF_MAX]."""
        if "shrink" in credit and self.rng.random() < SHRINK_SHARE:
            return "shrink"
        if "core" in credit and self.rng.random() < CORE_SHARE:
            return "core"
        if "motif" not in credit:
            return "ruin"
        rate = {k: credit[k] / spent[k] for k in ("motif", "ruin")}
        share = min(MOTIF_MAX, max(MOTIF_MIN, rate["motif"] / (rate["motif"] + rate["ruin"])))
        return "motif" if self.rng.random() < share else "ruin"

    def move(self, kind: str, layout: Layout, hold: Layout, slack: int | None) -> Layout | None:
        """One move of that kind, inside ``hold``'s box grown by ``slack`` lines each way (None:
        unbounded but for the instance's box)."""
        mw, mh = self.inst.max_width, self.inst.max_height
        if slack is not None:
            mw = min(x for x in (mw, hold.width + slack) if x is not None)
            mh = min(x for x in (mh, hold.height + slack) if x is not None)
        if kind == "motif":
            return self.motif_move(layout, mw, mh)
        if kind == "shrink":
            return self.shrink_move(layout, mw, mh)
        if kind == "core":
            return self.core_move(layout, mw, mh)
        return self.ruin_move(layout, mw, mh)

    def shrink_move(self, layout: Layout, mw: int | None, mh: int | None) -> Layout | None:
        """Take out the words near one side of the box (1 to SHRINK_DEPTH lines deep, and what that
        cuts off) and put them back greedily in the box one line smaller there: a compaction step."""
        words = set(self.inst.words)
        side = self.rng.randrange(4)
        removed = along_side(layout, side, self.rng.randint(1, SHRINK_DEPTH))
        kept = largest_part(crossing_graph(layout.placements), words - removed)
        if len(words) - len(kept) > MAX_FREE:
            return None
        rest = [p for p in layout.placements if p.word in kept]
        if not rest or orphan_pair(layout.placements, rest):
            return None
        mw, mh = smaller_box(layout, side, mw, mh)
        return extend(Board(rest), sorted(words - kept), self.rng, (), mw, mh)[0]

    def core_move(self, layout: Layout, mw: int | None, mh: int | None) -> Layout | None:
        """Keep the words on cycles of crossings where they lie (``cycle_core``, its largest part,
        less up to CORE_DROP of them at random) and put every other word back greedily. Crossings =
        words - 1 + cycles: the cycles are what a layout has gained, and the words hanging off them,
        laid again as a whole, may close new ones; a ruin move frees at most MAX_FREE words, so it
        cannot rearrange all of them at once."""
        graph = crossing_graph(layout.placements)
        core = sorted(cycle_core(graph))
        drop = min(self.rng.randint(0, CORE_DROP), max(0, len(core) - 1))
        kept = largest_part(graph, set(core) - set(self.rng.sample(core, drop)))
        if len(kept) < 4:
            return None  # no cycle (the bipartite crossing graph has none shorter than four words)
        rest = [p for p in layout.placements if p.word in kept]
        if orphan_pair(layout.placements, rest):
            return None
        return extend(Board(rest), sorted(set(self.inst.words) - kept), self.rng, (), mw, mh)[0]

    def ruin_move(self, layout: Layout, mw: int | None, mh: int | None) -> Layout | None:
        """Take out a few words (``pick_free``) and put them back greedily."""
        words = set(self.inst.words)
        removed = self.pick_free(layout, self.rng.randint(1, max(1, min(len(words) - 1, RUIN_MAX))))
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

    def relocate(self, layout: Layout, until: Mark) -> Layout:
        """Hill climbing in Python: move one word at a time to its best position on the rest (a
        word whose removal leaves a valid, connected layout), while that improves the layout and
        ``until`` is not reached."""
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
                    if runtime.stopping():  # long words: thousands of positions, each a new layout
                        break
                    cand = Layout.of([*rest, q])
                    fits = (mw is None or cand.width <= mw) and (mh is None or cand.height <= mh)
                    if fits and key(cand, prefer) < key(best, prefer):
                        best = cand
                if best is not layout:
                    layout, improved = best, True
                    self.improvements += 1
                    break
        return layout
