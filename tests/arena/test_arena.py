"""The arena: seat assignment, reproducibility, statistics, and the command line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bonepile.arena import ArenaConfig, play_one, run_arena, wilson_interval
from bonepile.arena.runner import seats_for
from bonepile.core.errors import RulesError


def test_seats_fill_in_turn_and_rotate_from_game_to_game() -> None:
    assert seats_for(["a", "b"], 4, 0) == ("a", "b", "a", "b")
    assert seats_for(["a", "b"], 4, 1) == ("b", "a", "b", "a")
    assert seats_for(["a", "b"], 3, 0) == ("a", "b", "a")
    assert seats_for(["a", "b"], 3, 1) == ("b", "a", "b")
    assert seats_for(["a", "b", "c"], 2, 2) == ("c", "a")


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_a_game_is_reproducible_from_the_run_seed_and_its_index() -> None:
    config = ArenaConfig("dominoes", ("random", "greedy"), games=3, seed=11, preset="draw", players=2)
    assert play_one(config, 2) == play_one(config, 2)
    assert play_one(config, 1) != play_one(config, 2)


def test_partnership_agents_share_teams_and_every_game_has_one_winning_team() -> None:
    config = ArenaConfig("dominoes", ("random", "greedy"), games=12, seed=3, preset="partnership", players=4)
    result = run_arena(config)
    for game in result.results:
        assert game.seats in (("random", "greedy", "random", "greedy"), ("greedy", "random", "greedy", "random"))
        assert game.seat_won[0] == game.seat_won[2] != game.seat_won[1] == game.seat_won[3]
        assert game.seat_points[0] == game.seat_points[2]
    stats = {s.name: s for s in result.agents}
    assert stats["random"].wins + stats["greedy"].wins == 12
    assert stats["random"].games == stats["greedy"].games == 12


def test_points_per_hand_average_over_seat_hands() -> None:
    config = ArenaConfig("dominoes", ("greedy",), games=4, seed=5, preset="block", players=2)
    result = run_arena(config)
    stats = result.agents[0]
    # One agent in both seats: every game has a winner among its seats, and the points are both seats' gains.
    assert stats.wins == 4
    hands = sum(r.hands for r in result.results)
    assert stats.seat_hands == 2 * hands
    assert stats.points == sum(sum(r.seat_points) for r in result.results)


def test_hands_only_plays_one_hand_per_game() -> None:
    config = ArenaConfig("dominoes", ("random", "greedy"), games=10, seed=1, hands_only=True)
    result = run_arena(config)
    assert all(r.hands == 1 for r in result.results)


def test_config_rejects_empty_runs() -> None:
    with pytest.raises(RulesError):
        ArenaConfig("dominoes", (), games=1)
    with pytest.raises(RulesError):
        ArenaConfig("dominoes", ("random",), games=0)


def _bonepile(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bonepile.cli.main", *args], capture_output=True, text=True, timeout=120
    )


def test_cli_arena_json_counts_every_game() -> None:
    done = _bonepile("arena", "dominoes", "--agents", "random,greedy", "--games", "8", "--seed", "2", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["games"] == 8
    assert {a["agent"] for a in data["agents"]} == {"random", "greedy"}
    assert sum(a["wins"] for a in data["agents"]) == 8
    for agent in data["agents"]:
        low, high = agent["win_rate_95"]
        assert low <= agent["win_rate"] <= high


def test_cli_arena_table_and_clear_errors() -> None:
    done = _bonepile("arena", "dominoes", "--games", "3", "--preset", "block", "--players", "3")
    assert done.returncode == 0, done.stderr
    assert "win rate" in done.stdout and "random" in done.stdout and "greedy" in done.stdout
    bad = _bonepile("arena", "dominoes", "--preset", "partnership", "--players", "2")
    assert bad.returncode == 2
    assert "partnership" in bad.stderr and "Traceback" not in bad.stderr
    unknown = _bonepile("arena", "dominoes", "--agents", "random,nobody")
    assert unknown.returncode == 2 and "nobody" in unknown.stderr
