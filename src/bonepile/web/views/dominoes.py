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
from bonepile.i18n import N_, _, current, n_, p_
from bonepile.web.views import (
    BonusOf,
    Face,
    Parts,
    Table,
    by_player,
    is_you,
    joined,
    shared,
    side_name,
    signed,
    statuses,
    turn_runs,
)

# Where a tile goes, as the sentences say it: "on the left", or an arm of the spinner, "north" (as the
# notation says): the messages of a play, of a move's label and of a move made for a seat out of time.
_PLAYED = {
    # TRANSLATORS: the log; {tile}: a domino ("6-4"); north/south: the arms of the spinner (the first double).
    dominoes.End.LEFT: (N_("You played {tile} on the left"), N_("{player} played {tile} on the left")),
    dominoes.End.RIGHT: (N_("You played {tile} on the right"), N_("{player} played {tile} on the right")),
    dominoes.End.NORTH: (N_("You played {tile} north"), N_("{player} played {tile} north")),
    dominoes.End.SOUTH: (N_("You played {tile} south"), N_("{player} played {tile} south")),
}
_LABELS = {
    # TRANSLATORS: a legal move on its button; {tile}: a domino ("6-4"); north/south: the spinner's arms.
    dominoes.End.LEFT: N_("{tile} on the left"),
    dominoes.End.RIGHT: N_("{tile} on the right"),
    dominoes.End.NORTH: N_("{tile} north"),
    dominoes.End.SOUTH: N_("{tile} south"),
}
_MADE = {
    # TRANSLATORS: what the server played for a player whose clock ran out; {tile}: a domino ("6-4").
    dominoes.End.LEFT: N_("{tile} played on the left"),
    dominoes.End.RIGHT: N_("{tile} played on the right"),
    dominoes.End.NORTH: N_("{tile} played on the north"),
    dominoes.End.SOUTH: N_("{tile} played on the south"),
}


def dominoes_words(name: str, move: dominoes.Move) -> str:
    """A Dominoes move in words, in the current language: "Ann played 6-4 on the right"."""
    if move.kind is dominoes.MoveKind.DRAW:
        return by_player(name, N_("You drew a tile"), N_("{player} drew a tile"))
    if move.kind is dominoes.MoveKind.PASS:
        return by_player(name, N_("You passed"), N_("{player} passed"))
    if move.end is None:
        # TRANSLATORS: the log; {tile}: the first domino of the hand ("6-6").
        return by_player(name, N_("You opened with {tile}"), N_("{player} opened with {tile}"), tile=str(move.tile))
    you, other = _PLAYED[move.end]
    return by_player(name, you, other, tile=str(move.tile))


def _dominoes_move(move: dominoes.Move, obs: dominoes.Observation | None = None) -> dict[str, Any]:
    """A legal move as JSON; where plays score (all-fives), with the count it leaves and the points it makes.

    The engine says both (``Observation.preview``): the client shows them and computes no count itself.
    """
    if move.kind is dominoes.MoveKind.DRAW:
        # TRANSLATORS: a legal move on its button.
        label = _("draw from the boneyard")
    elif move.kind is dominoes.MoveKind.PASS:
        # TRANSLATORS: a legal move on its button.
        label = p_("legal move", "pass")
    elif move.end is None:
        # TRANSLATORS: a legal move on its button; {tile}: the first domino of the hand.
        label = _("open with {tile}", tile=str(move.tile))
    else:
        label = _(_LABELS[move.end], tile=str(move.tile))
    points: int | None = None
    count: int | None = None
    if obs is not None and obs.rules.scores_during_play and move.is_play:
        preview = obs.preview(move)
        points, count = preview.points, preview.count
        if points:
            # TRANSLATORS: a legal move's button with what it scores ("6-4 on the left (+10)").
            label = _("{move} (+{points})", move=label, points=points)
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
        # TRANSLATORS: a seat's status under its name (whoever it is, you too): how many tiles it drew this turn.
        words.append(n_("drew {count}", "drew {count}", draws))
    for move in run:
        if move.kind is dominoes.MoveKind.PASS:
            # TRANSLATORS: a seat's status under its name (whoever it is, you too).
            words.append(p_("status", "passed"))
        elif move.is_play and move.end is None:
            # TRANSLATORS: a seat's status under its name (whoever it is, you too); {tile}: a domino.
            words.append(p_("status", "opened {tile}", tile=str(move.tile)))
        elif move.is_play:
            # TRANSLATORS: a seat's status under its name (whoever it is, you too); {tile}: a domino.
            words.append(p_("status", "played {tile}", tile=str(move.tile)))
    # TRANSLATORS: joins the parts of a seat's status ("drew 2, played 5-4").
    return joined(words, N_("{first}, {second}"))


