"""Group commit: the server's saves of many games written by one thread, many to a transaction.

Why: a durable commit waits for the disk (SQLite syncs its log, PostgreSQL its
WAL), a few milliseconds that used to be spent on the event loop for every
move, so one process could not go past a few hundred moves a second however
little each move cost, and every socket waited while the disk did. Here the
event loop hands a save (``Save``) to a writer thread and awaits its result;
the thread writes whatever has gathered while the previous commit was
syncing, up to ``batch`` saves, in one transaction (``GameStore.save_many``),
then settles each save's future. A quiet server writes each save at once (a
batch of one); a busy one shares each sync among many moves.

"A move shown is a move kept" holds as before: the caller awaits its save's
result before it pushes any view of the move (``SessionManager._commit``),
and each save's result is its own (a stale or failed save fails alone).
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from dataclasses import dataclass

from bonepile.store.db import GameStore, Save
from bonepile.store.schema import StoredGame

__all__ = ["GroupWriter"]


@dataclass(frozen=True, slots=True)
class _Waiting:
    save: Save
    future: asyncio.Future[StoredGame]
    loop: asyncio.AbstractEventLoop


class GroupWriter:
    """Saves awaited from the event loop, written by one thread of its own in batches of up to ``batch``."""

    def __init__(self, store: GameStore, *, batch: int = 64) -> None:
        if batch < 1:
            raise ValueError("a batch holds at least one save")
        self.store = store
        self.batch = batch
        self.batches = 0
        """How many transactions the writer has committed (or tried): with ``saves``, the mean batch size."""
        self.saves = 0
        self._queue: queue.SimpleQueue[_Waiting | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._closed = False

    async def save(self, save: Save) -> StoredGame:
        """Write ``save`` (with the next batch) and return the stored row; raise what ``GameStore.save`` would
        (``StaleWrite``, ``KeyError``, the database's error). A cancelled caller's save is still written."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[StoredGame] = loop.create_future()
        self._start()
        self._queue.put(_Waiting(save, future, loop))
        return await future

    def _start(self) -> None:
        with self._lock:
            if self._closed:
                raise RuntimeError("the store's writer is closed")
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="store-writer", daemon=True)
                self._thread.start()

    def close(self) -> None:
        """Write what waits, then stop the thread (the server stopping)."""
        with self._lock:
            self._closed = True
            thread = self._thread
        if thread is not None:
            self._queue.put(None)
            thread.join()

    def _run(self) -> None:
        stopping = False
        while not stopping:
            first = self._queue.get()
            if first is None:
                return
            waiting = [first]
            while len(waiting) < self.batch:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stopping = True
                    break
                waiting.append(item)
            self._write(waiting)

    def _write(self, waiting: list[_Waiting]) -> None:
        try:
            # Looked up at each batch, so that a test (or a wrapper) that replaces the store's method is used.
            results = self.store.save_many([item.save for item in waiting])
        except Exception as error:  # save_many raises nothing by contract; a broken wrapper fails every save
            results = [error] * len(waiting)
        self.batches += 1
        self.saves += len(waiting)
        for item, result in zip(waiting, results, strict=True):
            with contextlib.suppress(RuntimeError):  # the caller's loop is closed: nobody waits any more
                item.loop.call_soon_threadsafe(_settle, item.future, result)


def _settle(future: asyncio.Future[StoredGame], result: StoredGame | Exception) -> None:
    if future.done():
        return
    if isinstance(result, Exception):
        future.set_exception(result)
    else:
        future.set_result(result)
