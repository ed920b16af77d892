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
from bonepile.i18n import N_, _, current, n_, p_
from bonepile.web.views import BonusOf, Face, Parts, Table, by_player, joined, shared, signed, statuses, turn_runs

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


def _listed(names: Sequence[str]) -> tuple[str, str]:
    """All but the last of three or more tiles, joined ("4-5-5, 1-4-5"), and the last."""
    # TRANSLATORS: joins the tiles a placed tile touches, all but the last ("4-5-5, 1-4-5").
    return joined(names[:-1], N_("{first}, {second}")), names[-1]


def _label_words(tile: triominoes.Tile, beside: Sequence[triominoes.Tile], points: int) -> str:
    """A placement's label: "0-1-2 beside 1-2-4 for 12", in the current language."""
    names = [str(t) for t in beside]
    if not names:
        # TRANSLATORS: a legal placement on its button; {tile}: the tile; {points}: what it scores.
        return _("{tile} for {points}", tile=str(tile), points=points)
    if len(names) == 1:
        # TRANSLATORS: a legal placement on its button; {other}: the placed tile it touches.
        return _("{tile} beside {other} for {points}", tile=str(tile), other=names[0], points=points)
    if len(names) == 2:
        # TRANSLATORS: a legal placement on its button; {first}, {second}: the placed tiles it touches.
        return _(
            "{tile} between {first} and {second} for {points}",
            tile=str(tile),
            first=names[0],
            second=names[1],
            points=points,
        )
    listed, last = _listed(names)
    # TRANSLATORS: a legal placement on its button; {tiles} and {last}: the placed tiles it touches.
    return _("{tile} beside {tiles} and {last} for {points}", tile=str(tile), tiles=listed, last=last, points=points)


def _placed_words(name: str, tile: triominoes.Tile, beside: Sequence[triominoes.Tile]) -> str:
    """ "Ann placed 0-1-2 beside 1-2-4", "... between 4-5-5 and 1-4-5", "... beside 4-5-5, 1-4-5 and 0-4-4"."""
    names = [str(t) for t in beside]
    if not names:
        # TRANSLATORS: the log; {tile}: a Tri-Ominos tile ("0-1-2").
        return by_player(name, N_("You placed {tile}"), N_("{player} placed {tile}"), tile=str(tile))
    if len(names) == 1:
        # TRANSLATORS: the log; {other}: the placed tile it touches along a side.
        return by_player(
            name,
            N_("You placed {tile} beside {other}"),
            N_("{player} placed {tile} beside {other}"),
            tile=str(tile),
            other=names[0],
        )
    if len(names) == 2:
        # TRANSLATORS: the log; {first}, {second}: the placed tiles it touches along its sides.
        return by_player(
            name,
            N_("You placed {tile} between {first} and {second}"),
            N_("{player} placed {tile} between {first} and {second}"),
            tile=str(tile),
            first=names[0],
            second=names[1],
        )
    listed, last = _listed(names)
    # TRANSLATORS: the log; {tiles} and {last}: the placed tiles it touches along its sides.
    return by_player(
        name,
        N_("You placed {tile} beside {tiles} and {last}"),
        N_("{player} placed {tile} beside {tiles} and {last}"),
        tile=str(tile),
        tiles=listed,
        last=last,
    )


def triominoes_words(name: str, move: triominoes.Move, beside: Sequence[triominoes.Tile] | None = None) -> str:
    """A Tri-Ominos move in words: "Ann placed 0-1-2 beside 1-2-4" (``beside``: the tiles it touches along a
    side; empty for the round's first tile, None when unknown), in the current language."""
    if move.kind is triominoes.MoveKind.PLACE:
        assert move.tile is not None
        if beside is not None and not beside:
            # TRANSLATORS: the log; {tile}: the round's first tile.
            return by_player(name, N_("You opened with {tile}"), N_("{player} opened with {tile}"), tile=str(move.tile))
        return _placed_words(name, move.tile, beside or ())
    if move.kind is triominoes.MoveKind.DRAW:
        return by_player(name, N_("You drew a tile"), N_("{player} drew a tile"))
    if move.kind is triominoes.MoveKind.PASS:
        return by_player(name, N_("You passed"), N_("{player} passed"))
    return by_player(name, N_("You ran out of time"), N_("{player} ran out of time"))


