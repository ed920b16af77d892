"""Worlds consistent with what one Dominoes player saw: the hidden tiles dealt out again.

Searching agents (ISMCTS) cannot look at the other hands, so they imagine them:
each imagined *world* puts every tile the player has not seen into an
opponent's hand (or the partner's) or the boneyard. A world is only useful if
it could be the real one, so this module samples worlds that agree with
everything the observation proves, exactly:

* the tiles seen (the player's own hand and the line) are nowhere else;
* each hand holds as many tiles as ``tile_counts`` says, the boneyard
  ``boneyard_size``;
* a player who drew or passed (D5) held no tile of any open number at that
  moment (the engine's events say which ends were open), and the first tile
  of a hand opened under D3 outranked every tile dealt to anyone.

The last kind of fact is about the past, and drawing changes hands: a player
who passed on 3 and 5 may hold a 3 now if it was drawn later. The exact rule
is worked out per player from the history of the hand. Every tile a player
ever held came either from the deal or from one of their draws (a *slot*:
the deal gives ``hand_size`` slots at time -1, each draw one slot at its
event's time). A fact "held none of M just before event i" forbids a tile of
M from being held across i, so a tile of M still in hand must come from a
draw at or after i. For a tile the player holds now, only the latest such
fact counts: its *level* is how many of the player's facts happened up to and
including the latest one that names it, and a slot at time s accepts it if
its level is at most the number of facts up to s. The tiles the player
played are known, but which slot each came from is not; giving them the
earliest slots that work (the greedy basis of a matroid, which is earliest in
every position at once) leaves the latest slots, the most accepting ones, to
the hidden tiles, so the hidden tiles fit some history exactly when they fit
those leftover slots. Each player is thus split into a few *owners* (one per
distinct slot level, with a capacity), the boneyard is one more owner that
accepts anything, and a world is an assignment of hidden tiles to owners
within capacities. Hall's condition over the few owner sets that can be
tight (per player, the owners from some level up) keeps a sequential random
assignment from ever reaching a dead end.

Assignments are drawn tile by tile, each constrained tile going to an owner
chosen in proportion to its free room; this is exactly uniform when no fact
constrains anything (the common case early in a hand) and close to uniform
otherwise.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bonepile.ai.slots import leftover_slots
from bonepile.dominoes import Hand, MoveKind, Observation, Rules, Tile, tiles_of_set

BONEYARD = -1
"""The owner id of the boneyard (players are 0..n-1)."""


@dataclass(frozen=True, slots=True)
class World:
    """One complete guess at a hand in progress: every player's tiles and the boneyard in drawing order."""

    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class History:
    """What the public events of a hand prove about each player's past holdings.

    ``facts[p]`` lists ``(event index, mask)``: just before that event player
    ``p`` held no tile in ``mask`` (a bitmask over tile indices). ``draws[p]``
    are the event indices of ``p``'s draws; ``played[p]`` the tiles ``p``
    played with the event index of each play.
    """

    facts: tuple[tuple[tuple[int, int], ...], ...]
    draws: tuple[tuple[int, ...], ...]
    played: tuple[tuple[tuple[Tile, int], ...], ...]
    needed: tuple[int, ...]
    """Masks of which some player holds a tile now: the hand went on with nobody able to draw (D6)."""
    complete: bool
    """False when the events do not rebuild the line (a hand set up from a position has no past)."""
    ends: tuple[tuple[int, ...] | None, ...] = ()
    """The open numbers just before each event, as the engine recorded them (None before the first tile)."""


def _mask(tiles: Sequence[Tile]) -> int:
    return sum(1 << t.index for t in tiles)


def suit_mask(rules: Rules, number: int) -> int:
    """The tiles of the set that show ``number``."""
    return _mask([t for t in tiles_of_set(rules.max_pips) if t.has(number)])


