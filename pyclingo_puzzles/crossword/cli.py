"""``pyclingo-puzzles crossword``: P-99 site filling (words given) or dictionary fill (--dictionary); a thin
adapter: the arguments become one ``FillOptions``, the file is read once, ``api`` solves, ``report`` prints."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..core.errors import InputError, read_text
from ..formats import args as argtypes
from ..formats import count, pagetext
from ..formats.ipuz import to_text as ipuz_text
from ..formats.output import warn
from ..formats.report import Report
from ..run import runtime
from .api import clues_of, dressed, fill_with, solve_with
from .construction.themes import Theme, file_themes, fit_themes, parse_theme, theme_letters, with_letters
from .framework import Framework
from .options import BLOCK_SHARE, DEFAULT_SHARED, SYMMETRIES, FillOptions, rule_paths
from .outputs import exports, render
from .reader import EXCHANGE_SUFFIXES, CrosswordInstance, Dictionary, framework_of, read
from .result import CrosswordResult
from .solution import CrosswordSolution
from .wordlists import english
from .wordlists import lists as wordlists
from .wordlists.dictionaries import dictionary_of

NAME = "crossword"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file",
        nargs="*",
        type=Path,
        metavar="FILE",
        help="P-99 .dat file or YAML instance (words and framework), or a framework only (.grid, .dat, .yaml) to fill "
        "from --dictionary; none with --size",
    )
    count.add_argument(parser)
    parser.add_argument("--ipuz", type=Path, metavar="FILE", help="write the (first) solution as .ipuz")
    parser.add_argument("--puz", type=Path, metavar="FILE", help="write the (first) solution as Across Lite .puz")
    parser.add_argument(
        "--svg", type=Path, metavar="FILE", help="write the (first) solution's blank numbered puzzle (SVG; - stdout)"
    )
    parser.add_argument("--svg-key", type=Path, metavar="FILE", help="write the (first) filled grid, the key (SVG)")
    parser.add_argument(
        "--clues", type=Path, metavar="FILE", help="clues for the entries: WORD;clue or WORD<TAB>clue lines"
    )
    parser.add_argument(
        "--keep-letters",
        action="store_true",
        help="a .puz or .ipuz FILE: keep its solution's letters as given letters (default: only its blocks and givens)",
    )
    argtypes.add_pdf_arguments(parser, "write printable pages: each solution's numbered blank grid, then the fills")
    argtypes.add_html_argument(parser, "fill the (first) solution's grid, with checks and reveals")
    add_construct_arguments(parser)
    add_dictionary_arguments(parser.add_argument_group("dictionary fill (with --dictionary)"))


def add_dictionary_arguments(g: argparse._ArgumentGroup) -> None:
    """The dictionary fill's options: the word lists, then how the fill uses them."""
    g.add_argument(
        "--dictionary",
        action="append",
        default=None,
        metavar="WORDS.txt",
        help="fill the framework from this word list (one word per line, or WORD;SCORE), or 'en': the built-in "
        "English dictionary scored by word frequency (the default for a framework without words, e.g. a .grid); "
        "repeatable: the lists merge, a word scoring its best",
    )
    g.add_argument(
        "--allow-offensive", action="store_true", help="keep the offensive words 'en' leaves out (better-profanity)"
    )
    g.add_argument("--exclude", type=Path, metavar="FILE", help="leave out the words of FILE (one a line)")
    g.add_argument("--ban", action="append", default=[], metavar="WORD", help="leave out WORD (repeatable)")
    g.add_argument(
        "--max-shared-substring",
        type=argtypes.non_negative_int,
        default=DEFAULT_SHARED,
        metavar="N",
        help=f"no two entries share a run of N letters (default {DEFAULT_SHARED}; 0: no limit)",
    )
    g.add_argument(
        "--no-repeat",
        dest="no_repeat",
        action="store_true",
        default=True,
        help="never use a word twice (default)",
    )
    g.add_argument(
        "--allow-repeat",
        dest="no_repeat",
        action="store_false",
        help="allow the same word on several sites",
    )
    g.add_argument(
        "--min-length",
        type=argtypes.positive_int,
        default=None,
        metavar="N",
        help="ignore dictionary words shorter than N (default 2); with --size, also the shortest entry (default 3)",
    )
    g.add_argument(
        "--min-score",
        type=int,
        default=None,
        metavar="S",
        help="ignore dictionary words scored below S (scored lists: WORD;SCORE; 'en' scores Zipf frequency x 100 "
        "and leaves out words below 200 unless S is given)",
    )
    g.add_argument("--optimize", action="store_true", help="maximise the total score of the fill")
    g.add_argument(
        "--word-atoms",
        action="store_true",
        help="ground the word atoms place/2 instead of the word propagator (slower; implied by --optimize "
        "and by --rules files that mention place/2)",
    )


