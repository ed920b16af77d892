"""The strength benchmark's ceiling for the block row: ``bench/oracle.py``, a player that sees both hands.

The benchmark reports how often this player beats OpenSpiel's ISMCTS bot,
as the bound no fair player can pass; that number only means something if
the player really plays perfectly by our rules, so its solver is checked
against exhaustive search through our own engine, and it plays whole hands
through the lockstep bridge (every one of its moves checked in both engines).
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest
from environment_helpers import require_module

from bonepile.dominoes import Hand, Termination, Tile
from bonepile.peers import bonepile_decider
from bonepile.peers import openspiel_dominoes as spiel

ORACLE_PATH = Path(__file__).resolve().parents[2] / "bench" / "oracle.py"


@pytest.fixture(scope="module")
def oracle() -> ModuleType:
    require_module("pyspiel", "open_spiel, in the extra 'peers'")
    require_module("open_spiel.python.games", "open_spiel, in the extra 'peers'")
    spec = importlib.util.spec_from_file_location("bench_oracle", ORACLE_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def minimax(hand: Hand, side: int) -> int:
    """Win (1), draw (0) or loss (-1) for ``side`` with both sides playing perfectly, by trying every line."""
    if hand.is_over:
        assert hand.outcome is not None
        winner = hand.outcome.winner
        return 0 if winner is None else 1 if winner == side else -1
    values = []
    for move in hand.legal_moves():
        after = hand.copy()
        after.play(move)
        values.append(minimax(after, side))
    return max(values) if hand.to_move == side else min(values)


def mask(tiles: tuple[Tile, ...]) -> int:
    return sum(1 << tile.index for tile in tiles)


def test_the_solver_agrees_with_exhaustive_search_through_our_engine(oracle: ModuleType) -> None:
    rules = spiel.rules_for(spiel.BLOCK)
    rng = random.Random(5)
    checked = values_seen = 0
    seen: set[int] = set()
    while checked < 60:
        hand = Hand.deal(rules, rng)
        for _ in range(rng.randrange(6, 11)):
            if hand.is_over:
                break
            hand.play(rng.choice(hand.legal_moves()))
        if hand.is_over:
            continue
        player = hand.to_move
        assert player is not None
        ends = hand.observation(player).ends
        assert ends is not None
        value = oracle.BlockSolver().value(mask(hand.tiles_of(player)), mask(hand.tiles_of(1 - player)), *ends)
        assert value == minimax(hand, player), hand.position()
        seen.add(value)
        checked += 1
        values_seen = len(seen)
    assert values_seen >= 2  # wins and losses both met: the comparison can fail


def test_the_oracle_plays_whole_hands_through_the_bridge(oracle: ModuleType) -> None:
    wins = 0
    for seed in range(6):
        seats = [oracle.oracle_decider(), bonepile_decider("random", seed)]
        result = spiel.play_lockstep(spiel.BLOCK, seats, seed=seed)
        assert result.outcome.termination in (Termination.DOMINO, Termination.BLOCKED)
        wins += result.outcome.winner == 0
    assert wins >= 4  # perfect play with every tile in view beats random play nearly always
