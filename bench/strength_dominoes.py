"""How strong the Dominoes agents are against each other, and how long ``ismcts`` thinks.

Why this exists: ``heuristic`` must beat ``greedy`` clearly, and ``ismcts``
must beat both (and later the peers' best players) at a median of at most
300 ms a move on a small two-core machine. This script plays whole games
(to the target, D8) with the arena, each deal twice with the seats swapped,
and prints each first-named agent's share of the games with a 95% Wilson
interval, points per hand, and mean thinking time per move (forced moves
included). It then times ``ismcts`` alone (one process, nothing else running
from this script) over the decisions of a few games, counting only positions
with a real choice (a forced move returns at once).

Run: ``.venv/bin/python bench/strength_dominoes.py [--games N] [--workers W]``.
Not run by the tests: a useful run takes minutes.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bonepile.ai import make_agent
from bonepile.ai.ismcts import ISMCTSAgent
from bonepile.arena import ArenaConfig, run_arena
from bonepile.arena.backends import batch_size_for, make_backend
from bonepile.dominoes import Game

MATCHUPS: tuple[tuple[str, str, str, int], ...] = (
    ("heuristic", "greedy", "block", 2),
    ("heuristic", "greedy", "partnership", 4),
    ("ismcts", "greedy", "block", 2),
    ("ismcts", "heuristic", "block", 2),
    ("ismcts", "greedy", "partnership", 4),
    ("ismcts", "heuristic", "partnership", 4),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=40, help="games per matchup (default 40)")
    parser.add_argument("--fast-games", type=int, default=400, help="games per matchup without ismcts (default 400)")
    parser.add_argument("--workers", type=int, default=2, help="processes for the arena (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timing-games", type=int, default=3, help="games of ismcts vs heuristic to time per preset")
    parser.add_argument("--only", default="", help="run only matchups whose text contains this")
    args = parser.parse_args()

    header = f"{'preset':<16}{'agent':<11}{'vs':<11}{'games':>6}  {'win rate':>8}  {'95% interval':<16}"
    print(header + "points/hand     ms/move")
    with make_backend("local", args.workers) as backend:
        for first, second, preset, players in MATCHUPS:
            label = f"{players}p {preset}"
            if args.only and args.only not in f"{first} {second} {label}":
                continue
            games = args.games if "ismcts" in (first, second) else args.fast_games
            config = ArenaConfig(
                "dominoes", (first, second), games=games, seed=args.seed, preset=preset, players=players
            )
            start = time.perf_counter()
            result = run_arena(config, backend=backend, batch_size=batch_size_for(games, backend.parallelism))
            table = {s.name: s for s in result.agents}
            stats, other = table[first], table[second]
            low, high = stats.win_interval
            print(
                f"{label:<16}{first:<11}{second:<11}{stats.games:>6}  {stats.win_rate:>8.3f}  [{low:.3f}, {high:.3f}]"
                f"  {stats.points_per_hand:5.2f} vs {other.points_per_hand:5.2f}"
                f"  {stats.ms_per_move:6.1f} vs {other.ms_per_move:5.1f}  ({time.perf_counter() - start:.0f} s)",
                flush=True,
            )

    print()
    print("ismcts time per move (positions with more than one legal move, one process):")
    for preset, players in (("block", 2), ("partnership", 4)):
        if args.only and args.only not in f"ismcts {players}p {preset}":
            continue
        times = time_ismcts(preset, players, args.timing_games, args.seed)
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(
            f"  {players}p {preset:<12} moves {len(times):>4}  median {statistics.median(times) * 1000:6.1f} ms"
            f"  p95 {p95 * 1000:6.1f} ms  max {times[-1] * 1000:6.1f} ms"
        )


def time_ismcts(preset: str, players: int, games: int, seed: int) -> list[float]:
    """Seconds per ``ismcts`` decision over whole games against ``heuristic`` (ismcts in the even seats)."""
    times: list[float] = []
    for index in range(games):
        game = Game.new(preset, players, seed=seed * 1000 + index)
        agents = [
            make_agent("ismcts" if seat % 2 == 0 else "heuristic", "dominoes", index * 10 + seat)
            for seat in range(players)
        ]
        while not game.is_over:
            player = game.to_move
            assert player is not None
            observation = game.observation(player)
            agent = agents[player]
            start = time.perf_counter()
            move = agent.choose(observation)
            if isinstance(agent, ISMCTSAgent) and len(observation.legal_moves) > 1:
                times.append(time.perf_counter() - start)
            game.play(move)
    return times


if __name__ == "__main__":
    main()
