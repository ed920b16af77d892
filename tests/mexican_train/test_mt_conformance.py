"""Random playouts over both presets, every player count and the options, checking the engine against the sheet.

After every move: each tile of the set is in exactly one place (a hand, the
boneyard, a train, the hub); every train joins outward from the engine (M4);
every train ending in a double has that double waiting or just laid (M6); the
legal moves are those M4-M6 give, worked out here from what the round shows;
each legal move plays, and other plays of held tiles are refused with the
round unchanged; markers go out only on a pass and come off only by their
owner's play (M5); the position reads back exactly. After every round: its
points are the pips left in each hand (M7, with ``double_blank``), recomputed
here. After every game: the totals are the sums of the rounds, the lowest wins
(M8), and the record replays to the same moves and scores. Along the way, an
observation is checked to be blind to the other players' tiles and the boneyard.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from bonepile.mexican_train import (
    Game,
    IllegalMoveError,
    Move,
    Round,
    RoundSummary,
    Rules,
    Termination,
    Tile,
    replay,
    tiles_of_set,
)
from bonepile.mexican_train._tiles import MEXICAN

# (preset, players, options, games): every player count of both presets, then the options.
CASES: list[tuple[str, int, dict[str, Any], int]] = [
    *(("mexican-train", n, {"rounds": 2}, 2) for n in range(2, 9)),
    *(("mexican-train-short", n, {"rounds": 3}, 2) for n in range(2, 7)),
    ("mexican-train", 4, {}, 1),
    ("mexican-train-short", 3, {}, 1),
    ("mexican-train", 3, {"rounds": 2, "first_turn": "run"}, 3),
    ("mexican-train-short", 5, {"rounds": 3, "first_turn": "run", "after_double": "cover"}, 2),
    ("mexican-train", 2, {"rounds": 3, "after_double": "cover"}, 3),
    ("mexican-train", 6, {"rounds": 1, "double_blank": 50}, 2),
    ("mexican-train", 5, {"rounds": 2, "hand_size": 6}, 3),
    ("mexican-train-short", 2, {"hand_size": 3, "double_blank": 50, "first_turn": "run"}, 2),
]
OBSERVATION_EVERY = 7
"""Check the observation's blindness after every seventh move (it is the slowest check)."""


def _name(where: int | str, player: int) -> str:
    if where == MEXICAN:
        return "mexican"
    return "mine" if where == player else f"@{int(where) + 1}"


def expected_legal(round_: Round) -> set[str]:
    """M4-M6 from what the round shows: the trains, markers, waiting doubles and the turn in progress."""
    player = round_.to_move
    assert player is not None
    players = round_.num_players
    trains = round_.trains
    drawn = round_.drawn
    candidates = [drawn] if drawn is not None else list(round_.tiles_of(player))

    def end(where: int | str) -> int:
        return trains[players if where == MEXICAN else int(where)].open_end

    free: list[int | str] = [player, *(s for s in range(players) if s != player and trains[s].marked), MEXICAN]
    waiting = round_.waiting_trains()
    if waiting:
        targets: list[int | str] = [waiting[0]]  # M6: the oldest unsatisfied double only
    elif round_.plays_again:
        last = round_.laid_doubles()[-1][1]
        covers = any(t.has(end(last)) for t in candidates)
        targets = [last] if round_.rules.after_double == "cover" and covers else free
    elif round_.in_run:
        targets = [player]
    else:
        targets = free
    # M10: a tile is written as it is laid, the end that touches the train first.
    plays = {
        f"{end(where)}-{t.pips - end(where)} {_name(where, player)}"
        for where in targets
        for t in candidates
        if t.has(end(where))
    }
    if round_.in_run and not round_.plays_again:
        return plays | {"pass"}
    if plays:
        return plays
    if drawn is None and round_.boneyard_size:
        return {"draw"}
    return {"pass"}


def check_tiles(round_: Round) -> None:
    """Every tile of the set in exactly one place; trains that join from the hub; doubles accounted for (M6)."""
    rules = round_.rules
    places: list[Tile] = [round_.engine, *round_.boneyard()]
    for seat in range(rules.players):
        places.extend(round_.tiles_of(seat))
    doubles_at_ends = set()
    for index, train in enumerate(round_.trains):
        end = round_.engine.high
        for near, far in train.tiles:
            assert near == end, f"train {index} does not join in {round_.position()}"
            places.append(Tile(near, far))
            end = far
        assert train.open_end == end
        if train.tiles and train.tiles[-1][0] == train.tiles[-1][1]:
            doubles_at_ends.add(train.where)
    assert Counter(places) == Counter(tiles_of_set(rules.max_pips)), round_.position()
    open_doubles = [*round_.waiting_trains(), *(where for _, where in round_.laid_doubles())]
    assert sorted(map(str, open_doubles)) == sorted(map(str, doubles_at_ends))


