"""The play model: which plays of the others count as choices, what a choice weighs, how it shifts the worlds."""

from __future__ import annotations

import math
import random
from typing import ClassVar

import pytest

from bonepile.ai.dominoes_play_model import (
    DOUBLE_WEIGHT,
    PIP_WEIGHT,
    PlayLikelihood,
    WeightedWorlds,
)
from bonepile.ai.dominoes_sampling import World, WorldSampler, d3_applies
from bonepile.ai.ismcts import ISMCTSAgent
from bonepile.dominoes import Hand, Move, MoveKind, Observation, Rules, Tile, tiles_of_set

OPENER = [Tile.parse(t) for t in ("1-0", "6-6", "5-5", "6-5", "4-4", "6-4", "5-4")]
OBSERVER = [Tile.parse(t) for t in ("2-0", "3-1", "2-2", "3-2", "0-0", "3-3", "4-1")]


def after_a_light_opening() -> Observation:
    """Block game, player 0 free to open with anything, opens with its lightest tile, 1-0; seen by player 1."""
    rules = Rules.from_preset("block", 2, leader="first_seat")
    rest = [t for t in tiles_of_set(6) if t not in OPENER and t not in OBSERVER]
    hand = Hand.from_pieces(rules, [OPENER, OBSERVER], rest, (), 0)
    hand.play(Move.parse("1-0"))
    return hand.observation(1)


def appeal(tile: Tile) -> float:
    return math.exp(PIP_WEIGHT * tile.pips + DOUBLE_WEIGHT * tile.is_double)


def test_a_choice_weighs_the_chosen_tile_against_everything_the_player_could_play() -> None:
    observation = after_a_light_opening()
    likelihood = PlayLikelihood(observation)
    assert len(likelihood.choices) == 1
    rest = tuple(t for t in tiles_of_set(6) if t not in OPENER and t not in OBSERVER)
    real = World((tuple(OPENER[1:]), tuple(OBSERVER)), rest)
    light_hand = tuple(sorted(rest[:6]))
    light = World((light_hand, tuple(OBSERVER)), tuple(t for t in tiles_of_set(6) if t in OPENER[1:] or t in rest[6:]))
    for world in (real, light):
        held = [Tile.parse("1-0"), *world.hands[0]]
        assert likelihood.weight(world) == pytest.approx(appeal(Tile.parse("1-0")) / sum(appeal(t) for t in held))
    # Opening with 1-0 is odd when holding 6-6 and 5-5: the real world is the less likely one.
    assert likelihood.weight(real) < likelihood.weight(light) / 10


def test_weighted_worlds_believe_the_light_opener_lacks_the_heavy_doubles() -> None:
    observation = after_a_light_opening()
    sampler = WorldSampler(observation)
    rng = random.Random(7)
    uniform = sum(Tile.parse("6-6") in sampler.sample(rng).hands[0] for _ in range(3000)) / 3000
    worlds = WeightedWorlds(sampler, PlayLikelihood(observation), random.Random(7), pool_size=3000)
    weighted = sum(Tile.parse("6-6") in worlds.draw(rng).hands[0] for _ in range(3000)) / 3000
    assert 0.25 < uniform < 0.35  # 6 of the 20 hidden tiles are the opener's
    assert weighted < 0.6 * uniform


def test_with_no_choice_seen_the_worlds_are_the_samplers_own() -> None:
    rules = Rules.from_preset("block", 2, leader="first_seat")
    hand = Hand.deal(rules, random.Random(3))
    observation = hand.observation(0)
    worlds = WeightedWorlds(WorldSampler(observation), PlayLikelihood(observation), random.Random(1))
    assert worlds.pool == []
    assert worlds.draw(random.Random(5)) == WorldSampler(observation).sample(random.Random(5))


@pytest.mark.parametrize(("preset", "players"), [("draw", 2), ("draw", 3), ("block", 2), ("partnership", 4)])
def test_the_choices_are_the_others_plays_since_their_last_draw_and_never_rule_out_the_real_world(
    preset: str, players: int
) -> None:
    rng = random.Random(11)
    checked = 0
    for _ in range(40):
        hand = Hand.deal(Rules.from_preset(preset, players), rng)
        while not hand.is_over:
            observer = rng.randrange(players)
            if hand.to_move is not None and hand.events:
                observation = hand.observation(observer)
                likelihood = PlayLikelihood(observation)
                events = list(enumerate(observation.events))
                expected = []
                for index, event in events:
                    tile = event.move.tile
                    if tile is None or event.player == observer:
                        continue
                    if event.move.end is None and d3_applies(observation):
                        continue  # the forced opening (D3) is no choice
                    if any(e.player == event.player and e.move.kind is MoveKind.DRAW for _, e in events[index:]):
                        continue  # drawn since: the world does not say what the hand held then
                    expected.append((event.player, tile.index))
                assert [(c.player, c.tile) for c in likelihood.choices] == expected
                real = World(tuple(hand.tiles_of(p) for p in range(players)), hand.boneyard)
                assert likelihood.weight(real) > 0.0
                checked += 1
            legal = hand.legal_moves()
            hand.play(legal[rng.randrange(len(legal))])
    assert checked > 300


def test_a_pool_needs_a_world() -> None:
    observation = after_a_light_opening()
    with pytest.raises(ValueError, match="at least one world"):
        WeightedWorlds(WorldSampler(observation), PlayLikelihood(observation), random.Random(1), pool_size=0)


class CountingModel:
    """A model of the other players that only believes worlds where the opener kept the 6-6, and counts its calls."""

    built: ClassVar[list[Observation]] = []
    weighed: ClassVar[int] = 0

    def __init__(self, observation: Observation) -> None:
        CountingModel.built.append(observation)
        self.choices = PlayLikelihood(observation).choices

    def weight(self, world: World) -> float:
        CountingModel.weighed += 1
        return 1.0 if Tile.parse("6-6") in world.hands[0] else 0.0


def test_the_search_weighs_its_worlds_with_the_model_it_is_given() -> None:
    observation = after_a_light_opening()
    CountingModel.built, CountingModel.weighed = [], 0
    agent = ISMCTSAgent("dominoes", 3, iterations=200, play_model=CountingModel, pool_size=40)
    assert agent.choose(observation) in observation.legal_moves
    assert CountingModel.built == [observation]
    assert CountingModel.weighed == 40
    with pytest.raises(ValueError, match="at least one world"):
        ISMCTSAgent("dominoes", 3, pool_size=0)
