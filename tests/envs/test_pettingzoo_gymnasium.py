"""The PettingZoo and Gymnasium environments: their ecosystems' own checkers over every preset, and ours.

PettingZoo's ``api_test``, ``seed_test`` and ``max_cycles_test`` and
Gymnasium's ``check_env`` run on every preset and player count the engines
allow (read from the engines); ``max_cycles_test`` only where each step ends
a turn (``SEVERAL_STEPS_A_TURN``: checked here instead). ``api_test`` advises, for every environment
whose observation is a dict with an action mask (PettingZoo's own chess and
poker included, by name), that a Box is the usual space: those two notes are
the only warnings allowed; any other fails the test. ``check_env`` is allowed none.
"""

from __future__ import annotations

import dataclasses
import random
import types
import warnings

import pytest
from environment_helpers import require_module

pettingzoo = require_module("pettingzoo", "in the extra 'rl'")
gymnasium = require_module("gymnasium", "in the extra 'rl'")
np = require_module("numpy", "in the extra 'rl'")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, max_cycles_test, seed_test  # noqa: E402

import bonepile.envs as envs  # noqa: E402
from bonepile.ai.base import agent_names  # noqa: E402
from bonepile.core.errors import IllegalMoveError, RulesError  # noqa: E402
from bonepile.dominoes import Hand  # noqa: E402
from bonepile.encoding import GAMES, game_spec  # noqa: E402
from bonepile.encoding.triominoes import SLOTS, frontier  # noqa: E402
from bonepile.triominoes import Round  # noqa: E402

VARIANTS = [
    (game, preset, players)
    for game in GAMES
    for preset in game_spec(game).presets()
    for players in game_spec(game).player_counts(preset)
]
SEVERAL_STEPS_A_TURN = {"mexican-train"}
"""Games where one agent may take several steps in a row (a Mexican Train double, a drawn tile that fits):
``max_cycles_test`` counts each agent's steps as its cycles, which holds only where each step ends a turn."""
SHORT_MATCH = {"mexican-train": {"rounds": 2}}
"""Rule options for a short match, by game (a target of 60 where the game has none)."""
DICT_OBSERVATION_NOTES = {
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
    "Observation is not a NumPy array",
}


