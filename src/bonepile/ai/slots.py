"""Which draws could still have brought a player the tiles they hold: one answer for both games' world samplers.

Why shared: in Dominoes and in Tri-Ominos alike, every tile a player ever
held came from the deal or from one of their draws (a *slot*, timed by its
event), and a fact "held none of these just before event i" (a pass, a draw,
the opening) forbids holding such a tile across i. The played tiles are
known, so they are given the earliest slots that can explain them; the
samplers then deal the hidden tiles into the slots left over.
"""

from __future__ import annotations

from collections.abc import Sequence


def leftover_slots(
    deal: int, draws: Sequence[int], played: Sequence[tuple[int, int]], facts: Sequence[tuple[int, int]]
) -> list[int] | None:
    """The slot times left for the tiles a player holds now, once the tiles they played took the earliest ones.

    ``deal`` slots at time -1, one per draw at its event index; ``played``
    lists (tile index, event index), ``facts`` (event index, mask of tiles
    not held just before it). A played tile came from a slot no earlier than
    the latest fact naming it before it was played, and earlier than its
    play. Matching slots to those intervals is a transversal matroid; its
    greedy basis, slots taken earliest first, is the earliest in every
    position, so it leaves the latest (most accepting) slots over. None when
    the played tiles cannot all be explained.
    """
    intervals = []
    for index, when in played:
        low = max((time for time, mask in facts if time < when and mask >> index & 1), default=-1)
        intervals.append((low, when))
    taken: list[int] = []
    rest: list[int] = []
    for slot in sorted([-1] * deal + list(draws)):
        if len(taken) < len(intervals) and _matchable([*taken, slot], intervals):
            taken.append(slot)
        else:
            rest.append(slot)
    return rest if len(taken) == len(intervals) else None


def _matchable(points: list[int], intervals: list[tuple[int, int]]) -> bool:
    """Whether each point gets its own interval ``[low, high)`` containing it.

    Points in ascending order each take the open interval that ends first:
    the classic exchange argument makes this greedy exact.
    """
    used = [False] * len(intervals)
    for point in sorted(points):
        best = -1
        for i, (low, high) in enumerate(intervals):
            if not used[i] and low <= point < high and (best < 0 or high < intervals[best][1]):
                best = i
        if best < 0:
            return False
        used[best] = True
    return True
