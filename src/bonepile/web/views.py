"""Turning one seat's observation into the JSON view of docs/web-protocol.md.

Why a view is built from an observation and not from the game: the engine's
observation of a seat holds exactly what that seat may know, so a view built
from it cannot leak another seat's tiles or the order of the stock, whatever
this module does. The only other inputs are the table's public facts
(``Table``: names, seat kinds, the move count) and, for Tri-Ominos, the names
of the bonuses of the viewer's own legal placements, which the engine reads
from the board (public) on request.

Nothing here applies a rule: legal moves, their points and bonuses, scores and
hand outcomes all come from the engine; this module only names and arranges
them for a browser.

Names go into sentences ("Ann wins, 104 to 67"), and a lone human is called
"You" by default: a verb that follows a name agrees with it (``agree``), so
the table says "You win" and "You have the fewest pips", never "You wins".
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bonepile import dominoes, triominoes
from bonepile.ai.dominoes_heuristic import sheds_words
from bonepile.games import game_info
from bonepile.web.catalog import GAMES, HAND_WORDS, PROTOCOL

BonusOf = Callable[[triominoes.Move], triominoes.Bonus | None]
"""The engine's ``Round.placement_bonus`` for the position the observation was taken in."""

_SQRT3_2 = math.sqrt(3) / 2


@dataclass(frozen=True, slots=True)
class SeatInfo:
    kind: str
    """``"human"`` or ``"ai"``."""
    name: str
    level: str | None

    def to_json(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, "name": self.name, "kind": self.kind, "level": self.level}


@dataclass(frozen=True, slots=True)
class LastMove:
    number: int
    seat: int
    move: str
    text: str
    timed_out: bool = False
    """The server made this move because the seat's clock ran out."""

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "seat": self.seat,
            "move": self.move,
            "text": self.text,
            "timed_out": self.timed_out,
        }


@dataclass(frozen=True, slots=True)
class Table:
    """The public facts about a game that its observations do not hold."""

    id: str
    game: str
    preset: str
    seats: tuple[SeatInfo, ...]
    move_number: int
    over: bool
    winner_sides: tuple[int, ...]
    last_move: LastMove | None
    room: str | None = None
    """The room whose game this is (None for a game of the solo API)."""
    clock: dict[str, Any] | None = None
    """The turn timer of the seat to move, as the view shows it (see ``GameSession.clock``)."""

    def name(self, seat: int) -> str:
        return self.seats[seat].name


def is_you(name: str) -> bool:
    """A player called "You" (the default name of a lone human) is spoken to, not about."""
    return name.strip().casefold() == "you"


def agree(subject: str, singular: str, plural: str, several: bool = False) -> str:
    """The verb form that goes with ``subject``: "Ann wins", "You win", "Ann & Cy win"."""
    return plural if several or is_you(subject) else singular


def possessive(name: str) -> str:
    """ "Ann's", and "your" for a player called "You"."""
    return "your" if is_you(name) else f"{name}'s"


@dataclass(frozen=True, slots=True)
class _Parts:
    """What differs between the games' views."""

    hand_number: int
    stock: dict[str, Any]
    your_tiles: list[dict[str, Any]]
    legal_moves: list[dict[str, Any]]
    board: dict[str, Any]
    log: list[dict[str, Any]]
    statuses: list[str]
    summaries: list[dict[str, Any]]


def signed(points: int) -> str:
    """``+43``, ``0``, and negative numbers with a true minus sign (U+2212), as players write them."""
    return f"+{points}" if points > 0 else f"\u2212{-points}" if points < 0 else "0"


