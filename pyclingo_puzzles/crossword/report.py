"""A crossword run as the command reports it: P-99 site filling (words given) or dictionary fill
(--dictionary). Plain values in (one ``FillOptions`` and what the run ``Asked`` besides), the file
read once, ``api`` solves, a ``Report`` out. The command's options: ``cli/commands/crossword.py``."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from ..core.errors import InputError, read_text
from ..formats import count
from ..formats.ipuz import to_text as ipuz_text
from ..formats.output import warn
from ..formats.pagetext import PageAsked
from ..formats.report import Report
from ..run import runtime
from .api import clues_of, dressed, fill_with, solve_with
from .construction.themes import Theme, file_themes, fit_themes, parse_theme, theme_letters, with_letters
from .framework import Framework
from .options import BLOCK_SHARE, FillOptions
from .outputs import exports, render
from .reader import EXCHANGE_SUFFIXES, CrosswordInstance, Dictionary, framework_of, read
from .result import CrosswordResult
from .solution import CrosswordSolution
from .wordlists import english
from .wordlists import lists as wordlists
from .wordlists.dictionaries import assembled

NAME = "crossword"
# the files a run offers (``Report.files``), as data: the command and the web app read it
OUTPUTS = ("ipuz", "puz", "svg", "svg_key", "pdf", "html")


class WordListAsked(NamedTuple):
    """The word lists asked for: ``dictionary`` (files or ``en``; None: not given), the offensive
    words kept, the words of the ``exclude`` file and each ``ban`` left out."""

    dictionary: tuple[str, ...] | None = None
    allow_offensive: bool = False
    exclude: Path | None = None
    ban: tuple[str, ...] = ()


class PatternAsked(NamedTuple):
    """A pattern generated from nothing: its ``size`` (WxH; None: the FILE's framework), symmetry,
    most entries and share of blocks."""

    size: str | None = None
    symmetry: str = "rotational"
    max_words: int | None = None
    max_block_share: float = BLOCK_SHARE


class Asked(NamedTuple):
    """What a run asks besides its ``FillOptions``: the input FILE, the word lists, a pattern,
    theme entries, ``keep_letters`` of a .puz/.ipuz, the ``clues`` file, the printed pages and
    whether the answer prints as JSON."""

    file: Path | str
    words: WordListAsked
    pattern: PatternAsked
    page: PageAsked
    themes: tuple[str, ...] = ()
    keep_letters: bool = False
    clues: Path | None = None
    paper: str = "a4"
    as_json: bool = False
    inline_clues: tuple[tuple[str, str], ...] = ()  # a YAML instance's ``clues`` (the --clues file's win)
    sized_file: bool = False  # the FILE's ``size`` asks for the pattern (``in_instance``)


def run(args: Asked, options: FillOptions) -> Report:
    """The file read once (``reader.read``): a word list is placed (P-99) unless ``--dictionary`` is
    given; a framework without words (a .grid, a framework-only .dat or YAML) is filled from
    ``--dictionary``, by default the built-in English one."""
    if str(args.file) == "-":  # the format is the file's (a .grid, a .dat, YAML): it said "-: file not found"
        raise InputError("crossword reads a FILE (.dat, .yaml or .grid), not standard input", "-")
    runtime.price(None if options.count_only else render.render_one(args.as_json))  # the answers' reserve
    if options.unique:  # not with --models, --count, --optimize: one line before anything is read
        options.checked(str(args.file), command=True)
    text = None
    if args.pattern.size is None and Path(args.file).suffix.lower() not in EXCHANGE_SUFFIXES:
        text = read_text(args.file)  # once: for its options, the puzzle and the theme lines
        args, options = in_instance(args, options, text)
    if args.pattern.size is not None:
        return generated(args, options, text)
    notes: list[str] = []
    puzzle = read(args.file, args.keep_letters, notes, text)
    for note in notes:  # what a .puz or .ipuz framework holds that a framework cannot
        warn(f"{args.file}: {note}")
    if args.keep_letters and Path(args.file).suffix.lower() not in EXCHANGE_SUFFIXES:
        warn(f"{args.file}: --keep-letters is for a .puz or .ipuz FILE (other frameworks keep their letters)")
    if args.words.dictionary is None and isinstance(puzzle, CrosswordInstance):
        ignored = options.dictionary_only() + word_list_options(args.words)
        ignored += [o for o, on in (("--theme", args.themes), ("--min-differ", options.min_differ)) if on]
        if ignored:
            warn(f"{args.file}: {', '.join(ignored)}: for a dictionary fill (--dictionary); ignored for a word list")
        return report(args, options, solve_with(puzzle, options, warn), puzzle.framework)
    return report(args, options, fill_from_dictionary(args, puzzle, options, text), framework_of(puzzle))


def in_instance(args: Asked, options: FillOptions, text: str) -> tuple[Asked, FillOptions]:
    """What a YAML FILE (its ``text``) says besides its puzzle (``reader.instance_options``: clues,
    a size, the dictionary's least length and score), under what the command line says."""
    import dataclasses

    from .reader import instance_options

    found = instance_options(args.file, text)
    if "clues" in found:
        args = args._replace(inline_clues=tuple(found["clues"].items()))  # type: ignore[attr-defined]
    if "size" in found:
        args = args._replace(pattern=args.pattern._replace(size=str(found["size"])), sized_file=True)
    given = {k: found[k] for k in ("min_length", "min_score") if k in found}
    return args, dataclasses.replace(options, **given) if given else options  # type: ignore[arg-type]


def word_list_options(args: WordListAsked) -> list[str]:
    """The options that build the dictionary, as given (they mean nothing to a word list)."""
    given = [("--allow-offensive", args.allow_offensive), ("--exclude", args.exclude is not None)]
    return [option for option, on in [*given, ("--ban", bool(args.ban))] if on]


def fill_from_dictionary(args: Asked, puzzle: CrosswordInstance | Framework, options: FillOptions, text: str | None):
    """The dictionary fill: each ``--dictionary`` (a file, or ``en``; by default the built-in one),
    merged, less ``--exclude`` and ``--ban``. ``text``: the file's, as read (its theme lines)."""
    options.checked(str(args.file), command=True)
    notes = ["the file's word list is ignored with --dictionary"] if isinstance(puzzle, CrosswordInstance) else []
    framework = framework_of(puzzle)
    wanted = [parse_theme(t) for t in args.themes] + in_file_themes(args.file, text)
    themes = fit_themes(framework, wanted, "--theme") if wanted else []
    dictionary, skipped = word_list(args.words, options)
    for note in notes:  # after every input is read: a run that ends in an error prints one line only
        warn(f"{args.file}: {note}")
    for line in skipped:
        warn(line)
    if themes:  # the fill's framework has their letters; the report's (framework_of) has not
        from .construction.construct import with_themes

        framework, dictionary = with_letters(framework, theme_letters(themes)), with_themes(dictionary, tuple(themes))
    result = fill_with(framework, dictionary, options)
    if result.core is not None and themes:
        from .construction.construct import themes_in_core

        for theme in themes_in_core(themes, result.core):
            warn(f"{args.file}: theme entry {theme.text()}: it and its crossings cannot be filled (the core)")
    return result


def word_list(args: WordListAsked, options: FillOptions) -> tuple[Dictionary, list[str]]:
    """Each ``--dictionary`` (a file, or ``en``; by default the built-in one), merged, less
    ``--exclude`` and ``--ban``; and the warnings about lines skipped."""
    names = args.dictionary or [english.NAME]
    left_out = wordlists.banned_words(args.ban)
    if args.exclude is not None:
        left_out |= wordlists.read_word_set(args.exclude)
    sources = [name if name == english.NAME else Path(name) for name in names]  # a Path("en") is a file
    return assembled(sources, options.min_length, options.min_score, args.allow_offensive, left_out,
                     str(args.exclude or "--ban"), names)  # fmt: skip


def report(
    args: Asked, options: FillOptions, result: CrosswordResult, framework: Framework, name: str | None = None
) -> Report:
    """A result as the command reports it (text, JSON or only the count, outputs); both modes.
    The exported puzzle shows the framework's predefined letters and the ``--clues``. ``name``:
    the run's, when not its FILE's (a generated pattern: its size)."""
    if options.count_only:
        return count.report(result.count, result.exhausted, result.clingo_code)
    path = str(args.file) if name is None else name
    asked = args.page
    words = [p.word for p in result.solutions[0].placements] if result.solutions else []
    clues = {**dict(args.inline_clues), **clues_of(args.clues)}
    page = asked.page(Path(path).stem, exports.instructions(bool(clues), words))
    if result.core is not None and not result.solutions:  # no fill: --svg and --pdf mark the core's slots
        from .construction import construct

        files = construct.core_files(framework, result.core, page.title, args.paper)
        return Report(result.clingo_code, text=lambda: result.text(path, options.models) + "\n", json=result.to_json,
                      files=files, stats=result.stats, answered=True)
    dressed(result, framework, clues, page.title)
    if result.solutions and clues:
        missing = result.unclued()
        if missing:
            where = args.clues or f"{args.file}: clues"
            how_many = f"{len(missing)} {'entry' if len(missing) == 1 else 'entries'}"
            warn(f"{where}: no clue for {how_many} (empty clues written): {', '.join(missing)}")

    def first() -> CrosswordSolution:  # the files are made only for an answer (Report.answered)
        return result.solutions[0]

    return Report(
        result.clingo_code,
        text=lambda: result.text(path, options.models) + "\n",
        json=result.to_json,
        files={
            "ipuz": lambda: ipuz_text(result.to_ipuz()),
            "puz": result.to_puz,
            "svg": lambda: exports.svg_page(first(), page, result.clues, key=False, given=result.given),
            "svg_key": lambda: exports.svg_page(first(), page, result.clues, key=True),
            "pdf": lambda: render.pdf(result.solutions, page, args.paper, result.given, result.clues),
            "html": lambda: result.to_html(**asked.html(page.title)),
        },
        stats=result.stats,
        answered=bool(result.solutions),
    )


def generated(args: Asked, options: FillOptions, text: str | None = None) -> Report:
    """``--size``: a pattern and its fill from nothing (``construct.generate_fill``)."""
    from .construction import construct
    from .construction.pattern import PatternSpec, check_spec, parse_size

    files = [f for f in (args.file if isinstance(args.file, list) else [args.file]) if str(f) != "--size"]
    if files and not args.sized_file:
        raise InputError("give FILE or --size, not both", "--size")
    file_themes = [t.text() for t in in_file_themes(files[0], text)] if files else []
    pattern = args.pattern
    rows, cols = parse_size(pattern.size or "")  # given: generated() is run for --size
    spec = PatternSpec(rows, cols, pattern.symmetry, options.min_length, pattern.max_words, pattern.max_block_share,
                       tuple(parse_theme(t) for t in (*args.themes, *file_themes)))
    spec = check_spec(spec)  # bad options: one line before the dictionary is built
    dictionary, skipped = word_list(args.words, options)
    for line in skipped:
        warn(line)
    floor = construct.default_floor(args.words.dictionary or [english.NAME], options.min_score)
    made, spec = construct.generate_fill(spec, dictionary, options, floor)
    result = construct.generated_result(made, spec, dictionary, options)
    name = f"{cols}x{rows}"  # what the report names the run (the arguments are not changed)
    if made.gave_up:  # e.g. --max-words too small for the size: proved, with the reason
        warn(f"{name}: {made.gave_up} (symmetry, entry lengths, --max-words, --max-block-share, themes)")
        if spec.themes:
            names = ", ".join(t.text() for t in spec.themes)
            tried = f"{made.patterns} tried, every one proved unfillable"
            warn(f"{name}: the theme entries {names} cannot be placed on a pattern these rules allow"
                 if not made.patterns else f"{name}: no pattern these rules allow with the theme entries {names} "
                 f"can be filled ({tried})")  # fmt: skip
    if not result.solutions:
        for line in construct.unfilled_reason(made, spec, options.min_score):
            warn(f"{name}: {line}")
    blank = made.framework if made.framework is not None else Framework(())
    return report(args, options, result, construct.without_themes(blank, spec.themes), name)


def in_file_themes(path: Path | str, text: str | None) -> list[Theme]:
    """The theme entries a .grid or YAML framework names (``theme:``, docs/crossword.md), from its
    ``text`` as read."""
    if text is None or Path(path).suffix.lower() not in (".grid", ".yaml", ".yml"):
        return []
    return file_themes(str(path), text)
