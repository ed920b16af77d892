"""A game of Mexican Train: one round for each double from the set's highest down (M2, M8), and its record.

The deal of every round comes from one ``random.Random(seed)``, so the seed
and the list of moves reproduce a game exactly; that pair is the game record.
The books of the match (seed, moves, summaries, record) are
``core.match.Match``'s; this module says how a round is dealt and when the
game ends: after its last round, the lowest total winning (M8). What
``core.match`` calls the target is here the number of rounds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bonepile.core.match import Match
from bonepile.core.protocol import Deal
from bonepile.core.protocol import Game as GameShape
from bonepile.core.protocol import Move as AnyMove
from bonepile.mexican_train._round import Round
from bonepile.mexican_train._rules import Rules
from bonepile.mexican_train._tiles import Move
from bonepile.mexican_train._views import Observation, RoundSummary, Termination


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """How the game ended (M8): after the last round, the lowest total wins; players tied on it share the win."""

    termination: Termination
    winners: frozenset[int]
    scores: tuple[int, ...]
    """Each player's total pips: lower is better."""

    @property
    def winner(self) -> int | None:
        """The single winner, or None for a shared win."""
        return next(iter(self.winners)) if len(self.winners) == 1 else None


def m8_winners(scores: tuple[int, ...]) -> frozenset[int]:
    """M8: the players on the lowest total."""
    best = min(scores)
    return frozenset(player for player, score in enumerate(scores) if score == best)


# mypy checks a base class's type arguments against their bounds before it reads descriptors, so it does not see
# that ``Rules.preset`` (a descriptor: the constructor on the class, the name on a value) is the ``str`` that
# ``MatchRules`` asks for; passing a ``Rules`` where a ``MatchRules`` is expected type-checks.
class Game(Match[Rules, Round, Move, RoundSummary, GameOutcome]):
    """A game of rounds, 12-12 (or 9-9) down; the object the AI, the CLI and the server play on."""

    game_name = "mexican-train"
    unit = "round"
    side_word = "player"
    from_deal_name = "Game.from_round"

    @classmethod
    def new(cls, preset: str = "mexican-train", players: int | None = None, seed: int = 0, **options: Any) -> Game:
        """A game of ``preset`` (see ``Rules.from_preset``) dealt from ``seed``."""
        return cls(Rules.from_preset(preset, players, **options), seed)

    @classmethod
    def from_round(cls, round_: Round, *, seed: int = 0) -> Game:
        """A game whose round in play is (a copy of) ``round_``; its totals are the round's; later rounds from ``seed``.

        For tests and puzzles that start from a literal position (``Round.from_deal``,
        ``Round.from_position``), e.g. to see the game end (M8). Such a game has no
        record: its round was not dealt from the seed, so ``to_record`` refuses.
        """
        return cls._from_deal(round_, round_.rules, seed)

    # ----------------------------------------------------------------- the rounds

    @classmethod
    def _default_rules(cls) -> Rules:
        return Rules.from_preset("mexican-train")

    @classmethod
    def _rules_from_dict(cls, data: dict[str, Any]) -> Rules:
        return Rules.from_dict(data)

    @classmethod
    def _parse_move(cls, text: str) -> Move:
        return Move.parse(text)

    def _first_deal(self) -> Round:
        return Round.deal(self._rules, self._rng, 1)

    def _close_deal(self, ended: RoundSummary) -> GameOutcome | None:
        if ended.number >= self._rules.rounds:  # M8: the game ends after its last round
            return GameOutcome(Termination.LAST_ROUND, m8_winners(ended.scores), ended.scores)
        return None

    def _next_deal(self, ended: RoundSummary) -> Round:
        # M3: each later round, the seat to the left of the previous round's first player plays first.
        first = (ended.first + 1) % self._rules.players
        return Round.deal(self._rules, self._rng, ended.number + 1, first=first, scores=ended.scores)

    def _winner_fields(self, outcome: GameOutcome) -> dict[str, Any]:
        return {"winner": outcome.winner, "winners": sorted(outcome.winners)}

    def play(self, move: AnyMove | str, *, player: int | None = None) -> RoundSummary | None:
        """Apply a move (see ``Match.play``); a play on one's own train by seat (``@N``) is kept as ``mine``."""
        if isinstance(move, Move) and self._outcome is None:
            move = self._current._normalised(move)
        return super().play(move, player=player)

    # ----------------------------------------------------------------- queries

    @property
    def round(self) -> Round:
        """The round in play (the last one, once the game is over)."""
        return self._current

    @property
    def deal(self) -> Round:
        """The round in play: the name every game shares for its deal."""
        return self._current

    @property
    def round_number(self) -> int:
        """1 for the first round."""
        return self.deal_number

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's total pips so far (M7; lower is better), the round in play not yet counted."""
        return self._current.scores

    @property
    def round_summaries(self) -> tuple[RoundSummary, ...]:
        return self.hand_summaries

    def observation(self, player: int) -> Observation:
        """What ``player`` may know now (see ``Observation``)."""
        return self._current.observation(
            player, scores=self.scores, deal_number=self.deal_number, past_deals=self._past_summaries()
        )

    def observation_of(self, deal: Deal, player: int, deal_number: int) -> Observation:
        """What ``player`` saw of ``deal``, round ``deal_number`` of this game, once it ended (the totals now)."""
        if not isinstance(deal, Round):
            raise TypeError(f"not a round of Mexican Train: {deal!r}")
        past = self.hand_summaries[: deal_number - 1]
        return deal.observation(player, scores=self.scores, deal_number=deal_number, past_deals=past)


def replay(record: dict[str, Any]) -> Game:
    """Rebuild a game from its record, checking every move and the stored result.

    Raises ``RecordError`` naming the first bad move (its number, round and
    text) or the first field that does not match.
    """
    return Game.replay(record)


def _has_the_common_shape(game: Game) -> GameShape:
    """Never called: mypy checks here that this ``Game`` has the shape every front end reads."""
    return game
