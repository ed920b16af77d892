"""The PettingZoo AEC environment, written once over the game protocol and the game's encoding.

An episode is a whole game (a match of hands or rounds to the rules' target;
``target=1`` makes it one hand of Dominoes). Agents are ``player_0`` ..
``player_{n-1}``, in seat order. Each step is one move of the agent to move;
a draw that is the only legal move is made for the agent (``auto_draw``, on
by default: drawing then is no decision, and every step then ends a turn, so
agents take turns in seat order), while a draw the agent may choose (goliath's
buying) stays an action. In Mexican Train a turn may take several steps of
one agent: the play after a double (M6), the play of a drawn tile or the pass
after it (M5), a first-turn run.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Literal

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from bonepile.core.errors import IllegalMoveError, RulesError
from bonepile.core.protocol import GameState, Move
from bonepile.encoding import Encoding, Vector, game_spec
from bonepile.games import DEFAULT_GAME

Reward = Literal["points", "win_loss"]
IllegalAction = Literal["lose", "raise", "first_legal"]


class BonepileAEC(AECEnv):  # type: ignore[misc]
    """``bonepile.envs.aec_env(game, **rules)``: see the module docstring and docs/research.md.

    ``reward``: ``"points"`` (each step, the points the agent's side gained;
    penalties count negative; where the lowest total wins, ``GameSpec.points_sign``,
    minus the points taken) or ``"win_loss"`` (+1 to the winning sides, -1
    to the others, at the end). ``illegal_action``: an action outside the mask
    ``"lose"``s the game for the agent (reward ``illegal_reward``, everyone
    terminated), ``"raise"``s ``IllegalMoveError``, or plays the
    ``"first_legal"`` move instead. ``max_cycles`` truncates the episode after
    that many moves per agent. ``seed`` seeds the games of ``reset()`` calls
    that name no seed (each such reset plays the next game of that stream;
    None: unpredictable) and the action spaces' ``sample()``; ``reset(seed=s)``
    starts the stream of games again from ``s``.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "bonepile_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str = DEFAULT_GAME,
        preset: str | None = None,
        players: int | None = None,
        *,
        reward: Reward = "points",
        illegal_action: IllegalAction = "lose",
        illegal_reward: float = -1.0,
        auto_draw: bool = True,
        max_cycles: int | None = None,
        render_mode: str | None = None,
        seed: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.spec_ = spec = game_spec(game)
        preset = preset if preset is not None else spec.presets()[0]
        self.rules = spec.rules(preset, players, **options)
        if reward not in ("points", "win_loss"):
            raise RulesError(f"reward must be 'points' or 'win_loss', not {reward!r}")
        if illegal_action not in ("lose", "raise", "first_legal"):
            raise RulesError(f"illegal_action must be 'lose', 'raise' or 'first_legal', not {illegal_action!r}")
        if max_cycles is not None and (not isinstance(max_cycles, int) or max_cycles < 1):
            raise RulesError(f"max_cycles must be a whole number >= 1 or None, not {max_cycles!r}")
        if render_mode not in (None, "ansi"):
            raise RulesError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.reward_kind = reward
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.auto_draw = auto_draw
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.encoding: Encoding = spec.encoding(self.rules)
        self._encode_in: Callable[[GameState, int], Vector] | None = getattr(self.encoding, "encode_in", None)
        """The encoding's ``encode_in(game, player)`` where it has one: ``encode(game.observation(player))``
        without building the observation."""
        players_count = self.rules.players
        self.possible_agents = [f"player_{seat}" for seat in range(players_count)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        encoding = self.encoding
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(encoding.observation_low, encoding.observation_high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (encoding.num_actions,), dtype=np.int8),
            }
        )
        self._observation_spaces = {agent: observation_space for agent in self.possible_agents}
        self._action_spaces = {agent: spaces.Discrete(encoding.num_actions) for agent in self.possible_agents}
        if seed is not None:  # a seeded environment is reproducible through and through, sample() included
            for index, agent in enumerate(self.possible_agents):
                self._action_spaces[agent].seed(seed + index)
        self.game: GameState | None = None
        self._legal: Mapping[int, Move] | None = {}
        """The legal moves of the agent to move by action id; None until something asks for them in this state
        (``_legal_now``): a state an agent moves on without them (the Gymnasium env's opponents) never makes
        them."""
        self._to_move: int | None = None
        """The player to move in this state (``_select``), None once the game is over."""
        self._mask: np.ndarray[Any, np.dtype[np.int8]] | None = None
        """The action mask of the agent to move, made when first observed (None: not yet)."""
        self._masks: dict[tuple[int, ...], np.ndarray[Any, np.dtype[np.int8]]] = {}
        self._masks_kept = 1 << 12 if encoding.num_actions <= 1024 else 0
        """How many masks ``_mask_of`` keeps: none where the action space is large (Tri-Ominos' 9,578 actions,
        whose legal sets seldom come back)."""
        self._no_actions = np.zeros(encoding.num_actions, dtype=np.int8)
        self._seeds = random.Random(seed)
        self._sides: tuple[int, ...] = ()
        self._scores: tuple[int, ...] = ()
        """The sides' scores after the last step (or the reset): the next step's scores before its move."""
        self._rewarded = True
        """Whether a reward may be other than 0.0 (``step`` sets them back to 0.0 only then)."""

    # ------------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    # ------------------------------------------------------------------ episode

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = self._seeds.randrange(2**31)
        else:
            self._seeds = random.Random(seed)
        self.np_random_seed = seed
        self.game = game = self.spec_.new_game(self.rules, seed)
        self._sides = tuple(game.side_of(seat) for seat in range(len(self.possible_agents)))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.moves = 0
        self._rewarded = True
        before = game.scores
        self._make_forced_draws()
        self._scores = game.scores
        self._credit(self._gains(before, self._scores))
        self._select()

    def _gains(self, before: tuple[int, ...], after: tuple[int, ...]) -> list[float]:
        """The points each player's side gained from the sides' scores ``before`` to ``after``."""
        if after == before:
            return [0.0] * len(self._sides)
        sign = self.spec_.points_sign
        return [float(sign * (after[side] - before[side])) for side in self._sides]

    def _make_forced_draws(self) -> None:
        """Play every draw that is the only legal move."""
        game = self.game
        assert game is not None
        if self.auto_draw:
            draw = self.spec_.draw
            while True:
                legal = game.legal_moves()  # none once the game is over
                if len(legal) != 1 or legal[0] != draw:
                    break
                game.play(legal[0])

    def _select(self) -> None:
        game = self.game
        assert game is not None
        to_move = self._to_move = game.to_move
        self._mask = None
        if to_move is not None:
            self.agent_selection = self.possible_agents[to_move]
            self._legal = None  # made when first asked for (``_legal_now``)
        else:
            self._legal = {}

    def _legal_now(self) -> Mapping[int, Move]:
        """The legal moves of the agent to move by action id, made once a state (the encoding's ids)."""
        legal = self._legal
        if legal is None:
            assert self.game is not None
            legal = self._legal = self.encoding.legal_actions_in(self.game)
        return legal

    def _credit(self, gained: list[float]) -> None:
        if self.reward_kind == "points":
            seat = self._seat
            rewards = self.rewards
            for agent in self.agents:
                rewards[agent] = gained[seat[agent]]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._start_step(agent)
        legal = self._legal_now()
        move = legal.get(int(action)) if action is not None else None
        if move is None:
            if self.illegal_action == "raise":
                raise IllegalMoveError(
                    f"action {action!r} is not legal for {agent}: the legal actions are {sorted(legal)}"
                )
            if self.illegal_action == "lose":
                self._rewarded = True
                self.rewards[agent] = self.illegal_reward
                for other in self.agents:
                    self.terminations[other] = True
                    self.infos[other] = {"illegal_action": agent}
                self._accumulate_rewards()
                return
            move = legal[min(legal)]
        self._play(move)

    def play_legal(self, move: Move) -> None:
        """``step`` with one of the engine's legal moves of the agent to move rather than its action id: for a
        caller that chose among the engine's moves (the Gymnasium env's opponents), which then needs no action
        ids. A move that is not legal is refused by the engine (``IllegalMoveError``), nothing changed."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            raise RulesError("the episode is over: call reset()")
        game = self.game
        assert game is not None
        if move not in game.legal_moves():
            game.play(move)  # raises the engine's own IllegalMoveError, which names the move and why
        self._start_step(agent)
        self._play(move)

    def _start_step(self, agent: str) -> None:
        """What every step does first: the agent's cumulative reward and every step reward back to 0.0."""
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:  # else every reward is 0.0 already
            rewards = self.rewards
            for other in self.agents:
                rewards[other] = 0.0
            self._rewarded = False

    def _play(self, move: Move) -> None:
        """Play ``move`` (legal) for the agent to move, the forced draws after it; then rewards and the next agent."""
        game = self.game
        assert game is not None
        before = self._scores  # what the last step (or reset) left: only steps play the game
        game.play(move)
        self.moves += 1
        self._make_forced_draws()
        # Most moves score nothing: then every reward stays 0.0 and adding them to the cumulative ones changes
        # nothing, so both are skipped (the same numbers, a step's commonest case made cheap).
        after = self._scores = game.scores
        scored = after != before
        if scored:
            self._credit(self._gains(before, after))
            self._rewarded = True
        if game.is_over:
            for other in self.agents:
                self.terminations[other] = True
            if self.reward_kind == "win_loss":
                scored = self._rewarded = True
                winners = game.winners
                for other in self.agents:
                    self.rewards[other] = 1.0 if game.side_of(self._seat[other]) in winners else -1.0
        elif self.max_cycles is not None and self.moves >= self.max_cycles * len(self.possible_agents):
            for other in self.agents:
                self.truncations[other] = True
        self._select()
        if scored:
            self._accumulate_rewards()

    # ------------------------------------------------------------------ views

    def observe(self, agent: str) -> dict[str, Vector | np.ndarray[Any, np.dtype[np.int8]]]:
        game = self.game
        assert game is not None
        seat = self._seat[agent]
        encode_in = self._encode_in
        vector = encode_in(game, seat) if encode_in is not None else self.encoding.encode(game.observation(seat))
        if self._to_move == seat and not (self.terminations[agent] or self.truncations[agent]):
            mask = self._mask
            if mask is None:  # found once per turn; each observation gets its own copy
                mask = self._mask = self._mask_of(self._legal_now())
        else:
            mask = self._no_actions
        return {"observation": vector, "action_mask": mask.copy()}

    def _mask_of(self, legal: Mapping[int, Move]) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The action mask of these legal actions, kept by the actions (a game has few sets of them): never
        handed out, only copied."""
        if self._masks_kept == 0:
            made = np.zeros(self.encoding.num_actions, dtype=np.int8)
            made[list(legal)] = 1
            return made
        key = tuple(legal)
        mask = self._masks.get(key)
        if mask is None:
            if len(self._masks) >= self._masks_kept:
                self._masks.clear()
            mask = self._masks[key] = np.zeros(self.encoding.num_actions, dtype=np.int8)
            mask[list(key)] = 1
        return mask

    def legal_moves(self) -> dict[int, Any]:
        """The legal moves of the agent to move by action id (the engine's moves, for reading an action)."""
        return dict(self._legal_now())

    def action_of(self, move: Move) -> int:
        """The action id of ``move``, a legal move of the agent to move (``IllegalMoveError`` if it is not one)."""
        for action, legal in self._legal_now().items():
            if legal == move:
                return action
        raise IllegalMoveError(f"{move} is not a legal move of {self.agent_selection} now")

    def render(self) -> str | None:
        if self.render_mode is None or self.game is None:
            return None
        game = self.game
        scores = " ".join(map(str, game.scores))
        summaries = len(game.hand_summaries)
        turn = "over" if game.to_move is None else self.possible_agents[game.to_move]
        return f"scores: {scores}; finished hands or rounds: {summaries}; moves: {self.moves}; to move: {turn}"

    def close(self) -> None:
        self.game = None