def run(args: argparse.Namespace) -> Report:
    """The file read once (``reader.read``): a word list is placed (P-99) unless ``--dictionary`` is
    given; a framework without words (a .grid, a framework-only .dat or YAML) is filled from
    ``--dictionary``, by default the built-in English one."""
    if str(args.file) == "-":  # the format is the file's (a .grid, a .dat, YAML): it said "-: file not found"
        raise InputError("crossword reads a FILE (.dat, .yaml or .grid), not standard input", "-")
    options = fill_options(args)
    runtime.price(None if options.count_only else render.render_one(args.json))  # the answers' reserve
    if args.size is not None:
        return generated(args, options)
    notes: list[str] = []
    puzzle = read(args.file, args.keep_letters, notes)
    for note in notes:  # what a .puz or .ipuz framework holds that a framework cannot
        warn(f"{args.file}: {note}")
    if args.keep_letters and Path(args.file).suffix.lower() not in EXCHANGE_SUFFIXES:
        warn(f"{args.file}: --keep-letters is for a .puz or .ipuz FILE (other frameworks keep their letters)")
    if args.dictionary is None and isinstance(puzzle, CrosswordInstance):
        ignored = options.dictionary_only() + word_list_options(args)
        ignored += [o for o, on in (("--theme", args.theme), ("--min-differ", args.min_differ)) if on]
        if ignored:
            warn(f"{args.file}: {', '.join(ignored)}: for a dictionary fill (--dictionary); ignored for a word list")
        return report(args, solve_with(puzzle, options, warn), puzzle.framework)
    return report(args, fill_from_dictionary(args, puzzle, options), framework_of(puzzle))


def fill_options(args: argparse.Namespace) -> FillOptions:
    """The options of this run, from the arguments (once: nothing below changes them, nor them).
    ``--min-length`` unset: 2 for a dictionary's words, 3 with ``--size`` (also its shortest entry)."""
    min_length = args.min_length if args.min_length is not None else (2 if args.size is None else 3)
    return FillOptions(
        rules=rule_paths(args.rules), models=args.models, seed=args.seed, time_limit=args.time_limit,
        count_only=args.count, no_repeat=args.no_repeat, optimize=args.optimize, word_atoms=args.word_atoms,
        jobs=args.jobs, min_length=min_length, min_score=args.min_score, min_differ=args.min_differ,
        max_shared_substring=args.max_shared_substring,
    )


def word_list_options(args: argparse.Namespace) -> list[str]:
    """The options that build the dictionary, as given (they mean nothing to a word list)."""
    given = [("--allow-offensive", args.allow_offensive), ("--exclude", args.exclude is not None)]
    return [option for option, on in [*given, ("--ban", bool(args.ban))] if on]


def fill_from_dictionary(args: argparse.Namespace, puzzle: CrosswordInstance | Framework, options: FillOptions):
    """The dictionary fill: each ``--dictionary`` (a file, or ``en``; by default the built-in one),
    merged, less ``--exclude`` and ``--ban``."""
    options.checked(str(args.file), command=True)
    notes = ["the file's word list is ignored with --dictionary"] if isinstance(puzzle, CrosswordInstance) else []
    if args.dictionary is None:
        notes.append(f"no --dictionary: filling from the built-in English dictionary (--dictionary {english.NAME})")
    framework = framework_of(puzzle)
    wanted = [parse_theme(t) for t in args.theme] + in_file_themes(args.file)
    themes = fit_themes(framework, wanted, "--theme") if wanted else []
    dictionary, skipped = word_list(args, options)
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


def word_list(args: argparse.Namespace, options: FillOptions) -> tuple[Dictionary, list[str]]:
    """Each ``--dictionary`` (a file, or ``en``; by default the built-in one), merged, less
    ``--exclude`` and ``--ban``; and the warnings about lines skipped."""
    names = args.dictionary or [english.NAME]
    lists = [
        dictionary_of(name if name == english.NAME else Path(name), options.min_length, options.min_score,
                      args.allow_offensive)
        for name in names
    ]  # fmt: skip
    left_out = wordlists.banned_words(args.ban)
    if args.exclude is not None:
        left_out |= wordlists.read_word_set(args.exclude)
    dictionary = wordlists.without(wordlists.merge(lists), left_out, str(args.exclude or "--ban"))
    skipped = [f"{name}: skipped {d.skipped_text()}" for name, d in zip(names, lists, strict=True) if d.skipped]
    return dictionary, skipped


