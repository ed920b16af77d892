"""The agents in all-fives: they count through the engine, never peek, and the sampler keeps the spinner's facts."""

from __future__ import annotations

import random

import pytest

from bonepile.ai import make_agent
from bonepile.ai.dominoes_heuristic import TableView, score_move
from bonepile.ai.dominoes_sampling import WorldSampler
from bonepile.ai.ismcts import ISMCTSAgent
from bonepile.dominoes import Game, Hand, Move, Rules, Tile, tiles_of_set

ALL_FIVES = Rules.from_preset("all-fives")


def at(text: str, rules: Rules = ALL_FIVES) -> Hand:
    """The position ``text`` with every tile it does not place added to the end of the boneyard (a whole set)."""
    hand = Hand.from_position(rules, text)
    placed = {Tile(a, b) for a, b in hand.line + hand.north + hand.south}
    placed |= {t for p in range(rules.players) for t in hand.tiles_of(p)} | set(hand.boneyard())
    rest = " ".join(str(t) for t in tiles_of_set(rules.max_pips) if t not in placed)
    fields = dict(part.split(": ", 1) for part in text.split("; "))
    fields["boneyard"] = " ".join(word for word in (fields["boneyard"], rest) if word and word != "-") or "-"
    return Hand.from_position(rules, "; ".join(f"{key}: {value}" for key, value in fields.items()))


def test_greedy_takes_the_play_that_scores_most_not_the_heaviest_tile() -> None:
    # On a lone 5-5 spinner: 5-0 makes 10 + 0 = 10; 6-5 would make 16 (nothing) though it is heavier.
    hand = at("hands: 6-5 5-0 / 3-3 2-1; line: 5-5; spinner: 5-5; boneyard: 4-4; turn: 0")
    assert make_agent("greedy", "dominoes").choose(hand.observation(0)) == Move.parse("5-0 right")


def test_greedy_outside_all_fives_still_sheds_the_heaviest_tile() -> None:
    hand = at("hands: 6-5 5-0 / 3-3 2-1; line: 4-5; boneyard: 4-4; turn: 0", Rules.from_preset("draw"))
    assert make_agent("greedy", "dominoes").choose(hand.observation(0)) == Move.parse("6-5 right")


def test_heuristic_takes_points_and_does_not_hand_the_next_player_a_count() -> None:
    # Ends 3 (left) and 1 (right), line 3-6 6-1. Player 0 holds 1-2 and 3-2.
    # 1-2 at the right: ends 3 and 2 (count 5: scores 5 now). 3-2 at the left: ends 2 and 1 (3: nothing).
    hand = at("hands: 1-2 3-2 6-6 / 4-4 0-0 5-5; line: 3-6 6-1; boneyard: 4-0 5-0 6-0; turn: 0")
    observation = hand.observation(0)
    view = TableView(observation)
    take = score_move(view, Move.parse("1-2 right"))
    other = score_move(view, Move.parse("3-2 left"))
    assert observation.preview(Move.parse("1-2 right")).points == 5
    assert take > other
    assert make_agent("heuristic", "dominoes").choose(observation) == Move.parse("1-2 right")


def test_the_heuristic_weighs_the_opponents_possible_count_from_the_engines_preview() -> None:
    # Leaving ends whose count the next player can raise to a multiple of five costs the move.
    hand = at("hands: 1-2 3-2 6-6 / 4-4 0-0 5-5; line: 3-6 6-1; boneyard: 4-0 5-0 6-0; turn: 0")
    # 3-2 left leaves ends 2 and 1 (count 3): 4-2 west, 3-1 east and 2-2 west (2 + 2 + 1) would each make 5.
    # 1-2 right leaves 3 and 2 (count 5): no tile makes a multiple of five (3-3 makes 8, 2-2 makes 7, 0-2 3).
    # The opponent holds 3 of the 23 tiles player 0 cannot see, so each of the three by the chance 3/23:
    # the expected best count is 5 * (1 - (20/23) ** 3) = 1.71, against 0.
    view = TableView(hand.observation(0))
    assert view.hold_chance == pytest.approx(3 / 23)
    assert view.expected_threat(view.preview(Move.parse("3-2 left"))) == pytest.approx(5 * (1 - (20 / 23) ** 3))
    assert view.expected_threat(view.preview(Move.parse("1-2 right"))) == 0.0
    assert Tile(4, 4) in view.threats and Tile(1, 2) not in view.threats  # a tile it holds is nobody else's


