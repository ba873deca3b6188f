"""The predicates of each shipped encoding, their arguments named: the contract between a driver and
its encoding, and what users' rules may refer to (docs/rules.md, "One vocabulary").

- ``input``: the facts the driver gives (some optional, declared ``#defined``);
- ``output``: what the encoding shows (its ``#show`` statements), which the driver decodes;
- ``derived``: what the encoding defines for users' rules.

Each encoding's header lists the same predicates with the same argument names, one per line;
``tests/core/test_signatures.py`` reads the headers and the ``#show`` statements with clingo's
parser and compares them to this table.
Plain data, so the command imports it at no cost.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

Signature = tuple[str, int]


def _atom(spec: str) -> tuple[Signature, tuple[str, ...]]:
    """``"word(W, T)"`` -> ``(("word", 2), ("W", "T"))``: the arguments are named by the vocabulary's
    variables (docs/rules.md), so each position says what it holds (a word, a site, a row ...)."""
    name, _, args = spec.partition("(")
    names = tuple(a.strip() for a in args.rstrip(")").split(",")) if args else ()
    return (name, len(names)), names


class Predicates(NamedTuple):
    input: frozenset[Signature]
    output: frozenset[Signature]
    derived: frozenset[Signature]
    arguments: dict[Signature, tuple[str, ...]]  # each predicate's arguments, by the vocabulary's names


def _predicates(input: tuple[str, ...], output: tuple[str, ...], derived: tuple[str, ...]) -> Predicates:
    parts = [dict(map(_atom, specs)) for specs in (input, output, derived)]
    arguments = {sig: names for part in parts for sig, names in part.items()}
    return Predicates(frozenset(parts[0]), frozenset(parts[1]), frozenset(parts[2]), arguments)


ENCODINGS: dict[str, Predicates] = {
    "codeword.lp": _predicates(
        input=(
            "cell(S, I, R, C)", "code(R, C, N)", "alphabet(X)", "word(W, T)", "letter(W, I, X)", "cand(W, S)",
            "given(N, X)", "key(N, X)",
        ),
        output=("decode(N, X)", "place(W, S)"),
        derived=("number(N)", "val(R, C, X)", "possible(S, I, X)", "differs"),
    ),
    "codeword_letters.lp": _predicates(
        input=("val(R, C, X)",),
        output=(),  # those of the encoding it is loaded after
        derived=("every_letter(X)", "used(X)"),
    ),
    "crossword.lp": _predicates(
        input=(
            "word(W, T)", "letter(W, I, X)", "site(S, L)", "site_at(S, R, C, D)", "predefined(R, C, X)", "cand(W, S)",
        ),
        output=("place(W, S)",),
        derived=(
            "word_length(W, L)", "cell(S, I, R, C)", "crossing(S1, I1, S2, I2)", "fits(W, S)", "can_show(S, I, X)",
            "val(R, C, X)", "supported(S, I, X)",
        ),
    ),
    "crossword_core.lp": _predicates(
        input=("slot_cell(S, I, VR, VC, R, C)",),
        output=("assumed(S)",),
        derived=("shared_option(R, C, X)", "shared_val(R, C, X)"),
    ),
    "crossword_differ.lp": _predicates(
        input=("earlier_fill(F)", "was(F, S, R, C, X)"),
        output=(),  # those of the encoding it is loaded after
        derived=("differs(F, S)",),
    ),
    "crossword_fill.lp": _predicates(
        input=(
            "site(S, L)", "site_at(S, R, C, D)", "cell(S, I, R, C)", "word(W, T)", "letter(W, I, X)", "cand(W, S)",
            "option(R, C, X)", "score(W, N)",
        ),
        output=("place(W, S)", "val(R, C, X)"),
        derived=("white(R, C)", "supported(S, I, X)", "best(S, M)"),
    ),
    "crossword_pattern.lp": _predicates(
        input=("theme(R, C, D, L)", "no_word(R, C, D, L)", "long_ok(R, C, D, L)"),
        output=("block(R, C)",),
        derived=(
            "grid_cell(R, C)", "white(R, C)", "open(R, C)", "shut(R, C)", "start(R, C, D)", "run(R, C, D, L)",
            "slot(R, C, D, L)", "seen(N)", "first_white(N)", "reach(R, C)",
        ),
    ),
    "fillin.lp": _predicates(
        input=("answer(R, C, X)", "starter(R, C)"),
        output=(),  # those of the encoding it is loaded after
        derived=("other",),
    ),
    "givens.lp": _predicates(
        input=("meets(K, E)",),
        output=("given(E)",),
        derived=("ruled_out(K)",),
    ),
    "layout.lp": _predicates(
        input=(
            "word(W)", "letter(W, I, X)", "cand(W, R, C, D)", "root(W)", "prefer(P)", "max_width(N)", "max_height(N)",
            "origin",
        ),
        output=("place(W, R, C, D)", "crossing(R, C)", "height(H)", "width(Width)"),
        derived=(
            "word_length(W, L)", "val(R, C, X)", "filled(R, C)", "covered(R, C, D)", "top(R)", "bottom(R)", "left(C)",
            "right(C)",
        ),
    ),
    "strips.lp": _predicates(
        input=("grid(G)", "color(G, R, C, X)", "strip_length(L)"),
        output=("tiled(G)", "use(G, R, C, D, L)"),
        derived=(
            "size(G, Width, Height)", "inside(Width, Height, R, C, D, L)", "covers(Width, Height, R, C, D, L, R2, C2)",
            "pattern_of(G, R, C, D, L, P)", "pattern(P, L)", "slack(G, K)", "uses(G, P, N)",
        ),
    ),
    "wordsearch.lp": _predicates(
        input=(
            "word(W, T)", "letter(W, I, X)", "cand(W, K, R, C, DX, DY)", "size(Width, Height)", "message_length(M)",
            "priority(W, P)", "max_words(N)",
        ),
        output=("place(W, K)",),
        derived=(
            "cand(W, K)", "cand_dir(W, K, DX, DY)", "cand_cell(W, K, R, C, X)", "val(R, C, X)", "taken(R, C)",
            "placed(W)",
        ),
    ),
}

NONE = Predicates(frozenset(), frozenset(), frozenset(), {})


def of(encoding: str | Path) -> Predicates:
    """The predicates of a shipped encoding, by name or path (an unknown one: none)."""
    return ENCODINGS.get(Path(encoding).name, NONE)


def outputs(encoding: str | Path) -> tuple[Signature, ...]:
    """What an encoding shows, sorted (the projection of ``--project``)."""
    return tuple(sorted(of(encoding).output))
