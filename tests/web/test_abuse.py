"""The server under abuse and faults (the findings of a hostile run): each test fails on a server that
lets undo peek, stalls on a failed write, accepts absurd bounds, or answers odd input with a 500."""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update
from sqlalchemy.exc import OperationalError
from starlette.websockets import WebSocketDisconnect
from web_helpers import create, open_client, view_of, wait_for

from bonepile.ai import dominoes_heuristic
from bonepile.store.db import GameRow, GameStore, Save, StoredGame, StoreError, backup
from bonepile.web.sessions import clean_name
from bonepile.web.settings import Settings

HUMAN_VS_AI = {"game": "dominoes", "seats": [{"kind": "human"}, {"kind": "ai", "level": "easy"}]}


def error_of(answer: Any, status: int, code: str) -> dict[str, Any]:
    assert answer.status_code == status, answer.text
    body: dict[str, Any] = answer.json()
    assert body["error"]["code"] == code, body
    return body


def first_placement(view: dict[str, Any]) -> str | None:
    moves = [entry["text"] for entry in view["legal_moves"] if entry["kind"] == "play"]
    return moves[0] if moves else None


# ---------------------------------------------------------------------------------------- 1. undo


def test_an_undo_probe_learns_nothing_hidden(client: TestClient) -> None:
    """The probe of the finding: play, watch the AI answer, undo, try again. Every undo past the AI's
    answer is refused, so the probe never sees a position twice and predicts nothing."""
    refused = 0
    for seed in range(6):
        game = create(client, **HUMAN_VS_AI, seed=seed)["id"]
        view = wait_for(client, game, 0, lambda v: v["turn"] == 0 or v["status"] == "over")
        text = first_placement(view)
        if text is None or view["status"] == "over":
            continue
        client.post(f"/api/games/{game}/moves", json={"seat": 0, "move": text, "move_number": view["move_number"]})
        played = view["move_number"] + 1
        after = wait_for(client, game, 0, lambda v, played=played: v["move_number"] > played or v["status"] == "over")
        if after["status"] == "over":
            continue
        assert after["can_undo"] is False
        answer = client.post(f"/api/games/{game}/undo", json={"seat": 0, "move_number": after["move_number"]})
        body = error_of(answer, 409, "cannot_undo")
        assert "another player has moved" in body["error"]["message"].lower()
        assert view_of(client, game, 0)["move_number"] == after["move_number"]  # nothing was taken back
        refused += 1
    assert refused >= 3


def test_undo_takes_back_a_move_nothing_answered_and_never_a_draw(db_url: str) -> None:
    with open_client(db_url) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        # Find a turn where seat 0 must draw (the AI playing at once), then let the AI wait.
        for seed in range(40):
            game = create(client, **HUMAN_VS_AI, seed=seed)["id"]
            manager.ai_delay = 0.0
            for _ in range(60):
                view = wait_for(client, game, 0, lambda v: v["turn"] == 0 or v["status"] == "over")
                if view["status"] == "over":
                    break
                kinds = {entry["kind"] for entry in view["legal_moves"]}
                if kinds == {"draw"}:
                    manager.ai_delay = 30.0
                    number = view["move_number"]
                    drawn = client.post(
                        f"/api/games/{game}/moves", json={"seat": 0, "move": "draw", "move_number": number}
                    )
                    assert drawn.status_code == 200
                    answer = client.post(f"/api/games/{game}/undo", json={"seat": 0, "move_number": number + 1})
                    assert "you drew" in error_of(answer, 409, "cannot_undo")["error"]["message"].lower()
                    assert drawn.json()["view"]["can_undo"] is False
                    # A placement nobody has answered yet may be taken back.
                    mine = view_of(client, game, 0)
                    text = first_placement(mine)
                    if text is not None and mine["turn"] == 0:
                        client.post(
                            f"/api/games/{game}/moves", json={"seat": 0, "move": text, "move_number": number + 1}
                        ).raise_for_status()
                        assert view_of(client, game, 0)["can_undo"] is True
                        undone = client.post(f"/api/games/{game}/undo", json={"seat": 0, "move_number": number + 2})
                        assert undone.status_code == 200 and undone.json()["undone"] == 1
                    return
                text = first_placement(view) or view["legal_moves"][0]["text"]
                client.post(
                    f"/api/games/{game}/moves", json={"seat": 0, "move": text, "move_number": view["move_number"]}
                )
    pytest.fail("no seed gave seat 0 a forced draw")


