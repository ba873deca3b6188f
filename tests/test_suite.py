"""The suite's own rules for cheap tests (docs/development.md, "Time"): a Hypothesis test runs few
fixed examples in ``make test`` and many in ``make fuzz``."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from . import conftest


def _property_test(seen: list[int]):
    @settings(max_examples=300, deadline=None)
    @given(st.integers())
    def property_test(number: int) -> None:
        seen.append(number)

    return property_test


def test_a_hypothesis_test_runs_few_examples_and_the_same_ones_each_run() -> None:
    runs: list[list[int]] = []
    for _ in range(2):
        seen: list[int] = []
        test = _property_test(seen)
        conftest.few_examples(test)
        test()
        runs.append(seen)
    assert 0 < len(runs[0]) <= conftest.FEW_EXAMPLES
    assert runs[0] == runs[1]  # derandomized, no example database: the same examples


def test_a_test_asking_fewer_keeps_its_own_count() -> None:
    @settings(max_examples=3)
    @given(st.integers())
    def few(number: int) -> None:
        pass

    conftest.few_examples(few)
    assert few._hypothesis_internal_use_settings.max_examples == 3  # type: ignore[attr-defined]


@given(st.booleans())
def test_a_property_test_of_this_file(flag: bool) -> None:
    assert flag in (True, False)


def test_every_hypothesis_test_collected_is_marked_fuzz(request: pytest.FixtureRequest) -> None:
    """``make fuzz`` selects them by the marker (``-m fuzz``); this file's own one is among them."""
    items = [i for i in request.session.items if getattr(getattr(i, "obj", None), "is_hypothesis_test", False)]
    assert any(item.name == "test_a_property_test_of_this_file" for item in items)
    assert all(item.get_closest_marker("fuzz") for item in items)
    if not conftest.FUZZING:
        assert all(i.obj._hypothesis_internal_use_settings.max_examples <= conftest.FEW_EXAMPLES for i in items)