def view(table: Table, observation: Any, viewer: int | None, bonus_of: BonusOf | None = None) -> dict[str, Any]:
    """The view of seat ``viewer`` (None: the public view) from that seat's observation.

    For the public view any seat's observation will do: only its public
    parts are read.
    """
    if isinstance(observation, dominoes.Observation):
        parts = _dominoes_parts(table, observation, viewer)
    elif isinstance(observation, triominoes.Observation):
        parts = _triominoes_parts(table, observation, viewer, bonus_of)
    else:
        raise TypeError(f"no view for {type(observation).__name__}")
    rules = observation.rules
    scores: tuple[int, ...] = observation.scores
    to_move: int | None = observation.to_move
    players = []
    for seat, info in enumerate(table.seats):
        side = rules.side_of(seat)
        players.append(
            {
                **info.to_json(seat),
                "side": side,
                "score": scores[side],
                "tiles": observation.tile_counts[seat],
                "status": parts.statuses[seat],
                "to_move": seat == to_move,
                "you": seat == viewer,
            }
        )
    return {
        "protocol": PROTOCOL,
        "id": table.id,
        "room": table.room,
        "game": table.game,
        "title": GAMES[table.game],
        "preset": table.preset,
        "preset_description": game_info(table.game).presets.get(table.preset, ""),
        "rules": _rules_dict(rules),
        "status": "over" if table.over else "playing",
        "seat": viewer,
        "move_number": table.move_number,
        "turn": to_move,
        "hand_number": parts.hand_number,
        "hand_word": HAND_WORDS[table.game],
        "target": rules.target,
        "stock": parts.stock,
        "players": players,
        "sides": sides_json(table, rules, scores),
        "your_tiles": parts.your_tiles,
        "legal_moves": parts.legal_moves,
        "board": parts.board,
        "log": parts.log,
        "last_move": None if table.last_move is None else table.last_move.to_json(),
        "clock": table.clock,
        "summaries": parts.summaries,
        "game_over": _game_over(table, rules, scores) if table.over else None,
    }


@functools.lru_cache(maxsize=256)
def _rules_dict(rules: Any) -> dict[str, Any]:
    """A game's rules as JSON, made once per rules (they are frozen; every view of a game repeats them)."""
    result: dict[str, Any] = rules.to_dict()
    return result


def sides_json(table: Table, rules: Any, scores: Sequence[int]) -> list[dict[str, Any]]:
    members: list[list[int]] = [[] for _ in scores]
    for seat in range(len(table.seats)):
        members[rules.side_of(seat)].append(seat)
    return [{"side": side, "seats": seats, "score": scores[side]} for side, seats in enumerate(members)]


def _side_name(table: Table, rules: Any, side: int) -> tuple[str, bool]:
    """The side's name ("Ann", or "Ann & Cy" for a team) and whether it is several people."""
    names = [info.name for seat, info in enumerate(table.seats) if rules.side_of(seat) == side]
    return " & ".join(names), len(names) > 1


def _game_over(table: Table, rules: Any, scores: Sequence[int]) -> dict[str, Any]:
    winners = sorted(table.winner_sides)
    seats = [seat for seat in range(len(table.seats)) if rules.side_of(seat) in winners]
    tally = " to ".join(str(score) for score in sorted(scores, reverse=True))
    if len(winners) == 1:
        who, several = _side_name(table, rules, winners[0])
        text = f"{who} {agree(who, 'wins', 'win', several)}, {tally}"
    else:
        text = f"{' and '.join(_side_name(table, rules, side)[0] for side in winners)} share the win, {tally}"
    return {"winner_sides": winners, "winner_seats": seats, "scores": list(scores), "text": text}


def _turn_runs(events: Iterable[tuple[int, Any]]) -> dict[int, tuple[list[Any], bool]]:
    """Each player's latest run of consecutive turn events, and whether it is the last run of all.

    A run is one turn (a Dominoes player's draws and then a play; a Tri-Ominos
    player's draws and then a placement or pass), which is what a status says.
    """
    runs: dict[int, tuple[list[Any], bool]] = {}
    current: int | None = None
    for player, event in events:
        if player != current:
            for other, (run, _) in runs.items():
                runs[other] = (run, False)
            runs[player] = ([], True)
            current = player
        runs[player][0].append(event)
    return runs


def _statuses(
    table: Table,
    viewer: int | None,
    to_move: int | None,
    runs: dict[int, tuple[list[Any], bool]],
    describe: Callable[[list[Any]], str],
) -> list[str]:
    """Each seat's status: its latest turn in words, or what it is doing now if it is to move."""
    statuses = []
    for seat, info in enumerate(table.seats):
        run, latest = runs.get(seat, ([], False))
        done = describe(run) if run else ""
        if seat != to_move:
            statuses.append(done)
            continue
        if latest and done:
            statuses.append(done + "\u2026")
        elif info.kind == "ai":
            statuses.append("thinking\u2026")
        else:
            statuses.append("your turn" if seat == viewer else "to play")
    return statuses


# ------------------------------------------------------------------------------------------- Dominoes


def dominoes_words(name: str, move: dominoes.Move) -> str:
    """A Dominoes move in words: "Ann played 6-4 on the right"."""
    if move.kind is dominoes.MoveKind.DRAW:
        return f"{name} drew a tile"
    if move.kind is dominoes.MoveKind.PASS:
        return f"{name} passed"
    if move.end is None:
        return f"{name} opened with {move.tile}"
    return f"{name} played {move.tile} {_end_words(move.end)}"


