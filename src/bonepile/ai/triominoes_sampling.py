"""Worlds consistent with what one Tri-Ominos player saw: the hidden tiles dealt out again.

Searching agents (ISMCTS) and the heuristic's odds need to imagine the tiles
they cannot see: every tile that is neither in the player's hand nor on the
board lies in another player's hand or in the pool. A *world* is one such
guess. This module samples worlds that agree with the observation:

* the tiles seen (own hand, board) are nowhere else;
* each other player holds ``tile_counts[p]`` tiles, the pool ``pool_size``;
* **what draws and passes prove** (T6). A draw under ``pressman`` and
  ``classic`` (no voluntary buying) proves the drawer could place no tile it
  held just before the draw, on the board as it was then; so does a pass, in
  every preset (a pass is only legal when nothing fits). Under ``goliath`` a
  draw proves nothing (it may be a purchase). Draws and the pass that follow a
  ``timeout`` prove nothing either (T8: the engine draws for the player).
  The fact is "just before event i, player p held no tile of F_i", where F_i
  is the set of all tiles that fit somewhere on the board of that moment;
* **what the opening proves** (T3). Under ``highest_triple`` and
  ``draw_until_triple`` the opening tile outranked every tile dealt that
  could have opened instead: no player held a higher triple (and, when a
  non-triple opened under ``pressman``, no triple and no higher tile; when
  ``classic`` had to draw for a triple, nobody held one before it showed).
  Opening 0-0-0 under ``pressman`` proves nothing about the others when its
  "shown" bonus says the opener held a higher triple (which one is unknown).
  Goliath's draw-one start proves nothing about hands. When the player to
  choose is the opener, the same facts follow from their own opening choices.

Facts are about the past, and drawing changes hands: a tile held now may have
been drawn after the fact that excludes it. The exact model (the same as the
Dominoes sampler's, written here over tile indices): every tile a player ever
held came from the deal or from one of their draws, a *slot* with a time
(-1 for the deal, the event index for a draw). A tile named by the k-th fact
(the latest one naming it) can only sit in a slot that came at or after that
fact. The tiles the player already placed are known; giving them the earliest
slots that explain them leaves the latest, most accepting slots to the hidden
tiles, and the hidden tiles fit some history exactly when they fit those
leftover slots. Each player thus becomes a few *owners*, one per slot level,
each with a capacity; the pool is one more owner that accepts anything.

Sampling assigns every constrained tile to an accepting owner with room,
chosen in proportion to the room, then deals the unconstrained tiles into
whatever room is left. The assignment can reach a dead end (the facts of
several players compete for the pool's room); it is then retried, a bounded
number of times (``ATTEMPTS``), the later attempts placing the most
constrained tiles first. If every attempt fails, the sample ignores the facts
and only respects the counts (the *fallback*); ``fallbacks`` counts those,
and the tests report the rate. The same counts-only model is used when the
events do not rebuild the board (a round set up from a position text) or the
facts contradict each other (they never do in a dealt game). Worlds are close
to uniform among the consistent ones, exactly uniform when no fact applies;
the players' choices are not modelled (a player who could place a high tile
and did not is not taken to lack it).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bonepile.ai.slots import leftover_slots
from bonepile.triominoes import TILES, EventKind, Move, Observation, Reason, Round, Rules, Tile

POOL = -1
"""The owner id of the pool (players are 0..n-1)."""

ATTEMPTS = 24
"""Assignments tried before a sample falls back to counts only."""

_ALL = (1 << len(TILES)) - 1
_TRIPLES = sum(1 << t.index for t in TILES if t.is_triple)
_ZERO_TRIPLE = Tile(0, 0, 0)
_PROBE_RULES = Rules.from_preset("pressman", 2)
"""Any rules will do to ask which tiles fit a board (T4 is the same in every preset)."""


def _mask(tiles: Iterable[Tile]) -> int:
    """The bitmask over tile indices of ``tiles`` (a tile named twice counts once)."""
    mask = 0
    for tile in tiles:
        mask |= 1 << tile.index
    return mask


def _outranking(tile: Tile) -> int:
    """The tiles whose rank is above ``tile``'s (T3's order: value, then the numbers from the highest down)."""
    return sum(1 << t.index for t in TILES if t.rank > tile.rank)


@functools.lru_cache(maxsize=4096)
def _fitting(board: tuple[Move, ...]) -> int:
    """T4: the mask of every tile not on ``board`` that fits somewhere on it (whoever might hold it)."""
    if not board:
        return _ALL
    used = _mask([m.tile for m in board if m.tile is not None])
    rest = [t for t in TILES if not used >> t.index & 1]
    if len(rest) < 2:  # the probe needs a tile in each of its two hands; never so for a fact about another player
        return 0
    text = f"board: {', '.join(map(str, board))}; hands: {rest[0]} / {' '.join(map(str, rest[1:]))}; turn: 0"
    probe = Round.from_position(_PROBE_RULES, text)
    return _mask([m.tile for m in probe.placements(rest) if m.tile is not None])


def fitting_mask(board: Sequence[Move]) -> int:
    """The mask of the tiles (not on ``board``) that fit somewhere on ``board``; cached by board."""
    return _fitting(tuple(sorted(board, key=lambda m: m.key)))


def opening_mask(rules: Rules, tile: Tile, *, setup_draws: bool, shown: bool | None) -> int:
    """T3: the tiles nobody held when ``tile`` opened (0 when the opening proves nothing about the others).

    ``setup_draws``: classic drew for a triple, so nobody had been dealt one.
    ``shown``: pressman's 0-0-0 opening earned the "shown" bonus (None: the
    rules give no such bonus, so it cannot be told).
    """
    if rules.start == "draw_one":
        return 0
    if setup_draws:
        return _TRIPLES & ~(1 << tile.index)
    if tile.is_triple:
        if tile is _ZERO_TRIPLE and rules.start == "highest_triple":
            if shown is None or shown:
                return 0  # the opener may hold (or showed) a higher triple: its rank is unknown
            return _TRIPLES & ~(1 << tile.index)
        return _TRIPLES & _outranking(tile)
    return _TRIPLES | _outranking(tile)  # T3 pressman: no triple dealt, the highest tile opened


@dataclass(frozen=True, slots=True)
class History:
    """What the public events of a round prove about each player's past holdings (module docstring).

    ``facts[p]``: ``(event index, mask)``, "just before that event, ``p`` held
    no tile of ``mask``". ``draws[p]``: the event indices of ``p``'s draws
    (setup draws included). ``played[p]``: ``(tile index, event index)``.
    """

    facts: tuple[tuple[tuple[int, int], ...], ...]
    draws: tuple[tuple[int, ...], ...]
    played: tuple[tuple[tuple[int, int], ...], ...]
    complete: bool
    """False when the events do not rebuild the board (a round set up from a position has no past)."""


def read_history(observation: Observation) -> History:
    """Replay the round's public events and collect the facts they prove (T3, T6)."""
    rules = observation.rules
    players = rules.players
    facts: list[list[tuple[int, int]]] = [[] for _ in range(players)]
    draws: list[list[int]] = [[] for _ in range(players)]
    played: list[list[tuple[int, int]]] = [[] for _ in range(players)]
    board: list[Move] = []
    timed_out: int | None = None
    setup = False
    for index, event in enumerate(observation.events):
        player, kind = event.player, event.kind
        if kind is EventKind.PLACE:
            move = event.move
            assert move is not None and move.tile is not None
            if not board:
                shown: bool | None = None
                bonus = rules.start_bonus
                if move.tile is _ZERO_TRIPLE and bonus.shown:
                    start = sum(item.points for item in event.items if item.reason is Reason.START_BONUS)
                    shown = start == bonus.opening + bonus.zero_triple + bonus.shown
                mask = opening_mask(rules, move.tile, setup_draws=setup, shown=shown)
                if mask:
                    for p in range(players):
                        facts[p].append((index, mask))
            board.append(move)
            played[player].append((move.tile.index, index))
        elif kind is EventKind.SETUP_DRAW:
            setup = True
            draws[player].append(index)
        elif kind is EventKind.DRAW:
            draws[player].append(index)
            if not rules.voluntary_draw and timed_out != player:  # T6: drew because nothing fitted
                facts[player].append((index, fitting_mask(board)))
        elif kind is EventKind.PASS:
            if timed_out != player:  # T6: a pass is legal only when nothing fits
                facts[player].append((index, fitting_mask(board)))
            timed_out = None
        elif kind is EventKind.TIMEOUT:
            timed_out = player
    complete = sorted(m.key for m in board) == sorted(m.key for m in observation.board)
    return History(
        facts=tuple(tuple(f) for f in facts),
        draws=tuple(tuple(d) for d in draws),
        played=tuple(tuple(p) for p in played),
        complete=complete,
    )