_ITEM_NAMES = {
    # TRANSLATORS: what a Tri-Ominos score item is for, before its points ("bridge 40").
    triominoes.Reason.START_BONUS: N_("start bonus"),
    triominoes.Reason.HEXAGON: N_("hexagon"),
    triominoes.Reason.BRIDGE: N_("bridge"),
    triominoes.Reason.DRAW: N_("draw"),
    triominoes.Reason.FAILED_DRAWS: N_("failed draws"),
    triominoes.Reason.PASS: N_("pass"),
    triominoes.Reason.GOING_OUT: N_("going out"),
    triominoes.Reason.TILES_COLLECTED: N_("tiles collected"),
}

_BONUS_NAMES = {
    # TRANSLATORS: a Tri-Ominos bonus, by its name.
    "start bonus": N_("start bonus"),
    "bridge": N_("bridge"),
    "hexagon": N_("hexagon"),
    "double hexagon": N_("double hexagon"),
    "triple hexagon": N_("triple hexagon"),
}


def _bonus_name(name: str) -> str:
    return _(_BONUS_NAMES[name]) if name in _BONUS_NAMES else name


def _items_text(items: Sequence[triominoes.ScoreItem]) -> str:
    """'3 + bridge 40 = 43', or '3' alone (in the current language)."""
    parts = []
    for item in items:
        if item.reason is triominoes.Reason.TILE:
            parts.append(str(item.points))
        else:
            what = _ITEM_NAMES.get(item.reason)
            # TRANSLATORS: a score item ("bridge 40"); {name}: what it is for.
            parts.append(_("{name} {points}", name=_(what) if what else item.reason.value, points=item.points))
    total = sum(item.points for item in items)
    return parts[0] if len(parts) == 1 else f"{' + '.join(parts)} = {total}"


