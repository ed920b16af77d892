"""Mexican Train through the research interfaces: the encoding, and ``python_bonepile_mexican_train``.

The encoding: every observation of every seat within ``observation_low/high``, every legal move of the
engine one action and back (and nothing else), the blocks reading as docs/research.md says on a literal
position, and no change in any vector when the tiles a player cannot see are dealt again. OpenSpiel:
``pyspiel.random_sim_test`` on every preset, player count and option, every simulated round replayed
through a plain engine ``Round`` from the same deal, draws and moves, the drawn tile hidden from the others,
MCTS finishing a round. PettingZoo's ``api_test`` and Gymnasium's ``check_env`` run on every preset and
player count in ``test_pettingzoo_gymnasium`` (the game is in the registry's research games).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from environment_helpers import require_module

pyspiel = require_module("pyspiel", "open_spiel, in the extra 'peers'")
np = require_module("numpy", "in the extra 'rl'")
require_module("pettingzoo", "in the extra 'rl'")

import openspiel_helpers  # noqa: E402

import bonepile.envs as envs  # noqa: E402
import bonepile.openspiel  # noqa: E402
from bonepile.core.errors import RulesError  # noqa: E402
from bonepile.encoding import GAMES, game_spec  # noqa: E402
from bonepile.encoding.mexican_train import MexicanTrainEncoding  # noqa: E402
from bonepile.mexican_train import PASS, Game, Round, Rules, Tile, tiles_of_set  # noqa: E402

NAME = "mexican-train"
SPEC = game_spec(NAME)
VARIANTS = [(preset, players) for preset in SPEC.presets() for players in SPEC.player_counts(preset)]
OPTIONS: list[dict[str, Any]] = [
    {"first_turn": "run"},
    {"after_double": "cover"},
    {"double_blank": 50},
    {"hand_size": 4},
    {"set": "double-nine"},
]


def load(preset: str, players: int, **options: Any) -> Any:
    return openspiel_helpers.load(bonepile.openspiel.MEXICAN_TRAIN, preset, players, **options)


def test_the_registry_offers_it_to_every_interface() -> None:
    assert NAME in GAMES and envs.GYM_IDS[NAME] == "bonepile/MexicanTrain-v0"
    assert bonepile.openspiel.MEXICAN_TRAIN == "python_bonepile_mexican_train"
    assert bonepile.openspiel.MEXICAN_TRAIN in pyspiel.registered_names()
    assert SPEC.presets() == ("mexican-train", "mexican-train-short")
    assert SPEC.player_counts("mexican-train") == tuple(range(2, 9))
    assert SPEC.player_counts("mexican-train-short") == tuple(range(2, 7))


def test_the_action_space_is_tile_times_train_plus_draw_and_pass() -> None:
    for players, size in ((2, 91 * 3 + 2), (4, 457), (8, 821)):
        encoding = MexicanTrainEncoding(Rules.from_preset("mexican-train", players))
        assert encoding.num_actions == size
    short = MexicanTrainEncoding(Rules.from_preset("mexican-train-short", 6))
    assert short.num_actions == 55 * 7 + 2
    encoding = MexicanTrainEncoding(Rules.from_preset("mexican-train", 4))
    twelve_five = Tile(12, 5).index
    assert [encoding.action_text(twelve_five * 5 + r) for r in (0, 4)] == ["12-5 mine", "12-5 mexican"]
    assert encoding.action_text(twelve_five * 5 + 2).startswith("12-5 +2")
    assert (encoding.action_text(455), encoding.action_text(456)) == ("draw", "pass")
    with pytest.raises(ValueError, match="no action"):
        encoding.action_text(457)


def check_position(encoding: MexicanTrainEncoding, game: Game) -> None:
    """Every seat's vector within its bounds; the mover's legal moves exactly the engine's, each one action."""
    round_ = game.round
    for seat in range(game.num_players):
        observation = game.observation(seat)
        vector = encoding.encode(observation)
        assert vector.shape == (encoding.observation_size,) and vector.dtype == np.float32
        low, high = encoding.observation_low, encoding.observation_high
        outside = np.flatnonzero((vector < low) | (vector > high))
        assert outside.size == 0, [(int(i), vector[i], low[i], high[i]) for i in outside]
        assert len(observation.events) <= encoding.max_events
        legal = encoding.legal_actions(observation)
        if seat != game.to_move:
            assert legal == {}
            continue
        assert sorted(map(str, legal.values())) == sorted(map(str, round_.legal_moves()))
        assert len(legal) == len(round_.legal_moves())  # one action for each move: no two share an id
        assert legal == encoding.legal_actions_in(game)
        for action, move in legal.items():
            assert 0 <= action < encoding.num_actions
            assert encoding.move_of(action, seat) == move
            if move is not PASS and move.tile is not None:
                assert encoding.action_text(action).startswith(str(move.tile))