def layout_tiles(observation: Observation) -> list[Tile]:
    """Every tile on the table: the line and, with a spinner, its north and south arms."""
    return [Tile(a, b) for a, b in observation.line + observation.north + observation.south]


def d3_applies(observation: Observation) -> bool:
    """Whether this hand's first tile was (or will be) forced by D3, rather than chosen freely."""
    rules = observation.rules
    if rules.leader != "highest_double":
        return False
    if rules.next_hand_leader == "winner" and observation.past_hands:
        return observation.past_hands[-1].winning_player is None
    return True


def outranking(rules: Rules, tile: Tile) -> int:
    """D3: the mask of tiles that would have opened instead of ``tile`` had anyone been dealt one."""
    return _mask([t for t in tiles_of_set(rules.max_pips) if t.rank > tile.rank])


def read_history(observation: Observation, *, opening_fact: bool = True) -> History:
    """Replay the public events of the hand and collect the facts they prove (D3, D5)."""
    rules = observation.rules
    players = rules.players
    suits = [suit_mask(rules, n) for n in range(rules.max_pips + 1)]
    facts: list[list[tuple[int, int]]] = [[] for _ in range(players)]
    draws: list[list[int]] = [[] for _ in range(players)]
    played: list[list[tuple[Tile, int]]] = [[] for _ in range(players)]
    line_tiles: list[Tile] = []
    stock = rules.num_tiles - players * rules.hand_size
    going_on: list[tuple[int, int]] = []
    ends: list[tuple[int, ...] | None] = []
    events = observation.events
    for index, event in enumerate(events):
        move, player = event.move, event.player
        numbers = tuple(sorted(event.open_numbers))
        ends.append(numbers or None)
        if move.tile is not None:
            tile = move.tile
            line_tiles.append(tile)
            played[player].append((tile, index))
            if move.end is None and opening_fact and d3_applies(observation):
                above = outranking(rules, tile)
                for p in range(players):
                    facts[p].append((index, above))
        else:
            if numbers:  # D5: drawing or passing proves the player could not play
                facts[player].append((index, fitting_mask(suits, numbers)))
            if move.kind is MoveKind.DRAW:
                draws[player].append(index)
                stock -= 1
        # The open numbers after this event: the next event's, or the table's now after the last.
        after = events[index + 1].open_numbers if index + 1 < len(events) else observation.open_numbers
        if after and not rules.may_draw(stock):
            going_on.append((index, fitting_mask(suits, after)))
    # D6: after each of these events the hand was not blocked, so somebody held a tile for the ends.
    # With no drawing since, hands only shrank: a tile of the ends played later was that tile; if none
    # was, somebody still holds one now.
    needed = tuple(
        mask
        for index, mask in going_on
        if not any(when > index and mask >> tile.index & 1 for tiles in played for tile, when in tiles)
    )
    complete = sorted(line_tiles) == sorted(layout_tiles(observation))
    return History(
        facts=tuple(tuple(f) for f in facts),
        draws=tuple(tuple(d) for d in draws),
        played=tuple(tuple(p) for p in played),
        needed=tuple(dict.fromkeys(needed)),
        complete=complete,
        ends=tuple(ends),
    )


def fitting_mask(suits: Sequence[int], numbers: Iterable[int]) -> int:
    """The tiles that fit any of ``numbers``."""
    mask = 0
    for number in numbers:
        mask |= suits[number]
    return mask