@pytest.mark.parametrize(("game", "preset", "players"), VARIANTS)
def test_pettingzoo_api_seed_and_max_cycles_tests_pass(game: str, preset: str, players: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(envs.aec_env(game, preset=preset, players=players, render_mode="ansi"), num_cycles=60)
    assert {str(w.message) for w in caught} <= DICT_OBSERVATION_NOTES
    seed_test(lambda **kw: envs.aec_env(game, preset=preset, players=players, **kw), num_cycles=30)
    if game in SEVERAL_STEPS_A_TURN:
        steps_until_truncated(game, preset, players)
        return
    # max_cycles_test samples actions without the mask: an illegal one plays the first legal move instead.
    # It assumes agents take turns in seat order, which holds within a hand; the next hand's leader may be
    # anyone (D3: the highest double; T3), so its games and its unmasked samples are seeded (it names no seed).
    rules = {"preset": preset, "players": players, "illegal_action": "first_legal", "seed": 1}
    module = types.SimpleNamespace(
        env=lambda **kw: envs.aec_env(game, **rules, **kw),
        parallel_env=lambda **kw: envs.parallel_env(game, **rules, **kw),
    )
    max_cycles_test(module)


def steps_until_truncated(game: str, preset: str, players: int) -> None:
    """``max_cycles`` where a turn may take several steps: truncated after max_cycles x players steps, every
    agent's last step a dead one; the parallel view ends with everyone truncated too."""
    env = envs.aec_env(game, preset=preset, players=players, max_cycles=4, seed=3)
    env.reset()
    steps = dead = 0
    for _agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            dead += 1
            env.step(None)
            continue
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
        steps += 1
    assert (steps, dead) == (4 * players, players) and all(env.truncations.values())
    parallel = envs.parallel_env(game, preset=preset, players=players, max_cycles=4, illegal_action="first_legal")
    parallel.reset(seed=3)
    for _ in range(8 * players):
        *_, truncations, _ = parallel.step({agent: 0 for agent in parallel.agents})
        if not parallel.agents:
            break
    assert not parallel.agents and all(truncations.values())


def opponent(game: str, name: str) -> str:
    """The agent ``name`` where the game has it, else the random agent every game has."""
    return name if name in agent_names(game) else "random"


@pytest.mark.parametrize(("game", "preset", "players"), VARIANTS)
def test_gymnasium_check_env_passes(game: str, preset: str, players: int) -> None:
    env = gymnasium.make(
        envs.GYM_IDS[game],
        preset=preset,
        players=players,
        opponent=opponent(game, "greedy"),
        **SHORT_MATCH.get(game, {}),
    )
    # check_env reports an observation outside its space, a NaN or infinite reward and a wrong dtype only as
    # warnings: none is allowed (unlike PettingZoo's api_test, it has no advice to give these environments).
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert [str(w.message) for w in caught] == []


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_episode_against_the_heuristic_ends_with_the_match(game: str) -> None:
    short = SHORT_MATCH.get(game, {"target": 60})
    env = gymnasium.make(envs.GYM_IDS[game], players=2, opponent=opponent(game, "heuristic"), **short)
    observation, info = env.reset(seed=3)
    total, done = info["reward_before_first_move"], False
    rng = np.random.default_rng(0)
    while not done:
        mask = info["action_mask"]
        assert mask.dtype == np.int8 and mask.sum() >= 1
        action = rng.choice(np.flatnonzero(mask))
        observation, reward, terminated, truncated, info = env.step(action)
        total += reward
        done = terminated or truncated
    aec = env.unwrapped.aec
    sign = game_spec(game).points_sign
    assert aec.game.is_over and total == pytest.approx(sign * aec.game.scores[aec.game.side_of(0)])
    assert observation in env.observation_space


def test_gymnasium_make_takes_the_issues_example_and_refuses_unknown_agents() -> None:
    env = gymnasium.make("bonepile/Dominoes-v0", preset="block", players=2, opponent="heuristic")
    observation, info = env.reset(seed=1)
    assert observation.shape == env.observation_space.shape and "action_mask" in info
    with pytest.raises(RulesError, match="unknown agent"):
        gymnasium.make("bonepile/TriOminos-v0", opponent="nobody")
    with pytest.raises(RulesError, match="opponents"):
        gymnasium.make("bonepile/TriOminos-v0", players=3, opponent=["greedy"])


@pytest.mark.parametrize("game", GAMES)
def test_points_rewards_add_up_to_each_agents_score(game: str) -> None:
    env = envs.aec_env(game, players=3 if game == "triominoes" else 2, **SHORT_MATCH.get(game, {"target": 80}))
    env.reset(seed=5)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    rng = random.Random(2)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    game_state = env.game
    sign = game_spec(game).points_sign  # -1 where the lowest total wins: the rewards are minus the points
    assert game_state.is_over
    assert [totals[a] for a in env.possible_agents] == [
        float(sign * game_state.scores[game_state.side_of(seat)]) for seat in range(len(env.possible_agents))
    ]


def test_win_loss_rewards_and_illegal_actions() -> None:
    env = envs.aec_env("dominoes", preset="block", players=2, reward="win_loss", target=1)
    env.reset(seed=1)
    for _agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert reward in (1.0, -1.0) or env.game.winners == frozenset()
            env.step(None)
            continue
        assert reward == 0.0
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    strict = envs.aec_env("dominoes", illegal_action="raise")
    strict.reset(seed=1)
    observation = strict.observe(strict.agent_selection)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(IllegalMoveError, match="legal actions"):
        strict.step(illegal)
    losing = envs.aec_env("dominoes")
    losing.reset(seed=1)
    offender = losing.agent_selection
    losing.step(illegal)
    assert all(losing.terminations.values()) and losing.rewards[offender] == -1.0
    with pytest.raises(RulesError):
        envs.aec_env("chess")
    with pytest.raises(RulesError):
        envs.aec_env("dominoes", preset="block", players=9)


def shuffled_twin_dominoes(hand: Hand, observer: int, rng: random.Random) -> Hand | None:
    """The same position with the tiles ``observer`` cannot see dealt out again (counts kept)."""
    rules = hand.rules
    hidden = [t for p in range(rules.players) if p != observer for t in hand.tiles_of(p)] + list(hand.boneyard())
    rng.shuffle(hidden)
    fields = dict(part.split(": ", 1) for part in hand.position().split("; "))
    texts = []
    for p in range(rules.players):
        if p == observer:
            mine = list(hand.tiles_of(p))
        else:
            count = hand.tile_count(p)
            mine, hidden = hidden[:count], hidden[count:]
        texts.append(" ".join(map(str, mine)) or "-")
    fields["hands"] = " / ".join(texts)
    fields["boneyard"] = " ".join(map(str, hidden)) or "-"
    try:
        twin = Hand.from_position(rules, "; ".join(f"{k}: {v}" for k, v in fields.items()))
    except ValueError:
        return None  # the shuffle moved the tile D3 makes the leader open with: not a consistent twin
    return None if twin.is_over else twin


def shuffled_twin_triominoes(round_: Round, observer: int, rng: random.Random) -> Round | None:
    parts = dict(part.split(": ", 1) for part in round_.position().split("; "))
    hidden = [t for p in range(round_.num_players) if p != observer for t in round_.tiles_of(p)] + list(round_.pool())
    rng.shuffle(hidden)
    texts = []
    for p in range(round_.num_players):
        if p == observer:
            mine = list(round_.tiles_of(p))
        else:
            count = round_.tile_count(p)
            mine, hidden = hidden[:count], hidden[count:]
        texts.append(" ".join(map(str, mine)) or "-")
    parts["hands"] = " / ".join(texts)
    parts["pool"] = " ".join(map(str, hidden)) or "-"
    try:
        twin = Round.from_position(round_.rules, "; ".join(f"{k}: {v}" for k, v in parts.items()))
    except ValueError:
        return None
    return None if twin.is_over else twin


@pytest.mark.parametrize(
    ("game", "preset", "players"),
    [
        ("dominoes", "draw", 3),
        ("dominoes", "partnership", 4),
        ("triominoes", "pressman", 3),
        ("triominoes", "goliath", 2),
    ],
)
def test_observations_do_not_change_when_the_hidden_tiles_do(game: str, preset: str, players: int) -> None:
    """As the engines' observation tests: deal what a player cannot see differently, the vector stays."""
    env = envs.aec_env(game, preset=preset, players=players)
    rng = random.Random(4)
    compared = 0
    for seed in range(3):
        env.reset(seed=seed)
        while not env.game.is_over and compared < 40 * (seed + 1):
            state = env.game.hand if game == "dominoes" else env.game.round
            observer = rng.randrange(players)
            twin = (shuffled_twin_dominoes if game == "dominoes" else shuffled_twin_triominoes)(state, observer, rng)
            if twin is not None:
                seen = env.game.observation(observer)
                other = dataclasses.replace(twin.observation(observer), events=seen.events)
                if game == "dominoes":
                    other = dataclasses.replace(other, scores=seen.scores)
                else:
                    other = dataclasses.replace(other, starter=seen.starter)
                vector = env.observe(env.possible_agents[observer])["observation"]
                assert np.array_equal(env.encoding.encode(other), vector)
                compared += 1
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))
    assert compared >= 40


