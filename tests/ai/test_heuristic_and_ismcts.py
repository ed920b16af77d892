"""The ``heuristic`` and ``ismcts`` Dominoes agents: legal, blind to hidden tiles, reproducible, and stronger.

Strength is measured on duplicate deals: every deal is played twice with the
seats swapped, so the luck of the deal cancels and a few dozen deals suffice
for a meaningful bound.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable

import pytest
from positions import decision_points
from search_clock import IterationClock

from bonepile.ai import make_agent
from bonepile.ai.base import ALIASES, Agent
from bonepile.ai.dominoes_heuristic import HeuristicAgent
from bonepile.ai.ismcts import ISMCTSAgent, MatchModel, Rewards, match_model
from bonepile.dominoes import Game, Hand, Move, Observation, Rules, Tile

PRESETS = [("draw", 2), ("draw", 3), ("draw", 4), ("draw-reserve", 2), ("block", 2), ("block", 3), ("partnership", 4)]

AgentMaker = Callable[[int], Agent]

MAKERS: dict[str, AgentMaker] = {
    "heuristic": lambda seed: HeuristicAgent("dominoes", seed),
    "ismcts": lambda seed: ISMCTSAgent("dominoes", seed, iterations=25),
}


@pytest.mark.parametrize("agent", sorted(MAKERS))
@pytest.mark.parametrize(("preset", "players"), PRESETS)
def test_agent_returns_a_legal_move_in_every_position_of_a_game(agent: str, preset: str, players: int) -> None:
    game = Game.new(preset, players, seed=11)
    seats = [MAKERS[agent](seat) for seat in range(players)]
    moves = 0
    while not game.is_over and len(game.hand_summaries) < 2:
        player = game.to_move
        assert player is not None
        observation = game.observation(player)
        move = seats[player].choose(observation)
        assert move in observation.legal_moves
        game.play(move)
        moves += 1
    assert moves > 10


def test_the_difficulty_names_are_the_agents() -> None:
    assert ALIASES == {"easy": "random", "medium": "greedy", "hard": "heuristic", "expert": "ismcts"}
    for alias, name in ALIASES.items():
        assert make_agent(alias, "dominoes", 1).name == name
    expert = make_agent("expert", "dominoes", 1)
    assert isinstance(expert, ISMCTSAgent) and expert.iterations is not None


# ----------------------------------------------------------------- no peeking


def twin_positions(preset: str, players: int, seed: int) -> tuple[Observation, Observation]:
    """Two positions, the same for the player to move, with different hidden tiles.

    The game is replayed from another deal that gives the player the same tiles
    and every other player the tiles they went on to play, the rest shuffled
    among the other hands and the boneyard; a deal under which the same moves
    are not all legal, or the player sees anything different, is thrown away.
    """
    rules = Rules.from_preset(preset, players)
    rng = random.Random(seed)
    while True:
        deal = Hand.deal(rules, rng)
        first = deal.copy()
        moves: list[Move] = []
        stop = rng.randrange(2, 12)
        while not first.is_over and (len(moves) < stop or len(first.legal_moves()) < 2):
            move = rng.choice(first.legal_moves())
            first.play(move)
            moves.append(move)
        if first.is_over:
            continue
        me = first.to_move
        assert me is not None
        played = [{e.move.tile for e in first.events if e.player == p and e.move.tile} for p in range(players)]
        for _ in range(200):
            pool = [t for p in range(players) if p != me for t in deal.tiles_of(p) if t not in played[p]]
            pool += list(deal.boneyard())
            rng.shuffle(pool)
            hands: list[list[Tile]] = []
            for p in range(players):
                if p == me:
                    hands.append(list(deal.tiles_of(p)))
                else:
                    keep = [t for t in deal.tiles_of(p) if t in played[p]]
                    need = len(deal.tiles_of(p)) - len(keep)
                    hands.append(keep + pool[:need])
                    pool = pool[need:]
            second = Hand(rules, hands, pool)
            try:
                for move in moves:
                    second.play(move)
            except ValueError:
                continue
            a, b = first.observation(me), second.observation(me)
            hidden_differs = any(set(first.tiles_of(p)) != set(second.tiles_of(p)) for p in range(players) if p != me)
            if a == b and hidden_differs:
                return a, b


@pytest.mark.parametrize(("preset", "players"), [("block", 2), ("partnership", 4), ("block", 3)])
@pytest.mark.parametrize("agent", sorted(MAKERS))
def test_the_choice_depends_on_the_observation_not_on_the_hidden_tiles(agent: str, preset: str, players: int) -> None:
    for seed in range(4):
        first, second = twin_positions(preset, players, seed)
        assert MAKERS[agent](seed).choose(first) is MAKERS[agent](seed).choose(second)


# ----------------------------------------------------------------- determinism


@pytest.mark.parametrize("agent", sorted(MAKERS))
def test_same_seed_and_budget_give_the_same_moves(agent: str) -> None:
    observations = decision_points("dominoes", "block", 2, 3, 12) + decision_points("dominoes", "partnership", 4, 3, 12)
    for seed in (0, 5):
        first, second = MAKERS[agent](seed), MAKERS[agent](seed)
        assert [first.choose(o) for o in observations] == [second.choose(o) for o in observations]


def test_ismcts_depends_on_its_seed() -> None:
    observations = decision_points("dominoes", "partnership", 4, 8, 20)
    runs = {tuple(ISMCTSAgent("dominoes", seed, iterations=8).choose(o) for o in observations) for seed in range(4)}
    assert len(runs) > 1


def test_ismcts_time_budget_stops_in_time(monkeypatch: pytest.MonkeyPatch) -> None:
    # On a clock where each iteration takes 1 ms, a 0.05 s budget is 50 iterations: the search spends it and
    # stops at its first look at the clock after (it looks every 8 iterations), however busy the machine.
    observation = decision_points("dominoes", "partnership", 4, 2, 1)[0]
    agent = ISMCTSAgent("dominoes", 0, time_limit=0.05)
    clock = IterationClock(monkeypatch, per_iteration=0.001)
    assert agent.choose(observation) in observation.legal_moves
    assert agent.last_iterations == clock.iterations
    assert 50 <= clock.iterations < 50 + 8
    clock.restart(per_iteration=0.004)  # slower iterations: fewer of them in the same budget
    agent.choose(observation)
    assert 13 <= clock.iterations < 13 + 8


# ----------------------------------------------------------------- the match reward


def test_the_match_model_is_a_fair_race() -> None:
    model = MatchModel(Rules.from_preset("block"), samples=100)
    assert model.win_probability(50, 50) == pytest.approx(0.5, abs=0.02)
    for own, other in ((0, 60), (30, 90), (95, 97), (10, 13)):
        assert model.win_probability(own, other) + model.win_probability(other, own) == pytest.approx(1, abs=0.03)
        assert model.win_probability(own, other) < model.win_probability(other, own)
    assert model.win_probability(90, 0) > model.win_probability(80, 0) > model.win_probability(40, 0)
    assert model.win_probability(100, 99) == 1.0


def test_a_hand_that_wins_the_match_is_worth_everything() -> None:
    rules = Rules.from_preset("partnership")
    rewards = Rewards(rules, (95, 60))
    assert rewards.of((10, 0)) == rewards.of((80, 0))  # past the target, more points are worth nothing
    assert rewards.of((0, 0)) == [0.5, 0.5]
    assert rewards.of((10, 0))[0] > 0.5 > rewards.of((0, 10))[0]
    assert rewards.of((10, 0))[1] < 0.5 < rewards.of((0, 10))[1]
    far = Rewards(rules, (0, 0))
    small, big = far.of((10, 0))[0], far.of((40, 0))[0]
    assert 0.5 < small < big <= 1.0  # far from the target, points count
    assert match_model(rules) is match_model(rules)


# ----------------------------------------------------------------- strength


def duplicate_margins(a: AgentMaker, b: AgentMaker, preset: str, players: int, deals: int) -> list[int]:
    """Per deal, a's side's points minus the other side's, summed over the two seatings of the deal."""
    margins = []
    for deal in range(deals):
        margin = 0
        for swap in (0, 1):
            game = Game.new(preset, players, seed=1000 + deal)
            agents = [(a if (seat + swap) % 2 == 0 else b)(deal * 10 + seat) for seat in range(players)]
            while not game.hand_summaries:
                player = game.to_move
                assert player is not None
                game.play(agents[player].choose(game.observation(player)))
            points = game.hand_summaries[0].points
            mine = game.side_of(swap)  # seat ``swap`` holds agent a
            margin += points[mine] - sum(p for side, p in enumerate(points) if side != mine)
        margins.append(margin)
    return margins


def clearly_positive(margins: list[int]) -> bool:
    """Mean margin more than two standard errors above zero."""
    return statistics.mean(margins) > 2 * statistics.stdev(margins) / len(margins) ** 0.5


@pytest.mark.parametrize(("preset", "players", "deals"), [("block", 2, 300), ("partnership", 4, 120)])
def test_heuristic_beats_greedy(preset: str, players: int, deals: int) -> None:
    greedy: AgentMaker = lambda seed: make_agent("greedy", "dominoes", seed)  # noqa: E731
    assert clearly_positive(duplicate_margins(MAKERS["heuristic"], greedy, preset, players, deals))


def test_ismcts_with_a_small_budget_beats_random() -> None:
    ismcts: AgentMaker = lambda seed: ISMCTSAgent("dominoes", seed, iterations=150)  # noqa: E731
    rand: AgentMaker = lambda seed: make_agent("random", "dominoes", seed)  # noqa: E731
    assert clearly_positive(duplicate_margins(ismcts, rand, "block", 2, 40))
