"""``GET /api/games/{id}/review?hand=N``: a finished hand's review, computed once in the hint workers.

Why one move at a time: the review of a hand is dozens of searches, longer than any deadline a hint
has; judged one decision per task, it goes through the hints' own pool (its workers, its queue, its
deadline per task), leaves room between its tasks for the players' hints, and counts its progress.
The first request starts it (and is counted against the client's hint allowance); later ones see its
progress (``202``) until it is stored (``store.save_review``), then read it (``200``). A hand still in
play is refused (``409``): its verdicts would tell what the hidden tiles make of each move.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bonepile.i18n import _
from bonepile.review import (
    VERSION,
    Budget,
    DecisionReview,
    HandNotFinished,
    NoSuchHand,
    decision_plan,
    review_decision,
    summarize,
)
from bonepile.web.errors import ApiError
from bonepile.web.live import GameSession
from bonepile.web.sessions import SessionManager

__all__ = ["REVIEW_SEED", "Reviews", "judge"]

log = logging.getLogger(__name__)

REVIEW_SEED = 0
"""Every review is seeded alike, so the same hand is judged the same wherever it is computed."""

BUSY_PAUSE = 0.5
"""Seconds a review waits for a hint worker when the pool is full, before it asks again."""


def judge(record: dict[str, Any], hand_number: int, move_number: int, seed: int, worlds: int) -> dict[str, Any]:
    """One decision's verdict, in a hint worker (the arguments and the answer pickle)."""
    budget = Budget(worlds=worlds)
    return review_decision(record, hand_number, move_number, seed=seed, budget=budget).to_json()


@dataclass
class _Job:
    done: int
    total: int
    task: asyncio.Task[None] | None = None
    error: ApiError | None = None


class Reviews:
    """The reviews being computed by this process, and the way to the stored ones."""

    def __init__(self, manager: SessionManager) -> None:
        self.manager = manager
        self.jobs: dict[tuple[str, int], _Job] = {}

    async def get(self, game_id: str, hand_number: int, starting: Callable[[], None]) -> tuple[int, dict[str, Any]]:
        """``(200, review)`` once stored, ``(202, {"progress": ...})`` while computing (``starting()``
        is called, and may refuse, before a computation starts): a solo game's."""
        return await self.of(self.manager.get(game_id), hand_number, starting)

    async def of(
        self, session: GameSession, hand_number: int, starting: Callable[[], None]
    ) -> tuple[int, dict[str, Any]]:
        """As ``get``, of any game's session (a room's, found through its credential by the rooms)."""
        game_id = session.id
        store = self.manager.store
        stored = await asyncio.to_thread(store.review, game_id, hand_number)
        if stored is not None and int(stored.get("version", 0)) >= VERSION:
            return 200, stored  # one made by an older review is made again, and replaces it
        key = (game_id, hand_number)
        job = self.jobs.get(key)
        if job is not None:
            if job.error is not None:
                del self.jobs[key]
                raise job.error
            return 202, {"progress": {"done": job.done, "total": job.total}}
        # The whole record, seed and all, goes to the workers only: what is answered names no hidden tile.
        async with session.lock:  # a move still being stored is not in it (``SessionManager._commit``)
            record: dict[str, Any] = session.game.to_record([info.name for info in session.seats])
        try:
            plan = decision_plan(record, hand_number)
        except HandNotFinished:
            raise ApiError(409, "hand_in_play", _("Hand {number} is still being played.", number=hand_number)) from None
        except NoSuchHand:
            raise ApiError(404, "unknown_hand", _("This game has no hand {number}.", number=hand_number)) from None
        starting()
        job = self.jobs[key] = _Job(0, len(plan))
        job.task = asyncio.create_task(self._compute(game_id, hand_number, record, plan, job), name="review")
        return 202, {"progress": {"done": 0, "total": job.total}}

    async def _compute(
        self, game_id: str, hand_number: int, record: dict[str, Any], plan: list[tuple[int, bool]], job: _Job
    ) -> None:
        worlds = self.manager.settings.review_worlds
        decisions = []
        try:
            for move_number, _forced in plan:
                answer = await self._judge(record, hand_number, move_number, worlds)
                decisions.append(DecisionReview.from_json(answer))
                job.done += 1
            review = summarize(record, hand_number, decisions, seed=REVIEW_SEED, budget=Budget(worlds=worlds))
            await asyncio.to_thread(self.manager.store.save_review, game_id, hand_number, review.to_json())
        except ApiError as error:
            job.error = error
            return
        except Exception:
            log.exception("the review of game %s, hand %s failed", game_id, hand_number)
            job.error = ApiError(503, "review_failed", _("The review could not be made: try again."))
            return
        self.jobs.pop((game_id, hand_number), None)

    async def _judge(self, record: dict[str, Any], hand_number: int, move_number: int, worlds: int) -> dict[str, Any]:
        while True:
            try:
                return await self.manager.hints.run(judge, record, hand_number, move_number, REVIEW_SEED, worlds)
            except ApiError as error:
                if error.code != "hint_busy":
                    raise
            await asyncio.sleep(BUSY_PAUSE)

    async def stop(self) -> None:
        """Give up the reviews being computed (the server stops)."""
        for job in self.jobs.values():
            if job.task is not None and not job.task.done():
                job.task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await job.task
        self.jobs.clear()