def report(args: argparse.Namespace, result: CrosswordResult, framework: Framework, name: str | None = None) -> Report:
    """A result as the command reports it (text, JSON or only the count, outputs); both modes.
    The exported puzzle shows the framework's predefined letters and the ``--clues``. ``name``:
    the run's, when not its FILE's (a generated pattern: its size)."""
    if args.count:
        return count.report(result.count, result.exhausted, result.clingo_code)
    path = str(args.file) if name is None else name
    asked = pagetext.PageAsked(args.title, args.instructions, args.name_line)
    page = asked.page(Path(path).stem, exports.INSTRUCTIONS)
    if result.core is not None and not result.solutions:  # no fill: --svg and --pdf mark the core's slots
        from .construction import construct

        files = construct.core_files(framework, result.core, page.title, args.paper)
        return Report(result.clingo_code, text=lambda: result.text(path, args.models) + "\n", json=result.to_json,
                      files=files, stats=result.stats, answered=True)
    dressed(result, framework, clues_of(args.clues), page.title)
    if result.solutions and args.clues is not None:
        missing = result.unclued()
        if missing:
            warn(f"{args.clues}: no clue for {len(missing)} entries (empty clues written): {', '.join(missing)}")

    def first() -> CrosswordSolution:  # the files are made only for an answer (Report.answered)
        return result.solutions[0]

    return Report(
        result.clingo_code,
        text=lambda: result.text(path, args.models) + "\n",
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


def add_construct_arguments(parser: argparse.ArgumentParser) -> None:
    """--size and the options of a generated pattern, --theme, --min-differ (docs/crossword.md)."""
    g = parser.add_argument_group("a pattern and its fill from nothing (--size), theme entries, alternatives")
    g.add_argument("--size", metavar="WxH", help="generate a block pattern of W columns and H rows (3 to 25 each) "
                   "and fill it; no FILE")
    g.add_argument("--symmetry", choices=SYMMETRIES, default="rotational",
                   help="the blocks' symmetry with --size (default rotational)")
    g.add_argument("--max-words", type=argtypes.positive_int, metavar="N",
                   help="at most N entries with --size (default 78 on 15x15, scaled by area, at least rows + columns)")
    g.add_argument("--max-block-share", type=float, default=BLOCK_SHARE, metavar="F",
                   help=f"at most this share of the cells are blocks with --size (default {BLOCK_SHARE})")
    g.add_argument("--theme", action="append", default=[], metavar="WORD[@ROW,COL,A|D]",
                   help="a theme entry (repeatable): part of the fill, never printed as a given letter; "
                   "rows and columns from 0, A across (default) or D down; placed by the tool when no position")
    g.add_argument("--min-differ", type=argtypes.positive_int, metavar="K",
                   help="with --models N: every two fills differ in at least K entries (default a quarter)")


def generated(args: argparse.Namespace, options: FillOptions) -> Report:
    """``--size``: a pattern and its fill from nothing (``construct.generate_fill``)."""
    from .construction import construct
    from .construction.pattern import PatternSpec, check_spec, parse_size

    if [f for f in (args.file if isinstance(args.file, list) else [args.file]) if str(f) != "--size"]:
        raise InputError("give FILE or --size, not both", "--size")
    rows, cols = parse_size(args.size)
    spec = PatternSpec(rows, cols, args.symmetry, options.min_length, args.max_words, args.max_block_share,
                       tuple(parse_theme(t) for t in args.theme))
    spec = check_spec(spec)  # bad options: one line before the dictionary is built
    dictionary, skipped = word_list(args, options)
    for line in skipped:
        warn(line)
    floor = construct.default_floor(args.dictionary or [english.NAME], options.min_score)
    made, spec = construct.generate_fill(spec, dictionary, options, floor)
    result = construct.generated_result(made, spec, dictionary, options)
    name = f"{cols}x{rows}"  # what the report names the run (the arguments are not changed)
    if made.gave_up:  # e.g. --max-words too small for the size: proved, with the reason
        warn(f"{name}: {made.gave_up} (symmetry, entry lengths, --max-words, --max-block-share, themes)")
        if spec.themes:
            names = ", ".join(t.text() for t in spec.themes)
            warn(f"{name}: the theme entries {names} cannot be placed on a pattern these rules allow")
    blank = made.framework if made.framework is not None else Framework(())
    return report(args, result, construct.without_themes(blank, spec.themes), name)


def in_file_themes(path: Path) -> list[Theme]:
    """The theme entries a .grid or YAML framework names (``theme:``, docs/crossword.md)."""
    if Path(path).suffix.lower() not in (".grid", ".yaml", ".yml"):
        return []
    return file_themes(str(path), read_text(path))
