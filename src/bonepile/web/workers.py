"""The server's worker processes: one pool for the hints, one for the AI players' searches.

Why processes: the strongest AI is a pure-Python search of a few hundred
milliseconds a move. In a thread of the server it would hold the
interpreter's lock against the event loop, so every socket of every game
would wait behind it: one room of expert AIs slowed the moves of every other
room. In a worker process it thinks beside the server instead.

- Hints (``HintPool``): ``hint_workers`` processes, a queue of ``hint_queue``
  that may wait (more are refused), and ``hint_timeout`` on each (from when
  the workers are up: the first hint waits for them to start, which is not
  counted); a hint past it is given up and the workers are started anew.
- The AI seats (``AiPool``): ``ai_workers`` processes for the agents that
  search (``bonepile.ai.base.searches``); the quick ones (a few milliseconds
  at most) choose in a thread, where a trip to another process would cost
  more than their move. An AI move is never refused: it waits for a free
  worker, and from then has ``ai_timeout`` seconds. With ``ai_workers = 0``
  every AI chooses in a thread, as before.

A worker that dies (killed, out of memory) is replaced: the work it had is
tried once more in fresh workers. A worker that stops answering (stopped,
stuck) is killed with the others once a move's ``ai_timeout`` is over, and
that move is chosen in a thread, so that no game waits on it for ever.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from typing import TypeVar

from bonepile.ai.base import Agent, make_agent, searches
from bonepile.core.protocol import Move, Observation
from bonepile.i18n import _
from bonepile.web.errors import ApiError, decimal

_T = TypeVar("_T")

log = logging.getLogger("bonepile.web")


def _run(work: Callable[..., _T], *args: object) -> _T:
    return work(*args)


def _ready() -> bool:
    return True


def _follow_parent(parent: int) -> None:
    """In a worker: leave as soon as the server that started it is gone (even killed by SIGKILL), rather
    than wait for ever on a queue nobody writes to."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="follow-parent", daemon=True).start()


def choose_move(level: str, game: str, seed: int, observation: Observation) -> Move:
    """In a worker: the move the agent ``level`` (seeded with ``seed``) plays from ``observation`` (the same
    move it would choose in the server's own process)."""
    return make_agent(level, game, seed).choose(observation)


class WorkerPool:
    """A pool of ``workers`` processes started on first use (or by ``warm``), and started again if one dies."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._executor: concurrent.futures.ProcessPoolExecutor | None = None
        self._warming: concurrent.futures.Future[bool] | None = None
        self.closed = False

    def _pool(self) -> concurrent.futures.ProcessPoolExecutor:
        if self.closed:
            raise RuntimeError("the worker pool is closed")
        if self._executor is None:
            # spawn, not fork: the server has threads (fork would copy their locks mid-use).
            context = multiprocessing.get_context("spawn")
            self._executor = concurrent.futures.ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=_follow_parent, initargs=(os.getpid(),)
            )
        return self._executor

    def warm(self) -> None:
        """Start the workers now rather than at the first piece of work."""
        self._warming = self._pool().submit(_ready)

    async def _started(self) -> None:
        """Wait for the workers to be up (starting them if need be)."""
        if self._executor is None or self._warming is None:
            self.warm()
        assert self._warming is not None
        if not self._warming.done():
            await asyncio.wrap_future(self._warming)

    def _broken(self, executor: concurrent.futures.ProcessPoolExecutor | None = None) -> None:
        """The pool's workers are gone: the next piece of work starts new ones. With ``executor``, only if
        that is still the pool's (another caller may have started new workers meanwhile)."""
        if executor is not None and executor is not self._executor:
            return
        self._executor = None
        self._warming = None

    def _kill(self, executor: concurrent.futures.ProcessPoolExecutor) -> None:
        """End ``executor``'s workers at once, even a stopped one (SIGKILL: a stopped process ignores
        SIGTERM until it is continued); its unfinished work fails with ``BrokenProcessPool``."""
        self._broken(executor)
        processes = list(getattr(executor, "_processes", {}).values())
        for process in processes:
            process.kill()
        executor.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers (work under way is given up) and take no more."""
        self.closed = True
        executor, self._executor = self._executor, None
        self._warming = None
        if executor is None:
            return
        processes = list(getattr(executor, "_processes", {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(timeout=5)


class HintPool(WorkerPool):
    """Hints computed in their own processes, a bounded queue before them, and a deadline on each."""

    def __init__(self, workers: int, queue: int, timeout: float) -> None:
        super().__init__(workers)
        self.timeout = timeout
        self._slots = asyncio.Semaphore(workers + queue)

    async def run(self, work: Callable[..., _T], *args: object) -> _T:
        """``work(*args)`` in a worker process (both must pickle), or ``503 hint_busy`` / ``hint_timeout``;
        once more in fresh workers if a worker died meanwhile."""
        for attempt in range(2):
            try:
                return await self._run_once(work, *args)
            except concurrent.futures.process.BrokenProcessPool:
                self._broken()
                if attempt:
                    raise ApiError(503, "hint_busy", _("the hint worker stopped: try again")) from None
        raise AssertionError("unreachable")  # pragma: no cover

    async def _run_once(self, work: Callable[..., _T], *args: object) -> _T:
        if self._slots.locked():
            raise ApiError(503, "hint_busy", _("the server is busy with other hints: try again in a moment"))
        await self._slots.acquire()
        try:
            await self._started()  # the workers start (not counted in the deadline)
            executor = self._pool()
            future = asyncio.get_running_loop().run_in_executor(executor, _run, work, *args)
        except BaseException:
            self._slots.release()
            raise
        future.add_done_callback(self._finished)
        try:
            return await asyncio.wait_for(asyncio.shield(future), timeout=self.timeout)
        except TimeoutError:
            # The worker may be stuck (stopped, looping): if it were kept, every hint after this one would wait
            # behind it and time out too. New workers take the next hints; the hints queued meanwhile are tried
            # again in them (``run``).
            log.warning("a hint took over %g s; starting new hint workers", self.timeout)
            self._kill(executor)
            raise ApiError(
                503, "hint_timeout", _("no hint within {seconds} s: try again", seconds=decimal(self.timeout))
            ) from None

    def _finished(self, future: asyncio.Future[_T]) -> None:
        """A hint is done (answered, given up, or its worker gone): free its slot; its error, if any, was
        either answered already or is of no one's concern any more."""
        self._slots.release()
        if not future.cancelled():
            future.exception()