@pytest.mark.parametrize(
    ("game", "preset", "players"),
    [
        ("dominoes", "draw", 3),
        ("dominoes", "block", 2),
        ("triominoes", "pressman", 2),
        ("triominoes", "classic", 3),
        ("mexican-train", "mexican-train", 4),
        ("mexican-train", "mexican-train-short", 3),
    ],
)
def test_quick_encodings_give_the_vector_of_the_observation_read_afresh(game: str, preset: str, players: int) -> None:
    """``encode_in(game, p)`` and an encoding that kept what it read before equal a new encoding's
    ``encode(game.observation(p))`` at every step of whole games, for every player, hands and rounds going by."""
    spec = game_spec(game)
    rules = spec.rules(preset, players)
    kept = spec.encoding(rules)
    rng = random.Random(7)
    for seed in range(2):
        state = spec.new_game(rules, seed)
        steps = 0
        while not state.is_over and steps < 400:
            for player in rng.sample(range(players), players):
                expected = spec.encoding(rules).encode(state.observation(player))
                assert np.array_equal(kept.encode(state.observation(player)), expected)
                encode_in = getattr(kept, "encode_in", None)
                if encode_in is not None:
                    assert np.array_equal(encode_in(state, player), expected)
            state.play(rng.choice(state.legal_moves()))
            steps += 1


