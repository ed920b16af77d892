"""The Tri-Ominos presenter: a Tri-Ominos observation as the web table's board, hand, log and summaries.

Each placed tile with its corners on the triangular grid (as axial grid
points and as x, y), the legal placements with their points and named
bonuses (``Game.move_bonus``), and the log in a player's words: what a placed
tile was put beside comes from the engine (``triominoes.placed_beside``).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from typing import Any

from bonepile import triominoes
from bonepile.core.protocol import Deal, Move, Observation
from bonepile.web.views import BonusOf, Face, Parts, Table, agree, signed, statuses, turn_runs

_SQRT3_2 = math.sqrt(3) / 2


def _place_json(place: triominoes.Place) -> dict[str, Any]:
    return {"text": str(place), "col": place.col, "row": place.row, "up": place.up}


Corners = tuple[tuple[float, float], ...]


@functools.lru_cache(maxsize=8192)
def _geometry(place: triominoes.Place) -> tuple[tuple[tuple[int, int], ...], Corners]:
    """The place's corners as axial grid points and as x, y (edge 1, y up), clockwise from the leftmost.

    Made once per place (places are interned and never change; every view of every seat shows the same
    board), and as tuples, which JSON writes as the same arrays, so that no view can change another's.
    """
    points = place.corner_points()
    axial = tuple((q, r) for q, r in points)
    xy = tuple((round(q + r / 2, 6), round(r * _SQRT3_2, 6)) for q, r in points)
    return axial, xy


def _edges(place: triominoes.Place) -> tuple[frozenset[tuple[int, int]], ...]:
    """The three sides of a place, each as the pair of grid points it joins (two places that share one touch)."""
    a, b, c = _geometry(place)[0]
    return (frozenset((a, b)), frozenset((b, c)), frozenset((c, a)))


def _beside_words(tiles: Sequence[triominoes.Tile]) -> str:
    """' beside 4-5-5', ' between 4-5-5 and 1-4-5', ' beside 4-5-5, 1-4-5 and 0-4-4', or '' (the first tile)."""
    names = [str(tile) for tile in tiles]
    if not names:
        return ""
    if len(names) == 2:
        return f" between {names[0]} and {names[1]}"
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f" beside {listed}"


def triominoes_words(name: str, move: triominoes.Move, beside: Sequence[triominoes.Tile] | None = None) -> str:
    """A Tri-Ominos move in words: "Ann placed 0-1-2 beside 1-2-4" (``beside``: the tiles it touches along a
    side; empty for the round's first tile, None when unknown)."""
    if move.kind is triominoes.MoveKind.PLACE:
        if beside is not None and not beside:
            return f"{name} opened with {move.tile}"
        return f"{name} placed {move.tile}{_beside_words(beside or ())}"
    if move.kind is triominoes.MoveKind.DRAW:
        return f"{name} drew a tile"
    if move.kind is triominoes.MoveKind.PASS:
        return f"{name} passed"
    return f"{name} ran out of time"


def _items_text(items: Sequence[triominoes.ScoreItem]) -> str:
    """'3 + bridge 40 = 43', or '3' alone."""
    parts = [
        str(item.points) if item.reason is triominoes.Reason.TILE else f"{item.reason.value} {item.points}"
        for item in items
    ]
    total = sum(item.points for item in items)
    return parts[0] if len(parts) == 1 else f"{' + '.join(parts)} = {total}"


def _event_text(name: str, event: triominoes.Event, beside: tuple[triominoes.Tile, ...]) -> str:
    kind = triominoes.EventKind
    points = event.points
    penalty = f" ({signed(points)})" if points else ""
    if event.kind is kind.PLACE:
        assert event.move is not None
        return f"{triominoes_words(name, event.move, beside)} for {_items_text(event.items)}"
    if event.kind is kind.DRAW:
        return f"{name} drew a tile{penalty}"
    if event.kind is kind.PASS:
        if any(item.reason is triominoes.Reason.FAILED_DRAWS for item in event.items):
            return f"{name} drew the most allowed, placed nothing and passed{penalty}"
        return f"{name} passed{penalty}"
    if event.kind is kind.TIMEOUT:
        return f"{name} ran out of time"
    if event.kind is kind.START_DRAW:
        return f"{name} drew {event.tile} to decide who starts"
    if event.kind is kind.SETUP_DRAW:
        return f"{name} drew a tile, looking for a triple to start"
    if event.kind is kind.GOING_OUT:
        return f"{name} went out: {_items_text(event.items)}"
    return f"{name} {agree(name, 'wins', 'win')} the blocked round: {signed(points)}"


_TURN_EVENTS = (
    triominoes.EventKind.PLACE,
    triominoes.EventKind.DRAW,
    triominoes.EventKind.PASS,
    triominoes.EventKind.TIMEOUT,
)


def _triominoes_describe(run: Sequence[triominoes.Event]) -> str:
    """A turn in a few words for a status: "drew 2 (-10)", "placed 0-1-2 (+43)", "passed (-10)" (true minus signs)."""
    words = []
    draws = [event for event in run if event.kind is triominoes.EventKind.DRAW]
    for event in run:
        if event.kind is triominoes.EventKind.TIMEOUT:
            words.append("ran out of time")
    if draws:
        lost = sum(event.points for event in draws)
        words.append(f"drew {len(draws)}" + (f" ({signed(lost)})" if lost else ""))
    for event in run:
        if event.kind is triominoes.EventKind.PLACE:
            words.append(f"placed {event.tile} ({signed(event.points)})")
        elif event.kind is triominoes.EventKind.PASS:
            words.append("passed" + (f" ({signed(event.points)})" if event.points else ""))
    return ", ".join(words)


def _triominoes_move(
    obs: triominoes.Observation,
    move: triominoes.Move,
    bonus_of: BonusOf | None,
    touching: dict[frozenset[tuple[int, int]], triominoes.Tile] | None = None,
) -> dict[str, Any]:
    points = obs.move_points(move)
    if move.kind is not triominoes.MoveKind.PLACE:
        what = "draw from the pool" if move.kind is triominoes.MoveKind.DRAW else move.kind.value
        return {
            "text": str(move),
            "kind": move.kind.value,
            "label": what + (f" ({signed(points)})" if points else ""),
            "tile": None,
            "place": None,
            "rotation": None,
            "corners": None,
            "axial": None,
            "xy": None,
            "points": points,
            "tile_points": None,
            "bonus": None,
        }
    tile, place, corners = move.tile, move.place, move.corners
    assert tile is not None and place is not None and corners is not None
    found = bonus_of(move) if bonus_of is not None else None
    bonus = found if isinstance(found, triominoes.Bonus) else None
    axial, xy = _geometry(place)
    beside = tuple(touching[edge] for edge in _edges(place) if edge in touching) if touching is not None else ()
    label = f"{tile}{_beside_words(beside)} for {points}" + (f" ({bonus.name} {bonus.points})" if bonus else "")
    return {
        "text": str(move),
        "kind": move.kind.value,
        "label": label,
        "tile": str(tile),
        "place": _place_json(place),
        "rotation": move.rotation,
        "corners": list(corners),
        "axial": axial,
        "xy": xy,
        "points": points,
        "tile_points": tile.value,
        "bonus": None if bonus is None else {"reason": bonus.reason.value, "name": bonus.name, "points": bonus.points},
    }


def _bounds(shapes: Iterable[Corners]) -> dict[str, float]:
    xs: list[float] = []
    ys: list[float] = []
    for corners in shapes:
        xs.extend(x for x, _y in corners)
        ys.extend(y for _x, y in corners)
    if not xs:
        _axial, origin = _geometry(triominoes.ORIGIN)
        xs = [x for x, _y in origin]
        ys = [y for _x, y in origin]
    return {"min_x": min(xs), "max_x": max(xs), "min_y": min(ys), "max_y": max(ys)}


def _triominoes_summary(table: Table, number: int, summary: triominoes.RoundSummary) -> dict[str, Any]:
    winners = sorted(summary.winners)
    if summary.termination is triominoes.Termination.GOING_OUT:
        text = f"{' and '.join(table.name(seat) for seat in winners)} went out"
    elif summary.winner is None:
        text = "Blocked: nobody wins the round"
    else:
        winner = table.name(summary.winner)
        text = f"Blocked: {winner} {agree(winner, 'wins', 'win')} the round"
    items = []
    totals = {reason: summary.points_for(reason) for reason in triominoes.Reason}
    for seat in range(len(summary.points)):
        for reason, per_seat in totals.items():
            if per_seat[seat]:
                items.append({"seat": seat, "reason": reason.value, "points": per_seat[seat]})
    return {
        "number": number,
        "termination": summary.termination.value,
        "winner_seat": summary.winner,
        "winner_seats": winners,
        "points": list(summary.points),
        "tile_counts": list(summary.tile_counts),
        "tile_values": list(summary.tile_values),
        "hands": [[str(tile) for tile in hand] for hand in summary.hands],
        "items": items,
        "text": text,
        "sheet": "items",
        "points_of": "seat",
    }


@functools.lru_cache(maxsize=65536)
def _triominoes_log_entry(name: str, event: triominoes.Event, beside: tuple[triominoes.Tile, ...]) -> dict[str, Any]:
    """One public event of the round as a log entry. Made once per event (events are frozen and public:
    every seat's view of every later move repeats the round's log), and never changed afterwards."""
    return {
        "seat": event.player,
        "kind": event.kind.value,
        "move": None if event.move is None else str(event.move),
        "tile": None if event.tile is None else str(event.tile),
        "points": event.points,
        "items": [{"reason": item.reason.value, "points": item.points} for item in event.items],
        "text": _event_text(name, event, beside),
    }


def _edge_index(board: Iterable[triominoes.Move]) -> dict[frozenset[tuple[int, int]], triominoes.Tile]:
    """Each side of the placed tiles, and the tile it belongs to (a side between two tiles: the later one)."""
    by_edge: dict[frozenset[tuple[int, int]], triominoes.Tile] = {}
    for move in board:
        if move.place is not None and move.tile is not None:
            for edge in _edges(move.place):
                by_edge[edge] = move.tile
    return by_edge


def parts(table: Table, observation: Observation, viewer: int | None, bonus_of: BonusOf | None) -> Parts:
    """The Tri-Ominos parts of a view; ``bonus_of`` names the bonus of each of the viewer's legal placements."""
    if not isinstance(observation, triominoes.Observation):
        raise TypeError(f"not an observation of Tri-Ominos: {observation!r}")
    obs = observation
    legal = obs.legal_moves if viewer is not None and obs.to_move == viewer else ()
    touching = _edge_index(obs.board)
    moves = [_triominoes_move(obs, move, bonus_of, touching) for move in legal]
    by_tile: dict[triominoes.Tile, list[str]] = {}
    for move in legal:
        if move.tile is not None:
            by_tile.setdefault(move.tile, []).append(str(move))
    your_tiles = []
    if viewer is not None:
        for tile in obs.hand:
            your_tiles.append(
                {
                    "tile": str(tile),
                    "numbers": list(tile.numbers),
                    "value": tile.value,
                    "triple": tile.is_triple,
                    "moves": by_tile.get(tile, []),
                }
            )
    placed_by: dict[triominoes.Move, tuple[int, int]] = {}
    for event in obs.events:
        if event.kind is triominoes.EventKind.PLACE and event.move is not None:
            placed_by[event.move] = (event.player, len(placed_by) + 1)
    tiles = []
    for move in obs.board:
        assert move.tile is not None and move.place is not None and move.corners is not None
        axial, xy = _geometry(move.place)
        seat, order = placed_by.get(move, (None, None))
        tiles.append(
            {
                "move": str(move),
                "tile": str(move.tile),
                "place": _place_json(move.place),
                "corners": list(move.corners),
                "axial": axial,
                "xy": xy,
                "seat": seat,
                "order": order,
            }
        )
    shapes = [_geometry(move.place)[1] for move in obs.board if move.place is not None]
    shapes += [_geometry(move.place)[1] for move in legal if move.place is not None]
    board = {
        "tiles": tiles,
        "bounds": _bounds(shapes),
        "starter": obs.starter,
        "draws_this_turn": obs.draws_this_turn,
        "max_draws": obs.rules.max_draws,
    }
    beside = triominoes.placed_beside(
        event.move for event in obs.events if event.kind is triominoes.EventKind.PLACE and event.move
    )
    log = [
        _triominoes_log_entry(
            table.name(event.player),
            event,
            beside.get(event.move.place, ()) if event.move is not None and event.move.place is not None else (),
        )
        for event in obs.events
    ]
    runs = turn_runs((event.player, event) for event in obs.events if event.kind in _TURN_EVENTS)
    outcomes = list(obs.past_rounds) + ([obs.round_over] if obs.round_over is not None else [])
    return Parts(
        hand_number=obs.round_number,
        stock={"name": "pool", "count": obs.pool_size, "note": None},
        your_tiles=your_tiles,
        legal_moves=moves,
        board=board,
        log=log,
        statuses=statuses(table, viewer, obs.to_move, runs, _triominoes_describe),
        summaries=[_triominoes_summary(table, n, summary) for n, summary in enumerate(outcomes, start=1)],
    )


def move_words(name: str, move: Move, deal: Deal) -> str:
    """The move in words; a placement says what it was put beside when it is on ``deal``'s board."""
    if not isinstance(move, triominoes.Move):
        raise TypeError(f"not a move of Tri-Ominos: {move!r}")
    board: Sequence[triominoes.Move] = deal.board if isinstance(deal, triominoes.Round) else ()
    beside = triominoes.placed_beside(board).get(move.place) if move.place is not None and move in board else None
    return triominoes_words(name, move, beside)


def made_for(move: Move) -> str | None:
    """What the server did for a seat whose clock ran out, in the passive ("0-1-2 placed"); None for the
    time-out move itself, which says so ("Ann ran out of time")."""
    if not isinstance(move, triominoes.Move):
        raise TypeError(f"not a move of Tri-Ominos: {move!r}")
    if move.kind is triominoes.MoveKind.TIMEOUT:
        return None
    if move.kind is triominoes.MoveKind.PLACE:
        return f"{move.tile} placed"
    if move.kind is triominoes.MoveKind.DRAW:
        return "a tile drawn"
    return "passed"


def plain_reason(observation: Observation, move: Move, entry: dict[str, Any]) -> str:
    points = entry.get("points")
    penalty = f" ({signed(points)})" if points else ""
    if entry["kind"] == "draw":
        only = len(observation.legal_moves) == 1
        return ("no tile fits: draw" if only else "buy a tile rather than place one") + penalty
    if entry["kind"] == "pass":
        return "nothing fits and you may not draw: pass" + penalty
    bonus = entry["bonus"]
    return f"scores {points} now" + (f", {bonus['name']} included" if bonus else "")


def tile_sets() -> list[dict[str, Any]]:
    """Tri-Ominos is played with its one set of 56 tiles: nothing to choose."""
    return []


FACE = Face(layout="grid", tile="triangle", art=("0-3-5", "2-2-4"))


def face() -> Face:
    """The page draws a triangular grid of Tri-Ominos tiles; the highest score wins."""
    return FACE
