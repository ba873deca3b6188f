"""The user's guide and docs/: links resolve, README stays short, no issue numbers, examples stay true."""

from __future__ import annotations

import doctest
import json
import re
import unicodedata
from pathlib import Path

import pytest
from clingo import ast

from pyclingo_puzzles.core import signatures as predicates

from .conftest import ROOT, PublicErrorNames

README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, *sorted(DOCS.glob("*.md"))]

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.M | re.S)


def _prose(text: str) -> str:
    """The page without its fenced code blocks (a link-like text inside code is not a link)."""
    return FENCE.sub("", text)


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = unicodedata.normalize("NFC", heading.strip().lower())
    text = "".join(ch for ch in text if ch.isalnum() or ch in " -_")
    return text.replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    return {_slug(line.lstrip("#")) for line in _prose(page.read_text()).splitlines() if line.startswith("#")}


def _links(page: Path) -> list[str]:
    return [m.group(1) for m in LINK.finditer(_prose(page.read_text()))]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_points_to_an_existing_file_and_heading(page: Path) -> None:
    broken = []
    for link in _links(page):
        if re.match(r"[a-z]+:", link):  # http:, https:, mailto:
            continue
        target, _, anchor = link.partition("#")
        path = (page.parent / target).resolve() if target else page
        if not path.exists():
            broken.append(f"{link}: no file {path.relative_to(ROOT)}")
        elif anchor and path.suffix == ".md" and anchor not in _anchors(path):
            broken.append(f"{link}: no heading #{anchor} in {path.relative_to(ROOT)}")
    assert not broken, f"{page.name}: " + "; ".join(broken)


