"""A game of Dominoes: a series of hands to the target score (D8), and its record.

The deal of every hand comes from one ``random.Random(seed)``, so the seed and
the list of moves reproduce a game exactly; that pair is the game record.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bonepile.core.errors import IllegalMoveError, InvalidPositionError, RulesError
from bonepile.core.records import RECORD_FORMAT, replay_record
from bonepile.dominoes._hand import Hand, HandOutcome, Observation, Termination
from bonepile.dominoes._rules import Rules
from bonepile.dominoes._tiles import Move


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """How the game ended: a side reached the target (D8)."""

    termination: Termination
    winner: int
    """The winning side (the side with the most points)."""
    scores: tuple[int, ...]


class Game:
    """A match of hands to the target; the object the AI, the CLI and the server play on."""

    def __init__(self, rules: Rules | None = None, seed: int = 0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RulesError(f"seed must be a whole number, not {seed!r}")
        self._rules = rules if rules is not None else Rules.from_preset("draw")
        self._seed = seed
        self._rng = random.Random(seed)
        self._scores = [0] * self._rules.num_sides
        self._moves: list[Move] = []
        self._summaries: list[HandOutcome] = []
        self._outcome: GameOutcome | None = None
        self._from_position = False
        self._hand = self._deal(leader=None)

    @classmethod
    def new(cls, preset: str = "draw", players: int | None = None, seed: int = 0, **options: Any) -> Game:
        """A game of ``preset`` (see ``Rules.from_preset``) dealt from ``seed``."""
        return cls(Rules.from_preset(preset, players, **options), seed)

    @classmethod
    def from_hand(cls, hand: Hand, *, scores: Sequence[int] | None = None, seed: int = 0) -> Game:
        """A game whose hand in play is (a copy of) ``hand``, with ``scores`` so far; later hands come from ``seed``.

        For tests and puzzles that start from a literal position (``Hand.from_position``),
        e.g. to see the game end (D8) or the next hand's leader (D3). Such a game has no
        record: its first hand was not dealt from the seed, so ``to_record`` refuses.
        """
        rules = hand.rules
        if hand.is_over:
            raise InvalidPositionError(f"the hand is already over: {hand.position()}")
        start = [0] * rules.num_sides if scores is None else list(scores)
        if len(start) != rules.num_sides or not all(
            isinstance(s, int) and not isinstance(s, bool) and 0 <= s < rules.target for s in start
        ):
            raise InvalidPositionError(
                f"scores {list(start)!r} must be {rules.num_sides} whole numbers from 0 to {rules.target - 1}"
            )
        game = cls(rules, seed)
        game._hand = hand.copy()
        if rules.scores_during_play:
            game._hand._set_scores(start)
        game._scores = start
        game._from_position = True
        return game

    def _deal(self, leader: int | None) -> Hand:
        """D2: shuffle the set and deal each player ``hand_size`` tiles; the rest is the boneyard."""
        # Where plays score (all-fives), the hand knows the scores, so that a count reaching the target ends it (D8).
        scores = self._scores if self._rules.scores_during_play else None
        return Hand.deal(self._rules, self._rng, leader, scores=scores)

    # ----------------------------------------------------------------- queries

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def hand(self) -> Hand:
        """The hand in play (the last one, once the game is over)."""
        return self._hand

    @property
    def hand_number(self) -> int:
        """1 for the first hand."""
        return len(self._summaries) + (0 if self._hand.is_over else 1)

    @property
    def num_players(self) -> int:
        return self._rules.players

    @property
    def num_sides(self) -> int:
        return self._rules.num_sides

    def side_of(self, player: int) -> int:
        return self._rules.side_of(player)

    @property
    def to_move(self) -> int | None:
        return None if self._outcome is not None else self._hand.to_move

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def outcome(self) -> GameOutcome | None:
        return self._outcome

    @property
    def winners(self) -> frozenset[int]:
        return frozenset() if self._outcome is None else frozenset((self._outcome.winner,))

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score (a team's in a partnership game), with what the hand in play scored so far."""
        if self._hand.is_over or not self._rules.scores_during_play:
            return tuple(self._scores)
        return self._hand.scores

    @property
    def hand_summaries(self) -> tuple[HandOutcome, ...]:
        """The outcome of every finished hand, in order."""
        return tuple(self._summaries)

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move of the game, across hands, in order."""
        return tuple(self._moves)

    def legal_moves(self) -> tuple[Move, ...]:
        return () if self._outcome is not None else self._hand.legal_moves()

    def parse_move(self, text: str) -> Move:
        return self._hand.parse_move(text)

    def observation(self, player: int) -> Observation:
        """What ``player`` may know now (see ``Observation``)."""
        return self._hand.observation(
            player,
            scores=self.scores,
            hand_number=len(self._summaries) + (0 if self._hand.is_over else 1),
            past_hands=tuple(self._summaries[:-1] if self._hand.is_over else self._summaries),
        )

    # ----------------------------------------------------------------- moves

    def play(self, move: Move | str, *, player: int | None = None) -> HandOutcome | None:
        """Apply a move; when it ends a hand, score it, deal the next and return its outcome.

        Raises ``IllegalMoveError`` (state unchanged) for an illegal move, a
        move out of turn when ``player`` is given, or a move after the game is over.
        """
        if self._outcome is not None:
            public = f"illegal move {move}: the game is over ({self._outcome_text()})"
            raise IllegalMoveError(f"{public} in {self._hand.position()}", public=public)
        hand = self._hand
        if isinstance(move, str):
            if player is not None and player != hand.to_move:
                hand.play(move, player=player)  # raises: out of turn
            move = hand.parse_move(move)
        ended = hand.play(move, player=player)
        self._moves.append(move)
        if ended is None:
            return None
        self._summaries.append(ended)
        for side, points in enumerate(ended.points):
            self._scores[side] += points
        best = max(self._scores)
        if best >= self._rules.target:  # D8: the game ends as soon as a score reaches the target
            self._outcome = GameOutcome(Termination.TARGET_REACHED, self._scores.index(best), self.scores)
        else:
            winner_leads = self._rules.next_hand_leader == "winner" and ended.winning_player is not None
            self._hand = self._deal(leader=ended.winning_player if winner_leads else None)
        return ended

    def _outcome_text(self) -> str:
        assert self._outcome is not None
        return f"side {self._outcome.winner} won {'-'.join(map(str, self._outcome.scores))}"

    # ----------------------------------------------------------------- records

    def to_record(self, players: Sequence[str] | None = None) -> dict[str, Any]:
        """The game record: enough to rebuild the game exactly with ``replay``."""
        if self._from_position:
            raise ValueError("a game started from a position (Game.from_hand) has no record: its seed did not deal it")
        names = list(players) if players is not None else [f"Player {i + 1}" for i in range(self.num_players)]
        if len(names) != self.num_players:
            raise ValueError(f"{len(names)} names for {self.num_players} players")
        return {
            "format": RECORD_FORMAT,
            "game": "dominoes",
            "preset": self._rules.preset,
            "options": self._rules.to_dict(),
            "players": names,
            "seed": self._seed,
            "moves": [str(m) for m in self._moves],
            "hands": len(self._summaries),
            "scores": list(self._scores),
            "result": self.result_record(),
        }

    def result_record(self) -> dict[str, Any] | None:
        """The record's ``result``: None until the game is over."""
        if self._outcome is None:
            return None
        return {
            "termination": self._outcome.termination.value,
            "winner": self._outcome.winner,
            "scores": list(self._outcome.scores),
        }


def replay(record: dict[str, Any]) -> Game:
    """Rebuild a game from its record, checking every move and the stored result.

    Raises ``RecordError`` naming the first bad move (its number, hand and
    text) or the first field that does not match.
    """
    return replay_record(
        record, game_name="dominoes", unit="hand", rules_from_dict=Rules.from_dict, new_game=Game, parse_move=Move.parse
    )
