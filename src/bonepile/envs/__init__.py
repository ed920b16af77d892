"""Reinforcement-learning environments for every game with a research encoding (the ``rl`` extra: gymnasium,
pettingzoo).

* ``aec_env(game, **rules)``: a PettingZoo AEC environment, ``game`` being
  one of ``bonepile.encoding.GAMES`` (the registry's games with an encoding),
  with any preset and player count (``aec_env(game, preset=..., players=2)``);
* ``parallel_env(game, **rules)``: the same as a PettingZoo parallel env;
* Gymnasium ids from the registry (``GYM_IDS``: each game's ``gym_id``, e.g.
  ``bonepile/Dominoes-v0``), registered by importing this package: the
  learner plays one seat, the AI registry's agents the others.

See docs/research.md for the encodings and a worked example.
"""

from __future__ import annotations

from typing import Any

import gymnasium

from bonepile.envs._aec import BonepileAEC
from bonepile.envs._gym import BonepileGymEnv
from bonepile.envs._parallel import BonepileParallel
from bonepile.games import DEFAULT_GAME, kinds

GYM_IDS = {kind.name: kind.gym_id for kind in kinds() if kind.research is not None and kind.gym_id is not None}
"""Game name -> its Gymnasium id, for every game of the registry with a research encoding and an id."""


def aec_env(game: str = DEFAULT_GAME, **rules: Any) -> BonepileAEC:
    """A PettingZoo AEC environment for ``game`` with ``rules`` (preset, players, options; see ``BonepileAEC``)."""
    return BonepileAEC(game, **rules)


def parallel_env(game: str = DEFAULT_GAME, **rules: Any) -> BonepileParallel:
    """The parallel view of ``aec_env`` (one step: one round of turns)."""
    return BonepileParallel(game, **rules)


for _game, _id in GYM_IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(id=_id, entry_point="bonepile.envs._gym:BonepileGymEnv", kwargs={"game": _game})

__all__ = ["GYM_IDS", "BonepileAEC", "BonepileGymEnv", "BonepileParallel", "aec_env", "parallel_env"]
