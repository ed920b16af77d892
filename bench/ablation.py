"""What each part of the Dominoes ``ismcts`` is worth: the registered agent against itself with one part changed.

Why this exists: the strength benchmark (``bench/strength.py``) says how
strong ``ismcts`` is against the peers, not why. Here every row plays the
registered ``ismcts`` against a copy with one thing changed, on the same
mirrored deals of OpenSpiel's 2-player block game as our rules mirror it
(one hand is the game, ``target=1``), in our engine only (no peer needed):

* ``points``: the copy believes the match goes to 100, so it plays for points
  rather than to win the hand;
* ``uniform worlds``: the copy draws the imagined worlds uniformly among
  those that fit the facts, not by the likelihood of the plays seen
  (``bonepile.ai.dominoes_play_model``);
* ``pips rollouts``: the copy's rollouts count a double as its pips only;
* ``N iterations``: the copy searches N iterations a move (ours: 1,500);
* ``sees every hand``: the copy searches the real deal, not imagined ones
  (a bound on what guessing the hidden tiles better could still win).

Win % is the registered agent's share of the decisive hands, with its 95%
Wilson interval. Run: ``.venv/bin/python bench/ablation.py [--deals N]
[--jobs J] [--only ROW]``. Not run by the tests.
"""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from bonepile.ai.base import Agent
from bonepile.ai.ismcts import DominoesDecision, ISMCTSAgent, Rewards
from bonepile.ai.search_tree import Node
from bonepile.arena import wilson_interval
from bonepile.arena.backends import default_jobs
from bonepile.arena.runner import derived_seed
from bonepile.dominoes import Hand, Observation, Rules

RULES = Rules.from_preset("block", 2, leader="first_seat", hand_score="opponents", target=1)
"""OpenSpiel's ``python_block_dominoes`` as ``bonepile.peers.openspiel_dominoes.rules_for`` mirrors it."""


class PlaysForPoints(ISMCTSAgent):
    """``ismcts`` that believes the match goes to 100: a hand's points count, not only who wins it."""

    def search(self, observation: Observation) -> Node:
        rules = dataclasses.replace(observation.rules, target=100)
        return super().search(dataclasses.replace(observation, rules=rules))


class SeesEveryHand(ISMCTSAgent):
    """``ismcts`` searching the real deal (given by the bench before each move) instead of imagined ones."""

    real: Hand | None = None

    def decide(self, observation: Observation) -> DominoesDecision:
        real = self.real
        assert real is not None
        rules = observation.rules
        return DominoesDecision(
            lambda rng: real.copy(), Rewards(rules, observation.scores), self.rollout_for(rules), rules
        )


def pips_rollout(hand: Hand, rng: random.Random) -> None:
    """The heavier of two random legal moves, by pips alone (a double is not counted heavier)."""
    draw = rng.random
    while not hand.is_over:
        legal = hand.legal_moves()
        first = legal[int(draw() * len(legal))]
        second = legal[int(draw() * len(legal))]
        if first.tile is not None and second.tile is not None and second.tile.pips > first.tile.pips:
            first = second
        hand.play(first)


ROWS: dict[str, Callable[[int], Agent]] = {
    "points": lambda seed: PlaysForPoints("dominoes", seed),
    "uniform worlds": lambda seed: ISMCTSAgent("dominoes", seed, weigh_plays=False),
    "pips rollouts": lambda seed: ISMCTSAgent("dominoes", seed, rollout=pips_rollout),
    "3000 iterations": lambda seed: ISMCTSAgent("dominoes", seed, iterations=3000),
    "sees every hand": lambda seed: SeesEveryHand("dominoes", seed),
}


def play_hand(
    ours: Callable[[int], Agent], theirs: Callable[[int], Agent], seed: int, deal: int, swapped: bool
) -> tuple[int | None, int, list[float]]:
    """One hand: ``ours`` in seat 0 (or 1 when ``swapped``) against ``theirs``; (winner, margin, our times).

    The winner is 0 for ours, 1 for theirs, None for a draw; agents that see
    every hand are shown the real one before each of their moves.
    """
    hand = Hand.deal(RULES, random.Random(derived_seed(seed, deal, 0)))
    mine = int(swapped)
    agents: list[Any] = [
        (ours if seat == mine else theirs)(derived_seed(seed, deal, int(swapped), 1 + seat)) for seat in range(2)
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
        if player == mine and len(observation.legal_moves) > 1:
            times.append(time.perf_counter() - start)
        hand.play(move)
    outcome = hand.outcome
    assert outcome is not None
    winner = None if outcome.winner is None else int(outcome.winner != mine)
    return winner, outcome.points[mine] - outcome.points[1 - mine], times


def registered_against_row(task: tuple[str, int, int, bool]) -> tuple[int | None, int, list[float]]:
    """A worker task: the registered ``ismcts`` against the row's copy."""
    row, seed, deal, swapped = task
    return play_hand(lambda s: ISMCTSAgent("dominoes", s), ROWS[row], seed, deal, swapped)


def parse_args(argv: Sequence[str] | None, doc: str | None, rows: Sequence[str], deals: int) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=doc.splitlines()[0] if doc else None)
    parser.add_argument("--deals", type=int, default=deals, help=f"deals a row, each played twice (default {deals})")
    parser.add_argument("--jobs", type=int, default=default_jobs(), help="worker processes (default: all cores)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", action="append", choices=list(rows), help="run only this row (repeatable)")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.jobs < 1:
        parser.error("--deals and --jobs must be at least 1")
    return args


def run_rows(
    args: argparse.Namespace,
    rows: Sequence[str],
    worker: Callable[[tuple[str, int, int, bool]], tuple[int | None, int, list[float]]],
    title: str,
    heading: str,
) -> None:
    """Play every row's mirrored deals in worker processes and print a line per row (``heading`` names the column)."""
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]
    chosen = [r for r in rows if not args.only or r in args.only]
    width = max(len(heading), *(len(r) for r in chosen))
    print(title)
    print(f"command: {' '.join(['python', *sys.argv])}; seed {args.seed}, {args.jobs} worker processes")
    print(f"  {heading:<{width}} {'decisive':>8} {'win %':>6}  95% interval    margin  ms/move")
    began = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        for row in chosen:
            tasks = [(row, args.seed, deal, swapped) for deal in range(args.deals) for swapped in (False, True)]
            wins = decisive = 0
            margins: list[int] = []
            times: list[float] = []
            for done, (winner, margin, hand_times) in enumerate(pool.imap_unordered(worker, tasks), start=1):
                decisive += winner is not None
                wins += winner == 0
                margins.append(margin)
                times.extend(hand_times)
                if done % 100 == 0:
                    print(f"[{time.perf_counter() - began:6.0f} s] {row}: {done}/{len(tasks)}", file=sys.stderr)
            low, high = wilson_interval(wins, decisive)
            print(
                f"  {row:<{width}} {decisive:>8} {100 * wins / decisive:6.1f}  [{100 * low:4.1f}, {100 * high:4.1f}]"
                f"  {statistics.mean(margins):+6.2f}  {1000 * statistics.median(times):7.0f}"
            )
    print(f"done in {time.perf_counter() - began:.0f} s")


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv, __doc__, list(ROWS), deals=200)
    title = f"ismcts ablation: 2p block (OpenSpiel's rules, one hand a game), {args.deals} deals a row, each twice"
    run_rows(args, list(ROWS), registered_against_row, title, "ismcts vs ismcts with")
    return 0


if __name__ == "__main__":
    sys.exit(main())
