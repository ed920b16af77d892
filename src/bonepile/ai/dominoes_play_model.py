"""How likely an imagined world makes the plays the other players were seen to make.

Why: ``dominoes_sampling`` deals the hidden tiles out again uniformly among
the worlds that fit the hard facts (counts, passes, draws), but a player's
*choices* say more. Given a choice, players shed heavy tiles and doubles
first: a conditional-logit fit of ``score = PIP_WEIGHT * pips +
DOUBLE_WEIGHT * [double]`` to the decisions with two tiles or more to choose
from, in 2-player block hands, gave 0.35 and 1.5 for our own ``ismcts``
(398 decisions) and 0.30 and 1.5 for OpenSpiel's ISMCTS bot (387 decisions);
the log-likelihood rose from -430 (uniform choice) to -327. So a world in
which the plays seen were the natural ones is likelier than one in which
they were odd, and weighting the worlds by that likelihood (importance
resampling, ``WeightedWorlds``) makes a search imagine the other hands as
they probably are: playing the 6-6 early hints that the 6-5 was not there.

Only decisions whose hand at that moment is known in the world count: a
player's plays after their last draw. Before a draw, the world does not say
which of the player's tiles were already held. A forced opening (D3) is no
choice and does not count either. The model is soft: no world is ever ruled
out, so the hard facts stay the only thing that can exclude one.
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from bonepile.ai.dominoes_sampling import World, WorldSampler, d3_applies, fitting_mask, read_history, suit_mask
from bonepile.core.bits import bit_indices
from bonepile.dominoes import Observation, tiles_of_set

PIP_WEIGHT = 0.3
"""Log-odds per pip of choosing a tile over another (fitted, see the module docstring)."""
DOUBLE_WEIGHT = 1.5
"""Log-odds of a double over a non-double of the same pips (fitted, see the module docstring)."""
POOL_SIZE = 1500
"""Worlds drawn for one decision when the caller does not say (about the registered ``ismcts``'s iterations)."""


@dataclass(frozen=True, slots=True)
class SeenChoice:
    """One play another player chose: who, which tile, and what else they could have played then."""

    player: int
    tile: int
    """Index of the tile played."""
    later: int
    """Mask of the tiles the player played from this decision on (all held at the time, the chosen one included)."""
    fitting: int
    """Mask of the tiles that fitted the open ends at the time."""


class WorldLikelihood(Protocol):
    """A model of the other players, as ``WeightedWorlds`` uses it: how well a world explains what they did.

    ``PlayLikelihood`` is the one the agents use; a researcher can give the
    search another (``ISMCTSAgent(play_model=...)``), e.g. the exact policy of
    a known opponent, as ``bench/inference.py`` does to measure what a
    perfect model would be worth.
    """

    @property
    def choices(self) -> Sequence[object]:
        """The seen decisions the model weighs (none: every consistent world is as likely)."""
        ...

    def weight(self, world: World) -> float:
        """A number proportional to the probability of the seen decisions if ``world`` is the real one."""
        ...


class PlayLikelihood:
    """The likelihood of the other players' seen choices in a world, under the fitted play model."""

    def __init__(
        self,
        observation: Observation,
        *,
        pip_weight: float = PIP_WEIGHT,
        double_weight: float = DOUBLE_WEIGHT,
    ) -> None:
        rules = observation.rules
        self._appeal = [0.0] * rules.num_tiles
        for tile in tiles_of_set(rules.max_pips):
            self._appeal[tile.index] = math.exp(pip_weight * tile.pips + double_weight * tile.is_double)
        self.choices = _seen_choices(observation)

    def weight(self, world: World) -> float:
        """The probability of the seen choices given the hands of ``world`` (1.0 when nothing was chosen)."""
        appeal = self._appeal
        masks = [sum(1 << t.index for t in hand) for hand in world.hands]
        weight = 1.0
        for choice in self.choices:
            options = (masks[choice.player] | choice.later) & choice.fitting
            if options & (options - 1):  # two tiles or more: a real choice
                weight *= appeal[choice.tile] / sum(appeal[i] for i in bit_indices(options))
        return weight


def _seen_choices(observation: Observation) -> tuple[SeenChoice, ...]:
    """The others' plays since their last draw, but a forced opening, in the order they were made."""
    history = read_history(observation)
    if not history.complete:
        return ()  # no past to read (a hand set up from a position)
    rules = observation.rules
    suits = [suit_mask(rules, n) for n in range(rules.max_pips + 1)]
    everything = (1 << rules.num_tiles) - 1
    forced_opening = d3_applies(observation)
    found: list[tuple[int, SeenChoice]] = []
    for player, plays in enumerate(history.played):
        if player == observation.player:
            continue
        last_draw = max(history.draws[player], default=-1)
        for tile, index in plays:
            ends = history.ends[index]
            if index < last_draw or (ends is None and forced_opening):
                continue
            later = sum(1 << other.index for other, when in plays if when >= index)
            fitting = everything if ends is None else fitting_mask(suits, ends)
            found.append((index, SeenChoice(player, tile.index, later, fitting)))
    return tuple(choice for _, choice in sorted(found, key=lambda pair: pair[0]))


class WeightedWorlds:
    """Worlds drawn in proportion to their likelihood: a pool of consistent worlds, resampled by weight.

    With no choice seen, the pool would only repeat worlds, so ``draw`` then
    samples a fresh world every time (exactly what ``WorldSampler`` gives).
    """

    def __init__(
        self, sampler: WorldSampler, likelihood: WorldLikelihood, rng: random.Random, pool_size: int = POOL_SIZE
    ) -> None:
        if pool_size < 1:
            raise ValueError(f"the pool needs at least one world, not {pool_size}")
        self.sampler = sampler
        self.pool: list[World] = []
        self._cumulative: list[float] = []
        if likelihood.choices:
            total = 0.0
            for _ in range(pool_size):
                world = sampler.sample(rng)
                total += likelihood.weight(world)
                self.pool.append(world)
                self._cumulative.append(total)
            if total <= 0.0:  # every weight underflowed (never seen): fall back to the pool as drawn
                self._cumulative = [float(k + 1) for k in range(pool_size)]

    def draw(self, rng: random.Random) -> World:
        """One world: from the weighted pool, or fresh and uniform when nothing was chosen."""
        if not self.pool:
            return self.sampler.sample(rng)
        cumulative = self._cumulative
        point = rng.random() * cumulative[-1]
        return self.pool[min(bisect.bisect_right(cumulative, point), len(self.pool) - 1)]
