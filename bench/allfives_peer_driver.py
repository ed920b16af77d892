"""Runs inside the ``all-fives-domino`` package's own venv (``.venv-allfives``): plays its rounds, writes JSON lines.

The package installs its modules as a top-level ``src`` package, so it is
never imported by bonepile's environment: ``bench/allfives_peer.py`` starts
this script with the package's interpreter and reads what it prints. This
file imports nothing of bonepile.

``record`` mode plays whole games between two of the package's players
(``AllFivesGreedyBrain``, its strongest, or ``RandomBrain``), to its own target,
and prints one line per round: the deal as it stood when the first tile was
played (the hands, the pool in drawing order, who led), every event (a play
with the piece it was laid against and what it scored, a draw with the piece
drawn, a pass), the options the package offered before each play, and the
end of the round (pips, the points it awarded). A closed double (the
package's house rule of laying a double face down, which bonepile's rule
sheet does not have) is replaced by the same double played open, and noted;
so is a double the greedy brain only tried face down (its lookahead marks the
real piece closed: a bug of the package, counted as ``stuck_closed``).

``speed`` mode times whole rounds between two ``RandomBrain`` players (a
time budget, repeated, best kept, after a warm-up, as ``bench/throughput.py``
does for every engine) and prints the rounds per second.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
import time
from typing import Any

from src.main.game.Brain import AllFivesGreedyBrain, RandomBrain
from src.main.game.DominoRound import DominoRound
from src.main.game.exceptions.Game import GameWinSignal
from src.main.game.Game import Game, GameStatus
from src.main.game.Player import Player


def sides(piece: Any) -> list[int]:
    return list(piece.sides)


class RecordedRound(DominoRound):
    """The package's round, unchanged in its rules, telling what happens as it happens."""

    def __init__(self, player1: Any, player2: Any, game: Any, *args: Any) -> None:
        game.round = self  # so that a win on the opening play (inside the constructor) is told with this round
        self.events: list[dict[str, Any]] = []
        self.deal: dict[str, Any] | None = None
        self.closed_replaced = 0
        self.stuck_closed = 0
        super().__init__(player1, player2, game, *args)

    def deal_snapshot(self) -> None:
        self.deal = {
            "hands": [[sides(p) for p in self.player1.hand], [sides(p) for p in self.player2.hand]],
            "pool": [sides(p) for p in reversed(self.pool)],  # the package pops from the end
            "leader": 0 if self.current_player is self.player1 else 1,
            "scores": [self.player1.score, self.player2.score],
        }

    def seat(self, player: Any) -> int:
        return 0 if player is self.player1 else 1

    def play(self, piece: Any, origin: Any = None, close: bool = False) -> None:
        if self.deal is None:
            self.deal_snapshot()
        player = self.current_player
        options = [{"piece": sides(p), "origin": sides(o), "closed": c} for p, o, c in self.valid_options()]
        if close:
            self.closed_replaced += 1
            close = False
        elif piece.closed:
            # The package's greedy brain tries each option on a copy of the board but with the real pieces,
            # so a double it tried face down stays marked closed and would be played closed: undone here.
            self.stuck_closed += 1
        piece.closed = False
        before = player.score
        event: dict[str, Any] = {
            "player": self.seat(player),
            "kind": "play",
            "piece": sides(piece),
            "origin": None if origin is None else sides(origin),
            "options": options,
        }
        self.events.append(event)
        self._playing = True
        try:
            super().play(piece, origin, close)
        except GameWinSignal:
            event["score"] = player.score - before
            raise
        finally:
            self._playing = False
        event["score"] = player.score - before

    def swap_current_player(self) -> None:
        if not getattr(self, "_playing", False) and self.deal is not None:
            self.events.append({"player": self.seat(self.current_player), "kind": "pass"})
        super().swap_current_player()


class RecordedPlayer(Player):
    def draw(self) -> None:
        round_ = self.round
        super().draw()
        if isinstance(round_, RecordedRound) and round_.deal is not None:
            ends = [[sides(piece), side] for piece, side in round_.board.open_ends()]
            round_.events.append({"player": round_.seat(self), "kind": "draw", "open_ends": ends})


def record(games: int, seed: int, brains: tuple[str, str]) -> None:
    random.seed(seed)
    kinds = {"greedy": AllFivesGreedyBrain, "random": RandomBrain}
    for number in range(games):
        one = RecordedPlayer(kinds[brains[0]](), "one")
        two = RecordedPlayer(kinds[brains[1]](), "two")
        game = Game(one, two)
        game.status = GameStatus.RUNNING
        over = False
        while not over and game.rounds < 1000:
            game.rounds += 1
            round_: RecordedRound | None = None
            winner = None
            try:
                round_ = RecordedRound(one, two, game)
                round_.run()
                pips = [sum(p.points for p in one.hand), sum(p.points for p in two.hand)]
                before = [one.score, two.score]
                eggs = game.eggs
                game.award_round_score()
                awarded = [one.score - before[0], two.score - before[1]]
            except GameWinSignal as signal:
                over = True
                winner = 0 if signal.winner is one else 1
                round_ = game.round if isinstance(game.round, RecordedRound) else round_
                pips = [sum(p.points for p in one.hand), sum(p.points for p in two.hand)]
                awarded, eggs = [], game.eggs
            assert round_ is not None
            line = {
                "game": number,
                "round": game.rounds,
                "deal": round_.deal,
                "events": round_.events,
                "pips": pips,
                "awarded": awarded,
                "eggs_before": eggs,
                "scores": [one.score, two.score],
                "winner": winner,
                "closed_replaced": round_.closed_replaced,
                "stuck_closed": round_.stuck_closed,
            }
            print(json.dumps(line), flush=True)


class CountingBrain(RandomBrain):
    """The package's random player, counting its decisions (for decisions per round)."""

    decisions = 0

    def decide(self, round: Any) -> Any:
        CountingBrain.decisions += 1
        return super().decide(round)


def speed(seconds: float, repeats: int, warmup: float, seed: int) -> None:
    """Whole rounds (deal and lead included) between two random players: the best rounds/s of ``repeats``."""

    def run_for(budget: float) -> tuple[int, int, float]:
        random.seed(seed)
        one, two = Player(CountingBrain(), "one"), Player(CountingBrain(), "two")
        game = Game(one, two)
        CountingBrain.decisions = 0
        start = time.perf_counter()
        rounds = 0
        while True:
            one._score = two._score = 0  # keep the game from ending: only rounds are timed
            with contextlib.suppress(GameWinSignal):
                DominoRound(one, two, game).run()
            rounds += 1
            elapsed = time.perf_counter() - start
            if elapsed >= budget:
                return rounds, CountingBrain.decisions + rounds, elapsed  # + the forced lead of each round

    run_for(warmup)
    best = max((run_for(seconds) for _ in range(repeats)), key=lambda r: r[0] / r[2])
    rounds, decisions, elapsed = best
    print(json.dumps({"rounds_per_second": rounds / elapsed, "decisions_per_round": decisions / rounds}))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("mode", choices=("record", "speed"))
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--brains", default="greedy,greedy")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--warmup", type=float, default=0.5)
    args = parser.parse_args()
    if args.mode == "record":
        first, second = args.brains.split(",")
        record(args.games, args.seed, (first, second))
    else:
        speed(args.seconds, args.repeats, args.warmup, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
