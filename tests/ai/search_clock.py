"""A stand-in for the clock the tree search reads for its time budget: every iteration takes a set time.

The searches' time-budget tests run on it, so that what they prove (the budget is spent, and the search
stops soon after) holds however busy the machine is.
"""

from __future__ import annotations

import types
from typing import Any

import pytest

from bonepile.ai import search_tree


class IterationClock:
    """Time passes only while the search iterates: ``per_iteration`` seconds for each iteration."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, per_iteration: float) -> None:
        self.now = 0.0
        self.per_iteration = per_iteration
        self.iterations = 0
        real = search_tree.iterate

        def timed(*args: Any) -> None:
            real(*args)
            self.now += self.per_iteration
            self.iterations += 1

        monkeypatch.setattr(search_tree, "iterate", timed)
        monkeypatch.setattr(search_tree, "time", types.SimpleNamespace(perf_counter=lambda: self.now))

    def restart(self, per_iteration: float) -> None:
        self.now, self.per_iteration, self.iterations = 0.0, per_iteration, 0
