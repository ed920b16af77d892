"""A PettingZoo parallel view of the AEC environment: one parallel step is one round of turns.

For tools that want ``ParallelEnv`` (and PettingZoo's ``max_cycles_test``):
each step takes one action per agent and applies them in turn order, each
at its agent's turn, so an action is read against the position when that
agent moves. An action no longer legal by then follows the environment's
``illegal_action`` rule. Where one agent moves several times in a row (a
Tri-Ominos draw it chose, a Mexican Train double, a drawn tile that fits),
the step ends when an agent that has acted in it is to move again: its next
action comes with the next step. The AEC environment is the faithful interface; this
is a convenience over it.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pettingzoo import ParallelEnv

from bonepile.envs._aec import BonepileAEC
from bonepile.games import DEFAULT_GAME


class BonepileParallel(ParallelEnv):  # type: ignore[misc]
    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "bonepile_parallel_v0"}

    def __init__(self, game: str = DEFAULT_GAME, **options: Any) -> None:
        self.aec = BonepileAEC(game, **options)
        self.possible_agents = self.aec.possible_agents
        self.render_mode = self.aec.render_mode
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> Any:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> Any:
        return self.aec.action_space(agent)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self.aec.reset(seed=seed, options=options)
        self.agents = self.aec.agents[:]
        return {agent: self.aec.observe(agent) for agent in self.agents}, {agent: {} for agent in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], ...]:
        aec = self.aec
        rewards = dict.fromkeys(self.agents, 0.0)
        acted: set[str] = set()
        for _ in range(len(self.agents)):
            agent = aec.agent_selection
            if aec.terminations[agent] or aec.truncations[agent] or agent in acted:
                break  # (an agent to move again, after a double say, gives its next action in the next step)
            acted.add(agent)
            aec.step(actions.get(agent))
            for other in self.agents:
                rewards[other] += aec.rewards.get(other, 0.0)
        observations = {agent: aec.observe(agent) for agent in self.agents}
        terminations = {agent: aec.terminations[agent] for agent in self.agents}
        truncations = {agent: aec.truncations[agent] for agent in self.agents}
        infos = {agent: dict(aec.infos[agent]) for agent in self.agents}
        self.agents = [agent for agent in self.agents if not (terminations[agent] or truncations[agent])]
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()
