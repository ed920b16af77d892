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
from bonepile.i18n import N_, _, current, n_, p_
from bonepile.web.views import BonusOf, Face, Parts, Table, by_player, is_you, joined, shared, statuses, turn_runs

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


def train_kind(names: Sequence[str], owner: int | None) -> tuple[str, dict[str, object]]:
    """Which of a sentence's messages names the train (``"mexican"``, ``"yours"``: the train of a player
    called "You", ``"theirs"``), and the ``{owner}`` value those need: every sentence that names a train
    is written out for each, so that no train's words are put into another sentence."""
    if owner is None:
        return "mexican", {}
    name = names[owner]
    return ("yours", {}) if is_you(name) else ("theirs", {"owner": name})


def _say(name: str, messages: dict[str, tuple[str, str]], kind: str, **values: object) -> str:
    """The sentence of ``messages[kind]`` (you, third person) about the player called ``name``."""
    you, other = messages[kind]
    return by_player(name, you, other, **values)


_PLAYED = {
    # TRANSLATORS: the log; {tile}: a domino ("12-5"); {owner}: whose train.
    "mexican": (N_("You played {tile} on the Mexican Train"), N_("{player} played {tile} on the Mexican Train")),
    "yours": (N_("You played {tile} on your train"), N_("{player} played {tile} on your train")),
    "theirs": (N_("You played {tile} on {owner}'s train"), N_("{player} played {tile} on {owner}'s train")),
}
_PLAYED_DRAWN = {
    # TRANSLATORS: the log: the tile drawn was played at once; {tile}: a domino ("12-5"); {owner}: whose train.
    "mexican": (
        N_("You played the tile drawn, {tile}, on the Mexican Train"),
        N_("{player} played the tile drawn, {tile}, on the Mexican Train"),
    ),
    "yours": (
        N_("You played the tile drawn, {tile}, on your train"),
        N_("{player} played the tile drawn, {tile}, on your train"),
    ),
    "theirs": (
        N_("You played the tile drawn, {tile}, on {owner}'s train"),
        N_("{player} played the tile drawn, {tile}, on {owner}'s train"),
    ),
}
_MUST_COVER = {
    # TRANSLATORS: a note over the trains; {tile}: a double that waits to be covered; {owner}: whose train.
    "mexican": (
        N_("You must cover the {tile} on the Mexican Train"),
        N_("{player} must cover the {tile} on the Mexican Train"),
    ),
    "yours": (N_("You must cover the {tile} on your train"), N_("{player} must cover the {tile} on your train")),
    "theirs": (
        N_("You must cover the {tile} on {owner}'s train"),
        N_("{player} must cover the {tile} on {owner}'s train"),
    ),
}
_WAITS = {
    # TRANSLATORS: a double that waits to be covered after the first one; {owner}: whose train.
    "mexican": N_("the {tile} on the Mexican Train waits to be covered next"),
    "yours": N_("the {tile} on your train waits to be covered next"),
    "theirs": N_("the {tile} on {owner}'s train waits to be covered next"),
}
_LAID = {
    # TRANSLATORS: a note over the trains: a double was just laid; {tile}: the double; {owner}: whose train.
    "mexican": (
        N_("You laid the {tile} on the Mexican Train and play again"),
        N_("{player} laid the {tile} on the Mexican Train and plays again"),
    ),
    "yours": (
        N_("You laid the {tile} on your train and play again"),
        N_("{player} laid the {tile} on your train and plays again"),
    ),
    "theirs": (
        N_("You laid the {tile} on {owner}'s train and play again"),
        N_("{player} laid the {tile} on {owner}'s train and plays again"),
    ),
}
_LAID_COVER = {
    # TRANSLATORS: a note over the trains: a double was just laid and must be covered by its player.
    "mexican": (
        N_("You laid the {tile} on the Mexican Train and play again, and must cover it"),
        N_("{player} laid the {tile} on the Mexican Train and plays again, and must cover it"),
    ),
    "yours": (
        N_("You laid the {tile} on your train and play again, and must cover it"),
        N_("{player} laid the {tile} on your train and plays again, and must cover it"),
    ),
    "theirs": (
        N_("You laid the {tile} on {owner}'s train and play again, and must cover it"),
        N_("{player} laid the {tile} on {owner}'s train and plays again, and must cover it"),
    ),
}
_LABELS = {
    # TRANSLATORS: a legal move on its button; {tile}: a domino ("12-5"); {owner}: whose train.
    "mexican": N_("{tile} on the Mexican Train"),
    "yours": N_("{tile} on your train"),
    "theirs": N_("{tile} on {owner}'s train"),
}


def _tile_json(near: int, far: int) -> dict[str, Any]:
    tile = mt.Tile(near, far)
    return {"tile": str(tile), "near": near, "far": far, "double": near == far}


