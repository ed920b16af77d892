"""What the review page draws besides the review: a finished hand's position at each move, and a game's hands.

``GET /api/games/{id}/review/positions?hand=N``: the view of the position before each move of finished
hand ``N``, seen by the seat to move (its tiles and its legal moves: where the review's preferred move
would have gone), and the hand's final position. Built by the server from the record with the table's
own views (``bonepile.web.views``), so the page draws each position with the table's board and never
applies a rule. Once the hand is over every hand in it is shown face up (its summary shows them), so
these views show nothing the finished hand does not; the hand in play is refused (``409``), as its
review is.

``GET /api/games/{id}/hands``: each finished hand's points per side and the accuracy of its stored
review (null when none is stored), for the statistics page: it never starts a review.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from bonepile.i18n import _
from bonepile.web.errors import ApiError
from bonepile.web.live import GameSession
from bonepile.web.views import Table, presenter, shown_name, view

__all__ = ["finished_hands", "hand_views"]


def _refuse(session: GameSession, hand_number: int, finished: int) -> ApiError:
    if hand_number == finished + 1 and not session.over:
        return ApiError(409, "hand_in_play", _("Hand {number} is still being played.", number=hand_number))
    return ApiError(404, "unknown_hand", _("This game has no hand {number}.", number=hand_number))


def hand_views(session: GameSession, hand_number: int) -> dict[str, Any]:
    """The positions of finished hand ``hand_number`` (from 1): before each of its moves, and at its end."""
    finished = len(session.game.hand_summaries)
    if not 1 <= hand_number <= finished:
        raise _refuse(session, hand_number, finished)
    seats = tuple(dataclasses.replace(info, name=shown_name(info.name)) for info in session.seats)
    game = session.new_game()
    positions: list[dict[str, Any]] = []
    ended = None
    for number, text in enumerate(list(session.texts), start=1):
        if game.deal_number > hand_number:
            break
        seat = game.to_move
        assert seat is not None
        if game.deal_number < hand_number:
            game.play(text)
            continue
        table = Table(session.id, session.name, session.preset, seats, number - 1, False, (), None)
        shown = view(table, game.observation(seat), seat, game.move_bonus)
        positions.append({"move_number": number, "seat": seat, "move": text, "view": shown})
        ended = game.deal
        game.play(text)
    assert ended is not None
    table = Table(session.id, session.name, session.preset, seats, positions[-1]["move_number"], False, (), None)
    final = view(table, game.observation_of(ended, 0, hand_number), None)
    return {
        "hand_number": hand_number,
        "hands": finished,
        "title": _(session.info.title),
        "preset": session.preset,
        "hand_word": session.info.deal_word,
        "low_wins": presenter(session.name).face().low_wins,
        "positions": positions,
        "final": final,
    }


def finished_hands(session: GameSession, reviews: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """Each finished hand's points per side, its winning side, and its stored review's accuracy per seat."""
    hands = []
    for number, summary in enumerate(session.game.hand_summaries, start=1):
        review = reviews.get(number)
        hands.append(
            {
                "hand_number": number,
                "points": list(summary.points),
                "winner": summary.winner,
                "accuracy": None if review is None else review.get("accuracy"),
            }
        )
    low_wins = presenter(session.name).face().low_wins
    return {"id": session.id, "hand_word": session.info.deal_word, "low_wins": low_wins, "hands": hands}