def _end_words(end: dominoes.End) -> str:
    """Where a tile goes in words: "on the left", or an arm of the spinner, "north" (as the notation says)."""
    if end in (dominoes.End.NORTH, dominoes.End.SOUTH):
        return end.value
    return f"on the {end.value}"


def _dominoes_move(move: dominoes.Move, obs: dominoes.Observation | None = None) -> dict[str, Any]:
    """A legal move as JSON; where plays score (all-fives), with the count it leaves and the points it makes.

    The engine says both (``Observation.preview``): the client shows them and computes no count itself.
    """
    if move.kind is dominoes.MoveKind.DRAW:
        label = "draw from the boneyard"
    elif move.kind is dominoes.MoveKind.PASS:
        label = "pass"
    elif move.end is None:
        label = f"open with {move.tile}"
    else:
        label = f"{move.tile} {_end_words(move.end)}"
    points: int | None = None
    count: int | None = None
    if obs is not None and obs.rules.scores_during_play and move.is_play:
        preview = obs.preview(move)
        points, count = preview.points, preview.count
        if points:
            label += f" (+{points})"
    return {
        "text": str(move),
        "kind": move.kind.value,
        "tile": None if move.tile is None else str(move.tile),
        "end": None if move.end is None else move.end.value,
        "label": label,
        "points": points,
        "count": count,
    }


def _dominoes_describe(run: Sequence[dominoes.Move]) -> str:
    """A turn in a few words for a status: "drew 2, played 5-4", "passed"."""
    words = []
    draws = sum(1 for move in run if move.kind is dominoes.MoveKind.DRAW)
    if draws:
        words.append(f"drew {draws}")
    for move in run:
        if move.kind is dominoes.MoveKind.PASS:
            words.append("passed")
        elif move.is_play:
            words.append(f"{'opened' if move.end is None else 'played'} {move.tile}")
    return ", ".join(words)


_DOMINOES_SCORING = {
    "opponents_minus_own": "the winner scores the others' pips minus their own",
    "opponents": "the winner scores the others' pips",
    "all": "the winning side scores every pip left",
    "all_fives": "counts of five during play; the side out scores the others' pips to the nearest five",
}


def _dominoes_summary(
    table: Table, rules: dominoes.Rules, number: int, outcome: dominoes.HandOutcome
) -> dict[str, Any]:
    if outcome.winner is None:
        text = "Blocked with a tie: nobody scores"
    else:
        who, several = _side_name(table, rules, outcome.winner)
        points = outcome.points[outcome.winner]
        if outcome.termination is dominoes.Termination.TARGET_REACHED:
            assert outcome.winning_player is not None
            scorer = possessive(table.name(outcome.winning_player))
            wins = agree(who, "wins", "win", several)
            text = f"{scorer[:1].upper()}{scorer[1:]} count reached the target: {who} {wins}"
        elif outcome.termination is dominoes.Termination.DOMINO:
            assert outcome.winning_player is not None
            went_out = table.name(outcome.winning_player)
            if several:
                text = f"{went_out} dominoed: {who} score {points}"
            else:
                text = f"{went_out} dominoed and {agree(went_out, 'scores', 'score')} {points}"
        else:
            have, score = agree(who, "has", "have", several), agree(who, "scores", "score", several)
            text = f"Blocked: {who} {have} the fewest pips and {score} {points}"
    return {
        "number": number,
        "termination": outcome.termination.value,
        "winner_side": outcome.winner,
        "winner_seat": outcome.winning_player,
        "points": list(outcome.points),
        "pips": list(outcome.pips),
        "hands": [[str(tile) for tile in hand] for hand in outcome.hands],
        "scoring": _DOMINOES_SCORING.get(rules.hand_score, ""),
        "text": text,
    }


@functools.lru_cache(maxsize=65536)
def _dominoes_log_entry(name: str, event: dominoes.Event, scoring: bool = False) -> dict[str, Any]:
    """One public event of the hand as a log entry, made once (see ``_triominoes_log_entry``).

    Where plays score (all-fives), a play says the count it left and what it scored:
    "Ann played 5-3 north: count 15, +15"; ``points`` and ``count`` carry the same as numbers.
    """
    move = event.move
    text = dominoes_words(name, move)
    if scoring and move.is_play:
        text += f": count {event.count}" + (f", +{event.points}" if event.points else "")
    return {
        "seat": event.player,
        "kind": "open" if move.is_play and move.end is None else move.kind.value,
        "move": str(move) if move.is_play else None,
        "tile": None if move.tile is None else str(move.tile),
        "end": None if move.end is None else move.end.value,
        "points": event.points or None,
        "count": event.count if scoring and move.is_play else None,
        "items": [],
        "text": text,
    }