def _train_json(
    table: Table, train: mt.TrainView, viewer: int | None, waiting: Sequence[int | None], laid: Sequence[int | None]
) -> dict[str, Any]:
    owner = train.owner
    if owner is None:
        # TRANSLATORS: the label of the shared train.
        label = _("Mexican Train")
    elif owner == viewer or is_you(table.name(owner)):
        # TRANSLATORS: the label of your own train.
        label = _("Your train")
    else:
        # TRANSLATORS: the label of a player's train.
        label = _("{player}'s train", player=table.name(owner))
    # TRANSLATORS: the shared train's short label, beside the hub.
    mexican = p_("short label", "Mexican")
    short = mexican if owner is None else _("You") if owner == viewer else table.name(owner)
    return {
        "name": train_key(owner),
        "owner": owner,
        "mexican": owner is None,
        "yours": owner is not None and owner == viewer,
        "label": label[:1].upper() + label[1:],
        "short": short,
        "tiles": [_tile_json(near, far) for near, far in train.tiles],
        "open_end": train.open_end,
        "marked": train.marked,
        "open": train.is_open,
        "waiting": waiting.index(owner) + 1 if owner in waiting else None,
        "laid": owner in laid,
    }


def _move_json(table: Table, move: mt.Move, mover: int, in_run: bool) -> dict[str, Any]:
    """A legal move; ``button`` is the words of its own button where the page's usual ones ("Pass") would
    mislead: the pass that ends a first-turn run puts out no marker (M5)."""
    if move.kind is mt.MoveKind.DRAW:
        return {
            "text": str(move),
            "kind": "draw",
            "tile": None,
            "train": None,
            "owner": None,
            "label": _("draw from the boneyard"),
            "button": None,
        }
    if move.kind is mt.MoveKind.PASS:
        if in_run:
            # TRANSLATORS: a legal move: a first-turn run of tiles on one's own train stops here (no marker).
            label = _("end the run here, with no marker")
            # TRANSLATORS: the button that ends a first-turn run of tiles on one's own train.
            button: str | None = _("End the run")
        else:
            # TRANSLATORS: a legal move on its button.
            label, button = _("pass and put out your marker"), None
        return {
            "text": str(move),
            "kind": "pass",
            "tile": None,
            "train": None,
            "owner": None,
            "label": label,
            "button": button,
        }
    assert move.train is not None
    owner = _index(move.train, mover)
    kind, values = train_kind([info.name for info in table.seats], owner)
    return {
        "text": str(move),
        "kind": "play",
        "tile": str(move.tile),
        "train": train_key(owner),
        "owner": owner,
        "label": _(_LABELS[kind], tile=str(move.tile), **values),
        "button": None,
    }


def _drew_or_passed(name: str, move: mt.Move) -> str:
    if move.kind is mt.MoveKind.DRAW:
        return by_player(name, N_("You drew a tile"), N_("{player} drew a tile"))
    return by_player(name, N_("You passed"), N_("{player} passed"))


@functools.lru_cache(maxsize=65536)
def _log_entry(table_names: tuple[str, ...], event: mt.Event, language: str) -> dict[str, Any]:
    """One public event of the round as a log entry, made once for each language (events are frozen and
    public; ``language``: the current one, which the text is in)."""
    name = table_names[event.player]
    move = event.move
    owner = None if event.train is None else _index(event.train, event.player)
    if move.is_play:
        kind, values = train_kind(table_names, owner)
        messages = _PLAYED_DRAWN if event.from_draw else _PLAYED
        text = _say(name, messages, kind, tile=str(move.tile), **values)
        if event.covered:
            # TRANSLATORS: the log; {said}: the play ("Ann played 6-2 on Bob's train"), which covered a double.
            text = _("{said}, covering the double", said=text)
        if event.marker_off:
            # TRANSLATORS: the log; {said}: the play, after which its player's marker came off their train.
            text = _("{said}: marker off", said=text)
    elif event.ended_run:
        # TRANSLATORS: the log: a player stopped laying tiles on their own train on their first turn (no marker).
        text = by_player(name, N_("You ended your first-turn run"), N_("{player} ended the first-turn run"))
    elif event.marker_out and move.kind is mt.MoveKind.DRAW:
        # TRANSLATORS: the log; a marker: the sign on a player's train that anyone may play on it.
        text = by_player(
            name, N_("You drew a tile and put out your marker"), N_("{player} drew a tile and put out a marker")
        )
    elif event.marker_out:
        # TRANSLATORS: the log; a marker: the sign on a player's train that anyone may play on it.
        text = by_player(name, N_("You passed and put out your marker"), N_("{player} passed and put out a marker"))
    else:
        text = _drew_or_passed(name, move)
    return {
        "seat": event.player,
        "kind": move.kind.value,
        "move": str(move) if move.is_play else None,
        "tile": None if move.tile is None else str(move.tile),
        "train": None if not move.is_play else train_key(owner),
        "covered": event.covered,
        "marker_out": event.marker_out,
        "marker_off": event.marker_off,
        "ended_run": event.ended_run,
        "points": None,
        "items": [],
        "text": text,
    }


