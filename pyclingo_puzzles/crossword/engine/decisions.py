"""``propagator.WordPropagator``'s decisions: which open place to decide next, by the thread's value
rule (``options.VALUE_RULES``), and which letter there. ``fillprop.c`` decides alike."""

from __future__ import annotations

from .trail import Layout, Searcher, ThreadState


def choose(prop: Layout, st: ThreadState, sr: Searcher, fallback: int) -> int:
    """The place to decide by the thread's ``value_rule``, and there the letter that keeps the most
    candidates in the slots through it (with scored words: the letter of the best words,
    ``best_words_letter``); ``fallback`` (clingo's own choice) when every place has its letter."""
    cur = st.cur
    best_place = most_failed(prop, st, sr) if sr.value_rule == "failures" else fewest_candidates(prop, st, sr)
    if best_place < 0:
        return fallback
    choice, top = fallback, -1.0
    live = st.live[best_place]
    if sr.random_first:
        sr.random_first = False
        open_letters = [lit for _ch, lit in prop.options[best_place] if lit in live]
        if open_letters:
            return sr.rng.choice(open_letters)
    if prop.scored:
        return best_words_letter(prop, st, best_place, fallback)
    by_min = sr.value_rule == "min"
    for _ch, lit in prop.options[best_place]:
        if lit not in live:
            continue
        counts = [(cur[s] & prop.slot_mask[s][i][lit]).bit_count() for s, i in prop.slots_at[best_place]]
        if by_min:
            support = min(counts)
        else:
            support = 1
            for n in counts:
                support *= n
        if support > top:
            choice, top = lit, support
    return choice


def best_words_letter(prop: Layout, st: ThreadState, place: int, fallback: int) -> int:
    """With scored words: the letter whose best remaining word in each slot through the place
    scores highest (summed over the slots; a letter that empties a slot never wins), so the
    search tries common words first. The tables are sorted best first: a set's best word is its
    lowest bit."""
    cur, live = st.cur, st.live[place]
    choice, top = fallback, None
    for _ch, lit in prop.options[place]:
        if lit not in live:
            continue
        total = 0
        for s, i in prop.slots_at[place]:
            left = cur[s] & prop.slot_mask[s][i][lit]
            if not left:
                break
            total += prop.tables[s].best_score(left)
        else:
            if top is None or total > top:
                choice, top = lit, total
    return choice


def fewest_candidates(prop: Layout, st: ThreadState, sr: Searcher) -> int:
    """The first open place of the open slot with the fewest candidates left (ties at random)."""
    fixed, cur = st.fixed, st.cur
    best: tuple[int, float] | None = None  # (candidates left, random tie-break)
    best_place = -1
    for site in prop.sites:
        s = site.id
        key = (cur[s].bit_count(), sr.rng.random())
        if best is not None and key >= best:
            continue
        for p in prop.slot_places[s]:  # its first open place: the word is spelled from its start
            if not fixed[p]:
                best, best_place = key, p
                break
    return best_place


def most_failed(prop: Layout, st: ThreadState, sr: Searcher) -> int:
    """The open place with the most failures of its slots per live letter (ties: the first)."""
    fixed, live, fails = st.fixed, st.live, sr.fails
    best_place, top = -1, 0.0
    for p, (a, b) in enumerate(prop.crossing):
        if fixed[p]:
            continue
        n = len(live[p])
        if n:
            score = (fails[a] + fails[b]) / n
            if score > top:
                best_place, top = p, score
    return best_place