def _boneyard_note(obs: dominoes.Observation) -> str | None:
    """Why tiles left in the boneyard cannot be drawn, when they cannot (D4: no drawing, or the reserve)."""
    left = obs.boneyard_size
    rules = obs.rules
    tiles = "the last tile" if left == 1 else f"the {left} tiles left"
    if not left:
        return None
    if not rules.drawing:
        return f"{tiles} in the boneyard {'is' if left == 1 else 'are'} never drawn in this game"
    if left <= rules.boneyard_reserve:
        return f"{tiles} in the boneyard {'is' if left == 1 else 'are'} the reserve, never drawn"
    return None


def _spinner_index(obs: dominoes.Observation) -> int | None:
    """Where the spinner lies in the line (west to east), or None before one is played."""
    if obs.spinner is None:
        return None
    number = obs.spinner.high
    return next(i for i, (left, right) in enumerate(obs.line) if left == right == number)


def _dominoes_parts(table: Table, obs: dominoes.Observation, viewer: int | None) -> _Parts:
    scoring = obs.rules.scores_during_play
    legal = obs.legal_moves if viewer is not None and obs.to_move == viewer else ()
    by_tile: dict[dominoes.Tile, list[str]] = {}
    for move in legal:
        if move.tile is not None:
            by_tile.setdefault(move.tile, []).append(str(move))
    your_tiles = []
    if viewer is not None:
        for tile in obs.hand:
            your_tiles.append(
                {
                    "tile": str(tile),
                    "ends": [tile.high, tile.low],
                    "pips": tile.pips,
                    "double": tile.is_double,
                    "moves": by_tile.get(tile, []),
                }
            )
    line = [
        {"tile": str(dominoes.Tile(left, right)), "left": left, "right": right, "double": left == right}
        for left, right in obs.line
    ]
    # Each tile played at the left end went in front of the opening tile.
    at_left = sum(1 for event in obs.events if event.move.end is dominoes.End.LEFT)
    board = {
        "line": line,
        "ends": None if obs.ends is None else list(obs.ends),
        "opening_index": at_left if line else None,
        # The spinner (D4): it lies in the line, west to east through it; its north and south arms grow
        # from its ends, each tile listed outward as [near half, far half]. Every open end with its number
        # and, where plays score (all-fives), the count at those ends now (D7).
        "spinner": None if obs.spinner is None else str(obs.spinner),
        "spinner_index": _spinner_index(obs),
        "arms": {"north": [list(t) for t in obs.north], "south": [list(t) for t in obs.south]},
        "open_ends": [{"end": end.value, "number": number} for end, number in obs.open_ends],
        "count": obs.count if scoring else None,
    }
    log = [_dominoes_log_entry(table.name(event.player), event, scoring) for event in obs.events]
    runs = _turn_runs((event.player, event.move) for event in obs.events)
    outcomes = list(obs.past_hands) + ([obs.hand_over] if obs.hand_over is not None else [])
    return _Parts(
        hand_number=obs.hand_number,
        stock={"name": "boneyard", "count": obs.boneyard_size, "note": _boneyard_note(obs)},
        your_tiles=your_tiles,
        legal_moves=[_dominoes_move(move, obs) for move in legal],
        board=board,
        log=log,
        statuses=_statuses(table, viewer, obs.to_move, runs, _dominoes_describe),
        summaries=[_dominoes_summary(table, obs.rules, n, outcome) for n, outcome in enumerate(outcomes, start=1)],
    )


# ----------------------------------------------------------------------------------------- Tri-Ominos


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


def _edge_index(board: Iterable[triominoes.Move]) -> dict[frozenset[tuple[int, int]], triominoes.Tile]:
    """Each side of the placed tiles, and the tile it belongs to (a side between two tiles: the later one)."""
    by_edge: dict[frozenset[tuple[int, int]], triominoes.Tile] = {}
    for move in board:
        if move.place is not None and move.tile is not None:
            for edge in _edges(move.place):
                by_edge[edge] = move.tile
    return by_edge