def _describe(run: Sequence[mt.Event]) -> str:
    """A turn in a few words for a status: "played 12-5", "drew, passed (marker out)", "played 6-6, 6-2"."""
    words = []
    draws = sum(1 for event in run if event.move.kind is mt.MoveKind.DRAW)
    if draws == 1:
        # TRANSLATORS: a seat's status under its name (whoever it is, you too): it drew a tile.
        words.append(p_("status", "drew"))
    elif draws:
        words.append(n_("drew {count}", "drew {count}", draws))
    plays = [str(event.move.tile) for event in run if event.move.is_play]
    if plays:
        tiles = joined(plays, N_("{first}, {second}"))
        # TRANSLATORS: a seat's status (whoever it is, you too); {tiles}: the tiles it played ("6-6, 6-2").
        words.append(p_("status", "played {tiles}", tiles=tiles))
    if any(event.move.kind is mt.MoveKind.PASS for event in run):
        if any(event.ended_run for event in run):
            # TRANSLATORS: a seat's status (whoever it is, you too): it stopped its first-turn run of tiles.
            words.append(p_("status", "ended the run"))
        elif any(event.marker_out for event in run):
            # TRANSLATORS: a seat's status (whoever it is, you too): it passed and put out its marker.
            words.append(p_("status", "passed (marker out)"))
        else:
            words.append(p_("status", "passed"))
    return joined(words, N_("{first}, {second}"))


_TERMINATION_WORDS = {mt.Termination.WENT_OUT: "went out", mt.Termination.BLOCKED: "blocked"}


def _summary(table: Table, rules: mt.Rules, summary: mt.RoundSummary) -> dict[str, Any]:
    if summary.winner is None:
        # TRANSLATORS: a round's summary.
        text = _("Blocked: nobody went out")
    else:
        text = by_player(table.name(summary.winner), N_("You went out"), N_("{player} went out"))
    if rules.double_blank:
        # TRANSLATORS: how a round is scored, under its summary; {points}: what a 0-0 left in hand counts.
        scoring = _(
            "each player adds the pips left in hand to their total; a 0-0 left in hand counts {points}; "
            "the lowest total wins",
            points=rules.double_blank,
        )
    else:
        # TRANSLATORS: how a round is scored, under its summary.
        scoring = _("each player adds the pips left in hand to their total; the lowest total wins")
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
        "scoring": scoring,
        "text": text,
        "sheet": "pips",
        "points_of": "side",
    }


def _waiting_json(table: Table, obs: mt.Observation, viewer: int | None) -> list[dict[str, Any]]:
    """M6: the unsatisfied doubles, oldest first; the first must be covered by the player to move, now."""
    shown = []
    names = [info.name for info in table.seats]
    for index, (tile, where) in enumerate(obs.waiting_doubles):
        owner = _index(where, None)
        must = obs.to_move if index == 0 else None
        entry: dict[str, Any] = {"tile": str(tile), "train": train_key(owner), "owner": owner, "must_cover": must}
        kind, values = train_kind(names, owner)
        if must is not None:
            entry["text"] = _say(table.name(must), _MUST_COVER, kind, tile=str(tile), **values)
        else:
            entry["text"] = _(_WAITS[kind], tile=str(tile), **values)
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
        first = f"{first[:1].upper()}{first[1:]}"
        if len(waiting) > 1:
            # TRANSLATORS: a note over the trains; {note}: the first double to cover; {count}: how many more wait.
            return n_("{note} (then {count} more)", "{note} (then {count} more)", len(waiting) - 1, note=first)
        return first
    if obs.plays_again and obs.laid_doubles:
        tile, where = obs.laid_doubles[-1]
        kind, values = train_kind([info.name for info in table.seats], _index(where, None))
        messages = _LAID_COVER if obs.rules.after_double == "cover" else _LAID
        return _say(who, messages, kind, tile=str(tile), **values)
    if obs.in_run:
        # TRANSLATORS: a note over the trains: on their first turn a player may lay a run of tiles on their train.
        return by_player(
            who,
            N_("You are laying a first-turn run on your own train: play another tile on it, or end the run"),
            N_("{player} is laying a first-turn run on {player}'s own train"),
        )
    if obs.drew:
        # TRANSLATORS: a note over the trains; a marker: the sign on a player's train that anyone may play on it.
        return by_player(
            who,
            N_("You drew: the tile drawn is played if it fits, else a pass and a marker"),
            N_("{player} drew: the tile drawn is played if it fits, else a pass and a marker"),
        )
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
        # TRANSLATORS: the heading over the trains; the engine: the round's double, in the hub.
        "heading": _(
            "Round {number} of {rounds} \u00b7 engine {engine}",
            number=obs.round_number,
            rounds=rules.rounds,
            engine=str(obs.engine),
        ),
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
    language = current()
    # What every seat's view of this state shares is made once for them all (``shared``). Each seat's
    # observation has its own tuple of the (public) events: they are compared by value.
    events = obs.events
    log = shared(
        "mexican train log", (names, language, events), (), lambda: [_log_entry(names, e, language) for e in events]
    )
    runs = shared("mexican train turns", events, (), lambda: turn_runs((event.player, event) for event in events))
    ended = (*obs.past_rounds, obs.round_over)
    summaries = shared(
        "mexican train summaries",
        (names, language),
        ended,  # each outcome is the match's own object, every view alike
        lambda: [_summary(table, rules, summary) for summary in ended if summary is not None],
    )
    return Parts(
        hand_number=obs.round_number,
        stock={"name": "boneyard", "count": obs.boneyard_size, "note": None},
        your_tiles=your_tiles,
        legal_moves=[_move_json(table, move, mover, obs.in_run) for move in legal],
        board=board,
        log=log,
        statuses=statuses(table, viewer, obs.to_move, runs, _describe),
        summaries=summaries,
    )


