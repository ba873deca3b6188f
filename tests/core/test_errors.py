"""core.errors.read_text: every way a named file cannot be read is a one-line InputError naming it."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyclingo_puzzles.core.errors import InputError, read_text


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("a\x00b", "holds a NUL character"),  # the OS refuses the name itself (a ValueError, not an OSError)
        ("missing.txt", "file not found"),
        (".", "is a directory"),
    ],
)
def test_an_unreadable_name_is_a_one_line_input_error(name: str, says: str, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InputError) as info:
        read_text(name)
    assert says in str(info.value) and "\n" not in str(info.value)


def test_a_rules_file_name_holding_a_nul_character_is_a_one_line_input_error() -> None:
    from pyclingo_puzzles.core.rulesfile import check_rules_file

    with pytest.raises(InputError, match="holds a NUL character"):
        check_rules_file("a\x00.lp")
