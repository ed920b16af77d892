"""What the front ends ask the Dominoes engine instead of restating its rules (issue 24).

Each query from literal positions, with the values worked out by hand in the comments; then, over random
games of every preset, agreement with the logic the web view used before the engine said it.
"""

from __future__ import annotations

import random

import pytest

from bonepile.dominoes import DRAW, PASS, End, Game, Hand, Move, Observation, Rules, Termination, Tile


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(word) for word in text.split()]


def at(preset: str, text: str, players: int = 2) -> Hand:
    return Hand.from_position(Rules.from_preset(preset, players), text)


# ----------------------------------------------------------------------------- Move.reveals_hidden


def test_only_a_draw_reveals_something_hidden() -> None:
    assert DRAW.reveals_hidden  # D5: the drawn tile is shown to its drawer
    assert not PASS.reveals_hidden
    assert not Move.parse("6-4 left").reveals_hidden
    assert not Move.parse("6-6").reveals_hidden  # the opening tile
    assert not Move.parse("5-3 north").reveals_hidden


# ----------------------------------------------------------------------------- the common names


def test_the_common_names_are_the_hand_words() -> None:
    hand = at("draw", "hands: 6-5 1-0 / 4-3; line: 6-6; boneyard: 2-2 3-1 0-0; turn: 0")
    ended = Hand.from_position(Rules.from_preset("draw", 2), "hands: 2-1 / -; line: 3-3; boneyard: -; turn: over")
    assert ended.outcome is not None
    obs = hand.observation(1, hand_number=2, past_hands=(ended.outcome,))
    assert obs.deal_number == obs.hand_number == 2
    assert obs.past_deals == obs.past_hands == (ended.outcome,)
    assert obs.deal_over is obs.hand_over is None
    assert obs.stock_size == obs.boneyard_size == 3
    over = ended.observation(0)
    assert over.deal_over is over.hand_over is ended.outcome
    assert over.stock_size == 0


def test_the_properties_change_neither_equality_nor_construction() -> None:
    hand = at("draw", "hands: 6-5 / 4-3; line: 6-6; boneyard: 2-2; turn: 0")
    assert hand.observation(0) == hand.observation(0)
    for name in ("deal_number", "past_deals", "deal_over", "stock_size", "stock_locked"):
        assert name not in Observation.__dataclass_fields__
    for name in ("opening_index", "spinner_index"):
        assert name not in Observation.__dataclass_fields__


def test_a_hand_outcome_has_a_winner_and_each_sides_points() -> None:
    # Player 1 went out (D6); player 0 holds 2-1 and 6-6: 15 pips, scored by the winner (D7, draw game).
    ended = at("draw", "hands: 2-1 6-6 / -; line: 3-3; boneyard: -; turn: over")
    outcome = ended.outcome
    assert outcome is not None and outcome.termination is Termination.DOMINO
    assert outcome.winner == 1
    assert outcome.points == (0, 15)


# ----------------------------------------------------------------------------- stock_locked (D5)


def test_the_boneyard_is_never_drawn_in_the_block_game() -> None:
    hand = at("block", "hands: 6-5 / 4-3; line: 6-6; boneyard: 2-2 1-1; turn: 0")
    assert hand.observation(0).stock_locked == "never"


def test_the_reserve_is_locked_but_what_is_above_it_is_not() -> None:
    # draw-reserve keeps 2 tiles back: 3 left may still be drawn, 2 or 1 left are the reserve.
    three = at("draw-reserve", "hands: 6-5 / 4-3; line: 6-6; boneyard: 2-2 1-1 0-0; turn: 0")
    assert three.observation(0).stock_locked is None
    two = at("draw-reserve", "hands: 6-5 / 4-3; line: 6-6; boneyard: 2-2 1-1; turn: 0")
    assert two.observation(0).stock_locked == "reserve"
    one = at("draw-reserve", "hands: 6-5 / 4-3; line: 6-6; boneyard: 2-2; turn: 0")
    assert one.observation(1).stock_locked == "reserve"


def test_nothing_is_locked_when_the_boneyard_is_empty_or_may_be_drawn() -> None:
    assert at("draw", "hands: 6-5 / 4-3; line: 6-6; boneyard: -; turn: 0").observation(0).stock_locked is None
    assert at("block", "hands: 6-5 / 4-3; line: 6-6; boneyard: -; turn: 0").observation(0).stock_locked is None
    assert at("draw", "hands: 6-5 / 4-3; line: 6-6; boneyard: 1-1; turn: 0").observation(0).stock_locked is None


# ----------------------------------------------------------------------------- opening_index, spinner_index


def test_the_opening_tile_is_behind_every_tile_played_at_the_left_end() -> None:
    rules = Rules.from_preset("draw", 2)
    hand = Hand(rules, [tiles("6-5 5-2 0-0"), tiles("6-3 3-1 4-4")], tiles("1-0"), leader=0)
    assert hand.observation(0).opening_index is None  # no tile yet
    hand.play("6-5")  # line 6-5: the opening at 0
    assert hand.observation(1).opening_index == 0
    hand.play("6-3 left")  # 3-6 6-5: the opening at 1
    hand.play("5-2 right")  # 3-6 6-5 5-2: a tile at the right changes nothing
    assert hand.observation(0).opening_index == 1
    hand.play("3-1 left")  # 1-3 3-6 6-5 5-2: the opening at 2
    hand.play("draw")  # player 0 (0-0, ends 1 and 2) draws 1-0: a draw has no end
    obs = hand.observation(0)
    assert obs.line == ((1, 3), (3, 6), (6, 5), (5, 2))
    assert obs.opening_index == 2
    assert obs.line[obs.opening_index] == (6, 5)


