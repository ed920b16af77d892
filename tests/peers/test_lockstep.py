"""Lockstep differential tests: our Dominoes rules against OpenSpiel and the ``dominoes`` package, move by move.

Each peer is optional (the extra ``peers``); its tests are skipped, with the
reason, when it is not installed. Hundreds of random hands per peer must agree
on every legal move, turn, end and result, except the named known peer bugs;
rules or move mappings that are deliberately wrong must be caught, which
proves the bridge can fail.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from environment_helpers import require_module

from bonepile.dominoes import End, Hand, Move, Observation, Rules, Termination, Tile
from bonepile.peers import Decider, LockstepMismatch, LockstepResult, OurDecider, PeerDecider, bonepile_decider
from bonepile.peers import dominoes_package as package
from bonepile.peers import openspiel_dominoes as spiel

GAMES_PER_PEER = 1000


@pytest.fixture(scope="module")
def openspiel() -> None:
    require_module("pyspiel", "open_spiel, in the extra 'peers'")
    require_module("open_spiel.python.games", "open_spiel, in the extra 'peers'")


@pytest.fixture(scope="module")
def dominoes_package() -> None:
    require_module("dominoes", "the dominoes package, in the extra 'peers'")


def heaviest(observation: Observation) -> Move:
    """A deterministic policy that does not depend on the engine's order of moves: heaviest tile, left first."""
    return max(
        observation.legal_moves,
        key=lambda m: (m.tile.pips, m.tile.index, m.end is End.LEFT) if m.tile is not None else (-1, -1, False),
    )


HEAVIEST = OurDecider("heaviest", heaviest)


def deal(rules: Rules, text: str, leader: int | None = None) -> Hand:
    """A fresh hand from literal hands ``"6-6 5-4 / 3-2 ..."``; all other tiles are never dealt."""
    hands = [[Tile.parse(word) for word in part.split()] for part in text.split("/")]
    return Hand(rules, hands, leader=leader)


def mixed_seats(seed: int, players: int, theirs: Any) -> list[Decider]:
    """Random deciders: all ours, all theirs, or alternating between ours and theirs, by ``seed``."""
    pattern = seed % 4
    seats: list[Decider] = []
    for seat in range(players):
        ours = pattern == 0 or (pattern == 2 and seat % 2 == 0) or (pattern == 3 and seat % 2 == 1)
        seats.append(bonepile_decider("random", seed * 10 + seat) if ours else theirs(seed * 10 + seat))
    return seats


def block_lockstep(decider_seats: Sequence[Decider], **options: Any) -> LockstepResult:
    return spiel.play_lockstep(spiel.BLOCK, decider_seats, **options)


# ------------------------------------------------------------------ OpenSpiel python_block_dominoes


@pytest.mark.usefixtures("openspiel")
def test_openspiel_block_random_hands_agree_move_by_move() -> None:
    seen: dict[str, int] = {}
    for seed in range(GAMES_PER_PEER):
        result = block_lockstep(mixed_seats(seed, 2, spiel.openspiel_random_decider), seed=seed)
        assert result.outcome.termination in (Termination.DOMINO, Termination.BLOCKED)
        seen[result.outcome.termination.value] = seen.get(result.outcome.termination.value, 0) + 1
        assert set(result.peer_bugs) <= {"openspiel-zero-point-domino-is-a-draw"}
    assert seen.keys() == {"domino", "blocked"}


@pytest.mark.usefixtures("openspiel")
def test_openspiel_block_zero_point_domino_is_a_draw_there_a_win_here() -> None:
    # D6, D7: player 0 goes out while player 1 holds only the 0-0; OpenSpiel compares 0 pips with 0 pips.
    rules = spiel.rules_for(spiel.BLOCK)
    hand = deal(rules, "3-1 4-0 4-1 5-1 6-0 6-2 6-5 / 0-0 2-0 3-2 5-2 5-3 6-3 6-6", leader=0)
    result = block_lockstep([HEAVIEST, HEAVIEST], hand=hand)
    assert result.outcome.termination is Termination.DOMINO
    assert (result.outcome.winner, result.outcome.points, result.outcome.pips) == (0, (0, 0), (0, 0))
    assert (result.peer_winner, result.peer_points) == (None, (0, 0))
    assert result.peer_bugs == ("openspiel-zero-point-domino-is-a-draw",)


