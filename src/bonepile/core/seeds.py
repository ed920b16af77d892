"""Where every agent's random seed comes from: one module, one function per way a front end seats agents.

An agent's choices are a function of its observation and its seed, so a seed
that is a function of the game's seed makes a game replay with the same
opponents. Each front end seats agents differently, and each way has its own
function here (and its own name: they give different numbers, and changing
one would change the games that front end replays).

Pure: standard library only.
"""

from __future__ import annotations

import random


def seat_seed(seed: int, seat: int) -> int:
    """The terminal's agents: one agent per seat for the whole game, seeded from the game's seed and its seat."""
    return random.Random(f"{seed}/{seat}").randrange(2**32)


def move_seed(seed: int, move_number: int, seat: int) -> int:
    """The web server's agents: a fresh agent for every move (the server keeps no agent between requests), so
    its seed is fixed by the game, the move's number and the seat, and a resumed game plays on the same."""
    return (seed * 1_000_003 + move_number * 8_191 + seat) % 2**63


def derived_seed(seed: int, *parts: int) -> int:
    """The arena's deals and agents: a seed for one deal or one seat, independent of every other, from the
    run's seed, so any game of a run can be replayed alone or on another process."""
    return random.Random("/".join(map(str, (seed, *parts)))).getrandbits(63)
