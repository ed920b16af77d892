"""A reference player for OpenSpiel's 2-player block game that sees both hands and plays them perfectly.

Why it exists: the ``block`` row of ``bench/strength.py`` asks how often our
fair ``ismcts`` beats OpenSpiel's ISMCTS bot. How far any fair player could
get is bounded by a player who knows the bot's hand and never errs; this is
that player, so the row has a ceiling next to it. It is a measuring
instrument, not an agent: it reads the hidden tiles straight from
OpenSpiel's state, which no ``bonepile`` player may do.

With both hands known and nothing to draw (the 14 undealt tiles stay out),
a position is a small perfect-information game: the value of each move is
found exactly by a memoised negamax over win, draw and loss, which takes
about a millisecond from the first move. Among moves of equal value it
plays the heaviest tile (a double counted 5 pips heavier), as players do.
"""

from __future__ import annotations

from typing import Any

from bonepile.dominoes import Tile, tiles_of_set
from bonepile.peers import PeerDecider
from bonepile.peers.openspiel_dominoes import BLOCK, action_map

WIN, DRAW, LOSS = 1, 0, -1


class BlockSolver:
    """Exact win (1), draw (0) or loss (-1) of a 2-player block position for the player to move, memoised."""

    def __init__(self, max_pips: int = 6) -> None:
        tiles = tiles_of_set(max_pips)
        self._halves = [(t.high, t.low) for t in tiles]
        self._pips = [t.pips for t in tiles]
        self._suits = [0] * (max_pips + 1)
        for tile in tiles:
            self._suits[tile.high] |= 1 << tile.index
            self._suits[tile.low] |= 1 << tile.index
        self._known: dict[tuple[int, int, int, int], int] = {}

    def pips(self, mask: int) -> int:
        total = 0
        while mask:
            low = mask & -mask
            total += self._pips[low.bit_length() - 1]
            mask ^= low
        return total

    def value(self, mover: int, other: int, left: int, right: int) -> int:
        """The value for the holder of ``mover`` (a tile bitmask) to move with open ends ``left`` and ``right``."""
        key = (mover, other, left, right)
        known = self._known.get(key)
        if known is not None:
            return known
        fitting = self._suits[left] | self._suits[right]
        playable = mover & fitting
        if not playable:
            if other & fitting:  # a pass: the other player moves on the same ends
                result = -self.value(other, mover, left, right)
            else:  # blocked: the lighter hand wins
                own, theirs = self.pips(mover), self.pips(other)
                result = DRAW if own == theirs else WIN if own < theirs else LOSS
            self._known[key] = result
            return result
        result = LOSS
        while playable and result != WIN:
            low = playable & -playable
            playable ^= low
            rest = mover ^ low
            high_half, low_half = self._halves[low.bit_length() - 1]
            for covered, kept in ((left, right), (right, left)) if left != right else ((left, right),):
                if covered not in (high_half, low_half):
                    continue
                if not rest:
                    result = WIN
                    break
                result = max(result, -self.value(other, rest, high_half + low_half - covered, kept))
                if result == WIN:
                    break
        self._known[key] = result
        return result


def _mask(pairs: Any) -> int:
    return sum(1 << Tile(int(a), int(b)).index for a, b in pairs)


def oracle_decider() -> PeerDecider:
    """The all-seeing perfect player, choosing among OpenSpiel ``python_block_dominoes`` actions."""
    actions = action_map(BLOCK)

    def choose(state: Any) -> int:
        player = int(state.current_player())
        mine, theirs = _mask(state.hands[player]), _mask(state.hands[1 - player])
        solver = BlockSolver()
        edges = [int(e) for e in state.open_edges]
        best: tuple[int, int] | None = None
        chosen = -1
        for action in state.legal_actions():
            tile, edge = actions.to_key(action)
            rest = mine ^ (1 << tile.index)
            if edge is None:
                ends = (tile.high, tile.low)
            else:
                kept = list(edges)
                kept.remove(edge)
                ends = (tile.pips - edge, kept[0])
            value = WIN if not rest else -solver.value(theirs, rest, *ends)
            rank = (value, tile.pips + 5 * tile.is_double)
            if best is None or rank > best:
                best, chosen = rank, int(action)
        return chosen

    return PeerDecider("oracle (sees both hands)", choose)
