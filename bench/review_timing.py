"""How long the review of a whole hand takes, for each game of the registry, with the default budget.

Each game's first hand (round) of a 2-player game (4-player for Mexican Train with ``--train-players``),
seed 3, played by the ``heuristic`` agent, is reviewed in this process with ``Budget()`` (64 worlds) and the
web's seed (0); the wall-clock and CPU time, the decisions judged and the load average are printed:

    PYTHONPATH=src .venv/bin/python bench/review_timing.py
    PYTHONPATH=src .venv/bin/python bench/review_timing.py --games dominoes --worlds 8
"""

from __future__ import annotations

import argparse
import os
import time

from bonepile import games
from bonepile.ai.base import make_agent
from bonepile.review import Budget, hand_scale, review_hand


def first_hand(name: str, players: int | None, seed: int) -> dict[str, object]:
    """The record of a game of ``name`` whose first deal the heuristic agent has played."""
    game = games.game_kind(name).new_game(players=players, seed=seed)
    agents = [make_agent("heuristic", name, 100 + p) for p in range(game.num_players)]
    while not game.is_over and game.deal_number == 1:
        player = game.to_move
        assert player is not None
        game.play(agents[player].choose(game.observation(player)))
    return game.to_record()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=[kind.name for kind in games.KINDS])
    parser.add_argument("--worlds", type=int, default=Budget().worlds)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--train-players", type=int, default=2, help="players of the Mexican Train game")
    args = parser.parse_args()
    for name in args.games:
        players = args.train_players if name == "mexican-train" else 2
        record = first_hand(name, players, args.seed)
        hand_scale(record)  # measured once per set of rules and cached: not the review's own time
        before = os.getloadavg()
        wall, cpu = time.perf_counter(), time.process_time()
        review = review_hand(record, 1, budget=Budget(worlds=args.worlds))
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        after = os.getloadavg()
        judged = sum(d.expected_played is not None for d in review.decisions)
        print(
            f"{name} ({players} players): {len(review.decisions)} decisions ({judged} judged), "
            f"{wall:.1f} s wall, {cpu:.1f} s CPU, {args.worlds} worlds; "
            f"load average {before[0]:.1f} before, {after[0]:.1f} after"
        )


if __name__ == "__main__":
    main()
