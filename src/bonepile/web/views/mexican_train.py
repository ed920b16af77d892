"""The Mexican Train presenter: a Mexican Train observation as the web table's board, hand, log and summaries.

The board is the hub with its engine and every train going out from it (each
player's, then the Mexican Train), each with its tiles outward, its open end
and its marker; the doubles that wait to be covered, with who must cover the
first one now (the player to move, M6); and the round's number out of the
game's rounds (M2). Each legal move names the train it goes on by the
notation's name (``@2``, ``mexican``; the viewer's own ``mine`` is named by
seat too), so that the page lights that train and computes nothing.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from bonepile import mexican_train as mt
from bonepile.core.protocol import Deal, Move, Observation
from bonepile.web.views import BonusOf, Face, Parts, Table, agree, is_you, possessive, statuses, turn_runs

FACE = Face(layout="trains", tile="domino", low_wins=True, goal="rounds", goal_option="rounds", art=("12-12", "12-7"))


def face() -> Face:
    """The page draws a hub and its trains of dominoes; the lowest total after the last round wins (M8)."""
    return FACE


def _index(where: mt.Train | mt.Where, mover: int | None) -> int | None:
    """A train as a seat (its owner), or None for the Mexican Train; ``mine`` is the mover's own."""
    if where == mt.MEXICAN:
        return None
    if where == mt.MINE:
        return mover
    assert isinstance(where, int)
    return where


def train_key(owner: int | None) -> str:
    """A train's name in the notation, as the board and the moves name it: ``@1``, ``mexican``."""
    return mt.MEXICAN if owner is None else mt.train_text(owner)


def train_words(table: Table, owner: int | None) -> str:
    """A train in words: "the Mexican Train", "Ann's train", "your train"."""
    if owner is None:
        return "the Mexican Train"
    return f"{possessive(table.name(owner))} train"


def _seat_train_words(owner: int | None) -> str:
    """A train in words where no names are at hand: "the Mexican Train", "player 2's train"."""
    return "the Mexican Train" if owner is None else f"player {owner + 1}'s train"


def _tile_json(near: int, far: int) -> dict[str, Any]:
    tile = mt.Tile(near, far)
    return {"tile": str(tile), "near": near, "far": far, "double": near == far}


def _train_json(
    table: Table, train: mt.TrainView, viewer: int | None, waiting: Sequence[int | None], laid: Sequence[int | None]
) -> dict[str, Any]:
    owner = train.owner
    if owner is None:
        label = "Mexican Train"
    else:
        label = "Your train" if owner == viewer else f"{possessive(table.name(owner))} train"
    return {
        "name": train_key(owner),
        "owner": owner,
        "mexican": owner is None,
        "yours": owner is not None and owner == viewer,
        "label": label[:1].upper() + label[1:],
        "short": "Mexican" if owner is None else ("You" if owner == viewer else table.name(owner)),
        "tiles": [_tile_json(near, far) for near, far in train.tiles],
        "open_end": train.open_end,
        "marked": train.marked,
        "open": train.is_open,
        "waiting": waiting.index(owner) + 1 if owner in waiting else None,
        "laid": owner in laid,
    }


def _move_json(table: Table, move: mt.Move, mover: int) -> dict[str, Any]:
    if move.kind is mt.MoveKind.DRAW:
        return {
            "text": str(move),
            "kind": "draw",
            "tile": None,
            "train": None,
            "owner": None,
            "label": "draw from the boneyard",
        }
    if move.kind is mt.MoveKind.PASS:
        return {
            "text": str(move),
            "kind": "pass",
            "tile": None,
            "train": None,
            "owner": None,
            "label": "pass and put out your marker",
        }
    assert move.train is not None
    owner = _index(move.train, mover)
    return {
        "text": str(move),
        "kind": "play",
        "tile": str(move.tile),
        "train": train_key(owner),
        "owner": owner,
        "label": f"{move.tile} on {train_words(table, owner)}",
    }


def move_in_words(name: str, move: mt.Move, on: str) -> str:
    """A move of the player called ``name`` in words; ``on``: the train it went on, in words."""
    if move.kind is mt.MoveKind.DRAW:
        return f"{name} drew a tile"
    if move.kind is mt.MoveKind.PASS:
        return f"{name} passed"
    return f"{name} played {move.tile} on {on}"


