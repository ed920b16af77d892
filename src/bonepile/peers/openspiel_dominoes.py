"""Lockstep with OpenSpiel's Python dominoes games, and OpenSpiel deciders (uniform random, ISMCTS).

How OpenSpiel's games compare with our rules (read from its sources,
``open_spiel/python/games/block_dominoes.py`` and ``team_dominoes.py``):

* ``python_block_dominoes``: 2 players, 7 tiles each, the other 14 tiles are
  never drawn — our preset ``block`` (D2, D5). Player 0 always leads, with any
  tile — our option ``leader="first_seat"`` (D3). OpenSpiel has no pass
  action: after a play, the turn goes to the next player who can play, and
  the hand ends when nobody can (our PASS moves, D5, and blocked hand, D6).
  The lighter hand wins the other hand's pips, without subtracting its own,
  equal hands score nothing — our ``hand_score="opponents"`` (D7). Its
  ``returns()`` are zero-sum (+x for the winner, -x for the loser); we
  compare the winning side and its gain. Having no winner but by pips, it
  calls a domino a draw when the other player holds only the 0-0 (0 against
  0 pips), where D6/D7 make the player who went out the winner of 0 points:
  a known peer bug that changes a win count, never the points.
* ``python_team_dominoes``: 4 players, 7 tiles each (all 28 dealt), seats 0 & 2
  against 1 & 3 — our preset ``partnership``; player 0 leads with any tile
  (``first_seat``); passes and blocking as above; the team with the lighter
  total wins the other team's total (``hand_score="opponents"``). It compares
  the team totals even after a domino, so the team whose player went out can
  lose the hand or tie it: a known peer bug (see ``KNOWN_PEER_BUGS``). Our
  ``partnership`` gives the hand to the team that dominoes (D7), on purpose.

Both are one hand and nothing more: no match around it, a game won by
winning the hand. Our rules say so with ``target=1`` (D8: the first side to
score wins the game), so our players, which play the score (D8), play to win
that hand as OpenSpiel counts a win, not to pile up points for a match that
does not exist. So the rules that mirror each game are ``rules_for(game)``; the lockstep
compares everything else exactly and, for the known bugs, checks that the
peer's result is exactly what its own rule predicts and names the bug in
``LockstepResult.peer_bugs``.

Their dealing: the chance outcomes are tiles, dealt in order to player 0 (7
tiles) then player 1 in the block game, and round robin 0, 1, 2, 3, 0, ... in
the team game; we apply exactly the tiles of our deal in that order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bonepile.dominoes import Hand, Rules, Termination, Tile
from bonepile.peers._bridge import (
    Decider,
    Lockstep,
    LockstepResult,
    PeerDecider,
    PlayKey,
    import_peer,
    show_keys,
)

BLOCK = "python_block_dominoes"
TEAM = "python_team_dominoes"
GAMES: dict[str, str] = {BLOCK: "block_dominoes", TEAM: "team_dominoes"}
"""OpenSpiel game name -> its module in ``open_spiel.python.games``."""

KNOWN_PEER_BUGS: dict[str, str] = {
    "openspiel-team-domino-by-totals": (
        "python_team_dominoes scores a domino by comparing the team totals, as if the hand were blocked: "
        "when the team of the player who went out holds as many pips as the other team or more, it scores "
        "nothing (tie) or the other team wins. The rule sheet (D6, D7 partnership) gives the hand to the "
        "team that dominoes."
    ),
    "openspiel-zero-point-domino-is-a-draw": (
        "python_block_dominoes calls a domino a draw (returns 0, 0) when the other player holds only the 0-0: "
        "it compares pip totals, 0 against 0. The rule sheet (D6, D7) makes the player who went out the "
        "winner, of 0 points. Only the winner differs, never the points."
    ),
}
"""Peer behaviour that contradicts the rule sheet; the lockstep accepts it only in exactly these cases."""


def rules_for(game: str = BLOCK) -> Rules:
    """Our rules that reproduce OpenSpiel game ``game`` (see the module docstring)."""
    if game == BLOCK:
        return Rules.from_preset("block", 2, leader="first_seat", hand_score="opponents", target=1)
    if game == TEAM:
        return Rules.from_preset("partnership", 4, leader="first_seat", hand_score="opponents", target=1)
    raise ValueError(f"unknown OpenSpiel dominoes game {game!r}; choose one of {', '.join(GAMES)}")


def _modules(game: str) -> tuple[Any, Any]:
    """``pyspiel`` and the game's Python module (importing ``open_spiel.python.games`` registers the games)."""
    if game not in GAMES:
        raise ValueError(f"unknown OpenSpiel dominoes game {game!r}; choose one of {', '.join(GAMES)}")
    pyspiel = import_peer("pyspiel", "open_spiel")
    import_peer("open_spiel.python.games", "open_spiel")
    return pyspiel, import_peer(f"open_spiel.python.games.{GAMES[game]}", "open_spiel")


