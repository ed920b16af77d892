"""A match: a series of deals (Dominoes hands, Tri-Ominos rounds) played to a target score.

Both games keep the same books around the deal in play: the rules, the seed
and the one ``random.Random(seed)`` every deal comes from, the moves across
deals, the summary of every finished deal, the final outcome, and the record
(the seed and the moves) that rebuilds the match exactly. ``Match`` keeps
those books once; each game's ``Game`` says only what differs: how a deal is
dealt, how a finished deal is scored, and when the match is won.

Pure: standard library only, like the engines that build on it.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from enum import Enum
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar, cast

from bonepile.core.errors import T_, IllegalMoveError, InvalidPositionError, RulesError, Template
from bonepile.core.protocol import Move as AnyMove
from bonepile.core.records import RECORD_FORMAT, replay_record


class MatchRules(Protocol):
    """What the books need of a game's rules."""

    @property
    def players(self) -> int: ...

    @property
    def preset(self) -> str: ...

    @property
    def target(self) -> int: ...

    @property
    def num_sides(self) -> int: ...

    def side_of(self, player: int) -> int: ...

    def to_dict(self) -> dict[str, Any]: ...


class MatchOutcome(Protocol):
    """How a match ended: the termination (an enum), the winning sides and the final scores."""

    @property
    def termination(self) -> Enum: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def winners(self) -> frozenset[int]: ...

    @property
    def scores(self) -> tuple[int, ...]: ...


RulesT = TypeVar("RulesT", bound=MatchRules)
DealT = TypeVar("DealT", bound="Deal[Any, Any]")
MoveT = TypeVar("MoveT", bound=AnyMove)
SummaryT = TypeVar("SummaryT")
OutcomeT = TypeVar("OutcomeT", bound=MatchOutcome)
MoveT_co = TypeVar("MoveT_co", covariant=True)
SummaryT_co = TypeVar("SummaryT_co", covariant=True)


class Deal(Protocol[MoveT_co, SummaryT_co]):
    """What the books need of the deal in play (a ``Hand`` or a ``Round``)."""

    @property
    def is_over(self) -> bool: ...

    @property
    def to_move(self) -> int | None: ...

    def legal_moves(self) -> tuple[MoveT_co, ...]: ...

    def parse_move(self, text: str) -> MoveT_co: ...

    def play(self, move: Any, *, player: int | None = None) -> SummaryT_co | None: ...

    def position(self) -> str: ...

    def copy(self) -> Self: ...


