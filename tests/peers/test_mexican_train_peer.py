"""The Mexican Train peer's seat: it asks the peer's player with what our observation shows, and plays legally.

The peer (``ca1ebd/mexican-train``) is a bench-time checkout, absent here; these tests seat a stand-in written
to the same interface (``play(table, available_trains)`` returning a ``PlayerAction``), so that what they check
is the bridge: the hand, the trains and their tips, the trains our rules allow, and the move read back.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from bonepile.games import MEXICAN_TRAIN
from bonepile.mexican_train import DRAW, Game, Move, Round, Rules
from bonepile.peers import PeerMissingError
from bonepile.peers import mexican_train_trainbuilder as peer

STAND_IN = {
    "Domino.py": """
        class Domino:
            def __init__(self, left, right):
                self.left, self.right = left, right
            def score(self):
                return self.left + self.right
            def other(self, number):
                return self.right if self.left == number else self.left
        class OldLady(Domino):
            def __init__(self):
                super().__init__(0, 0)
    """,
    "Train.py": """
        class Train:
            def __init__(self, name, tip, public=False):
                self.name, self.tip, self.public = name, tip, public
    """,
    "Enum.py": """
        from enum import Enum
        PlayResult = Enum('PlayResult', ['PLAY', 'NOPLAY'])
    """,
    "PlayerAction.py": """
        from dataclasses import dataclass
        from Enum import PlayResult
        @dataclass
        class PlayerAction:
            action: object
            domino: object = None
            train: object = None
    """,
    "Player.py": """
        class Player:
            def __init__(self, name, is_real=True, color="blue"):
                self.name, self.hand = name, []
        class LegalPlayer(Player):
            pass
    """,
    "TrainPlayer.py": """
        from Enum import PlayResult
        from Player import Player
        from PlayerAction import PlayerAction
        SEEN = []
        class BiasedTrainBuilderPlayer(Player):
            # The heaviest tile that fits an offered train; its own train first on equal weight.
            def play(self, table, available_trains):
                SEEN.append((list(self.hand), list(available_trains), table.trains[self]))
                fits = [(d.score(), train is table.trains[self], d, train)
                        for train in available_trains for d in self.hand if train.tip in (d.left, d.right)]
                if not fits:
                    return PlayerAction(PlayResult.NOPLAY)
                _, _, domino, train = max(fits, key=lambda f: (f[0], f[1]))
                return PlayerAction(PlayResult.PLAY, domino, train)
        class TrainBuilderPlayer(BiasedTrainBuilderPlayer):
            pass
        class LargestDominoPlayer(BiasedTrainBuilderPlayer):
            pass
        class LargestDominoFirstAvailableTrainPlayer(BiasedTrainBuilderPlayer):
            pass
    """,
}


@pytest.fixture
def stand_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name, text in STAND_IN.items():
        (tmp_path / name).write_text(textwrap.dedent(text))
    monkeypatch.setenv(peer.PEER_DIR_VARIABLE, str(tmp_path))
    monkeypatch.setattr(sys, "path", list(sys.path))
    for name in STAND_IN:
        monkeypatch.delitem(sys.modules, name.removesuffix(".py"), raising=False)
    return tmp_path


def test_without_a_checkout_the_seat_says_how_to_get_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(peer.PEER_DIR_VARIABLE, str(tmp_path / "none"))
    with pytest.raises(PeerMissingError, match=r"mexican_train_peer\.py"):
        peer.peer_agent()


def test_the_peer_sees_our_hand_trains_and_the_trains_our_rules_allow(stand_in: Path) -> None:
    rules = Rules.preset("mexican-train", players=3)
    round_ = Round.from_position(
        rules,
        "engine: 12-12; turn: 0; hands: 5-9 9-2 10-3 / 1-2 4-5 / 7-7; boneyard: 8-8; trains: 12-5 / 12-4 / 12-7; "
        "mexican: 12-10; marked: @2; waiting: -",
    )
    seat = peer.peer_agent()
    move = seat.choose(round_.observation(0))
    hand, available, own = sys.modules["TrainPlayer"].SEEN[-1]
    assert sorted((d.left, d.right) for d in hand) == [(9, 2), (9, 5), (10, 3)]
    assert sorted(train.tip for train in available) == [4, 5, 10]  # own, @2 (marked) and the Mexican: not @3
    assert own.tip == 5
    assert move == Move.play("9-5", "mine") and seat.refused == 0  # the stand-in sheds the heaviest tile


def test_a_waiting_double_is_the_only_train_offered_and_no_play_draws(stand_in: Path) -> None:
    rules = Rules.preset("mexican-train", players=2)
    text = (
        "engine: 12-12; turn: 1; hands: 5-9 / {}; boneyard: 8-8; trains: 12-6 6-6 / -; mexican: 12-4; "
        "marked: -; waiting: @1"
    )
    seat = peer.peer_agent()
    covering = Round.from_position(rules, text.format("1-2 4-3 6-3")).observation(1)
    assert seat.choose(covering) == Move.play("6-3", 0)  # the 4-3 fits the Mexican's 4, but the 6-6 binds (M6)
    assert [train.tip for train in sys.modules["TrainPlayer"].SEEN[-1][1]] == [6]
    stuck = Round.from_position(rules, text.format("1-2 4-3")).observation(1)
    assert seat.choose(stuck) == DRAW


@pytest.mark.parametrize("players", [2, 4, 8])
def test_the_peer_plays_whole_games_at_our_table_without_a_refused_move(stand_in: Path, players: int) -> None:
    game = Game.new(MEXICAN_TRAIN.default_preset, players, seed=players, rounds=1)
    seats = [peer.peer_agent() for _ in range(players)]
    while not game.is_over:
        player = game.to_move
        assert player is not None
        game.play(seats[player].choose(game.observation(player)))
    assert sum(seat.refused for seat in seats) == 0
