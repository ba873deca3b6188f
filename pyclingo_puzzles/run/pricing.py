"""What printing one answer costs: the reserve a search keeps for the answers it hands over.

A search stops before the run's deadline by ``Pricing.reserve(answers)``: each answer costs the CPU
time rendering one for the run's output measured (``start``/``priced``: the first SAMPLED answers,
then every RESAMPLE-th; the median), times COST_MARGIN, at least COST_FLOOR (nothing measured:
COST_FLOOR); divided by the share of a CPU the process is getting (``cpu_share``: on a busy
machine printing takes that much longer by the clock). Each run has one (``Run.pricing``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

SAMPLED = 16
RESAMPLE = 256
COST_MARGIN = 1.0  # printing the whole output took 0.8 times the sample's CPU cost per answer (JSON
# and text, crossword and word search: one answer rendered alone pays a call's overhead), so the
# sample alone already keeps a little more than printing needs; a slower machine counts in cpu_share
COST_FLOOR = 0.00001  # seconds an answer, when unmeasured or less (a crossword's text: 5 us measured)
SHARE_WINDOW = 0.3  # seconds of the clock over which the process's share of a CPU is measured
SHARE_MIN = 0.15  # a share below this counts as this (a stalled process is not measured well)


class Pricing:
    """The cost of one answer of one run's output, measured on a sample. (A plain class: importing
    dataclasses costs a small run's start-up more than it saves.)"""

    def __init__(self) -> None:
        self.render: Callable[[Any], object] | None = None  # makes what is printed for one answer
        self.cost_factor = 1.0  # a batch worker's answers cost more: handed over, then printed
        self.samples: list[float] = []  # CPU seconds each sampled answer took to render
        self.priced_answers = 0
        self._share = 1.0  # of a CPU, over the last SHARE_WINDOW (``cpu_share``)
        self._share_mark: tuple[float, float] | None = None  # (clock, process CPU time) at its start

    def start(self, render: Callable[[Any], object] | None) -> None:
        """A new output (a batch's next file): ``render(answer)`` makes what will be printed for
        one answer as the family's search hands it over (``priced``); a new sample."""
        self.render = render
        self.samples, self.priced_answers = [], 0

    def priced(self, answer: object) -> None:
        """The search has checked ``answer``: the first SAMPLED answers, then every RESAMPLE-th,
        are rendered as the output will and timed."""
        if self.render is None:
            return
        self.priced_answers += 1
        if self.priced_answers > SAMPLED and self.priced_answers % RESAMPLE:
            return
        t0 = time.thread_time()  # CPU time: how busy the machine is counts once, in ``cpu_share``
        self.render(answer)
        self.samples.append(time.thread_time() - t0)

    def answer_cost(self) -> float:
        """Seconds one answer takes to check and print: the measured rendering cost times
        COST_MARGIN, at least COST_FLOOR; times ``cost_factor`` (a batch worker); divided by the
        share of a CPU the process is getting (``cpu_share``)."""
        samples = sorted(self.samples)
        measured = samples[len(samples) // 2] * COST_MARGIN if samples else 0.0
        return max(COST_FLOOR, measured) * self.cost_factor / self.cpu_share()

    def cpu_share(self, now: float | None = None, cpu: float | None = None) -> float:
        """The share of a CPU this process got over the last SHARE_WINDOW seconds (1: a whole one,
        as a search has on a quiet machine; at least SHARE_MIN), measured as polled (the
        search's wait polls it)."""
        now = time.monotonic() if now is None else now
        cpu = time.process_time() if cpu is None else cpu
        if self._share_mark is None:
            self._share_mark = (now, cpu)
        elif now - self._share_mark[0] >= SHARE_WINDOW:
            wall0, cpu0 = self._share_mark
            self._share = min(1.0, max(SHARE_MIN, (cpu - cpu0) / (now - wall0)))
            self._share_mark = (now, cpu)
        return self._share

    def reserve(self, answers: int) -> float:
        """Seconds a search stops before the deadline to check and print the ``answers`` it hands over."""
        return answers * self.answer_cost() if answers > 0 else 0.0