_DOMINOES_SCORING = {
    # TRANSLATORS: how a hand of Dominoes is scored, under its summary.
    "opponents_minus_own": N_("the winner scores the others' pips minus their own"),
    "opponents": N_("the winner scores the others' pips"),
    "all": N_("the winning side scores every pip left"),
    "all_fives": N_("counts of five during play; the side out scores the others' pips to the nearest five"),
}


def _dominoes_summary(
    table: Table, rules: dominoes.Rules, number: int, outcome: dominoes.HandOutcome
) -> dict[str, Any]:
    if outcome.winner is None:
        # TRANSLATORS: a hand's summary.
        text = _("Blocked with a tie: nobody scores")
    else:
        who, several = side_name(table, rules, outcome.winner)
        points = outcome.points[outcome.winner]
        if outcome.termination is dominoes.Termination.TARGET_REACHED:
            assert outcome.winning_player is not None
            scorer = table.name(outcome.winning_player)
            if several and is_you(scorer):
                # TRANSLATORS: a hand's summary (all-fives: the count scored during play); {players}: the team.
                text = _("Your count reached the target: {players} win", players=who)
            elif several:
                # TRANSLATORS: a hand's summary; {player}: who scored it; {players}: their team ("Ann & Cy").
                text = _("{player}'s count reached the target: {players} win", player=scorer, players=who)
            else:
                # TRANSLATORS: a hand's summary (all-fives: the count scored during play).
                text = by_player(
                    scorer,
                    N_("Your count reached the target: You win"),
                    N_("{player}'s count reached the target: {player} wins"),
                )
        elif outcome.termination is dominoes.Termination.DOMINO:
            assert outcome.winning_player is not None
            went_out = table.name(outcome.winning_player)
            if several:
                # TRANSLATORS: a hand's summary; dominoed: played their last tile; {players}: their team.
                text = by_player(
                    went_out,
                    N_("You dominoed: {players} score {points}"),
                    N_("{player} dominoed: {players} score {points}"),
                    players=who,
                    points=points,
                )
            else:
                # TRANSLATORS: a hand's summary; dominoed: played their last tile.
                text = by_player(
                    went_out,
                    N_("You dominoed and score {points}"),
                    N_("{player} dominoed and scores {points}"),
                    points=points,
                )
        elif several:
            # TRANSLATORS: a hand's summary; {players}: the team with the fewest pips left in hand.
            text = _("Blocked: {players} have the fewest pips and score {points}", players=who, points=points)
        else:
            # TRANSLATORS: a hand's summary: nobody could play; the fewest pips left in hand win it.
            text = by_player(
                who,
                N_("Blocked: You have the fewest pips and score {points}"),
                N_("Blocked: {player} has the fewest pips and scores {points}"),
                points=points,
            )
    return {
        "number": number,
        "termination": outcome.termination.value,
        "winner_side": outcome.winner,
        "winner_seat": outcome.winning_player,
        "points": list(outcome.points),
        "pips": list(outcome.pips),
        "hands": [[str(tile) for tile in hand] for hand in outcome.hands],
        "scoring": _(_DOMINOES_SCORING[rules.hand_score]) if rules.hand_score in _DOMINOES_SCORING else "",
        "text": text,
        "sheet": "pips",
        "points_of": "side",
    }


