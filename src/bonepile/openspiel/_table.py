"""What each game brings to the one OpenSpiel adapter: its rules from parameters, its deal, its draws.

This module holds what every game's table shares (``Table``, the helpers);
each game's own table and parameters live in its module
(``bonepile.openspiel.<game>``, named by the game's registry entry).

The adapter (``_game``) owns the chance nodes and the history; a *table*
turns dealt tiles into an engine hand or round, lets a chosen tile be the one
a draw brings, and reads the engine's observation and result. The engines
decide every rule: who leads, what is legal, what scores.

A draw is a chance node: the player chooses to draw, then chance chooses the
tile among those the player cannot see; the table makes it the next tile of
the boneyard or pool (the engine's ``draw_next``: the order is hidden, so
nobody sees a difference) and lets the engine make the draw. Events the
engine position does not hold (classic's setup draws, made before the round
is built, or the past of a resampled world) are kept by the adapter and
handed, with the engine's, to everyone who reads them.
"""

from __future__ import annotations

import bisect
import functools
import math
import random
from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from bonepile.core.errors import RulesError

E = TypeVar("E")  # the engine's hand or round
Obs = TypeVar("Obs")  # its observation


def rule_options(params: dict[str, Any], defaults: dict[str, Any]) -> dict[str, Any]:
    """The rule options named in OpenSpiel parameters: those not left at their "preset's value" default."""
    options: dict[str, Any] = {}
    for name, value in params.items():
        if name in ("preset", "players", "utility") or value == defaults.get(name):
            continue
        options[name] = value
    return options