def _tile(pair: Sequence[float]) -> Tile:
    """OpenSpiel's tile (a pair of float pips) as ours."""
    return Tile(int(pair[0]), int(pair[1]))


class ActionMap:
    """Our play keys <-> OpenSpiel action ids, built from the game's own tables.

    An OpenSpiel action is (player, tile, edge) where the edge is the open
    *number* the tile covers (None for the first tile): exactly a play key
    plus the player. Its dealing chance outcomes are tile indices.
    """

    def __init__(self, module: Any) -> None:
        self.chance: dict[Tile, int] = {_tile(pair): i for i, pair in enumerate(module._DECK)}
        self.keys: list[tuple[int, PlayKey]] = []
        for action in module._ACTIONS:
            edge = None if action.edge is None else int(action.edge)
            self.keys.append((int(action.player), (_tile(action.tile), edge)))
        self.ids: dict[tuple[int, PlayKey], int] = {key: i for i, key in enumerate(self.keys)}
        if len(self.ids) != len(self.keys) or len(self.chance) != 28:
            raise RuntimeError("OpenSpiel's dominoes tables are not as this bridge expects; check its version")

    def to_action(self, player: int, key: PlayKey) -> int | None:
        return self.ids.get((player, key))

    def to_key(self, action: int) -> PlayKey:
        return self.keys[action][1]


def action_map(game: str = BLOCK) -> ActionMap:
    """The action map of OpenSpiel game ``game`` (to subclass, e.g. to prove a wrong mapping is caught)."""
    return ActionMap(_modules(game)[1])


class OpenSpielPeer:
    """An OpenSpiel dominoes state dealt with our hand's tiles, seen through play keys."""

    def __init__(self, game: str, hand: Hand, action_map: ActionMap | None = None) -> None:
        pyspiel, module = _modules(game)
        self.name = game
        self.game = pyspiel.load_game(game)
        self.players = int(self.game.num_players())
        self.map = action_map if action_map is not None else ActionMap(module)
        self.state = self.game.new_initial_state()
        self._terminal = int(pyspiel.PlayerId.TERMINAL)
        rules = hand.rules
        if rules.players != self.players or rules.hand_size != 7 or rules.max_pips != 6:
            raise ValueError(f"{game} is for {self.players} players with 7 double-six tiles each, not {rules}")
        dealt = [hand.tiles_of(p) for p in range(self.players)]
        if game == BLOCK:  # player 0's seven tiles, then player 1's
            order = [tile for tiles in dealt for tile in tiles]
        else:  # round robin, 0 1 2 3 0 1 ...
            order = [dealt[p][i] for i in range(rules.hand_size) for p in range(self.players)]
        for tile in order:
            action = self.map.chance[tile]
            outcomes = {a for a, _ in self.state.chance_outcomes()}
            if action not in outcomes:
                raise RuntimeError(f"OpenSpiel cannot deal {tile} now; its dealing is not as this bridge expects")
            self.state.apply_action(action)

    def to_move(self) -> int | None:
        player = int(self.state.current_player())
        return None if player == self._terminal else player

    def legal_keys(self) -> frozenset[PlayKey]:
        return frozenset(self.map.to_key(a) for a in self.state.legal_actions())

    def play(self, key: PlayKey) -> None:
        player = int(self.state.current_player())
        action = self.map.to_action(player, key)
        if action is None or action not in self.state.legal_actions():
            raise ValueError(f"no legal OpenSpiel action for {show_keys({key})} of player {player}")
        self.state.apply_action(action)

    def choose(self, decider: PeerDecider) -> PlayKey:
        action = int(decider.choose(self.state.clone()))
        if action not in self.state.legal_actions():
            raise ValueError(f"decider {decider.name!r} chose action {action}, not legal in OpenSpiel's state")
        return self.map.to_key(action)

    def hands(self) -> tuple[frozenset[Tile], ...]:
        return tuple(frozenset(_tile(pair) for pair in held) for held in self.state.hands)

    def ends(self) -> tuple[int, int] | None:
        edges = self.state.open_edges
        if not edges:
            return None
        low, high = sorted(int(e) for e in edges)
        return (low, high)

    def describe(self) -> str:
        text = " ".join(str(self.state).split())
        return f"{text} to_move:{self.to_move()}"

    def extra_checks(self, hand: Hand) -> list[tuple[str, object, object]]:
        return []

    def peer_outcome(self) -> tuple[int | None, tuple[int, ...]]:
        """Their zero-sum returns as the winning side's gain: +x/-x becomes side 0 winning x (all 0: nobody)."""
        returns = [int(r) for r in self.state.returns()]
        sides = 2  # block: two players; team: seats 0 & 2 against 1 & 3
        points = tuple(max(returns[side], 0) for side in range(sides))
        expected = [points[p % sides] - points[1 - p % sides] for p in range(self.players)]
        if returns != expected:
            raise ValueError(f"OpenSpiel returns {returns} are not zero-sum between two sides")
        winner = next((side for side in range(sides) if points[side] > 0), None)
        return winner, points

    def known_bug(self, hand: Hand, peer_winner: int | None, peer_points: tuple[int, ...]) -> str | None:
        """Exactly the cases of ``KNOWN_PEER_BUGS``, each recomputed by the peer's rule and required to match."""
        outcome = hand.outcome
        if outcome is None or outcome.termination is not Termination.DOMINO:
            return None
        went_out = outcome.winner
        assert went_out is not None
        if self.name == BLOCK:
            # The opponent of the player who went out holds no pips (only 0-0): both hold 0, so OpenSpiel's
            # pip comparison calls it a draw. The points agree (0); only the winner differs.
            if outcome.pips[1 - went_out] == 0 and (peer_winner, peer_points) == (None, (0, 0)):
                return "openspiel-zero-point-domino-is-a-draw"
            return None
        totals = [outcome.pips[0] + outcome.pips[2], outcome.pips[1] + outcome.pips[3]]
        if totals[went_out] < totals[1 - went_out]:
            return None  # the team that went out is also the lighter one: no excuse to differ
        by_totals: tuple[int | None, tuple[int, ...]] = (None, (0, 0))
        if totals[0] != totals[1]:
            lighter = 0 if totals[0] < totals[1] else 1
            by_totals = (lighter, (totals[1], 0) if lighter == 0 else (0, totals[0]))
        if (peer_winner, peer_points) != by_totals:
            return None
        return "openspiel-team-domino-by-totals"


