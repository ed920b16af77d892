"""The ``random`` and ``greedy`` agents on Dominoes: legal, greedy by pips, and reproducible."""

from __future__ import annotations

import pytest

from bonepile.ai import make_agent
from bonepile.dominoes import DRAW, PASS, Game, Hand, Move, Observation, Rules, RulesError, Tile

AGENTS = ("random", "greedy")
"""The two simplest agents; the others have their own tests."""

GAMES = [("draw", 2), ("draw", 4), ("draw-reserve", 2), ("block", 3), ("partnership", 4)]


def observations_of_a_game(preset: str, players: int, seed: int, agent: str) -> list[Observation]:
    """Play a whole game with ``agent`` in every seat; return every observation it chose from."""
    game = Game.new(preset, players, seed=seed)
    seats = [make_agent(agent, "dominoes", seed * 10 + seat) for seat in range(players)]
    seen = []
    while not game.is_over:
        player = game.to_move
        assert player is not None
        observation = game.observation(player)
        seen.append(observation)
        move = seats[player].choose(observation)
        assert move in observation.legal_moves
        assert move in game.legal_moves()
        game.play(move)
    return seen


@pytest.mark.parametrize("agent", AGENTS)
@pytest.mark.parametrize(("preset", "players"), GAMES)
def test_agent_always_returns_a_legal_move(agent: str, preset: str, players: int) -> None:
    for seed in range(3):
        assert observations_of_a_game(preset, players, seed, agent)


@pytest.mark.parametrize(("preset", "players"), GAMES)
def test_greedy_plays_the_heaviest_playable_tile(preset: str, players: int) -> None:
    greedy = make_agent("greedy", "dominoes", 0)
    for observation in observations_of_a_game(preset, players, 7, "random"):
        move = greedy.choose(observation)
        plays = [m for m in observation.legal_moves if m.tile is not None]
        if not plays:
            assert move in (DRAW, PASS)
            continue
        assert move.tile is not None
        assert move.tile.pips == max(m.tile.pips for m in plays if m.tile is not None)


def test_greedy_plays_the_heaviest_playable_tile_literal() -> None:
    # Ends 4 and 1. Player 0 holds 5-5 (10 pips, fits neither end), 4-2 (6, fits the 4) and 1-0 (1, fits the 1).
    hand = Hand.from_position(
        Rules.from_preset("draw"), "hands: 5-5 4-2 1-0 / 3-3; line: 4-6 6-6 6-1; boneyard: 2-2; turn: 0"
    )
    greedy = make_agent("greedy", "dominoes", 0)
    assert greedy.choose(hand.observation(0)) is Move.parse("4-2 left")


@pytest.mark.parametrize(("position", "move"), [("boneyard: 2-2", DRAW), ("boneyard: -", PASS)])
def test_greedy_draws_or_passes_when_it_cannot_play(position: str, move: Move) -> None:
    hand = Hand.from_position(Rules.from_preset("draw"), f"hands: 5-5 / 3-1; line: 4-6 6-1; {position}; turn: 0")
    assert make_agent("greedy", "dominoes", 0).choose(hand.observation(0)) is move


@pytest.mark.parametrize("agent", AGENTS)
def test_same_observation_and_seed_give_the_same_choice(agent: str) -> None:
    observations = observations_of_a_game("draw", 3, 5, "random")
    for seed in (0, 1, 99):
        first = make_agent(agent, "dominoes", seed)
        second = make_agent(agent, "dominoes", seed)
        assert [first.choose(o) for o in observations] == [second.choose(o) for o in observations]


def test_random_agent_depends_on_its_seed() -> None:
    observations = [o for o in observations_of_a_game("draw", 2, 5, "random") if len(o.legal_moves) > 1]
    assert len(observations) >= 20
    choices = {tuple(make_agent("random", "dominoes", seed).choose(o) for o in observations) for seed in range(5)}
    assert len(choices) > 1


def test_unknown_agent_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="unknown agent 'genius'"):
        make_agent("genius", "dominoes")


def test_move_distribution_is_what_each_agent_may_play_with_its_odds() -> None:
    # Double-two, all six tiles dealt: player 0 leads 2-2 (D3); player 1 holds 2-1 2-0 1-1 and both ends show 2.
    rules = Rules.from_preset("block", 2, set="double-two", hand_size=3)
    tiles = [Tile.parse(t) for t in ("2-2", "1-0", "0-0", "2-1", "2-0", "1-1")]
    hand = Hand(rules, [tiles[:3], tiles[3:]])
    hand.play("2-2")
    observation = hand.observation(1)
    one, zero = Move.parse("2-1 right"), Move.parse("2-0 right")
    assert set(observation.legal_moves) == {one, zero}
    assert make_agent("random", "dominoes", 0).move_distribution(observation) == {zero: 0.5, one: 0.5}
    assert make_agent("greedy", "dominoes", 0).move_distribution(observation) == {one: 1.0}  # 3 pips beat 2
    odds = make_agent("heuristic", "dominoes", 0).move_distribution(observation)
    assert set(odds) <= {one, zero} and abs(sum(odds.values()) - 1.0) < 1e-12
    # The heuristic's tie-break is seeded: its distribution holds every move some seed plays, no other.
    played = {make_agent("heuristic", "dominoes", seed).choose(observation) for seed in range(20)}
    assert played == set(odds)
    assert make_agent("ismcts", "dominoes", 0).move_distribution(observation).keys() <= {one, zero}
