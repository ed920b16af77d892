"""The Mexican Train agents (``greedy``, ``heuristic``, ``ismcts``) and their world sampler.

They must play only legal moves at every table size of both presets, be
reproducible from a seed, plan the longest run as a player works it out by
hand, and imagine only worlds the table allows: the viewer's own hand, every
tile count, and what each draw and each marker proved (M5, M6).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from search_clock import IterationClock

from bonepile.ai import make_agent
from bonepile.ai.base import Agent
from bonepile.ai.mexican_train_heuristic import (
    HeuristicAgent,
    MexicanTrainGreedyAgent,
    explain_move,
    longest_run,
)
from bonepile.ai.mexican_train_ismcts import (
    GameRewards,
    ISMCTSAgent,
    estimated_points,
    heuristic_move,
    move_key,
    quick_run,
    rewards,
)
from bonepile.ai.mexican_train_sampling import WorldSampler, read_history
from bonepile.ai.simple import RandomAgent
from bonepile.games import MEXICAN_TRAIN
from bonepile.mexican_train import Game, Move, MoveKind, Observation, Round, Rules, Tile, tiles_of_set

GAME = MEXICAN_TRAIN.name
PRESETS = tuple(MEXICAN_TRAIN.presets)
NAMES = ("You", "Ann", "Bob", "Cy")


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(word) for word in text.split()]


def seats_for(players: int, seed: int) -> list[Agent]:
    """Every agent at the table: ismcts (a small budget), heuristic, greedy and random, then round again."""
    makers: list[Callable[[int], Agent]] = [
        lambda s: ISMCTSAgent(GAME, s, iterations=6),
        lambda s: HeuristicAgent(GAME, s),
        lambda s: MexicanTrainGreedyAgent(GAME, s),
        lambda s: RandomAgent(GAME, s),
    ]
    return [makers[(seat + seed) % len(makers)](seed * 10 + seat) for seat in range(players)]


# ----------------------------------------------------------------- legality


TABLES = [(preset, players) for preset in PRESETS for players in MEXICAN_TRAIN.player_counts(preset)]
"""Every preset at every table size it seats (M3: 2-8 with double-twelve, 2-6 with double-nine)."""


@pytest.mark.parametrize(("preset", "players"), TABLES)
def test_every_agent_plays_only_legal_moves_at_every_table_size(preset: str, players: int) -> None:
    for seed, options in enumerate(({"rounds": 2}, {"rounds": 1, "first_turn": "run", "after_double": "cover"})):
        game = Game.new(preset, players, seed=players * 11 + seed, **options)
        seats = seats_for(players, seed)
        while not game.is_over:
            player = game.to_move
            assert player is not None
            observation = game.observation(player)
            move = seats[player].choose(observation)
            assert move in observation.legal_moves, (str(move), game.round.position())
            game.play(move)
        assert game.outcome is not None


def test_the_registry_builds_the_agents_random_first() -> None:
    assert next(iter(MEXICAN_TRAIN.agents)) == "random"
    assert isinstance(make_agent("random", GAME, 1), RandomAgent)
    assert isinstance(make_agent("greedy", GAME, 1), MexicanTrainGreedyAgent)
    assert isinstance(make_agent("hard", GAME, 1), HeuristicAgent)
    expert = make_agent("expert", GAME, 1)
    assert isinstance(expert, ISMCTSAgent) and expert.iterations is not None and expert.time_limit is None


@pytest.mark.parametrize("name", ["greedy", "heuristic", "ismcts"])
def test_an_agent_is_deterministic_given_its_seed(name: str) -> None:
    def choices(seed: int) -> list[str]:
        game = Game.new(PRESETS[0], 4, seed=3, rounds=1)
        agents = [make_agent(name, GAME, seed) if name != "ismcts" else ISMCTSAgent(GAME, seed, 20) for _ in range(4)]
        played = []
        for _ in range(30):
            player = game.to_move
            assert player is not None
            move = agents[player].choose(game.observation(player))
            played.append(str(move))
            game.play(move)
        return played

    assert choices(5) == choices(5)


def test_ismcts_with_a_time_limit_spends_it(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = IterationClock(monkeypatch, per_iteration=0.01)
    game = Game.new(PRESETS[0], 4, seed=2, rounds=1)
    while len(game.legal_moves()) < 2:
        game.play(game.legal_moves()[0])
    observation = game.observation(game.round.to_move or 0)
    agent = ISMCTSAgent(GAME, 1, time_limit=0.2)
    assert agent.choose(observation) in observation.legal_moves
    assert 20 <= clock.iterations <= 28


# ----------------------------------------------------------------- greedy


def test_greedy_covers_a_double_before_shedding_a_heavier_tile() -> None:
    rules = Rules.preset(PRESETS[0], players=2)
    round_ = Round.from_position(
        rules,
        "engine: 12-12; turn: 0; hands: 6-6 6-2 12-11 / 1-2 4-5; boneyard: 8-8; trains: 12-6 / -; mexican: -; "
        "marked: -; waiting: -",
    )
    round_.play("6-6 mine")  # M6: the double's player plays again
    observation = round_.observation(0)
    assert MexicanTrainGreedyAgent(GAME, 0).choose(observation) == Move.play("6-2", "mine")
    round_ = Round.from_deal(rules, hands=[["12-11", "12-3"], ["1-2"]], boneyard=["8-8"])
    assert MexicanTrainGreedyAgent(GAME, 0).choose(round_.observation(0)).tile == Tile(12, 11)


# ----------------------------------------------------------------- the plan


@pytest.mark.parametrize(
    ("start", "hand", "run"),
    [
        # From the 12: 12-5 5-3 3-3 3-9 9-1 is five tiles; the 12-7 7-2 branch only two.
        (12, "12-5 5-3 3-3 3-9 9-1 12-7 7-2", "12-5 5-3 3-3 3-9 9-1"),
        # Two chains of one tile: the heavier one is kept for the sure train.
        (6, "6-1 6-2", "6-2"),
        # A loop back to the 4 and on: every tile, 4-1 1-2 2-4 4-5 (the heavier branch, 4-2 first, is as long).
        (4, "4-1 1-2 2-4 4-5", "4-2 2-1 1-4 4-5"),
        # Nothing joins the 8.
        (8, "1-2 3-4", ""),
        # A double is a link like any other: 0-0 between the two tiles of 0.
        (3, "3-0 0-0 0-7 5-5", "3-0 0-0 0-7"),
        # The longest chain is not the greediest start: 9-8 leads nowhere, 9-1 1-8 8-2 does.
        (9, "9-8 9-1 1-8 8-2", "9-1 1-8 8-9"),
    ],
)
def test_the_plan_is_the_longest_run_from_the_open_end(start: int, hand: str, run: str) -> None:
    found = longest_run(start, tiles(hand))
    assert len(found) == len(run.split()), [str(t) for t in found]
    end = start
    for tile in found:  # the chain joins end to end from the start (M4)
        assert tile.has(end)
        end = tile.other_end(end)
    if run:
        assert sum(t.pips for t in found) == sum(t.pips for t in tiles(run))


def test_the_heuristic_keeps_its_run_and_plays_the_orphan_on_the_mexican_train() -> None:
    rules = Rules.preset(PRESETS[0], players=2)
    other = ["2-4", "1-3", "6-7", "0-9", "10-11"]
    round_ = Round.from_deal(rules, hands=[["12-5", "5-3", "3-8", "12-1"], other], boneyard=["6-6"])
    observation = round_.observation(0)
    move = HeuristicAgent(GAME, 0).choose(observation)
    assert move == Move.play("12-1", "mexican")
    words = [reason.words(NAMES) for reason in explain_move(observation, move)]
    assert "keeps your 12-run of three tiles for your own train" in words


def test_the_heuristic_takes_its_marker_off_and_covers_its_own_double_before_the_next_player() -> None:
    rules = Rules.preset(PRESETS[0], players=2)
    text = (
        "engine: 12-12; turn: 0; hands: 5-9 9-2 10-3 / 1-2 4-5 0-1 0-2 0-3; boneyard: 8-8; trains: 12-5 / -; "
        "mexican: 12-10; marked: {}; waiting: -"
    )
    closed = Round.from_position(rules, text.format("-")).observation(0)
    assert HeuristicAgent(GAME, 0).choose(closed) == Move.play("10-3", "mexican")  # the orphan first
    marked = Round.from_position(rules, text.format("@1")).observation(0)
    assert HeuristicAgent(GAME, 0).choose(marked) == Move.play("5-9", "mine")  # the marker off first
    assert "closes" in {reason.kind for reason in explain_move(marked, Move.play("5-9", "mine"))}
    round_ = Round.from_position(
        rules,
        "engine: 12-12; turn: 0; hands: 6-6 6-2 3-1 / 1-2 4-5; boneyard: 8-8; trains: 12-6 / -; mexican: 12-3; "
        "marked: -; waiting: -",
    )
    round_.play("6-6 mine")
    observation = round_.observation(0)
    move = HeuristicAgent(GAME, 0).choose(observation)
    assert move == Move.play("6-2", "mine")
    words = [reason.words(NAMES) for reason in explain_move(observation, move)]
    assert "covers the 6-6 before Ann can" in words


def test_the_heuristic_plays_a_double_only_when_it_can_follow_it() -> None:
    rules = Rules.preset(PRESETS[0], players=2)
    # 12-12 engine, own train ends in 7: the 7-7 can be followed by the 7-3, the 4-4 (on the Mexican's 4) by nothing.
    round_ = Round.from_position(
        rules,
        "engine: 12-12; turn: 0; hands: 7-7 7-3 4-4 11-0 / 1-2 9-5; boneyard: 8-8; trains: 12-7 / -; "
        "mexican: 12-4; marked: -; waiting: -",
    )
    view_scores = dict(
        zip(
            (str(m) for m in round_.legal_moves()),
            HeuristicAgent(GAME, 0).scores(round_.observation(0)),
            strict=True,
        )
    )
    assert view_scores["7-7 mine"] > view_scores["4-4 mexican"]


def test_the_heuristic_sheds_high_tiles_when_an_opponent_is_nearly_out() -> None:
    rules = Rules.preset(PRESETS[0], players=2)
    # Own train ends in 1: the plan is 1-0 0-2; the 1-11 is the heavy tile outside it.
    text = "engine: 12-12; turn: 0; hands: 1-0 1-11 0-2 / {}; boneyard: 8-8; trains: 12-1 / -; mexican: 12-5; "
    text += "marked: -; waiting: -"
    early = Round.from_position(rules, text.format("2-3 4-6 7-8 9-10 3-3 4-4")).observation(0)
    assert HeuristicAgent(GAME, 0).choose(early) == Move.play("1-0", "mine")
    late = Round.from_position(rules, text.format("2-3")).observation(0)
    assert HeuristicAgent(GAME, 0).choose(late) == Move.play("1-11", "mine")
    reasons = explain_move(late, Move.play("1-11", "mine"))
    assert "sheds 12 pips while Ann has one tile left" in [reason.words(NAMES) for reason in reasons]


# ----------------------------------------------------------------- the world sampler


def _public(observation: Observation) -> tuple[object, ...]:
    """Everything of an observation but the events (a world set up from its position has none)."""
    return (
        observation.hand,
        observation.tile_counts,
        observation.stock_size,
        observation.trains,
        observation.waiting_doubles,
        observation.laid_doubles,
        observation.legal_moves,
        observation.to_move,
        observation.scores,
        observation.plays_again,
        observation.in_run,
        observation.drawn,
    )


@pytest.mark.parametrize(("preset", "players"), [(PRESETS[0], 2), (PRESETS[0], 4), (PRESETS[0], 8), (PRESETS[1], 3)])
def test_the_sampler_only_imagines_worlds_the_table_allows(preset: str, players: int) -> None:
    exact = 0
    for seed in range(4):
        options = {"first_turn": "run"} if seed % 2 else {}
        game = Game.new(preset, players, seed=seed, rounds=1, **options)
        rng = random.Random(seed)
        agents = [make_agent("greedy" if p % 2 else "random", GAME, p) for p in range(players)]
        while not game.is_over:
            player = game.to_move
            assert player is not None
            observation = game.observation(player)
            if len(observation.legal_moves) > 1 and rng.random() < 0.3:
                sampler = WorldSampler(observation)
                exact += sampler.mode == "exact"
                real = game.round
                assert sampler.admits([real.tiles_of(p) for p in range(players)]), real.position()
                for _ in range(4):
                    world = sampler.sample_round(rng)
                    assert world.tiles_of(player) == observation.hand
                    assert _public(world.observation(player)) == _public(observation), world.position()
                    for other in range(players):
                        if other != player:
                            assert all(sampler.could_hold(other, t) for t in world.tiles_of(other))
                assert sampler.fallbacks == 0
            game.play(agents[player].choose(observation))
    assert exact > 10


def _short_deal(hand: list[str], other: list[str], first_draw: str) -> Round:
    """A double-nine round for two (hands of 10, M3) with the whole set dealt: ``first_draw`` is drawn first."""
    rules = Rules.preset(PRESETS[1], players=2)
    dealt = {Tile.parse(t) for t in [*hand, *other, first_draw]} | {Tile(9, 9)}
    rest = [str(t) for t in tiles_of_set(9) if t not in dealt]
    return Round.from_deal(rules, hands=[hand, other], boneyard=[first_draw, *rest])


def test_a_player_who_drew_and_marked_holds_nothing_for_the_trains_open_to_them_then() -> None:
    hand = ["9-5", "0-0", "1-1", "2-2", "3-3", "4-4", "5-5", "6-6", "7-7", "8-8"]
    other = ["0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "0-7", "0-8", "1-2", "1-3"]
    round_ = _short_deal(hand, other, first_draw="1-4")
    round_.play("9-5 mine")
    round_.play("draw")  # M5: seat 1 holds no 9 (its own train and the Mexican Train both show the engine's 9)
    round_.play("pass")  # ...and the 1-4 drawn is no 9 either: the marker goes out
    assert round_.marked() == {1}
    observation = round_.observation(0)
    sampler = WorldSampler(observation)
    assert sampler.mode == "exact"
    history = read_history(observation)
    nines = {t.index for t in tiles_of_set(9) if t.has(9)}
    assert [index for index, _ in history.facts[1]] == [1, 2]
    assert all({i for i in nines if mask >> i & 1} == nines for _, mask in history.facts[1])
    rng = random.Random(1)
    for _ in range(100):
        world = sampler.sample_round(rng)
        assert not any(t.has(9) for t in world.tiles_of(1))
        assert world.tile_count(1) == 11 and world.boneyard_size == observation.stock_size
    assert not sampler.could_hold(1, Tile(9, 4)) and sampler.could_hold(1, Tile(4, 5))


def test_a_waiting_double_proves_only_its_own_number() -> None:
    hand = ["9-5", "5-5", "0-0", "1-1", "2-2", "3-3", "4-4", "6-6", "7-7", "8-8"]
    other = ["9-0", "0-1", "0-2", "0-3", "0-4", "0-6", "0-7", "0-8", "1-2", "1-3"]
    round_ = _short_deal(hand, other, first_draw="1-4")
    round_.play("9-5 mine")
    round_.play("9-0 mine")
    round_.play("5-5 mine")
    # Seat 0 laid the 5-5 and plays again (M6): no 5 and no 9 (the Mexican Train's end) in hand, so it draws,
    # and the 1-4 drawn fits neither.
    assert round_.legal_moves() == (Move(MoveKind.DRAW),)
    round_.play("draw")
    assert round_.legal_moves() == (Move(MoveKind.PASS),)
    round_.play("pass")  # the 5-5 now waits (M6): seat 1 must cover it and nothing else
    assert round_.waiting_doubles() == (Tile(5, 5),)
    round_.play("draw")  # seat 1 holds no 5 (the only number that counted)
    observation = round_.observation(0)
    history = read_history(observation)
    fives = {t.index for t in tiles_of_set(9) if t.has(5)}
    _, mask = history.facts[1][-1]
    assert {i for i in range(55) if mask >> i & 1} == fives


# ----------------------------------------------------------------- the search's parts


def test_move_keys_name_every_move_apart() -> None:
    game = Game.new(PRESETS[0], 8, seed=4, rounds=1)
    seen: dict[int, Move] = {}
    while not game.is_over:
        for move in game.legal_moves():
            key = move_key(move)
            # The same move (tile and train) may be written either way round as the train's open end changes
            # (M10: the touching end first); moves compare by tile and train.
            assert seen.setdefault(key, move) == move
        game.play(game.legal_moves()[0])


def test_rewards_favour_the_fewest_pips_and_stay_in_range() -> None:
    assert rewards((0.0, 40.0, 40.0, 40.0))[0] > 0.5 > rewards((0.0, 40.0, 40.0, 40.0))[1]
    assert all(0.0 <= r <= 1.0 for r in rewards((0.0, 500.0, 3.0)))
    round_ = Round.from_deal(Rules.preset(PRESETS[0], players=2), hands=[["12-5"], ["3-4", "6-6"]], boneyard=[])
    round_.play("12-5 mine")
    assert estimated_points(round_) == (0.0, 19.0)


def test_the_rollouts_plan_is_the_heuristics_longest_run() -> None:
    rng = random.Random(5)
    every = list(tiles_of_set(12))
    for _ in range(200):
        hand = rng.sample(every, rng.randint(1, 11))
        start = rng.randint(0, 12)
        found, expected = quick_run(start, hand, 10**6), longest_run(start, hand)
        assert (len(found), sum(t.pips for t in found)) == (len(expected), sum(t.pips for t in expected))
        assert quick_run(start, hand, 10**6) == found  # the cache answers the same


def test_the_rollouts_play_the_heuristics_move() -> None:
    """Where the hands are small enough for the rollouts' capped plan search to find the longest run."""
    heuristic = HeuristicAgent(GAME, 0)
    checked = 0
    for seed in range(6):
        round_ = Round.deal(Rules.preset(PRESETS[0], players=4), random.Random(seed))
        while not round_.is_over:
            player = round_.to_move
            assert player is not None
            observation = round_.observation(player)
            legal = round_.legal_moves()
            if len(legal) > 1 and round_.tile_count(player) <= 7 and len(heuristic.move_distribution(observation)) == 1:
                assert heuristic_move(round_, legal, player) == heuristic.choose(observation)
                checked += 1
            round_.play(heuristic.choose(observation))
    assert checked >= 10


