"""The reserve for the answers a search hands over, as stated rules: measured on a sample of the
answers rendered as the output will (``runtime.price``/``priced``), the median times COST_MARGIN,
at least COST_FLOOR; the search stops when what is left is that reserve (a fake clock, no race);
the PDF draws a further page only while the measured pages and the writing fit."""

from __future__ import annotations

import pytest

from pyclingo_puzzles.cli import batchworker
from pyclingo_puzzles.core import solve as core_solve
from pyclingo_puzzles.formats import pdf
from pyclingo_puzzles.run import pricing, runtime


def test_the_first_answers_then_every_resampled_one_are_timed() -> None:
    rendered: list[int] = []
    with runtime.Run():
        runtime.price(rendered.append)
        for answer in range(1, 3 * pricing.RESAMPLE + 1):
            runtime.priced(answer)
        run = runtime.current()
        assert run is not None
    expected = list(range(1, pricing.SAMPLED + 1)) + [pricing.RESAMPLE * k for k in (1, 2, 3)]
    assert rendered == expected and len(run.pricing.samples) == len(expected)


def test_the_reserve_is_the_answers_times_their_measured_median_cost(monkeypatch: pytest.MonkeyPatch) -> None:
    run = runtime.Run()
    cost = run.pricing
    monkeypatch.setattr(cost, "cpu_share", lambda: 1.0)  # a quiet machine
    assert run.reserve(1000) == pytest.approx(1000 * pricing.COST_FLOOR)  # nothing measured yet
    cost.samples = [0.001, 0.002, 0.5]  # a pause of the machine's in one sample does not count
    assert run.reserve(1000) == pytest.approx(1000 * 0.002 * pricing.COST_MARGIN)
    assert run.reserve(0) == 0.0
    cost.samples = [1e-7]  # faster than the floor: the floor
    assert run.reserve(10) == pytest.approx(10 * pricing.COST_FLOOR)
    cost.samples, cost.cost_factor = [0.002], batchworker.COST_FACTOR  # a batch worker hands its answers over
    assert run.reserve(10) == pytest.approx(10 * 0.002 * pricing.COST_MARGIN * batchworker.COST_FACTOR)
    run.answers = 10
    assert run.checking_grace() == pytest.approx(runtime.CHECK_GRACE + run.reserve(10))


def test_a_busy_machine_makes_the_reserve_longer_by_the_share_of_a_cpu_the_run_gets(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cost = pricing.Pricing()
    assert cost.cpu_share(now=10.0, cpu=5.0) == 1.0  # nothing measured yet
    assert cost.cpu_share(now=10.1, cpu=5.0) == 1.0  # within the window: the last share stands
    assert cost.cpu_share(now=11.0, cpu=5.25) == pytest.approx(0.25)  # a quarter of a CPU for a second
    assert cost.cpu_share(now=12.0, cpu=7.25) == 1.0  # two threads busy: at most one CPU counts
    assert cost.cpu_share(now=13.0, cpu=7.25) == pricing.SHARE_MIN  # stalled: at least SHARE_MIN
    cost.samples = [0.001]
    monkeypatch.setattr(cost, "cpu_share", lambda: 0.25)
    assert cost.reserve(100) == pytest.approx(100 * 0.001 * pricing.COST_MARGIN / 0.25)


def test_a_new_output_starts_a_new_sample() -> None:
    with runtime.Run() as run:
        runtime.price(lambda answer: None)
        runtime.priced("first file's answer")
        runtime.price(lambda answer: None)  # the next file of a batch
        assert run.pricing.samples == [] and run.pricing.priced_answers == 0


def test_no_run_keeps_no_reserve() -> None:
    """The Python API prints nothing: its search runs to its own time limit."""
    assert runtime.current() is None and runtime.reserve(10**6) == 0.0


class FakeClock:
    """``time.monotonic`` for ``Solver._wait``: time passes only while the search is waited on."""

    def __init__(self) -> None:
        self.now = 100.0

    def monotonic(self) -> float:
        return self.now


class EndlessSearch:
    """A search handle that finds ``per_second`` answers a second and never ends."""

    def __init__(self, clock: FakeClock, found: core_solve._Found, per_second: int):
        self.clock, self.found, self.per_second = clock, found, per_second
        self.cancelled_at: float | None = None

    def wait(self, step: float) -> bool:
        self.clock.now += step
        self.found.count = int((self.clock.now - 100.0) * self.per_second)
        return False

    def cancel(self) -> None:
        self.cancelled_at = self.clock.now


@pytest.mark.parametrize(("cost", "expected_stop"), [(0.0, 10.0), (0.001, 5.0)])
def test_a_search_stops_when_what_is_left_is_its_answers_reserve(
    monkeypatch: pytest.MonkeyPatch, cost: float, expected_stop: float
) -> None:
    """A deadline 10 s away, 1000 answers a second each costing ``cost`` to print: the search is
    cancelled at t with 10 - t = 1000 t cost (0.001: at 5 s), or at the deadline when nothing is
    printed (``--count``)."""
    clock = FakeClock()
    monkeypatch.setattr(core_solve, "time", clock)
    monkeypatch.setattr(runtime, "reserve", lambda answers: answers * cost)
    found = core_solve._Found(keep=None, on_answer=lambda answer: None)
    handle = EndlessSearch(clock, found, per_second=1000)
    deadline = clock.now + 10.0
    assert core_solve.Solver._wait(handle, lambda: deadline, found)
    assert handle.cancelled_at is not None
    assert handle.cancelled_at - 100.0 == pytest.approx(expected_stop, abs=0.11)  # one 0.1 s step


def test_count_reports_no_answers_so_it_keeps_no_reserve() -> None:
    found = core_solve._Found(keep=0, on_answer=lambda answer: None, reports=False)
    found.count = 10**6
    assert found.reported == 0


def test_pdf_draws_another_page_only_while_the_measured_pages_and_the_writing_fit() -> None:
    cost = pdf.SheetCost()
    cost.fronts, cost.back = 0.1, 0.2  # the first front took 0.1 s, its back 0.2 s
    writing = pdf.OUTPUT_BASE + 2 * pdf.OUTPUT_PER_SHEET
    # a second sheet: its front (0.1), two backs (0.4) and the writing
    assert cost.fits(2, until=10.0 + 0.1 + 0.4 + writing, now=10.0)
    assert not cost.fits(2, until=10.0 + 0.1 + 0.4 + writing - 0.01, now=10.0)
    assert cost.fits(10**6, until=None)  # no time limit: every answer
    busy = pdf.SheetCost(slowdown=2.0)  # the run got half a CPU: writing is estimated twice as long
    busy.fronts, busy.back = 0.1, 0.2
    assert busy.fits(2, until=10.0 + 0.1 + 0.4 + 2 * writing, now=10.0)
    assert not busy.fits(2, until=10.0 + 0.1 + 0.4 + writing, now=10.0)