def play_and_check(preset: str, players: int, seed: int, **options: Any) -> int:
    rules = Rules.from_preset(preset, players, rounds=2, **options)
    encoding = MexicanTrainEncoding(rules)
    game = Game(rules, seed)
    rng = random.Random(seed)
    positions = 0
    while not game.is_over:
        check_position(encoding, game)
        positions += 1
        game.play(rng.choice(game.legal_moves()))
    check_position(encoding, game)
    return positions


@pytest.mark.parametrize(("preset", "players"), VARIANTS)
def test_observations_stay_within_bounds_and_every_legal_move_has_its_action(preset: str, players: int) -> None:
    assert play_and_check(preset, players, seed=players) > 20


@pytest.mark.parametrize("options", OPTIONS, ids=lambda options: "-".join(f"{k}={v}" for k, v in options.items()))
@pytest.mark.parametrize("players", [2, 5])
def test_bounds_and_actions_hold_under_every_option(options: dict[str, Any], players: int) -> None:
    for seed in range(2):
        play_and_check("mexican-train", players, seed, **options)


def test_the_blocks_read_as_documented_on_a_literal_position() -> None:
    """Seat 1 of 3 observes: its own train first, then seat 2's, seat 0's, the Mexican Train last."""
    rules = Rules.from_preset("mexican-train", 3)
    text = (
        "engine: 12-12; first: 0; turn: 1; hands: 3-2 / 5-4 5-1 9-9 / 7-7 0-0; boneyard: 1-1 2-2; "
        "trains: 12-3 3-3 / - / 12-7; mexican: 12-9; marked: @1; waiting: @1; started: 0; scores: 10 0 4"
    )
    game = Game.from_round(Round.from_position(rules, text))
    encoding = MexicanTrainEncoding(rules)
    observation = game.observation(1)
    vector = encoding.encode(observation)
    blocks = encoding.layout.blocks

    def block(name: str) -> Any:
        return vector[blocks[name].start : blocks[name].start + blocks[name].size]

    tiles, t = encoding.tiles, 4
    n = len(tiles)
    assert {tiles[i] for i in np.flatnonzero(block("hand"))} == set(game.round.tiles_of(1))
    on_train = block("train_tiles").reshape(t, n)
    assert [sorted(str(tiles[i]) for i in np.flatnonzero(row)) for row in on_train] == [
        [],
        ["12-7"],  # seat 2's train is the observer's next
        ["12-3", "3-3"],
        ["12-9"],
    ]
    assert block("open_end").reshape(t, 13).argmax(axis=1).tolist() == [12, 7, 3, 9]
    assert block("train_length").tolist() == [0, 1, 2, 1]
    assert block("marked").tolist() == [0, 0, 1]  # seat 0's marker: two seats to the observer's left
    waiting = block("waiting").reshape(t, t)
    assert waiting[2, 0] == 1 and waiting.sum() == 1  # the 3-3 on seat 0's train is to be covered now
    assert block("engine").argmax() == 12
    assert block("tile_counts").tolist() == [3, 2, 1]
    assert block("boneyard").tolist() == [2]
    assert block("to_move").tolist() == [1, 0, 0]
    assert block("first").tolist() == [0, 0, 1]
    assert block("scores").tolist() == [0, 4, 10]
    assert block("round").tolist() == [1]
    assert encoding.legal_actions(observation) == {encoding.draw_action: game.legal_moves()[0]}  # no 3: draw


def test_the_blocks_read_as_documented_for_the_player_to_move() -> None:
    rules = Rules.from_preset("mexican-train", 3)
    text = (
        "engine: 12-12; first: 0; turn: 1; hands: 7-7 0-0 / 3-2 5-4 5-1 / 6-1; boneyard: 1-1 2-2; "
        "trains: 12-3 3-3 / - / 12-7; mexican: 12-9; marked: @1; waiting: @1; started: 0; scores: 10 0 4"
    )
    game = Game.from_round(Round.from_position(rules, text))
    encoding = MexicanTrainEncoding(rules)
    legal = encoding.legal_actions(game.observation(1))
    assert [str(move) for move in legal.values()] == ["3-2 @1"]  # M6: the 3-3 on seat 0's train first
    assert list(legal) == [Tile(3, 2).index * 4 + 2]  # seat 0 is two seats on from seat 1: train 2


