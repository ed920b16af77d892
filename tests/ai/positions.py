"""Positions with a real choice, from games played at random: the agents' tests of both games draw on them."""

from __future__ import annotations

import random
from typing import Any

from bonepile.games import game_info


def decision_points(game: str, preset: str, players: int, seed: int, count: int) -> list[Any]:
    """Up to ``count`` observations with two legal moves or more, in the order a random game met them."""
    played = game_info(game).new_game(preset, players, seed)
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count and not played.is_over:
        player = played.to_move
        assert player is not None
        observation = played.observation(player)
        if len(observation.legal_moves) > 1:
            found.append(observation)
        played.play(rng.choice(played.legal_moves()))
    return found
