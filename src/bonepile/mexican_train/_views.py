"""What a round shows (M7, M9): its public events, its trains, its summary and a player's observation.

Plain frozen values, built by ``Round``; everything here but ``Observation.hand``
and ``Observation.drawn`` (the viewer's own) is public.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Literal, TypeAlias

from bonepile.mexican_train._rules import Rules
from bonepile.mexican_train._tiles import MEXICAN, Move, Tile, train_text

Where: TypeAlias = int | Literal["mexican"]
"""Where a tile lies: the personal train of a seat (0-based), or the Mexican Train."""


class Termination(enum.Enum):
    """Why a round, or the game, ended."""

    WENT_OUT = "went out"
    """A player played their last tile (M7)."""
    BLOCKED = "blocked"
    """The boneyard is empty and every player in turn passed without a play (M7)."""
    LAST_ROUND = "last round"
    """The game's last round is over (M8)."""


@dataclass(frozen=True, slots=True)
class Event:
    """A public event of a round (M9): who did what, and where. A draw never shows the drawn tile.

    ``train`` is where a tile went, by seat or ``"mexican"`` (``move`` says it as
    its player did: ``mine``); ``covered`` says the tile lay on an uncovered
    double; ``from_draw`` that it was the tile just drawn (public: where a drawn
    tile that fitted was played); ``marker_out`` / ``marker_off`` that the move
    put the player's marker on their train or took it off (M5); ``ended_run`` that
    a pass ended a first-turn run (``first_turn = "run"``: no marker, the player has played).
    """

    player: int
    move: Move
    train: Where | None = None
    covered: bool = False
    from_draw: bool = False
    marker_out: bool = False
    marker_off: bool = False
    ended_run: bool = False

    def __str__(self) -> str:
        flags = (("marker out", self.marker_out), ("marker off", self.marker_off), ("run over", self.ended_run))
        notes = [note for note, on in flags if on]
        return f"{self.player}: {self.move}" + (f" ({', '.join(notes)})" if notes else "")


@dataclass(frozen=True, slots=True)
class TrainView:
    """One train as everyone sees it (M9): whose it is, its tiles from the hub out, its open end, its marker."""

    owner: int | None
    """The seat whose personal train it is; None for the Mexican Train."""
    tiles: tuple[tuple[int, int], ...]
    """Its tiles outward from the hub, each as (near half, far half)."""
    open_end: int
    """The number the next tile must match (the engine's while the train is empty)."""
    marked: bool
    """Whether it carries its owner's marker (open to everyone; the Mexican Train always is, unmarked)."""

    @property
    def where(self) -> Where:
        return MEXICAN if self.owner is None else self.owner

    @property
    def name(self) -> str:
        """The train's name in the notation: ``@3`` or ``mexican``."""
        return MEXICAN if self.owner is None else train_text(self.owner)

    @property
    def is_open(self) -> bool:
        """M4: whether anyone may play on it (the Mexican Train, or a marked personal train)."""
        return self.owner is None or self.marked


@dataclass(frozen=True, slots=True)
class RoundSummary:
    """How a round ended and what each player took (M7). Everything here is public."""

    termination: Termination
    winner: int | None
    """The seat that went out; None when the round was blocked."""
    points: tuple[int, ...]
    """The pips each player took (the player who went out: 0), in seat order, with ``double_blank``."""
    hands: tuple[tuple[Tile, ...], ...]
    """Each player's tiles at the end, face up."""
    engine: Tile
    number: int
    """Which round it was (1 for the highest engine)."""
    first: int
    """The seat that played first in it (M3)."""
    scores: tuple[int, ...]
    """Each player's total after this round."""

    @property
    def winners(self) -> frozenset[int]:
        return frozenset() if self.winner is None else frozenset((self.winner,))

    @property
    def pips(self) -> tuple[int, ...]:
        """The same as ``points``: in Mexican Train a round's points are the pips left in hand."""
        return self.points


@dataclass(frozen=True, slots=True)
class Observation:
    """What one player may know of a game (M9), and nothing else.

    Two positions that differ only in what this player cannot see (the other
    hands, the boneyard and its order) give equal observations; the tests check it.
    """

    player: int
    rules: Rules
    to_move: int | None
    scores: tuple[int, ...]
    """Each player's total before this round (after it, once it is over): lower is better."""
    hand: tuple[Tile, ...]
    """The viewer's own tiles."""
    tile_counts: tuple[int, ...]
    stock_size: int
    """How many tiles the boneyard holds."""
    legal_moves: tuple[Move, ...]
    """The viewer's legal moves; empty when it is not their turn."""
    deal_number: int
    """1 for the first round."""
    past_deals: tuple[RoundSummary, ...]
    """The summaries of the finished rounds before this one."""
    deal_over: RoundSummary | None
    """This round's summary once it has ended."""
    events: tuple[Event, ...]
    """This round's public events, oldest first."""
    engine: Tile
    first: int
    """The seat that played first this round."""
    trains: tuple[TrainView, ...]
    """Every personal train in seat order, then the Mexican Train."""
    waiting_doubles: tuple[tuple[Tile, Where], ...]
    """M6: the unsatisfied doubles and where each lies, oldest first (the first must be covered now)."""
    laid_doubles: tuple[tuple[Tile, Where], ...] = ()
    """Doubles the player to move laid this turn and has not covered (unsatisfied once the turn ends)."""
    plays_again: bool = False
    """The player to move has just laid a double and plays again (M6)."""
    in_run: bool = False
    """The player to move is playing a first-turn run on their own train (``first_turn = "run"``)."""
    drawn: Tile | None = None
    """The tile the viewer has just drawn, when it is the viewer's turn (nobody else sees it)."""
    drew: bool = False
    """The player to move has drawn a tile and must now play it or pass (public: that a tile was drawn, M9)."""

    @property
    def round_number(self) -> int:
        return self.deal_number

    @property
    def past_rounds(self) -> tuple[RoundSummary, ...]:
        return self.past_deals

    @property
    def round_over(self) -> RoundSummary | None:
        return self.deal_over

    @property
    def boneyard_size(self) -> int:
        return self.stock_size

    @property
    def mexican(self) -> TrainView:
        return self.trains[-1]

    def train_of(self, seat: int) -> TrainView:
        return self.trains[seat]

    @property
    def marked(self) -> frozenset[int]:
        """The seats whose trains carry a marker."""
        return frozenset(t.owner for t in self.trains if t.owner is not None and t.marked)
