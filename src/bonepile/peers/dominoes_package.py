"""Lockstep with the ``dominoes`` package's 4-player partnership game, and its players as deciders.

How the package's rules compare with ours (read from its sources,
``dominoes/game.py``, ``board.py``, ``series.py``, ``players.py``):

* The game: 28 double-six tiles, all dealt, 7 to each of 4 players; players 0
  & 2 against 1 & 3 — our preset ``partnership`` (D1, D2; ``side_of`` is the
  seat's parity on both sides).
* Who starts: ``Game.new(starting_domino=d)`` makes the holder of ``d`` play
  it at once; ``Series`` uses [6|6] for its first hand. With all 28 tiles
  dealt the highest double, 6-6, is always held, so this is exactly D3.
  ``Game.new(starting_player=p)`` lets ``p`` open with any tile, which is our
  ``Hand(..., leader=p)``. ``play_lockstep`` does one or the other.
* Passes: there is no pass move; after a play the turn goes to the next
  player with a valid move, and a ``None`` is recorded in ``game.moves`` for
  each player skipped (our PASS, D5). If nobody can play, the game is
  "stuck" (our blocked hand, D6); the passes of that last round are not
  recorded, and our engine ends the hand without them too.
* Valid moves: a tile per open end it matches, one move when both ends show
  the same number (D4) — the package plays that one at the left, we at the
  right, so the two lines are mirror images from then on; the bridge
  compares plays by the number joined, never by side.
* Scoring: after a domino, the team of the player who went out scores every
  pip left in all hands; when stuck, the team with the lower total scores
  both teams' pips, equal totals score nothing — our ``hand_score="all"``,
  the default of ``partnership`` (D7). ``Result.points`` is signed (+ for
  players 0 & 2); we compare the winner's gain.
* Series (not driven here): target 200 by default (ours 100, option
  ``target``), ended when a score reaches it (D8). Its next-hand leader
  differs from both of our ``next_hand_leader`` options: after a domino the
  player who went out leads (as our ``winner``), but after a block the
  player who blocked leads if their team won, the next player if it lost, and
  the previous leader on a tie (ours: the winning side's lightest hand under
  ``winner``, the 6-6 under ``rule``).

The bridge drives one ``Game``, one hand won by winning it, so
``rules_for()`` says ``target=1`` (D8: the first side to score wins): our
players, which play the score, then play to win that hand, as a game of the
package is won.

No rule of the package's single hand was found to contradict the rule
sheet, so ``KNOWN_PEER_BUGS`` is empty: every difference fails the lockstep.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from typing import Any

from bonepile.dominoes import PASS, Hand, Rules, Termination, Tile
from bonepile.peers._bridge import (
    Decider,
    Lockstep,
    LockstepResult,
    PeerDecider,
    PlayKey,
    import_peer,
    show_keys,
)

NAME = "dominoes package"

STARTING_DOMINO = (6, 6)
"""The tile whose holder opens, as in the package's ``Series`` (and D3, since all 28 tiles are dealt)."""

KNOWN_PEER_BUGS: dict[str, str] = {}
"""Package behaviour that contradicts the rule sheet: none found for a single hand."""

PLAYER_FUNCTIONS = ("identity", "random", "reverse", "bota_gorda", "double")
"""The package's players that are plain functions."""

PLAYER_CLASSES: dict[str, dict[str, Any]] = {
    "omniscient": {},
    "probabilistic_alphabeta": {"sample_size": 10, "start_move": 4},
}
"""The package's players built from a class, with the options we use unless told otherwise.

``probabilistic_alphabeta``'s own defaults (every possible deal of the hidden
tiles, from the first move) mean some 10^8 alpha-beta searches for the
second move of a hand; 10 sampled deals from move 4 on take a few seconds a
move. ``omniscient`` looks at every hand (it cheats, by design) and is
usable with its defaults.
"""


def rules_for() -> Rules:
    """Our rules that reproduce the package's game (see the module docstring)."""
    return Rules.from_preset("partnership", 4, target=1)


def _package() -> Any:
    return import_peer("dominoes", "dominoes")


