"""The AI seats' searches think in worker processes, off the server's event loop (``ai_workers``).

What is pinned: a searching agent's move is chosen in a worker and is the move the same seeded agent
chooses in the server's own process; it is never run in the server's process while workers are there
(a search patched to fail in the server changes nothing); the quick agents stay in a thread and start
no worker; a killed worker is replaced and the game goes on; a stopped one (no answer within
``ai_timeout``) is killed and replaced, its move chosen in a thread, and the game goes on;
``ai_workers = 0`` keeps every AI in a thread.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import signal
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import TEST_SETTINGS, create, open_client, view_of

from bonepile.ai import dominoes_ismcts
from bonepile.web.sessions import SessionManager
from bonepile.web.workers import AiPool

EXPERTS = [{"kind": "ai", "level": "expert"}, {"kind": "ai", "level": "expert"}]


def manager_of(client: TestClient) -> SessionManager:
    manager: SessionManager = client.app.state.manager  # type: ignore[attr-defined]
    return manager


def moves_of(client: TestClient, game_id: str) -> list[str]:
    session = manager_of(client).sessions[game_id]
    moves: list[str] = session.game.to_record(["a", "b"])["moves"]
    return moves


def wait_for_moves(client: TestClient, game_id: str, count: int, timeout: float = 60) -> list[str]:
    """The game's first ``count`` moves, once the AI has played them."""
    deadline = time.monotonic() + timeout
    while view_of(client, game_id)["move_number"] < count:
        assert time.monotonic() < deadline, f"the AI did not reach move {count}"
        time.sleep(0.01)
    return moves_of(client, game_id)[:count]


def expert_game(client: TestClient, seed: int) -> str:
    summary: dict[str, Any] = create(client, game="dominoes", preset="block", players=2, seats=EXPERTS, seed=seed)
    game_id: str = summary["id"]
    return game_id


def worker_pids(pool: AiPool) -> list[int]:
    executor = pool._executor
    assert executor is not None, "no worker was started"
    return [process.pid for process in getattr(executor, "_processes", {}).values() if process.pid is not None]


def test_an_expert_seat_chooses_in_a_worker_the_move_it_would_choose_in_the_server(db_url: str) -> None:
    with open_client(db_url) as client:
        in_workers = wait_for_moves(client, expert_game(client, seed=11), 6)
        assert manager_of(client).thinkers.moves_in_workers >= 6
    in_threads_settings = dataclasses.replace(TEST_SETTINGS, ai_workers=0)
    with open_client(db_url, settings=in_threads_settings) as client:
        in_threads = wait_for_moves(client, expert_game(client, seed=11), 6)
        assert manager_of(client).thinkers.moves_in_workers == 0
        assert manager_of(client).thinkers._executor is None
    assert in_workers == in_threads


def test_no_search_runs_in_the_server_process_while_there_are_workers(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*_args: object) -> None:
        raise AssertionError("a search ran in the server's process")

    # Patched here only: a worker is a process of its own (spawned), with the real search.
    monkeypatch.setattr(dominoes_ismcts.ISMCTSAgent, "choose", refuse)
    with open_client(db_url) as client:
        game_id = expert_game(client, seed=12)
        assert len(wait_for_moves(client, game_id, 4)) == 4


def test_quick_agents_choose_in_a_thread_and_start_no_worker(db_url: str) -> None:
    seats = [{"kind": "ai", "level": "hard"}, {"kind": "ai", "level": "medium"}]
    with open_client(db_url) as client:
        summary = create(client, game="dominoes", preset="block", players=2, seats=seats, seed=13)
        wait_for_moves(client, summary["id"], 6)
        thinkers = manager_of(client).thinkers
        assert thinkers.moves_in_workers == 0
        assert thinkers._executor is None


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_killed_worker_is_replaced_and_the_game_goes_on(db_url: str) -> None:
    with open_client(db_url) as client:
        game_id = expert_game(client, seed=14)
        wait_for_moves(client, game_id, 2)
        thinkers = manager_of(client).thinkers
        for pid in worker_pids(thinkers):
            os.kill(pid, signal.SIGKILL)
        reached = view_of(client, game_id)["move_number"]
        wait_for_moves(client, game_id, reached + 4)
        assert thinkers.moves_in_workers >= 6
        assert all(pid > 0 for pid in worker_pids(thinkers))


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="needs SIGSTOP")
def test_a_worker_that_stops_answering_is_replaced_and_the_game_goes_on(db_url: str) -> None:
    # 5 s: well past an expert's search on a loaded machine (a few hundred ms), so only the stopped worker misses it.
    settings = dataclasses.replace(TEST_SETTINGS, ai_timeout=5.0)
    with open_client(db_url, settings=settings) as client:
        game_id = expert_game(client, seed=15)
        wait_for_moves(client, game_id, 2)
        thinkers = manager_of(client).thinkers
        stopped = worker_pids(thinkers)
        for pid in stopped:
            os.kill(pid, signal.SIGSTOP)  # alive, but it never answers again
        try:
            reached = view_of(client, game_id)["move_number"]
            wait_for_moves(client, game_id, reached + 4)
            assert thinkers.timeouts >= 1
            for pid in stopped:  # killed, not left stopped: the process is gone (reaped, or a zombie at most)
                assert _gone(pid), f"the stopped worker {pid} is still there"
            assert set(worker_pids(thinkers)).isdisjoint(stopped)
        finally:
            for pid in stopped:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)


def _gone(pid: int, wait: float = 10.0) -> bool:
    """Whether process ``pid`` has ended within ``wait`` seconds (a zombie, ended but not yet reaped, counts)."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                state = stat.read().rsplit(")", 1)[1].split()[0]
        except FileNotFoundError:
            return True
        if state in ("Z", "X"):
            return True
        time.sleep(0.05)
    return False


def test_ai_workers_must_not_be_negative() -> None:
    with pytest.raises(ValueError, match="ai_workers"):
        dataclasses.replace(TEST_SETTINGS, ai_workers=-1).checked()


def test_ai_timeout_must_be_at_least_a_second() -> None:
    with pytest.raises(ValueError, match="ai_timeout"):
        dataclasses.replace(TEST_SETTINGS, ai_timeout=0.5).checked()
