"""A game of Tri-Ominos: a series of rounds to the target score (T8), and its record.

Every deal, and goliath's draw-one start, comes from one ``random.Random(seed)``,
so the seed and the list of moves reproduce a game exactly; that pair is the
game record. The books of the match (seed, moves, summaries, record) are
``core.match.Match``'s; this module says how a round is dealt and the game won.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bonepile.core.errors import BonepileError, IllegalMoveError
from bonepile.core.match import Match
from bonepile.core.protocol import Deal
from bonepile.core.protocol import Game as GameShape
from bonepile.core.protocol import Move as AnyMove
from bonepile.triominoes._round import Round
from bonepile.triominoes._rules import Rules
from bonepile.triominoes._tiles import TIMEOUT, Move
from bonepile.triominoes._values import Bonus, Observation, RoundSummary, Termination


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


class Game(Match[Rules, Round, Move, RoundSummary, GameOutcome]):
    """A series of rounds to the target; the object the AI, the CLI and the server play on."""

    game_name = "triominoes"
    unit = "round"
    side_word = "player"
    from_deal_name = "Game.from_round"

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
        return cls._from_deal(round_, round_.rules, seed)

    # ----------------------------------------------------------------- the rounds

    @classmethod
    def _default_rules(cls) -> Rules:
        return Rules.from_preset("pressman")

    @classmethod
    def _rules_from_dict(cls, data: dict[str, Any]) -> Rules:
        return Rules.from_dict(data)

    @classmethod
    def _parse_move(cls, text: str) -> Move:
        return Move.parse(text)

    def _first_deal(self) -> Round:
        return Round.deal(self._rules, self._rng)

    def _close_deal(self, ended: RoundSummary) -> GameOutcome | None:
        scores = self._current.scores
        # T8: the round in progress is always played to its end, then the target is checked.
        if max(scores) >= self._rules.target:
            return GameOutcome(Termination.TARGET_REACHED, t8_winners(scores, ended.winners), scores)
        return None

    def _next_deal(self, ended: RoundSummary) -> Round:
        return Round.deal(self._rules, self._rng, self._current.scores)

    def _winner_fields(self, outcome: GameOutcome) -> dict[str, Any]:
        return {"winner": outcome.winner, "winners": sorted(outcome.winners)}

    # ----------------------------------------------------------------- queries

    @property
    def round(self) -> Round:
        """The round in play (the last one, once the game is over)."""
        return self._current

    @property
    def round_number(self) -> int:
        """1 for the first round."""
        return self.deal_number

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's score, the round in play included (placements score at once)."""
        return self._current.scores

    @property
    def round_summaries(self) -> tuple[RoundSummary, ...]:
        return self.hand_summaries

    def observation(self, player: int) -> Observation:
        """What ``player`` may know now (see ``Observation``)."""
        return self._current.observation(player, round_number=self.deal_number, past_rounds=self._past_summaries())

    def observation_of(self, deal: Deal, player: int, deal_number: int) -> Observation:
        """What ``player`` saw of ``deal``, round ``deal_number`` of this game, once it ended."""
        if not isinstance(deal, Round):
            raise TypeError(f"not a round of Tri-Ominos: {deal!r}")
        return deal.observation(player, round_number=deal_number, past_rounds=self.hand_summaries[: deal_number - 1])

    def move_bonus(self, move: AnyMove) -> Bonus | None:
        """The bonus a legal placement of the player to move would earn now (T3, T5; ``Round.placement_bonus``)."""
        if not isinstance(move, Move):
            raise IllegalMoveError(f"no bonus for {move!r}: it is not a move of Tri-Ominos")
        return self._current.placement_bonus(move)

    def timeout_move(self) -> Move | None:
        """T8's ``timeout`` when the rules let the clock run out now (not on a round's opening tile, T3)."""
        try:
            return self.parse_move("timeout")
        except BonepileError:
            return None

    def turn_time_out(self) -> RoundSummary | None:
        """T8: the player to move ran out of time (see ``Round.turn_time_out``); recorded as ``timeout``."""
        return self.play(TIMEOUT)


def replay(record: dict[str, Any]) -> Game:
    """Rebuild a game from its record, checking every move and the stored result.

    Raises ``RecordError`` naming the first bad move (its number, round and
    text) or the first field that does not match.
    """
    return Game.replay(record)


def _has_the_common_shape(game: Game) -> GameShape:
    """Never called: mypy checks here that this ``Game`` has the shape every front end reads."""
    return game
