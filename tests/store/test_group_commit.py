"""Group commit: many games' saves in one transaction (``GameStore.save_many``) and the writer thread that
gathers them (``GroupWriter``), each save's result its own, on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from async_helpers import run_alone
from postgres_helpers import database_for
from sqlalchemy import event
from sqlalchemy.exc import OperationalError

from bonepile.store.batch import GroupWriter
from bonepile.store.db import GameStore, Save, StaleWrite, StoredGame

SEATS = [{"kind": "human", "name": "Ann", "level": None}, {"kind": "human", "name": "Bea", "level": None}]


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[GameStore]:
    with database_for(request.param, str(tmp_path / "games.db")) as url:
        opened = GameStore(url)
        try:
            yield opened
        finally:
            opened.close()


def new_games(store: GameStore, count: int) -> list[StoredGame]:
    return [store.create(game="dominoes", preset="draw", options={}, seats=SEATS, seed=n) for n in range(count)]


def count_commits(store: GameStore) -> list[int]:
    """A one-item list that counts the store's committed transactions from now on."""
    commits = [0]

    def counted(*_: object) -> None:
        commits[0] += 1

    event.listen(store.engine, "commit", counted)
    return commits


def test_many_games_saves_share_one_commit_and_each_lands(store: GameStore) -> None:
    games = new_games(store, 5)
    commits = count_commits(store)
    saves = [Save(game.id, ("6-6",), "playing", game.version) for game in games]
    results = store.save_many(saves)
    assert commits[0] == 1
    for game, result in zip(games, results, strict=True):
        assert isinstance(result, StoredGame)
        assert result.moves == ("6-6",) and result.version == game.version + 1
        assert store.get(game.id) == result


def test_a_stale_or_missing_save_fails_alone_and_the_others_land(store: GameStore) -> None:
    games = new_games(store, 3)
    store.save(games[1].id, ["5-5"], "playing")  # another writer moves game 1 on
    saves = [
        Save(games[0].id, ("6-6",), "playing", games[0].version),
        Save(games[1].id, ("6-6",), "playing", games[1].version),  # read before that write: stale
        Save("no-such-game", ("6-6",), "playing", 1),
        Save(games[2].id, ("6-6", "6-5 right"), "over", games[2].version, timeouts=(1,)),
    ]
    first, stale, missing, last = store.save_many(saves)
    assert isinstance(stale, StaleWrite) and isinstance(missing, KeyError)
    assert isinstance(first, StoredGame) and first.moves == ("6-6",)
    assert isinstance(last, StoredGame) and last.status == "over" and last.timeouts == (1,)
    assert store.get(games[1].id).moves == ("5-5",)  # the stale save changed nothing
    with pytest.raises(StaleWrite):
        store.save(games[1].id, ["6-6"], "playing", version=games[1].version)


def test_a_transaction_that_fails_is_tried_save_by_save(store: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """One save the database refuses costs only that save: the batch's transaction fails, so each save is
    written again alone, and only the bad one's result is the error."""
    games = new_games(store, 3)
    real = store._write
    poisoned = games[1].id

    def refusing(saves: Sequence[Save]) -> list[StoredGame | Exception]:
        if any(save.game_id == poisoned for save in saves):
            raise OperationalError("UPDATE games", {}, Exception("disk I/O error"))
        return real(saves)

    monkeypatch.setattr(store, "_write", refusing)
    monkeypatch.setattr("bonepile.store.db.retrying", lambda write: write())  # no pauses between retries
    results = store.save_many([Save(game.id, ("6-6",), "playing", game.version) for game in games])
    assert isinstance(results[1], OperationalError)
    assert all(isinstance(results[n], StoredGame) for n in (0, 2))
    assert [store.get(game.id).moves for game in games] == [("6-6",), (), ("6-6",)]


def test_the_writer_gathers_the_saves_that_arrive_while_a_commit_runs(store: GameStore) -> None:
    """While the first save's commit is held up, the other games' saves queue; they then share one batch."""
    games = new_games(store, 6)
    writer = GroupWriter(store, batch=64)
    started = threading.Event()
    release = threading.Event()
    real = store.save_many
    sizes: list[int] = []

    def slow(saves: Sequence[Save]) -> list[StoredGame | Exception]:
        sizes.append(len(saves))
        started.set()
        release.wait(10)
        return real(saves)

    store.save_many = slow  # type: ignore[method-assign]

    async def play() -> list[StoredGame | BaseException]:
        first = asyncio.ensure_future(writer.save(Save(games[0].id, ("6-6",), "playing", games[0].version)))
        await asyncio.to_thread(started.wait, 10)
        rest = [
            asyncio.ensure_future(writer.save(Save(game.id, ("6-6",), "playing", game.version))) for game in games[1:]
        ]
        await asyncio.sleep(0.05)  # every save is queued behind the held-up commit
        release.set()
        return await asyncio.gather(first, *rest, return_exceptions=True)

    try:
        results = run_alone(play)
    finally:
        writer.close()
    assert sizes == [1, 5]
    assert (writer.batches, writer.saves) == (2, 6)
    assert all(isinstance(result, StoredGame) and result.moves == ("6-6",) for result in results)


def test_the_writer_raises_each_saves_own_error(store: GameStore) -> None:
    (game,) = new_games(store, 1)
    writer = GroupWriter(store)

    async def play() -> None:
        stored = await writer.save(Save(game.id, ("6-6",), "playing", game.version))
        assert stored.version == game.version + 1
        with pytest.raises(StaleWrite):
            await writer.save(Save(game.id, ("6-6", "6-5 right"), "playing", game.version))
        with pytest.raises(KeyError):
            await writer.save(Save("no-such-game", (), "playing"))

    try:
        run_alone(play)
    finally:
        writer.close()
    assert store.get(game.id).moves == ("6-6",)


def test_a_closed_writer_has_written_what_waited_and_takes_no_more(store: GameStore) -> None:
    games = new_games(store, 3)
    writer = GroupWriter(store)

    async def queue_and_close() -> None:
        waiting = [asyncio.ensure_future(writer.save(Save(g.id, ("6-6",), "playing", g.version))) for g in games]
        await asyncio.sleep(0)  # every save is queued
        await asyncio.to_thread(writer.close)
        assert all(isinstance(result, StoredGame) for result in await asyncio.gather(*waiting))
        with pytest.raises(RuntimeError):
            await writer.save(Save(games[0].id, (), "playing"))

    run_alone(queue_and_close)
    assert all(store.get(game.id).moves == ("6-6",) for game in games)


def test_a_batch_is_at_least_one_save(tmp_path: Path) -> None:
    store = GameStore(f"sqlite:///{tmp_path / 'games.db'}")
    with pytest.raises(ValueError):
        GroupWriter(store, batch=0)
    store.close()
