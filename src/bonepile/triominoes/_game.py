"""A game of Tri-Ominos: a series of rounds to the target score (T8), and its record.

Every deal, and goliath's draw-one start, comes from one ``random.Random(seed)``,
so the seed and the list of moves reproduce a game exactly; that pair is the
game record.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bonepile.core.errors import IllegalMoveError, InvalidPositionError, RulesError
from bonepile.core.records import RECORD_FORMAT, replay_record
from bonepile.triominoes._round import Observation, Round, RoundSummary, Termination
from bonepile.triominoes._rules import Rules
from bonepile.triominoes._tiles import TIMEOUT, Move


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """How the game ended (T8): who won, possibly several players sharing the win."""

    termination: Termination
    winners: frozenset[int]
    scores: tuple[int, ...]

    @property
    def winner(self) -> int | None:
        """The single winner, or None for a shared win."""
        return next(iter(self.winners)) if len(self.winners) == 1 else None


def t8_winners(scores: Sequence[int], round_winners: frozenset[int]) -> frozenset[int]:
    """T8: the most points wins; tied, the one who won the last round; still tied, a shared win."""
    best = max(scores)
    tied = frozenset(p for p, s in enumerate(scores) if s == best)
    if len(tied) > 1 and tied & round_winners:
        return tied & round_winners
    return tied


class Game:
    """A series of rounds to the target; the object the AI, the CLI and the server play on."""

    def __init__(self, rules: Rules | None = None, seed: int = 0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RulesError(f"seed must be a whole number, not {seed!r}")
        self._rules = rules if rules is not None else Rules.from_preset("pressman")
        self._seed = seed
        self._rng = random.Random(seed)
        self._moves: list[Move] = []
        self._summaries: list[RoundSummary] = []
        self._outcome: GameOutcome | None = None
        self._from_position = False
        self._round = Round.deal(self._rules, self._rng)

    @classmethod
    def new(cls, preset: str = "pressman", players: int | None = None, seed: int = 0, **options: Any) -> Game:
        """A game of ``preset`` (see ``Rules.from_preset``) dealt from ``seed``."""
        return cls(Rules.from_preset(preset, players, **options), seed)

    @classmethod
    def from_round(cls, round_: Round, *, seed: int = 0) -> Game:
        """A game whose round in play is (a copy of) ``round_``; its scores are the round's; later rounds from ``seed``.

        For tests and puzzles that start from a literal position
        (``Round.from_position``), e.g. to see the game end (T8). Such a game
        has no record: its first round was not dealt from the seed.
        """
        if round_.is_over:
            raise InvalidPositionError(f"the round is already over: {round_.position()}")
        game = cls(round_.rules, seed)
        game._round = round_.copy()
        game._from_position = True
        return game

    # ----------------------------------------------------------------- queries

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def round(self) -> Round:
        """The round in play (the last one, once the game is over)."""
        return self._round

    @property
    def round_number(self) -> int:
        """1 for the first round."""
        return len(self._summaries) + (0 if self._round.is_over else 1)

    @property
    def num_players(self) -> int:
        return self._rules.players

    @property
    def num_sides(self) -> int:
        return self._rules.players

    def side_of(self, player: int) -> int:
        return player

    @property
    def to_move(self) -> int | None:
        return None if self._outcome is not None else self._round.to_move

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def outcome(self) -> GameOutcome | None:
        return self._outcome

    @property
    def winners(self) -> frozenset[int]:
        return frozenset() if self._outcome is None else self._outcome.winners

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's score, the round in play included (placements score at once)."""
        return self._round.scores

    @property
    def hand_summaries(self) -> tuple[RoundSummary, ...]:
        """The summary of every finished round, in order (the name every game shares)."""
        return tuple(self._summaries)

    @property
    def round_summaries(self) -> tuple[RoundSummary, ...]:
        return tuple(self._summaries)

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move of the game, across rounds, in order."""
        return tuple(self._moves)

    def legal_moves(self) -> tuple[Move, ...]:
        return () if self._outcome is not None else self._round.legal_moves()

    def parse_move(self, text: str) -> Move:
        return self._round.parse_move(text)

    def observation(self, player: int) -> Observation:
        """What ``player`` may know now (see ``Observation``)."""
        over = self._round.is_over
        return self._round.observation(
            player,
            round_number=self.round_number,
            past_rounds=tuple(self._summaries[:-1] if over else self._summaries),
        )

    def position(self) -> str:
        """The position of the round in play (see ``Round.position``)."""
        return self._round.position()

    # ----------------------------------------------------------------- moves

    def play(self, move: Move | str, *, player: int | None = None) -> RoundSummary | None:
        """Apply a move; when it ends a round, check the target (T8), deal the next and return its summary.

        Raises ``IllegalMoveError`` (state unchanged) for an illegal move, a
        move out of turn when ``player`` is given, or a move after the game is over.
        """
        if self._outcome is not None:
            public = f"illegal move {move}: the game is over ({self._outcome_text()})"
            raise IllegalMoveError(f"{public} in {self._round.position()}", public=public)
        round_ = self._round
        if isinstance(move, str):
            if player is not None and player != round_.to_move:
                round_.play(move, player=player)  # raises: out of turn
            move = round_.parse_move(move)
        ended = round_.play(move, player=player)
        self._moves.append(move)
        if ended is not None:
            self._round_ended(ended)
        return ended

    def turn_time_out(self) -> RoundSummary | None:
        """T8: the player to move ran out of time (see ``Round.turn_time_out``); recorded as ``timeout``."""
        return self.play(TIMEOUT)

    def _outcome_text(self) -> str:
        assert self._outcome is not None
        names = " and ".join(f"player {p}" for p in sorted(self._outcome.winners))
        return f"{names} won {'-'.join(map(str, self._outcome.scores))}"

    def _round_ended(self, ended: RoundSummary) -> None:
        self._summaries.append(ended)
        scores = self._round.scores
        # T8: the round in progress is always played to its end, then the target is checked.
        if max(scores) >= self._rules.target:
            self._outcome = GameOutcome(Termination.TARGET_REACHED, t8_winners(scores, ended.winners), scores)
        else:
            self._round = Round.deal(self._rules, self._rng, scores)

    # ----------------------------------------------------------------- records

    def to_record(self, players: Sequence[str] | None = None) -> dict[str, Any]:
        """The game record: enough to rebuild the game exactly with ``replay``."""
        if self._from_position:
            raise ValueError("a game started from a position (Game.from_round) has no record: its seed did not deal it")
        names = list(players) if players is not None else [f"Player {i + 1}" for i in range(self.num_players)]
        if len(names) != self.num_players:
            raise ValueError(f"{len(names)} names for {self.num_players} players")
        return {
            "format": RECORD_FORMAT,
            "game": "triominoes",
            "preset": self._rules.preset,
            "options": self._rules.to_dict(),
            "players": names,
            "seed": self._seed,
            "moves": [str(m) for m in self._moves],
            "rounds": len(self._summaries),
            "scores": list(self.scores),
            "result": self.result_record(),
        }

    def result_record(self) -> dict[str, Any] | None:
        """The record's ``result``: None until the game is over."""
        if self._outcome is None:
            return None
        return {
            "termination": self._outcome.termination.value,
            "winner": self._outcome.winner,
            "winners": sorted(self._outcome.winners),
            "scores": list(self._outcome.scores),
        }


def replay(record: dict[str, Any]) -> Game:
    """Rebuild a game from its record, checking every move and the stored result.

    Raises ``RecordError`` naming the first bad move (its number, round and
    text) or the first field that does not match.
    """
    return replay_record(
        record,
        game_name="triominoes",
        unit="round",
        rules_from_dict=Rules.from_dict,
        new_game=Game,
        parse_move=Move.parse,
    )
