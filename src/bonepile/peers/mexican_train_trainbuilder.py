"""A public Mexican Train program's players, seated at our table: ``ca1ebd/mexican-train``'s ``TrainPlayer``s.

Why this peer: of the public Mexican Train programs with computer players
(searched on GitHub: ``JustEnoughTechnology/mexican-train``'s five JSON
"strategies", ``ca1ebd/mexican-train``'s players, and many with a single random
or first-fit player), ``ca1ebd/mexican-train`` is the one whose players are
measured against each other (its ``main-run-many.py`` plays 1,000 games of its
``BiasedTrainBuilderPlayer`` against three ``LargestDominoPlayer``s) and whose
strongest player has a plan: it finds the longest train its hand can build
from its own train's tip, plays the other tiles ("junk", heaviest first) on
the other trains it may use, and else its plan on its own train. The
other program's strategies are pip-weighted tactics without a plan, and its
own tournament file records no games.

The peer is never installed and never copied: it is a checkout of its
repository at the commit measured (``PEER_COMMIT``), made at bench time
(``bench/mexican_train_peer.py`` clones it into ``.peers/`` on first use, or
``BONEPILE_MT_PEER_DIR`` names one), and its modules are imported from there
on first use. Nothing that plays imports this module.

How it is seated: its players decide from ``play(table, available_trains)``
(their hand, the tips of the trains they may play on, and their own train),
so each of its decisions is asked with those objects built from our
observation at that moment: the hand, every train's open end, the trains
our rules let the player use now (M4-M6: the oldest waiting double's train,
or their own, the Mexican Train and the marked ones). The game is played in
our engine by our rule sheet; a ``PLAY`` becomes our move on the train it
names, a ``NOPLAY`` our draw or pass. A choice our rules do not allow is
counted (``PeerSeat.refused``) and replaced by our first legal move; none was
seen in the runs recorded.

Where its own engine's rules differ from ours (read from its ``Game.py``; its
engine is not run here, so these do not touch the games measured):

* every hand is 10 tiles at any table size (M3: 15, 12 or 10 by table size);
* the round's double is dealt into the hands: whoever holds it starts, else
  players draw in turn until someone does (M2, M3: the engine is out before
  the deal, and the first seat moves round the table);
* the 0-0 counts 50 (our option ``double_blank = 50``; the default is 0);
* the Mexican Train is never marked, like ours; a player who cannot play
  draws one tile and may then play any tile of the hand, not only the one
  drawn (M5: only the drawn tile), and a double is played again after on the
  trains offered at the start of the turn;
* a double becomes unsatisfied only if a tile that could cover it is still in
  the pool or a hand, and when everyone has passed on one, it is dropped
  (M6: it waits until covered, and the round may block on it);
* the round ends blocked when everyone has passed more times than there are
  players with the pool empty (M7: a full round of passes).
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bonepile.mexican_train import DRAW, MEXICAN, MINE, PASS, Move, MoveKind, Observation, Tile
from bonepile.peers._bridge import PeerMissingError

PEER_REPOSITORY = "https://github.com/ca1ebd/mexican-train"
PEER_COMMIT = "2804ed0"
"""The commit whose players are measured ("add timing, improved players", merged as pull request 7)."""
PEER_DIR_VARIABLE = "BONEPILE_MT_PEER_DIR"
PLAYERS = (
    "BiasedTrainBuilderPlayer",
    "TrainBuilderPlayer",
    "LargestDominoPlayer",
    "LargestDominoFirstAvailableTrainPlayer",
    "LegalPlayer",
)
"""The peer's players, strongest first (as its own runs of many games rank them)."""
STRONGEST = PLAYERS[0]


def default_checkout() -> Path:
    """Where the bench keeps its checkout of the peer (``.peers/`` at the repository's root)."""
    return Path(__file__).resolve().parents[3] / ".peers" / "ca1ebd-mexican-train"


def peer_dir() -> Path:
    """The peer's checkout: ``BONEPILE_MT_PEER_DIR``, else the bench's default one."""
    named = os.environ.get(PEER_DIR_VARIABLE)
    return Path(named) if named else default_checkout()