@functools.lru_cache(maxsize=65536)
def _log_entry(table_names: tuple[str, ...], event: mt.Event) -> dict[str, Any]:
    """One public event of the round as a log entry, made once (events are frozen and public)."""
    name = table_names[event.player]
    move = event.move
    owner = None if event.train is None else _index(event.train, event.player)
    if move.is_play:
        on = "the Mexican Train" if owner is None else f"{possessive(table_names[owner])} train"
        text = move_in_words(name, move, on)
        if event.from_draw:
            text = f"{name} played the tile drawn, {move.tile}, on {on}"
        if event.covered:
            text += ", covering the double"
        if event.marker_off:
            text += ": marker off"
    else:
        text = move_in_words(name, move, "")
        if event.marker_out:
            text += f" and put out {'your' if is_you(name) else 'a'} marker"
    return {
        "seat": event.player,
        "kind": move.kind.value,
        "move": str(move) if move.is_play else None,
        "tile": None if move.tile is None else str(move.tile),
        "train": None if not move.is_play else train_key(owner),
        "covered": event.covered,
        "marker_out": event.marker_out,
        "marker_off": event.marker_off,
        "points": None,
        "items": [],
        "text": text,
    }


def _describe(run: Sequence[mt.Event]) -> str:
    """A turn in a few words for a status: "played 12-5", "drew, passed (marker out)", "played 6-6, 6-2"."""
    words = []
    draws = sum(1 for event in run if event.move.kind is mt.MoveKind.DRAW)
    if draws:
        words.append("drew" if draws == 1 else f"drew {draws}")
    plays = [str(event.move.tile) for event in run if event.move.is_play]
    if plays:
        words.append("played " + ", ".join(plays))
    if any(event.move.kind is mt.MoveKind.PASS for event in run):
        words.append("passed" + (" (marker out)" if any(event.marker_out for event in run) else ""))
    return ", ".join(words)


_TERMINATION_WORDS = {mt.Termination.WENT_OUT: "went out", mt.Termination.BLOCKED: "blocked"}


def _summary(table: Table, rules: mt.Rules, summary: mt.RoundSummary) -> dict[str, Any]:
    text = "Blocked: nobody went out" if summary.winner is None else f"{table.name(summary.winner)} went out"
    blank = f"; a 0-0 left in hand counts {rules.double_blank}" if rules.double_blank else ""
    return {
        "number": summary.number,
        "engine": str(summary.engine),
        "termination": _TERMINATION_WORDS.get(summary.termination, summary.termination.value),
        "winner_side": summary.winner,
        "winner_seat": summary.winner,
        "points": list(summary.points),
        "pips": list(summary.points),
        "hands": [[str(tile) for tile in hand] for hand in summary.hands],
        "scores": list(summary.scores),
        "scoring": f"each player adds the pips left in hand to their total{blank}; the lowest total wins",
        "text": text,
        "sheet": "pips",
        "points_of": "side",
    }


def _waiting_json(table: Table, obs: mt.Observation, viewer: int | None) -> list[dict[str, Any]]:
    """M6: the unsatisfied doubles, oldest first; the first must be covered by the player to move, now."""
    shown = []
    for index, (tile, where) in enumerate(obs.waiting_doubles):
        owner = _index(where, None)
        must = obs.to_move if index == 0 else None
        entry: dict[str, Any] = {"tile": str(tile), "train": train_key(owner), "owner": owner, "must_cover": must}
        if must is not None:
            who = table.name(must)
            entry["text"] = f"{who} must cover the {tile} on {train_words(table, owner)}"
        else:
            entry["text"] = f"the {tile} on {train_words(table, owner)} waits to be covered next"
        shown.append(entry)
    return shown


def _note(table: Table, obs: mt.Observation, waiting: list[dict[str, Any]]) -> str | None:
    """What the table must know about the turn now, in words: a double that must be covered, or a double
    just laid whose player plays again (M6), or a drawn tile to play or pass with (M5)."""
    if obs.deal_over is not None or obs.to_move is None:
        return None
    who = table.name(obs.to_move)
    if waiting:
        first = waiting[0]["text"]
        return f"{first[:1].upper()}{first[1:]}" + (f" (then {len(waiting) - 1} more)" if len(waiting) > 1 else "")
    if obs.plays_again and obs.laid_doubles:
        tile, where = obs.laid_doubles[-1]
        owner = _index(where, None)
        cover = ", and must cover it" if obs.rules.after_double == "cover" else ""
        return f"{who} laid the {tile} on {train_words(table, owner)} and {agree(who, 'plays', 'play')} again{cover}"
    if obs.in_run:
        return f"{who} {agree(who, 'is', 'are')} laying a first-turn run on {possessive(who)} own train"
    if obs.drew:
        return f"{who} drew: the tile drawn is played if it fits, else a pass and a marker"
    return None