def _tile(domino: Any) -> Tile:
    return Tile(int(domino.first), int(domino.second))


class DominoesPackagePeer:
    """A ``dominoes.Game`` dealt with our hand's tiles, seen through play keys."""

    name = NAME

    def __init__(self, hand: Hand, starting_player: int | None = None) -> None:
        package = _package()
        rules = hand.rules
        if rules.players != 4 or rules.hand_size != 7 or rules.max_pips != 6:
            raise ValueError(f"the dominoes package plays 4 players with 7 double-six tiles each, not {rules}")
        hands = [package.Hand([package.Domino(t.high, t.low) for t in hand.tiles_of(p)]) for p in range(4)]
        board = package.Board()
        # Built the way Game.new builds it; with a starting domino, Game.new then plays it at once,
        # which here is the lockstep's first move (our D3 opening) instead.
        if starting_player is None:
            opening = package.Domino(*STARTING_DOMINO)
            holder = next(p for p, held in enumerate(hands) if opening in held)
            self.game = package.Game(board, hands, [], holder, ((opening, True),), holder, None)
        else:
            valid = tuple((d, True) for d in hands[starting_player])
            self.game = package.Game(board, hands, [], starting_player, valid, starting_player, None)

    def _number(self, left: bool) -> int | None:
        board = self.game.board
        if not len(board):
            return None
        return int(board.left_end() if left else board.right_end())

    def _key(self, move: tuple[Any, bool]) -> PlayKey:
        domino, left = move
        return (_tile(domino), self._number(left))

    def _move(self, key: PlayKey) -> tuple[Any, bool] | None:
        """The package's valid move for ``key``, if there is one."""
        for move in self.game.valid_moves:
            if self._key(move) == key:
                return (move[0], bool(move[1]))
        return None

    def to_move(self) -> int | None:
        return None if self.game.result is not None else int(self.game.turn)

    def legal_keys(self) -> frozenset[PlayKey]:
        return frozenset(self._key(m) for m in self.game.valid_moves)

    def play(self, key: PlayKey) -> None:
        move = self._move(key)
        if move is None:
            raise ValueError(f"no valid move of the dominoes package for {show_keys({key})}")
        self.game.make_move(*move)

    def choose(self, decider: PeerDecider) -> PlayKey:
        domino, left = decider.choose(copy.deepcopy(self.game))
        key = self._key((domino, bool(left)))
        if self._move(key) is None:
            raise ValueError(f"decider {decider.name!r} chose {domino} {'left' if left else 'right'}, not valid")
        return key

    def hands(self) -> tuple[frozenset[Tile], ...]:
        return tuple(frozenset(_tile(d) for d in held) for held in self.game.hands)

    def ends(self) -> tuple[int, int] | None:
        left, right = self._number(True), self._number(False)
        if left is None or right is None:
            return None
        return (min(left, right), max(left, right))

    def describe(self) -> str:
        game = self.game
        hands = " / ".join(str(h) or "-" for h in game.hands)
        return f"board: {game.board or '-'}; hands: {hands}; turn: {game.turn}; moves: {game.moves}; {game.result}"

    def extra_checks(self, hand: Hand) -> list[tuple[str, object, object]]:
        """The record of plays and passes, move for move; at the end, how and by whom the hand ended."""
        problems: list[tuple[str, object, object]] = []
        ours = [None if event.move is PASS else event.move.tile for event in hand.events]
        theirs = [None if move is None else _tile(move[0]) for move in self.game.moves]
        if ours != theirs:
            problems.append(("the record of plays and passes (None: a pass)", ours, theirs))
        outcome, result = hand.outcome, self.game.result
        if outcome is not None and result is not None:
            if bool(result.won) != (outcome.termination is Termination.DOMINO):
                problems.append(("how the hand ended (won: a domino, else stuck)", outcome.termination, result))
            last_player = hand.events[-1].player
            if int(result.player) != last_player:
                problems.append(("the last player to play", last_player, result))
        return problems

    def peer_outcome(self) -> tuple[int | None, tuple[int, ...]]:
        """``Result.points`` (+ for players 0 & 2, - for 1 & 3) as the winning team and its gain."""
        result = self.game.result
        assert result is not None
        points = int(result.points)
        if points > 0:
            return 0, (points, 0)
        if points < 0:
            return 1, (0, -points)
        return (int(result.player) % 2 if result.won else None), (0, 0)

    def known_bug(self, hand: Hand, peer_winner: int | None, peer_points: tuple[int, ...]) -> str | None:
        return None


