"""The reasons an agent gives for a move are facts of the position, each checked here against the game.

Every check reads the game itself (the live engine, the moves as they were
played), not the code that made the reason: the pips shed are the tile's
pips; "Ann passed on 4 twice" counts passes the log shows while 4 was open;
a bonus is the one the engine scores; "leaves no place for a bridge or a
hexagon" is true of the board after the move.
"""

from __future__ import annotations

from collections import Counter

import pytest

from bonepile import dominoes, triominoes
from bonepile.ai import make_agent
from bonepile.ai.dominoes_heuristic import explain_move as explain_domino
from bonepile.ai.ismcts import ISMCTSAgent
from bonepile.ai.reasons import Reason
from bonepile.ai.triominoes_heuristic import explain_move as explain_triomino
from bonepile.ai.triominoes_ismcts import ISMCTSAgent as TriISMCTSAgent

NAMES = ("You", "Ann", "Bob", "Cy")


def _by_kind(reasons: tuple[Reason, ...], kind: str) -> list[Reason]:
    return [reason for reason in reasons if reason.kind == kind]


@pytest.mark.parametrize(("preset", "players"), [("block", 3), ("block", 4), ("draw", 2), ("partnership", 4)])
def test_dominoes_reasons_are_true_of_the_position(preset: str, players: int) -> None:
    checked = Counter[str]()
    for seed in range(6):
        game = dominoes.Game.new(preset, players=players, seed=seed)
        # What the log showed, kept while playing: (player, number) -> passes / turns with draws while open.
        passes: Counter[tuple[int, int]] = Counter()
        draw_turns: Counter[tuple[int, int]] = Counter()
        hand_number = game.hand_number
        previous: tuple[int, dominoes.MoveKind] | None = None
        for _ in range(400):
            if game.is_over:
                break
            if game.hand_number != hand_number:
                passes.clear()
                draw_turns.clear()
                hand_number, previous = game.hand_number, None
            seat = game.to_move
            observation = game.observation(seat)
            agent = make_agent("heuristic", "dominoes", seed)
            move = agent.choose(observation)
            reasons = agent.explain(observation, move)  # type: ignore[attr-defined]
            assert reasons, move
            for reason in reasons:
                text = reason.words(NAMES)
                assert "{" not in text and text.strip() == text
            for reason in _by_kind(reasons, "sheds"):
                assert move.tile is not None and reason.facts["pips"] == move.tile.pips
                pips = move.tile.pips
                assert f"sheds {pips} pip{'' if pips == 1 else 's'}" in reason.words(NAMES)
                checked["sheds"] += 1
            for reason in _by_kind(reasons, "passed_on"):
                (player,) = reason.seats
                assert player != seat
                for key, value in reason.facts.items():
                    number = int(key.rsplit("_", 1)[1])
                    ledger = passes if key.startswith("passes") else draw_turns
                    assert value == ledger[(player, number)], (reason, key)
                checked["passed_on"] += 1
            for reason in _by_kind(reasons, "keeps"):
                assert move.tile is not None
                rest = [t for t in observation.hand if t != move.tile]
                number = reason.facts["number"]
                assert isinstance(number, int)
                assert reason.facts["tiles"] == sum(1 for t in rest if t.has(number))
                checked["keeps"] += 1
            for _ in _by_kind(reasons, "must_pass"):
                assert move.kind is dominoes.MoveKind.PASS
                checked["must_pass"] += 1
            ends = observation.ends
            kind = move.kind
            if ends is not None and kind is not dominoes.MoveKind.PLAY:
                for number in set(ends):
                    if kind is dominoes.MoveKind.PASS:
                        passes[(seat, number)] += 1
                    elif previous != (seat, kind):
                        draw_turns[(seat, number)] += 1
            previous = (seat, kind)
            game.play(move)
    assert checked["sheds"] > 20
    if preset == "block":
        assert checked["passed_on"] > 0 and checked["must_pass"] > 0