class Table(Generic[E, Obs]):
    """The per-game part of the adapter (see the module docstring)."""

    game: str
    direct_actions = False
    """Whether ``legal_actions`` and ``move_of`` work without the map of ``legal`` (faster when they do)."""
    encoding: Any
    rules: Any
    num_tiles: int
    deal_sizes: tuple[int, ...]
    """How many tiles chance deals to each player, in seat order."""

    def deck(self) -> list[int]:
        """The tiles chance deals from, sorted: the whole set (Mexican Train's leaves its engine out, M2)."""
        return list(range(self.num_tiles))

    _first_hand_odds: dict[tuple[int, int], tuple[tuple[int, float], ...]] | None = None
    _deck: tuple[int, ...] | None = None

    def new_deck(self) -> list[int]:
        """A new list of ``deck()`` (made once per table, copied for every state)."""
        deck = self._deck
        if deck is None:
            deck = self._deck = tuple(self.deck())
        return list(deck)

    def first_hand_odds(self, last: int, slots: int) -> tuple[tuple[int, float], ...]:
        """``sorted_deal_odds`` for the first hand dealt (seat 0), kept: they are the same in every deal.

        Nothing above that hand's ``last`` tile is dealt yet, so the tiles it may get next are the deck's above
        ``last``; the odds depend on ``last`` and the ``slots`` to fill alone (a few hundred pairs).
        """
        kept = self._first_hand_odds
        if kept is None:
            kept = self._first_hand_odds = {}
        odds = kept.get((last, slots))
        if odds is None:
            odds = kept[last, slots] = tuple(sorted_deal_odds(self.deck(), last, slots))
        return odds

    def start(self, hands: list[list[int]], rest: list[int], starter: int | None) -> E:
        """The engine hand or round for a finished deal (``rest`` is the boneyard or pool, in any order).

        ``starter`` is the player chance chose to start (goliath's draw-one), else None: the rules decide.
        """
        raise NotImplementedError

    def start_kind(self, hands: list[list[int]]) -> str:
        """What follows the deal: "play", or Tri-Ominos' "starter" or "setup" chance nodes."""
        return "play"

    def setup_event(self, player: int) -> Any:
        raise NotImplementedError

    def opens(self, tile: int) -> bool:
        """Whether a setup draw of ``tile`` ends the setup draws."""
        raise NotImplementedError

    def legal(self, engine: E) -> dict[int, Any]:
        """The legal moves now, by action id."""
        raise NotImplementedError

    def legal_actions(self, engine: E) -> list[int]:
        """The legal action ids, sorted (OpenSpiel's order)."""
        return sorted(self.legal(engine))

    def move_of(self, engine: E, action: int) -> Any:
        """The move an action id stands for now (the engine refuses it if it is not legal)."""
        move = self.legal(engine).get(action)
        if move is None:
            raise ValueError(f"action {action} is not legal now")
        return move

    ENDED = -1
    """``play_action``'s answer when the move ended the hand or round."""
    DRAW_CHOSEN = -2
    """``play_action``'s answer when the action is a draw: not made yet (chance chooses the tile first)."""

    def play_action(self, engine: E, action: int) -> int:
        """Play action id ``action`` on ``engine`` (``direct_actions`` tables): the player to move next, or
        ``ENDED``, or ``DRAW_CHOSEN`` (then nothing is played). One call where the adapter's hot loop made four
        (``move_of``, ``is_draw``, the engine's ``play`` and ``to_move``); a table may answer faster."""
        move = self.move_of(engine, action)
        if self.is_draw(move):
            return self.DRAW_CHOSEN
        if engine.play(move) is not None:  # type: ignore[attr-defined]  # a deal's play returns its summary at its end
            return self.ENDED
        return engine.to_move  # type: ignore[attr-defined,no-any-return]

    def tile(self, index: int) -> Any:
        raise NotImplementedError

    def event_text(self, event: Any) -> str:
        return str(event)

    def public_text(self, observation: Obs) -> str:
        """What everyone sees, as one line (the observation string)."""
        raise NotImplementedError

    def hidden_pool(self, engine: E) -> list[int]:
        """Indices of the tiles a draw may bring now."""
        raise NotImplementedError

    def draw(self, engine: E, tile: int) -> E:
        """The engine after the player to move draws ``tile`` (the engine's ``draw_next``, then its draw)."""
        raise NotImplementedError

    def is_draw(self, move: Any) -> bool:
        raise NotImplementedError

    def observation(self, engine: E, player: int, events: Sequence[Any]) -> Obs:
        raise NotImplementedError

    def gains(self, engine: E) -> tuple[int, ...]:
        """Points each player gained once the hand or round is over (partners share their side's)."""
        raise NotImplementedError

    def gain_bounds(self) -> tuple[int, int]:
        raise NotImplementedError

    def max_chance_nodes(self) -> int:
        raise NotImplementedError

    def tile_text(self, tile: int) -> str:
        raise NotImplementedError

    def world(self, observation: Obs, rng: Any) -> E:
        """An engine position consistent with what ``observation``'s player knows (the AI's world sampler)."""
        raise NotImplementedError


class Arranged(random.Random):
    """A generator whose shuffle puts the deck in a given order: the deal chance nodes chose."""

    def __init__(self, order: list[int]) -> None:
        super().__init__(0)
        self.order = order

    def shuffle(self, x: Any) -> None:
        if len(x) != len(self.order):
            raise ValueError("the arranged deal is not a whole set")
        x[:] = self.order


def sorted_deal_odds(available: Sequence[int], last: int, slots: int) -> list[tuple[int, float]]:
    """Chance outcomes for the next tile of a hand dealt in increasing tile order.

    A hand is a uniformly random set of tiles; dealing it smallest first (each
    tile above the hand's ``last``) gives every set exactly one order, so the
    tree is ``hand_size!`` times smaller for the same game. With ``slots``
    tiles still to deal and M available tiles above ``last``, the next tile is
    the one in position i among them with probability C(M - i - 1, slots - 1) / C(M, slots)
    (these sum to 1 by the hockey-stick identity). ``available`` is sorted.
    """
    above = available[bisect.bisect_right(available, last) :]
    odds = _position_odds(len(above), slots)
    if not odds:
        raise RulesError("not enough tiles left to deal")
    return list(zip(above, odds, strict=False))


@functools.cache
def _position_odds(count: int, slots: int) -> tuple[float, ...]:
    total = math.comb(count, slots)
    if total == 0:
        return ()
    return tuple(math.comb(count - i - 1, slots - 1) / total for i in range(count - slots + 1))


__all__ = ["Table", "rule_options", "sorted_deal_odds"]
