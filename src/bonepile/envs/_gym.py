"""Gymnasium environments: the learner plays one seat, registered agents play the others.

``gymnasium.make("bonepile/Dominoes-v0", preset="block", players=2, opponent="heuristic")``
(after ``import bonepile.envs``, which registers the ids; or name the module:
``gymnasium.make("bonepile.envs:bonepile/Dominoes-v0", ...)``). The
observation is the encoding's vector, the legal actions are
``info["action_mask"]``; every other seat is played by an agent from the AI
registry (``opponent``: one name for every other seat, or a list in seat
order), which sees only its own observation. Built on the AEC environment,
so rewards, forced draws and illegal actions behave as there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from bonepile.ai import make_agent
from bonepile.core.errors import RulesError
from bonepile.encoding import Vector
from bonepile.envs._aec import BonepileAEC
from bonepile.games import DEFAULT_GAME


class BonepileGymEnv(gymnasium.Env[Vector, np.int64]):
    """One game (a match to the target) from the learner's seat; see the module docstring."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 (gymnasium declares it so)

    def __init__(
        self,
        game: str = DEFAULT_GAME,
        preset: str | None = None,
        players: int | None = None,
        *,
        opponent: str | Sequence[str] = "heuristic",
        seat: int = 0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.aec = BonepileAEC(game, preset, players, render_mode=render_mode, **options)
        self.game_name = game
        count = self.aec.rules.players
        if not isinstance(seat, int) or not 0 <= seat < count:
            raise RulesError(f"seat must be a player 0-{count - 1}, not {seat!r}")
        self.seat = seat
        others = [p for p in range(count) if p != seat]
        names = [opponent] * len(others) if isinstance(opponent, str) else list(opponent)
        if len(names) != len(others):
            raise RulesError(f"{len(names)} opponents named for the {len(others)} other seats")
        self.opponents = dict(zip(others, names, strict=True))
        for name in names:
            make_agent(name, game, 0)  # an unknown name fails here, with the names that exist
        self.learner = self.aec.possible_agents[seat]
        space = self.aec.observation_space(self.learner)
        assert isinstance(space, spaces.Dict)
        self.observation_space = space["observation"]
        self.action_space = spaces.Discrete(self.aec.encoding.num_actions)
        self.render_mode = render_mode
        self._agents: dict[int, Any] = {}
        self._among: dict[int, Callable[[Sequence[Any]], Any]] = {}
        """The opponents that choose from the legal moves alone (``RandomAgent.choose_among``), by seat."""

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Vector, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31))
        self.aec.reset(seed=game_seed)
        self._agents = {p: make_agent(name, self.game_name, game_seed + p) for p, name in self.opponents.items()}
        self._among = {
            p: among for p, agent in self._agents.items() if (among := getattr(agent, "choose_among", None)) is not None
        }
        reward = self._others_play()
        observation, info = self._view()
        info["reward_before_first_move"] = reward
        return observation, info

    def _others_play(self) -> float:
        """Let the agents move until it is the learner's turn or the game is over; the learner's reward meanwhile."""
        aec = self.aec
        game = aec.game
        assert game is not None
        reward = 0.0
        seat, terminations = self.seat, aec.terminations
        while True:
            player = game.to_move  # None once the game is over
            if player is None or player == seat or terminations[self.learner]:
                break
            among = self._among.get(player)
            # An agent that reads only the legal moves (``choose_among``) gets them: the player's observation
            # holds the same moves, so the choice is the same, without building the rest of the observation.
            move = (
                among(game.legal_moves())
                if among is not None
                else self._agents[player].choose(game.observation(player))
            )
            aec.play_legal(move)  # the engine's move itself: its action id is never needed
            reward += aec.rewards[self.learner]
        return reward

    def _view(self) -> tuple[Vector, dict[str, Any]]:
        seen = self.aec.observe(self.learner)
        info: dict[str, Any] = {"action_mask": seen["action_mask"]}
        info.update(self.aec.infos.get(self.learner, {}))
        return np.asarray(seen["observation"], dtype=np.float32), info

    def step(self, action: Any) -> tuple[Vector, SupportsFloat, bool, bool, dict[str, Any]]:
        aec = self.aec
        if aec.game is None or aec.terminations[self.learner] or aec.truncations[self.learner]:
            raise RulesError("the episode is over: call reset()")
        aec.step(action)
        reward = aec.rewards[self.learner]
        reward += self._others_play()
        observation, info = self._view()
        return observation, reward, aec.terminations[self.learner], aec.truncations[self.learner], info

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()
