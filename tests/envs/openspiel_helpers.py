"""What both games' OpenSpiel tests need: a game loaded by its registered name, and one random playout."""

from __future__ import annotations

import random
from typing import Any

import pyspiel


def load(name: str, preset: str, players: int, **options: Any) -> Any:
    """``name(preset=...,players=...,option=value...)`` through ``pyspiel.load_game``, as a researcher writes it."""
    extra = "".join(f",{option}={value}" for option, value in options.items())
    return pyspiel.load_game(f"{name}(preset={preset},players={players}{extra})")


def play_randomly(game: Any, rng: random.Random) -> Any:
    """A whole hand or round: chance by its stated odds, every player uniformly among its legal actions."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, odds)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state