def _event_text(name: str, event: triominoes.Event, beside: tuple[triominoes.Tile, ...]) -> str:
    kind = triominoes.EventKind
    points = event.points
    penalty = signed(points)
    if event.kind is kind.PLACE:
        assert event.move is not None
        # TRANSLATORS: the log; {said}: the placement ("Ann placed 0-1-2 beside 1-2-4"); {score}: its points
        # ("3 + bridge 40 = 43").
        return _("{said} for {score}", said=triominoes_words(name, event.move, beside), score=_items_text(event.items))
    if event.kind is kind.DRAW:
        if points:
            # TRANSLATORS: the log; {points}: what the draw cost, signed ("\u22125").
            return by_player(
                name, N_("You drew a tile ({points})"), N_("{player} drew a tile ({points})"), points=penalty
            )
        return by_player(name, N_("You drew a tile"), N_("{player} drew a tile"))
    if event.kind is kind.PASS:
        if any(item.reason is triominoes.Reason.FAILED_DRAWS for item in event.items):
            if points:
                # TRANSLATORS: the log; drew the most tiles the rules allow in a turn; {points}: what it cost.
                return by_player(
                    name,
                    N_("You drew the most allowed, placed nothing and passed ({points})"),
                    N_("{player} drew the most allowed, placed nothing and passed ({points})"),
                    points=penalty,
                )
            return by_player(
                name,
                N_("You drew the most allowed, placed nothing and passed"),
                N_("{player} drew the most allowed, placed nothing and passed"),
            )
        if points:
            # TRANSLATORS: the log; {points}: what the pass cost, signed ("\u221210").
            return by_player(name, N_("You passed ({points})"), N_("{player} passed ({points})"), points=penalty)
        return by_player(name, N_("You passed"), N_("{player} passed"))
    if event.kind is kind.TIMEOUT:
        return by_player(name, N_("You ran out of time"), N_("{player} ran out of time"))
    if event.kind is kind.START_DRAW:
        # TRANSLATORS: the log; {tile}: the tile drawn to choose the first player.
        return by_player(
            name,
            N_("You drew {tile} to decide who starts"),
            N_("{player} drew {tile} to decide who starts"),
            tile=str(event.tile),
        )
    if event.kind is kind.SETUP_DRAW:
        # TRANSLATORS: the log; a triple: a tile with the same number in all corners.
        return by_player(
            name,
            N_("You drew a tile, looking for a triple to start"),
            N_("{player} drew a tile, looking for a triple to start"),
        )
    if event.kind is kind.GOING_OUT:
        # TRANSLATORS: the log; {score}: the points for going out ("going out 25 + tiles collected 30 = 55").
        return by_player(
            name, N_("You went out: {score}"), N_("{player} went out: {score}"), score=_items_text(event.items)
        )
    # TRANSLATORS: the log; {points}: what winning the blocked round scores, signed ("+20").
    return by_player(
        name,
        N_("You win the blocked round: {points}"),
        N_("{player} wins the blocked round: {points}"),
        points=signed(points),
    )


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
            # TRANSLATORS: a seat's status under its name (whoever it is, you too).
            words.append(p_("status", "ran out of time"))
    if draws:
        lost = sum(event.points for event in draws)
        if lost:
            # TRANSLATORS: a seat's status (whoever it is, you too): tiles drawn this turn; {points}: their cost.
            words.append(n_("drew {count} ({points})", "drew {count} ({points})", len(draws), points=signed(lost)))
        else:
            # TRANSLATORS: a seat's status under its name (whoever it is, you too): tiles drawn this turn.
            words.append(n_("drew {count}", "drew {count}", len(draws)))
    for event in run:
        if event.kind is triominoes.EventKind.PLACE:
            # TRANSLATORS: a seat's status (whoever it is, you too); {points}: what it scored, signed ("+43").
            words.append(p_("status", "placed {tile} ({points})", tile=str(event.tile), points=signed(event.points)))
        elif event.kind is triominoes.EventKind.PASS and event.points:
            # TRANSLATORS: a seat's status (whoever it is, you too); {points}: what passing cost, signed.
            words.append(p_("status", "passed ({points})", points=signed(event.points)))
        elif event.kind is triominoes.EventKind.PASS:
            words.append(p_("status", "passed"))
    return joined(words, N_("{first}, {second}"))


