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
import os
import statistics
import time
from dataclasses import dataclass, field

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
    parser.add_argument("--timing-only", action="store_true", help="skip the arena, only time ismcts")
    args = parser.parse_args()
    counts = [int(p) for p in args.players.split(",") if p.strip()]

    with make_backend("local", 1 if args.timing_only else args.jobs) as backend:
        for players in [] if args.timing_only else counts:
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

    if not args.timing_games:
        return
    print("\nismcts time per move (decisions with more than one legal move, one process, vs heuristic):")
    print("  wall: time.perf_counter; cpu: time.process_time (what the search itself used, whatever else runs)")
    for players in counts:
        load = os.getloadavg()[0]
        timing = time_ismcts(players, args.timing_games, args.seed)
        for label, times in (("wall", timing.wall), ("cpu", timing.cpu)):
            times.sort()
            p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
            print(
                f"  {players} players {label:<4} moves {len(times):>4}"
                f"  median {statistics.median(times) * 1000:6.1f} ms  p95 {p95 * 1000:6.1f} ms"
                f"  max {times[-1] * 1000:6.1f} ms  (load average {load:.1f})"
            )
        print(f"  {players} players worlds sampled {timing.worlds}, of which counts-only fallbacks {timing.fallbacks}")


@dataclass
class Timing:
    """Per decision: wall and processor seconds; and the worlds the searches sampled."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    worlds: int = 0
    fallbacks: int = 0


def time_ismcts(players: int, games: int, seed: int) -> Timing:
    """Seconds per ``ismcts`` decision over whole games against ``heuristic`` (ismcts in the even seats)."""
    timing = Timing()
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
            start, start_cpu = time.perf_counter(), time.process_time()
            move = agent.choose(observation)
            wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
            if isinstance(agent, ISMCTSAgent) and len(observation.legal_moves) > 1:
                timing.wall.append(wall)
                timing.cpu.append(cpu)
                timing.worlds += agent.last_iterations
                timing.fallbacks += agent.last_fallbacks
            game.play(move)
    return timing


if __name__ == "__main__":
    main()