def move_words(name: str, move: Move, deal: Deal) -> str:
    """A move in words; ``deal`` (just after the move) says whose turn it was for ``mine``."""
    if not isinstance(move, mt.Move):
        raise TypeError(f"not a move of Mexican Train: {move!r}")
    if not move.is_play:
        if isinstance(deal, mt.Round) and deal.events and deal.events[-1].ended_run:
            return by_player(name, N_("You ended your first-turn run"), N_("{player} ended the first-turn run"))
        return _drew_or_passed(name, move)
    tile = str(move.tile)
    if move.train == mt.MINE:
        # TRANSLATORS: the last move; {tile}: a domino ("12-5").
        return by_player(
            name,
            N_("You played {tile} on your own train"),
            N_("{player} played {tile} on {player}'s own train"),
            tile=tile,
        )
    owner = None if move.train is None else _index(move.train, None)
    if owner is None:
        return _say(name, _PLAYED, "mexican", tile=tile)
    # TRANSLATORS: the last move, where the names are not at hand; {number}: the train's seat, from 1.
    return by_player(
        name,
        N_("You played {tile} on player {number}'s train"),
        N_("{player} played {tile} on player {number}'s train"),
        tile=tile,
        number=owner + 1,
    )


def made_for(move: Move) -> str | None:
    """What the server did for a seat whose clock ran out, in the passive: "12-5 played on the Mexican Train"."""
    if not isinstance(move, mt.Move):
        raise TypeError(f"not a move of Mexican Train: {move!r}")
    if move.kind is mt.MoveKind.DRAW:
        return _("a tile drawn")
    if move.kind is mt.MoveKind.PASS:
        return p_("made for a player", "passed")
    tile = str(move.tile)
    if move.train == mt.MINE:
        # TRANSLATORS: what the server played for a player whose clock ran out, on that player's own train.
        return _("{tile} played on their own train", tile=tile)
    owner = _index(move.train or mt.MEXICAN, None)
    if owner is None:
        # TRANSLATORS: what the server played for a player whose clock ran out.
        return _("{tile} played on the Mexican Train", tile=tile)
    # TRANSLATORS: what the server played for a player whose clock ran out; {number}: the train's seat, from 1.
    return _("{tile} played on player {number}'s train", tile=tile, number=owner + 1)


def plain_reason(observation: Observation, move: Move, entry: dict[str, Any]) -> str:
    if entry["kind"] == "draw":
        # TRANSLATORS: a hint's reason.
        return _("no tile fits any train open to you: draw")
    if entry["kind"] == "pass" and isinstance(observation, mt.Observation) and observation.in_run:
        # TRANSLATORS: a hint's reason: stop a first-turn run of tiles on one's own train here.
        return _("end the run here: the tiles left wait for later turns")
    if entry["kind"] == "pass":
        # TRANSLATORS: a hint's reason; a marker: the sign on a player's train that anyone may play on it.
        return _("the tile drawn fits nowhere: pass, and your marker goes out")
    if not isinstance(move, mt.Move) or move.tile is None:
        raise TypeError(f"not a Mexican Train play: {move!r}")
    # TRANSLATORS: a hint's reason: the pips of the tile played leave the hand (they would count against you).
    return n_("sheds {count} pip from your hand", "sheds {count} pips from your hand", move.tile.pips)


def tile_sets() -> list[dict[str, Any]]:
    """The set goes with the preset (double-twelve, or double-nine in ``mexican-train-short``): nothing to choose."""
    return []