class Match(ABC, Generic[RulesT, DealT, MoveT, SummaryT, OutcomeT]):
    """The books of a match; a game's ``Game`` subclasses it and fills in the deal and the scoring."""

    game_name: ClassVar[str]
    """The record's ``game``: the game's name in the registry (``bonepile.games``)."""
    unit: ClassVar[str]
    """What one deal is called ("hand", "round"): in messages and the record's count field."""
    side_word: ClassVar[str] = "side"
    """What a winner is called in messages ("side", "player")."""
    from_deal_name: ClassVar[str] = "Game.from_deal"
    """The constructor that starts from a position, named when ``to_record`` refuses."""

    _rules: RulesT
    _seed: int
    _rng: random.Random
    _current: DealT
    _moves: list[MoveT]
    _summaries: list[SummaryT]
    _outcome: OutcomeT | None
    _from_position: bool

    def __init__(self, rules: RulesT | None = None, seed: int = 0) -> None:
        self._open_books(rules, seed)
        self._current = self._first_deal()

    def _open_books(self, rules: RulesT | None, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RulesError(f"seed must be a whole number, not {seed!r}")
        self._rules = rules if rules is not None else self._default_rules()
        self._seed = seed
        self._rng = random.Random(seed)
        self._moves = []
        self._summaries = []
        self._outcome = None
        self._from_position = False

    @classmethod
    def _from_deal(cls, deal: DealT, rules: RulesT, seed: int) -> Self:
        """A match whose deal in play is (a copy of) ``deal``; later deals come from ``seed``; it has no record.

        Nothing is dealt for the first deal (it is given), so the second deal is
        the first that ``random.Random(seed)`` makes.
        """
        if deal.is_over:
            raise InvalidPositionError(f"the {cls.unit} is already over: {deal.position()}")
        match = cls.__new__(cls)
        match._open_books(rules, seed)
        match._current = deal.copy()
        match._from_position = True
        return match

    # ----------------------------------------------------------------- what each game says

    @classmethod
    @abstractmethod
    def _default_rules(cls) -> RulesT:
        """The rules of a match made without any."""

    @classmethod
    @abstractmethod
    def _rules_from_dict(cls, data: dict[str, Any]) -> RulesT:
        """The rules a record's ``options`` name."""

    @classmethod
    @abstractmethod
    def _parse_move(cls, text: str) -> MoveT:
        """A move read from a record (full notation, no position needed)."""

    @abstractmethod
    def _first_deal(self) -> DealT:
        """The first deal, from the match's random generator."""

    @abstractmethod
    def _close_deal(self, ended: SummaryT) -> OutcomeT | None:
        """Score the deal that just ended; the match's outcome if that reached the target, else None."""

    @abstractmethod
    def _next_deal(self, ended: SummaryT) -> DealT:
        """The deal that follows ``ended`` when the match goes on."""

    @property
    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """Each side's score."""

    # ----------------------------------------------------------------- queries

    @property
    def rules(self) -> RulesT:
        return self._rules

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def deal_number(self) -> int:
        """1 for the first deal (hand or round); the last one's number once the match is over."""
        return len(self._summaries) + (0 if self._current.is_over else 1)

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
        return None if self._outcome is not None else self._current.to_move

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def outcome(self) -> OutcomeT | None:
        return self._outcome

    @property
    def winners(self) -> frozenset[int]:
        """The winning sides once the match is over (several only for a shared win)."""
        return frozenset() if self._outcome is None else self._outcome.winners

    @property
    def deal(self) -> DealT:
        """The deal in play (the last one, once the match is over)."""
        return self._current

    @property
    def deal_summaries(self) -> tuple[SummaryT, ...]:
        """The summary of every finished deal, in order (the name every game shares)."""
        return tuple(self._summaries)

    @property
    def hand_summaries(self) -> tuple[SummaryT, ...]:
        """The same as ``deal_summaries``, by the name the code that says "hand" knows."""
        return tuple(self._summaries)

    def move_bonus(self, move: AnyMove) -> object | None:
        """What a legal move would earn beyond its own value now, named (a game with bonuses says; else None)."""
        return None

    def timeout_move(self) -> MoveT | None:
        """The move the rules make when the player to move runs out of time; None where the rules have none."""
        return None

    @property
    def moves(self) -> tuple[MoveT, ...]:
        """Every move of the match, across deals, in order."""
        return tuple(self._moves)

    def legal_moves(self) -> tuple[MoveT, ...]:
        return () if self._outcome is not None else self._current.legal_moves()

    def parse_move(self, text: str) -> MoveT:
        return self._current.parse_move(text)  # type: ignore[no-any-return]

    def position(self) -> str:
        """The position of the deal in play (see the deal's ``position``)."""
        return self._current.position()

    def _past_summaries(self) -> tuple[SummaryT, ...]:
        """The finished deals before the one in play (or before the last, once it is over)."""
        return tuple(self._summaries[:-1] if self._current.is_over else self._summaries)

    # ----------------------------------------------------------------- moves

    def play(self, move: AnyMove | str, *, player: int | None = None) -> SummaryT | None:
        """Apply a move; when it ends a deal, score it, check the target, deal the next; return its summary.

        Raises ``IllegalMoveError`` (state unchanged) for an illegal move, a
        move out of turn when ``player`` is given, or a move after the match is over.
        """
        if self._outcome is not None:
            public = T_("illegal move {move}: the game is over ({result})", move=str(move), result=self._outcome_text())
            raise IllegalMoveError(f"{public} in {self._current.position()}", public=public)
        deal = self._current
        parsed: MoveT
        if isinstance(move, str):
            if player is not None and player != deal.to_move:
                deal.play(move, player=player)  # raises: out of turn
            parsed = deal.parse_move(move)
        else:
            parsed = cast(MoveT, move)  # the deal refuses anything that is not one of its legal moves
        ended: SummaryT | None = deal.play(parsed, player=player)
        self._moves.append(parsed)
        if ended is None:
            return None
        self._summaries.append(ended)
        self._outcome = self._close_deal(ended)
        if self._outcome is None:
            self._current = self._next_deal(ended)
        return ended

    def _outcome_text(self) -> Template:
        assert self._outcome is not None
        winners = sorted(self._outcome.winners)
        scores = "-".join(map(str, self._outcome.scores))
        player = self.side_word == "player"
        if len(winners) == 1:
            if player:
                return T_("player {side} won {scores}", side=winners[0], scores=scores)
            return T_("side {side} won {scores}", side=winners[0], scores=scores)
        if len(winners) == 2:
            # TRANSLATORS: a tie at the end of a game; {first} and {second} are numbers, {scores} the final scores.
            if player:
                return T_(
                    "player {first} and player {second} won {scores}",
                    first=winners[0],
                    second=winners[1],
                    scores=scores,
                )
            return T_("side {first} and side {second} won {scores}", first=winners[0], second=winners[1], scores=scores)
        # Three or more tied winners (rare): the sides as the engine names them.
        names = " and ".join(f"{self.side_word} {side}" for side in winners)
        return T_("{winners} won {scores}", winners=names, scores=scores)

    # ----------------------------------------------------------------- records

    def to_record(self, players: Sequence[str] | None = None) -> dict[str, Any]:
        """The match record: enough to rebuild the match exactly with ``replay``."""
        if self._from_position:
            raise ValueError(
                f"a game started from a position ({self.from_deal_name}) has no record: its seed did not deal it"
            )
        names = list(players) if players is not None else [f"Player {i + 1}" for i in range(self.num_players)]
        if len(names) != self.num_players:
            raise ValueError(f"{len(names)} names for {self.num_players} players")
        return {
            "format": RECORD_FORMAT,
            "game": self.game_name,
            "preset": self._rules.preset,
            "options": self._rules.to_dict(),
            "players": names,
            "seed": self._seed,
            "moves": [str(m) for m in self._moves],
            f"{self.unit}s": len(self._summaries),
            "scores": list(self.scores),
            "result": self.result_record(),
        }

    def result_record(self) -> dict[str, Any] | None:
        """The record's ``result``: None until the match is over."""
        if self._outcome is None:
            return None
        return {
            "termination": self._outcome.termination.value,
            **self._winner_fields(self._outcome),
            "scores": list(self._outcome.scores),
        }

    def _winner_fields(self, outcome: OutcomeT) -> dict[str, Any]:
        """How the record's ``result`` names the winner."""
        return {"winner": outcome.winner}

    @classmethod
    def replay(cls, record: dict[str, Any]) -> Self:
        """Rebuild a match from its record, checking every move and the stored result.

        Raises ``RecordError`` naming the first bad move (its number, deal and
        text) or the first field that does not match.
        """
        return replay_record(
            record,
            game_name=cls.game_name,
            unit=cls.unit,
            rules_from_dict=cls._rules_from_dict,
            new_game=cls,
            parse_move=cls._parse_move,
        )