def check_refusals(round_: Round, rng: random.Random) -> None:
    """Plays of held tiles that are not legal are refused, and the round is unchanged."""
    player = round_.to_move
    assert player is not None
    legal = set(round_.legal_moves())
    before = round_.position()
    trains: list[int | str] = ["mine", "mexican", *(s for s in range(round_.num_players) if s != player)]
    held = round_.tiles_of(player)
    for _ in range(4):
        move = Move.play(rng.choice(held), rng.choice(trains))  # type: ignore[arg-type]
        if move in legal:
            continue
        with pytest.raises(IllegalMoveError):
            round_.play(move)
        assert round_.position() == before
    for move in (Move.parse("draw"), Move.parse("pass")):
        if move not in legal:
            with pytest.raises(IllegalMoveError):
                round_.play(move)
            assert round_.position() == before


def twin_position(round_: Round, viewer: int, rng: random.Random) -> str:
    """The position with every tile the viewer cannot see (other hands, the boneyard) dealt again at random."""
    fields = dict(part.split(": ", 1) for part in round_.position().split("; "))
    hands = [part.split() if part.strip() != "-" else [] for part in fields["hands"].split(" / ")]
    boneyard = fields["boneyard"].split() if fields["boneyard"] != "-" else []
    hidden = [t for seat, hand in enumerate(hands) if seat != viewer for t in hand] + boneyard
    rng.shuffle(hidden)
    for seat, hand in enumerate(hands):
        if seat != viewer:
            hands[seat], hidden = hidden[: len(hand)], hidden[len(hand) :]
    fields["hands"] = " / ".join(" ".join(hand) or "-" for hand in hands)
    fields["boneyard"] = " ".join(hidden) or "-"
    if "drawn" in fields and round_.to_move != viewer:
        fields["drawn"] = hands[round_.to_move or 0][0]  # the drawer holds some tile: which is hidden
    return "; ".join(f"{key}: {value}" for key, value in fields.items())


def check_blind(round_: Round, rng: random.Random) -> None:
    rules = round_.rules
    for viewer in range(rules.players):
        same = Round.from_position(rules, round_.position())
        twin = Round.from_position(rules, twin_position(round_, viewer, rng))
        assert same.observation(viewer) == twin.observation(viewer)


def check_summary(round_: Round, before: Round, ended: RoundSummary) -> None:
    """M7: the pips left in each hand, recomputed here; who went out, or a block."""
    rules = round_.rules
    hands = [round_.tiles_of(seat) for seat in range(rules.players)]
    pips = tuple(sum(rules.double_blank if t == Tile(0, 0) else t.pips for t in hand) for hand in hands)
    assert ended.points == pips and ended.hands == tuple(hands)
    out = [seat for seat, hand in enumerate(hands) if not hand]
    if ended.termination is Termination.WENT_OUT:
        assert out == [ended.winner] == [before.to_move]
    else:
        assert ended.winner is None and not out and round_.boneyard_size == 0
        events = round_.events
        last_play = max((i for i, e in enumerate(events) if e.move.is_play), default=-1)
        passes = [e for e in events[last_play + 1 :] if str(e.move) == "pass"]
        assert len(passes) >= rules.players  # M7: every player in turn passed without a play
    assert ended.scores == tuple(b + p for b, p in zip(before.scores, pips, strict=True))


def playout(preset: str, players: int, options: dict[str, Any], seed: int) -> Game:
    rng = random.Random(seed)
    game = Game.new(preset, players, seed, **options)
    moves = 0
    while not game.is_over:
        round_ = game.round
        check_tiles(round_)
        legal = round_.legal_moves()
        assert {str(m) for m in legal} == expected_legal(round_), round_.position()
        assert len(set(legal)) == len(legal)
        assert Round.from_position(round_.rules, round_.position()).position() == round_.position()
        if moves % 3 == 0:
            check_refusals(round_, rng)
        if moves % OBSERVATION_EVERY == 0:
            check_blind(round_, rng)
        before = round_.copy()
        marked = round_.marked()
        move = rng.choice(legal)
        mover = round_.to_move
        ended = game.play(move)
        moves += 1
        now = before.copy()
        now.play(move)  # the copy plays the same
        after = now.marked()
        if str(move) == "pass":
            assert after - marked <= {mover} and marked <= after
        elif move.is_play and move.train == "mine":
            assert after == marked - {mover}
        else:
            assert after == marked
        if ended is not None:
            check_summary(now, before, ended)
    return game


@pytest.mark.parametrize(("preset", "players", "options", "games"), CASES)
def test_random_playouts_follow_the_rules(preset: str, players: int, options: dict[str, Any], games: int) -> None:
    for number in range(games):
        seed = 1000 * players + number
        game = playout(preset, players, options, seed)
        rules = game.rules
        summaries = game.hand_summaries
        assert len(summaries) == rules.rounds
        assert [s.engine for s in summaries] == [
            Tile(rules.max_pips - i, rules.max_pips - i) for i in range(rules.rounds)
        ]
        totals = tuple(sum(s.points[p] for s in summaries) for p in range(players))
        assert game.scores == totals and summaries[-1].scores == totals
        assert game.outcome is not None and game.outcome.winners == {
            p for p in range(players) if totals[p] == min(totals)
        }
        record = game.to_record()
        again = replay(record)
        assert again.moves == game.moves and again.scores == game.scores and again.to_record() == record
        assert Game.new(preset, players, seed, **options).rules == Rules.from_dict(record["options"])
