"""Random-playout conformance over every preset and player count (the OpenSpiel random_sim_test idea).

After every move of seeded random games: all 56 tiles are accounted for, every
grid point carries one number, each score is the sum of its itemized events,
the position text round-trips, every legal move's text round-trips, and an
observation does not change when hidden tiles do. Every finished game's record
replays to the same scores.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from triominoes_helpers import board_numbers, tri_corners, tri_neighbours, tri_of_move

from bonepile.ai import make_agent
from bonepile.games import game_info, replay_record
from bonepile.triominoes import (
    PRESETS,
    TILES,
    EventKind,
    Game,
    Move,
    MoveKind,
    Round,
    Termination,
    Tile,
    replay,
)


def check_tiles(round_: Round) -> None:
    """T1/T2: the board, the hands and the pool hold the 56 tiles, each once."""
    held = [m.tile for m in round_.board]
    held += [t for p in range(round_.num_players) for t in round_.tiles_of(p)]
    held += list(round_.pool())
    assert len(held) == 56 and set(held) == set(TILES)


def check_grid(round_: Round) -> None:
    """T4: every grid point carries one number, the same for every tile touching it."""
    numbers = board_numbers(round_.board)
    for (q, r), number in numbers.items():
        assert round_.number_at(q, r) == number
    # The layout is one piece joined by edges.
    board = {tri_of_move(m) for m in round_.board}
    if board:
        seen = {next(iter(board))}
        stack = list(seen)
        while stack:
            for n in tri_neighbours(stack.pop()):
                if n in board and n not in seen:
                    seen.add(n)
                    stack.append(n)
        assert seen == board
    assert all(len(tri_corners(t)) == 3 for t in board)


def check_scores(game: Game) -> None:
    """Each player's score is the sum of their itemized points, over every round."""
    totals = [0] * game.num_players
    items = [i for s in game.hand_summaries for i in s.items]
    if not game.round.is_over:
        items += game.round.items
    for item in items:
        totals[item.player] += item.points
    assert tuple(totals) == game.scores
    for summary in game.hand_summaries:
        per_player = [0] * game.num_players
        for item in summary.items:
            per_player[item.player] += item.points
        assert tuple(per_player) == summary.points


def check_position(round_: Round) -> None:
    """The position text round-trips, and the rebuilt round offers the same moves for the same points."""
    text = round_.position()
    twin = Round.from_position(round_.rules, text)
    assert twin.position() == text
    assert [str(m) for m in twin.legal_moves()] == [str(m) for m in round_.legal_moves()]
    assert twin.legal_points() == round_.legal_points()
    for move in round_.legal_moves():
        assert Move.parse(str(move)) == move


def field(text: str, name: str) -> str:
    return next(part.split(": ", 1)[1] for part in text.split("; ") if part.startswith(name + ": "))


def hide_differently(text: str, observer: int, rng: random.Random) -> str | None:
    """The same position with what ``observer`` cannot see changed: another hand swapped with the pool,
    or two other hands swapping a tile, and the pool's order shuffled."""
    hands = [h.split() if h.strip() != "-" else [] for h in field(text, "hands").split(" / ")]
    pool = field(text, "pool").split() if field(text, "pool") != "-" else []
    # Tiles named by 'open' were shown to everyone (T3), so they stay where they are.
    shown = set(field(text, "open").split()) if "; open: " in text else set()
    movable = {p: [i for i, t in enumerate(h) if t not in shown] for p, h in enumerate(hands)}
    others = [p for p in range(len(hands)) if p != observer and movable[p]]
    if not others:
        return None
    victim = rng.choice(others)
    i = rng.choice(movable[victim])
    if pool:
        j = rng.randrange(len(pool))
        hands[victim][i], pool[j] = pool[j], hands[victim][i]
    else:
        partners = [p for p in others if p != victim]
        if not partners:
            return None
        partner = rng.choice(partners)
        j = rng.choice(movable[partner])
        hands[victim][i], hands[partner][j] = hands[partner][j], hands[victim][i]
    hands = [sorted(h, key=lambda t: Tile.parse(t).index) for h in hands]
    rng.shuffle(pool)
    changed = text.replace("hands: " + field(text, "hands"), "hands: " + " / ".join(" ".join(h) or "-" for h in hands))
    return changed.replace("pool: " + field(text, "pool"), "pool: " + (" ".join(pool) or "-"))


