"""The Dominoes presenter: a Dominoes observation as the web table's board, hand, log and summaries.

The line of play with its opening tile and spinner placed as the engine says
(``Observation.opening_index``, ``spinner_index``), the legal moves with what
each would score where plays score (``Observation.preview``), and the reason
tiles left in the boneyard cannot be drawn (``Observation.stock_locked``).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from bonepile import dominoes
from bonepile.ai.dominoes_heuristic import sheds_words
from bonepile.core.errors import BonepileError
from bonepile.core.protocol import Deal, Move, Observation
from bonepile.web.views import BonusOf, Face, Parts, Table, agree, possessive, side_name, signed, statuses, turn_runs


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
        who, several = side_name(table, rules, outcome.winner)
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
        "sheet": "pips",
        "points_of": "side",
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


_LOCKED_WORDS = {"never": "never drawn in this game", "reserve": "the reserve, never drawn"}


def _boneyard_note(obs: dominoes.Observation) -> str | None:
    """Why tiles left in the boneyard cannot be drawn, when they cannot (the engine says why: D4)."""
    left = obs.boneyard_size
    locked = obs.stock_locked
    if locked is None:
        return None
    tiles = "the last tile" if left == 1 else f"the {left} tiles left"
    return f"{tiles} in the boneyard {'is' if left == 1 else 'are'} {_LOCKED_WORDS[locked]}"


def parts(table: Table, observation: Observation, viewer: int | None, bonus_of: BonusOf | None) -> Parts:
    """The Dominoes parts of a view (a play here earns no bonus beyond its count: ``bonus_of`` is unused)."""
    if not isinstance(observation, dominoes.Observation):
        raise TypeError(f"not an observation of Dominoes: {observation!r}")
    obs = observation
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
    board = {
        "line": line,
        "ends": None if obs.ends is None else list(obs.ends),
        "opening_index": obs.opening_index,
        # The spinner (D4): it lies in the line, west to east through it; its north and south arms grow
        # from its ends, each tile listed outward as [near half, far half]. Every open end with its number
        # and, where plays score (all-fives), the count at those ends now (D7).
        "spinner": None if obs.spinner is None else str(obs.spinner),
        "spinner_index": obs.spinner_index,
        "arms": {"north": [list(t) for t in obs.north], "south": [list(t) for t in obs.south]},
        "open_ends": [{"end": end.value, "number": number} for end, number in obs.open_ends],
        "count": obs.count if scoring else None,
    }
    log = [_dominoes_log_entry(table.name(event.player), event, scoring) for event in obs.events]
    runs = turn_runs((event.player, event.move) for event in obs.events)
    outcomes = list(obs.past_hands) + ([obs.hand_over] if obs.hand_over is not None else [])
    return Parts(
        hand_number=obs.hand_number,
        stock={"name": "boneyard", "count": obs.boneyard_size, "note": _boneyard_note(obs)},
        your_tiles=your_tiles,
        legal_moves=[_dominoes_move(move, obs) for move in legal],
        board=board,
        log=log,
        statuses=statuses(table, viewer, obs.to_move, runs, _dominoes_describe),
        summaries=[_dominoes_summary(table, obs.rules, n, outcome) for n, outcome in enumerate(outcomes, start=1)],
    )


def move_words(name: str, move: Move, deal: Deal) -> str:
    if not isinstance(move, dominoes.Move):
        raise TypeError(f"not a move of Dominoes: {move!r}")
    return dominoes_words(name, move)


def made_for(move: Move) -> str | None:
    """What the server did for a seat whose clock ran out, in the passive: "6-4 played on the right"."""
    if not isinstance(move, dominoes.Move):
        raise TypeError(f"not a move of Dominoes: {move!r}")
    if move.kind is dominoes.MoveKind.DRAW:
        return "a tile drawn"
    if move.kind is dominoes.MoveKind.PASS:
        return "passed"
    if move.end is None:
        return f"{move.tile} played to open"
    assert move.end is not None
    return f"{move.tile} played on the {move.end.value}"


def plain_reason(observation: Observation, move: Move, entry: dict[str, Any]) -> str:
    points = entry.get("points")
    penalty = f" ({signed(points)})" if points else ""
    if entry["kind"] == "draw":
        only = len(observation.legal_moves) == 1
        return ("no tile fits: draw" if only else "buy a tile rather than place one") + penalty
    if entry["kind"] == "pass":
        return "nothing fits and you may not draw: pass" + penalty
    if not isinstance(move, dominoes.Move) or move.tile is None:
        raise TypeError(f"not a Dominoes play: {move!r}")
    return sheds_words(move.tile.pips)


OFFERED_SETS = ("double-six", "double-nine", "double-twelve")
"""The sets the start page offers: the ones people own (the engine also deals smaller ones, for analysis)."""


def tile_sets() -> list[dict[str, Any]]:
    """The sets of tiles the table offers (double-six, -nine, -twelve), the default first.

    Each is asked of the engine (its tile count, and whether it deals it at all), so that the start page
    offers only what the rules accept (option ``set``).
    """
    offered = []
    for name in OFFERED_SETS:
        try:
            offered.append({"name": name, "tiles": dominoes.Rules(set=name).num_tiles})
        except BonepileError:
            continue
    default = dominoes.Rules().set
    return sorted(offered, key=lambda entry: entry["name"] != default)


FACE = Face(layout="line", tile="domino", art=("6-4", "3-3"))


def face() -> Face:
    """The page draws a line of play of dominoes; the highest score wins."""
    return FACE