def parts(table: Table, observation: Observation, viewer: int | None, bonus_of: BonusOf | None) -> Parts:
    """The Mexican Train parts of a view (plays earn no bonus: ``bonus_of`` is unused)."""
    if not isinstance(observation, mt.Observation):
        raise TypeError(f"not an observation of Mexican Train: {observation!r}")
    obs = observation
    legal = obs.legal_moves if viewer is not None and obs.to_move == viewer else ()
    mover = obs.to_move if obs.to_move is not None else 0
    by_tile: dict[mt.Tile, list[str]] = {}
    for move in legal:
        if move.tile is not None:
            by_tile.setdefault(move.tile, []).append(str(move))
    your_tiles = []
    if viewer is not None:
        drawn = obs.drawn
        for tile in obs.hand:
            your_tiles.append(
                {
                    "tile": str(tile),
                    "ends": [tile.high, tile.low],
                    "pips": tile.pips,
                    "double": tile.is_double,
                    "drawn": tile == drawn,
                    "moves": by_tile.get(tile, []),
                }
            )
    waiting = _waiting_json(table, obs, viewer)
    waiting_owners = [entry["owner"] for entry in waiting]
    laid_owners = [_index(where, None) for _tile, where in obs.laid_doubles]
    rules = obs.rules
    board = {
        "engine": str(obs.engine),
        "engine_number": obs.engine.high,
        "round": obs.round_number,
        "rounds": rules.rounds,
        "heading": f"Round {obs.round_number} of {rules.rounds} \u00b7 engine {obs.engine}",
        "trains": [_train_json(table, train, viewer, waiting_owners, laid_owners) for train in obs.trains],
        "waiting": waiting,
        "laid": [
            {"tile": str(tile), "train": train_key(_index(where, None)), "owner": _index(where, None)}
            for tile, where in obs.laid_doubles
        ],
        "plays_again": obs.plays_again,
        "in_run": obs.in_run,
        "drew": obs.drew,
        "note": _note(table, obs, waiting),
    }
    names = tuple(info.name for info in table.seats)
    log = [_log_entry(names, event) for event in obs.events]
    runs = turn_runs((event.player, event) for event in obs.events)
    outcomes = list(obs.past_rounds) + ([obs.round_over] if obs.round_over is not None else [])
    return Parts(
        hand_number=obs.round_number,
        stock={"name": "boneyard", "count": obs.boneyard_size, "note": None},
        your_tiles=your_tiles,
        legal_moves=[_move_json(table, move, mover) for move in legal],
        board=board,
        log=log,
        statuses=statuses(table, viewer, obs.to_move, runs, _describe),
        summaries=[_summary(table, rules, summary) for summary in outcomes],
    )


def move_words(name: str, move: Move, deal: Deal) -> str:
    """A move in words; ``deal`` (just after the move) says whose turn it was for ``mine``."""
    if not isinstance(move, mt.Move):
        raise TypeError(f"not a move of Mexican Train: {move!r}")
    if move.is_play and move.train == mt.MINE:
        return move_in_words(name, move, f"{possessive(name)} own train")
    owner = None if move.train is None else _index(move.train, None)
    return move_in_words(name, move, _seat_train_words(owner))


def made_for(move: Move) -> str | None:
    """What the server did for a seat whose clock ran out, in the passive: "12-5 played on the Mexican Train"."""
    if not isinstance(move, mt.Move):
        raise TypeError(f"not a move of Mexican Train: {move!r}")
    if move.kind is mt.MoveKind.DRAW:
        return "a tile drawn"
    if move.kind is mt.MoveKind.PASS:
        return "passed"
    if move.train == mt.MINE:
        return f"{move.tile} played on their own train"
    return f"{move.tile} played on {_seat_train_words(_index(move.train or mt.MEXICAN, None))}"


def plain_reason(observation: Observation, move: Move, entry: dict[str, Any]) -> str:
    if entry["kind"] == "draw":
        return "no tile fits any train open to you: draw"
    if entry["kind"] == "pass":
        return "the tile drawn fits nowhere: pass, and your marker goes out"
    if not isinstance(move, mt.Move) or move.tile is None:
        raise TypeError(f"not a Mexican Train play: {move!r}")
    pips = move.tile.pips
    return f"sheds {pips} pip{'s' if pips != 1 else ''} from your hand"


def tile_sets() -> list[dict[str, Any]]:
    """The set goes with the preset (double-twelve, or double-nine in ``mexican-train-short``): nothing to choose."""
    return []