def check_hidden(round_: Round, rng: random.Random) -> None:
    """An observation depends only on what its player may see."""
    text = round_.position()
    for observer in {round_.to_move or 0, rng.randrange(round_.num_players)}:
        changed = hide_differently(text, observer, rng)
        if changed is None or changed == text:
            continue
        one = Round.from_position(round_.rules, text).observation(observer)
        two = Round.from_position(round_.rules, changed).observation(observer)
        assert one == two
    for event in round_.events:
        if event.kind in (EventKind.DRAW, EventKind.SETUP_DRAW):
            assert event.tile is None  # a drawn tile is never shown


def play_checked(game: Game, rng: random.Random, timeouts: bool) -> None:
    agents = [
        make_agent("greedy" if seat == 0 else "random", "triominoes", seed=seat) for seat in range(game.num_players)
    ]
    midway: dict[str, object] | None = None
    steps = 0
    while not game.is_over:
        round_ = game.round
        check_tiles(round_)
        check_grid(round_)
        check_scores(game)
        if steps % 3 == 0:
            check_position(round_)
        if steps % 7 == 0:
            check_hidden(round_, rng)
        player = game.to_move
        assert player is not None
        observation = game.observation(player)
        assert observation.legal_moves == game.legal_moves()
        assert observation.hand == round_.tiles_of(player)
        if timeouts and round_.board and rng.random() < 0.05:
            game.turn_time_out()
        else:
            move = agents[player].choose(observation)
            points = observation.move_points(move)
            before = game.scores[player]
            summary = game.play(move)
            if summary is None and move.kind is MoveKind.PLACE:
                assert game.scores[player] - before == points  # move_points is what the move scored
        if summary_ended(game) and midway is None and rng.random() < 0.5:
            midway = game.to_record()
        steps += 1
    check_scores(game)
    for summary in game.hand_summaries:
        if summary.termination is Termination.GOING_OUT:
            assert all(summary.tile_counts[p] == 0 for p in summary.winners)
    assert game.winners and max(game.scores) >= game.rules.target
    record = json.loads(json.dumps(game.to_record()))
    again = replay(record)
    assert again.scores == game.scores and again.winners == game.winners
    assert again.to_record() == record
    assert replay_record(record).scores == game.scores
    if midway is not None:
        partial = replay(json.loads(json.dumps(midway)))
        assert not partial.is_over and list(partial.scores) == midway["scores"]


def summary_ended(game: Game) -> bool:
    return bool(game.hand_summaries) and not game.is_over


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("preset", list(PRESETS))
def test_random_playouts_keep_every_invariant(preset: str, players: int) -> None:
    rng = random.Random(f"conformance/{preset}/{players}")
    info = game_info("triominoes")
    assert preset in info.presets and info.players == (2, 6)
    play_checked(info.new_game(preset, players, 17), rng, timeouts=False)
    play_checked(Game.new(preset, players, seed=23, turn_time_limit=60, target=200), rng, timeouts=True)


def test_every_preset_and_player_count_ends_rounds_both_ways() -> None:
    """Over many random rounds, both T7 endings happen (a check that the playouts above see them)."""
    seen: Counter[Termination] = Counter()
    for preset in PRESETS:
        rng = random.Random(preset)
        for players in (2, 6):
            game = Game.new(preset, players, seed=5)
            for _ in range(40):
                round_ = Round.deal(game.rules, rng)
                while not round_.is_over:
                    moves = round_.legal_moves()
                    round_.play(moves[rng.randrange(len(moves))])
                assert round_.summary is not None
                seen[round_.summary.termination] += 1
    assert seen[Termination.GOING_OUT] and seen[Termination.BLOCKED]
