"""The server answers each reader in that reader's language: an API error by ``Accept-Language``, a socket
by its ``?lang=``, and a view pushed to a socket by another task (another player's move) in that socket's
own language, not the mover's.

The catalogs are a temporary German one made here (``de_catalog``), so that the tests do not depend on
which translations the project has written.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import create, view_of

import bonepile.i18n
import bonepile.web.live
from bonepile.i18n import _

MOVED = "A move was played"
"""A move's words as the patched presenter says them (``words_through_the_catalog``)."""

GERMAN = {
    "no game {game}": "keine Partie {game}",
    "the message is not valid JSON": "die Nachricht ist kein gültiges JSON",
    "Dominoes": "Domino",
    MOVED: "Ein Zug wurde gespielt",
}

PO_HEAD = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: de\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

"""


def _clear() -> None:
    bonepile.i18n.read_catalog.cache_clear()
    bonepile.i18n._translations.cache_clear()


@pytest.fixture
def de_catalog(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A German catalog with the few messages above, in place of the project's catalogs."""
    folder = tmp_path / "locales" / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    entries = "".join(f'msgid "{english}"\nmsgstr "{german}"\n\n' for english, german in GERMAN.items())
    (folder / "bonepile.po").write_text(PO_HEAD + entries, encoding="utf-8")
    monkeypatch.setattr(bonepile.i18n, "LOCALES", tmp_path / "locales")
    _clear()
    yield tmp_path
    monkeypatch.undo()
    _clear()


@pytest.fixture
def words_through_the_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every move's words go through the catalog (``MOVED``), whatever the presenters have wrapped yet."""

    def words(name: str, move: object, timed_out: bool, deal: object, game: str) -> str:
        return _(MOVED)

    monkeypatch.setattr(bonepile.web.live, "move_words", words)


