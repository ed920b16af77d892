"""``python_bonepile_dominoes``: OpenSpiel's own checks, its bots, and the game against our engine.

OpenSpiel's random simulation test (``pyspiel.random_sim_test``) checks the
API's consistency (chance outcomes summing to 1, legal actions sorted and in
range, tensors of the declared sizes, returns within the declared bounds,
clones, histories, serialization) for every preset and player count; its MCTS and ISMCTS
bots finish games through ``pyspiel.evaluate_bots``. Independently of
OpenSpiel, every simulated hand is replayed through a plain engine ``Hand``
from the same deal, draw order and moves, and must end with the same points.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from environment_helpers import require_module

pyspiel = require_module("pyspiel", "open_spiel, in the extra 'peers'")
np = require_module("numpy", "in the extra 'rl'")

import openspiel_helpers  # noqa: E402

import bonepile.openspiel  # noqa: E402
from bonepile.core.errors import RulesError  # noqa: E402
from bonepile.dominoes import Hand, Rules, tiles_of_set  # noqa: E402
from bonepile.encoding import game_spec  # noqa: E402

SPEC = game_spec("dominoes")
VARIANTS = [(preset, players) for preset in SPEC.presets() for players in SPEC.player_counts(preset)]


def load(preset: str, players: int, **options: Any) -> Any:
    return openspiel_helpers.load(bonepile.openspiel.DOMINOES, preset, players, **options)


@pytest.mark.parametrize(("preset", "players"), VARIANTS)
def test_openspiel_random_simulation_passes_for_every_preset(preset: str, players: int) -> None:
    pyspiel.random_sim_test(load(preset, players), num_sims=4, serialize=True, verbose=False)


@pytest.mark.parametrize(("preset", "players"), VARIANTS)
def test_every_hand_ends_as_the_engine_plays_the_same_deal_draws_and_moves(preset: str, players: int) -> None:
    rules = Rules.from_preset(preset, players)
    game = load(preset, players, utility="points")
    tiles = tiles_of_set(rules.max_pips)
    rng = random.Random(7)
    for _ in range(15):
        final = openspiel_helpers.play_randomly(game, rng)
        history = list(final.history())
        replay = game.new_initial_state()
        dealt: list[list[int]] = [[] for _ in range(players)]
        drawn: list[int] = []
        moves: list[str] = []
        for action in history:
            if replay.is_chance_node() and len(drawn) + sum(map(len, dealt)) < players * rules.hand_size:
                seat = next(p for p in range(players) if len(dealt[p]) < rules.hand_size)
                dealt[seat].append(action)
            elif replay.is_chance_node():
                drawn.append(action)
            else:
                moves.append(replay.action_to_string(replay.current_player(), action))
            replay.apply_action(action)
        rest = [t for t in tiles if t.index not in {i for h in dealt for i in h} | set(drawn)]
        hand = Hand(rules, [[tiles[i] for i in h] for h in dealt], [tiles[i] for i in drawn] + rest)
        for move in moves:
            hand.play(move)
        assert hand.outcome is not None
        assert final.returns() == [float(hand.outcome.points[rules.side_of(p)]) for p in range(players)]


def test_zero_sum_returns_are_each_sides_gain_less_the_others_average() -> None:
    rng = random.Random(3)
    for preset, players in (("draw", 3), ("partnership", 4)):
        points, zero_sum = load(preset, players, utility="points"), load(preset, players)
        for _ in range(5):
            seed = rng.random()
            gains = openspiel_helpers.play_randomly(points, random.Random(seed)).returns()
            returns = openspiel_helpers.play_randomly(zero_sum, random.Random(seed)).returns()
            rules = Rules.from_preset(preset, players)
            side = {rules.side_of(p): gains[p] for p in range(players)}
            expected = [
                side[rules.side_of(p)] - (sum(side.values()) - side[rules.side_of(p)]) / (len(side) - 1)
                for p in range(players)
            ]
            assert returns == pytest.approx(expected) and sum(returns) == pytest.approx(0)


def test_the_deal_gives_every_hand_the_same_chance() -> None:
    """Hands are dealt smallest tile first; the odds along each path multiply to 1 / C(28, size)."""
    state = load("block", 2, hand_size=2).new_initial_state()
    seen: dict[tuple[int, ...], float] = {}
    for first, p_first in state.chance_outcomes():
        after = state.child(first)
        for second, p_second in after.chance_outcomes():
            seen[(first, second)] = p_first * p_second
    assert len(seen) == math.comb(28, 2)
    assert all(p == pytest.approx(1 / math.comb(28, 2)) for p in seen.values())


def test_rule_options_pass_through_and_bad_ones_are_refused() -> None:
    game = load("draw", 2, hand_size=3, boneyard_reserve=2, leader="first_seat")
    state = game.new_initial_state()
    for _ in range(6):
        state.apply_action(state.chance_outcomes()[0][0])
    assert not state.is_chance_node() and state.current_player() == 0
    assert len(state.legal_actions()) == 3  # first_seat: player 0 opens with any of its three tiles
    assert game.num_distinct_actions() == 2 * 28 + 2
    with pytest.raises(RulesError, match="hand"):
        load("block", 2, hand_size=20)
    with pytest.raises(ValueError, match="utility"):
        load("block", 2, utility="money")


def test_all_fives_is_refused_with_a_message_until_the_encoding_has_four_arms() -> None:
    assert "all-fives" not in SPEC.presets() and "all-fives" in Rules.preset_names()
    with pytest.raises(RulesError, match="spinner's four arms and the all-fives count are not encoded yet"):
        load("all-fives", 2)
    with pytest.raises(RulesError, match="not encoded yet"):
        load("draw", 2, hand_score="all_fives")


@pytest.mark.parametrize("preset", ["block", "draw"])
def test_openspiel_mcts_and_ismcts_bots_finish_games(preset: str) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = load(preset, 2)
    for seed in range(2):
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
        bots = [
            ismcts.ISMCTSBot(game, evaluator, 2.0, 30, random_state=np.random.RandomState(seed)),
            mcts.MCTSBot(game, 2.0, 30, evaluator, random_state=np.random.RandomState(seed)),
        ]
        returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
        assert len(returns) == 2 and sum(returns) == pytest.approx(0)


@pytest.mark.parametrize(("preset", "players"), [("draw", 2), ("draw", 3), ("draw-reserve", 2), ("partnership", 4)])
def test_resampled_states_keep_the_players_information_state(preset: str, players: int) -> None:
    """As OpenSpiel's ResampleInfostateTest: same information state string and tensor, same player to move."""
    game = load(preset, players)
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    rng = random.Random(11)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, odds)[0])
            continue
        for player in range(players):
            twin = state.resample_from_infostate(player, sampler)
            assert twin.information_state_string(player) == state.information_state_string(player)
            assert twin.information_state_tensor(player) == state.information_state_tensor(player)
            assert twin.current_player() == state.current_player()
            checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > players


