"""Worlds consistent with what one Mexican Train player saw: the hidden tiles dealt out again.

A search imagines the tiles it cannot see: every tile of the set that is not
the engine, not in the viewer's hand and not on a train lies in another
player's hand or in the boneyard. A *world* is one such guess, as a full
engine ``Round`` (``Round.from_position``) ready to play on. The worlds agree
with the observation:

* the tiles seen (own hand, the trains, the engine) are nowhere else;
* each other player holds ``tile_counts[p]`` tiles, the boneyard ``stock_size``;
* **what draws and markers prove** (M5, M6). A player draws only when no tile
  they hold fits a train open to them (M5: who can play must play), so just
  before a draw they held no tile of *F*, the tiles that fit then: with a
  double waiting, the oldest waiting double's number only (M6); otherwise
  the open ends of their own train, the Mexican Train and every marked
  train. A pass that puts out a marker says the same of the hand after the
  draw, the drawn tile included (it did not fit either), and with the
  boneyard empty of the whole hand. The pass that ends a first-turn run
  (``first_turn = "run"``) is a choice and proves nothing.

The public state at each event (each train's open end, the markers, the
doubles not yet covered and whether they were laid this turn) is read off the
round's events, which say where each tile went, whether it covered a double
and whether a marker went out or came off. The facts are about the past and
drawing changes hands, so they are turned into what a hand may hold *now*
exactly as the other games' samplers do (``ai.slots``: every tile came from
the deal or one of the player's draws, each a slot with a time; a tile a fact
names can only sit in a slot that came after it). Sampling deals the tiles
some fact constrains first, each to an owner (a player's slot level, or the
boneyard) with room, in proportion to the room, then the rest; a dead end is
retried a bounded number of times (``ATTEMPTS``) and after that the sample
keeps only the counts (``fallbacks`` counts those). When the events do not
rebuild the trains (a round set up from a position) or the counts do not add
up to the hidden tiles (a literal deal that left tiles out of play), only the
counts are kept (``mode == "counts"``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from bonepile.ai.slots import leftover_slots
from bonepile.mexican_train import MEXICAN, MoveKind, Observation, Round, Tile, tiles_of_set, train_text

BONEYARD = -1
"""The owner id of the boneyard (players are 0..n-1)."""
OUT = -2
"""The owner id of the tiles out of play (a literal deal that dealt fewer than the whole set)."""

ATTEMPTS = 24
"""Assignments tried before a sample falls back to counts only."""


def _mask(tiles: Sequence[Tile]) -> int:
    mask = 0
    for tile in tiles:
        mask |= 1 << tile.index
    return mask


@dataclass(frozen=True, slots=True)
class History:
    """What a round's public events prove about each player's past holdings (see the module docstring).

    ``facts[p]``: ``(event index, mask)``, "just before that event, ``p`` held
    no tile of ``mask``". ``draws[p]``: the event indices of ``p``'s draws.
    ``played[p]``: ``(tile index, event index)``. ``ends``: each train's open
    end after the last event (seats, then the Mexican Train), to check the
    events against the trains shown.
    """

    facts: tuple[tuple[tuple[int, int], ...], ...]
    draws: tuple[tuple[int, ...], ...]
    played: tuple[tuple[tuple[int, int], ...], ...]
    ends: tuple[int, ...]
    started: frozenset[int]
    """The seats that have finished a turn this round (a first-turn run is only on one's first turn)."""
    passes: int
    """Turns in a row, the last ones, that ended without a play with the boneyard empty (M7)."""


def read_history(observation: Observation) -> History:
    """Replay the round's public events, collecting what each draw and each marker proves (M5, M6)."""
    rules = observation.rules
    players = rules.players
    suits = [_mask([t for t in tiles_of_set(rules.max_pips) if t.has(n)]) for n in range(rules.max_pips + 1)]
    engine = observation.engine.high
    ends = [engine] * (players + 1)
    marked: set[int] = set()
    uncovered: list[tuple[int, int]] = []  # (train, turn laid), oldest first
    facts: list[list[tuple[int, int]]] = [[] for _ in range(players)]
    draws: list[list[int]] = [[] for _ in range(players)]
    played: list[list[tuple[int, int]]] = [[] for _ in range(players)]
    turns: list[tuple[int, bool, bool]] = []  # (player, played a tile, drew) of each finished turn
    current = -1
    turn = -1
    played_now = drew_now = False

    def fitting(player: int) -> int:
        waiting = [t for t, laid in uncovered if laid < turn]
        if waiting:
            return suits[ends[waiting[0]]]  # M6: the oldest unsatisfied double, and nowhere else
        trains = [player, players, *(seat for seat in marked if seat != player)]  # M4, M5
        mask = 0
        for t in trains:
            mask |= suits[ends[t]]
        return mask

    started: set[int] = set()
    for index, event in enumerate(observation.events):
        player = event.player
        if player != current:  # a new turn (the next turn is always another player's)
            if current >= 0:
                turns.append((current, played_now, drew_now))
                started.add(current)
            current, turn = player, turn + 1
            played_now = drew_now = False
        kind = event.move.kind
        if kind is MoveKind.PLAY:
            tile = event.move.tile
            assert tile is not None and event.train is not None
            t = players if event.train == MEXICAN else int(event.train)
            ends[t] = tile.other_end(ends[t])
            if event.covered:
                uncovered = [(u, laid) for u, laid in uncovered if u != t]
            if tile.is_double:
                uncovered.append((t, turn))
            if event.marker_off:
                marked.discard(player)
            played[player].append((tile.index, index))
            played_now = True
        elif kind is MoveKind.DRAW:
            facts[player].append((index, fitting(player)))  # M5: nothing held fitted
            draws[player].append(index)
            drew_now = True
        else:
            run_stop = rules.first_turn == "run" and played_now and not drew_now and player not in started
            if not run_stop:
                facts[player].append((index, fitting(player)))  # M5: the drawn tile did not fit either
            if event.marker_out:
                marked.add(player)
    later_draws = in_progress_played = False
    if current >= 0:
        if current == observation.to_move:
            later_draws, in_progress_played = drew_now, played_now  # the turn in progress
        else:
            turns.append((current, played_now, drew_now))
            started.add(current)
    passes = 0  # M7: the turns in a row that ended without a play with the boneyard empty then
    for _, played_then, drew_then in reversed(turns):
        if played_then or observation.stock_size or later_draws or in_progress_played:
            break
        passes += 1
        later_draws = drew_then
    return History(
        facts=tuple(tuple(f) for f in facts),
        draws=tuple(tuple(d) for d in draws),
        played=tuple(tuple(p) for p in played),
        ends=tuple(ends),
        started=frozenset(started),
        passes=passes,
    )


class WorldSampler:
    """Samples worlds consistent with one observation (see the module docstring); built once per decision.

    ``mode`` is ``"exact"`` (every fact used) or ``"counts"`` (seen tiles and
    counts only). ``samples`` and ``fallbacks`` count the worlds drawn and
    those that had to ignore the facts.
    """

    def __init__(self, observation: Observation) -> None:
        if observation.deal_over is not None or observation.to_move is None:
            raise ValueError("the round is over: there is nothing hidden left to guess")
        self.observation = observation
        rules = observation.rules
        self.rules = rules
        self.me = observation.player
        self.players = rules.players
        self.own_hand = tuple(observation.hand)
        on_trains = [Tile(a, b) for train in observation.trains for a, b in train.tiles]
        seen = _mask([*self.own_hand, *on_trains, observation.engine])
        self.hidden: tuple[Tile, ...] = tuple(t for t in tiles_of_set(rules.max_pips) if not seen >> t.index & 1)
        self.counts = tuple(observation.tile_counts)
        self.samples = 0
        self.fallbacks = 0
        self.history = read_history(observation)
        self.mode = "exact" if self._build() else "counts"
        if self.mode == "counts":
            self._counts_only()
        self._public = _public_text(observation, self.history)

    # ------------------------------------------------------------ the model

    def _build(self) -> bool:
        """Owners, their room and what each hidden tile may go to; False when the history cannot be used."""
        obs = self.observation
        history = self.history
        shown = tuple(train.open_end for train in obs.trains)
        if history.ends != shown:
            return False
        hidden_count = sum(c for p, c in enumerate(self.counts) if p != self.me) + obs.stock_size
        if hidden_count != len(self.hidden):
            return False
        owners: list[tuple[int, int]] = []
        capacity: list[int] = []
        levels: dict[int, list[int]] = {}
        size = 1 + max(t.index for t in self.hidden) if self.hidden else 1
        for p in range(self.players):
            count = self.counts[p]
            if p == self.me or count == 0:
                continue
            mine = sorted(history.facts[p])
            rest = leftover_slots(self.rules.hand_size, history.draws[p], history.played[p], mine)
            if rest is None or len(rest) != count:
                return False
            level_of = [0] * size
            for k, (_, mask) in enumerate(mine, start=1):
                for index in range(size):
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
        if obs.stock_size:
            owners.append((BONEYARD, 0))
            capacity.append(obs.stock_size)
        allowed = []
        for tile in self.hidden:
            bits = 0
            for o, (owner, level) in enumerate(owners):
                if owner == BONEYARD or levels[owner][tile.index] <= level:
                    bits |= 1 << o
            if not bits:
                return False
            allowed.append(bits)
        self._set_model(owners, capacity, allowed, levels)
        return True

    def _counts_only(self) -> None:
        owners = [(p, 0) for p in range(self.players) if p != self.me and self.counts[p]]
        capacity = [self.counts[p] for p, _ in owners]
        if self.observation.stock_size:
            owners.append((BONEYARD, 0))
            capacity.append(self.observation.stock_size)
        extra = len(self.hidden) - sum(capacity)
        if extra < 0:
            raise ValueError(f"the tile counts need {sum(capacity)} hidden tiles; only {len(self.hidden)} are unseen")
        if extra:
            owners.append((OUT, 0))
            capacity.append(extra)
        everyone = (1 << len(owners)) - 1
        self._set_model(owners, capacity, [everyone] * len(self.hidden), {})

    def _set_model(
        self, owners: list[tuple[int, int]], capacity: list[int], allowed: list[int], levels: dict[int, list[int]]
    ) -> None:
        self._owners = owners
        self._capacity = capacity
        self._levels = levels
        everyone = (1 << len(owners)) - 1
        self._owner_ids = [[o for o in range(len(owners)) if a >> o & 1] for a in allowed]
        self._constrained = [i for i, a in enumerate(allowed) if a != everyone]
        self._free = [i for i, a in enumerate(allowed) if a == everyone]
        self._tightest = sorted(self._constrained, key=lambda i: len(self._owner_ids[i]))

    # ------------------------------------------------------------ sampling

    def sample(self, rng: random.Random) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
        """A random world: every player's tiles (the viewer's real ones) and the boneyard in drawing order."""
        self.samples += 1
        for attempt in range(ATTEMPTS if self._constrained else 1):
            placed = self._assign(rng, tightest_first=attempt >= ATTEMPTS // 2)
            if placed is not None:
                return self._world(placed, rng)
        self.fallbacks += 1
        return self._world(self._assign_counts(rng), rng)

    def _assign(self, rng: random.Random, *, tightest_first: bool) -> list[list[int]] | None:
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

    def _world(
        self, placed: list[list[int]], rng: random.Random
    ) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
        hidden = self.hidden
        hands: list[list[Tile]] = [[] for _ in range(self.players)]
        hands[self.me] = list(self.own_hand)
        boneyard: list[Tile] = []
        for (owner, _), positions in zip(self._owners, placed, strict=True):
            if owner == OUT:
                continue
            (boneyard if owner == BONEYARD else hands[owner]).extend(hidden[i] for i in positions)
        rng.shuffle(boneyard)
        return tuple(tuple(sorted(h)) for h in hands), tuple(boneyard)

    def sample_deal(self, rng: random.Random) -> Round:
        """The same as ``sample_round``, by the name every game's sampler gives it (the review reads it)."""
        return self.sample_round(rng)

    def sample_round(self, rng: random.Random) -> Round:
        """A random consistent world as an engine ``Round``, ready to play on from the current position."""
        hands, boneyard = self.sample(rng)
        return self.to_round(hands, boneyard)

    def to_round(self, hands: Sequence[Sequence[Tile]], boneyard: Sequence[Tile]) -> Round:
        text = " / ".join(" ".join(map(str, hand)) or "-" for hand in hands)
        position = f"{self._public}; hands: {text}; boneyard: {' '.join(map(str, boneyard)) or '-'}"
        return Round.from_position(self.rules, position)

    # ------------------------------------------------------------ knowledge

    def could_hold(self, player: int, tile: Tile) -> bool:
        """Whether the model lets ``player`` hold ``tile`` now; False for a seen tile."""
        if tile not in self.hidden:
            return False
        if not self._levels:
            return any(owner == player for owner, _ in self._owners)
        level = self._levels.get(player)
        if level is None:
            return False
        return any(owner == player and level[tile.index] <= lv for owner, lv in self._owners)

    def admits(self, hands: Sequence[Sequence[Tile]]) -> bool:
        """Whether the model allows these hands for the other players (the real ones always must be), for tests."""
        hidden = set(self.hidden)
        held: set[Tile] = set()
        for p, hand in enumerate(hands):
            if p == self.me:
                continue
            if len(hand) != self.counts[p] or not set(hand) <= hidden or set(hand) & held:
                return False
            held |= set(hand)
            if not hand or not self._levels:
                continue
            level = self._levels[p]
            mine = [(lv, cap) for (owner, lv), cap in zip(self._owners, self._capacity, strict=True) if owner == p]
            for floor in {level[t.index] for t in hand}:
                need = sum(1 for t in hand if level[t.index] >= floor)
                if need > sum(cap for lv, cap in mine if lv >= floor):
                    return False
        return True


def _public_text(obs: Observation, history: History) -> str:
    """The public fields of the position text (everything but the hands and the boneyard), written once."""
    players = obs.rules.players

    def name(where: int | str) -> str:
        return MEXICAN if where == MEXICAN else train_text(int(where))

    def halves(tiles: Sequence[tuple[int, int]]) -> str:
        return " ".join(f"{a}-{b}" for a, b in tiles) or "-"

    parts = [
        f"engine: {obs.engine}",
        f"first: {obs.first}",
        f"turn: {obs.to_move}",
        "trains: " + " / ".join(halves(train.tiles) for train in obs.trains[:players]),
        f"mexican: {halves(obs.mexican.tiles)}",
        "marked: " + (" ".join(train_text(seat) for seat in sorted(obs.marked)) or "-"),
        "waiting: " + (" ".join(name(where) for _, where in obs.waiting_doubles) or "-"),
    ]
    if obs.laid_doubles:
        parts.append("laid: " + " ".join(name(where) for _, where in obs.laid_doubles))
    if obs.plays_again:
        parts.append(f"again: {name(obs.laid_doubles[-1][1])}")
    if obs.drawn is not None:
        parts.append(f"drawn: {obs.drawn}")
    if obs.in_run:
        parts.append("run: yes")
    if history.started:
        parts.append("started: " + " ".join(str(s) for s in sorted(history.started)))
    if history.passes:
        parts.append(f"passes: {history.passes}")
    parts.append("scores: " + " ".join(str(s) for s in obs.scores))
    return "; ".join(parts)