@functools.lru_cache(maxsize=65536)
def _dominoes_log_entry(name: str, event: dominoes.Event, scoring: bool, language: str) -> dict[str, Any]:
    """One public event of the hand as a log entry, made once for each language (see ``_triominoes_log_entry``;
    ``language``: the current one, which the text is in).

    Where plays score (all-fives), a play says the count it left and what it scored:
    "Ann played 5-3 north: count 15, +15"; ``points`` and ``count`` carry the same as numbers.
    """
    move = event.move
    text = dominoes_words(name, move)
    if scoring and move.is_play and event.points:
        # TRANSLATORS: the log in all-fives; {said}: the play ("Ann played 5-3 north"); {count}: the sum of the
        # open ends after it; {points}: what it scored.
        text = _("{said}: count {count}, +{points}", said=text, count=event.count, points=event.points)
    elif scoring and move.is_play:
        # TRANSLATORS: the log in all-fives; {said}: the play ("Ann played 5-3 north"); {count}: the sum of the
        # open ends after it.
        text = _("{said}: count {count}", said=text, count=event.count)
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
    """Why tiles left in the boneyard cannot be drawn, when they cannot (the engine says why: D4)."""
    left = obs.boneyard_size
    locked = obs.stock_locked
    if locked is None:
        return None
    if locked == "reserve":
        # TRANSLATORS: a note under the boneyard; the reserve: its last tiles, which this game never lets anyone draw.
        return n_(
            "the last tile in the boneyard is the reserve, never drawn",
            "the {count} tiles left in the boneyard are the reserve, never drawn",
            left,
        )
    # TRANSLATORS: a note under the boneyard, in a game without drawing.
    return n_(
        "the last tile in the boneyard is never drawn in this game",
        "the {count} tiles left in the boneyard are never drawn in this game",
        left,
    )


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
            your_tiles.append({**_tile_json(tile), "moves": by_tile.get(tile, [])})
    # What every seat's view of this state shares is made once for them all (``shared``): the log, the turns
    # and the board, made from the hand's events; the hands' summaries, from their outcomes (each the match's
    # own object, every view alike, so the summaries of the hands before are made once a game).
    language = current()
    names = tuple(info.name for info in table.seats)
    log, runs, board = shared(
        "dominoes public parts", (names, scoring, language), (obs.events,), lambda: _public_parts(table, obs, scoring)
    )
    ended = (*obs.past_hands, obs.hand_over)
    summaries = shared(
        "dominoes summaries",
        (names, language),
        ended,
        lambda: [
            _dominoes_summary(table, obs.rules, n, outcome) for n, outcome in enumerate(filter(None, ended), start=1)
        ],
    )
    return Parts(
        hand_number=obs.hand_number,
        stock={"name": "boneyard", "count": obs.boneyard_size, "note": _boneyard_note(obs)},
        your_tiles=your_tiles,
        legal_moves=[_dominoes_move(move, obs) for move in legal],
        board=board,
        log=log,
        statuses=statuses(table, viewer, obs.to_move, runs, _dominoes_describe),
        summaries=summaries,
    )


_Turns = dict[int, tuple[list[dominoes.Move], bool]]
"""Each player's latest turn (``turn_runs``)."""


def _public_parts(
    table: Table, obs: dominoes.Observation, scoring: bool
) -> tuple[list[dict[str, Any]], _Turns, dict[str, Any]]:
    """The parts of a view made from the hand's events, the same for every seat: the log, each player's
    latest turn and the board."""
    events = obs.events
    language = current()
    log = [_dominoes_log_entry(table.name(event.player), event, scoring, language) for event in events]
    return log, turn_runs((event.player, event.move) for event in events), _dominoes_board(obs, scoring)


@functools.lru_cache(maxsize=512)
def _tile_json(tile: dominoes.Tile) -> dict[str, Any]:
    """A tile of a hand as the view shows it, but for its moves (made once a tile; never changed after)."""
    return {"tile": str(tile), "ends": [tile.high, tile.low], "pips": tile.pips, "double": tile.is_double}


