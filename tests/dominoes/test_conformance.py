"""Random playouts over every preset and player count, checking the engine against the rule sheet.

After every move: each tile is in exactly one place, the legal moves are those D3-D5 give
(worked out here independently), moves and positions round-trip through their text, and the
hand ends exactly when D6 says. After every hand: the points are those of D7, recomputed here
from the final hands. After every game: it ended exactly when a score reached the target (D8),
and its record replays to the same moves and scores. Along the way, an observation is checked
to be blind to everything its player cannot see.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from typing import Any

import pytest

from bonepile.dominoes import (
    DRAW,
    PASS,
    End,
    Game,
    Hand,
    HandOutcome,
    Move,
    Rules,
    Termination,
    Tile,
    replay,
    tiles_of_set,
)

# Every preset with every player count it allows, then a few option variants: (preset, players, options, games).
CASES: list[tuple[str, int, dict[str, Any], int]] = [
    ("draw", 2, {}, 30),
    ("draw", 3, {}, 30),
    ("draw", 4, {}, 30),
    ("draw-reserve", 2, {}, 30),
    ("block", 2, {}, 30),
    ("block", 3, {}, 30),
    ("block", 4, {}, 30),
    ("partnership", 4, {}, 30),
    ("block", 2, {"hand_score": "opponents", "leader": "first_seat"}, 30),
    ("draw", 3, {"next_hand_leader": "winner", "hand_score": "all"}, 30),
    ("draw", 2, {"set": "double-nine", "boneyard_reserve": 1}, 12),
    ("block", 4, {"set": "double-twelve", "teams": True, "target": 150}, 8),
    ("all-fives", 2, {}, 16),
    ("all-fives", 3, {}, 10),
    ("all-fives", 4, {"teams": True}, 10),
    ("all-fives", 2, {"drawing": False}, 12),
    ("all-fives", 3, {"set": "double-nine", "target": 100}, 6),
    ("block", 2, {"spinner": True}, 12),
    ("draw", 2, {"hand_score": "all_fives"}, 10),
]
OBSERVATION_EVERY = 3
"""Check observations in every third game (they are the slowest check)."""


Layout = tuple[list[tuple[int, int]], Tile | None, list[tuple[int, int]], list[tuple[int, int]]]
"""The line (west to east), the spinner, its north and south arms outward (near half first)."""


def layout_of(hand: Hand) -> Layout:
    return list(hand.line), hand.spinner, list(hand.north), list(hand.south)


def open_ends(layout: Layout) -> list[tuple[End, int, bool, bool]]:
    """D4: every open end as (end, number, outer tile a double, arm empty); north and south after both sides."""
    line, spinner, north, south = layout
    ends = [(End.LEFT, line[0][0], line[0][0] == line[0][1], False)]
    ends.append((End.RIGHT, line[-1][1], line[-1][0] == line[-1][1], False))
    if spinner is not None:
        where = [Tile(a, b) for a, b in line].index(spinner)
        if 0 < where < len(line) - 1:
            for end, arm in ((End.NORTH, north), (End.SOUTH, south)):
                number = arm[-1][1] if arm else spinner.high
                ends.append((end, number, bool(arm) and arm[-1][0] == arm[-1][1], not arm))
    return ends


def count_of(layout: Layout) -> int:
    """D7 (all-fives): every arm's outer free number; a double at an arm's end, both halves."""
    line, _, north, south = layout
    if len(line) == 1:
        return line[0][0] + line[0][1]
    total = 0
    for near, far in [(line[0][1], line[0][0]), line[-1]] + [arm[-1] for arm in (north, south) if arm]:
        total += near + far if near == far else far
    return total


def laid(rules: Rules, layout: Layout, end: End, tile: Tile) -> Layout:
    """The layout after ``tile`` at ``end`` (D4): the first double played becomes the spinner."""
    line, spinner, north, south = list(layout[0]), layout[1], list(layout[2]), list(layout[3])
    number = {e: n for e, n, _, _ in open_ends(layout)}[end]
    other = tile.other_end(number)
    if end is End.LEFT:
        line.insert(0, (other, number))
    elif end is End.RIGHT:
        line.append((number, other))
    else:
        (north if end is End.NORTH else south).append((number, other))
    if spinner is None and rules.spinner and tile.is_double:
        spinner = tile
    return line, spinner, north, south


def future(rules: Rules, layout: Layout) -> tuple[Any, ...]:
    """What decides the rest of the hand after a play: two plays with the same future are one choice (D4)."""
    ends = open_ends(layout)
    line, spinner, _, _ = layout
    free_sides = 0
    if spinner is not None:
        where = [Tile(a, b) for a, b in line].index(spinner)
        free_sides = (where == 0) + (where == len(line) - 1)
    if rules.hand_score != "all_fives":
        return (sorted(n for _, n, _, _ in ends), free_sides)
    return (count_of(layout), sorted((n, d, e) for _, n, d, e in ends), free_sides)


KEEP_ORDER = (End.RIGHT, End.LEFT, End.NORTH, End.SOUTH)
"""D4: of ends where the choice does not matter, the move names the first of these (the right end, as ever)."""


def plays_on_arms(hand: Hand) -> set[Move]:
    """D4 on a spinner's arms or a line whose doubles count: each held tile at each end it fits, one move per
    different future (count and open ends), at the first such end in ``KEEP_ORDER``."""
    rules = hand.rules
    player = hand.to_move
    assert player is not None
    layout = layout_of(hand)
    numbers = {end: n for end, n, _, _ in open_ends(layout)}
    plays: set[Move] = set()
    for t in hand.tiles_of(player):
        futures: set[str] = set()
        for end in KEEP_ORDER:
            if end in numbers and t.has(numbers[end]):
                after = repr(future(rules, laid(rules, layout, end, t)))
                if after not in futures:
                    futures.add(after)
                    plays.add(Move.play(t, end))
    return plays


def expected_legal_moves(hand: Hand, opening: tuple[int, frozenset[Tile]] | None) -> set[Move]:
    """D3-D5, from the hands, the ends and the boneyard size alone."""
    rules = hand.rules
    player = hand.to_move
    assert player is not None
    held = hand.tiles_of(player)
    ends = hand.ends
    if ends is None:
        assert opening is not None and opening[0] == player
        return {Move.play(t) for t in opening[1]}
    plays: set[Move] = set()
    if rules.spinner or rules.hand_score == "all_fives":
        plays = plays_on_arms(hand)
    else:
        left, right = ends
        for t in held:
            if left == right:
                if t.has(left):
                    plays.add(Move.play(t, End.RIGHT))
                continue
            if t.has(left):
                plays.add(Move.play(t, End.LEFT))
            if t.has(right):
                plays.add(Move.play(t, End.RIGHT))
    if plays:
        return plays  # D4: a player who can play must
    if rules.drawing and hand.boneyard_size > rules.boneyard_reserve:
        return {DRAW}  # D5
    return {PASS}


def d3_opening(hand: Hand, previous: HandOutcome | None) -> tuple[int, frozenset[Tile]]:
    """Who leads this hand and which tiles they may open with (D3 and its options)."""
    rules = hand.rules
    if rules.leader == "first_seat":
        return 0, frozenset(hand.tiles_of(0))
    if rules.next_hand_leader == "winner" and previous is not None and previous.winning_player is not None:
        return previous.winning_player, frozenset(hand.tiles_of(previous.winning_player))
    held = [(t.is_double, t.pips, t.high, p, t) for p in range(rules.players) for t in hand.tiles_of(p)]
    *_, player, best = max(held, key=lambda entry: entry[:3])
    return player, frozenset((best,))


def check_tiles_accounted_for(hand: Hand) -> None:
    rules = hand.rules
    places = [t for p in range(rules.players) for t in hand.tiles_of(p)]
    places += [Tile(a, b) for a, b in hand.line + hand.north + hand.south]
    places += hand.boneyard()
    counts = Counter(places)
    assert set(counts) == set(tiles_of_set(rules.max_pips)), hand.position()
    assert max(counts.values()) == 1, hand.position()


def d7_points(rules: Rules, final: list[tuple[Tile, ...]], went_out: int | None) -> tuple[int | None, list[int]]:
    """The rule sheet's D7, written out again: (winning side or None, points of each side)."""
    sides = 2 if rules.teams else rules.players
    side_pips = [0] * sides
    for player, held in enumerate(final):
        side_pips[player % 2 if rules.teams else player] += sum(t.high + t.low for t in held)
    if went_out is not None:
        winner: int | None = went_out % 2 if rules.teams else went_out
    else:
        lightest = min(side_pips)
        winner = side_pips.index(lightest) if side_pips.count(lightest) == 1 else None
    points = [0] * sides
    if winner is not None:
        own, opponents = side_pips[winner], sum(side_pips) - side_pips[winner]
        if rules.hand_score == "all_fives":  # to the nearest five, 1-2 down and 3-4 up
            raw = opponents if went_out is not None else opponents - own
            points[winner] = 5 * (raw // 5) + (5 if raw % 5 >= 3 else 0)
            return winner, points
        points[winner] = {"opponents_minus_own": opponents - own, "opponents": opponents, "all": opponents + own}[
            rules.hand_score
        ]
    return winner, points


def is_blocked(hand: Hand) -> bool:
    """D6: nobody holds a tile for either end and nobody may draw."""
    rules = hand.rules
    numbers = {n for _, n, _, _ in open_ends(layout_of(hand))}
    can_draw = rules.drawing and hand.boneyard_size > rules.boneyard_reserve
    holds = any(t.has(n) for n in numbers for p in range(rules.players) for t in hand.tiles_of(p))
    return not can_draw and not holds


def check_observations_are_blind(hand: Hand, rng: random.Random) -> None:
    """Shuffle what a player cannot see (others' tiles, the boneyard and its order): same observation."""
    rules = hand.rules
    for player in range(rules.players):
        others = [list(hand.tiles_of(p)) if p != player else [] for p in range(rules.players)]
        hidden = [t for held in others for t in held] + list(hand.boneyard())
        rng.shuffle(hidden)
        hands_text: list[str] = []
        for p in range(rules.players):
            if p == player:
                mine = hand.tiles_of(p)
            else:
                mine, hidden = tuple(hidden[: len(others[p])]), hidden[len(others[p]) :]
            hands_text.append(" ".join(map(str, mine)) or "-")
        position = hand.position()
        fields = dict(part.split(": ", 1) for part in position.split("; "))
        fields["hands"] = " / ".join(hands_text)
        fields["boneyard"] = " ".join(map(str, hidden)) or "-"
        twin = Hand.from_position(rules, "; ".join(f"{key}: {value}" for key, value in fields.items()))
        if twin.is_over:
            # The engine ends a hand as soon as it is blocked (D6), so a deal in which nobody
            # could play is not one this player can still be in: not a consistent twin.
            continue
        seen = dataclasses.replace(hand.observation(player), events=())
        assert twin.observation(player) == seen, (position, twin.position())
        assert not set(seen.hand) & set(hidden)


def play_and_check(preset: str, players: int, options: dict[str, Any], seed: int) -> int:
    """Play one random game, checking everything; return the number of hands played."""
    rules = Rules.from_preset(preset, players, **options)
    game = Game(rules, seed)
    rng = random.Random(seed)
    watch = seed % OBSERVATION_EVERY == 0
    scores = [0] * rules.num_sides
    played = [0] * rules.num_sides
    previous: HandOutcome | None = None
    opening = d3_opening(game.hand, previous)
    assert game.to_move == opening[0]
    while not game.is_over:
        hand = game.hand
        legal = game.legal_moves()
        assert len(set(legal)) == len(legal)
        assert set(legal) == expected_legal_moves(hand, opening), hand.position()
        for move in legal:
            assert Move.parse(str(move)) is move
        move = rng.choice(legal)
        mover = hand.to_move
        assert mover is not None
        # What the engine says a play would score and leave, asked before it is made (the AI asks this).
        foreseen = hand.points_of(move)
        preview = game.observation(mover).preview(move) if move.is_play else None
        ended = game.play(move)
        if move.is_play and rules.hand_score == "all_fives":  # D7: a multiple of five scores at once
            count = count_of(layout_of(hand))
            points = count if count and count % 5 == 0 else 0
            event = hand.events[-1]
            assert (event.player, event.move, event.count, event.points) == (mover, move, count, points)
            assert foreseen == points and preview is not None and (preview.count, preview.points) == (count, points)
            assert {n for _, n, _, _ in open_ends(layout_of(hand))} == preview.open_numbers
            played[rules.side_of(mover)] += points
            now = tuple(s + p for s, p in zip(scores, played, strict=True))
            if ended is None:
                assert game.scores == now
            if max(now) >= rules.target:  # D8: play stops at once, mid-hand too
                assert game.is_over and ended is not None and ended.termination is Termination.TARGET_REACHED
                assert game.outcome is not None and game.outcome.winner == rules.side_of(mover)
                break
        check_tiles_accounted_for(hand)
        position = hand.position()
        again = Hand.from_position(rules, position)
        assert again.position() == position
        assert again.legal_moves() == hand.legal_moves()
        went_out = mover if move.is_play and hand.tile_count(mover) == 0 else None
        if ended is None:
            assert went_out is None and not is_blocked(hand), position  # D6: not over too soon
            assert game.hand is hand and not game.is_over
            if watch:
                check_observations_are_blind(hand, rng)
            continue
        # The hand is over: D6 says why and D7 how much.
        assert ended is hand.outcome
        final = [hand.tiles_of(p) for p in range(rules.players)]
        assert ended.hands == tuple(final)
        if went_out is not None:
            assert ended.termination is Termination.DOMINO and ended.winning_player == went_out
        else:
            assert ended.termination is Termination.BLOCKED and is_blocked(hand), position
        winner, points = d7_points(rules, final, went_out)
        points = [p + q for p, q in zip(points, played, strict=True)]
        assert (ended.winner, ended.points) == (winner, tuple(points)), position
        scores = [s + p for s, p in zip(scores, points, strict=True)]
        played = [0] * rules.num_sides
        assert game.scores == tuple(scores)
        # D8: over exactly when a score reaches the target.
        assert game.is_over == (max(scores) >= rules.target)
        if game.is_over:
            assert game.outcome is not None and game.outcome.winner == scores.index(max(scores))
            assert game.hand is hand
        else:
            assert game.hand is not hand and game.hand_number == len(game.hand_summaries) + 1
            previous = ended
            opening = d3_opening(game.hand, previous)
            assert game.to_move == opening[0]
            check_tiles_accounted_for(game.hand)
    record = json.loads(json.dumps(game.to_record()))
    again_game = replay(record)
    assert again_game.moves == game.moves
    assert again_game.scores == game.scores
    assert again_game.hand_summaries == game.hand_summaries
    return len(game.hand_summaries)


@pytest.mark.parametrize(
    ("preset", "players", "options", "games"),
    CASES,
    ids=[f"{p}-{n}" + "".join(f"-{k}={v}" for k, v in o.items()) for p, n, o, _ in CASES],
)
def test_random_playouts_follow_the_rule_sheet(preset: str, players: int, options: dict[str, Any], games: int) -> None:
    hands = sum(play_and_check(preset, players, options, seed) for seed in range(games))
    assert hands >= games  # every game has at least one hand
