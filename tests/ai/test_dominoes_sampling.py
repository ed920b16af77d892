"""The world sampler: every imagined world agrees with everything the player saw, and no consistent world is ruled out.

The sampler's model (levels, leftover slots, owners) is checked against an
oracle written straight from the rules: a world is consistent when the tiles
partition the set with the right counts and, for every other player, each
tile they ever held can be given a source (the deal or one of their draws)
such that no D3/D5 fact ("held none of these just before event i") is broken.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from bonepile.ai.dominoes_sampling import BONEYARD, World, WorldSampler, d3_applies
from bonepile.dominoes import End, Game, Hand, Move, MoveKind, Observation, Rules, Tile, tiles_of_set

PRESETS = [("draw", 2), ("draw", 3), ("draw", 4), ("draw-reserve", 2), ("block", 2), ("block", 3), ("partnership", 4)]


def inconsistency(observation: Observation, world: World) -> str | None:
    """Why ``world`` cannot be the real one behind ``observation`` (None when it can)."""
    rules = observation.rules
    line = [Tile(a, b) for a, b in observation.line]
    everything = list(world.boneyard) + line + [t for hand in world.hands for t in hand]
    if sorted(everything) != sorted(tiles_of_set(rules.max_pips)):
        return "the tiles do not partition the set"
    if sorted(world.hands[observation.player]) != sorted(observation.hand):
        return "the player's own hand differs"
    if [len(h) for h in world.hands] != list(observation.tile_counts):
        return "the hands' counts differ"
    if len(world.boneyard) != observation.boneyard_size:
        return "the boneyard's count differs"
    d3 = d3_applies(observation)
    facts: list[list[tuple[int, set[Tile]]]] = [[] for _ in range(rules.players)]
    plays: list[list[tuple[Tile, int]]] = [[] for _ in range(rules.players)]
    draws: list[list[int]] = [[] for _ in range(rules.players)]
    left = right = -1
    stock = rules.num_tiles - rules.players * rules.hand_size
    going_on: list[tuple[int, set[Tile]]] = []
    for i, event in enumerate(observation.events):
        move, tile = event.move, event.move.tile
        if tile is not None:
            plays[event.player].append((tile, i))
            if move.end is None:
                left, right = tile.high, tile.low
                if d3:  # D3: nobody was dealt a tile that outranks the opening one
                    above = {t for t in tiles_of_set(rules.max_pips) if t.rank > tile.rank}
                    for player in range(rules.players):
                        facts[player].append((i, above))
            elif move.end is End.LEFT:
                left = tile.pips - left
            else:
                right = tile.pips - right
        else:  # D5: a draw or a pass proves the player held nothing for the open ends
            facts[event.player].append((i, {t for t in tiles_of_set(rules.max_pips) if t.has(left) or t.has(right)}))
            if move.kind is MoveKind.DRAW:
                draws[event.player].append(i)
                stock -= 1
        if left >= 0 and not (rules.drawing and stock > rules.boneyard_reserve):
            going_on.append((i, {t for t in tiles_of_set(rules.max_pips) if t.has(left) or t.has(right)}))
    # D6: the hand went on after each of these events, so somebody held a tile for the ends then
    # (nobody could draw, so they held it since or played it since).
    now_held = {t for hand in world.hands for t in hand}
    for i, fitting in going_on:
        later = {tile for tiles in plays for tile, when in tiles if when > i}
        if not fitting & (now_held | later):
            return f"the hand would have been blocked after event {i}"
    if not observation.line and d3 and observation.to_move is not None:
        top = max((t for hand in world.hands for t in hand), key=lambda t: t.rank)
        if top not in world.hands[observation.to_move]:
            return "D3: the player to lead does not hold the top tile"
    for player in range(rules.players):
        if player == observation.player:
            continue
        never = 10**9
        held = [(t, never) for t in world.hands[player]] + plays[player]
        sources = [-1] * rules.hand_size + draws[player]
        if len(held) != len(sources):
            return f"player {player} holds a wrong number of tiles"

        banned_before = facts[player]

        def fits(
            tile: Tile, until: int, source: int, banned_before: list[tuple[int, set[Tile]]] = banned_before
        ) -> bool:
            return source < until and not any(tile in banned and source < i < until for i, banned in banned_before)

        if not perfect_matching(held, sources, fits):
            return f"no history explains player {player}'s tiles"
    return None


def perfect_matching(held: list[tuple[Tile, int]], sources: list[int], fits: Callable[[Tile, int, int], bool]) -> bool:
    """Whether every held tile (with the event it was played at) gets its own source (augmenting paths)."""
    owner = [-1] * len(sources)

    def place(k: int, tried: set[int]) -> bool:
        tile, until = held[k]
        for j, source in enumerate(sources):
            if j not in tried and fits(tile, until, source):
                tried.add(j)
                if owner[j] < 0 or place(owner[j], tried):
                    owner[j] = k
                    return True
        return False

    return all(place(k, set()) for k in range(len(held)))


def real_world(hand: Hand) -> World:
    return World(tuple(hand.tiles_of(p) for p in range(hand.num_players)), hand.boneyard())


def positions(preset: str, players: int, games: int, hands: int = 2) -> Iterator[tuple[Hand, Observation]]:
    """Every live position of the first ``hands`` hands of random games, seen by every player."""
    for seed in range(games):
        game = Game.new(preset, players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over and len(game.hand_summaries) < hands:
            for player in range(players):
                observation = game.observation(player)
                if observation.to_move is not None:
                    yield game.hand, observation
            game.play(rng.choice(game.legal_moves()))


@pytest.mark.parametrize(("preset", "players"), PRESETS)
def test_every_sampled_world_is_consistent_and_the_real_one_is_possible(preset: str, players: int) -> None:
    rng = random.Random(1)
    checked = 0
    for hand, observation in positions(preset, players, games=4):
        assert inconsistency(observation, real_world(hand)) is None  # the oracle itself accepts the truth
        sampler = WorldSampler(observation)
        assert sampler.mode == "exact"
        assert sampler.admits(real_world(hand).hands)
        world = sampler.sample(rng)
        assert inconsistency(observation, world) is None, (hand.position(), observation.events, world)
        engine_hand = sampler.to_hand(world)
        assert engine_hand.legal_moves() == hand.legal_moves() or observation.to_move != observation.player
        checked += 1
    assert checked > 100


EXACTNESS_PRESETS = [("draw", 2), ("draw", 3), ("draw-reserve", 2), ("block", 2), ("block", 3)]


@pytest.mark.parametrize(("preset", "players"), EXACTNESS_PRESETS)
def test_the_sampler_admits_exactly_the_consistent_worlds(preset: str, players: int) -> None:
    """Random deals of the hidden tiles: the model admits one exactly when the oracle finds a history for it."""
    rng = random.Random(2)
    agree = consistent = 0
    for hand, observation in positions(preset, players, games=6, hands=1):
        if observation.player != hand.to_move or len(observation.events) < 6:
            continue
        sampler = WorldSampler(observation)
        for _ in range(4):
            hidden = list(sampler.hidden)
            rng.shuffle(hidden)
            hands: list[tuple[Tile, ...]] = []
            start = 0
            for player, count in enumerate(observation.tile_counts):
                if player == observation.player:
                    hands.append(tuple(observation.hand))
                else:
                    hands.append(tuple(hidden[start : start + count]))
                    start += count
            world = World(tuple(hands), tuple(hidden[start:]))
            ok = inconsistency(observation, world) is None
            assert sampler.admits(world.hands) == ok, (hand.position(), observation.events, world)
            agree += 1
            consistent += ok
    assert agree > 50
    assert 0 < consistent < agree  # both kinds were met


def test_a_pass_proves_the_passer_holds_neither_open_number() -> None:
    # Block, two players. Player 0 opens 6-6 (D3) and player 1 holds no 6: a pass, forever (no drawing).
    rules = Rules.from_preset("block")
    hands = [
        [Tile(6, 6), Tile(6, 5), Tile(6, 4), Tile(1, 1), Tile(2, 2), Tile(3, 3), Tile(4, 4)],
        [Tile(5, 0), Tile(5, 1), Tile(5, 2), Tile(5, 3), Tile(4, 0), Tile(4, 1), Tile(4, 2)],
    ]
    boneyard = [t for t in tiles_of_set(6) if not any(t in h for h in hands)]
    hand = Hand(rules, hands, boneyard)
    hand.play(Move.parse("6-6"))
    hand.play(Move.parse("pass"))
    observation = hand.observation(0)
    sampler = WorldSampler(observation)
    assert sampler.void_numbers(1) == frozenset({6})
    rng = random.Random(3)
    for _ in range(200):
        world = sampler.sample(rng)
        assert not any(t.has(6) for t in world.hands[1])
        assert inconsistency(observation, world) is None


def test_the_opening_double_proves_nobody_was_dealt_a_higher_one() -> None:
    # D3: player 1 opened with 5-5, so 6-6 sleeps in the boneyard (block: nobody ever draws it).
    rules = Rules.from_preset("block")
    hands = [
        [Tile(6, 5), Tile(6, 4), Tile(6, 3), Tile(1, 0), Tile(2, 0), Tile(3, 0), Tile(4, 3)],
        [Tile(5, 5), Tile(5, 1), Tile(5, 2), Tile(5, 3), Tile(4, 0), Tile(4, 1), Tile(4, 2)],
    ]
    boneyard = [t for t in tiles_of_set(6) if not any(t in h for h in hands)]
    hand = Hand(rules, hands, boneyard)
    assert hand.to_move == 1
    hand.play(Move.parse("5-5"))
    sampler = WorldSampler(hand.observation(0))
    assert not sampler.could_hold(1, Tile(6, 6))
    assert sampler.could_hold(BONEYARD, Tile(6, 6))
    assert sampler.could_hold(1, Tile(6, 2))  # no double, so it may be anywhere


def test_a_number_proved_absent_can_come_back_with_a_later_draw() -> None:
    """Draw game: a player who drew on 6 lacked every 6 then, but a tile kept from a later draw may be a 6."""
    rules = Rules.from_preset("draw")
    hands = [
        [Tile(6, 6), Tile(6, 5), Tile(1, 1), Tile(3, 1), Tile(4, 4), Tile(3, 3), Tile(5, 5)],
        [Tile(0, 0), Tile(2, 0), Tile(3, 0), Tile(4, 0), Tile(2, 2), Tile(3, 2), Tile(4, 2)],
    ]
    first = [Tile(4, 3), Tile(6, 1), Tile(6, 2), Tile(5, 3)]
    rest = [t for t in tiles_of_set(6) if not any(t in h for h in hands) and t not in first]
    hand = Hand(rules, hands, first + rest)
    # Player 1 lacks 6: draws 4-3, then 6-1 and plays it. Later lacks 5 and 1: draws 6-2, then 5-3 and plays it.
    for text in ("6-6", "draw", "draw", "6-1 right", "6-5 left", "draw", "draw", "5-3 left"):
        hand.play(Move.parse(text))
    observation = hand.observation(0)
    sampler = WorldSampler(observation)
    assert sampler.void_numbers(1) == frozenset({5, 1})
    rng = random.Random(4)
    sixes = set()
    for _ in range(300):
        world = sampler.sample(rng)
        assert inconsistency(observation, world) is None
        sixes.add(sum(1 for t in world.hands[1] if t.has(6)))
    # Only one tile was drawn and kept after the 6s were proved absent, so at most one 6 now; and as
    # only 8 unseen tiles have none of 1, 5, 6 for player 1's 9, exactly one: the 6 came back.
    assert sixes == {1}
