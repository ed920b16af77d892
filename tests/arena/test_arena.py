"""The arena: scheduling, reproducibility, statistics, backends, and the command line."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from environment_helpers import require_module

from bonepile.arena import ArenaConfig, GameSpec, PairScore, Sprt, elo_ratings, play_game, run_arena, schedule
from bonepile.arena.backends import ProcessBackend, make_backend
from bonepile.arena.runner import pairings, seats_for
from bonepile.arena.stats import elo_from_score, expected_score, wilson_interval
from bonepile.core.errors import RulesError


def test_seats_fill_in_turn_and_rotate() -> None:
    assert seats_for(["a", "b"], 4, 0) == ("a", "b", "a", "b")
    assert seats_for(["a", "b"], 4, 1) == ("b", "a", "b", "a")
    assert seats_for(["a", "b"], 3, 0) == ("a", "b", "a")
    assert seats_for(["a", "b"], 3, 1) == ("b", "a", "b")
    assert seats_for(["a", "b", "c"], 2, 2) == ("c", "a")


def test_mirrored_schedule_plays_each_deal_with_the_seats_swapped() -> None:
    config = ArenaConfig("dominoes", ("a", "b"), games=6)
    specs = list(schedule(config, 2, ("a", "b"), start_deal=0))
    assert [(s.deal, s.seats) for s in specs] == [
        (0, ("a", "b")),
        (0, ("b", "a")),
        (1, ("a", "b")),
        (1, ("b", "a")),
        (2, ("a", "b")),
        (2, ("b", "a")),
    ]
    unmirrored = list(schedule(ArenaConfig("dominoes", ("a", "b"), games=3, mirror=False), 2, ("a", "b"), 0))
    assert [s.deal for s in unmirrored] == [0, 1, 2]
    assert [s.seats for s in unmirrored] == [("a", "b"), ("b", "a"), ("a", "b")]


def test_two_sided_games_pair_every_two_agents_and_free_for_all_seats_everyone() -> None:
    config = ArenaConfig("dominoes", ("a", "b", "c"), games=2)
    assert pairings(config, sides=2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert pairings(config, sides=3) == [("a", "b", "c")]


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_elo_of_two_agents_matches_the_logistic_formula_and_its_standard_error() -> None:
    encounters = [PairScore("a", "b", 1.0 if i < 600 else 0.0) for i in range(1000)]
    a, b = elo_ratings(["a", "b"], encounters, prior_draws=0)
    assert a.elo - b.elo == pytest.approx(elo_from_score(0.6), abs=0.01)  # 70.4 Elo for a 60% score
    # Delta method: se(diff) = 400 / ln 10 * se(score) / (p (1 - p)); each rating carries half the difference.
    se_score = (0.6 * 0.4 / 1000) ** 0.5
    se_difference = 400 / 2.302585093 * se_score / (0.6 * 0.4)
    assert a.half_width == pytest.approx(1.959964 * se_difference / 2, rel=0.01)
    assert a.elo == pytest.approx(-b.elo)


def test_elo_recovers_known_strengths() -> None:
    truth = {"x": -100.0, "y": 0.0, "z": 100.0}
    rng = random.Random(4)
    encounters = []
    for _ in range(6000):
        first, second = rng.sample(sorted(truth), 2)
        won = rng.random() < expected_score(truth[first] - truth[second])
        encounters.append(PairScore(first, second, 1.0 if won else 0.0))
    for rating in elo_ratings(sorted(truth), encounters):
        assert rating.interval[0] < truth[rating.name] < rating.interval[1]
        assert rating.half_width < 15


def test_sprt_decides_for_a_clearly_stronger_agent_and_against_an_equal_one() -> None:
    sprt = Sprt(0, 50)
    assert sprt.lower_bound == pytest.approx(-2.944, abs=1e-3)
    assert sprt.decide([1.0, 0.0] * 5) is None  # ten even games decide nothing
    strong = [1.0 if i % 4 else 0.0 for i in range(400)]  # a 75% score is far above +50 Elo (57%)
    assert sprt.decide(strong) == "H1"
    even = [1.0 if i % 2 else 0.0 for i in range(800)]
    assert sprt.decide(even) == "H0"


def test_a_game_is_reproducible_from_the_run_seed_and_its_deal() -> None:
    config = ArenaConfig("dominoes", ("random", "greedy"), games=3, seed=11, preset="draw", players=2)
    spec = GameSpec(index=2, deal=1, seats=("random", "greedy"), pairing=("random", "greedy"))
    first, again = play_game(config, spec), play_game(config, spec)
    assert (first.seat_won, first.seat_points, first.hands) == (again.seat_won, again.seat_points, again.hands)
    other = play_game(config, GameSpec(index=2, deal=2, seats=("random", "greedy"), pairing=("random", "greedy")))
    assert other.seed != first.seed


def test_mirrored_games_share_the_deal() -> None:
    config = ArenaConfig("dominoes", ("random", "greedy"), games=4, seed=2, preset="block", players=2)
    results = run_arena(config).results
    assert results[0].seed == results[1].seed != results[2].seed == results[3].seed
    assert results[0].seats == ("random", "greedy") and results[1].seats == ("greedy", "random")


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
    assert stats["greedy"].rating is not None and stats["random"].rating is not None
    assert stats["greedy"].rating.elo == pytest.approx(-stats["random"].rating.elo)


def test_three_agents_in_two_player_games_meet_in_every_pairing() -> None:
    config = ArenaConfig("dominoes", ("random", "greedy", "heuristic"), games=2, seed=1, preset="block", players=2)
    result = run_arena(config)
    pairs = [("random", "greedy"), ("random", "heuristic"), ("greedy", "heuristic")]
    assert Counter(r.pairing for r in result.results) == {pair: 2 for pair in pairs}
    assert all(sorted(r.seats) == sorted(r.pairing) for r in result.results)  # each pair plays itself, seat for seat
    assert {s.name: s.games for s in result.agents} == {"random": 4, "greedy": 4, "heuristic": 4}
    config = ArenaConfig("dominoes", ("random", "greedy", "random"), games=2, seed=1, preset="block", players=2)
    assert len(run_arena(config).results) == 2  # a repeated name is one agent: one pairing
    config = ArenaConfig("dominoes", ("random", "greedy"), games=2, seed=1, preset="block", players=3)
    result = run_arena(config)
    assert len(result.results) == 2 and all(len(r.seats) == 3 for r in result.results)


def test_points_per_hand_average_over_seat_hands() -> None:
    config = ArenaConfig("dominoes", ("greedy",), games=4, seed=5, preset="block", players=2)
    result = run_arena(config)
    stats = result.agents[0]
    assert stats.wins == 4  # one agent in both seats: every game has a winner among its seats
    hands = sum(r.hands for r in result.results)
    assert stats.seat_hands == 2 * hands
    assert stats.points == sum(sum(r.seat_points) for r in result.results) > 0
    assert stats.points_per_hand == pytest.approx(stats.points / (2 * hands))
    # Two agents: each one's points over the hands its own seats played.
    result = run_arena(ArenaConfig("dominoes", ("random", "greedy"), games=6, seed=5, preset="draw", players=2))
    for stats in result.agents:
        points = sum(
            p for r in result.results for seat, p in zip(r.seats, r.seat_points, strict=True) if seat == stats.name
        )
        seat_hands = sum(r.hands * r.seats.count(stats.name) for r in result.results)
        assert seat_hands > 0 and points > 0
        assert stats.points_per_hand == pytest.approx(points / seat_hands)


def test_hands_only_plays_one_hand_per_game() -> None:
    config = ArenaConfig("dominoes", ("random", "greedy"), games=10, seed=1, hands_only=True)
    result = run_arena(config)
    assert all(r.hands == 1 for r in result.results)


def test_sprt_stops_a_lopsided_pairing_early() -> None:
    config = ArenaConfig("dominoes", ("greedy", "random"), games=4000, seed=1, preset="block", players=2, sprt=(0, 30))
    result = run_arena(config)
    assert result.sprt_decisions == {("greedy", "random"): "H1"}
    assert len(result.results) < 4000
    assert len(result.results) % 2 == 0  # never half a mirrored deal


def test_config_rejects_empty_runs() -> None:
    with pytest.raises(RulesError):
        ArenaConfig("dominoes", (), games=1)
    with pytest.raises(RulesError):
        ArenaConfig("dominoes", ("random",), games=0)


def _summary(config: ArenaConfig, **kwargs: object) -> list[tuple[object, ...]]:
    result = run_arena(config, **kwargs)  # type: ignore[arg-type]
    return [(r.pairing, r.index, r.seats, r.seat_won, r.seat_points, r.hands, r.seed) for r in result.results]


def test_worker_processes_give_exactly_the_serial_results() -> None:
    config = ArenaConfig("dominoes", ("random", "greedy"), games=16, seed=8, preset="draw", players=3)
    with ProcessBackend(2) as backend:
        parallel = _summary(config, backend=backend, batch_size=2, parallelism=2)
    assert parallel == _summary(config)


def test_ray_backend_runs_a_small_tournament_locally() -> None:
    require_module("ray", "in the extra 'test'")
    config = ArenaConfig("dominoes", ("random", "greedy"), games=8, seed=8, preset="block", players=2)
    with make_backend("ray", jobs=2) as backend:
        remote = _summary(config, backend=backend, batch_size=4, parallelism=2)
    assert remote == _summary(config)


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
        assert agent["elo_95"][0] <= agent["elo"] <= agent["elo_95"][1]


def test_cli_arena_writes_results_and_plot(tmp_path: Path) -> None:
    require_module("matplotlib", "in the extra 'test'")
    out, plot = tmp_path / "results.json", tmp_path / "elo.png"
    done = _bonepile(
        "arena", "dominoes", "--games", "6", "--jobs", "2", "--out", str(out), "--plot", str(plot), "--json"
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(out.read_text()) == json.loads(done.stdout)
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cli_arena_table_and_clear_errors() -> None:
    done = _bonepile("arena", "dominoes", "--games", "3", "--preset", "block", "--players", "3", "--jobs", "1")
    assert done.returncode == 0, done.stderr
    assert "win rate" in done.stdout and "random" in done.stdout and "greedy" in done.stdout
    assert "Elo" in done.stdout
    bad = _bonepile("arena", "dominoes", "--preset", "partnership", "--players", "2")
    assert bad.returncode == 2
    assert "partnership" in bad.stderr and "Traceback" not in bad.stderr
    unknown = _bonepile("arena", "dominoes", "--agents", "random,nobody")
    assert unknown.returncode == 2 and "nobody" in unknown.stderr
    sprt = _bonepile("arena", "dominoes", "--sprt", "5")
    assert sprt.returncode == 2 and "--sprt" in sprt.stderr