def _modules() -> dict[str, Any]:
    """The peer's modules, imported from its checkout (``PeerMissingError`` saying how to get one)."""
    where = peer_dir()
    if not (where / "TrainPlayer.py").is_file():
        raise PeerMissingError(
            f"no checkout of the Mexican Train peer at {where}: run bench/mexican_train_peer.py (it clones "
            f"{PEER_REPOSITORY} at {PEER_COMMIT}), or set {PEER_DIR_VARIABLE} to a checkout"
        )
    if str(where) not in sys.path:
        sys.path.insert(0, str(where))
    names = ("Domino", "Train", "Player", "Enum", "PlayerAction", "TrainPlayer")
    return {name: importlib.import_module(name) for name in names}


class _Table:
    """What the peer's players read of the table: every train by its owner, the set's top number, the round."""

    def __init__(self, trains: dict[Any, Any], domino_double: int, round_number: int) -> None:
        self.trains = trains
        self.domino_double = domino_double
        self.round = round_number


@dataclass
class PeerSeat:
    """One seat played by one of the peer's players; ``choose`` asks it from our observation (an ``Agent``)."""

    player: str = STRONGEST
    name: str = field(init=False)
    refused: int = 0
    """Choices our rules did not allow (replaced by our first legal move)."""
    decisions: int = 0

    def __post_init__(self) -> None:
        if self.player not in PLAYERS:
            raise ValueError(f"the peer has no player {self.player!r}; it has {', '.join(PLAYERS)}")
        self.name = f"peer:{self.player}"
        self._peer = _modules()

    def choose(self, observation: Observation) -> Move:
        legal = observation.legal_moves
        if len(legal) == 1 and legal[0].kind is not MoveKind.PLAY:
            return legal[0]  # a forced draw or pass: nothing to ask
        self.decisions += 1
        peer = self._peer
        me = observation.player
        rules = observation.rules
        domino, train_class = peer["Domino"].Domino, peer["Train"].Train
        blank = peer["Domino"].OldLady if rules.double_blank == 50 else None
        kind = getattr(peer["TrainPlayer"], self.player, None) or getattr(peer["Player"], self.player)
        players = [
            kind(f"P{seat + 1}") if seat == me else peer["Player"].Player(f"P{seat + 1}")
            for seat in range(rules.players)
        ]
        mine = players[me]
        mine.hand = [blank() if blank and t.high == 0 else domino(t.high, t.low) for t in observation.hand]
        if observation.drawn is not None:  # M5: only the tile just drawn may be played
            drawn = observation.drawn
            mine.hand = [d for d in mine.hand if {d.left, d.right} == {drawn.high, drawn.low}]
        trains: dict[Any, Any] = {}
        by_where: dict[int | str, Any] = {}
        for view in observation.trains:
            train = train_class(view.name, tip=view.open_end, public=view.is_open)
            owner = peer["Player"].Player("Common", is_real=False) if view.owner is None else players[view.owner]
            trains[owner] = train
            by_where[view.where] = train
        available = [by_where[where] for where in _usable(observation)]
        action = mine.play(_Table(trains, rules.max_pips, observation.engine.high), available)
        move = self._our_move(observation, action, by_where)
        if move not in legal:
            self.refused += 1
            return legal[0]
        return move

    def _our_move(self, observation: Observation, action: Any, by_where: dict[int | str, Any]) -> Move:
        legal = observation.legal_moves
        if action.domino is None or action.train is None:
            return DRAW if DRAW in legal else PASS
        tile = Tile(action.domino.left, action.domino.right)
        where = next(w for w, train in by_where.items() if train is action.train)
        target = MINE if where == observation.player else MEXICAN if where == MEXICAN else where
        return Move.play(tile, target)


def _usable(observation: Observation) -> Sequence[int | str]:
    """The trains our rules let the player to move use now (M4-M6), by seat or ``"mexican"``."""
    if observation.waiting_doubles:
        return [observation.waiting_doubles[0][1]]  # M6: the oldest unsatisfied double only
    me = observation.player
    marked = [view.where for view in observation.trains if view.owner not in (None, me) and view.marked]
    return [me, MEXICAN, *marked]


def peer_agent(player: str = STRONGEST) -> PeerSeat:
    """A seat for one of the peer's players (``PLAYERS``), to sit at our table as an agent."""
    return PeerSeat(player)