class WorldSampler:
    """Samples worlds consistent with one observation (see the module docstring for the method).

    Built once per decision; ``sample`` is then cheap enough to call for
    every ISMCTS iteration. ``mode`` tells which facts could be used:
    ``"exact"`` (all of them), ``"no-opening"`` (the D3 fact dropped because
    the hand did not open by D3, e.g. a hand set up by hand), ``"counts"``
    (no history: only seen tiles and counts).
    """

    def __init__(self, observation: Observation) -> None:
        if observation.to_move is None:
            raise ValueError("the hand is over: there is nothing hidden left to guess")
        self.observation = observation
        rules = observation.rules
        self.rules = rules
        self.me = observation.player
        self.players = rules.players
        self.own_hand = tuple(observation.hand)
        self.line = tuple(observation.line)
        self.to_move = observation.to_move
        seen = _mask(self.own_hand) | _mask(layout_tiles(observation))
        self.hidden: tuple[Tile, ...] = tuple(t for t in tiles_of_set(rules.max_pips) if not seen >> t.index & 1)
        self._index = {t: i for i, t in enumerate(self.hidden)}
        # Before the first tile under D3 with another player to lead, that player holds the top tile dealt:
        # a fact about existence, checked on each sample rather than built into the owners.
        self._leader_check = not self.line and d3_applies(observation) and self.to_move != self.me
        self._lead: Tile | None = None
        if not self.line and d3_applies(observation) and self.to_move == self.me and self.own_hand:
            self._lead = max(self.own_hand, key=lambda t: t.rank)
        self.mode = "exact"
        for mode in ("exact", "no-opening", "counts"):
            if self._build(mode):
                self.mode = mode
                break
        else:  # pragma: no cover - counts alone are always satisfiable for a real observation
            raise ValueError(f"no world fits the tile counts of {observation}")

    # ------------------------------------------------------------ the model

    def _build(self, mode: str) -> bool:
        """Set up owners and Hall sets for ``mode``; False when no world fits."""
        obs = self.observation
        rules = self.rules
        history = read_history(obs, opening_fact=mode == "exact")
        use_history = mode != "counts" and history.complete
        owners: list[tuple[int, int]] = []  # (player or BONEYARD, level)
        capacity: list[int] = []
        levels: dict[int, list[int]] = {}  # player -> level of each tile index
        for p in range(self.players):
            if p == self.me:
                continue
            count = obs.tile_counts[p]
            if count == 0:
                continue
            facts = list(history.facts[p]) if use_history else []
            if mode != "counts" and self._lead is not None:
                facts.append((0, outranking(rules, self._lead)))  # D3 before the first tile: nobody outranks it
            facts.sort()
            if use_history:
                played = [(tile.index, when) for tile, when in history.played[p]]
                rest = leftover_slots(rules.hand_size, history.draws[p], played, facts)
                if rest is None or len(rest) != count:
                    return False
            else:
                rest = [-1] * count
            fact_times = [time for time, _ in facts]
            level_of = [0] * rules.num_tiles
            for k, (_, mask) in enumerate(facts, start=1):
                for index in range(rules.num_tiles):
                    if mask >> index & 1:
                        level_of[index] = k
            levels[p] = level_of
            slot_levels = Counter(sum(1 for time in fact_times if time <= slot) for slot in rest)
            for level in sorted(slot_levels):
                owners.append((p, level))
                capacity.append(slot_levels[level])
        if obs.boneyard_size:
            owners.append((BONEYARD, 0))
            capacity.append(obs.boneyard_size)
        if sum(capacity) != len(self.hidden):
            return False
        allowed: list[int] = []
        for tile in self.hidden:
            bits = 0
            for o, (owner, level) in enumerate(owners):
                if owner == BONEYARD or levels[owner][tile.index] <= level:
                    bits |= 1 << o
            allowed.append(bits)
        # D6: tiles of which some player must hold one. One candidate: it is simply not in the boneyard;
        # several: checked on each sample (they rarely reject, and rejecting keeps the draw fair).
        if use_history:
            needed = list(history.needed)
        elif self.line and not rules.may_draw(obs.boneyard_size):
            needed = [fitting_mask([suit_mask(rules, n) for n in range(rules.max_pips + 1)], obs.open_numbers)]
        else:
            needed = []
        own = _mask(self.own_hand)
        in_boneyard = 0 if not obs.boneyard_size else 1 << (len(owners) - 1)
        self._needed = []
        for mask in needed:
            if mask & own or not in_boneyard:
                continue
            candidates = [i for i, t in enumerate(self.hidden) if mask >> t.index & 1 and allowed[i] & ~in_boneyard]
            if not candidates:
                return False
            if len(candidates) == 1:
                allowed[candidates[0]] &= ~in_boneyard
            else:
                self._needed.append(sum(1 << self.hidden[i].index for i in candidates))
        # Hall sets: per player, its owners from some level up (or none); the boneyard in or out.
        choices: list[list[int]] = []
        for p in sorted({owner for owner, _ in owners}):
            ids = [o for o, (owner, _) in enumerate(owners) if owner == p]
            if p == BONEYARD:
                choices.append([0, 1 << ids[0]])
            else:
                choices.append([0] + [sum(1 << o for o in ids[j:]) for j in range(len(ids))])
        hall_sets = sorted({sum(combo) for combo in itertools.product(*choices)})
        hall_cap = [sum(capacity[o] for o in range(len(owners)) if s >> o & 1) for s in hall_sets]
        hall_count = [sum(1 for a in allowed if a & ~s == 0) for s in hall_sets]
        if any(c > k for c, k in zip(hall_count, hall_cap, strict=True)):
            return False
        everyone = (1 << len(owners)) - 1
        self._owners = owners
        self._capacity = capacity
        self._allowed = allowed
        self._hall_cap = hall_cap
        self._hall_count = hall_count
        self._sets_within = [[j for j, s in enumerate(hall_sets) if a & ~s == 0] for a in allowed]
        self._sets_with_owner = [[j for j, s in enumerate(hall_sets) if s >> o & 1] for o in range(len(owners))]
        self._owner_ids = [[o for o in range(len(owners)) if a >> o & 1] for a in allowed]
        self._constrained = [i for i, a in enumerate(allowed) if a != everyone]
        self._free = [i for i, a in enumerate(allowed) if a == everyone]
        return True

    # ------------------------------------------------------------ sampling

    def sample(self, rng: random.Random) -> World:
        """A random world consistent with the observation."""
        for _ in range(10_000):
            world = self._sample_once(rng)
            if self._needed:
                sleeping = _mask(world.boneyard)
                if any(mask & ~sleeping == 0 for mask in self._needed):
                    continue
            if not self._leader_check or self._leader_holds_top(world):
                return world
        raise ValueError("no world found that keeps the hand going")  # pragma: no cover

    def _leader_holds_top(self, world: World) -> bool:
        best = max(world.hands[self.to_move], key=lambda t: t.rank)
        return all(t.rank <= best.rank for hand in world.hands for t in hand)

    def _sample_once(self, rng: random.Random) -> World:
        hidden = self.hidden
        room = self._capacity.copy()
        hall_cap = self._hall_cap.copy()
        hall_count = self._hall_count.copy()
        placed: list[list[Tile]] = [[] for _ in self._owners]
        order = self._constrained.copy()
        rng.shuffle(order)
        for i in order:
            within = self._sets_within[i]
            for j in within:
                hall_count[j] -= 1
            candidates: list[int] = []
            weights: list[int] = []
            for o in self._owner_ids[i]:
                if room[o] and all(hall_count[j] < hall_cap[j] for j in self._sets_with_owner[o]):
                    candidates.append(o)
                    weights.append(room[o])
            # Hall's condition held before this tile, so at least one owner keeps it holding.
            o = candidates[0] if len(candidates) == 1 else rng.choices(candidates, weights)[0]
            room[o] -= 1
            for j in self._sets_with_owner[o]:
                hall_cap[j] -= 1
            placed[o].append(hidden[i])
        free = [hidden[i] for i in self._free]
        rng.shuffle(free)
        start = 0
        for o, left in enumerate(room):
            placed[o].extend(free[start : start + left])
            start += left
        hands: list[list[Tile]] = [[] for _ in range(self.players)]
        hands[self.me] = list(self.own_hand)
        boneyard: list[Tile] = []
        for (owner, _), tiles in zip(self._owners, placed, strict=True):
            (boneyard if owner == BONEYARD else hands[owner]).extend(tiles)
        rng.shuffle(boneyard)
        return World(tuple(tuple(sorted(h)) for h in hands), tuple(boneyard))

    def sample_hand(self, rng: random.Random) -> Hand:
        """A random consistent world, as an engine ``Hand`` ready to play on from the current position."""
        return self.to_hand(self.sample(rng))

    def sample_deal(self, rng: random.Random) -> Hand:
        """The same, by the name every game's sampler gives it (the review reads worlds through it)."""
        return self.sample_hand(rng)

    def to_hand(self, world: World) -> Hand:
        lead = self._lead
        if self._leader_check:
            lead = max(world.hands[self.to_move], key=lambda t: t.rank)
        obs = self.observation
        return Hand.from_pieces(
            self.rules,
            world.hands,
            world.boneyard,
            self.line,
            self.to_move,
            lead=lead,
            spinner=obs.spinner,
            north=obs.north,
            south=obs.south,
            scores=obs.scores if self.rules.scores_during_play else None,
        )

    # ------------------------------------------------------------ knowledge

    def could_hold(self, player: int, tile: Tile) -> bool:
        """Whether some consistent world gives ``tile`` to ``player`` (or to the boneyard, ``BONEYARD``).

        False for a seen tile. Exact for the facts of the model: a tile no
        owner of ``player`` accepts is proved absent from that hand.
        """
        index = self._index.get(tile)
        if index is None:
            return False
        allowed = self._allowed[index]
        return any(allowed >> o & 1 for o, (owner, _) in enumerate(self._owners) if owner == player)

    def void_numbers(self, player: int) -> frozenset[int]:
        """The numbers ``player`` is proved to hold no tile of now (D5 facts; every number for an empty hand)."""
        numbers = range(self.rules.max_pips + 1)
        return frozenset(n for n in numbers if not any(t.has(n) and self.could_hold(player, t) for t in self.hidden))

    # ------------------------------------------------------------ checking

    def admits(self, hands: Sequence[Sequence[Tile]]) -> bool:
        """Whether the model allows these hidden hands (the real ones must always be allowed).

        Checks that the tiles can be assigned to this sampler's owners within
        their capacities (a small bipartite matching), for the tests.
        """
        index_of = self._index
        slots: list[int] = []
        for o, cap in enumerate(self._capacity):
            slots.extend([o] * cap)
        tiles: list[tuple[int, int]] = []  # (hidden index, player or BONEYARD)
        in_hands: set[Tile] = set()
        for p, hand in enumerate(hands):
            if p == self.me:
                continue
            if len(hand) != self.observation.tile_counts[p]:
                return False
            for tile in hand:
                if tile not in index_of or tile in in_hands:
                    return False
                in_hands.add(tile)
                tiles.append((index_of[tile], p))
        tiles.extend((index_of[t], BONEYARD) for t in self.hidden if t not in in_hands)
        if len(tiles) != len(slots):
            return False
        held = _mask(list(in_hands))
        if any(not mask & held for mask in self._needed):
            return False
        if self._leader_check:
            world = World(tuple(tuple(self.own_hand) if p == self.me else tuple(h) for p, h in enumerate(hands)), ())
            if not self._leader_holds_top(world):
                return False
        match: list[int] = [-1] * len(slots)

        def fits(tile: int, owner: int, slot: int) -> bool:
            o = slots[slot]
            return self._owners[o][0] == owner and bool(self._allowed[tile] >> o & 1)

        def augment(k: int, visited: set[int]) -> bool:
            tile, owner = tiles[k]
            for slot in range(len(slots)):
                if slot not in visited and fits(tile, owner, slot):
                    visited.add(slot)
                    if match[slot] < 0 or augment(match[slot], visited):
                        match[slot] = k
                        return True
            return False

        return all(augment(k, set()) for k in range(len(tiles)))