def test_the_link_check_finds_a_broken_link(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# Title\n\n[ok](#title), [gone](missing.md), ![pic](images/none.svg)\n\n```\n[x](code.md)\n```\n")
    assert _links(page) == ["#title", "missing.md", "images/none.svg"]
    assert _anchors(page) == {"title"}
    assert _slug("Crossword (word list): `encodings/crossword.lp`") == "crossword-word-list-encodingscrosswordlp"


def test_readme_is_a_short_guide() -> None:
    lines = README.read_text().splitlines()
    assert len(lines) <= 300, f"README.md has {len(lines)} lines; move detail to docs/"


ISSUE_REFERENCE = re.compile(r"\bissues?\s+#?\d+|(?<![\w&/])#\d+\b", re.I)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_issue_numbers(page: Path) -> None:
    found = [m.group(0) for m in ISSUE_REFERENCE.finditer(page.read_text())]
    assert not found, f"{page.name} refers to issues by number: {found}; describe the software as it is"


def test_the_issue_check_finds_references() -> None:
    assert ISSUE_REFERENCE.findall("as issue 15 asks; see #21; Issue #3") == ["issue 15", "#21", "Issue #3"]
    assert not ISSUE_REFERENCE.findall("`#show at/3.`, colour #f5c542, [x](a.md#limits), &#38;")


def test_api_page_examples_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("PYCLINGO_PUZZLES_EXIT_CODES")  # the page shows the default exit codes
    page = DOCS / "api.md"
    test = doctest.DocTestParser().get_doctest(page.read_text(encoding="utf-8"), {}, page.name, str(page), 0)
    result = doctest.DocTestRunner(checker=PublicErrorNames()).run(test)
    assert result.attempted > 10 and result.failed == 0


def test_codeword_page_examples_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    page = DOCS / "codeword.md"
    test = doctest.DocTestParser().get_doctest(page.read_text(encoding="utf-8"), {}, page.name, str(page), 0)
    result = doctest.DocTestRunner(checker=PublicErrorNames()).run(test)
    assert result.attempted >= 8 and result.failed == 0


def _rule_blocks() -> list[tuple[str, str]]:
    blocks = []
    for page in (README, DOCS / "rules.md"):
        for i, block in enumerate(re.findall(r"^```prolog\n(.*?)^```", page.read_text(), re.M | re.S)):
            blocks.append((f"{page.name}:{i + 1}", block))
    return blocks


@pytest.mark.parametrize(("name", "program"), _rule_blocks(), ids=[n for n, _ in _rule_blocks()])
def test_rule_examples_are_valid_asp(name: str, program: str) -> None:
    messages: list[str] = []
    ast.parse_string(program, lambda _: None, logger=lambda _code, msg: messages.append(msg))
    assert not messages, f"{name}: {messages}"


def test_the_readme_rule_example_does_what_it_says(tmp_path: Path, cli) -> None:
    """README's down.lp: every word of hola-8x8 runs straight down."""
    (program,) = [block for name, block in _rule_blocks() if name.startswith("README") and "down.lp" in block]
    rules = tmp_path / "down.lp"
    rules.write_text(program)
    res = cli("wordsearch", ROOT / "instances" / "wordsearch" / "hola-8x8.yaml", "--rules", rules, "--json")
    assert res.code == 10
    placements = json.loads(res.out)["placements"]
    assert len(placements) == 6 and all((p["dx"], p["dy"]) == (0, 1) for p in placements)


def test_the_common_options_table_names_what_each_subcommand_takes() -> None:
    """docs/cli.md's "Every subcommand takes" table: each option is in every subcommand's --help,
    or in those its row names in parentheses (`--count` is not layout's)."""
    from pyclingo_puzzles.cli.parsing import build_parser

    text = (DOCS / "cli.md").read_text().split("## Common options", 1)[1].split("\n## ", 1)[0]
    families = {"word search": "wordsearch", "crossword": "crossword", "strips": "strips", "layout": "layout"}
    parser = build_parser()
    helps = {
        name: sub.format_help()
        for action in parser._subparsers._group_actions  # the subcommands' parsers
        for name, sub in action.choices.items()
    }
    rows = re.findall(r"^\| (`[^|]+`) \| (.*) \|$", text, re.M)
    assert rows
    for options, meaning in rows:
        named = re.match(r"\(([^)]*)\)", meaning)
        takers = [families[f.strip()] for f in named[1].split(",")] if named else list(families.values())
        for option in re.findall(r"`(--[a-z-]+)", options):
            for name in families.values():
                assert (option in helps[name]) == (name in takers), (option, name)


def _subcommand_parsers() -> dict:
    from pyclingo_puzzles.cli.parsing import build_parser

    parser = build_parser()
    return {name: sub for action in parser._subparsers._group_actions for name, sub in action.choices.items()}


@pytest.mark.parametrize("family", ["wordsearch", "crossword", "fillin", "strips", "layout", "codeword", "book"])
def test_every_option_in_help_is_documented_on_the_family_page_or_cli_page(family: str) -> None:
    """A user reads the family's page and cli.md: every option of `SUBCOMMAND --help` is there."""
    page = "books" if family == "book" else family
    text = (DOCS / f"{page}.md").read_text() + (DOCS / "cli.md").read_text()
    options = [
        option
        for action in _subcommand_parsers()[family]._actions
        for option in action.option_strings
        if option.startswith("--") and option != "--help"
    ]
    assert options
    missing = [option for option in options if not re.search(rf"`{re.escape(option)}[` =]", text)]
    assert not missing, f"{family} --help has options docs/{family}.md and docs/cli.md do not name: {missing}"


# Each section of docs/rules.md and the encoding it describes.
RULES_SECTIONS = {
    "Word search": "wordsearch.lp",
    "Crossword (word list)": "crossword.lp",
    "Crossword (dictionary fill)": "crossword_fill.lp",
    "Strips": "strips.lp",
    "Layout": "layout.lp",
}


def _encoding_signatures(name: str) -> tuple[set[tuple[str, int]], set[str]]:
    """The predicates (name, arity) an encoding mentions, and its #const names."""
    signatures: set[tuple[str, int]] = set()
    constants: set[str] = set()

    def visit(node: object) -> None:
        if isinstance(node, ast.AST):
            if node.ast_type == ast.ASTType.Definition:
                constants.add(node.name)
            if node.ast_type == ast.ASTType.SymbolicAtom and node.symbol.ast_type == ast.ASTType.Function:
                signatures.add((node.symbol.name, len(node.symbol.arguments)))
            if node.ast_type == ast.ASTType.SymbolicAtom and node.symbol.ast_type == ast.ASTType.SymbolicTerm:
                symbol = node.symbol.symbol
                signatures.add((symbol.name, len(symbol.arguments)))
            for key in node.child_keys:
                visit(getattr(node, key))
        elif not isinstance(node, str) and hasattr(node, "__iter__"):
            for child in node:
                visit(child)

    ast.parse_files([str(ROOT / "encodings" / name)], visit)
    return signatures, constants


def _rules_section(title: str) -> str:
    text = (DOCS / "rules.md").read_text()
    return _prose(text.split(f"\n## {title}: ", 1)[1].split("\n## ", 1)[0])


def _arity(arguments: str) -> int:
    depth, count = 0, 1
    for ch in arguments:
        depth += ch in "(["
        depth -= ch in ")]"
        count += ch == "," and depth == 0
    return count if arguments.strip() else 0


@pytest.mark.parametrize(("title", "encoding"), RULES_SECTIONS.items(), ids=list(RULES_SECTIONS.values()))
def test_every_predicate_rules_md_names_is_in_the_encoding_with_that_arity(title: str, encoding: str) -> None:
    signatures, _ = _encoding_signatures(encoding)
    # an input fact the encoding does not use itself (the fill's site_at/4) is in its signature table
    signatures |= predicates.of(encoding).input
    section = _rules_section(title)
    # the table's first column and the Output/Derived lines: `name(ARGS)` in backquotes
    listed = section.split("Tunables", 1)[0]
    calls = re.findall(r"`([a-z_]+)\(([^`()]*(?:\([^`()]*\)[^`()]*)*)\)`", listed)
    named = {(name, _arity(args)) for name, args in calls}
    named |= {(name, 0) for name in re.findall(r"^\| `([a-z_]+)` \|", listed, re.M)}
    assert len(named) > 5
    unknown = sorted(sig for sig in named if sig not in signatures)
    assert not unknown, f"docs/rules.md ({title}) names predicates {encoding} does not have: {unknown}"


@pytest.mark.parametrize(("title", "encoding"), RULES_SECTIONS.items(), ids=list(RULES_SECTIONS.values()))
def test_rules_md_names_every_tunable_and_every_predicate_of_the_signature_table(title: str, encoding: str) -> None:
    """Every #const of an encoding is named in its section, and every predicate its header offers
    a user's rules (the signature table's input, output, derived) is in the section too."""
    _, constants = _encoding_signatures(encoding)
    section = _rules_section(title)
    missing = sorted(c for c in constants if not re.search(rf"`[^`]*\b{c}\b[^`]*`", section))
    table = predicates.of(encoding)
    offered = {name for name, arity in table.input | table.output | table.derived if arity}
    parts = set(re.findall(r"^#program ([a-z_]+)", (ROOT / "encodings" / encoding).read_text(), re.M))
    absent = sorted(p for p in offered - parts if not re.search(rf"`{p}\(", section))
    assert not missing and not absent, f"docs/rules.md ({title}): #const {missing}, predicates {absent} not described"


def test_api_md_names_every_keyword_of_the_public_functions() -> None:
    """docs/api.md shows each public call with its keywords: one the code takes and the page does not
    name (`max_shared=`) is a mismatch."""
    import inspect

    from pyclingo_puzzles import crossword, layout, strips, wordsearch

    text = (DOCS / "api.md").read_text()
    functions = [wordsearch.generate, crossword.solve, crossword.fill, crossword.generate]
    functions += [strips.tile, strips.hunt, layout.arrange]
    missing = [
        f"{function.__name__}({name}=)"
        for function in functions
        for name, parameter in inspect.signature(function).parameters.items()
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY and not re.search(rf"\b{name}=", text)
    ]
    assert not missing, f"docs/api.md does not name: {missing}"


TRANSCRIPT = re.compile(r"^( *)\$ (pyclingo-puzzles [^\n]*)\n((?:\1(?!\$ |```)[^\n]*\n)*)", re.M)


def _transcripts(page: Path) -> list[tuple[str, list[str]]]:
    """`$ pyclingo-puzzles ...` lines in a page's code blocks and the output lines shown under them."""
    found = []
    for block in re.findall(r"^ *```[^\n]*\n(.*?)^ *```", page.read_text(), re.M | re.S):
        for indent, command, output in TRANSCRIPT.findall(block):
            found.append((command, [line[len(indent) :].rstrip() for line in output.splitlines()]))
    return found


DOC_TRANSCRIPTS = [
    (f"{page.name}: {command}", command, shown)
    for page in [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]
    for command, shown in _transcripts(page)
    if all((ROOT / arg).exists() for arg in command.split()[2:] if arg.startswith("instances/"))
    and any(arg.startswith("instances/") for arg in command.split())
]


def test_the_transcript_finder_reads_indented_blocks() -> None:
    assert any(name.startswith("wordsearch.md: pyclingo-puzzles wordsearch") for name, _, _ in DOC_TRANSCRIPTS)


@pytest.mark.parametrize(("name", "command", "shown"), DOC_TRANSCRIPTS, ids=[n for n, _, _ in DOC_TRANSCRIPTS])
def test_a_shown_run_prints_what_the_page_shows(
    name: str, command: str, shown: list[str], cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page that shows a run's output (a seeded word search) shows what the command prints now."""
    import shlex

    monkeypatch.chdir(tmp_path)  # an output file the run names (--svg-key key.svg) lands there

    res = cli(*(str(ROOT / arg) if arg.startswith("instances/") else arg for arg in shlex.split(command)[1:]))
    printed = [line.rstrip() for line in res.out.splitlines()]
    assert printed[: len(shown)] == shown, "\n".join([f"{name}: the page shows", *shown, "the command prints", res.out])


P99_TRANSCRIPTS = [(command, shown) for command, shown in _transcripts(ROOT / "README.md") if " p99/p7_09" in command]


def test_the_readme_shows_the_p99_puzzles() -> None:
    assert {command.split()[-1] for command, _ in P99_TRANSCRIPTS} == {"p99/p7_09a.dat", "p99/p7_09c.dat"}
    text = README.read_text()
    assert "p7_09a to p7_09d" in text and "Ninety-Nine Prolog Problems" in text and "7.09" in text


@pytest.mark.parametrize(("command", "shown"), P99_TRANSCRIPTS, ids=[c for c, _ in P99_TRANSCRIPTS])
def test_the_readmes_p99_runs_print_what_it_shows(
    command: str, shown: list[str], cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The P-99 files are read from ../shared/p99 (third-party data: skipped without it), under the
    name the README gives them, ``p99/``."""
    from .conftest import shared_path

    (tmp_path / "p99").symlink_to(shared_path("p99"), target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    res = cli(*command.split()[1:])
    assert [line.rstrip() for line in res.out.splitlines()][: len(shown)] == shown, res.out


def _format_examples() -> list[tuple[str, str, str]]:
    """formats.md's example inputs: (family, suffix, text) per ```yaml / ```text block of each input section."""
    inputs = (DOCS / "formats.md").read_text().split("\n## Inputs", 1)[1].split("\n## Outputs", 1)[0]
    families = {"Word search": "wordsearch", "Crossword": "crossword", "Strips": "strips", "Layout": "layout"}
    examples = []
    for section in inputs.split("\n### ")[1:]:
        title, _, body = section.partition("\n")
        if title in families:
            for kind, text in re.findall(r"^```(yaml|text)\n(.*?)^```", body, re.M | re.S):
                examples.append((families[title], ".yaml" if kind == "yaml" else ".txt", text))
    return examples


def test_formats_md_has_an_example_per_family() -> None:
    assert {family for family, _, _ in _format_examples()} == {"wordsearch", "crossword", "strips", "layout"}


FORMAT_EXAMPLES = _format_examples()


@pytest.mark.parametrize(
    ("family", "suffix", "text"), FORMAT_EXAMPLES, ids=[f"{family}{suffix}" for family, suffix, _ in FORMAT_EXAMPLES]
)
def test_every_example_input_of_formats_md_is_solved(family: str, suffix: str, text: str, tmp_path: Path, cli) -> None:
    """An example a user copies from formats.md reads and has an answer (a layout's words connect)."""
    example = tmp_path / f"example{suffix}"
    example.write_text(text)
    res = cli(family, example, "--time-limit", "20")
    assert res.code in (10, 30), f"{family} example: exit {res.code}\n{res.err}"


INPUT_SUFFIXES = (".txt", ".yaml", ".yml", ".dat", ".grid", ".lp", ".list")
OUTPUT_OPTIONS = {"-o", "--output", "--svg", "--svg-key", "--pdf", "--ipuz", "--html", "--puz", ">"}


def _example_inputs(page: Path) -> list[tuple[str, str]]:
    """(command, file) for every input file a `pyclingo-puzzles` example on ``page`` names, in its
    code blocks and inline code, relative to the repository (after a `cd` of the same block)."""
    import shlex

    text = page.read_text(encoding="utf-8")
    chunks = re.findall(r"^ *```[^\n]*\n(.*?)^ *```", text, re.M | re.S)
    chunks += re.findall(r"`(pyclingo-puzzles [^`]+)`", text)
    found = []
    for chunk in chunks:
        where = Path(".")
        for line in chunk.replace("\\\n", " ").splitlines():
            line = line.strip().removeprefix("$ ")
            if line.startswith("cd "):
                where = where / line[3:].split("&&")[0].strip()
            if "pyclingo-puzzles " not in line:
                continue
            command = line[line.index("pyclingo-puzzles ") :].split("  #")[0].split(" #")[0]
            words = shlex.split(command.split("|")[0])
            for before, word in zip(["", *words], words, strict=False):
                if word.endswith(INPUT_SUFFIXES) and before not in OUTPUT_OPTIONS and "*" not in word:
                    found.append((command, str(where / word)))
    return found


def test_every_example_names_files_a_fresh_clone_has() -> None:
    """An example a user copies runs from a fresh clone: the inputs it names are shipped in
    instances/ (not ../shared). The exceptions: rules a page writes out (`% NAME.lp`), the missing
    file a batch example names on purpose, placeholders in capitals (GRID.grid), and benchmarks.md,
    whose runs are over the third-party data in ../shared."""
    missing = []
    for page in (p for p in PAGES if p.name != "benchmarks.md"):
        written = set(re.findall(r"^% ([\w-]+\.lp)", page.read_text(encoding="utf-8"), re.M))
        for command, name in _example_inputs(page):
            stem = Path(name).stem
            if Path(name).name in written or Path(name).name == "missing.dat" or stem.isupper():
                continue
            if name.startswith("p99/p7_09"):  # the P-99 puzzles: third-party, never shipped (README says so)
                continue
            if not (ROOT / name).is_file():
                missing.append(f"{page.name}: {command}: {name}")
    assert not missing, "\n".join(missing)