class AiPool(WorkerPool):
    """Where the AI seats choose their moves: a searching agent in a worker process, a quick one in a thread."""

    def __init__(self, workers: int, timeout: float = 30.0) -> None:
        super().__init__(workers)
        self.timeout = timeout
        """Seconds a worker has for one move, from when it takes it (``ai_timeout``)."""
        self._free = asyncio.Semaphore(max(1, workers))
        """Free workers: a move is handed over only when one is free, so its deadline counts its own search,
        not the wait behind other rooms' moves."""
        self.moves_in_workers = 0
        """How many moves the workers chose (so that a test can tell where a move was chosen)."""
        self.timeouts = 0
        """How many moves the workers did not answer in time (then chosen in a thread)."""

    def in_worker(self, agent: Agent) -> bool:
        """Whether ``agent``'s move is chosen in a worker process."""
        return self.workers > 0 and searches(agent)

    async def choose(self, agent: Agent, level: str, game: str, seed: int, observation: Observation) -> Move:
        """The move ``agent`` (made as ``make_agent(level, game, seed)``) plays from ``observation``.

        A searching agent is rebuilt from its level and seed in a worker, so it plays the move it would
        here; if the workers die twice over, or the one with the move does not answer within ``timeout``,
        it chooses in a thread rather than not at all."""
        if not self.in_worker(agent):
            return await asyncio.to_thread(agent.choose, observation)
        for _attempt in range(2):
            async with self._free:
                executor: concurrent.futures.ProcessPoolExecutor | None = None
                try:
                    await self._started()
                    executor = self._pool()
                    future = asyncio.get_running_loop().run_in_executor(
                        executor, choose_move, level, game, seed, observation
                    )
                    move = await asyncio.wait_for(future, timeout=self.timeout)
                except concurrent.futures.process.BrokenProcessPool:
                    log.warning("an AI worker process stopped; starting new ones")
                    self._broken(executor)
                    continue
                except TimeoutError:
                    self.timeouts += 1
                    log.warning("an AI worker gave no move within %g s; starting new workers", self.timeout)
                    assert executor is not None  # the deadline runs only once the move is in a worker
                    self._kill(executor)
                    break
            self.moves_in_workers += 1
            return move
        else:
            log.warning("the AI workers keep stopping: this move is chosen in the server's process")
        return await asyncio.to_thread(agent.choose, observation)
