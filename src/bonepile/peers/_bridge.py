"""The lockstep loop both peer drivers share, and its vocabulary: deciders, results, mismatches.

Why lockstep: the peer programs implement the same games independently, so
one hand dealt identically to both engines and played move by move on both is
a differential test of our rules — every disagreement in the legal moves, the
turn, the end of the hand or the points is either our bug, theirs, or a rule
that differs on purpose (then it is named in a known-differences list and
checked exactly, never silently ignored).

A peer is seen through a ``PeerAdapter``: a small object that owns the
peer's state and speaks in *play keys*, ``(tile, joined number)`` pairs
(``None`` for the opening tile). A key names a play by the number the tile
is joined to, not by a left/right side, because the engines orient their
lines differently (with both ends equal, we play at the right and the
``dominoes`` package at the left, which mirrors the line from then on) while
the number is what the rules talk about (D4).

Nothing here imports a peer; the drivers import them on first use.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bonepile.ai.base import Agent, make_agent
from bonepile.dominoes import PASS, End, Hand, HandOutcome, Move, Observation, Rules, Tile

PEERS_EXTRA = "peers"
INSTALL_HINT = f"install the optional extra {PEERS_EXTRA!r}: .venv/bin/pip install -e '.[{PEERS_EXTRA}]'"

PlayKey = tuple[Tile, int | None]
"""A play named by its tile and the open number it is joined to (None: the opening tile)."""


class PeerMissingError(ImportError):
    """A peer program is not installed. Peers are only for benchmarks and tests, never needed to play."""


class LockstepMismatch(Exception):
    """Our engine and a peer disagree about the same position; the message has enough to reproduce it.

    ``move_number`` counts our moves (passes included) played before the
    disagreement was seen; ``moves`` are those moves in our notation, which
    replay the hand from ``deal``.
    """

    def __init__(
        self,
        peer: str,
        move_number: int,
        what: str,
        ours: object,
        theirs: object,
        *,
        position: str,
        peer_state: str,
        moves: Sequence[Move],
    ) -> None:
        self.peer = peer
        self.move_number = move_number
        self.what = what
        self.ours = ours
        self.theirs = theirs
        self.position = position
        self.peer_state = peer_state
        self.moves = tuple(moves)
        played = " ".join(f"[{i}] {m}" for i, m in enumerate(self.moves, start=1)) or "none"
        super().__init__(
            f"{peer} disagrees with bonepile after move {move_number}: {what}\n"
            f"  ours:   {ours}\n"
            f"  theirs: {theirs}\n"
            f"  our position: {position}\n"
            f"  peer state:   {peer_state}\n"
            f"  moves: {played}"
        )


def import_peer(module: str, distribution: str) -> Any:
    """Import a peer module on first use, or say which extra provides it."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise PeerMissingError(
            f"the peer program {distribution!r} is not installed ({error}); it is used only by benchmarks "
            f"and tests; {INSTALL_HINT}"
        ) from None


# ------------------------------------------------------------------ deciders


@dataclass(frozen=True, slots=True)
class OurDecider:
    """A seat decided by a bonepile agent, from our observation only (it never sees hidden tiles)."""

    name: str
    choose: Callable[[Observation], Move]


@dataclass(frozen=True, slots=True)
class PeerDecider:
    """A seat decided by the peer's own player, from a copy of the peer's state.

    ``choose`` returns a move in the peer's own terms: an action id for
    OpenSpiel, a ``(Domino, left)`` pair for the ``dominoes`` package.
    """

    name: str
    choose: Callable[[Any], Any]


Decider = OurDecider | PeerDecider


def bonepile_decider(agent: str | Agent = "random", seed: int = 0) -> OurDecider:
    """A seat played by our agent ``agent`` (a registry name, seeded with ``seed``, or an agent object)."""
    chooser = make_agent(agent, "dominoes", seed) if isinstance(agent, str) else agent

    def choose(observation: Observation) -> Move:
        move = chooser.choose(observation)
        if not isinstance(move, Move):
            raise TypeError(f"agent {chooser.name!r} returned {move!r}, not a Move")
        return move

    return OurDecider(f"bonepile:{chooser.name}", choose)


