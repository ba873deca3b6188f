"""``propagator.WordPropagator``'s reasons: the letters of a slot's places that explain why words are
gone, for the clauses it hands clingo (``fillprop.c`` builds the same, literal for literal)."""

from __future__ import annotations

from collections.abc import Callable

from .trail import Layout, ThreadState


def whole_slot(prop: Layout, st: ThreadState, s: int) -> list[int]:
    """All of slot s's letters: the letter set in each place, or the letters ruled out there."""
    clause = []
    for p in prop.slot_places[s]:
        if st.fixed[p]:
            clause.append(-st.fixed[p])
        else:
            clause.extend(st.out[p])
    return clause


def explainer(prop: Layout, st: ThreadState, s: int) -> Callable[[int, int], list[int]]:
    """``explain(acc, skip)``: the letters of slot s's places (other than position skip) whose
    restrictions together leave none of the words acc."""
    fixed, live, out = st.fixed, st.live, st.out
    places, maskd, full = prop.slot_places[s], prop.slot_mask[s], prop.full[s]
    # the restrictions that can explain, strongest first: places with a letter, then the places
    # with letters ruled out, fewest live letters first
    order = [i for i, p in enumerate(places) if fixed[p]]
    ruled = [i for i, p in enumerate(places) if not fixed[p] and out[p]]
    order += sorted(ruled, key=lambda i: len(live[places[i]]))

    def explain(acc: int, skip: int) -> list[int]:
        """a place's letter, or those of its ruled-out letters that remove words still left"""
        clause = []
        for j in order:
            if not acc:
                break
            if j == skip:
                continue
            p = places[j]
            if fixed[p]:
                new = acc & maskd[j][fixed[p]]
                if new != acc:
                    acc = new
                    clause.append(-fixed[p])
                continue
            masks = maskd[j]
            hit = [lit for lit in out[p] if acc & masks[lit]]  # in the order they were ruled out
            if hit:
                gone = 0
                for lit in hit:
                    gone |= masks[lit]
                acc &= full ^ gone
                clause.extend(hit)
        return clause

    return explain
