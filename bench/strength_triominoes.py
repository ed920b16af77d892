"""How strong the Tri-Ominos agents are against each other, and how long ``ismcts`` thinks.

Why this exists: ``heuristic`` must beat ``greedy``, and ``ismcts`` must beat
them all at a median of at most 300 ms a move on a small two-core machine.
This script plays whole games (to the target, T8) with the arena under
``pressman``: with 2 players every pair of agents meets on mirrored deals;
with 4 players all four agents share each table, seats rotating. For each
agent it prints the share of games it won with a 95% Wilson interval, its
points per seat and round, and its Elo (fitted by the arena from head-to-head
standings, 95% interval). It then times ``ismcts`` alone, in this process,
over every decision with a real choice in a few games against ``heuristic``
(a forced move returns at once and is not counted), timing each ``choose()``
call itself.

Run: ``.venv/bin/python bench/strength_triominoes.py [--games N] [--jobs J]``.
Not run by the tests: a useful run takes many minutes.
"""

from __future__ import annotations

import argparse
import statistics
import time

import bonepile.ai.triominoes_heuristic
import bonepile.ai.triominoes_ismcts  # noqa: F401  (registers the agents here and in spawned workers)
from bonepile.ai import make_agent
from bonepile.ai.triominoes_ismcts import ISMCTSAgent
from bonepile.arena import ArenaConfig, run_arena
from bonepile.arena.backends import batch_size_for, make_backend
from bonepile.arena.runner import pairings
from bonepile.triominoes import Game

AGENTS = ("ismcts", "heuristic", "greedy", "random")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=12, help="games per pairing (2 players) and in all (4 players)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes for the arena (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="2,4", help="player counts to run (default 2,4)")
    parser.add_argument("--timing-games", type=int, default=2, help="games of ismcts vs heuristic to time per count")
    args = parser.parse_args()
    counts = [int(p) for p in args.players.split(",") if p.strip()]

    with make_backend("local", args.jobs) as backend:
        for players in counts:
            config = ArenaConfig(
                "triominoes", AGENTS, games=args.games, seed=args.seed, preset="pressman", players=players
            )
            total = config.games * len(pairings(config, players))
            start = time.perf_counter()
            result = run_arena(
                config, backend=backend, batch_size=batch_size_for(total, backend.parallelism), parallelism=1
            )
            rounds = sum(r.hands for r in result.results)
            print(
                f"\npressman, {players} players: {len(result.results)} games, {rounds} rounds"
                f" ({time.perf_counter() - start:.0f} s, {args.jobs} jobs)"
            )
            print(f"  {'agent':<10}{'games':>6}  {'win rate':>8}  {'95% interval':<15}{'pts/round':>10}  Elo (95%)")
            for stats in result.agents:
                low, high = stats.win_interval
                rating = stats.rating
                elo = f"{rating.elo:+6.0f} ± {rating.half_width:3.0f}" if rating is not None else "-"
                print(
                    f"  {stats.name:<10}{stats.games:>6}  {stats.win_rate:>8.3f}  [{low:.3f}, {high:.3f}] "
                    f"{stats.points_per_hand:>10.1f}  {elo:<18}"
                )

    print("\nismcts time per move (decisions with more than one legal move, one process, vs heuristic):")
    for players in counts:
        times = time_ismcts(players, args.timing_games, args.seed)
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(
            f"  {players} players  moves {len(times):>4}  median {statistics.median(times) * 1000:6.1f} ms"
            f"  p95 {p95 * 1000:6.1f} ms  max {times[-1] * 1000:6.1f} ms"
        )


def time_ismcts(players: int, games: int, seed: int) -> list[float]:
    """Seconds per ``ismcts`` decision over whole games against ``heuristic`` (ismcts in the even seats)."""
    times: list[float] = []
    for index in range(games):
        game = Game.new("pressman", players, seed=seed * 1000 + index)
        agents = [
            make_agent("ismcts" if seat % 2 == 0 else "heuristic", "triominoes", index * 10 + seat)
            for seat in range(players)
        ]
        while not game.is_over:
            player = game.to_move
            assert player is not None
            observation = game.observation(player)
            agent = agents[player]
            start = time.perf_counter()
            move = agent.choose(observation)
            elapsed = time.perf_counter() - start
            if isinstance(agent, ISMCTSAgent) and len(observation.legal_moves) > 1:
                times.append(elapsed)
            game.play(move)
    return times


if __name__ == "__main__":
    main()
