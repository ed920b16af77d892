"""The Mexican Train encoding: actions tile x train, draw, pass; observations of what one player may know.

Trains are counted from the player they are seen by: train 0 is that
player's own, train r (1 to P - 1) the personal train of the seat r places to
their left (seat ``(player + r) % P``), train P the Mexican Train: T = P + 1
trains. For a set of N tiles (91 for double-twelve, 55 for double-nine; the
tiles' indices are the Dominoes engine's, ``Tile.index``), K = max pips + 1
numbers and P players:

* **Actions: N x T + 2.** Tile ``t`` played on train ``r`` (counted from the
  player to move) is ``t * T + r``; ``N * T`` is draw, ``N * T + 1`` pass. A
  tile goes onto a train one way only (M10), so tile and train name the move.
  457 actions for double-twelve at four players, 821 at eight.
* **Observation**: a float32 vector of blocks, every per-player and per-train
  block counted from the observer (the observer's own first), so one policy
  reads the same in every seat:

=============  =========  =====================================================
block          size       meaning
=============  =========  =====================================================
hand           N          1 for each tile the observer holds
drawn          N          the tile the observer has just drawn (to play or pass)
train_tiles    T x N      1 for each tile on each train
played_by      P x N      who played each tile on the trains
open_end       T x K      one-hot number each train's next tile must match
train_length   T          tiles on each train
marked         P          1 where a personal train carries its owner's marker
waiting        T x T      row: a train; column: its place among the unsatisfied
                          doubles (M6; column 0: the one to cover now)
laid           T          a double laid this turn by the player to move, not
                          covered yet
engine         K          one-hot number of the round's engine (M2)
tile_counts    P          tiles each player holds
boneyard       1          tiles in the boneyard
to_move        P          one-hot player to move (zeros once the round is over)
first          P          one-hot player who played first this round (M3)
turn           3          the player to move plays again after a double, is in a
                          first-turn run, has drawn and must play it or pass
draws          P          draws each player made this round
passes         P          passes each player made this round
round          1          which round this is (1 for the highest engine)
scores         P          each player's total before this round (lower wins)
round_over     1          1 once the round has ended
=============  =========  =====================================================

Nothing in it comes from anywhere but the engine's ``Observation``; what a
draw brought stays with the drawer (``drawn``, and the drawer's own event rows).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from bonepile.encoding import GameSpec, Vector, allows, relative
from bonepile.encoding._layout import Layout
from bonepile.mexican_train import (
    DRAW,
    MEXICAN,
    MINE,
    PASS,
    Event,
    Game,
    Move,
    MoveKind,
    Observation,
    Rules,
    Tile,
    tiles_of_set,
)

_KINDS = (MoveKind.PLAY, MoveKind.DRAW, MoveKind.PASS)
_FLAGS = 4
"""An event's notes: it covered a double, it was the tile just drawn, the marker went out, the marker came off."""