# ------------------------------------------------------------------ results


@dataclass(frozen=True, slots=True)
class LockstepResult:
    """One hand played on both engines without a disagreement (beyond the named known differences)."""

    peer: str
    rules: Rules
    deal: tuple[tuple[Tile, ...], ...]
    """Each seat's tiles as dealt."""
    moves: tuple[Move, ...]
    """Our moves, passes included: ``Hand(rules, deal, leader=...)`` replays them."""
    outcome: HandOutcome
    """Our outcome of the hand."""
    peer_winner: int | None
    """The winning side by the peer's result (None: nobody won the hand)."""
    peer_points: tuple[int, ...]
    """The points each side gained by the peer's count, in our sides' order."""
    peer_bugs: tuple[str, ...] = ()
    """Ids of known peer differences met in this hand (see each driver's ``KNOWN_PEER_BUGS``)."""


# ------------------------------------------------------------------ the loop


def play_key(move: Move, hand: Hand) -> PlayKey:
    """Our ``move`` (legal in ``hand``, before it is played) as a play key."""
    tile = move.tile
    if tile is None:
        raise ValueError(f"{move} is not a play")
    ends = hand.ends
    if move.end is None or ends is None:
        return (tile, None)
    return (tile, ends[0] if move.end is End.LEFT else ends[1])


def show_keys(keys: frozenset[PlayKey] | set[PlayKey]) -> str:
    """Play keys as sorted text, for mismatch messages."""
    return "{" + ", ".join(f"{t} on {'-' if n is None else n}" for t, n in sorted(keys, key=_key_order)) + "}"


def _key_order(key: PlayKey) -> tuple[int, int]:
    return (key[0].index, -1 if key[1] is None else key[1])


class PeerAdapter(Protocol):
    """What the lockstep loop needs of a peer: its view of the hand, in play keys."""

    name: str

    def to_move(self) -> int | None:
        """The seat the peer says is to play, or None once its hand is over."""

    def legal_keys(self) -> frozenset[PlayKey]:
        """The peer's legal moves for the seat to play."""

    def play(self, key: PlayKey) -> None:
        """Apply the play ``key`` (legal for the peer) to the peer's state."""

    def choose(self, decider: PeerDecider) -> PlayKey:
        """Ask a peer decider for its move and return it as a play key."""

    def hands(self) -> tuple[frozenset[Tile], ...]:
        """Each seat's tiles by the peer's state."""

    def ends(self) -> tuple[int, int] | None:
        """The two open numbers, smaller first, or None before the first tile."""

    def describe(self) -> str:
        """The peer's state as text, for mismatch messages."""

    def extra_checks(self, hand: Hand) -> list[tuple[str, object, object]]:
        """Peer-specific comparisons (what, ours, theirs) that disagree; empty when all agree."""

    def peer_outcome(self) -> tuple[int | None, tuple[int, ...]]:
        """The winning side (None: nobody) and the points each side gained, by the peer's result, in our sides."""

    def known_bug(self, hand: Hand, peer_winner: int | None, peer_points: tuple[int, ...]) -> str | None:
        """If the peer's result differs from ours exactly as a listed known peer bug predicts, its id."""


