"""A process whose game in memory is behind the database (another process moved, and its bus event was
lost) answers a move as the stored game would: a move checked against the old state is never stored, and
a refusal is only given once the stored game has been read (``SessionManager.play``)."""

from __future__ import annotations

import pytest
from async_helpers import run_alone

from bonepile.store.db import GameStore
from bonepile.web.bus import LocalBus
from bonepile.web.errors import ApiError
from bonepile.web.sessions import SessionManager


class LostBus(LocalBus):
    """A bus shared with other processes whose every event is lost: nobody hears of the other's moves."""

    shared = True
    kind = "lost"


def test_a_process_behind_the_database_keeps_only_moves_of_the_stored_game(db_url: str) -> None:
    async def play() -> None:
        store = GameStore(db_url)
        first = SessionManager(store, ai_delay=0, bus=LostBus())
        second = SessionManager(store, ai_delay=0, bus=LostBus())
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}]
        try:
            made = await first.create(game="dominoes", preset="draw", players=2, seats=seats, options={}, seed=3)
            game_id = made.id
            here, there = first.get(game_id), second.get(game_id)  # both processes hold the game
            seat = here.seat_to_move()
            opening = here.game.legal_moves()[0]
            await first.play(here, seat, str(opening), 0, answer=False)
            assert there.move_number == 0  # the second process never heard of it

            # A move of the next seat, sent with the view of move 1, to the process that is behind: it is
            # checked against the stored game (read only because the check in memory refused it) and kept.
            next_seat = here.seat_to_move()
            reply = str(here.game.legal_moves()[0])
            await second.play(there, next_seat, reply, 1, answer=False)
            assert store.get(game_id).moves == (str(opening), reply)
            assert there.move_number == 2

            # The first process is now behind. A move that its memory allows (the seat it thinks is to move,
            # with its own move number) is checked again against the stored game, and refused as of it.
            assert here.move_number == 1
            with pytest.raises(ApiError) as refused:
                await first.play(here, next_seat, reply, 1, answer=False)
            assert refused.value.code == "stale_move"
            assert store.get(game_id).moves == (str(opening), reply)  # nothing was stored
            assert here.move_number == 2  # and the first process has caught up

            # A refusal the stored game agrees with stays a refusal (here: not this seat's turn).
            with pytest.raises(ApiError) as wrong_turn:
                await second.play(there, next_seat, reply, 2, answer=False)
            assert wrong_turn.value.code == "not_your_turn"
        finally:
            await first.stop()
            await second.stop()
            store.close()

    run_alone(play)