@pytest.mark.parametrize("players", [2, 4])
def test_a_kept_encoding_follows_lines_of_play_that_part_from_one_position(players: int) -> None:
    """Search reads copies of one round that go different ways (``Round.copy`` shares the played moves): an
    encoding that kept one line's board must give a new encoding's vector and legal actions on the other
    line, and back."""
    spec = game_spec("triominoes")
    rules = spec.rules("pressman", players)
    kept = spec.encoding(rules)
    rng = random.Random(11)
    compared = 0
    for seed in range(3):
        trunk = spec.new_game(rules, seed).round
        while not trunk.is_over:
            lines = [trunk.copy(), trunk.copy()]
            for _ in range(rng.randrange(1, 4)):
                for line in lines:
                    if not line.is_over:
                        line.play(rng.choice(line.legal_moves()))
                for line in rng.sample(lines, len(lines)):
                    holder = types.SimpleNamespace(round=line)  # what ``encode_in`` reads of a game
                    fresh = spec.encoding(rules)
                    for player in range(players):
                        expected = fresh.encode(line.observation(player))
                        assert np.array_equal(kept.encode_in(holder, player), expected)
                    if not line.is_over:
                        mover = line.observation(line.to_move)
                        assert kept.legal_actions_in(holder) == fresh.legal_actions(mover)
                    compared += 1
            trunk.play(rng.choice(trunk.legal_moves()))
    assert compared >= 100


def test_encodings_hold_the_players_own_tiles_and_the_public_counts() -> None:
    env = envs.aec_env("dominoes", preset="draw", players=3)
    env.reset(seed=8)
    encoding = env.encoding
    for seat, agent in enumerate(env.possible_agents):
        vector = env.observe(agent)["observation"]
        hand = encoding.layout.blocks["hand"]
        held = {i for i in range(hand.size) if vector[hand.start + i]}
        assert held == {t.index for t in env.game.hand.tiles_of(seat)}
        counts = encoding.layout.blocks["tile_counts"]
        assert vector[counts.start] == env.game.hand.tile_count(seat)


