"""A game of Dominoes: a series of hands to the target score (D8), and its record.

The deal of every hand comes from one ``random.Random(seed)``, so the seed and
the list of moves reproduce a game exactly; that pair is the game record. The
books of the match (seed, moves, summaries, record) are ``core.match.Match``'s;
this module says how a hand is dealt and scored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bonepile.core.errors import InvalidPositionError
from bonepile.core.match import Match
from bonepile.core.protocol import Deal
from bonepile.core.protocol import Game as GameShape
from bonepile.dominoes._hand import Hand
from bonepile.dominoes._rules import Rules
from bonepile.dominoes._tiles import Move
from bonepile.dominoes._values import HandOutcome, Observation, Termination


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """How the game ended: a side reached the target (D8)."""

    termination: Termination
    winner: int
    """The winning side (the side with the most points)."""
    scores: tuple[int, ...]

    @property
    def winners(self) -> frozenset[int]:
        """The winning side as a set, the shape every game's outcome shares."""
        return frozenset((self.winner,))


class Game(Match[Rules, Hand, Move, HandOutcome, GameOutcome]):
    """A match of hands to the target; the object the AI, the CLI and the server play on."""

    game_name = "dominoes"
    unit = "hand"
    side_word = "side"
    from_deal_name = "Game.from_hand"

    _scores: tuple[int, ...]
    """Each side's score after the finished hands (a tuple, handed out as it is: read at every step)."""
    _plain: bool

    def _open_books(self, rules: Rules | None, seed: int) -> None:
        super()._open_books(rules, seed)
        self._scores = (0,) * self._rules.num_sides
        self._plain = not self._rules.scores_during_play
        """Whether the scores change only when a hand ends (all but all-fives): read at every step, so kept."""

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
        start = (0,) * rules.num_sides if scores is None else tuple(scores)
        if len(start) != rules.num_sides or not all(
            isinstance(s, int) and not isinstance(s, bool) and 0 <= s < rules.target for s in start
        ):
            raise InvalidPositionError(
                f"scores {list(start)!r} must be {rules.num_sides} whole numbers from 0 to {rules.target - 1}"
            )
        game = cls._from_deal(hand, rules, seed)
        game._scores = start
        if rules.scores_during_play:
            game._current._set_scores(start)
        return game

    # ----------------------------------------------------------------- the hands

    @classmethod
    def _default_rules(cls) -> Rules:
        return Rules.from_preset("draw")

    @classmethod
    def _rules_from_dict(cls, data: dict[str, Any]) -> Rules:
        return Rules.from_dict(data)

    @classmethod
    def _parse_move(cls, text: str) -> Move:
        return Move.parse(text)

    def _first_deal(self) -> Hand:
        return self._deal(leader=None)

    def _deal(self, leader: int | None) -> Hand:
        """D2: shuffle the set and deal each player ``hand_size`` tiles; the rest is the boneyard."""
        # Where plays score (all-fives), the hand knows the scores, so that a count reaching the target ends it (D8).
        scores = self._scores if self._rules.scores_during_play else None
        return Hand.deal(self._rules, self._rng, leader, scores=scores)

    def _close_deal(self, ended: HandOutcome) -> GameOutcome | None:
        self._scores = tuple(score + points for score, points in zip(self._scores, ended.points, strict=True))
        best = max(self._scores)
        if best >= self._rules.target:  # D8: the game ends as soon as a score reaches the target
            return GameOutcome(Termination.TARGET_REACHED, self._scores.index(best), self.scores)
        return None

    def _next_deal(self, ended: HandOutcome) -> Hand:
        winner_leads = self._rules.next_hand_leader == "winner" and ended.winning_player is not None
        return self._deal(leader=ended.winning_player if winner_leads else None)

    # ----------------------------------------------------------------- queries

    @property
    def hand(self) -> Hand:
        """The hand in play (the last one, once the game is over)."""
        return self._current

    @property
    def hand_number(self) -> int:
        """1 for the first hand."""
        return self.deal_number

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score (a team's in a partnership game), with what the hand in play scored so far."""
        if self._plain or self._current.is_over:
            return self._scores
        return self._current.scores

    def observation(self, player: int) -> Observation:
        """What ``player`` may know now (see ``Observation``)."""
        return self._current.observation(
            player, scores=self.scores, hand_number=self.deal_number, past_hands=self._past_summaries()
        )

    def observation_of(self, deal: Deal, player: int, deal_number: int) -> Observation:
        """What ``player`` saw of ``deal``, hand ``deal_number`` of this game, once it ended (the scores now)."""
        if not isinstance(deal, Hand):
            raise TypeError(f"not a hand of Dominoes: {deal!r}")
        past = self.hand_summaries[: deal_number - 1]
        return deal.observation(player, scores=self.scores, hand_number=deal_number, past_hands=past)


def replay(record: dict[str, Any]) -> Game:
    """Rebuild a game from its record, checking every move and the stored result.

    Raises ``RecordError`` naming the first bad move (its number, hand and
    text) or the first field that does not match.
    """
    return Game.replay(record)


def _has_the_common_shape(game: Game) -> GameShape:
    """Never called: mypy checks here that this ``Game`` has the shape every front end reads."""
    return game