@functools.lru_cache(maxsize=1024)
def _line_tile(left: int, right: int) -> dict[str, Any]:
    """A tile of the line as the board shows it, its halves as laid (made once; never changed after)."""
    return {"tile": str(dominoes.Tile(left, right)), "left": left, "right": right, "double": left == right}


def _dominoes_board(obs: dominoes.Observation, scoring: bool) -> dict[str, Any]:
    """The board as the view shows it: public, the same for every seat."""
    line = [_line_tile(left, right) for left, right in obs.line]
    return {
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


def move_words(name: str, move: Move, deal: Deal) -> str:
    if not isinstance(move, dominoes.Move):
        raise TypeError(f"not a move of Dominoes: {move!r}")
    return dominoes_words(name, move)


def made_for(move: Move) -> str | None:
    """What the server did for a seat whose clock ran out, in the passive: "6-4 played on the right"."""
    if not isinstance(move, dominoes.Move):
        raise TypeError(f"not a move of Dominoes: {move!r}")
    if move.kind is dominoes.MoveKind.DRAW:
        # TRANSLATORS: what the server did for a player whose clock ran out.
        return _("a tile drawn")
    if move.kind is dominoes.MoveKind.PASS:
        # TRANSLATORS: what the server did for a player whose clock ran out.
        return p_("made for a player", "passed")
    if move.end is None:
        # TRANSLATORS: what the server played for a player whose clock ran out; {tile}: a domino ("6-6").
        return _("{tile} played to open", tile=str(move.tile))
    return _(_MADE[move.end], tile=str(move.tile))


def plain_reason(observation: Observation, move: Move, entry: dict[str, Any]) -> str:
    points = entry.get("points")
    if entry["kind"] == "draw":
        only = len(observation.legal_moves) == 1
        if only and points:
            # TRANSLATORS: a hint's reason; {points}: what the draw costs, signed ("minus 5").
            return _("no tile fits: draw ({points})", points=signed(points))
        if only:
            return _("no tile fits: draw")
        if points:
            # TRANSLATORS: a hint's reason; {points}: what buying costs, signed ("minus 5").
            return _("buy a tile rather than place one ({points})", points=signed(points))
        return _("buy a tile rather than place one")
    if entry["kind"] == "pass":
        if points:
            # TRANSLATORS: a hint's reason; {points}: what passing costs, signed ("minus 10").
            return _("nothing fits and you may not draw: pass ({points})", points=signed(points))
        return _("nothing fits and you may not draw: pass")
    if not isinstance(move, dominoes.Move) or move.tile is None:
        raise TypeError(f"not a Dominoes play: {move!r}")
    return sheds_words(move.tile.pips)


OFFERED_SETS = ("double-six", "double-nine", "double-twelve")
"""The sets the start page offers: the ones people own (the engine also deals smaller ones, for analysis)."""

_SET_NAMES = {
    # TRANSLATORS: a set of dominoes, by its highest double (its name in the rules options stays "double-six").
    "double-six": N_("double-six"),
    "double-nine": N_("double-nine"),
    "double-twelve": N_("double-twelve"),
}


def tile_sets() -> list[dict[str, Any]]:
    """The sets of tiles the table offers (double-six, -nine, -twelve), the default first.

    Each is asked of the engine (its tile count, and whether it deals it at all), so that the start page
    offers only what the rules accept (option ``set``).
    """
    offered = []
    for name in OFFERED_SETS:
        try:
            tiles = dominoes.Rules(set=name).num_tiles
        except BonepileError:
            continue
        # TRANSLATORS: a set of dominoes offered on the start page ("double-six (28 tiles)").
        label = n_("{name} ({count} tile)", "{name} ({count} tiles)", tiles, name=_(_SET_NAMES.get(name, name)))
        offered.append({"name": name, "tiles": tiles, "label": label})
    default = dominoes.Rules().set
    return sorted(offered, key=lambda entry: entry["name"] != default)


FACE = Face(layout="line", tile="domino", art=("6-4", "3-3"))


def face() -> Face:
    """The page draws a line of play of dominoes; the highest score wins."""
    return FACE
