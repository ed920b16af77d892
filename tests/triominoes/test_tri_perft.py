"""Move generation: the fixed move counts of perft.txt, and the fast generator against a brute force.

The engine finds placements through its frontier and a table keyed by corner
patterns; the brute force in ``triominoes_helpers`` tries every tile in every
rotation on every empty triangle next to the layout, with geometry written
from the rule sheet. They must agree on every position.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from triominoes_helpers import brute_force_placements, engine_placements

from bonepile.triominoes import TILES, Round, Rules

PERFT = Path(__file__).with_name("perft.txt")


def perft_entries() -> list[tuple[str, str, int, str, int]]:
    entries = []
    block: dict[str, str] = {}
    for line in [*PERFT.read_text(encoding="utf-8").splitlines(), ""]:
        if line.startswith("#"):
            continue
        if not line.strip():
            if block:
                preset, players = block["rules"].split()
                entries.append((block["name"], preset, int(players), block["position"], int(block["placements"])))
                block = {}
            continue
        key, _, value = line.partition(": ")
        block[key] = value
    return entries


ENTRIES = perft_entries()


def test_the_perft_file_has_the_hand_counted_positions() -> None:
    counts = {name: count for name, _, _, _, count in ENTRIES}
    assert counts["origin-0-1-2"] == 9
    assert counts["origin-0-0-0"] == 15
    assert counts["two-tiles"] == 13
    assert len(ENTRIES) >= 8


@pytest.mark.parametrize(("name", "preset", "players", "text", "count"), ENTRIES, ids=[e[0] for e in ENTRIES])
def test_perft_counts(name: str, preset: str, players: int, text: str, count: int) -> None:
    round_ = Round.from_position(Rules.from_preset(preset, players), text)
    placements = engine_placements(round_)
    assert len(placements) == count
    assert len(set(placements)) == count  # no placement twice (a triple's rotations are one placement)
    assert sorted(placements) == brute_force_placements(round_.board, round_.tiles_of(round_.to_move or 0))


def test_fast_generator_agrees_with_brute_force_on_thousands_of_random_positions() -> None:
    """Random playouts of every preset; at each position, the mover's hand and, every few moves, all free tiles."""
    checked = 0
    for preset in ("pressman", "goliath", "classic"):
        for players in range(2, 7):
            rules = Rules.from_preset(preset, players)
            rng = random.Random(f"{preset}/{players}")
            for _ in range(7):
                round_ = Round.deal(rules, rng)
                while not round_.is_over:
                    if round_.board:
                        player = round_.to_move
                        assert player is not None
                        engine = engine_placements(round_)
                        assert len(set(engine)) == len(engine)
                        assert sorted(engine) == brute_force_placements(round_.board, round_.tiles_of(player))
                        checked += 1
                        if rng.random() < 0.1:
                            # Every tile not on the board, as one big hand, through the same generator.
                            free = [t for t in TILES if t not in {m.tile for m in round_.board}]
                            fast = [str(m) for m in round_.placements(free)]
                            assert sorted(fast) == brute_force_placements(round_.board, free)
                    moves = round_.legal_moves()
                    round_.play(moves[rng.randrange(len(moves))])
    assert checked >= 3000