@pytest.mark.usefixtures("openspiel")
def test_openspiel_block_catches_our_default_scoring() -> None:
    # D7: block's own default, opponents_minus_own, differs from OpenSpiel's after a blocked hand.
    rules = Rules.from_preset("block", 2, leader="first_seat")
    with pytest.raises(LockstepMismatch, match="result of the hand \\(blocked\\)"):
        for seed in range(100):
            block_lockstep(
                [bonepile_decider("random", seed), bonepile_decider("random", seed + 1)], seed=seed, rules=rules
            )


@pytest.mark.usefixtures("openspiel")
def test_openspiel_block_catches_the_d3_leader() -> None:
    rules = Rules.from_preset("block", 2, hand_score="opponents")  # D3: highest double leads, not seat 0 with any tile
    with pytest.raises(LockstepMismatch, match="after move 0: the legal moves") as caught:
        block_lockstep([HEAVIEST, HEAVIEST], seed=0, rules=rules)
    assert caught.value.move_number == 0


class OtherEndMap(spiel.ActionMap):
    """A deliberately wrong mapping: names the tile's new open number instead of the number it covers."""

    def to_action(self, player: int, key: tuple[Tile, int | None]) -> int | None:
        tile, edge = key
        return super().to_action(player, key if edge is None else (tile, tile.other_end(edge)))


@pytest.mark.usefixtures("openspiel")
def test_openspiel_block_catches_a_wrong_move_mapping() -> None:
    wrong = OtherEndMap(spiel._modules(spiel.BLOCK)[1])
    with pytest.raises(LockstepMismatch, match="the peer refused a move legal for both") as caught:
        block_lockstep([HEAVIEST, HEAVIEST], seed=3, action_map=wrong)
    assert caught.value.move_number >= 1
    assert "bonepile" in str(caught.value)


# ------------------------------------------------------------------ OpenSpiel python_team_dominoes


@pytest.mark.usefixtures("openspiel")
def test_openspiel_team_random_hands_agree_but_for_the_known_bug() -> None:
    bugs = 0
    for seed in range(GAMES_PER_PEER):
        result = spiel.play_lockstep(spiel.TEAM, mixed_seats(seed, 4, spiel.openspiel_random_decider), seed=seed)
        outcome = result.outcome
        totals = (outcome.pips[0] + outcome.pips[2], outcome.pips[1] + outcome.pips[3])
        if result.peer_bugs:
            # Exactly the known case: a domino by the team that holds as many pips as the other, or more.
            assert result.peer_bugs == ("openspiel-team-domino-by-totals",)
            assert outcome.termination is Termination.DOMINO
            assert outcome.winner is not None and totals[outcome.winner] >= totals[1 - outcome.winner]
            bugs += 1
        else:
            assert (result.peer_winner, result.peer_points) == (outcome.winner, outcome.points)
    assert bugs > 0


