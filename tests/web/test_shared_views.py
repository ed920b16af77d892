"""What the seats' views of one state share is made once (``views.sharing``), and each seat still gets
exactly its own view: the one it gets when its view is made alone, with its own tiles and nobody else's."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bonepile.games import game_kind, game_names
from bonepile.i18n import using
from bonepile.store.db import GameStore
from bonepile.web.live import GameSession, Listener
from bonepile.web.views import shared, sharing


def drained(listener: Listener) -> list[object]:
    messages = []
    while not listener.queue.empty():
        messages.append(listener.queue.get_nowait())
    return messages


@pytest.mark.parametrize("game", game_names())
def test_every_seat_of_a_publish_gets_the_view_it_gets_alone(game: str, tmp_path: Path) -> None:
    store = GameStore(f"sqlite:///{tmp_path / 'games.db'}")
    seats = [{"kind": "human", "name": name, "level": None} for name in ("Ann", "Bea", "Cy")]
    preset = next(iter(game_kind(game).presets))
    stored = store.create(game=game, preset=preset, options={}, seats=seats, seed=7)
    session = GameSession(stored)
    languages = ["en", "de", "fi"]
    session.listeners = [Listener(spec=seat, language=languages[seat]) for seat in range(3)]
    session.listeners.append(Listener(spec=None, language="fr"))  # a watcher: the public view
    rng = random.Random(7)
    moves = 0
    while not session.over and moves < 150:
        if session.pause is not None:
            session.end_pause()
        seat = session.game.to_move
        session.apply(seat, rng.choice(session.game.legal_moves()))
        moves += 1
        session.publish("move")
        for listener in session.listeners:
            (message,) = drained(listener)
            assert isinstance(message, str)
            with using(listener.language):
                alone = session.view(listener.spec)  # made outside ``sharing``: nothing shared
            assert json.loads(message) == {"type": "view", "cause": "move", "view": json.loads(json.dumps(alone))}
    assert moves > 20
    store.close()


def test_shared_parts_are_made_once_for_the_same_objects_and_again_for_others() -> None:
    made: list[str] = []

    def make(label: str) -> list[str]:
        made.append(label)
        return [label]

    events = ("a", "b")
    same_content = tuple(["a", "b"])
    assert shared("log", "en", (events,), lambda: make("outside")) == ["outside"]
    assert shared("log", "en", (events,), lambda: make("outside again")) == ["outside again"]  # no memo outside
    with sharing():
        first = shared("log", "en", (events,), lambda: make("first"))
        assert shared("log", "en", (events,), lambda: make("second")) is first
        assert shared("log", "de", (events,), lambda: make("german")) == ["german"]  # values differ
        assert shared("board", "en", (events,), lambda: make("board")) == ["board"]  # another part
        assert shared("log", "en", (same_content, events), lambda: make("other objects")) == ["other objects"]
    with sharing():
        assert shared("log", "en", (events,), lambda: make("a new block")) == ["a new block"]  # nothing kept
    assert made == ["outside", "outside again", "first", "german", "board", "other objects", "a new block"]
