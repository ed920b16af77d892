"""How long a registered agent takes to choose, per decision with a real choice, in each game it names.

The positions come from games played at random (the same for every agent and preset, by seed), so two
presets or two builds are timed on one workload, back to back in one run:

    .venv/bin/python bench/decision_time.py --agent ismcts --presets all-fives,block --positions 60
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from bonepile.ai.base import make_agent
from bonepile.games import game_info


def decision_points(game: str, preset: str, players: int, count: int, seed: int) -> list[Any]:
    """``count`` observations with two legal moves or more, from random games seeded ``seed``, ``seed + 1``..."""
    found: list[Any] = []
    while len(found) < count:
        played = game_info(game).new_game(preset, players, seed)
        rng = random.Random(seed)
        while len(found) < count and not played.is_over:
            player = played.to_move
            assert player is not None
            observation = played.observation(player)
            if len(observation.legal_moves) > 1:
                found.append(observation)
            played.play(rng.choice(played.legal_moves()))
        seed += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="dominoes")
    parser.add_argument("--agent", default="ismcts")
    parser.add_argument("--presets", default="all-fives,block", help="comma-separated presets")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{args.agent}, {args.game}, {args.players} players, {args.positions} decisions a preset, seed {args.seed}")
    print("| preset | decisions | median ms | p95 ms |")
    print("| --- | ---: | ---: | ---: |")
    for preset in args.presets.split(","):
        positions = decision_points(args.game, preset, args.players, args.positions, args.seed)
        agent = make_agent(args.agent, args.game, seed=args.seed)
        times = []
        for observation in positions:
            start = time.perf_counter()
            agent.choose(observation)
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        p95 = times[max(0, round(0.95 * len(times)) - 1)]
        print(f"| {preset} | {len(times)} | {statistics.median(times):.0f} | {p95:.0f} |")


if __name__ == "__main__":
    main()
