"""Two sockets of one room in two languages each get their own log lines (issue 18): the server renders
each viewer's texts from the events in the viewer's language (``?lang=`` on the socket), never one
language stored for all. An English reader of the same room is the reference: each line a German and a
French socket get is the translation, in that language's catalog, of the message the English line is.

The catalogs are the real ones (or those ``BONEPILE_LOCALES`` names): nothing is skipped for want of one.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from i18n_support import messages, pattern, template

import bonepile.i18n as i18n
from bonepile.web import create_app
from bonepile.web.settings import Settings


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'rooms.db'}", ai_delay=0.0, hand_pause=0.0, settings=Settings())
    with TestClient(app) as opened:
        yield opened


def translations(language: str) -> dict[str, list[str]]:
    """Each English text (singular and plural) with the texts the language's catalog gives it."""
    catalog = i18n.read_catalog(language)
    found: dict[str, list[str]] = {}
    for message in messages(catalog) if catalog is not None else []:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for english in ids:
            found.setdefault(english, []).extend(text for text in strings if text)
    return found


def matches(text: str, message: str) -> bool:
    found = pattern(message)
    return (found.fullmatch(text) is not None) if found else text == message


def read_until(socket: Any, wanted: Any) -> dict[str, Any]:
    for _message in range(50):
        message: dict[str, Any] = socket.receive_json()
        if wanted(message):
            return message
    raise AssertionError("the socket never got the wanted message")


def test_two_sockets_of_one_room_get_their_own_log_lines(client: TestClient) -> None:
    i18n.read_catalog.cache_clear()
    for language in ("de", "fr"):
        assert i18n.po_path(language).exists(), f"no catalog {i18n.po_path(language)}"
    answer = client.post("/api/rooms", json={"game": "dominoes", "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    room_id = created["room"]["id"]
    tokens = {"de": created["host_token"], "fr": created["seat_tokens"][0]["token"]}
    with (
        client.websocket_connect(f"/ws/rooms/{room_id}?lang=de") as german,
        client.websocket_connect(f"/ws/rooms/{room_id}?lang=fr") as french,
    ):
        sockets = {"de": german, "fr": french}
        for language, socket in sockets.items():
            socket.send_json({"type": "hello", "token": tokens[language]})
            read_until(socket, lambda m: m["type"] in ("welcome", "error"))
        started = client.post(f"/api/rooms/{room_id}/start", headers={"Authorization": f"Bearer {tokens['de']}"})
        assert started.status_code == 200, started.text
        views = {
            language: read_until(socket, lambda m: m["type"] == "view")["view"] for language, socket in sockets.items()
        }
        # Two moves, each by whoever is to move, so the log has lines of both seats.
        for _move in range(2):
            mover = next(language for language, view in views.items() if view["turn"] == view["seat"])
            view = views[mover]
            sockets[mover].send_json(
                {
                    "type": "move",
                    "game_id": view["id"],
                    "move_number": view["move_number"],
                    "move": view["legal_moves"][0]["text"],
                }
            )
            number = view["move_number"]
            for language, socket in sockets.items():
                views[language] = read_until(
                    socket, lambda m, n=number: m["type"] == "view" and m["view"]["move_number"] > n
                )["view"]
    english = client.get(f"/api/rooms/{room_id}/view", headers={"Authorization": f"Bearer {tokens['de']}"})
    assert english.status_code == 200, english.text
    body = english.json()
    english_log = [entry["text"] for entry in (body.get("view") or body)["log"]]
    assert len(english_log) >= 2
    ids = [message.id for message in messages(template())]
    english_ids = [
        text for message_id in ids for text in (message_id if isinstance(message_id, tuple) else (message_id,))
    ]
    wrong: list[str] = []
    for language in ("de", "fr"):
        log = [entry["text"] for entry in views[language]["log"]]
        assert len(log) == len(english_log), (language, log, english_log)
        known = translations(language)
        for line, english_line in zip(log, english_log, strict=True):
            sources = [message for message in english_ids if matches(english_line, message)]
            if not sources:
                wrong.append(f"{english_line!r} is no English message of the catalogs (not wrapped?)")
                continue
            if not any(matches(line, text) for source in sources for text in known.get(source, [source])):
                wrong.append(f"{language}: {line!r} is not the {language} of {english_line!r} ({sources[0]!r})")
    assert not wrong, "log lines not in the reader's language:\n" + "\n".join(dict.fromkeys(wrong))
