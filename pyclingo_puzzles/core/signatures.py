"""The predicates of each shipped encoding, with their arities: the contract between a driver and
its encoding, and what users' rules may refer to (docs/rules.md, "One vocabulary").

- ``input``: the facts the driver gives (some optional, declared ``#defined``);
- ``output``: what the encoding shows (its ``#show`` statements), which the driver decodes;
- ``derived``: what the encoding defines for users' rules.

Each encoding's header lists the same predicates, one per line; ``tests/core/test_signatures.py``
reads the headers and the ``#show`` statements with clingo's parser and compares them to this table.
Plain data, so the command imports it at no cost.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

Signature = tuple[str, int]


def _signatures(*specs: str) -> frozenset[Signature]:
    """``"word/2"`` -> ``("word", 2)``."""
    return frozenset((name, int(arity)) for name, arity in (spec.rsplit("/", 1) for spec in specs))


class Predicates(NamedTuple):
    input: frozenset[Signature]
    output: frozenset[Signature]
    derived: frozenset[Signature]


ENCODINGS: dict[str, Predicates] = {
    "wordsearch.lp": Predicates(
        input=_signatures(
            "word/2", "letter/3", "cand/6", "size/2", "message_length/1", "priority/2", "max_words/1"
        ),
        output=_signatures("place/2"),
        derived=_signatures("cand/2", "cand_dir/4", "cand_cell/5", "val/3", "taken/2", "placed/1"),
    ),
    "codeword.lp": Predicates(
        input=_signatures(
            "cell/4", "code/3", "alphabet/1", "word/2", "letter/3", "cand/2", "given/2", "key/2"
        ),
        output=_signatures("decode/2", "place/2"),
        derived=_signatures("number/1", "val/3", "possible/3", "differs/0"),
    ),
    "codeword_letters.lp": Predicates(
        input=_signatures("val/3"),
        output=_signatures(),  # those of crossword_fill.lp, which it is loaded after
        derived=_signatures("every_letter/1", "used/1"),
    ),
    "crossword.lp": Predicates(
        input=_signatures("word/2", "letter/3", "site/2", "site_at/4", "predefined/3", "cand/2"),
        output=_signatures("place/2"),
        derived=_signatures(
            "word_length/2", "cell/4", "crossing/4", "fits/2", "can_show/3", "val/3", "supported/3"
        ),
    ),
    "crossword_fill.lp": Predicates(
        input=_signatures(
            "site/2", "site_at/4", "cell/4", "word/2", "letter/3", "cand/2", "option/3", "score/2"
        ),
        output=_signatures("place/2", "val/3"),
        derived=_signatures("white/2", "supported/3", "best/2"),
    ),
    "crossword_core.lp": Predicates(
        input=_signatures("slot_cell/6"),
        output=_signatures("assumed/1"),
        derived=_signatures("shared_option/3", "shared_val/3"),
    ),
    "crossword_differ.lp": Predicates(
        input=_signatures("earlier_fill/1", "was/5"),
        output=_signatures(),  # those of crossword_fill.lp, which it is loaded after
        derived=_signatures("differs/2"),
    ),
    "crossword_pattern.lp": Predicates(
        input=_signatures("theme/4", "no_word/4", "long_ok/4"),
        output=_signatures("block/2"),
        derived=_signatures(
            "grid_cell/2", "white/2", "open/2", "shut/2", "start/3", "run/4", "slot/4", "seen/1", "first_white/1",
            "reach/2",
        ),
    ),
    "fillin.lp": Predicates(
        input=_signatures("answer/3", "starter/2"),
        output=_signatures(),  # those of crossword.lp, which it is loaded after
        derived=_signatures("other/0"),
    ),
    "givens.lp": Predicates(
        input=_signatures("meets/2"),
        output=_signatures("given/1"),
        derived=_signatures("ruled_out/1"),
    ),
    "layout.lp": Predicates(
        input=_signatures(
            "word/1", "letter/3", "cand/4", "root/1", "prefer/1", "max_width/1", "max_height/1", "origin/0"
        ),
        output=_signatures("place/4", "crossing/2", "height/1", "width/1"),
        derived=_signatures(
            "word_length/2", "val/3", "filled/2", "covered/3", "top/1", "bottom/1", "left/1", "right/1"
        ),
    ),
    "strips.lp": Predicates(
        input=_signatures("grid/1", "color/4", "strip_length/1"),
        output=_signatures("tiled/1", "use/5"),
        derived=_signatures(
            "size/3", "inside/6", "covers/8", "pattern_of/6", "pattern/2", "slack/2", "uses/3"
        ),
    ),
}

NONE = Predicates(frozenset(), frozenset(), frozenset())


def of(encoding: str | Path) -> Predicates:
    """The predicates of a shipped encoding, by name or path (an unknown one: none)."""
    return ENCODINGS.get(Path(encoding).name, NONE)


def outputs(encoding: str | Path) -> tuple[Signature, ...]:
    """What an encoding shows, sorted (the projection of ``--project``)."""
    return tuple(sorted(of(encoding).output))
