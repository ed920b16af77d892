"""The same games before and after a change: seeded arena games replayed and digested.

A refactor that promises "no behaviour changes" shows it here: every registered game and preset plays
seeded games between the built-in agents (the arena's own seeds and seating), each game's record is
replayed through the engine, and the records, results and replays are digested. Run it on two versions
of the code and compare the digests line by line: equal digests mean the same moves, the same scores and
the same replays.

    python bench/same_games.py --games 6 > before.txt   # on the old code
    python bench/same_games.py --games 6 > after.txt    # on the new
    diff before.txt after.txt
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys

from bonepile.ai import make_agent
from bonepile.arena.runner import derived_seed
from bonepile.games import game_info, replay_record

AGENTS = ("random", "greedy", "heuristic")


def play_one(game: str, preset: str, seed: int, agents: tuple[str, ...]) -> dict[str, object]:
    info = game_info(game)
    state = info.new_game(preset, None, seed)
    seats = [
        make_agent(agents[seat % len(agents)], game, derived_seed(seed, seat)) for seat in range(state.num_players)
    ]
    while not state.is_over:
        seat = state.to_move
        state.play(seats[seat].choose(state.observation(seat)))
    record = state.to_record()
    again = replay_record(json.loads(json.dumps(record)))
    assert again.to_record() == record, "a record did not replay to itself"
    return record


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games per game, preset and seating")
    parser.add_argument("--expert", type=int, default=1, help="games per game and preset with an ismcts seat")
    args = parser.parse_args()
    total = 0
    for game in ("dominoes", "triominoes"):
        info = game_info(game)
        for preset in info.presets:
            digest = hashlib.sha256()
            seatings = [AGENTS, AGENTS[::-1]]
            for index in range(args.games):
                for seating in seatings:
                    record = play_one(game, preset, 1000 + index, seating)
                    digest.update(json.dumps(record, sort_keys=True).encode())
                    total += 1
            for index in range(args.expert):
                record = play_one(game, preset, 5000 + index, ("ismcts", "heuristic"))
                digest.update(json.dumps(record, sort_keys=True).encode())
                total += 1
            print(f"{game} {preset}: {digest.hexdigest()[:24]}", flush=True)
    print(f"games: {total}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
