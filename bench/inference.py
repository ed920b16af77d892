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

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from ablation import RULES, SeesEveryHand

from bonepile.ai import make_agent
from bonepile.ai.base import Agent
from bonepile.ai.dominoes_sampling import World
from bonepile.ai.ismcts import ISMCTSAgent
from bonepile.arena import wilson_interval
from bonepile.arena.backends import default_jobs
from bonepile.arena.runner import derived_seed
from bonepile.dominoes import Hand, Observation, Tile

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
        self.choices = tuple(
            index
            for index, event in enumerate(observation.events)
            if event.player != observation.player and event.move.tile is not None
        )

    def weight(self, world: World) -> float:
        events = self.observation.events
        played: list[list[Tile]] = [[] for _ in world.hands]
        for event in events:
            if event.move.tile is not None:
                played[event.player].append(event.move.tile)
        dealt = [list(held) + played[player] for player, held in enumerate(world.hands)]
        hand = Hand(RULES, dealt, world.boneyard)
        choices = set(self.choices)
        weight = 1.0
        for index, event in enumerate(events):
            if index in choices:
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


def play_hand(task: tuple[str, int, int, bool]) -> tuple[int | None, int, list[float]]:
    """One hand: the row's agent in seat 0 (or 1 when ``swapped``) against the opponent; (winner, margin, its times)."""
    row, seed, deal, swapped = task
    hand = Hand.deal(RULES, random.Random(derived_seed(seed, deal, 0)))
    ours = int(swapped)
    agents: list[Any] = [
        ROWS[row](derived_seed(seed, deal, int(swapped), 1 + seat))
        if seat == ours
        else make_agent(OPPONENT, "dominoes", derived_seed(seed, deal, int(swapped), 1 + seat))
        for seat in range(2)
    ]
    times: list[float] = []
    while not hand.is_over:
        player = hand.to_move
        assert player is not None
        observation = hand.observation(player)
        agent = agents[player]
        if isinstance(agent, SeesEveryHand):
            agent.real = hand
        start = time.perf_counter()
        move = agent.choose(observation)
        if player == ours and len(observation.legal_moves) > 1:
            times.append(time.perf_counter() - start)
        hand.play(move)
    outcome = hand.outcome
    assert outcome is not None
    winner = None if outcome.winner is None else int(outcome.winner != ours)
    return winner, outcome.points[ours] - outcome.points[1 - ours], times


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=600, help="deals a row, each played twice (default 600)")
    parser.add_argument("--jobs", type=int, default=default_jobs(), help="worker processes (default: all cores)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", action="append", choices=list(ROWS), help="run only this row (repeatable)")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.jobs < 1:
        parser.error("--deals and --jobs must be at least 1")
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]
    rows = [r for r in ROWS if not args.only or r in args.only]
    print(f"ismcts against {OPPONENT}: 2p block (OpenSpiel's rules, one hand a game), {args.deals} deals, each twice")
    print(f"command: {' '.join(['python', *sys.argv])}; seed {args.seed}, {args.jobs} worker processes")
    print(f"  {'row vs ' + OPPONENT:<34} {'decisive':>8} {'win %':>6}  95% interval    margin  ms/move")
    began = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        for row in rows:
            tasks = [(row, args.seed, deal, swapped) for deal in range(args.deals) for swapped in (False, True)]
            wins = decisive = 0
            margins: list[int] = []
            times: list[float] = []
            for done, (winner, margin, hand_times) in enumerate(pool.imap_unordered(play_hand, tasks), start=1):
                decisive += winner is not None
                wins += winner == 0
                margins.append(margin)
                times.extend(hand_times)
                if done % 100 == 0:
                    print(f"[{time.perf_counter() - began:6.0f} s] {row}: {done}/{len(tasks)}", file=sys.stderr)
            low, high = wilson_interval(wins, decisive)
            print(
                f"  {row:<34} {decisive:>8} {100 * wins / decisive:6.1f}  [{100 * low:4.1f}, {100 * high:4.1f}]"
                f"  {statistics.mean(margins):+6.2f}  {1000 * statistics.median(times):7.0f}"
            )
    print(f"done in {time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
