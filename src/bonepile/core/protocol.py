"""The shape every game of bonepile has, written down once.

The AI players, the arena, the terminal, the web server and the research
interfaces are written against these protocols only, so a game that has this
shape plays in all of them without any of them learning its name (the
registry, ``bonepile.games``, is where a game is named). Players are seat
numbers 0..n-1. A *side* is what scores and wins: a player, or a team in a
partnership game. A *deal* is one hand (Dominoes) or round (Tri-Ominos,
Mexican Train): each game keeps its own word for it on the screen (the
registry's ``deal_word``), and the protocol uses the common one.

Pure: standard library only, like the engines that implement it.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from enum import Enum
from typing import Protocol, runtime_checkable


class Move(Hashable, Protocol):
    """One move of any game: a value with a text form (``parse_move(str(move)) == move``)."""

    @property
    def reveals_hidden(self) -> bool:
        """Whether making this move shows its player something hidden (a drawn tile): what undo must not
        take back, since a replay from the seed would deal the same tile again."""


class DealSummary(Protocol):
    """What one finished deal changed."""

    @property
    def termination(self) -> Enum:
        """How the deal ended (a game's own ``Termination``)."""

    @property
    def winner(self) -> int | None:
        """The side that won the deal, or None when nobody did."""

    @property
    def points(self) -> tuple[int, ...]:
        """Points each side gained (or lost) in the deal, in side order."""


HandSummary = DealSummary
"""The older name, kept for the code that says "hand"."""


class Rules(Hashable, Protocol):
    """What every game's rules say about the table: who sits, who scores together, and the preset's name.
    Rules are frozen values (a view caches what it makes of them)."""

    @property
    def players(self) -> int: ...

    @property
    def preset(self) -> str: ...

    @property
    def num_sides(self) -> int: ...

    def side_of(self, player: int) -> int: ...

    def to_dict(self) -> Mapping[str, object]: ...


class Observation(Protocol):
    """Everything one player may know, and nothing else."""

    @property
    def player(self) -> int: ...

    @property
    def rules(self) -> Rules: ...

    @property
    def to_move(self) -> int | None: ...

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score."""

    @property
    def tile_counts(self) -> tuple[int, ...]:
        """How many tiles each player holds."""

    @property
    def stock_size(self) -> int:
        """How many tiles are left to draw from (the boneyard, the pool)."""

    @property
    def legal_moves(self) -> Sequence[Move]:
        """The player's legal moves; empty when it is not their turn."""

    @property
    def deal_number(self) -> int:
        """1 for the first deal."""

    @property
    def past_deals(self) -> Sequence[DealSummary]:
        """The finished deals before this one."""

    @property
    def deal_over(self) -> DealSummary | None:
        """This deal's summary once it has ended."""


class Outcome(Protocol):
    """How a game ended: the winning sides and the final scores."""

    @property
    def winners(self) -> frozenset[int]: ...

    @property
    def scores(self) -> tuple[int, ...]: ...


class Deal(Protocol):
    """One deal being played: what a search walks through and rolls out, and what a table shows between deals."""

    @property
    def to_move(self) -> int | None:
        """Whose turn it is, or None when the deal is over."""

    @property
    def is_over(self) -> bool: ...

    def legal_moves(self) -> Sequence[Move]: ...

    def position(self) -> str:
        """The deal's whole position as text (every hand face up): for errors and puzzles, never for a player."""


@runtime_checkable
class Game(Protocol):
    """A whole game: a match of deals to its end, and the record that rebuilds it."""

    @property
    def rules(self) -> Rules: ...

    @property
    def seed(self) -> int: ...

    @property
    def num_players(self) -> int: ...

    @property
    def num_sides(self) -> int: ...

    def side_of(self, player: int) -> int: ...

    @property
    def to_move(self) -> int | None:
        """Whose turn it is, or None when the game is over."""

    @property
    def is_over(self) -> bool: ...

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score."""

    @property
    def winners(self) -> frozenset[int]:
        """The winning sides once the game is over (several only for a shared win)."""

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def deal(self) -> Deal:
        """The deal in play (the last one, once the game is over)."""

    @property
    def deal_number(self) -> int:
        """1 for the first deal; the last one's number once the game is over."""

    @property
    def deal_summaries(self) -> Sequence[DealSummary]:
        """The summary of every finished deal, in order."""

    @property
    def hand_summaries(self) -> Sequence[DealSummary]:
        """The same, by its older name."""

    @property
    def moves(self) -> Sequence[Move]:
        """Every move of the game, across deals, in order."""

    def legal_moves(self) -> Sequence[Move]: ...

    def play(self, move: Move | str, *, player: int | None = None) -> DealSummary | None:
        """Apply a legal move (or its text); return the deal's summary if it ended the deal."""

    def parse_move(self, text: str) -> Move:
        """Read a move in full or short notation against the current position."""

    def observation(self, player: int) -> Observation: ...

    def observation_of(self, deal: Deal, player: int, deal_number: int) -> Observation:
        """What ``player`` saw of ``deal``, a deal of this game that has ended (``deal_number``): the table
        between two deals shows the ended one while the engine has dealt the next."""

    def move_bonus(self, move: Move) -> object | None:
        """What a legal move would earn beyond its own value now (a named bonus), or None: for the player
        to move, shown on the move before it is made."""

    def timeout_move(self) -> Move | None:
        """The move the rules make for a player whose time ran out, or None where the rules have none."""

    def position(self) -> str: ...

    def to_record(self, players: Sequence[str] | None = None) -> dict[str, object]: ...


GameState = Game
"""The older name, kept for the research interfaces that say "state"."""


class HandInPlay(Protocol):
    """One deal as a search plays it: every hand known (a sampled world), moves applied in place."""

    @property
    def to_move(self) -> int | None:
        """Whose turn it is, or None when the hand is over."""

    @property
    def is_over(self) -> bool: ...

    def legal_moves(self) -> Sequence[Hashable]: ...

    def play(self, move: Hashable) -> object:
        """Apply a legal move."""

    def tiles_of(self, player: int) -> Sequence[object]:
        """The tiles ``player`` holds (each with an ``index``)."""