def test_the_opening_double_and_a_reserve_pass_say_why() -> None:
    game = dominoes.Game.new("draw", players=2, seed=3)
    opening = game.observation(game.to_move)
    if len(opening.legal_moves) == 1:
        (reason,) = _by_kind(explain_domino(opening, opening.legal_moves[0]), "only_move")
        assert reason.template == "the highest double opens the hand"
    for seed in range(20):
        game = dominoes.Game.new("draw-reserve", players=2, seed=seed)
        for _ in range(300):
            if game.is_over:
                break
            observation = game.observation(game.to_move)
            if dominoes.PASS in observation.legal_moves and observation.boneyard_size:
                (reason,) = explain_domino(observation, dominoes.PASS)
                assert reason.kind == "must_pass" and reason.facts["boneyard"] == observation.boneyard_size
                assert "reserve" in reason.template
                return
            game.play(make_agent("greedy", "dominoes").choose(observation))
    pytest.fail("no pass with the reserve left in 20 games")


@pytest.mark.parametrize(("preset", "players"), [("pressman", 2), ("pressman", 4), ("goliath", 3)])
def test_triominoes_reasons_are_true_of_the_position(preset: str, players: int) -> None:
    checked = Counter[str]()
    for seed in range(4):
        game = triominoes.Game.new(preset, players=players, seed=seed)
        for _ in range(120):
            if game.is_over:
                break
            seat = game.to_move
            observation = game.observation(seat)
            agent = make_agent("heuristic", "triominoes", seed)
            move = agent.choose(observation)
            reasons = explain_triomino(observation, move)
            assert reasons
            points = game.round.move_points(move)
            bonus = game.round.placement_bonus(move) if move.kind is triominoes.MoveKind.PLACE else None
            for reason in _by_kind(reasons, "points") + _by_kind(reasons, "bonus"):
                assert reason.facts["points"] == points
                assert str(points) in reason.words(NAMES)
                checked[reason.kind] += 1
            if bonus is not None:
                (said,) = _by_kind(reasons, "bonus")
                assert said.facts["bonus"] == bonus.name and said.facts["bonus_points"] == bonus.points
                assert bonus.name in said.words(NAMES)
            else:
                assert not _by_kind(reasons, "bonus")
            after = game.round.copy()
            after.play(move)
            open_bonus = [place for place in after.frontier() if after.place_bonus(place) > 0]
            for _ in _by_kind(reasons, "no_bonus_place"):
                assert not open_bonus
                checked["no_bonus_place"] += 1
            for reason in _by_kind(reasons, "unlikely_gift"):
                assert max(after.place_bonus(place) for place in open_bonus) == reason.facts["bonus_points"]
                checked["unlikely_gift"] += 1
            game.play(move)
    assert checked["points"] > 20 and checked["no_bonus_place"] > 0


def test_the_search_says_how_often_it_tried_the_move() -> None:
    for agent, game in (
        (ISMCTSAgent("dominoes", 1, iterations=60), dominoes.Game.new("draw", players=2, seed=4)),
        (TriISMCTSAgent("triominoes", 1, iterations=30), triominoes.Game.new("pressman", players=2, seed=4)),
    ):
        for _ in range(30):
            observation = game.observation(game.to_move)
            move = agent.choose(observation)
            if len(observation.legal_moves) > 1:
                break
            game.play(move)
        reasons = agent.explain(observation, move)
        (search,) = _by_kind(reasons, "search")
        visits, deals = search.facts["visits"], search.facts["deals"]
        assert isinstance(visits, int) and isinstance(deals, int) and 0 < visits <= deals
        assert f"{deals} possible deals" in search.words(NAMES) and f"in {visits} of them" in search.words(NAMES)
        assert len(reasons) >= 2


def test_one_pip_is_said_in_the_singular() -> None:
    """Was "sheds 1 pips" under the hint of a 1-0."""
    from bonepile.ai.dominoes_heuristic import sheds_words

    assert sheds_words(1) == "sheds 1 pip"
    assert sheds_words(0) == "sheds 0 pips" and sheds_words(7) == "sheds 7 pips"