def _triominoes_move(
    obs: triominoes.Observation,
    move: triominoes.Move,
    bonus_of: BonusOf | None,
    touching: dict[frozenset[tuple[int, int]], triominoes.Tile] | None = None,
) -> dict[str, Any]:
    points = obs.move_points(move)
    if move.kind is not triominoes.MoveKind.PLACE:
        if move.kind is triominoes.MoveKind.DRAW and points:
            # TRANSLATORS: a legal move on its button; {points}: what it costs, signed ("minus 5").
            label = _("draw from the pool ({points})", points=signed(points))
        elif move.kind is triominoes.MoveKind.DRAW:
            # TRANSLATORS: a legal move on its button.
            label = _("draw from the pool")
        elif move.kind is triominoes.MoveKind.PASS and points:
            # TRANSLATORS: a legal move on its button; {points}: what it costs, signed ("minus 10").
            label = p_("legal move", "pass ({points})", points=signed(points))
        elif move.kind is triominoes.MoveKind.PASS:
            label = p_("legal move", "pass")
        else:
            label = move.kind.value + (f" ({signed(points)})" if points else "")
        return {
            "text": str(move),
            "kind": move.kind.value,
            "label": label,
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
    label = _label_words(tile, beside, points)
    if bonus:
        # TRANSLATORS: a legal placement's button with its bonus ("0-1-2 beside 1-2-4 for 43 (bridge 40)").
        label = _("{label} ({bonus} {points})", label=label, bonus=_bonus_name(bonus.name), points=bonus.points)
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
    if summary.termination is triominoes.Termination.GOING_OUT and len(winners) == 1:
        # TRANSLATORS: a round's summary: who played their last tile.
        text = by_player(table.name(winners[0]), N_("You went out"), N_("{player} went out"))
    elif summary.termination is triominoes.Termination.GOING_OUT:
        # TRANSLATORS: joins the names of the players who went out together ("Ann and Bob").
        who = joined([table.name(seat) for seat in winners], N_("{first} and {second}"))
        # TRANSLATORS: a round's summary; {players}: who went out ("Ann and Bob").
        text = _("{players} went out", players=who)
    elif summary.winner is None:
        # TRANSLATORS: a round's summary.
        text = _("Blocked: nobody wins the round")
    else:
        # TRANSLATORS: a round's summary: nobody could play on; the fewest points in hand win it.
        text = by_player(
            table.name(summary.winner), N_("Blocked: You win the round"), N_("Blocked: {player} wins the round")
        )
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
def _triominoes_log_entry(
    name: str, event: triominoes.Event, beside: tuple[triominoes.Tile, ...], language: str
) -> dict[str, Any]:
    """One public event of the round as a log entry. Made once per event and language (events are frozen and
    public: every seat's view of every later move repeats the round's log; ``language``: the current one,
    which the text is in), and never changed afterwards."""
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


def _triominoes_log(table: Table, events: Sequence[triominoes.Event], language: str) -> list[dict[str, Any]]:
    """The round's log: public, the same for every seat."""
    beside = triominoes.placed_beside(
        event.move for event in events if event.kind is triominoes.EventKind.PLACE and event.move
    )
    return [
        _triominoes_log_entry(
            table.name(event.player),
            event,
            beside.get(event.move.place, ()) if event.move is not None and event.move.place is not None else (),
            language,
        )
        for event in events
    ]


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
    # What every seat's view of this state shares is made once for them all (``shared``). Each seat's
    # observation has its own tuple of the (public) events: they are compared by value.
    language = current()
    names = tuple(info.name for info in table.seats)
    events = obs.events
    log = shared("triominoes log", (names, language, events), (), lambda: _triominoes_log(table, events, language))
    runs = shared(
        "triominoes turns",
        events,
        (),
        lambda: turn_runs((event.player, event) for event in events if event.kind in _TURN_EVENTS),
    )
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
        # TRANSLATORS: what the server placed for a player whose clock ran out; {tile}: the tile.
        return _("{tile} placed", tile=str(move.tile))
    if move.kind is triominoes.MoveKind.DRAW:
        return _("a tile drawn")
    return p_("made for a player", "passed")


def plain_reason(observation: Observation, move: Move, entry: dict[str, Any]) -> str:
    points = entry.get("points")
    if entry["kind"] == "draw":
        only = len(observation.legal_moves) == 1
        if only and points:
            return _("no tile fits: draw ({points})", points=signed(points))
        if only:
            return _("no tile fits: draw")
        if points:
            return _("buy a tile rather than place one ({points})", points=signed(points))
        return _("buy a tile rather than place one")
    if entry["kind"] == "pass":
        if points:
            return _("nothing fits and you may not draw: pass ({points})", points=signed(points))
        return _("nothing fits and you may not draw: pass")
    bonus = entry["bonus"]
    if bonus:
        # TRANSLATORS: a hint's reason; {points}: what the placement scores; {bonus}: its bonus ("bridge").
        return _("scores {points} now, {bonus} included", points=points, bonus=_bonus_name(bonus["name"]))
    # TRANSLATORS: a hint's reason; {points}: what the placement scores.
    return _("scores {points} now", points=points)


def tile_sets() -> list[dict[str, Any]]:
    """Tri-Ominos is played with its one set of 56 tiles: nothing to choose."""
    return []


FACE = Face(layout="grid", tile="triangle", art=("0-3-5", "2-2-4"))


def face() -> Face:
    """The page draws a triangular grid of Tri-Ominos tiles; the highest score wins."""
    return FACE
