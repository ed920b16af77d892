"""The Dominoes encoding: actions tile x end, draw, pass; observations of what one player may know.

Actions, for a set of N tiles (N = 28 for double-six) and the E ends the
engine names (``End``: left and right, E = 2): tile ``t`` (its index,
``Tile.index``) played at end ``e`` (its position in ``End``) is ``tE + e``;
the opening tile of a hand (no end yet) is ``tE`` too; ``NE`` is draw and
``NE + 1`` is pass: 2N + 2 actions. With both ends showing the same number
the engine has one move per tile (D4: at the right end), so it is ``2t + 1``.
The ends are the line's two (``End.LEFT``, ``End.RIGHT``): rules with a
spinner, whose layout has four (``End.NORTH``, ``End.SOUTH``), are refused
until the encoding says them.

The observation is a float32 vector of blocks, every per-player block in seat
order counted from the observer (the observer first), every per-side block
likewise from the observer's side:

=============  =========  =====================================================
block          size       meaning
=============  =========  =====================================================
hand           N          1 for each tile the observer holds
line           N          1 for each tile on the line
played_by      P x N      who played each line tile
left_end       K          one-hot open number at the left end (K = max pips + 1)
right_end      K          one-hot open number at the right end
tile_counts    P          tiles each player holds
boneyard       1          tiles in the boneyard
to_move        P          one-hot player to move (zeros once the hand is over)
scores         S          each side's match score
void           P x K      1 where the player drew or passed while that number was open
draws          P          draws each player made this hand
passes         P          passes each player made this hand
hand_over      1          1 once the hand has ended
=============  =========  =====================================================

Nothing in it comes from anywhere but the engine's ``Observation``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from bonepile.core.errors import RulesError
from bonepile.dominoes import DRAW, PASS, End, Game, Move, MoveKind, Observation, Rules, Tile, tiles_of_set
from bonepile.encoding import GameSpec, Vector, allows, relative
from bonepile.encoding._layout import Layout

NOT_ENCODED = (
    "the Dominoes encoding has the line's two ends only: a spinner's four arms and the all-fives count "
    "are not encoded yet (all-fives plays in the engine, the terminal and the arena)"
)


def encodable(rules: Rules) -> bool:
    """Whether this encoding can say these rules' moves and layout: a line with two ends (no spinner, no count)."""
    return not rules.spinner and not rules.scores_during_play


class _Followed:
    """A hand ``encode_in`` follows for one observer: its vector so far (all but the turn and the end of the
    hand), how many of its events that holds, the line's ends and the scores written."""

    __slots__ = ("hand", "left", "right", "scores", "seen", "vector")

    def __init__(self, hand: Any, seen: int, vector: Vector, left: int, right: int) -> None:
        self.hand = hand
        self.seen = seen
        self.vector = vector
        self.left = left
        self.right = right
        self.scores: tuple[int, ...] = ()


