"""What the two ISMCTS players share: the tree's node, its exploration constant, and the race-to-the-target lookup.

Why a module of its own: the Dominoes and Tri-Ominos searches differ in
their moves, rollouts and match rules (D8, T8), but keep their statistics
the same way and read their race tables the same way; those parts live here
once, so neither game's player depends on the other's.
"""

from __future__ import annotations

import math

EXPLORATION = 0.5
"""UCB exploration constant, for rewards spread over [0, 1] (0.3 and 0.7 played alike in arena runs; 1.5 worse)."""


class Node:
    """Statistics of one move in one information state of the observer."""

    __slots__ = ("children", "visits", "total", "available")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.total = 0.0
        """Sum of rewards of the side that made the move leading here."""
        self.available = 1


class RaceTable:
    """The chance of winning a race to the target, read from a table a game's model has built.

    ``_table[a][b]`` is the chance that a side needing ``a`` more units of
    ``unit`` points beats one needing ``b``; each game fills it by its own
    rules of how points come (D8, T8).
    """

    target: int
    unit: int
    _size: int
    _table: list[list[float]]

    def win_probability(self, own: int, other: int) -> float:
        """The chance that a side with ``own`` points beats one with ``other`` points to the target."""
        target = self.target
        if own >= target or other >= target:
            return 1.0 if own > other else 0.0 if other > own else 0.5
        a = min(self._size - 1, math.ceil((target - own) / self.unit))
        b = min(self._size - 1, math.ceil((target - other) / self.unit))
        return self._table[a][b]
