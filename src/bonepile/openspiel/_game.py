"""One OpenSpiel game over any table: chance nodes for the deal and the draws, observers, resampling.

A state is one hand (Dominoes) or one round (Tri-Ominos), as OpenSpiel's own
dominoes games are: what CFR, MCTS and exploitability work on. Its phases:

* the deal: one chance node per tile, each hand dealt in increasing tile
  order (``sorted_deal_odds``), seat 0 first;
* Tri-Ominos only, before play: goliath's draw-one is one chance node naming
  the starter (each player 1/P; see docs/research.md), classic's setup draws
  one chance node per tile drawn while nobody holds a triple (T3);
* play: the engine's legal moves as the encoding's action ids; a draw is a
  player action followed by a chance node choosing the tile among those the
  drawer cannot see;
* terminal: the hand's or round's points as returns, zero-sum by default
  (each side's gain minus the average gain of the other sides) or the raw
  points (``utility=points``).

The information state is the player's hand, the public events with the
player's own draws named, and whether the player is waiting on a draw: it
determines everything the player has seen and done (perfect recall). The
observation is the encoding's summary of the same.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pyspiel

from bonepile.encoding import Vector
from bonepile.openspiel._table import Table, sorted_deal_odds

DEAL, STARTER, SETUP, PLAY, DRAWING, OVER = "deal", "starter", "setup", "play", "drawing", "over"
CHANCE = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)


class Core:
    """The Python side of a state, copied by hand (the engine's ``copy``) rather than by a slow deepcopy."""

    __slots__ = (
        "table",
        "zero_sum",
        "phase",
        "player",
        "dealt",
        "rest",
        "seat",
        "engine",
        "before",
        "drawn",
        "legal",
        "actions",
        "outcomes",
    )

    def __init__(self, table: Table[Any, Any], zero_sum: bool) -> None:
        self.table = table
        """Shared by every copy (a state's attributes are deep-copied when OpenSpiel clones it)."""
        self.zero_sum = zero_sum
        players = table.rules.players
        self.phase = DEAL
        self.player = CHANCE
        """The player to move (or CHANCE, TERMINAL), kept up to date: OpenSpiel asks for it on every call."""
        self.dealt: list[list[int]] = [[] for _ in range(players)]
        self.rest: list[int] = table.new_deck()
        """Tiles not dealt (the boneyard or pool once the deal is done)."""
        self.seat = 0
        """The seat being dealt to, or drawing a classic setup draw."""
        self.engine: Any = None
        self.before: list[Any] = []
        """Public events the engine position does not hold: classic's setup draws (made before the round
        is built), or everything before a resampled world (built from a position, without its past)."""
        self.drawn: dict[int, int] = {}
        """Event index -> the tile that draw brought (known to the drawer only)."""
        self.legal: dict[int, Any] | None = None
        self.actions: list[int] | None = None
        self.outcomes: list[tuple[int, float]] | None = None
        """The chance outcomes here, once asked (like ``legal`` and ``actions``: worked out once, when asked)."""

    def settle(self) -> None:
        """After a change: the player to move, and the legal actions and chance outcomes to be read again."""
        self.legal = self.actions = self.outcomes = None
        if self.phase == PLAY:
            self.player = self.engine.to_move
        else:
            self.player = TERMINAL if self.phase == OVER else CHANCE

    def __deepcopy__(self, memo: dict[int, Any]) -> Core:
        twin = object.__new__(Core)
        twin.table = self.table
        twin.zero_sum = self.zero_sum
        twin.phase = self.phase
        twin.player = self.player
        twin.dealt = [list(h) for h in self.dealt]
        twin.rest = list(self.rest)
        twin.seat = self.seat
        twin.engine = self.engine.copy() if self.engine is not None else None
        twin.before = list(self.before)
        twin.drawn = dict(self.drawn)
        twin.legal = self.legal
        twin.actions = self.actions
        twin.outcomes = self.outcomes
        return twin

    def events(self) -> list[Any]:
        if self.engine is None:
            return list(self.before)
        return [*self.before, *self.engine.events]


def game_classes(
    short_name: str,
    long_name: str,
    parameters: dict[str, Any],
    make_table: Callable[[dict[str, Any]], Table[Any, Any]],
    max_players: int,
) -> tuple[Any, type]:
    """The ``GameType`` and ``pyspiel.Game`` subclass for one game; ``register`` registers them."""

    def game_type(utility: Any) -> Any:
        return pyspiel.GameType(
            short_name=short_name,
            long_name=long_name,
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=utility,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=max_players,
            min_num_players=2,
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=parameters,
        )

    registered = game_type(pyspiel.GameType.Utility.ZERO_SUM)

    class BonepileGame(pyspiel.Game):  # type: ignore[misc]
        """One hand or round of a bonepile game, for OpenSpiel's algorithms."""

        def __init__(self, params: dict[str, Any] | None = None) -> None:
            merged = {**parameters, **(params or {})}
            utility = str(merged["utility"])
            if utility not in ("zero_sum", "points"):
                raise ValueError(f"utility must be 'zero_sum' or 'points', not {utility!r}")
            self.table = make_table(merged)
            self.zero_sum = utility == "zero_sum"
            table = self.table
            players = table.rules.players
            low, high = table.gain_bounds()
            if self.zero_sum:
                low, high = low - high, high - low
            info = pyspiel.GameInfo(
                num_distinct_actions=table.encoding.num_actions,
                max_chance_outcomes=max(table.num_tiles, players),
                num_players=players,
                min_utility=float(low),
                max_utility=float(high),
                utility_sum=0.0 if self.zero_sum else None,
                max_game_length=table.max_chance_nodes() + table.encoding.max_events,
            )
            kind = pyspiel.GameType.Utility.ZERO_SUM if self.zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
            super().__init__(game_type(kind), info, merged)

        def new_initial_state(self) -> BonepileState:
            return BonepileState(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
            if params:
                raise ValueError(f"observation parameters are not supported; got {params}")
            perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
            return Observer(self.table, perfect_recall)

    return registered, BonepileGame


class BonepileState(pyspiel.State):  # type: ignore[misc]
    """A hand or round in progress; see the module docstring for its phases."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.core = Core(game.table, game.zero_sum)

    @property
    def table(self) -> Table[Any, Any]:
        return self.core.table

    # ---------------------------------------------------------------- whose turn

    def current_player(self) -> int:
        return self.core.player

    def is_terminal(self) -> bool:
        return self.core.player == TERMINAL

    def _legal_map(self) -> dict[int, Any]:
        core = self.core
        if core.legal is None:
            core.legal = self.table.legal(core.engine)
        return core.legal

    def _legal_actions(self, player: int) -> list[int]:
        core = self.core
        if core.actions is None:
            table = core.table
            core.actions = table.legal_actions(core.engine) if table.direct_actions else sorted(self._legal_map())
        return core.actions

    def chance_outcomes(self) -> list[tuple[int, float]]:
        core = self.core
        outcomes = core.outcomes
        if outcomes is None:
            if core.phase == DEAL:  # most chance nodes are the deal's: worked out here, without another call
                seat = core.seat
                hand = core.dealt[seat]
                last = hand[-1] if hand else -1
                slots = core.table.deal_sizes[seat] - len(hand)
                if seat == 0:
                    outcomes = list(core.table.first_hand_odds(last, slots))
                else:
                    outcomes = sorted_deal_odds(core.rest, last, slots)
            else:
                outcomes = self._chance_outcomes()
            core.outcomes = outcomes
        return outcomes

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes after the deal: Tri-Ominos' starter and setup draws, and every draw."""
        core = self.core
        if core.phase == STARTER:
            players = self.table.rules.players
            return [(p, 1.0 / players) for p in range(players)]
        pool = core.rest if core.phase == SETUP else self.table.hidden_pool(core.engine)
        return [(t, 1.0 / len(pool)) for t in pool]

    # ---------------------------------------------------------------- moves

    def _apply_action(self, action: int) -> None:
        core = self.core
        phase = core.phase
        if phase == PLAY:  # the common case, kept short: OpenSpiel's loops spend their time here
            table = core.table
            if table.direct_actions:
                after = table.play_action(core.engine, action)
                core.legal = core.actions = None
                if after >= 0:
                    core.player = after
                elif after == table.ENDED:
                    core.phase, core.player = OVER, TERMINAL
                else:
                    core.phase, core.player = DRAWING, CHANCE
                return
            move = self._legal_map().get(action)
            if move is None:
                raise ValueError(f"action {action} is not legal now")
            core.legal = core.actions = None
            if table.is_draw(move):
                core.phase, core.player = DRAWING, CHANCE
                return
            engine = core.engine
            if engine.play(move) is not None:  # a deal's play returns its summary once it ends it
                core.phase, core.player = OVER, TERMINAL
            else:
                core.player = engine.to_move
            return
        core.outcomes = None
        if phase == DEAL:
            hand = core.dealt[core.seat]
            hand.append(action)
            core.rest.remove(action)
            if len(hand) < core.table.deal_sizes[core.seat]:
                return  # still dealing this hand: still chance to move
            core.seat += 1
            if core.seat < len(core.dealt):
                return
            core.seat = 0
            self._start_play()
        else:
            self._apply(action)
        core.settle()

    def _start_play(self) -> None:
        """The deal is done: the engine's hand or round, or Tri-Ominos' start chance nodes first."""
        core = self.core
        kind = core.table.start_kind(core.dealt)
        if kind in (STARTER, SETUP):
            core.phase = kind
            return
        core.engine = core.table.start(core.dealt, core.rest, None)
        core.phase = OVER if core.engine.is_over else PLAY

    def _apply(self, action: int) -> None:
        core = self.core
        table = self.table
        phase = core.phase
        if phase == DRAWING:
            core.drawn[len(core.before) + len(core.engine.events)] = action  # the index of the draw's event
            core.engine = table.draw(core.engine, action)
        elif phase == STARTER:
            core.engine = table.start(core.dealt, core.rest, action)
        else:  # SETUP: T3 classic, the players draw in turn until a triple shows
            core.dealt[core.seat].append(action)
            core.rest.remove(action)
            core.drawn[len(core.before)] = action
            core.before.append(table.setup_event(core.seat))
            if not table.opens(action):
                core.seat = (core.seat + 1) % len(core.dealt)
                return
            core.engine = table.start(core.dealt, core.rest, None)
        core.phase = OVER if core.engine.is_over else PLAY

    def _action_to_string(self, player: int, action: int) -> str:
        core = self.core
        if player == pyspiel.PlayerId.CHANCE:
            if core.phase == STARTER:
                return f"player {action} starts"
            what = "deal" if core.phase == DEAL else "draw"
            return f"{what} {self.table.tile_text(action)}"
        if core.phase == PLAY and core.engine.to_move == player:
            move = self._legal_map().get(action)
            if move is not None:
                return str(move)
        return str(self.table.encoding.action_text(action))

    # ---------------------------------------------------------------- results

    def returns(self) -> list[float]:
        players = self.table.rules.players
        if self.core.phase != OVER:
            return [0.0] * players
        gains = self.table.gains(self.core.engine)
        if not self.core.zero_sum:
            return [float(g) for g in gains]
        rules = self.table.rules
        sides = rules.num_sides
        side_gain = [0] * sides
        for player, gain in enumerate(gains):
            side_gain[rules.side_of(player)] = gain
        total = sum(side_gain)
        per_side = [g - (total - g) / (sides - 1) for g in side_gain]
        return [float(per_side[rules.side_of(p)]) for p in range(players)]

    def __str__(self) -> str:
        core = self.core
        if core.engine is None:
            hands = " / ".join(" ".join(self.table.tile_text(t) for t in h) or "-" for h in core.dealt)
            return f"{core.phase}: {hands}"
        text = str(core.engine.position())
        return text + ("; drawing" if core.phase == DRAWING else "")

    # ---------------------------------------------------------------- views

    def observation_of(self, player: int) -> Any:
        """The engine's observation for ``player`` with the whole list of events, once play has begun."""
        core = self.core
        return self.table.observation(core.engine, player, core.events())

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> BonepileState:
        """A state ``player`` cannot tell from this one, the hidden tiles dealt again by the AI's world sampler.

        The other players' hands and the boneyard (or pool) are a world
        consistent with everything ``player`` saw; their past draws keep no
        names (nobody in the new state saw them). Only during play (the
        deal and the draws are chance nodes: nothing to resample there).
        """
        core = self.core
        if core.phase != PLAY:
            raise pyspiel.SpielError(f"resample_from_infostate needs a decision node, not the {core.phase} phase")
        rng = random.Random(int(probability_sampler() * 2**53))
        events = core.events()
        world = self.table.world(self.observation_of(player), rng)
        twin: BonepileState = self.clone()
        twin.core.engine = world
        twin.core.before = events
        twin.core.drawn = {i: t for i, t in core.drawn.items() if events[i].player == player}
        twin.core.settle()
        return twin


class Observer:
    """OpenSpiel's observer interface (``tensor``, ``dict``, ``set_from``, ``string_from``) for any table."""

    def __init__(self, table: Table[Any, Any], perfect_recall: bool) -> None:
        self.table = table
        self.perfect_recall = perfect_recall
        encoding = table.encoding
        self.summary = encoding.observation_size
        size = self.summary + 1
        if perfect_recall:
            size += encoding.max_events * encoding.event_size
        self.tensor: Vector = np.zeros(size, np.float32)
        self.dict: dict[str, Vector] = {"observation": self.tensor}
        self._hand_at = encoding.layout.start("hand")

    def set_from(self, state: BonepileState, player: int) -> None:
        tensor = self.tensor
        tensor.fill(0)
        core = state.core
        encoding = self.table.encoding
        if core.engine is None:
            for tile in core.dealt[player]:
                tensor[self._hand_at + tile] = 1
            return
        observation = state.observation_of(player)
        tensor[: self.summary] = encoding.encode(observation)
        tensor[self.summary] = 1.0 if core.phase == DRAWING else 0.0
        if not self.perfect_recall:
            return
        start, size = self.summary + 1, encoding.event_size
        tile_of = self.table.tile
        for index, event in enumerate(observation.events):
            drawn = core.drawn.get(index) if event.player == player else None
            row = tensor[start + index * size : start + (index + 1) * size]
            encoding.encode_event(observation, index, tile_of(drawn) if drawn is not None else None, row)

    def string_from(self, state: BonepileState, player: int) -> str:
        core = state.core
        table = self.table
        if core.engine is None:
            held = " ".join(table.tile_text(t) for t in sorted(core.dealt[player]))
            events = _events_text(table, core.before, core.drawn, player) if self.perfect_recall else ""
            return f"p{player} {core.phase} hand: {held}" + (f" | {events}" if events else "")
        observation = state.observation_of(player)
        text = f"p{player} hand: {' '.join(map(str, observation.hand)) or '-'}"
        if core.phase == DRAWING:
            text += " | drawing"
        if self.perfect_recall:
            return text + " | " + _events_text(table, observation.events, core.drawn, player)
        return text + " | " + table.public_text(observation)


def _events_text(table: Table[Any, Any], events: Sequence[Any], drawn: dict[int, int], player: int) -> str:
    words = []
    for index, event in enumerate(events):
        tile = drawn.get(index) if event.player == player else None
        words.append(table.event_text(event) + (f" {table.tile_text(tile)}" if tile is not None else ""))
    return ", ".join(words)


def register(registered: Any, game_class: type) -> None:
    pyspiel.register_game(registered, game_class)