@dataclass(frozen=True, slots=True)
class World:
    """One complete guess: every player's tiles (the observer's real ones) and the pool in drawing order."""

    hands: tuple[tuple[Tile, ...], ...]
    pool: tuple[Tile, ...]


class WorldSampler:
    """Samples worlds consistent with one observation (see the module docstring); built once per decision.

    ``mode`` is ``"exact"`` (every fact used) or ``"counts"`` (seen tiles and
    counts only: no usable history). ``samples`` and ``fallbacks`` count the
    worlds drawn and those that had to ignore the facts.
    """

    def __init__(self, observation: Observation) -> None:
        if observation.round_over is not None or observation.to_move is None:
            raise ValueError("the round is over: there is nothing hidden left to guess")
        self.observation = observation
        rules = observation.rules
        self.rules = rules
        self.me = observation.player
        self.players = rules.players
        self.own_hand = tuple(observation.hand)
        self.board = tuple(observation.board)
        seen = _mask(self.own_hand) | _mask([m.tile for m in self.board if m.tile is not None])
        self.hidden: tuple[Tile, ...] = tuple(t for t in TILES if not seen >> t.index & 1)
        self.counts = tuple(observation.tile_counts)
        self.samples = 0
        self.fallbacks = 0
        self.mode = "exact" if self._build(observation) else "counts"
        if self.mode == "counts":
            self._counts_only()
        self._position = _PositionText(observation)

    # ------------------------------------------------------------ the model

    def _build(self, obs: Observation) -> bool:
        """Owners, capacities and what each hidden tile may go to; False when no history can be used."""
        history = read_history(obs)
        if not history.complete:
            return False
        facts = [list(f) for f in history.facts]
        if not self.board and obs.to_move == self.me:
            # T3 before the first tile, the observer opening: their choices show what nobody else holds.
            options = [m.tile for m in obs.legal_moves if m.tile is not None]
            if options:
                best = max(options, key=lambda t: t.rank)
                setup = any(e.kind is EventKind.SETUP_DRAW for e in obs.events)
                mask = opening_mask(self.rules, best, setup_draws=setup, shown=False)
                if mask:
                    for p in range(self.players):
                        facts[p].append((len(obs.events), mask))
        owners: list[tuple[int, int]] = []  # (player or POOL, level)
        capacity: list[int] = []
        levels: dict[int, list[int]] = {}
        for p in range(self.players):
            count = self.counts[p]
            if p == self.me or count == 0:
                continue
            mine = sorted(facts[p])
            rest = leftover_slots(self.rules.hand_size, history.draws[p], history.played[p], mine)
            if rest is None or len(rest) != count:
                return False
            level_of = [0] * len(TILES)
            for k, (_, mask) in enumerate(mine, start=1):
                for index in range(len(TILES)):
                    if mask >> index & 1:
                        level_of[index] = k
            levels[p] = level_of
            by_level: dict[int, int] = {}
            for slot in rest:
                level = sum(1 for time, _ in mine if time <= slot)
                by_level[level] = by_level.get(level, 0) + 1
            for level in sorted(by_level):
                owners.append((p, level))
                capacity.append(by_level[level])
        if obs.pool_size:
            owners.append((POOL, 0))
            capacity.append(obs.pool_size)
        if sum(capacity) != len(self.hidden):
            return False
        allowed = []
        for tile in self.hidden:
            bits = 0
            for o, (owner, level) in enumerate(owners):
                if owner == POOL or levels[owner][tile.index] <= level:
                    bits |= 1 << o
            if not bits:
                return False
            allowed.append(bits)
        self._set_model(owners, capacity, allowed, levels)
        return True

    def _counts_only(self) -> None:
        owners = [(p, 0) for p in range(self.players) if p != self.me and self.counts[p]]
        capacity = [self.counts[p] for p, _ in owners]
        if self.observation.pool_size:
            owners.append((POOL, 0))
            capacity.append(self.observation.pool_size)
        if sum(capacity) != len(self.hidden):
            raise ValueError(f"the tile counts do not add up to the {len(self.hidden)} hidden tiles")
        everyone = (1 << len(owners)) - 1
        levels = {p: [0] * len(TILES) for p, _ in owners if p != POOL}
        self._set_model(owners, capacity, [everyone] * len(self.hidden), levels)

    def _set_model(
        self, owners: list[tuple[int, int]], capacity: list[int], allowed: list[int], levels: dict[int, list[int]]
    ) -> None:
        self._owners = owners
        self._capacity = capacity
        self._allowed = allowed
        self._levels = levels
        everyone = (1 << len(owners)) - 1
        self._owner_ids = [[o for o in range(len(owners)) if a >> o & 1] for a in allowed]
        self._constrained = [i for i, a in enumerate(allowed) if a != everyone]
        self._free = [i for i, a in enumerate(allowed) if a == everyone]
        self._tightest = sorted(self._constrained, key=lambda i: len(self._owner_ids[i]))

    # ------------------------------------------------------------ sampling

    def sample(self, rng: random.Random) -> World:
        """A random world consistent with the observation (counts only, after ``ATTEMPTS`` dead ends)."""
        self.samples += 1
        for attempt in range(ATTEMPTS):
            placed = self._assign(rng, tightest_first=attempt >= ATTEMPTS // 2)
            if placed is not None:
                return self._world(placed, rng)
        self.fallbacks += 1
        return self._world(self._assign_counts(rng), rng)

    def _assign(self, rng: random.Random, *, tightest_first: bool) -> list[list[int]] | None:
        """Hidden tile positions per owner, or None at a dead end."""
        room = self._capacity.copy()
        placed: list[list[int]] = [[] for _ in self._owners]
        if tightest_first:
            order = self._tightest
        else:
            order = self._constrained.copy()
            rng.shuffle(order)
        for i in order:
            candidates = [o for o in self._owner_ids[i] if room[o]]
            if not candidates:
                return None
            o = candidates[0] if len(candidates) == 1 else rng.choices(candidates, [room[c] for c in candidates])[0]
            room[o] -= 1
            placed[o].append(i)
        free = self._free.copy()
        rng.shuffle(free)
        start = 0
        for o, left in enumerate(room):
            placed[o].extend(free[start : start + left])
            start += left
        return placed

    def _assign_counts(self, rng: random.Random) -> list[list[int]]:
        order = list(range(len(self.hidden)))
        rng.shuffle(order)
        placed: list[list[int]] = []
        start = 0
        for cap in self._capacity:
            placed.append(order[start : start + cap])
            start += cap
        return placed

    def _world(self, placed: list[list[int]], rng: random.Random) -> World:
        hidden = self.hidden
        hands: list[list[Tile]] = [[] for _ in range(self.players)]
        hands[self.me] = list(self.own_hand)
        pool: list[Tile] = []
        for (owner, _), positions in zip(self._owners, placed, strict=True):
            (pool if owner == POOL else hands[owner]).extend(hidden[i] for i in positions)
        rng.shuffle(pool)
        return World(tuple(tuple(sorted(h)) for h in hands), tuple(pool))

    def sample_deal(self, rng: random.Random) -> Round:
        """The same as ``sample_round``, by the name every game's sampler gives it (the review reads it)."""
        return self.sample_round(rng)

    def sample_round(self, rng: random.Random) -> Round:
        """A random consistent world as an engine ``Round``, ready to play on from the current position."""
        return self.to_round(self.sample(rng))

    def to_round(self, world: World) -> Round:
        return Round.from_position(self.rules, self._position.text(world))

    # ------------------------------------------------------------ knowledge

    def could_hold(self, player: int, tile: Tile) -> bool:
        """Whether the model lets ``player`` (or ``POOL``) hold ``tile`` now; False for a seen tile."""
        if tile not in self.hidden:
            return False
        if player == POOL:
            return any(owner == POOL for owner, _ in self._owners)
        level = self._levels.get(player)
        if level is None:
            return False
        return any(owner == player and level[tile.index] <= lv for owner, lv in self._owners)

    def admits(self, hands: Sequence[Sequence[Tile]]) -> bool:
        """Whether the model allows these hidden hands (the real ones always must be allowed), for the tests.

        Each player's owners accept nested sets (a higher level accepts more),
        so the tiles fit the owners exactly when, for every level, the tiles
        needing at least that level do not outnumber the room from that level up.
        """
        hidden = set(self.hidden)
        held: set[Tile] = set()
        for p, hand in enumerate(hands):
            if p == self.me:
                continue
            if len(hand) != self.counts[p] or not set(hand) <= hidden or set(hand) & held:
                return False
            held |= set(hand)
            if not hand:
                continue
            level = self._levels[p]
            mine = [(lv, cap) for (owner, lv), cap in zip(self._owners, self._capacity, strict=True) if owner == p]
            for floor in {level[t.index] for t in hand}:
                need = sum(1 for t in hand if level[t.index] >= floor)
                if need > sum(cap for lv, cap in mine if lv >= floor):
                    return False
        return True


class _PositionText:
    """Writes a world as ``Round.from_position`` text: the public part once, the hidden part per world."""

    def __init__(self, obs: Observation) -> None:
        self.players = obs.rules.players
        parts = [f"scores: {' '.join(map(str, obs.scores))}", f"turn: {obs.to_move}"]
        if obs.board:
            parts.insert(0, f"board: {', '.join(map(str, obs.board))}")
            parts.append(f"starter: {obs.starter}")
            if obs.draws_this_turn:
                parts.append(f"draws: {obs.draws_this_turn}")
            passes = _passes_since_placement(obs)
            if passes:
                parts.append(f"passes: {passes}")
            out = _players_out(obs)
            if out:
                parts.append("out: " + " ".join(map(str, out)))
        else:
            parts.insert(0, "board: -")
            if obs.legal_moves:
                openings = dict.fromkeys(m.tile for m in obs.legal_moves if m.tile is not None)
                parts.append("open: " + " ".join(str(t) for t in openings if t is not None))
            elif obs.rules.start == "draw_one":
                parts.append("open: any")  # T3 goliath: the draw-one winner opens with any tile
            # else the opener's tiles are not ours to see: T3 reads them from the world's hands, and a world
            # in which T3 names another opener is refused (InvalidPositionError) by Round.from_position.
        self.public = "; ".join(parts)

    def text(self, world: World) -> str:
        hands = " / ".join(" ".join(map(str, hand)) or "-" for hand in world.hands)
        pool = " ".join(map(str, world.pool)) or "-"
        return f"{self.public}; hands: {hands}; pool: {pool}"


def _passes_since_placement(obs: Observation) -> int:
    """T7: the turns in a row that ended in a pass since the last placement (a draw does not break the run).

    The round's ``passes`` field, capped like the engine's at one pass per player.
    """
    count = 0
    for event in reversed(obs.events):
        if event.kind is EventKind.PLACE:
            break
        if event.kind is EventKind.PASS:
            count += 1
    return min(count, obs.rules.players)


def _players_out(obs: Observation) -> list[int]:
    """T7 goliath: the players with no tiles while the cycle is played out, in the order they went out."""
    last_place = {e.player: i for i, e in enumerate(obs.events) if e.kind is EventKind.PLACE}
    empty = [p for p, count in enumerate(obs.tile_counts) if count == 0]
    return sorted(empty, key=lambda p: last_place.get(p, -1))