def test_an_api_error_is_in_the_language_the_request_asks_for(client: TestClient, de_catalog: Path) -> None:
    german = client.get("/api/games/nope", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
    assert german.status_code == 404
    assert german.headers["content-language"] == "de"
    assert german.json()["error"] == {"code": "unknown_game", "message": "keine Partie 'nope'"}
    english = client.get("/api/games/nope", headers={"Accept-Language": "en"})
    assert english.headers["content-language"] == "en"
    assert english.json()["error"] == {"code": "unknown_game", "message": "no game 'nope'"}
    assert client.get("/api/games/nope").json()["error"]["message"] == "no game 'nope'"


def test_the_catalog_names_the_games_in_the_readers_language(client: TestClient, de_catalog: Path) -> None:
    german = client.get("/api/games/catalog", headers={"Accept-Language": "de"}).json()
    english = client.get("/api/games/catalog").json()
    titles = {game["name"]: game["title"] for game in german["games"]}
    assert titles["dominoes"] == "Domino"
    assert {game["name"]: game["title"] for game in english["games"]}["dominoes"] == "Dominoes"
    levels = [level["label"] for game in english["games"] if game["name"] == "dominoes" for level in game["ai_levels"]]
    assert levels[:2] == ["Easy", "Medium"]


def test_a_game_socket_speaks_the_language_of_its_lang_parameter(client: TestClient, de_catalog: Path) -> None:
    game_id = create(client, game="dominoes", seed=31)["id"]
    for lang, expected in (("de", "die Nachricht ist kein gültiges JSON"), ("en", "the message is not valid JSON")):
        with client.websocket_connect(f"/ws/games/{game_id}?seat=0&lang={lang}") as socket:
            assert socket.receive_json()["type"] == "view"
            socket.send_text("not json")
            error = socket.receive_json()
            assert error["error"] == {"code": "bad_json", "message": expected}


def test_each_socket_of_a_game_gets_the_others_move_in_its_own_language(
    client: TestClient, de_catalog: Path, words_through_the_catalog: None
) -> None:
    game_id = create(client, game="dominoes", seed=32, seats=[{"kind": "human"}, {"kind": "human"}])["id"]
    with (
        client.websocket_connect(f"/ws/games/{game_id}?seat=0&lang=de") as german,
        client.websocket_connect(f"/ws/games/{game_id}?seat=1&lang=en") as english,
        client.websocket_connect(f"/ws/games/{game_id}?lang=en") as public,
    ):
        for socket in (german, english, public):
            assert socket.receive_json()["cause"] == "connect"
        view = view_of(client, game_id, "turn")
        # The move comes from a German reader: the English sockets must not get its words.
        answer = client.post(
            f"/api/games/{game_id}/moves",
            json={"seat": view["seat"], "move": view["legal_moves"][0]["text"], "move_number": view["move_number"]},
            headers={"Accept-Language": "de"},
        )
        assert answer.status_code == 200, answer.text
        assert answer.json()["move"]["text"] == "Ein Zug wurde gespielt"
        pushed = {name: socket.receive_json() for name, socket in (("de", german), ("en", english), ("public", public))}
        assert all(message["cause"] == "move" for message in pushed.values())
        assert pushed["de"]["view"]["last_move"]["text"] == "Ein Zug wurde gespielt"
        assert pushed["en"]["view"]["last_move"]["text"] == MOVED
        assert pushed["public"]["view"]["last_move"]["text"] == MOVED
        # The move itself is the same for every reader: only its words differ.
        moves = {message["view"]["last_move"]["move"] for message in pushed.values()}
        assert moves == {view["legal_moves"][0]["text"]}


def _hello(client: TestClient, socket: Any, token: str) -> dict[str, Any]:
    socket.send_json({"type": "hello", "token": token})
    welcome: dict[str, Any] = socket.receive_json()
    assert welcome["type"] == "welcome", welcome
    return welcome


def _next(socket: Any, kind: str) -> dict[str, Any]:
    """The socket's next message of type ``kind`` (room updates and acks may come before it)."""
    for _i in range(20):
        message: dict[str, Any] = socket.receive_json()
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


def test_each_socket_of_a_room_gets_its_own_language(
    client: TestClient, de_catalog: Path, words_through_the_catalog: None
) -> None:
    answer = client.post("/api/rooms", json={"game": "dominoes", "players": 2})
    assert answer.status_code == 201, answer.text
    made = answer.json()
    room_id, host = made["room"]["id"], made["host_token"]
    guest = made["seat_tokens"][0]["token"]
    with (
        client.websocket_connect(f"/ws/rooms/{room_id}?lang=de") as german,
        client.websocket_connect(f"/ws/rooms/{room_id}?lang=en") as english,
    ):
        assert _hello(client, german, host)["room"]["title"] == "Domino"
        assert _hello(client, english, guest)["room"]["title"] == "Dominoes"
        started = client.post(f"/api/rooms/{room_id}/start", headers={"Authorization": f"Bearer {host}"})
        assert started.status_code == 200, started.text
        # The room pushed by the host's request reaches each socket in its own language.
        assert _next(german, "room")["room"]["title"] == "Domino"
        assert _next(english, "room")["room"]["title"] == "Dominoes"
        views = {"de": _next(german, "view")["view"], "en": _next(english, "view")["view"]}
        turn = views["de"]["turn"]
        mover, other = (german, english) if turn == views["de"]["seat"] else (english, german)
        moving = views["de"] if mover is german else views["en"]
        mover.send_json(
            {
                "type": "move",
                "game_id": moving["id"],
                "move_number": moving["move_number"],
                "move": moving["legal_moves"][0]["text"],
            }
        )
        texts = {
            "de": _next(german, "view")["view"]["last_move"]["text"],
            "en": _next(english, "view")["view"]["last_move"]["text"],
        }
        assert texts == {"de": "Ein Zug wurde gespielt", "en": MOVED}
        assert other is not mover