@pytest.mark.usefixtures("openspiel")
@pytest.mark.parametrize(
    ("hands", "went_out", "ours", "theirs"),
    [
        # Player 2 goes out; team 0 still holds 9 pips, team 1 holds 3: OpenSpiel gives team 1 the hand.
        (
            "2-2 3-2 3-3 4-3 5-4 5-5 6-0 / 0-0 2-0 4-4 5-0 5-2 5-3 6-5 / 1-1 4-0 5-1 6-2 6-3 6-4 6-6"
            " / 1-0 2-1 3-0 3-1 4-1 4-2 6-1",
            2,
            (0, (3, 0)),
            (1, (0, 9)),
        ),
        # Player 0 goes out; both teams hold 6 pips: OpenSpiel calls it a tie.
        (
            "4-2 5-3 5-4 6-0 6-3 6-4 6-5 / 2-2 3-2 4-1 4-4 5-5 6-2 6-6 / 0-0 1-0 2-0 4-0 4-3 5-1 5-2"
            " / 1-1 2-1 3-0 3-1 3-3 5-0 6-1",
            0,
            (0, (6, 0)),
            (None, (0, 0)),
        ),
    ],
)
def test_openspiel_team_domino_judged_by_team_totals_is_the_known_bug(
    hands: str, went_out: int, ours: tuple[int, tuple[int, int]], theirs: tuple[int | None, tuple[int, int]]
) -> None:
    hand = deal(spiel.rules_for(spiel.TEAM), hands, leader=0)
    result = spiel.play_lockstep(spiel.TEAM, [HEAVIEST] * 4, hand=hand)
    assert result.outcome.termination is Termination.DOMINO
    assert result.outcome.winning_player == went_out
    assert (result.outcome.winner, result.outcome.points) == ours
    assert (result.peer_winner, result.peer_points) == theirs
    assert result.peer_bugs == ("openspiel-team-domino-by-totals",)


@pytest.mark.usefixtures("openspiel")
def test_openspiel_team_catches_partnership_scoring() -> None:
    # D7 partnership scores every pip left ("all"); OpenSpiel only the losers' pips.
    rules = Rules.from_preset("partnership", leader="first_seat")
    with pytest.raises(LockstepMismatch, match="result of the hand"):
        for seed in range(50):
            spiel.play_lockstep(
                spiel.TEAM, [bonepile_decider("random", seed + s) for s in range(4)], seed=seed, rules=rules
            )


# ------------------------------------------------------------------ the dominoes package