def play_lockstep(
    game: str,
    deciders: Sequence[Decider],
    *,
    seed: int = 0,
    rules: Rules | None = None,
    hand: Hand | None = None,
    action_map: ActionMap | None = None,
) -> LockstepResult:
    """Deal one hand to us and to OpenSpiel ``game``, play it on both, and check them move by move.

    The deal is ``Hand.deal(rules, random.Random(seed))`` unless a fresh
    ``hand`` is given; ``rules`` default to ``rules_for(game)`` (other rules
    are how a test proves that a wrong rule is caught). ``deciders`` give one
    decider per seat. Raises ``LockstepMismatch`` on any disagreement.
    """
    if rules is None:
        rules = hand.rules if hand is not None else rules_for(game)
    if hand is None:
        hand = Hand.deal(rules, random.Random(seed))
    elif hand.rules != rules:
        raise ValueError("the hand given was dealt under other rules")
    peer = OpenSpielPeer(game, hand, action_map)
    return Lockstep(hand, peer, deciders).run()


# ------------------------------------------------------------------ deciders


def openspiel_random_decider(seed: int = 0) -> PeerDecider:
    """Uniformly random legal action, from its own seeded generator (OpenSpiel's baseline player)."""
    rng = random.Random(seed)

    def choose(state: Any) -> int:
        return int(rng.choice(state.legal_actions()))

    return PeerDecider("open_spiel:random", choose)


def openspiel_ismcts_decider(
    simulations: int = 1000,
    seed: int = 0,
    *,
    uct_c: float = 10.0,
    rollouts: int = 1,
) -> PeerDecider:
    """OpenSpiel's own ISMCTS bot (``open_spiel.python.algorithms.ismcts``) with random rollouts.

    Its Python dominoes games cannot resample a hidden state themselves, so
    the bot is given ``resample_world``, which deals the hidden tiles again
    consistently with what the player saw (see there). The returns it
    maximises are raw pips (tens, not the usual +-1), hence an exploration
    constant larger than the textbook 1.4. One bot per game, built on the first
    call, with NumPy generators seeded from ``seed``.
    """
    if simulations < 1:
        raise ValueError(f"simulations must be at least 1, not {simulations}")
    ismcts = import_peer("open_spiel.python.algorithms.ismcts", "open_spiel")
    mcts = import_peer("open_spiel.python.algorithms.mcts", "open_spiel")
    numpy = import_peer("numpy", "open_spiel")
    rng = random.Random(seed)
    bots: dict[str, Any] = {}

    def choose(state: Any) -> int:
        game = state.get_game()
        name = str(game.get_type().short_name)
        bot = bots.get(name)
        if bot is None:
            evaluator = mcts.RandomRolloutEvaluator(
                n_rollouts=rollouts, random_state=numpy.random.RandomState(rng.randrange(2**31))
            )
            bot = ismcts.ISMCTSBot(
                game,
                evaluator,
                uct_c,
                simulations,
                random_state=numpy.random.RandomState(rng.randrange(2**31)),
            )
            bot.set_resampler(lambda s, player: resample_world(s, player, rng))
            bots[name] = bot
        return int(bot.step(state))

    return PeerDecider(f"open_spiel:ismcts({simulations})", choose)