class DominoesEncoding:
    """Action ids and observation vectors for one set of Dominoes rules (see the module docstring)."""

    def __init__(self, rules: Rules) -> None:
        if not encodable(rules):
            raise RulesError(NOT_ENCODED)
        self.rules = rules
        self.tiles: tuple[Tile, ...] = tiles_of_set(rules.max_pips)
        n = self.num_tiles = len(self.tiles)
        k = self.numbers = rules.max_pips + 1
        p = self.players = rules.players
        s = rules.num_sides
        self.ends: tuple[End, ...] = (End.LEFT, End.RIGHT)  # the line's: no spinner here (``encodable``)
        e = len(self.ends)
        self._end_index = {end: index for index, end in enumerate(self.ends)}
        self.draw_action = e * n
        self.pass_action = e * n + 1
        self.num_actions = e * n + 2
        drawable = max(0, n - p * rules.hand_size - rules.boneyard_reserve) if rules.drawing else 0
        plays = p * rules.hand_size + drawable
        # Between two plays at most P - 1 passes (P passes in a row would mean nobody can play: blocked, D6).
        self.max_events = plays + drawable + (p - 1) * plays
        total_pips = sum(t.pips for t in self.tiles)
        layout = self.layout = Layout()
        layout.add("hand", n, 0, 1)
        layout.add("line", n, 0, 1)
        layout.add("played_by", p * n, 0, 1)
        layout.add("left_end", k, 0, 1)
        layout.add("right_end", k, 0, 1)
        layout.add("tile_counts", p, 0, n)
        layout.add("boneyard", 1, 0, n)
        layout.add("to_move", p, 0, 1)
        layout.add("scores", s, 0, rules.target + total_pips)
        layout.add("void", p * k, 0, 1)
        layout.add("draws", p, 0, n)
        layout.add("passes", p, 0, self.max_events)
        layout.add("hand_over", 1, 0, 1)
        self.observation_size = layout.size
        self.observation_low, self.observation_high = layout.bounds()
        self.event_size = p + self.num_actions + n
        self._at = {name: block.start for name, block in layout.blocks.items()}
        self._ids: dict[Move, int] = {}
        self._memo: dict[int, tuple[tuple[Any, ...], Vector, int, int]] = {}
        """Per observer: the events last encoded, the event blocks they filled, and the line's ends after them."""
        self._followed: dict[int, _Followed] = {}
        """Per observer: the hand ``encode_in`` last read and its vector (see there)."""
        self._legal_of: dict[tuple[Move, ...], dict[int, Move]] = {}
        self._seats = range(p)
        at = self._at
        self._hand_at, self._boneyard_at, self._hand_over_at = at["hand"], at["boneyard"], at["hand_over"]
        self._left_end_at, self._right_end_at = at["left_end"], at["right_end"]
        self._at_seat = tuple(
            (
                tuple(at["tile_counts"] + relative(player, me, p) for player in range(p)),
                tuple(at["to_move"] + relative(player, me, p) for player in range(p)),
                tuple(at["scores"] + relative(side, rules.side_of(me), s) for side in range(s)),
            )
            for me in range(p)
        )
        """Per observer: where each player's tile count and turn go, and where each side's score goes."""
        self._seat_from = tuple(tuple(relative(player, me, p) for player in range(p)) for me in range(p))
        """Per observer: each seat counted from the observer."""
        self._played_at = tuple(at["played_by"] + seat * n for seat in range(p))
        """Where each relative seat's row of ``played_by`` starts."""
        self._event_places: tuple[int, int, int, int, int, int, int, int, tuple[int, ...]] = (
            at["line"],
            at["void"],
            at["draws"],
            at["passes"],
            at["tile_counts"],
            at["hand"],
            at["boneyard"],
            k,
            self._played_at,
        )
        """What ``_encode_events`` writes where, read at once: the blocks' starts, the numbers, ``_played_at``."""

    # ------------------------------------------------------------- actions

    def action_of(self, move: Move) -> int:
        action = self._ids.get(move)
        if action is None:
            action = self._ids[move] = self._action_of(move)
        return action

    def _action_of(self, move: Move) -> int:
        if move.kind is MoveKind.DRAW:
            return self.draw_action
        if move.kind is MoveKind.PASS:
            return self.pass_action
        tile = move.tile
        assert tile is not None
        ends = len(self.ends)
        return ends * tile.index + (0 if move.end is None else self._end_index[move.end])

    def legal_actions(self, observation: Observation) -> dict[int, Move]:
        return {self.action_of(move): move for move in observation.legal_moves}

    def legal_actions_in(self, game: Any) -> dict[int, Move]:
        """As ``legal_actions`` for the player to move, read from the game's legal moves (no observation built).

        Worked out once per tuple of legal moves and shared: callers must not change the dict.
        """
        moves = game.legal_moves()
        legal = self._legal_of.get(moves)
        if legal is None:
            if len(self._legal_of) >= 1 << 16:
                self._legal_of.clear()
            legal = self._legal_of[moves] = {self.action_of(move): move for move in moves}
        return legal

    def action_text(self, action: int) -> str:
        if action == self.draw_action:
            return str(DRAW)
        if action == self.pass_action:
            return str(PASS)
        if not 0 <= action < self.num_actions:
            raise ValueError(f"no action {action}: actions run from 0 to {self.num_actions - 1}")
        tile, end = divmod(action, len(self.ends))
        return f"{self.tiles[tile]} {self.ends[end].value}" + (" or opening" if end == 0 else "")

    # ------------------------------------------------------------- observations

    def encode(self, observation: Observation) -> Vector:
        return self._encode(
            observation.player,
            observation.events,
            observation.hand,
            observation.tile_counts,
            observation.boneyard_size,
            observation.to_move,
            observation.scores,
            observation.ends,
            observation.hand_over is not None,
        )

    def encode_in(self, game: Any, player: int) -> Vector:
        """``encode(game.observation(player))``, read from the game without building the observation.

        Per observer it keeps the whole vector of the hand it last read and follows that hand's new events
        into it (a hand's events only grow): a play takes a tile from its player's count, and from the
        observer's own tiles when it is theirs; a draw adds one and takes one from the boneyard; only the
        observer's own draws make it read their tiles again. So a step reads the new events, the turn, the
        scores and whether the hand is over. Another hand (the next one, or a copy) starts afresh from the
        same public accessors the observation is made of; ``tests/envs`` checks that the two agree.
        """
        hand = game.hand
        events = hand.events
        followed = self._followed.get(player)
        if followed is None or followed.hand is not hand:
            followed = self._followed[player] = self._start(hand, player, events)
        elif followed.seen != len(events):
            self._follow(followed, events, player)
        vector = followed.vector
        scores = game.scores
        if scores != followed.scores:
            for place, score in zip(self._at_seat[player][2], scores, strict=True):
                vector[place] = score
            followed.scores = scores
        out = vector.copy()
        to_move = hand.to_move
        if to_move is not None:
            out[self._at_seat[player][1][to_move]] = 1.0
        else:  # nobody is to move only once the hand is over
            out[self._hand_over_at] = 1.0
        return out

    def _start(self, hand: Any, me: int, events: tuple[Any, ...]) -> _Followed:
        """The vector of ``hand`` for observer ``me`` without the turn and the end of the hand, read afresh."""
        vector = np.zeros(self.observation_size, dtype=np.float32)
        left, right, _ = self._encode_events(events, 0, me, vector, -1, -1, following=False)
        for held in hand.tiles_of(me):
            vector[self._hand_at + held.index] = 1.0
        for place, player in zip(self._at_seat[me][0], self._seats, strict=True):
            vector[place] = hand.tile_count(player)
        vector[self._boneyard_at] = hand.boneyard_size
        if left >= 0:
            vector[self._left_end_at + left] = 1.0
            vector[self._right_end_at + right] = 1.0
        return _Followed(hand, len(events), vector, left, right)

    def _follow(self, followed: _Followed, events: tuple[Any, ...], me: int) -> None:
        """Write the events ``followed`` has not seen into its vector, with the ends and counts they change."""
        vector = followed.vector
        was_left, was_right = followed.left, followed.right
        left, right, drew = self._encode_events(events, followed.seen, me, vector, was_left, was_right, following=True)
        followed.seen = len(events)
        if (left, right) != (was_left, was_right):
            if was_left >= 0:
                vector[self._left_end_at + was_left] = 0.0
                vector[self._right_end_at + was_right] = 0.0
            vector[self._left_end_at + left] = 1.0
            vector[self._right_end_at + right] = 1.0
            followed.left, followed.right = left, right
        if drew:  # a draw of the observer's own: which tile, only their tiles say
            hand_at = self._hand_at
            vector[hand_at : hand_at + self.num_tiles] = 0.0
            for held in followed.hand.tiles_of(me):
                vector[hand_at + held.index] = 1.0

    def _encode(
        self,
        me: int,
        events: tuple[Any, ...],
        hand: tuple[Tile, ...],
        tile_counts: tuple[int, ...],
        boneyard_size: int,
        to_move: int | None,
        scores: tuple[int, ...],
        ends: tuple[int, int] | None,
        over: bool,
    ) -> Vector:
        # The blocks the events fill (line, played_by, void, draws, passes) are kept per observer, so that the
        # next observation of the same hand, whose events begin with these, reads only the new ones.
        # The kept blocks are never handed out (only copies are), so the new events are written into them.
        memo = self._memo.get(me)
        if memo is None or memo[0] is not events:
            if memo is not None and len(memo[0]) <= len(events) and events[: len(memo[0])] == memo[0]:
                seen, past, left, right = memo
                left, right, _ = self._encode_events(events, len(seen), me, past, left, right, following=False)
            else:
                past = np.zeros(self.observation_size, dtype=np.float32)
                left, right, _ = self._encode_events(events, 0, me, past, -1, -1, following=False)
            self._memo[me] = (events, past, left, right)
        else:
            past = memo[1]
        out = past.copy()
        hand_at = self._hand_at
        for held in hand:
            out[hand_at + held.index] = 1.0
        at_seat = self._at_seat[me]
        for place, count in zip(at_seat[0], tile_counts, strict=True):
            out[place] = count
        out[self._boneyard_at] = boneyard_size
        if to_move is not None:
            out[at_seat[1][to_move]] = 1.0
        for place, score in zip(at_seat[2], scores, strict=True):
            out[place] = score
        if ends is not None:
            out[self._left_end_at + ends[0]] = 1.0
            out[self._right_end_at + ends[1]] = 1.0
        if over:
            out[self._hand_over_at] = 1.0
        return out

    def _encode_events(
        self, events: tuple[Any, ...], start: int, me: int, out: Vector, left: int, right: int, *, following: bool
    ) -> tuple[int, int, bool]:
        """Write events ``start`` on into ``out``'s event blocks; the line's ends (left, right) after them, and
        whether the observer drew. ``following``: also the tile counts, the boneyard and the observer's own
        tiles that the events change (``encode_in``; ``encode`` writes those from the observation)."""
        line_at, void_at, draws_at, passes_at, counts_at, hand_at, boneyard_at, k, played_at = self._event_places
        seats = self._seat_from[me]
        drew = False
        for event in events[start:]:
            move, seat = event.move, seats[event.player]
            tile = move.tile
            if tile is not None:
                index = tile.index
                out[line_at + index] = 1.0
                out[played_at[seat] + index] = 1.0
                if move.end is None:
                    left, right = tile.high, tile.low
                elif move.end is End.LEFT:
                    left = tile.pips - left  # the tile's other end: it matched the left one
                else:
                    right = tile.pips - right
                if following:
                    out[counts_at + seat] -= 1.0
                    if seat == 0:
                        out[hand_at + index] = 0.0
                continue
            if left >= 0:
                out[void_at + seat * k + left] = 1.0
                out[void_at + seat * k + right] = 1.0
            if move.kind is MoveKind.DRAW:
                out[draws_at + seat] += 1.0
                if following:
                    out[counts_at + seat] += 1.0
                    out[boneyard_at] -= 1.0
                    drew = drew or seat == 0
            else:
                out[passes_at + seat] += 1.0
        return left, right, drew

    def encode_event(self, observation: Observation, index: int, drawn: Any | None, into: Vector) -> None:
        event = observation.events[index]
        p = self.players
        into[relative(event.player, observation.player, p)] = 1
        into[p + self.action_of(event.move)] = 1
        if drawn is not None:
            into[p + self.num_actions + drawn.index] = 1


def research_spec() -> GameSpec:
    """How the research interfaces build Dominoes: its rules, matches and this encoding (the registry's
    ``research`` for the game)."""

    def counts(preset: str) -> tuple[int, ...]:
        return tuple(n for n in range(2, 5) if allows(Rules.from_preset, preset, n))

    def presets() -> tuple[str, ...]:
        # The presets the encoding can say (all-fives' spinner is not encoded yet: DominoesEncoding says so).
        return tuple(name for name in Rules.preset_names() if encodable(Rules.from_preset(name)))

    return GameSpec("dominoes", Rules.from_preset, Game, DominoesEncoding, presets, counts, DRAW)
