"""The game object: records and replay, the registry, observations, and the agents and arena on top."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from triominoes_helpers import position, setup

from bonepile.ai import make_agent
from bonepile.games import game_info, replay_record
from bonepile.triominoes import (
    DRAW,
    RECORD_FORMAT,
    Game,
    IllegalMoveError,
    InvalidPositionError,
    RecordError,
    Round,
    Rules,
    RulesError,
    Termination,
    Tile,
    replay,
    t8_winners,
)

B0 = "0-1-2 c0 r0 up"


def random_game(preset: str = "pressman", players: int = 3, seed: int = 9, **options: Any) -> Game:
    game = Game.new(preset, players, seed=seed, **options)
    rng = random.Random(seed)
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    return game


def test_a_record_names_everything_needed_to_replay() -> None:
    game = random_game("goliath", 3)
    record = game.to_record(["Ann", "Bob", "Cy"])
    assert record["format"] == RECORD_FORMAT == "bonepile-record/1"
    assert record["game"] == "triominoes" and record["preset"] == "goliath" and record["seed"] == 9
    assert record["players"] == ["Ann", "Bob", "Cy"]
    assert record["options"] == game.rules.to_dict()
    assert record["rounds"] == len(game.hand_summaries) and record["scores"] == list(game.scores)
    assert record["result"]["termination"] == "target reached"
    assert set(record["result"]["winners"]) == game.winners
    again = replay(record)
    assert again.moves == game.moves and again.scores == game.scores and again.winners == game.winners


def test_replay_names_the_first_bad_move() -> None:
    record = random_game().to_record()
    bad = copy.deepcopy(record)
    bad["moves"][4] = "5-5-5 c40 r40 up"
    with pytest.raises(RecordError, match=r"move 5 \(round 1\) '5-5-5 c40 r40 up' does not replay"):
        replay(bad)
    bad["moves"][4] = "0-2-1 c0 r0 up"
    with pytest.raises(RecordError, match=r"move 5 .* never flip"):
        replay(bad)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"format": "other/2"}, "unknown record format"),
        ({"game": "dominoes"}, "not a triominoes record"),
        ({"options": None}, "no 'options'"),
        ({"preset": "classic"}, "does not match the options"),
        ({"seed": "7"}, "seed must be a whole number"),
        ({"scores": [1, 2, 3]}, "do not match the replay"),
        ({"rounds": 99}, "counts 99 rounds"),
    ],
)
def test_replay_refuses_a_record_that_does_not_match(change: dict[str, Any], reason: str) -> None:
    record = random_game().to_record()
    record.update(change)
    with pytest.raises(RecordError, match=reason):
        replay(record)


def test_replay_refuses_moves_after_the_end_and_results_that_differ() -> None:
    record = random_game().to_record()
    with pytest.raises(RecordError, match="after the end of the game"):
        replay({**record, "moves": [*record["moves"], "pass"]})
    with pytest.raises(RecordError, match="does not match"):
        replay({**record, "result": {**record["result"], "winners": [5]}})
    with pytest.raises(RecordError, match="do not finish the game"):
        replay({**record, "moves": record["moves"][:10], "scores": None})


def test_an_unfinished_game_records_and_resumes() -> None:
    game = Game.new("classic", 4, seed=2)
    for _ in range(30):
        game.play(game.legal_moves()[0])
    record = game.to_record()
    assert record["result"] is None
    again = replay(record)
    assert again.position() == game.position() and again.to_move == game.to_move


def test_timeouts_are_recorded_and_replayed() -> None:
    game = Game.new("pressman", 2, seed=4, turn_time_limit=20)
    game.play(game.legal_moves()[0])
    game.turn_time_out()
    game.play("timeout")
    assert [str(m) for m in game.moves][1:] == ["timeout", "timeout"]
    assert replay(game.to_record()).scores == game.scores


def test_a_game_from_a_position_has_no_record_and_refuses_moves_once_over() -> None:
    game = Game.from_round(setup("pressman", position(B0, "3-3-3 / 0-0-1", scores="395 390", turn=1)))
    with pytest.raises(ValueError, match="no record"):
        game.to_record()
    game.play("0-0-1")
    assert game.is_over and game.winners == frozenset({1})
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.play(DRAW)


def test_the_registry_builds_and_replays_triominoes() -> None:
    info = game_info("triominoes")
    assert info.default_preset == "pressman" and info.players == (2, 6)
    assert set(info.presets) == {"pressman", "goliath", "classic"}
    assert all(isinstance(text, str) and text for text in info.presets.values())
    game = info.new_game("goliath", 5, 3)
    assert game.num_players == 5 and game.rules.preset == "goliath"
    finished = random_game("classic", 2)
    assert replay_record(finished.to_record()).scores == finished.scores
    with pytest.raises(RulesError):
        info.new_game("nonsense", 2, 0)


def test_observations_show_only_the_players_own_tiles_and_public_counts() -> None:
    game = Game.new("pressman", 4, seed=12)
    while game.round.pool_size > 20 or not game.round.board:
        game.play(game.legal_moves()[0])
    player = game.to_move
    assert player is not None
    other = (player + 1) % 4
    mine, theirs = game.observation(player), game.observation(other)
    assert mine.hand == game.round.tiles_of(player) and theirs.hand == game.round.tiles_of(other)
    assert mine.legal_moves == game.legal_moves() and theirs.legal_moves == ()
    assert mine.tile_counts == tuple(game.round.tile_count(p) for p in range(4))
    assert mine.pool_size == game.round.pool_size and mine.scores == game.scores
    assert mine.board == game.round.board and mine.round_number == 1
    for move, points in zip(mine.legal_moves, mine.legal_points, strict=True):
        assert mine.move_points(move) == points == game.round.move_points(move)
    with pytest.raises(IllegalMoveError):
        theirs.move_points(mine.legal_moves[0])


def test_observation_events_show_draws_penalties_passes_and_bonuses() -> None:
    round_ = setup("pressman", position(B0, "3-3-3 / 0-0-1 5-5-5", "1-1-1"))
    round_.play(DRAW)
    round_.play(round_.legal_moves()[0])
    events = round_.observation(1).events
    assert [(e.player, e.kind.value, e.points) for e in events] == [(0, "draw", -5), (0, "pass", -10)]
    assert all(e.tile is None for e in events)
    assert str(events[0]) == "0: draw, -5 draw"


def test_the_greedy_agent_takes_the_hexagon() -> None:
    board = "0-1-5 c0 r0 up, 1-2-5 c1 r0 down, 5-3-4 c2 r-1 down, 5-5-4 c1 r-1 up, 0-5-5 c0 r-1 down"
    round_ = setup("pressman", position(board, "2-3-5 4-4-5 0-2-2 / 3-3-3", "4-4-4"))
    # 4-4-5 is worth more (13, as 5-4-4 c1 r-2 down) but only the 10-point 2-3-5 closes the ring (+50).
    choice = make_agent("greedy", "triominoes").choose(round_.observation(0))
    assert str(choice) == "5-2-3 c2 r0 up"


def test_greedy_and_random_agents_finish_a_game_from_observations_alone() -> None:
    game = Game.new("goliath", 3, seed=8)
    agents = [make_agent(name, "triominoes", seed) for seed, name in enumerate(("greedy", "random", "greedy"))]
    while not game.is_over:
        player = game.to_move
        assert player is not None
        game.play(agents[player].choose(game.observation(player)), player=player)
    assert game.winners and max(game.scores) >= 400


def test_errors_carry_a_public_message_without_the_hidden_tiles() -> None:
    round_ = setup("pressman", position(B0, "0-0-1 3-3-3 / 5-5-5", "4-4-4"))
    with pytest.raises(IllegalMoveError) as error:
        round_.play("3-3-3 c1 r0 down")
    assert "5-5-5" in str(error.value) and "5-5-5" not in error.value.public
    assert "left corner would show 3" in error.value.public


def test_t8_winners_rule() -> None:
    assert t8_winners((410, 405), frozenset({1})) == frozenset({0})
    assert t8_winners((410, 410, 3), frozenset({1})) == frozenset({1})
    assert t8_winners((410, 410, 3), frozenset({2})) == frozenset({0, 1})
    assert t8_winners((410, 410, 3), frozenset()) == frozenset({0, 1})


def test_round_copy_is_independent() -> None:
    round_ = Round.deal(Rules.from_preset("goliath", 2), random.Random(1))
    twin = round_.copy()
    twin.play(twin.legal_moves()[0])
    assert round_.position() != twin.position()
    assert not round_.board and len(twin.board) == 1


def test_a_summary_lists_the_round_end_and_its_termination_value() -> None:
    round_ = setup("pressman", position(B0, "0-0-1 / 3-3-3"))
    summary = round_.play("0-0-1")
    assert summary is not None and summary.termination is Termination.GOING_OUT
    assert summary.termination.value == "going out"
    assert summary.tile_counts == (0, 1) and summary.tile_values == (0, 9)
    assert summary.points_for(summary.items[0].reason) == (1, 0)


def test_a_round_from_a_given_deal_applies_t3_or_the_named_starter() -> None:
    tiles = [Tile.parse(t) for t in ("0-1-2", "4-4-4", "1-1-1", "2-3-4", "5-5-5")]
    pressman = Rules.from_preset("pressman", 2)
    round_ = Round(pressman, [tiles[:2], tiles[2:4]], [tiles[4]])
    assert round_.to_move == 0 and [str(m) for m in round_.legal_moves()] == ["4-4-4 c0 r0 up"]
    named = Round(Rules.from_preset("goliath", 2), [tiles[:2], tiles[2:4]], [tiles[4]], starter=1)
    assert named.to_move == 1 and [str(m.tile) for m in named.legal_moves()] == ["1-1-1", "2-3-4"]
    with pytest.raises(InvalidPositionError, match="dealt twice"):
        Round(pressman, [tiles[:2], tiles[1:3]])
    with pytest.raises(InvalidPositionError, match="draw-one start is chance"):
        Round(Rules.from_preset("goliath", 2), [tiles[:2], tiles[2:4]])


def test_the_frontier_and_the_placements_of_any_tiles() -> None:
    round_ = setup("pressman", position(B0, "3-3-3 / 5-5-5", "4-4-4"))
    assert [str(p) for p in round_.frontier()] == ["c0 r-1 down", "c-1 r0 down", "c1 r0 down"]
    assert [str(m) for m in round_.placements([Tile.parse("0-0-1"), Tile.parse("1-2-2")])] == [
        "0-1-0 c-1 r0 down",
        "1-2-2 c1 r0 down",
    ]
    assert not round_.can_place(0) and not round_.can_place(1)