@pytest.mark.usefixtures("dominoes_package")
def test_dominoes_package_random_hands_agree_move_by_move() -> None:
    seen: set[tuple[str, bool]] = set()
    for seed in range(GAMES_PER_PEER):
        starting_player = None if seed % 2 else (seed // 2) % 4  # 6-6 opens (D3), or a seat opens with any tile
        seats = mixed_seats(seed, 4, package.dominoes_random_decider)
        result = package.play_lockstep(seats, seed=seed, starting_player=starting_player)
        assert result.peer_bugs == ()
        assert (result.peer_winner, result.peer_points) == (result.outcome.winner, result.outcome.points)
        seen.add((result.outcome.termination.value, starting_player is None))
    assert len(seen) == 4


@pytest.mark.usefixtures("dominoes_package")
def test_dominoes_package_first_tile_is_the_double_six() -> None:
    result = package.play_lockstep([HEAVIEST] * 4, seed=11)
    assert result.moves[0] == Move.parse("6-6")


@pytest.mark.usefixtures("dominoes_package")
@pytest.mark.parametrize("options", [{"hand_score": "opponents"}, {"leader": "first_seat"}])
def test_dominoes_package_catches_wrong_rules(options: dict[str, Any]) -> None:
    rules = Rules.from_preset("partnership", **options)
    with pytest.raises(LockstepMismatch):
        for seed in range(50):
            package.play_lockstep([bonepile_decider("random", seed + s) for s in range(4)], seed=seed, rules=rules)


# ------------------------------------------------------------------ deciders for the strength benchmark


@pytest.mark.usefixtures("openspiel")
@pytest.mark.parametrize("game", [spiel.BLOCK, spiel.TEAM])
def test_openspiel_ismcts_decider_plays_a_hand_through_the_bridge(game: str) -> None:
    players = 2 if game == spiel.BLOCK else 4
    seats: list[Decider] = [
        spiel.openspiel_ismcts_decider(simulations=50, seed=seat) if seat % 2 == 0 else bonepile_decider("greedy")
        for seat in range(players)
    ]
    result = spiel.play_lockstep(game, seats, seed=5)
    assert result.outcome.termination in (Termination.DOMINO, Termination.BLOCKED)


@pytest.mark.usefixtures("openspiel")
@pytest.mark.parametrize("game", [spiel.BLOCK, spiel.TEAM])
def test_resampled_worlds_replay_the_same_history(game: str) -> None:
    """Every world ISMCTS imagines could be the real one: dealt again, OpenSpiel replays the same turns."""
    pyspiel, _ = spiel._modules(game)
    rules = spiel.rules_for(game)
    rng = random.Random(1)
    checked = 0
    for _ in range(30):
        state = pyspiel.load_game(game).new_initial_state()
        while state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        while not state.is_terminal():
            player = state.current_player()
            world = spiel.resample_world(state, player, rng)
            assert world.information_state_string(player) == state.information_state_string(player)
            replayed = replay_from_deal(pyspiel, game, rules, world)
            assert replayed.current_player() == player
            checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 100


def replay_from_deal(pyspiel: Any, game: str, rules: Rules, world: Any) -> Any:
    """Deal ``world``'s hands as they were before play (held + played tiles) and replay its history."""
    played: list[list[Any]] = [[] for _ in world.hands]
    for action in world.actions_history:
        played[action.player].append(action.tile)
    dealt = [sorted(list(held) + played[p]) for p, held in enumerate(world.hands)]
    hand = Hand(rules, [[Tile(int(a), int(b)) for a, b in tiles] for tiles in dealt], leader=0)
    peer = spiel.OpenSpielPeer(game, hand, spiel.action_map(game))
    state = peer.state
    for action in world.actions_history:
        assert state.current_player() == action.player  # a skipped player really held nothing playable
        key = (Tile(int(action.tile[0]), int(action.tile[1])), None if action.edge is None else int(action.edge))
        state.apply_action(peer.map.to_action(action.player, key))
    return state


@pytest.mark.usefixtures("dominoes_package")
@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("identity", {}),
        ("random", {}),
        ("reverse", {}),
        ("bota_gorda", {}),
        ("double", {}),
        ("omniscient", {"start_move": 8}),  # alpha-beta over every hand: one hand only, searched from move 8
        ("probabilistic_alphabeta", {"start_move": 12, "sample_size": 3}),
    ],
)
def test_dominoes_package_players_play_a_hand_through_the_bridge(name: str, options: dict[str, Any]) -> None:
    seats: list[Decider] = [
        package.dominoes_package_player(name, seed=seat, **options) if seat % 2 == 0 else bonepile_decider("greedy")
        for seat in range(4)
    ]
    result = package.play_lockstep(seats, seed=2)
    assert result.outcome.termination in (Termination.DOMINO, Termination.BLOCKED)


@pytest.mark.usefixtures("dominoes_package")
def test_dominoes_package_player_is_reproducible_and_leaves_the_global_random_alone() -> None:
    def hand_with(seed: int) -> tuple[Move, ...]:
        seats: list[Decider] = [package.dominoes_package_player("random", seed=seed + seat) for seat in range(4)]
        return package.play_lockstep(seats, seed=4).moves

    random.seed(123)
    expected_next = random.random()
    random.seed(123)
    first = hand_with(1)
    assert random.random() == expected_next
    assert hand_with(1) == first


@pytest.mark.usefixtures("dominoes_package")
def test_dominoes_package_player_rejects_unknown_names() -> None:
    with pytest.raises(ValueError, match="unknown dominoes package player"):
        package.dominoes_package_player("counter")


@pytest.mark.usefixtures("openspiel")
def test_peer_decider_move_illegal_for_the_peer_is_refused() -> None:
    wrong = PeerDecider("always-action-0", lambda state: 0)  # p0 opening 0-0: legal only if p0 holds it
    hand = deal(spiel.rules_for(spiel.BLOCK), "6-6 6-5 6-4 6-3 6-2 6-1 6-0 / 5-5 5-4 5-3 5-2 5-1 5-0 4-4", leader=0)
    with pytest.raises(ValueError, match="not legal"):
        block_lockstep([wrong, HEAVIEST], hand=hand)