def resample_world(state: Any, player: int, rng: random.Random) -> Any:
    """A copy of ``state`` with the tiles ``player`` cannot see dealt again, consistently with what they saw.

    The hidden tiles (the others' hands and, in the block game, the 14 tiles
    never dealt) are shuffled among their owners, keeping each hand's size,
    and respecting what the history proves: a player whose turn was skipped
    (OpenSpiel's silent pass, D5) held no tile of either open number then, and
    nobody draws in these games, so never will. The player's own hand and the
    history are untouched, so the copy has the same information state.
    """
    world = state.clone()
    hands: list[list[Any]] = world.hands
    count = len(hands)
    voids = _voids(state, count)
    others = [p for p in range(count) if p != player]
    pool = [pair for p in others for pair in hands[p]] + list(world.deck)
    capacities = [len(hands[p]) for p in others] + [len(world.deck)]
    forbidden = [voids[p] for p in others] + [set()]  # the undealt tiles: anything
    owners = _assign(pool, capacities, forbidden, rng)
    for slot, p in enumerate(others):
        hands[p] = sorted(pool[i] for i in owners[slot])
    world.deck = [pool[i] for i in owners[-1]]
    return world


def _voids(state: Any, count: int) -> list[set[int]]:
    """For each player, the numbers they are known to hold none of (from skipped turns)."""
    voids: list[set[int]] = [set() for _ in range(count)]
    history = state.actions_history
    edges: list[int] = []
    for k, action in enumerate(history):
        tile = (int(action.tile[0]), int(action.tile[1]))
        if action.edge is None:
            edges = list(tile)
        else:
            edge = int(action.edge)
            edges.remove(edge)
            edges.append(tile[0] if tile[0] != edge else tile[1])
        if k + 1 < len(history):
            following = int(history[k + 1].player)
        elif not state.is_terminal():
            following = int(state.current_player())
        else:
            break
        skipped = (following - int(action.player) - 1) % count  # all the others when the same player plays again
        for step in range(1, skipped + 1):
            voids[(int(action.player) + step) % count].update(edges)
    return voids


def _assign(
    pool: Sequence[Any], capacities: Sequence[int], forbidden: Sequence[set[int]], rng: random.Random
) -> list[list[int]]:
    """Give each tile of ``pool`` to an owner with room that may hold it; uniform when the constraints allow.

    A few uniform shuffles first (exactly uniform, and nearly always enough);
    then a randomized search that places the most constrained tiles first and
    backs up on a dead end, which always finds an assignment when one exists
    (the real deal is one).
    """
    allowed = [
        [o for o, banned in enumerate(forbidden) if not (int(pair[0]) in banned or int(pair[1]) in banned)]
        for pair in pool
    ]
    order = list(range(len(pool)))
    for _ in range(16):
        rng.shuffle(order)
        owners: list[list[int]] = []
        start = 0
        for capacity in capacities:
            owners.append(order[start : start + capacity])
            start += capacity
        if all(o in allowed[i] for o, held in enumerate(owners) for i in held):
            return owners
    rng.shuffle(order)
    order.sort(key=lambda i: len(allowed[i]))
    room = list(capacities)
    chosen = [-1] * len(pool)

    def place(position: int) -> bool:
        if position == len(order):
            return True
        tile = order[position]
        candidates = [o for o in allowed[tile] if room[o]]
        rng.shuffle(candidates)
        for owner in candidates:
            room[owner] -= 1
            chosen[tile] = owner
            if place(position + 1):
                return True
            room[owner] += 1
        return False

    if not place(0):
        raise RuntimeError("no deal of the hidden tiles fits the history; the state is inconsistent")
    result: list[list[int]] = [[] for _ in capacities]
    for tile, owner in enumerate(chosen):
        result[owner].append(tile)
    return result