def test_the_summary_says_what_undo_does(client: TestClient) -> None:
    summary = create(client, **HUMAN_VS_AI, seed=1)
    assert summary["undo"] is True and "another player has moved" in summary["undo_rule"]


# ---------------------------------------------------------------------------------------- 2. a failing store


class BrokenDisk:
    """Every save fails (as on a full disk) while ``broken`` is set; ``let_through`` saves pass first.

    It stands in for ``GameStore.save_many``, through which the server's writer stores every move
    (``bonepile.store.batch``): each save of a batch fails or passes on its own."""

    def __init__(self, store: GameStore, let_through: int = 0) -> None:
        self.store = store
        self.real = store.save_many
        self.broken = threading.Event()
        self.let_through = let_through
        self.failures = 0

    def save_many(self, saves: Sequence[Save]) -> list[StoredGame | Exception]:
        if not self.broken.is_set():
            return self.real(saves)
        results: list[StoredGame | Exception] = []
        for save in saves:
            if self.let_through > 0:
                self.let_through -= 1
                results.extend(self.real([save]))
            else:
                self.failures += 1
                results.append(OperationalError("UPDATE games", {}, Exception("database or disk is full")))
        return results


def until(check: Callable[[], bool], timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_a_full_disk_then_a_free_one_resumes_the_ai_without_a_restart(db_url: str) -> None:
    settings = Settings(store_retry_max=0.2)
    with open_client(db_url, settings=settings) as client:
        store = client.app.state.store  # type: ignore[attr-defined]
        disk = BrokenDisk(store, let_through=1)  # the human's move is stored, the AI's is not
        store.save_many = disk.save_many
        game = create(client, **HUMAN_VS_AI, seed=2)["id"]
        view = wait_for(client, game, 0, lambda v: v["turn"] == 0)
        with client.websocket_connect(f"/ws/games/{game}?seat=0") as socket:
            socket.send_json({"type": "hello"})
            assert socket.receive_json()["type"] == "view"
            disk.broken.set()
            text = first_placement(view) or view["legal_moves"][0]["text"]
            number = view["move_number"]
            client.post(f"/api/games/{game}/moves", json={"seat": 0, "move": text, "move_number": number})
            until(lambda: disk.failures >= 2)
            health = client.get("/health")
            assert health.status_code == 503 and health.json()["store"]["ok"] is False
            failing = health.json()
            assert failing["status"] == "degraded" and failing["store"]["last_error"] == failing["store"]["error"]
            assert failing["store"]["since"] == failing["store"]["failing_since"] is not None
            assert failing["bus"] | {"since": None} == {
                "kind": "local",
                "ok": True,
                "since": None,
                "last_error": None,
                "last_error_at": None,
                "polling": False,
                "poll_seconds": None,
                "polls": 0,
            }
            status = socket.receive_json()
            while status["type"] != "status":
                status = socket.receive_json()
            assert status == {"type": "status", "store": "retrying", "message": "saving failed, retrying"}
            # A move over HTTP while the disk is full: the documented JSON error, not a plain-text 500.
            moved = client.post(f"/api/games/{game}/moves", json={"seat": 0, "move": "draw", "move_number": number + 1})
            assert moved.status_code in (409, 503), moved.text
            assert moved.json()["error"]["code"] in ("not_your_turn", "store_unavailable")
            disk.broken.clear()  # the disk has room again
            until(lambda: len(store.get(game).moves) >= number + 2, timeout=10)
            healthy = client.get("/health")
            assert healthy.status_code == 200 and healthy.json()["status"] == "ok"
            store_health = healthy.json()["store"]
            assert store_health["ok"] is True and store_health["error"] is None
            assert store_health["last_error"] == failing["store"]["error"] and store_health["last_error_at"]
            assert store_health["since"] >= failing["store"]["since"]
            assert wait_for(client, game, 0, lambda v: v["move_number"] >= number + 2, timeout=10)


def test_a_clock_whose_move_could_not_be_stored_goes_on_when_the_store_is_back(db_url: str) -> None:
    settings = Settings(min_turn_time=0.05, store_retry_max=0.2)
    with open_client(db_url, settings=settings) as client:
        store = client.app.state.store  # type: ignore[attr-defined]
        disk = BrokenDisk(store)
        store.save_many = disk.save_many
        disk.broken.set()
        seats = [{"kind": "human"}, {"kind": "human"}]
        game = create(client, game="dominoes", seats=seats, seed=15, turn_time_limit=0.2)["id"]
        until(lambda: disk.failures >= 3)  # the time-out move is tried again and again
        assert view_of(client, game, "turn")["move_number"] == 0 and not store.get(game).moves
        disk.broken.clear()
        until(lambda: bool(store.get(game).timeouts), timeout=10)
        assert view_of(client, game, "turn")["last_move"]["timed_out"] is True


def test_a_database_failure_over_http_is_a_json_503(client: TestClient) -> None:
    store = client.app.state.store  # type: ignore[attr-defined]
    game = create(client, game="dominoes", seats=[{"kind": "human"}, {"kind": "human"}], seed=4)["id"]
    view = view_of(client, game, "turn")
    disk = BrokenDisk(store)
    store.save_many = disk.save_many
    disk.broken.set()
    text = view["legal_moves"][0]["text"]
    answer = client.post(f"/api/games/{game}/moves", json={"seat": view["turn"], "move": text, "move_number": 0})
    error_of(answer, 503, "store_unavailable")
    assert view_of(client, game, "turn")["move_number"] == 0  # nothing half-done


# ---------------------------------------------------------------------------------------- 3. bounds


@pytest.mark.parametrize(
    "extra",
    [
        {"turn_time_limit": 0.001},
        {"turn_time_limit": 4.9},
        {"turn_time_limit": 10**9},
        {"options": {"target": 10**15}},
        {"options": {"target": 1001}},
    ],
)
def test_absurd_bounds_are_refused(client: TestClient, extra: dict[str, Any]) -> None:
    error_of(client.post("/api/games", json=HUMAN_VS_AI | extra), 400, "bad_rules")
    error_of(client.post("/api/rooms", json={"game": "dominoes"} | extra), 400, "bad_rules")


def test_the_shortest_clock_and_no_clock_are_fine(client: TestClient) -> None:
    assert create(client, **HUMAN_VS_AI, turn_time_limit=5)["turn_time_limit"] == 5.0
    assert create(client, **HUMAN_VS_AI, turn_time_limit=None)["turn_time_limit"] is None


def test_a_game_stops_at_its_move_cap(db_url: str) -> None:
    settings = Settings(max_moves=4)
    with open_client(db_url, settings=settings) as client:
        seats = [{"kind": "ai", "level": "easy"}, {"kind": "ai", "level": "easy"}]
        game = create(client, game="dominoes", seats=seats, seed=5)["id"]
        until(lambda: view_of(client, game)["move_number"] >= 4)
        time.sleep(0.3)
        assert view_of(client, game)["move_number"] == 4  # the AI stopped there


def test_a_clock_stops_when_no_client_is_there(db_url: str) -> None:
    settings = Settings(min_turn_time=0.05, client_grace=0.3)
    with open_client(db_url, settings=settings) as client:
        store = client.app.state.store  # type: ignore[attr-defined]
        seats = [{"kind": "human"}, {"kind": "human"}]
        game = create(client, game="dominoes", seats=seats, seed=6, turn_time_limit=0.1)["id"]
        time.sleep(1.5)  # nobody asks for the game: at most the turns within the grace time out
        moves = len(store.get(game).moves)
        assert moves <= 4
        stopped = view_of(client, game, "turn")["clock"]  # a client is back: the clock runs again
        assert stopped is not None
        until(lambda: len(store.get(game).moves) > moves, timeout=5)


def test_an_ai_whose_agent_fails_still_moves_so_the_game_goes_on(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fault in an AI seat's agent (here every ``hard`` move raises) must not leave the game waiting on a seat
    that never moves: the seat plays a random legal move instead, and the fault is logged."""

    def broken(*_args: object) -> None:
        raise RuntimeError("a bug in the agent")

    monkeypatch.setattr(dominoes_heuristic.HeuristicAgent, "choose", broken)
    seats = [{"kind": "ai", "level": "hard"}, {"kind": "ai", "level": "hard"}]
    with open_client(db_url) as client:
        game = create(client, game="dominoes", preset="block", players=2, seats=seats, seed=21)["id"]
        wait_for(client, game, None, lambda v: v["move_number"] >= 6)


# ---------------------------------------------------------------------------------------- 4. hints


def test_hints_are_rate_limited_per_client(db_url: str) -> None:
    settings = Settings(hint_burst=2, hint_rate=0.01)
    with open_client(db_url, settings=settings) as client:
        game = create(client, **HUMAN_VS_AI, seed=7)["id"]
        wait_for(client, game, 0, lambda v: v["turn"] == 0)
        codes = [client.get(f"/api/games/{game}/hint", params={"seat": 0}).status_code for _ in range(3)]
        assert codes[:2] == [200, 200]
        error_of(client.get(f"/api/games/{game}/hint", params={"seat": 0}), 429, "rate_limited")


def test_a_hint_past_its_deadline_is_given_up(db_url: str) -> None:
    settings = Settings(hint_timeout=0.0001)
    with open_client(db_url, settings=settings) as client:
        game = create(client, **HUMAN_VS_AI, seed=7)["id"]
        wait_for(client, game, 0, lambda v: v["turn"] == 0)
        error_of(client.get(f"/api/games/{game}/hint", params={"seat": 0}), 503, "hint_timeout")


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="needs SIGSTOP")
def test_a_stuck_hint_worker_is_replaced_so_the_next_hint_is_answered(db_url: str) -> None:
    # The quickest hint (the easy level's), so that only a stuck worker can take the 3 s, however loaded the machine.
    settings = Settings(hint_timeout=3.0, hint_burst=100)
    hint = {"seat": 0, "level": "easy"}
    with open_client(db_url, settings=settings) as client:
        game = create(client, **HUMAN_VS_AI, seed=7)["id"]
        wait_for(client, game, 0, lambda v: v["turn"] == 0)
        assert client.get(f"/api/games/{game}/hint", params=hint).status_code == 200  # the workers are up
        hints = client.app.state.manager.hints  # type: ignore[attr-defined]
        stuck = [process.pid for process in hints._executor._processes.values()]
        for pid in stuck:
            os.kill(pid, signal.SIGSTOP)  # alive, but it never answers again
        try:
            error_of(client.get(f"/api/games/{game}/hint", params=hint), 503, "hint_timeout")
            answer = client.get(f"/api/games/{game}/hint", params=hint)
            assert answer.status_code == 200, answer.text
            assert set(hints._executor._processes).isdisjoint(stuck)
        finally:
            for pid in stuck:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)


# ---------------------------------------------------------------------------------------- 6. creation, memory


def test_creation_is_rate_limited_per_client(db_url: str) -> None:
    with open_client(db_url, settings=Settings(create_burst=3, create_rate=0.01)) as client:
        for _ in range(3):
            create(client, **HUMAN_VS_AI)
        error_of(client.post("/api/games", json=HUMAN_VS_AI), 429, "rate_limited")
        error_of(client.post("/api/rooms", json={"game": "dominoes"}), 429, "rate_limited")


def test_idle_games_leave_memory_and_come_back_on_demand(db_url: str) -> None:
    with open_client(db_url, settings=Settings(evict_after=0)) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        seats = [{"kind": "human"}, {"kind": "human"}]
        game = create(client, game="dominoes", seats=seats, seed=8)["id"]
        assert manager.evict_idle() >= 1 and game not in manager.sessions
        assert view_of(client, game, "turn")["move_number"] == 0  # read again from the database
        assert game in manager.sessions


def test_old_games_are_purged_after_the_retention(client: TestClient) -> None:
    """The manager's purge deletes (from the database and from memory) the games untouched for longer than
    ``retention_days``, and keeps those touched since: a day either side of the cutoff."""
    manager = client.app.state.manager  # type: ignore[attr-defined]
    days = manager.settings.retention_days
    old, recent, new = (create(client, **HUMAN_VS_AI, seed=seed)["id"] for seed in (9, 10, 11))
    for game in (old, recent, new):  # the AI is done: nothing changes these games but the ageing below
        wait_for(client, game, 0, lambda view: view["turn"] == 0)
    assert manager.purge() == 0  # new games are kept
    now = datetime.now(UTC)
    with manager.store.engine.begin() as connection:
        for game, age in ((old, days + 1), (recent, days - 1)):
            connection.execute(update(GameRow).where(GameRow.id == game).values(updated_at=now - timedelta(days=age)))
    assert {old, recent, new} <= set(manager.sessions)
    assert manager.purge() == 1
    assert manager.store.get(old) is None and old not in manager.sessions
    assert client.get(f"/api/games/{old}").status_code == 404
    for kept in (recent, new):
        assert manager.store.get(kept) is not None and kept in manager.sessions
        assert client.get(f"/api/games/{kept}").status_code == 200


def test_the_game_list_comes_in_pages_newest_first(db_url: str) -> None:
    with open_client(db_url, settings=Settings(page_size=2)) as client:
        made = [create(client, **HUMAN_VS_AI, seed=seed)["id"] for seed in range(5)]
        seen: list[str] = []
        cursor = None
        for _ in range(5):
            params = {"status": "all"} | ({"cursor": cursor} if cursor else {})
            page = client.get("/api/games", params=params).json()
            assert len(page["games"]) <= 2
            seen += [game["id"] for game in page["games"]]
            cursor = page["next"]
            if cursor is None:
                break
        assert sorted(seen) == sorted(made) and len(seen) == 5
        stamps = [client.get(f"/api/games/{game}").json()["updated_at"] for game in seen]
        assert stamps == sorted(stamps, reverse=True)
        error_of(client.get("/api/games", params={"cursor": "yesterday"}), 400, "bad_cursor")


# ---------------------------------------------------------------------------------------- 7-9, 11. odd input


@pytest.mark.parametrize("seat", ["²", "٣", "9" * 5000, "1e3", " ", "0x1"])
def test_odd_seats_are_a_400(client: TestClient, seat: str) -> None:
    game = create(client, **HUMAN_VS_AI, seed=10)["id"]
    error_of(client.get(f"/api/games/{game}/view", params={"seat": seat}), 400, "bad_seat")


def test_a_deeply_nested_body_is_bad_json(client: TestClient) -> None:
    body = "[" * 100_00 + "]" * 100_00
    answer = client.post("/api/games", content=body, headers={"content-type": "application/json"})
    assert answer.status_code in (400, 413), answer.text
    assert answer.json()["error"]["code"] in ("bad_json", "too_large")
    nested = "[" * 5000 + "]" * 5000
    error_of(client.post("/api/games", content=nested, headers={"content-type": "application/json"}), 400, "bad_json")


@pytest.mark.parametrize(
    ("frame", "code"),
    [(b"\x00\x01binary", 1003), ("[" * 5000 + "]" * 5000, 1007), ("not json", 1007), ("[1, 2]", 1007)],
)
def test_a_game_socket_closes_on_a_frame_that_is_not_a_json_object(
    client: TestClient, frame: str | bytes, code: int
) -> None:
    game = create(client, **HUMAN_VS_AI, seed=11)["id"]
    with client.websocket_connect(f"/ws/games/{game}?seat=0") as socket:
        assert socket.receive_json()["type"] == "view"
        if isinstance(frame, bytes):
            socket.send_bytes(frame)
        else:
            socket.send_text(frame)
        message = socket.receive_json()
        while message["type"] != "error":
            message = socket.receive_json()
        assert message["error"]["code"] in ("bad_json", "invalid_message")
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == code


def test_a_game_socket_without_a_hello_is_closed(db_url: str) -> None:
    with open_client(db_url, settings=Settings(socket_hello_timeout=0.2)) as client:
        game = create(client, **HUMAN_VS_AI, seed=12)["id"]
        with client.websocket_connect(f"/ws/games/{game}?seat=0") as socket:
            assert socket.receive_json()["type"] == "view"
            assert socket.receive_json()["error"]["code"] == "no_hello"
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == 4408


def test_a_game_has_a_socket_cap(db_url: str) -> None:
    with open_client(db_url, settings=Settings(game_sockets=2)) as client:
        game = create(client, **HUMAN_VS_AI, seed=13)["id"]
        with client.websocket_connect(f"/ws/games/{game}") as one, client.websocket_connect(f"/ws/games/{game}") as two:
            one.receive_json()
            two.receive_json()
            with client.websocket_connect(f"/ws/games/{game}") as three:
                assert three.receive_json()["error"]["code"] == "game_busy"
                with pytest.raises(WebSocketDisconnect) as closed:
                    three.receive_json()
                assert closed.value.code == 1013


@pytest.mark.parametrize(
    ("given", "shown"),
    [("\u202eevil\u202c", "evil"), ("Ann\x07\x1b[31m", "Ann[31m"), ("a\u200bb", "ab"), ("  Bo \t\n Lee ", "Bo Lee")],
)
def test_names_lose_control_and_direction_characters(client: TestClient, given: str, shown: str) -> None:
    assert clean_name(given) == shown
    seats = [{"kind": "human", "name": given}, {"kind": "ai"}]
    assert create(client, game="dominoes", seats=seats)["seats"][0]["name"] == shown


def test_a_name_of_hidden_characters_only_gets_the_default(client: TestClient) -> None:
    seats = [{"kind": "human", "name": "\u202e\u200b\x00"}, {"kind": "ai"}]
    assert create(client, game="dominoes", seats=seats)["seats"][0]["name"] == "You"


# ---------------------------------------------------------------------------------------- 10, the file


def test_a_second_server_on_one_sqlite_file_without_redis_is_refused(tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'one.db'}"
    first, second = GameStore(db_url), GameStore(db_url)
    try:
        first.claim(shared=False)
        with pytest.raises(StoreError, match="--redis"):
            second.claim(shared=False)
        with pytest.raises(StoreError):
            second.claim(shared=True)
        first.release()
        second.claim(shared=True)  # with Redis, several may share it
        third = GameStore(db_url)
        third.claim(shared=True)
        third.close()
    finally:
        first.close()
        second.close()


def test_a_damaged_file_is_refused_at_start(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with open_client(url, settings=Settings(create_burst=100)) as client:
        for seed in range(30):
            create(client, **HUMAN_VS_AI, seed=seed)
    path = tmp_path / "games.db"
    assert not (tmp_path / "games.db-wal").exists() or not (tmp_path / "games.db-wal").stat().st_size
    data = bytearray(path.read_bytes())  # every game is in the file (checkpointed at the server's stop)
    for offset in range(4096, len(data), 4096):  # garble the head of every page after the first
        data[offset : offset + 16] = b"\xa5" * 16
    path.write_bytes(bytes(data))
    with pytest.raises(StoreError, match=r"damaged|cannot be read"):
        GameStore(url)


def test_backup_and_restore_of_a_game_in_progress(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    seats = [{"kind": "human"}, {"kind": "human"}]
    with open_client(url) as client:
        game = create(client, game="dominoes", seats=seats, seed=14)["id"]
        for _ in range(3):
            view = view_of(client, game, "turn")
            client.post(
                f"/api/games/{game}/moves",
                json={"seat": view["turn"], "move": view["legal_moves"][0]["text"], "move_number": view["move_number"]},
            ).raise_for_status()
        copy = tmp_path / "saved" / "copy.db"
        assert backup(url, copy) == 1  # while the server runs
        with pytest.raises(StoreError, match="exists"):
            backup(url, copy)
        shown = view_of(client, game, "turn")
    restored = tmp_path / "restored.db"
    restored.write_bytes(copy.read_bytes())
    with open_client(f"sqlite:///{restored}") as client:
        again = view_of(client, game, "turn")
        assert again["move_number"] == 3 and again["log"] == shown["log"] and again["your_tiles"] == shown["your_tiles"]
        text = again["legal_moves"][0]["text"]
        client.post(
            f"/api/games/{game}/moves", json={"seat": again["turn"], "move": text, "move_number": 3}
        ).raise_for_status()