def test_every_triominoes_move_has_an_action_and_the_frontier_stays_within_its_bound() -> None:
    rng = random.Random(1)
    for players in (2, 4, 6):
        env = envs.aec_env("triominoes", players=players)
        for seed in range(2):
            env.reset(seed=seed)
            while not env.game.is_over:
                round_ = env.game.round
                observation = env.game.observation(env.game.to_move)
                places = frontier(observation.board)
                assert places == (round_.frontier() or places)
                assert len(round_.board) == 0 or len(places) <= len(round_.board) + 2
                legal = env.encoding.legal_actions(observation)
                assert sorted(map(str, legal.values())) == sorted(map(str, round_.legal_moves()))
                vector = env.encoding.encode(observation)
                slots = env.encoding.layout.blocks["slots"].start
                for action, move in legal.items():
                    if action < SLOTS * 168:  # the slot row of the observation names the action's place
                        row = slots + (action // 168) * 25
                        place = move.place
                        assert tuple(vector[row : row + 4]) == (1, place.col, place.row, 1 if place.up else 0)
                        assert move.tile.index == action // 3 % 56 and move.rotation == action % 3
                env.step(rng.choice(sorted(legal)))


def test_a_seeded_environment_plays_the_same_stream_of_games() -> None:
    one, two = envs.aec_env("triominoes", seed=3), envs.aec_env("triominoes", seed=3)
    firsts = []
    for env in (one, two):
        env.reset()
        first = env.observe(env.agent_selection)["observation"].copy()
        env.reset()
        firsts.append((first, env.observe(env.agent_selection)["observation"].copy()))
    assert np.array_equal(firsts[0][0], firsts[1][0]) and np.array_equal(firsts[0][1], firsts[1][1])
    assert not np.array_equal(firsts[0][0], firsts[0][1])  # the next reset plays the next game


@pytest.mark.parametrize("game", ["dominoes", "mexican-train"])
def test_random_opponents_choose_from_the_legal_moves_as_from_their_observations(game: str) -> None:
    """The Gymnasium env hands a random opponent its legal moves (``choose_among``) instead of its whole
    observation: the games, move for move, are those of opponents that read their observations."""
    rules = {"players": 3, "rounds": 1} if game == "mexican-train" else {"preset": "draw", "players": 3}

    def moves_of(quick: bool) -> list[object]:
        env = envs.BonepileGymEnv(game, opponent="random", **rules)
        _, info = env.reset(seed=11)  # the learner (seat 0) moves first: no opponent has chosen yet
        assert sorted(env._among) == [1, 2]
        if not quick:
            env._among = {}  # every opponent reads its observation
        rng = random.Random(5)
        done = False
        while not done:
            action = rng.choice([int(a) for a in np.flatnonzero(info["action_mask"])])
            _, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        assert env.aec.game is not None
        return list(env.aec.game.moves)

    quick = moves_of(True)
    assert len(quick) > 10
    assert quick == moves_of(False)


@pytest.mark.parametrize("game", GAMES)
def test_an_engine_move_played_as_it_is_steps_as_its_action_does(game: str) -> None:
    """``play_legal(move)`` is ``step(action_of(move))``: the same game, rewards and observations, move for
    move; a move that is not legal is the engine's ``IllegalMoveError`` and changes nothing."""
    rules = SHORT_MATCH.get(game, {"target": 60})
    by_move, by_action = envs.aec_env(game, **rules), envs.aec_env(game, **rules)
    by_move.reset(seed=4)
    by_action.reset(seed=4)
    rng = random.Random(9)
    steps = 0
    while not by_move.terminations[by_move.agent_selection] and steps < 400:
        assert by_move.game is not None
        move = rng.choice(by_move.game.legal_moves())
        by_move.play_legal(move)
        by_action.step(by_action.action_of(move))
        agent = by_move.agent_selection
        assert agent == by_action.agent_selection
        assert by_move.rewards == by_action.rewards
        assert by_move._cumulative_rewards == by_action._cumulative_rewards
        seen, also = by_move.observe(agent), by_action.observe(agent)
        assert np.array_equal(seen["observation"], also["observation"])
        assert np.array_equal(seen["action_mask"], also["action_mask"])
        steps += 1
    assert steps > 10
    by_move.reset(seed=4)
    game_now = by_move.game
    assert game_now is not None
    played = next(move for move in game_now.legal_moves() if move != game_spec(game).draw)  # a tile, laid
    by_move.play_legal(played)
    assert played not in game_now.legal_moves()  # on the table now: nobody may lay it again
    before = by_move.observe(by_move.agent_selection)["observation"].copy()
    moves, rewards = by_move.moves, dict(by_move._cumulative_rewards)
    with pytest.raises(IllegalMoveError):
        by_move.play_legal(played)
    assert np.array_equal(before, by_move.observe(by_move.agent_selection)["observation"])
    assert (by_move.moves, by_move._cumulative_rewards) == (moves, rewards)