def neighbours_of(board: Iterable[triominoes.Move]) -> dict[triominoes.Place, tuple[triominoes.Tile, ...]]:
    """For each placed tile's place, the tiles already down that it was placed beside (sharing a side), in the
    order of ``board`` (the order of play): the words a player uses ("placed 2-4-5 beside 4-5-5")."""
    by_edge: dict[frozenset[tuple[int, int]], triominoes.Tile] = {}
    beside: dict[triominoes.Place, tuple[triominoes.Tile, ...]] = {}
    for move in board:
        if move.place is None or move.tile is None:
            continue
        edges = _edges(move.place)
        beside[move.place] = tuple(by_edge[edge] for edge in edges if edge in by_edge)
        for edge in edges:
            by_edge[edge] = move.tile
    return beside


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
    bonus = bonus_of(move) if bonus_of is not None else None
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
        xs.extend(x for x, _ in corners)
        ys.extend(y for _, y in corners)
    if not xs:
        _, origin = _geometry(triominoes.ORIGIN)
        xs = [x for x, _ in origin]
        ys = [y for _, y in origin]
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


def _triominoes_parts(
    table: Table, obs: triominoes.Observation, viewer: int | None, bonus_of: BonusOf | None
) -> _Parts:
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
    beside = neighbours_of(
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
    runs = _turn_runs((event.player, event) for event in obs.events if event.kind in _TURN_EVENTS)
    outcomes = list(obs.past_rounds) + ([obs.round_over] if obs.round_over is not None else [])
    return _Parts(
        hand_number=obs.round_number,
        stock={"name": "pool", "count": obs.pool_size, "note": None},
        your_tiles=your_tiles,
        legal_moves=moves,
        board=board,
        log=log,
        statuses=_statuses(table, viewer, obs.to_move, runs, _triominoes_describe),
        summaries=[_triominoes_summary(table, n, summary) for n, summary in enumerate(outcomes, start=1)],
    )


def move_words(name: str, move: Any, timed_out: bool = False, board: Sequence[Any] = ()) -> str:
    """Any game's move in words (for ``last_move``); a move the clock made says so. ``board``: the
    Tri-Ominos tiles down now, in the order of play (to say what a placed tile was put beside)."""
    if isinstance(move, dominoes.Move):
        words = dominoes_words(name, move)
    else:
        beside = neighbours_of(board).get(move.place) if move.place is not None and move in board else None
        words = triominoes_words(name, move, beside)
        if move.kind is triominoes.MoveKind.TIMEOUT:
            return words  # "Ann ran out of time" already
    if not timed_out:
        return words
    return f"{name} ran out of time: {_made_for(move)}"


def _made_for(move: Any) -> str:
    """What the server did for a seat whose clock ran out, in the passive: "6-4 played on the right"."""
    if isinstance(move, dominoes.Move):
        if move.kind is dominoes.MoveKind.DRAW:
            return "a tile drawn"
        if move.kind is dominoes.MoveKind.PASS:
            return "passed"
        if move.end is None:
            return f"{move.tile} played to open"
        return f"{move.tile} played on the {move.end.value}"
    if move.kind is triominoes.MoveKind.PLACE:
        return f"{move.tile} placed"
    if move.kind is triominoes.MoveKind.DRAW:
        return "a tile drawn"
    return "passed"


def hint_reasons(
    agent: Any, observation: Any, move: Any, entry: dict[str, Any], names: Sequence[str]
) -> list[dict[str, Any]]:
    """Why the hint, as facts of the position: the agent's own reasons when it gives them
    (``explain(observation, move)``, see ``bonepile.ai.reasons``), else one plain reason from what the
    engine says of the move (its points, or why it is a draw or a pass)."""
    explain = getattr(agent, "explain", None)
    if callable(explain):
        reasons = explain(observation, move)
        if reasons:
            return [reason.to_json(names) for reason in reasons]
    return [{"kind": "plain", "text": _plain_reason(observation, move, entry), "seats": [], "facts": {}}]


def _plain_reason(observation: Any, move: Any, entry: dict[str, Any]) -> str:
    points = entry.get("points")
    penalty = f" ({signed(points)})" if points else ""
    if entry["kind"] == "draw":
        only = len(observation.legal_moves) == 1
        return ("no tile fits: draw" if only else "buy a tile rather than place one") + penalty
    if entry["kind"] == "pass":
        return "nothing fits and you may not draw: pass" + penalty
    if isinstance(move, triominoes.Move):
        bonus = entry["bonus"]
        return f"scores {points} now" + (f", {bonus['name']} included" if bonus else "")
    return sheds_words(move.tile.pips)