def play_lockstep(
    deciders: Sequence[Decider],
    *,
    seed: int = 0,
    rules: Rules | None = None,
    hand: Hand | None = None,
    starting_player: int | None = None,
) -> LockstepResult:
    """Deal one hand to us and to the package, play it on both, and check them move by move.

    With ``starting_player=None`` the holder of 6-6 opens with it (the
    package's starting domino; our D3); with a seat, that seat opens with any
    tile on both sides. The deal is ``Hand.deal(rules, random.Random(seed))``
    unless a fresh ``hand`` is given; ``rules`` default to ``rules_for()``.
    Raises ``LockstepMismatch`` on any disagreement.
    """
    if rules is None:
        rules = hand.rules if hand is not None else rules_for()
    if hand is None:
        hand = Hand.deal(rules, random.Random(seed), starting_player)
    elif hand.rules != rules:
        raise ValueError("the hand given was dealt under other rules")
    peer = DominoesPackagePeer(hand, starting_player)
    return Lockstep(hand, peer, deciders).run()


# ------------------------------------------------------------------ deciders


class _OwnRandom:
    """Runs package code with the module-level ``random`` generator swapped for a private one.

    The package's players and its hand sampler draw from the global
    ``random``; swapping its state in and out makes a player reproducible from
    a seed without disturbing anyone else's use of the global generator.
    """

    def __init__(self, seed: int) -> None:
        saved = random.getstate()
        random.seed(seed)
        self.state = random.getstate()
        random.setstate(saved)

    def run(self, action: Callable[[], None]) -> None:
        saved = random.getstate()
        random.setstate(self.state)
        try:
            action()
        finally:
            self.state = random.getstate()
            random.setstate(saved)


def dominoes_random_decider(seed: int = 0) -> PeerDecider:
    """A uniformly random valid move of the package's game, from its own seeded generator."""
    rng = random.Random(seed)

    def choose(game: Any) -> tuple[Any, bool]:
        domino, left = rng.choice(game.valid_moves)
        return (domino, bool(left))

    return PeerDecider("dominoes:uniform", choose)


def dominoes_package_player(name: str, seed: int = 0, *, shuffle_first: bool = True, **options: Any) -> PeerDecider:
    """One of the package's players (``players.py``) as a decider: it plays its most preferred valid move.

    A package player only reorders ``game.valid_moves`` by preference. With
    ``shuffle_first`` the moves are shuffled (the package's own ``random``
    player) before it runs, so that its ties and the moves it leaves alone
    (``start_move``) fall at random instead of in the package's hand order —
    the package's way of composing players. ``options`` go to a class
    player's constructor over ``PLAYER_CLASSES``' defaults.
    """
    package = _package()
    players = package.players
    if name in PLAYER_FUNCTIONS:
        if options:
            raise ValueError(f"the package's {name!r} player takes no options")
        player = getattr(players, name)
    elif name in PLAYER_CLASSES:
        player = getattr(players, name)(**{**PLAYER_CLASSES[name], **options})
    else:
        known = ", ".join((*PLAYER_FUNCTIONS, *PLAYER_CLASSES))
        raise ValueError(f"unknown dominoes package player {name!r}; choose one of {known}")
    own_random = _OwnRandom(seed)

    def choose(game: Any) -> tuple[Any, bool]:
        def decide() -> None:
            if shuffle_first:
                players.random(game)
            player(game)

        own_random.run(decide)  # the game is the lockstep's copy: the player may reorder its valid moves
        domino, left = game.valid_moves[0]
        return (domino, bool(left))

    return PeerDecider(f"dominoes:{name}", choose)