def test_a_pass_on_four_arms_proves_the_passer_holds_none_of_the_four_numbers() -> None:
    # No drawing, hands of six. 5-5 leads (the spinner), 5-3 east, 6-5 west: ends 6, 3 and the spinner's 5 and 5.
    rules = Rules.from_preset("all-fives", drawing=False, hand_size=6)
    hands = [
        [Tile.parse(t) for t in ["5-5", "6-5", "1-1", "2-2", "3-3", "4-4"]],
        [Tile.parse(t) for t in ["5-3", "4-0", "4-1", "4-2", "2-1", "2-0"]],
    ]
    boneyard = [t for t in tiles_of_set(6) if not any(t in h for h in hands)]
    hand = Hand(rules, hands, boneyard)
    for move in ("5-5", "5-3 right", "6-5 left", "pass"):
        hand.play(move)
    observation = hand.observation(0)
    assert observation.events[-1].open_numbers == {3, 5, 6}
    sampler = WorldSampler(observation)
    assert {3, 5, 6} <= sampler.void_numbers(1)
    rng = random.Random(7)
    for _ in range(50):
        world = sampler.sample(rng)
        assert not any(t.has(n) for t in world.hands[1] for n in (3, 5, 6))


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {"teams": True}), (3, {"drawing": False})])
def test_sampled_worlds_in_all_fives_keep_the_layout_and_admit_the_real_hands(players: int, options: dict) -> None:
    rng = random.Random(3)
    checked = 0
    for seed in range(6):
        game = Game.new("all-fives", players, seed=seed, **options)
        while not game.is_over and checked < 400:
            player = game.to_move
            assert player is not None
            observation = game.observation(player)
            sampler = WorldSampler(observation)
            real = [game.hand.tiles_of(p) for p in range(players)]
            assert sampler.admits(real), game.hand.position()
            imagined = sampler.sample_hand(rng)
            assert imagined.spinner == game.hand.spinner and imagined.north == game.hand.north
            assert imagined.open_ends == game.hand.open_ends and imagined.count == game.hand.count
            assert imagined.scores == game.scores
            # The mover's own tiles are known: in every imagined world they have the real choices.
            assert imagined.to_move == player and set(imagined.tiles_of(player)) == set(real[player])
            assert set(imagined.legal_moves()) == set(game.legal_moves()), game.hand.position()
            checked += 1
            game.play(rng.choice(game.legal_moves()))
    assert checked >= 100


def test_ismcts_makes_the_count_that_wins_the_game() -> None:
    # At 140, the 5-0 makes 10 on the lone spinner and reaches 150: the game is won at once.
    # 6-5 would leave 16 and let the game go on.
    hand = at("hands: 6-5 5-0 1-1 / 3-3 2-1 4-2; line: 5-5; spinner: 5-5; boneyard: 4-4 6-6; turn: 0")
    game = Game.from_hand(hand, scores=(140, 145))
    agent = ISMCTSAgent("dominoes", seed=1, iterations=300)
    assert agent.choose(game.observation(0)) == Move.parse("5-0 right")


def test_every_agent_finishes_an_all_fives_game_with_legal_moves() -> None:
    for name in ("random", "greedy", "heuristic"):
        game = Game.new("all-fives", seed=5)
        agents = [make_agent(name, "dominoes", 1), make_agent(name, "dominoes", 2)]
        while not game.is_over:
            player = game.to_move
            assert player is not None
            game.play(agents[player].choose(game.observation(player)))
        assert max(game.scores) >= 150