def test_game_rewards_weigh_the_lowest_total() -> None:
    last = GameRewards((10, 0, 30, 30), rounds_after=0)
    # The round's fewest pips, but not the lowest total: player 1 is better placed to win the game.
    reward = last.of((0.0, 5.0, 20.0, 20.0))
    assert reward[1] > reward[0] > reward[2]
    assert all(0.0 <= r <= 1.0 for r in reward)
    early = GameRewards((10, 0, 30, 30), rounds_after=10)
    assert abs(early.of((0.0, 5.0, 20.0, 20.0))[1] - 0.5) < abs(reward[1] - 0.5)


def test_ismcts_keeps_the_heuristics_move_unless_the_search_is_sure() -> None:
    rules = Rules.preset(PRESETS[0], players=2)
    round_ = Round.from_deal(rules, hands=[["12-5", "5-3", "3-8", "12-1"], ["2-4"]], boneyard=["6-6"])
    observation = round_.observation(0)
    stubborn = ISMCTSAgent(GAME, 0, iterations=30, margin=2.0)  # no reward difference reaches 2
    assert stubborn.choose(observation) == HeuristicAgent(GAME, 0).choose(observation)


def test_ismcts_explains_its_search_then_the_heuristic_facts() -> None:
    rules = Rules.preset(PRESETS[0], players=2)
    round_ = Round.from_deal(rules, hands=[["12-5", "5-3", "3-8", "12-1"], ["2-4"]], boneyard=["6-6"])
    observation = round_.observation(0)
    agent = ISMCTSAgent(GAME, 0, iterations=30)
    move = agent.choose(observation)
    reasons = agent.explain(observation, move)
    assert reasons[0].kind == "search"
    assert move in observation.legal_moves