def shuffled_twin(round_: Round, observer: int, rng: random.Random) -> Round:
    """The same position with the tiles ``observer`` cannot see dealt out again (counts kept)."""
    players = round_.num_players
    fields = dict(part.split(": ", 1) for part in round_.position().split("; "))
    hidden = [t for p in range(players) if p != observer for t in round_.tiles_of(p)] + list(round_.boneyard())
    rng.shuffle(hidden)
    hands = []
    for p in range(players):
        if p == observer:
            mine = list(round_.tiles_of(p))
        else:
            count = round_.tile_count(p)
            mine, hidden = hidden[:count], hidden[count:]
        hands.append(mine)
        if "drawn" in fields and p == round_.to_move and p != observer:
            fields["drawn"] = str(rng.choice(mine))  # which tile the mover drew is hidden too (M9)
    fields["hands"] = " / ".join(" ".join(map(str, hand)) or "-" for hand in hands)
    fields["boneyard"] = " ".join(map(str, hidden)) or "-"
    return Round.from_position(round_.rules, "; ".join(f"{k}: {v}" for k, v in fields.items()))


@pytest.mark.parametrize(
    ("preset", "players", "options"),
    [
        ("mexican-train", 2, {}),
        ("mexican-train", 4, {"first_turn": "run"}),
        ("mexican-train", 8, {}),
        ("mexican-train-short", 3, {"after_double": "cover"}),
        ("mexican-train-short", 6, {}),
    ],
)
def test_observations_do_not_change_when_the_hidden_tiles_do(preset: str, players: int, options: Any) -> None:
    """As the engine's observation tests: deal what a player cannot see differently, the vector stays."""
    env = envs.aec_env(NAME, preset=preset, players=players, rounds=2, **options)
    rng = random.Random(players)
    compared = 0
    for seed in range(2):
        env.reset(seed=seed)
        while not env.game.is_over:
            round_ = env.game.round
            observer = rng.randrange(players)
            seen = env.game.observation(observer)
            twin = shuffled_twin(round_, observer, rng)
            other = dataclasses.replace(
                twin.observation(observer), events=seen.events, past_deals=seen.past_deals, deal_number=seen.deal_number
            )
            vector = env.observe(env.possible_agents[observer])["observation"]
            assert np.array_equal(env.encoding.encode(other), vector)
            compared += 1
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))
    assert compared >= 60


# ------------------------------------------------------------------ OpenSpiel


