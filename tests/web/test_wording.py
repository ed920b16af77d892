"""The server's sentences speak to a player called "You": "You win", never "You wins"."""

from __future__ import annotations

from bonepile import dominoes
from bonepile.web import views
from bonepile.web.views import SeatInfo, Table, agree, possessive
from bonepile.web.views import dominoes as dominoes_view


def table(*names: str, winners: tuple[int, ...] = (0,)) -> Table:
    seats = tuple(
        SeatInfo("human" if i == 0 else "ai", name, None if i == 0 else "easy") for i, name in enumerate(names)
    )
    return Table("g", "dominoes", "draw", seats, 10, True, winners, None)


def test_a_verb_agrees_with_you_with_a_team_and_with_a_name() -> None:
    assert agree("Ann", "wins", "win") == "wins"
    assert agree("You", "wins", "win") == "win"
    assert agree(" you ", "has", "have") == "have"
    assert agree("Ann & Cy", "wins", "win", several=True) == "win"
    assert possessive("You") == "your" and possessive("Ann") == "Ann's"


def test_the_end_of_a_game_says_you_win() -> None:
    rules = dominoes.Rules.from_preset("draw", 2)
    assert views._game_over(table("You", "Ada"), rules, (104, 67))["text"] == "You win, 104 to 67"
    assert views._game_over(table("Ann", "Ada"), rules, (104, 67))["text"] == "Ann wins, 104 to 67"


def test_a_blocked_or_dominoed_hand_says_you_have_and_you_score() -> None:
    rules = dominoes.Rules.from_preset("draw", 2)
    hands = ((dominoes.Tile(1, 0),), (dominoes.Tile(6, 6),))
    blocked = dominoes.HandOutcome(dominoes.Termination.BLOCKED, 0, 0, (12, 0), (1, 12), hands)
    text = dominoes_view._dominoes_summary(table("You", "Ada"), rules, 1, blocked)["text"]
    assert text == "Blocked: You have the fewest pips and score 12"
    assert dominoes_view._dominoes_summary(table("Ann", "Ada"), rules, 1, blocked)["text"] == (
        "Blocked: Ann has the fewest pips and scores 12"
    )
    won = dominoes.HandOutcome(dominoes.Termination.DOMINO, 0, 0, (12, 0), (0, 12), ((), hands[1]))
    assert dominoes_view._dominoes_summary(table("You", "Ada"), rules, 1, won)["text"] == "You dominoed and score 12"


def test_an_all_fives_observation_renders_with_its_arms_count_and_scores_made_in_play() -> None:
    rules = dominoes.Rules.from_preset("all-fives", 2)
    text = "hands: 5-0 6-1 / 4-0 2-1; line: 3-5 5-5 5-6; spinner: 5-5; north: 5-2; south: -; boneyard: 1-1; turn: 0"
    hand = dominoes.Hand.from_position(rules, text)
    hand.play("5-0 south")  # 3 + 6 + 2 + 0 = 11
    hand.play("4-0 south")  # 3 + 6 + 2 + 4 = 15: seat 1 scores 15
    shown = views.view(table("You", "Ada"), hand.observation(0), 0)
    board = shown["board"]
    assert board["spinner"] == "5-5" and board["arms"] == {"north": [[5, 2]], "south": [[5, 0], [0, 4]]}
    assert board["count"] == 15 and {"end": "south", "number": 4} in board["open_ends"]
    assert shown["log"][-1]["points"] == 15
    assert shown["log"][-1]["text"] == "Ada played 4-0 south: count 15, +15"
    assert shown["log"][-2]["text"] == "You played 5-0 south: count 11"
    assert board["spinner_index"] == 1