def test_information_state_names_only_the_players_own_draws() -> None:
    game = load("draw", 2, hand_size=3)
    rng = random.Random(5)
    for _ in range(30):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, odds = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, odds)[0])
                continue
            player = state.current_player()
            if len(state.legal_actions()) == 1 and state.action_to_string(player, state.legal_actions()[0]) == "draw":
                state.apply_action(state.legal_actions()[0])
                tile = state.chance_outcomes()[0][0]
                state.apply_action(tile)
                name = str(tiles_of_set(6)[tile])
                assert f"{player}: draw {name}" in state.information_state_string(player)
                assert f"{player}: draw {name}" not in state.information_state_string(1 - player)
                return
            state.apply_action(rng.choice(state.legal_actions()))
    pytest.fail("no draw happened in 30 hands")


def test_cfr_brings_a_tiny_block_game_near_equilibrium() -> None:
    """A double-two set, two tiles each: OpenSpiel's CFR and exploitability run on it and the policy improves."""
    from open_spiel.python import policy
    from open_spiel.python.algorithms import cfr, exploitability

    game = load("block", 2, set="double-two", hand_size=2)
    uniform = exploitability.exploitability(game, policy.UniformRandomPolicy(game))
    solver = cfr.CFRSolver(game)
    for _ in range(5):
        solver.evaluate_and_update_policy()
    assert exploitability.exploitability(game, solver.average_policy()) < uniform / 2
