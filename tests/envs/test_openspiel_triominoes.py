"""``python_bonepile_triominoes``: OpenSpiel's own checks and bots, and every round against our engine."""

from __future__ import annotations

import random
from typing import Any

import pytest
from environment_helpers import require_module

pyspiel = require_module("pyspiel", "open_spiel, in the extra 'peers'")
np = require_module("numpy", "in the extra 'rl'")

import openspiel_helpers  # noqa: E402

import bonepile.openspiel  # noqa: E402
from bonepile.encoding import game_spec  # noqa: E402
from bonepile.triominoes import TILES, Round, Rules  # noqa: E402

SPEC = game_spec("triominoes")
VARIANTS = [(preset, players) for preset in SPEC.presets() for players in SPEC.player_counts(preset)]


def load(preset: str, players: int, **options: Any) -> Any:
    return openspiel_helpers.load(bonepile.openspiel.TRIOMINOES, preset, players, **options)


@pytest.mark.parametrize(("preset", "players"), VARIANTS)
def test_openspiel_random_simulation_passes_for_every_preset(preset: str, players: int) -> None:
    pyspiel.random_sim_test(load(preset, players), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("preset", SPEC.presets())
@pytest.mark.parametrize("players", [2, 4])
def test_every_round_ends_as_the_engine_plays_the_same_deal_draws_and_moves(preset: str, players: int) -> None:
    """Replay each simulated round through a plain ``Round``: the pool in the order chance drew it."""
    rules = Rules.from_preset(preset, players)
    game = load(preset, players, utility="points")
    rng = random.Random(5)
    for _ in range(6):
        final = openspiel_helpers.play_randomly(game, rng)
        replay = game.new_initial_state()
        dealt: list[list[int]] = [[] for _ in range(players)]
        drawn: list[int] = []
        moves: list[str] = []
        starter: int | None = None
        for action in final.history():
            if replay.is_chance_node():
                text = replay.action_to_string(pyspiel.PlayerId.CHANCE, action)
                if text.startswith("deal"):
                    seat = next(p for p in range(players) if len(dealt[p]) < rules.hand_size)
                    dealt[seat].append(action)
                elif text.endswith("starts"):
                    starter = action
                else:
                    drawn.append(action)
            else:
                moves.append(replay.action_to_string(replay.current_player(), action))
            replay.apply_action(action)
        used = {i for hand in dealt for i in hand} | set(drawn)
        pool = [TILES[i] for i in drawn] + [t for t in TILES if t.index not in used]
        round_ = Round(rules, [[TILES[i] for i in hand] for hand in dealt], pool, starter=starter)
        for move in moves:
            round_.play(move)
        assert round_.is_over
        assert final.returns() == [float(points) for points in round_.scores]


def test_classic_setup_draws_are_chance_nodes_until_a_triple_shows() -> None:
    game = load("classic", 2)
    state = game.new_initial_state()
    triples = {t.index for t in TILES if t.is_triple}
    while state.is_chance_node():  # deal no triple to anyone
        choices = [a for a, _ in state.chance_outcomes() if a not in triples]
        state.apply_action(choices[0])
        if len(state.history()) == 18:
            break
    assert state.is_chance_node()
    pool = [a for a, _ in state.chance_outcomes()]
    assert set(pool) >= triples and len(pool) == 56 - 18
    not_triple = next(a for a in pool if a not in triples)
    state.apply_action(not_triple)  # seat 0 draws a plain tile
    state.apply_action(max(triples))  # seat 1 draws 5-5-5 and opens with it
    assert state.current_player() == 1
    assert state.legal_actions() == [(0 * 56 + max(triples)) * 3]
    assert "0: setup draw" in state.information_state_string(1)
    assert str(TILES[not_triple]) in state.information_state_string(0)
    assert str(TILES[not_triple]) not in state.information_state_string(1)


def test_goliath_starter_is_one_chance_node_with_each_player_alike() -> None:
    state = load("goliath", 3).new_initial_state()
    while len(state.history()) < 21:
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.chance_outcomes() == [(0, pytest.approx(1 / 3)), (1, pytest.approx(1 / 3)), (2, pytest.approx(1 / 3))]
    state.apply_action(2)
    assert state.current_player() == 2


@pytest.mark.parametrize("preset", ["pressman", "goliath"])
def test_openspiel_mcts_and_ismcts_bots_finish_games(preset: str) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = load(preset, 2)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bots = [
        ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=np.random.RandomState(2)),
        mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=np.random.RandomState(3)),
    ]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 4)
    assert len(returns) == 2 and sum(returns) == pytest.approx(0)


@pytest.mark.parametrize(("preset", "players"), [("pressman", 2), ("goliath", 3), ("classic", 2)])
def test_resampled_states_keep_the_players_information_state(preset: str, players: int) -> None:
    game = load(preset, players)
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    rng = random.Random(9)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, odds)[0])
            continue
        if checked < 40 or rng.random() < 0.1:
            for player in range(players):
                twin = state.resample_from_infostate(player, sampler)
                assert twin.information_state_string(player) == state.information_state_string(player)
                assert twin.information_state_tensor(player) == state.information_state_tensor(player)
                assert twin.current_player() == state.current_player()
                checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > players


def test_rule_options_pass_through_and_bad_ones_are_refused() -> None:
    from bonepile.core.errors import RulesError

    game = load("pressman", 3, max_draws=0, voluntary_draw=1, draw_penalty=2)
    rules = game.table.rules
    assert (rules.max_draws, rules.voluntary_draw, rules.draw_penalty, game.num_players()) == (None, True, 2, 3)
    assert game.num_distinct_actions() == 57 * 56 * 3 + 2
    with pytest.raises(RulesError, match="voluntary_draw"):
        load("goliath", 2, voluntary_draw=3)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        load("pressman", 2, colour="red")