def test_a_position_set_up_from_text_has_no_past_and_counts_its_first_tile_as_the_opening() -> None:
    hand = at("draw", "hands: 6-5 / 4-3; line: 2-1 1-6 6-6; boneyard: 0-0; turn: 0")
    assert hand.observation(0).opening_index == 0


def test_the_spinner_lies_where_its_double_is() -> None:
    rules = "all-fives"
    middle = at(rules, "hands: 6-1 / 4-3; line: 3-5 5-5 5-1; spinner: 5-5; boneyard: -; turn: 0")
    assert middle.observation(0).spinner_index == 1
    west = at(rules, "hands: 6-1 / 4-3; line: 5-5 5-1; spinner: 5-5; boneyard: -; turn: 0")
    assert west.observation(1).spinner_index == 0
    # A later double of another number is not the spinner (D4: the first double played is).
    later = at(rules, "hands: 6-1 / 4-3; line: 2-2 2-5 5-5 5-0; spinner: 2-2; boneyard: -; turn: 0")
    assert later.observation(0).spinner_index == 0
    assert at(rules, "hands: 6-1 / 4-2; line: 3-4; boneyard: -; turn: 0").observation(0).spinner_index is None
    # Without the spinner option there is never one, doubles or not.
    assert at("draw", "hands: 6-1 / 4-3; line: 2-2 2-5; boneyard: -; turn: 0").observation(0).spinner_index is None


def test_the_spinner_index_follows_tiles_played_west_of_it() -> None:
    rules = Rules.from_preset("all-fives", 2)
    hand = Hand(rules, [tiles("5-5 3-2 6-6"), tiles("5-3 5-1 4-4")], tiles("0-0 1-1"), leader=0)
    hand.play("5-5")  # the spinner, alone: at 0
    assert hand.observation(1).spinner_index == 0
    hand.play("5-3 right")  # 5-5 5-3 (both ends showed 5: D4 keeps the right one)
    assert hand.observation(0).spinner_index == 0
    hand.play("3-2 right")  # 5-5 5-3 3-2: east of it, no change
    assert hand.observation(1).spinner_index == 0
    hand.play("5-1 left")  # 1-5 5-5 5-3 3-2: a tile west of it moves it to 1
    obs = hand.observation(0)
    assert obs.spinner_index == 1
    assert obs.line[1] == (5, 5)
    assert obs.opening_index == 1  # the spinner opened the hand


# ----------------------------------------------------------------------------- agreement over random games


def _old_boneyard_note(obs: Observation) -> str | None:
    """``web/views.py::_boneyard_note`` as it was before the engine said it."""
    left = obs.boneyard_size
    rules = obs.rules
    tiles = "the last tile" if left == 1 else f"the {left} tiles left"
    if not left:
        return None
    if not rules.drawing:
        return f"{tiles} in the boneyard {'is' if left == 1 else 'are'} never drawn in this game"
    if left <= rules.boneyard_reserve:
        return f"{tiles} in the boneyard {'is' if left == 1 else 'are'} the reserve, never drawn"
    return None


def _old_spinner_index(obs: Observation) -> int | None:
    """``web/views.py::_spinner_index`` as it was."""
    if obs.spinner is None:
        return None
    number = obs.spinner.high
    return next(i for i, (left, right) in enumerate(obs.line) if left == right == number)


def _old_opening_index(obs: Observation) -> int | None:
    """The opening index as ``web/views.py::_dominoes_parts`` counted it."""
    at_left = sum(1 for event in obs.events if event.move.end is End.LEFT)
    return at_left if obs.line else None


@pytest.mark.parametrize(
    ("preset", "players", "options"),
    [
        ("draw", 2, {}),
        ("draw", 4, {}),
        ("draw-reserve", 2, {}),
        ("block", 3, {}),
        ("partnership", 4, {}),
        ("all-fives", 2, {}),
        ("all-fives", 3, {"boneyard_reserve": 1}),
    ],
)
def test_the_engine_agrees_with_the_old_view_over_random_games(
    preset: str, players: int, options: dict[str, int]
) -> None:
    locked_seen: set[str | None] = set()
    for seed in range(6):
        game = Game.new(preset, players=players, seed=seed, **options)
        rng = random.Random(seed)
        for _ in range(400):
            for player in range(players):
                obs = game.observation(player)
                note = _old_boneyard_note(obs)
                locked = obs.stock_locked
                locked_seen.add(locked)
                assert (locked is None) == (note is None)
                if locked == "never":
                    assert note is not None and "never drawn in this game" in note
                if locked == "reserve":
                    assert note is not None and "the reserve" in note
                assert obs.spinner_index == _old_spinner_index(obs)
                assert obs.opening_index == _old_opening_index(obs)
                assert obs.deal_number == obs.hand_number
                assert obs.past_deals == obs.past_hands
                assert obs.deal_over == obs.hand_over
                assert obs.stock_size == obs.boneyard_size
            if game.is_over:
                break
            move = rng.choice(game.legal_moves())
            assert move.reveals_hidden == (move.kind.value == "draw")
            game.play(move)
    if preset == "block":  # (partnership deals every tile: its boneyard is always empty)
        assert "never" in locked_seen
    if preset == "draw-reserve":
        assert "reserve" in locked_seen