class MexicanTrainEncoding:
    """Action ids and observation vectors for one set of Mexican Train rules (see the module docstring)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.tiles: tuple[Tile, ...] = tiles_of_set(rules.max_pips)
        n = self.num_tiles = len(self.tiles)
        k = self.numbers = rules.max_pips + 1
        p = self.players = rules.players
        t = self.num_trains = p + 1
        self.draw_action = n * t
        self.pass_action = n * t + 1
        self.num_actions = n * t + 2
        in_play = n - 1  # the engine is out of the set (M2)
        drawable = max(0, in_play - p * rules.hand_size)
        # Plays: every tile in play at most once. Passes: one after each draw that did not fit, one ending each
        # player's first-turn run, and with the boneyard empty, after each play at most one by the player who
        # laid a double and could not follow it, then P in a row at most (the P-th blocks the round, M7), and P
        # before the first play.
        self.max_events = in_play + drawable + (drawable + p) + (p + 1) * in_play + p
        total_pips = sum(tile.pips for tile in self.tiles) + rules.double_blank
        layout = self.layout = Layout()
        layout.add("hand", n, 0, 1)
        layout.add("drawn", n, 0, 1)
        layout.add("train_tiles", t * n, 0, 1)
        layout.add("played_by", p * n, 0, 1)
        layout.add("open_end", t * k, 0, 1)
        layout.add("train_length", t, 0, n)
        layout.add("marked", p, 0, 1)
        layout.add("waiting", t * t, 0, 1)
        layout.add("laid", t, 0, 1)
        layout.add("engine", k, 0, 1)
        layout.add("tile_counts", p, 0, n)
        layout.add("boneyard", 1, 0, n)
        layout.add("to_move", p, 0, 1)
        layout.add("first", p, 0, 1)
        layout.add("turn", 3, 0, 1)
        layout.add("draws", p, 0, n)
        layout.add("passes", p, 0, self.max_events)
        layout.add("round", 1, 0, rules.rounds)
        layout.add("scores", p, 0, rules.rounds * total_pips)
        layout.add("round_over", 1, 0, 1)
        self.observation_size = layout.size
        self.observation_low, self.observation_high = layout.bounds()
        self.event_size = p + len(_KINDS) + n + t + _FLAGS + n
        self._at = {name: block.start for name, block in layout.blocks.items()}
        self._ids: dict[tuple[Move, int], int] = {}
        self._moves: dict[tuple[int, int], Move] = {}
        self._memo: dict[int, tuple[tuple[Event, ...], Vector]] = {}
        """Per observer: the events last encoded and the blocks they filled (``_events_part``; never changed)."""
        self._legal_of: dict[tuple[tuple[Move, ...], int], dict[int, Move]] = {}
        at = self._at
        self._at_seat = tuple(tuple(relative(seat, me, p) for seat in range(p)) for me in range(p))
        """Per observer: each seat counted from the observer."""
        self._row_of = tuple((*(relative(seat, me, p) for seat in range(p)), p) for me in range(p))
        """Per observer: the row of each train by its index in ``Round.open_ends`` (seats, then the Mexican)."""
        self._open_end_at = tuple(tuple(at["open_end"] + row * k for row in rows) for rows in self._row_of)

    # ------------------------------------------------------------- actions

    def train_of(self, train: object, player: int) -> int:
        """The train's number counted from ``player``: a move's (``mine``, ``mexican``, a seat) or an event's."""
        if train == MINE:
            return 0
        if train == MEXICAN:
            return self.players
        assert isinstance(train, int)
        return relative(train, player, self.players)

    def action_of(self, move: Move, mover: int) -> int:
        """The id of ``move`` made by seat ``mover``."""
        key = (move, mover)
        action = self._ids.get(key)
        if action is None:
            action = self._ids[key] = self._action_of(move, mover)
        return action

    def _action_of(self, move: Move, mover: int) -> int:
        if move.kind is MoveKind.DRAW:
            return self.draw_action
        if move.kind is MoveKind.PASS:
            return self.pass_action
        assert move.tile is not None
        return move.tile.index * self.num_trains + self.train_of(move.train, mover)

    def move_of(self, action: int, mover: int) -> Move:
        """The move an action id stands for when seat ``mover`` makes it (legal or not)."""
        key = (action, mover)
        move = self._moves.get(key)
        if move is None:
            move = self._moves[key] = self._move_of(action, mover)
        return move

    def _move_of(self, action: int, mover: int) -> Move:
        if action == self.draw_action:
            return DRAW
        if action == self.pass_action:
            return PASS
        if not 0 <= action < self.num_actions:
            raise ValueError(f"no action {action}: actions run from 0 to {self.num_actions - 1}")
        tile, train = divmod(action, self.num_trains)
        name: int | str = MINE if train == 0 else MEXICAN if train == self.players else (mover + train) % self.players
        return Move.play(self.tiles[tile], name)

    def legal_actions(self, observation: Observation) -> dict[int, Move]:
        me = observation.player
        return {self.action_of(move, me): move for move in observation.legal_moves}

    def legal_actions_in(self, game: Any) -> dict[int, Move]:
        """As ``legal_actions`` for the player to move, read from the game's legal moves (no observation built).

        Worked out once per tuple of legal moves and mover, and shared: callers must not change the dict.
        """
        mover = game.to_move
        moves = game.legal_moves()
        key = (moves, mover)
        legal = self._legal_of.get(key)
        if legal is None:
            if len(self._legal_of) >= 1 << 16:
                self._legal_of.clear()
            legal = self._legal_of[key] = {self.action_of(move, mover): move for move in moves}
        return legal

    def action_text(self, action: int) -> str:
        if action == self.draw_action:
            return str(DRAW)
        if action == self.pass_action:
            return str(PASS)
        if not 0 <= action < self.num_actions:
            raise ValueError(f"no action {action}: actions run from 0 to {self.num_actions - 1}")
        tile, train = divmod(action, self.num_trains)
        where: str
        if train == 0:
            where = MINE
        elif train == self.players:
            where = MEXICAN
        else:
            where = f"+{train} (the train of the seat {train} to the left)"
        return f"{self.tiles[tile]} {where}"

    # ------------------------------------------------------------- observations

    def encode(self, observation: Observation) -> Vector:
        out = np.zeros(self.observation_size, dtype=np.float32)
        at = self._at
        me = observation.player
        p, n, k, t = self.players, self.num_tiles, self.numbers, self.num_trains
        for held in observation.hand:
            out[at["hand"] + held.index] = 1
        if observation.drawn is not None:
            out[at["drawn"] + observation.drawn.index] = 1
        for view in observation.trains:
            row = self.train_of(view.where, me)
            for near, far in view.tiles:
                out[at["train_tiles"] + row * n + self._index(near, far)] = 1
            out[at["open_end"] + row * k + view.open_end] = 1
            out[at["train_length"] + row] = len(view.tiles)
            if view.owner is not None and view.marked:
                out[at["marked"] + row] = 1
        for place, (_, where) in enumerate(observation.waiting_doubles):
            out[at["waiting"] + self.train_of(where, me) * t + place] = 1
        for _, where in observation.laid_doubles:
            out[at["laid"] + self.train_of(where, me)] = 1
        out[at["engine"] + observation.engine.high] = 1
        for seat, count in enumerate(observation.tile_counts):
            out[at["tile_counts"] + relative(seat, me, p)] = count
        out[at["boneyard"]] = observation.stock_size
        if observation.to_move is not None:
            out[at["to_move"] + relative(observation.to_move, me, p)] = 1
        out[at["first"] + relative(observation.first, me, p)] = 1
        turn = at["turn"]
        out[turn : turn + 3] = (observation.plays_again, observation.in_run, observation.drew)
        for event in observation.events:
            seat = relative(event.player, me, p)
            tile = event.move.tile
            if tile is not None:
                out[at["played_by"] + seat * n + tile.index] = 1
            elif event.move.kind is MoveKind.DRAW:
                out[at["draws"] + seat] += 1
            else:
                out[at["passes"] + seat] += 1
        out[at["round"]] = observation.deal_number
        for seat, score in enumerate(observation.scores):
            out[at["scores"] + relative(seat, me, p)] = score
        if observation.deal_over is not None:
            out[at["round_over"]] = 1
        return out

    def encode_in(self, game: Any, player: int) -> Vector:
        """``encode(game.observation(player))``, read from the game without building the observation.

        It reads exactly the observation's fields the vector holds, from the
        same public accessors of the round the observation is made of (the
        player's own tiles, the open ends, the markers, the doubles, the counts,
        the events, the scores); the blocks the events fill (the trains' tiles
        and lengths, who played what, the draws and passes) are kept per
        observer and grow by the new events only. ``tests/envs`` checks that
        the two are equal.
        """
        round_ = game.round
        at = self._at
        me = player
        p, t = self.players, self.num_trains
        out = self._events_part(me, round_.events).copy()
        hand_at = at["hand"]
        for held in round_.tiles_of(me):
            out[hand_at + held.index] = 1.0
        to_move = round_.to_move
        drawn = round_.drawn
        if drawn is not None and to_move == me:  # what a draw brought: the drawer's alone
            out[at["drawn"] + drawn.index] = 1.0
        for place, end in zip(self._open_end_at[me], round_.open_ends, strict=True):
            out[place + end] = 1.0
        rows = self._row_of[me]
        marked_at = at["marked"]
        for seat in round_.marked():
            out[marked_at + rows[seat]] = 1.0
        waiting_at = at["waiting"]
        for place, where in enumerate(round_.waiting_trains()):
            out[waiting_at + self.train_of(where, me) * t + place] = 1.0
        laid_at = at["laid"]
        for _, where in round_.laid_doubles():
            out[laid_at + self.train_of(where, me)] = 1.0
        out[at["engine"] + round_.engine.high] = 1.0
        seats = self._at_seat[me]
        counts_at = at["tile_counts"]
        for seat in range(p):
            out[counts_at + seats[seat]] = round_.tile_count(seat)
        out[at["boneyard"]] = round_.boneyard_size
        if to_move is not None:
            out[at["to_move"] + seats[to_move]] = 1.0
        out[at["first"] + seats[round_.first]] = 1.0
        over = round_.is_over
        turn = at["turn"]
        out[turn] = round_.plays_again
        out[turn + 1] = round_.in_run
        out[turn + 2] = drawn is not None
        out[at["round"]] = game.deal_number
        scores_at = at["scores"]
        for seat, score in enumerate(game.scores):
            out[scores_at + seats[seat]] = score
        if over:
            out[at["round_over"]] = 1.0
        return out

    def _events_part(self, me: int, events: tuple[Event, ...]) -> Vector:
        """The blocks ``events`` fill for observer ``me`` (trains' tiles and lengths, played_by, draws, passes).

        Kept per observer: the next call whose events begin with the same ones reads only the new events.
        """
        memo = self._memo.get(me)
        if memo is not None and len(memo[0]) <= len(events) and events[: len(memo[0])] == memo[0]:
            seen, part = memo
            if len(seen) == len(events):
                return part
            start = len(seen)  # the kept blocks are never handed out (only copies are): written into
        else:
            start, part = 0, np.zeros(self.observation_size, dtype=np.float32)
        at = self._at
        n = self.num_tiles
        played_at, tiles_at, length_at = at["played_by"], at["train_tiles"], at["train_length"]
        draws_at, passes_at = at["draws"], at["passes"]
        seats = self._at_seat[me]
        play, draw = MoveKind.PLAY, MoveKind.DRAW
        for event in events[start:]:
            seat = seats[event.player]
            move = event.move
            kind = move.kind
            if kind is play:
                tile = move.tile
                assert tile is not None
                part[played_at + seat * n + tile.index] = 1.0
                row = self.train_of(event.train, me)
                part[tiles_at + row * n + tile.index] = 1.0
                part[length_at + row] += 1.0
            elif kind is draw:
                part[draws_at + seat] += 1.0
            else:
                part[passes_at + seat] += 1.0
        self._memo[me] = (events, part)
        return part

    @staticmethod
    def _index(a: int, b: int) -> int:
        high, low = (a, b) if a >= b else (b, a)
        return high * (high + 1) // 2 + low

    def encode_event(self, observation: Observation, index: int, drawn: Any | None, into: Vector) -> None:
        """Event ``index`` as: its player (from the observer), its kind (play, draw, pass), the tile played,
        the train it went on (from the observer), its four notes (``_FLAGS``), and the tile a draw brought
        when the observer drew it."""
        event: Event = observation.events[index]
        p, n = self.players, self.num_tiles
        me = observation.player
        into[relative(event.player, me, p)] = 1
        at = p
        into[at + _KINDS.index(event.move.kind)] = 1
        at += len(_KINDS)
        tile = event.move.tile
        if tile is not None:
            into[at + tile.index] = 1
        at += n
        if event.train is not None:
            into[at + self.train_of(event.train, me)] = 1
        at += self.num_trains
        into[at : at + _FLAGS] = (event.covered, event.from_draw, event.marker_out, event.marker_off)
        at += _FLAGS
        if drawn is not None:
            into[at + drawn.index] = 1


def research_spec() -> GameSpec:
    """How the research interfaces build Mexican Train: its rules, matches and this encoding (the registry's
    ``research`` for the game)."""

    def counts(preset: str) -> tuple[int, ...]:
        return tuple(n for n in range(2, 9) if allows(Rules.from_preset, preset, n))

    return GameSpec(
        "mexican-train", Rules.from_preset, Game, MexicanTrainEncoding, Rules.preset_names, counts, DRAW, points_sign=-1
    )
