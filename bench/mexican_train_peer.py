"""Our Mexican Train AI against a public program's strongest player, seated at our table, in whole games.

The peer is ``ca1ebd/mexican-train`` (``bonepile.peers.mexican_train_trainbuilder`` says why it, how it is
seated and where its own rules differ). It is a bench-time checkout, never installed: on first use this script
clones it into ``.peers/ca1ebd-mexican-train`` at the commit measured (``--peer-source`` clones from another
place, such as a local mirror; ``BONEPILE_MT_PEER_DIR`` names an existing checkout).

Each line plays 4-player games (two seats each, A B A B, every deal once per seat rotation: the luck of the
deal cancels) of ``--rounds`` rounds by our rule sheet, through the arena; a game is decisive when exactly
one side holds the lowest total (M8). Win %: the first side's share of the decisive games, with its 95%
Wilson interval.

Run: ``.venv/bin/python bench/mexican_train_peer.py [--games N] [--rounds R] [--jobs J]``. Not run by the tests.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bonepile.ai.base import register
from bonepile.arena import ArenaConfig, run_arena, wilson_interval
from bonepile.arena.backends import ProcessBackend, default_jobs
from bonepile.games import MEXICAN_TRAIN
from bonepile.peers import PeerMissingError
from bonepile.peers import mexican_train_trainbuilder as peer

GAME = MEXICAN_TRAIN.name
PEER_NAMES = {"peer-biased": "BiasedTrainBuilderPlayer", "peer-largest": "LargestDominoPlayer"}
"""The peer's players as arena agents: its strongest, and the one its own runs measure it against."""
CHEAP = 5
"""The lines where no side searches play this many times ``--games``."""


def _peer_factory(player: str) -> Any:
    return lambda game, seed: peer.peer_agent(player)


for _label, _player in PEER_NAMES.items():
    register(_label, _peer_factory(_player), game=GAME)  # at import, so that every worker knows them


def checkout(source: str) -> None:
    """Clone the peer at its commit where the bench keeps it, unless a checkout is there or named."""
    if os.environ.get(peer.PEER_DIR_VARIABLE):
        return
    where = peer.default_checkout()
    if (where / "TrainPlayer.py").is_file():
        return
    where.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "clone", "--quiet", source, str(where)], check=True)
    subprocess.run(["git", "-C", str(where), "checkout", "--quiet", peer.PEER_COMMIT], check=True)


def line(first: str, second: str, games: int, rounds: int, seed: int, jobs: int) -> tuple[str, int, int, int, str]:
    """One pairing: games, decisive, the first's wins, and pips a round for each side."""
    config = ArenaConfig(
        GAME, (first, second), games=games, seed=seed, preset="mexican-train", players=4, options=(("rounds", rounds),)
    )
    with ProcessBackend(jobs) as backend:
        result = run_arena(config, backend=backend)
    decisive = wins = 0
    pips = {first: 0, second: 0}
    for game in result.results:
        won = {name: any(w for s, w in zip(game.seats, game.seat_won, strict=True) if s == name) for name in pips}
        for name, points in zip(game.seats, game.seat_points, strict=True):
            pips[name] += points
        if won[first] != won[second]:
            decisive += 1
            wins += won[first]
    seat_rounds = 2 * rounds * len(result.results)
    shown = f"{pips[first] / seat_rounds:5.1f} vs {pips[second] / seat_rounds:5.1f}"
    return f"{first} vs {second}", len(result.results), decisive, wins, shown


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=200, help="games of our ismcts against the peer (default 200)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds a game (M2 option rounds; default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument("--peer-source", default=peer.PEER_REPOSITORY, help="where to clone the peer from")
    parser.add_argument("--only-ours", action="store_true", help="only the line of our ismcts against the peer")
    args = parser.parse_args(argv)
    checkout(args.peer_source)
    try:
        peer.peer_agent()
    except PeerMissingError as error:
        print(error, file=sys.stderr)
        return 1
    load = ", ".join(f"{v:.2f}" for v in os.getloadavg())
    print(
        f"bonepile Mexican Train against {peer.PEER_REPOSITORY} at {peer.PEER_COMMIT}, "
        f"{datetime.now().astimezone():%Y-%m-%d %H:%M %Z}"
    )
    print(f"machine: {os.cpu_count()} cores, load average at start {load}; Python {platform.python_version()}")
    print(f"command: {' '.join([os.path.basename(sys.executable), *sys.argv])}")
    print(f"4 players, A B A B, each deal once per seat rotation, {args.rounds} rounds a game, seed {args.seed}")
    print(f"  {'line':<36}{'games':>6}{'decisive':>9}  {'win %':>6}  {'95% interval':<15}{'pips a round':>16}")
    lines = [("ismcts", "peer-biased", args.games)]
    if not args.only_ours:
        lines += [
            ("heuristic", "peer-biased", args.games * CHEAP),
            ("peer-biased", "peer-largest", args.games * CHEAP),
            ("greedy", "peer-largest", args.games * CHEAP),
        ]
    started = time.perf_counter()
    for first, second, games in lines:
        label, played, decisive, wins, pips = line(first, second, games, args.rounds, args.seed, args.jobs)
        low, high = wilson_interval(wins, decisive)
        rate = 100 * wins / decisive if decisive else float("nan")
        print(
            f"  {label:<36}{played:>6}{decisive:>9}  {rate:6.1f}  [{100 * low:4.1f}, {100 * high:5.1f}]  {pips:>16}",
            flush=True,
        )
    print(f"done in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
