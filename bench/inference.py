"""What a perfect model of the opponent would be worth to the Dominoes ``ismcts``, measured against a known opponent.

Why this exists: against OpenSpiel's ISMCTS bot our ``ismcts`` wins about
57% of the decisive hands of the 2-player block game, while a player that
sees the bot's hand wins 73% (``bench/strength.py``, the oracle row). The
gap is what not seeing the hidden tiles costs; the question is how much of
it better guessing could win back. ``ismcts`` guesses from the plays it saw
through a fitted play model (``bonepile.ai.dominoes_play_model``); the best
any guess could do is to know the opponent's policy exactly. We cannot know
OpenSpiel's bot's, but we know our own ``heuristic``'s. So every row plays
against ``heuristic`` on the same mirrored deals of OpenSpiel's block game
(one hand is the game), in our engine:

* ``ismcts``: the registered agent (the fitted play model, 1,500 worlds);
* ``ismcts, 300 worlds``: the same with the pool of the next row;
* ``ismcts knowing heuristic``: worlds weighted by whether ``heuristic``,
  dealt each world's tiles, makes the plays that were seen (``KnownPolicy``;
  300 worlds, because each one replays the hand);
* ``ismcts seeing every hand``: the search is given the real deal.

The first three rows are fair; the last two differences are the value of a
perfect opponent model and of perfect sight. Win % is the first-named
side's share of the decisive hands, with its 95% Wilson interval. Run:
``.venv/bin/python bench/inference.py [--deals N] [--jobs J] [--only ROW]``.
Not run by the tests.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

from ablation import RULES, SeesEveryHand, parse_args, play_hand, run_rows

from bonepile.ai import make_agent
from bonepile.ai.base import Agent
from bonepile.ai.dominoes_sampling import World, read_history
from bonepile.ai.ismcts import ISMCTSAgent
from bonepile.dominoes import Hand, Observation

OPPONENT = "heuristic"
KNOWN_POOL = 300
"""Worlds in the pool of the row that replays the opponent in each of them."""
MISMATCH = 0.05
"""The weight of a seen play the modelled opponent would not make: its ties are broken by a generator we cannot see."""


class KnownPolicy:
    """The opponent's exact policy as a model of the other player (a ``WorldLikelihood``).

    A world says every hand as dealt (the tiles held now plus the tiles each
    player has played), so the hand can be replayed from the deal, asking
    the opponent at each of its seen choices what it would play there.
    """

    def __init__(self, observation: Observation) -> None:
        self.observation = observation
        self.opponent = make_agent(OPPONENT, "dominoes", 0)
        self.choices = frozenset(
            index
            for index, event in enumerate(observation.events)
            if event.player != observation.player and event.move.tile is not None
        )
        self.played = [[tile for tile, _ in plays] for plays in read_history(observation).played]
        """The tiles each player has played: with a world's hands, the hands as dealt."""

    def weight(self, world: World) -> float:
        dealt = [list(held) + self.played[player] for player, held in enumerate(world.hands)]
        hand = Hand(RULES, dealt, world.boneyard)
        weight = 1.0
        for index, event in enumerate(self.observation.events):
            if index in self.choices:
                then = hand.observation(event.player)
                if len(then.legal_moves) > 1 and self.opponent.choose(then) != event.move:
                    weight *= MISMATCH
            hand.play(event.move)
        return weight


ROWS: dict[str, Callable[[int], Agent]] = {
    "ismcts": lambda seed: ISMCTSAgent("dominoes", seed),
    f"ismcts, {KNOWN_POOL} worlds": lambda seed: ISMCTSAgent("dominoes", seed, pool_size=KNOWN_POOL),
    f"ismcts knowing {OPPONENT}": lambda seed: ISMCTSAgent(
        "dominoes", seed, play_model=KnownPolicy, pool_size=KNOWN_POOL
    ),
    "ismcts seeing every hand": lambda seed: SeesEveryHand("dominoes", seed),
}


def row_against_opponent(task: tuple[str, int, int, bool]) -> tuple[int | None, int, list[float]]:
    """A worker task: the row's agent against the opponent."""
    row, seed, deal, swapped = task
    return play_hand(ROWS[row], lambda s: make_agent(OPPONENT, "dominoes", s), seed, deal, swapped)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv, __doc__, list(ROWS), deals=600)
    title = f"ismcts against {OPPONENT}: 2p block (OpenSpiel's rules, one hand a game), {args.deals} deals, each twice"
    run_rows(args, list(ROWS), row_against_opponent, title, f"row vs {OPPONENT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