class Lockstep:
    """Plays one hand on our engine and a peer at once and checks them against each other after every move."""

    def __init__(self, hand: Hand, peer: PeerAdapter, deciders: Sequence[Decider]) -> None:
        rules = hand.rules
        if rules.drawing:
            raise ValueError(f"the peers play block games without drawing; rules {rules.preset!r} draw (D5)")
        if hand.events or hand.is_over:
            raise ValueError("the lockstep starts from a freshly dealt hand")
        if len(deciders) != rules.players:
            raise ValueError(f"{len(deciders)} deciders for {rules.players} players")
        self.hand = hand
        self.peer = peer
        self.deciders = tuple(deciders)
        self.deal = tuple(hand.tiles_of(p) for p in range(rules.players))
        self.moves: list[Move] = []

    def fail(self, what: str, ours: object, theirs: object) -> LockstepMismatch:
        return LockstepMismatch(
            self.peer.name,
            len(self.moves),
            what,
            ours,
            theirs,
            position=self.hand.position(),
            peer_state=self.peer.describe(),
            moves=self.moves,
        )

    def run(self) -> LockstepResult:
        hand, peer = self.hand, self.peer
        self._skip_passes()
        self._compare()
        while not hand.is_over:
            player = hand.to_move
            assert player is not None
            decider = self.deciders[player]
            if isinstance(decider, OurDecider):
                move = decider.choose(hand.observation(player))
                key = play_key(move, hand)  # before the move: the key names the end it joins
            else:
                key = peer.choose(decider)
                move = self._our_move(key)
            try:
                peer.play(key)
            except ValueError as error:  # the legal moves agreed, so the peer's move table is at fault
                raise self.fail("the peer refused a move legal for both", move, error) from None
            hand.play(move)
            self.moves.append(move)
            self._skip_passes()
            self._compare()
        outcome = hand.outcome
        assert outcome is not None
        winner, points = peer.peer_outcome()
        bugs: tuple[str, ...] = ()
        if (winner, points) != (outcome.winner, outcome.points):
            bug = peer.known_bug(hand, winner, points)
            if bug is None:
                what = f"the result of the hand ({outcome.termination.value}): winning side, points"
                raise self.fail(what, (outcome.winner, outcome.points), (winner, points))
            bugs = (bug,)
        return LockstepResult(peer.name, hand.rules, self.deal, tuple(self.moves), outcome, winner, points, bugs)

    def _our_move(self, key: PlayKey) -> Move:
        """The one legal move of ours that ``key`` names; a mismatch if there is none."""
        found = [m for m in self.hand.legal_moves() if m.tile is not None and play_key(m, self.hand) == key]
        if len(found) != 1:
            ours = show_keys({play_key(m, self.hand) for m in self.hand.legal_moves() if m.tile is not None})
            raise self.fail("the peer decider's move is not one legal move of ours", ours, show_keys({key}))
        return found[0]

    def _skip_passes(self) -> None:
        """A blocked player passes (D5); the peers skip that turn themselves, so only we play it."""
        hand = self.hand
        while not hand.is_over and hand.legal_moves() == (PASS,):
            hand.play(PASS)
            self.moves.append(PASS)

    def _compare(self) -> None:
        hand, peer = self.hand, self.peer
        peer_to_move = peer.to_move()
        if hand.is_over != (peer_to_move is None):
            ours = f"over ({hand.outcome.termination.value})" if hand.outcome else f"player {hand.to_move} to move"
            theirs = "over" if peer_to_move is None else f"player {peer_to_move} to move"
            raise self.fail("whether the hand is over", ours, theirs)
        if not hand.is_over and hand.to_move != peer_to_move:
            raise self.fail("whose turn it is", hand.to_move, peer_to_move)
        ours_hands = tuple(frozenset(hand.tiles_of(p)) for p in range(hand.num_players))
        theirs_hands = peer.hands()
        if ours_hands != theirs_hands:
            raise self.fail("the tiles in each hand", _show_hands(ours_hands), _show_hands(theirs_hands))
        ends = hand.ends
        ours_ends = None if ends is None else (min(ends), max(ends))
        if ours_ends != peer.ends():
            raise self.fail("the open numbers of the line", ours_ends, peer.ends())
        if not hand.is_over:
            ours_keys = frozenset(play_key(m, hand) for m in hand.legal_moves())
            theirs_keys = peer.legal_keys()
            if ours_keys != theirs_keys:
                raise self.fail("the legal moves", show_keys(ours_keys), show_keys(theirs_keys))
        for problem, ours_view, theirs_view in peer.extra_checks(hand):
            raise self.fail(problem, ours_view, theirs_view)


def _show_hands(hands: Sequence[frozenset[Tile]]) -> str:
    return " / ".join(" ".join(str(t) for t in sorted(h)) or "-" for h in hands)