@pytest.mark.parametrize(("preset", "players"), VARIANTS)
def test_openspiel_random_simulation_passes_for_every_preset(preset: str, players: int) -> None:
    pyspiel.random_sim_test(load(preset, players), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("options", [*OPTIONS, {"round": 7}], ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_openspiel_random_simulation_passes_with_every_option(options: dict[str, Any]) -> None:
    pyspiel.random_sim_test(load("mexican-train", 3, **options), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(
    ("preset", "players"), [("mexican-train", 2), ("mexican-train", 5), ("mexican-train-short", 6)]
)
def test_every_round_ends_as_the_engine_plays_the_same_deal_draws_and_moves(preset: str, players: int) -> None:
    """Replay each simulated round through a plain ``Round``: the boneyard in the order chance drew it."""
    number = 3
    rules = Rules.from_preset(preset, players)
    game = load(preset, players, utility="points", round=number, first_turn="run")
    rules = rules.with_options(first_turn="run")
    tiles = tiles_of_set(rules.max_pips)
    engine = rules.engine_of(number)
    rng = random.Random(players)
    for _ in range(5):
        final = openspiel_helpers.play_randomly(game, rng)
        replay = game.new_initial_state()
        dealt: list[list[int]] = [[] for _ in range(players)]
        drawn: list[int] = []
        moves: list[str] = []
        for action in final.history():
            if replay.is_chance_node() and sum(map(len, dealt)) < players * rules.hand_size:
                seat = next(p for p in range(players) if len(dealt[p]) < rules.hand_size)
                dealt[seat].append(action)
            elif replay.is_chance_node():
                drawn.append(action)
            else:
                moves.append(replay.action_to_string(replay.current_player(), action))
            replay.apply_action(action)
        used = {i for hand in dealt for i in hand} | set(drawn) | {Tile(engine, engine).index}
        rest = [t for t in tiles if t.index not in used]
        round_ = Round.from_deal(
            rules,
            [[tiles[i] for i in hand] for hand in dealt],
            [tiles[i] for i in drawn] + rest,
            first=rules.first_player(number),
            engine=f"{engine}-{engine}",
        )
        for move in moves:
            round_.play(move)
        assert round_.is_over and round_.summary is not None
        assert final.returns() == [float(-points) for points in round_.summary.points]


def test_a_drawn_tile_is_seen_by_its_drawer_only() -> None:
    """Two worlds that differ only in the tile a draw brought: the others' information states are equal."""
    game = load("mexican-train-short", 3)
    rng = random.Random(4)
    state = game.new_initial_state()
    while True:
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            if len(state.history()) >= 3 * 10 and len(outcomes) >= 2:
                break  # a draw: chance chooses the tile
            state.apply_action(rng.choices(outcomes, odds)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    one, two = state.child(outcomes[0]), state.child(outcomes[1])
    mover = one.current_player()  # the drawer plays the drawn tile or passes (M5)
    assert mover == two.current_player() >= 0
    for player in range(3):
        same = player != mover
        assert (one.information_state_string(player) == two.information_state_string(player)) is same
        assert (one.information_state_tensor(player) == two.information_state_tensor(player)) is same
        assert (one.observation_tensor(player) == two.observation_tensor(player)) is same


def test_zero_sum_returns_are_minus_each_players_pips_less_the_others_average() -> None:
    points, zero_sum = load("mexican-train", 4, utility="points"), load("mexican-train", 4)
    for seed in range(4):
        gains = openspiel_helpers.play_randomly(points, random.Random(seed)).returns()
        returns = openspiel_helpers.play_randomly(zero_sum, random.Random(seed)).returns()
        assert all(g <= 0 for g in gains)
        expected = [g - (sum(gains) - g) / 3 for g in gains]
        assert returns == pytest.approx(expected) and sum(returns) == pytest.approx(0)


def test_the_deal_leaves_the_engine_out() -> None:
    """Round 2 of double-nine: 8-8 is in the hub, and chance deals from the other 54 tiles (M2)."""
    game = load("mexican-train-short", 2, round=2)
    state = game.new_initial_state()
    eight = Tile(8, 8).index
    deck = [t for t in range(55) if t != eight]
    assert game.table.deck() == deck
    # A hand of 10 dealt smallest tile first: its first tile is one of the 45 lowest of the deck.
    assert [tile for tile, _ in state.chance_outcomes()] == deck[:45]
    while state.is_chance_node():
        state.apply_action(max(tile for tile, _ in state.chance_outcomes()))
    assert eight not in state.core.dealt[0] + state.core.dealt[1] + state.core.rest
    assert str(state.core.engine.engine) == "8-8" and state.current_player() == 1  # M3: round 2, seat 1 first


def test_openspiel_mcts_bot_finishes_a_round() -> None:
    from open_spiel.python.algorithms import mcts

    game = load("mexican-train-short", 2, hand_size=5)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bots = [mcts.MCTSBot(game, 2.0, 6, evaluator, random_state=np.random.RandomState(p)) for p in range(2)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 4)
    assert len(returns) == 2 and sum(returns) == pytest.approx(0)


def test_rule_options_pass_through_and_bad_ones_are_refused() -> None:
    game = load("mexican-train", 5, first_turn="run", double_blank=50, hand_size=9, round=4)
    table = game.table
    rules = table.rules
    assert (rules.first_turn, rules.double_blank, rules.hand_size, table.number, game.num_players()) == (
        "run",
        50,
        9,
        4,
        5,
    )
    assert game.num_distinct_actions() == 91 * 6 + 2
    assert game.min_utility() == -(game.max_utility())
    with pytest.raises(RulesError, match="round"):
        load("mexican-train", 2, round=14)
    with pytest.raises(RulesError):
        load("mexican-train-short", 7)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        load("mexican-train", 2, colour="red")


@pytest.mark.parametrize(
    ("players", "options"), [(2, {}), (4, {"first_turn": "run"}), (3, {"hand_size": 3}), (6, {"after_double": "cover"})]
)
def test_resampled_states_keep_the_players_information_state(players: int, options: dict[str, Any]) -> None:
    """As OpenSpiel's ``ResampleInfostateTest``: a world dealt again looks the same to the player."""
    game = load("mexican-train-short", players, **options)
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    rng = random.Random(players)
    checked = 0
    for _ in range(2 if players < 4 else 1):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, odds = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, odds)[0])
                continue
            for player in range(players):
                twin = state.resample_from_infostate(player, sampler)
                assert twin.information_state_string(player) == state.information_state_string(player)
                assert twin.information_state_tensor(player) == state.information_state_tensor(player)
                assert twin.observation_tensor(player) == state.observation_tensor(player)
                assert twin.current_player() == state.current_player()
                assert sorted(twin.legal_actions()) == sorted(state.legal_actions()) or player != state.current_player()
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 20 * players


def test_openspiel_ismcts_bot_finishes_a_round() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = load("mexican-train-short", 3, hand_size=4)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bots = [ismcts.ISMCTSBot(game, evaluator, 2.0, 6, random_state=np.random.RandomState(p)) for p in range(3)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 5)
    assert len(returns) == 3 and sum(returns) == pytest.approx(0)
