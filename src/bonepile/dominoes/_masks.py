"""Quick helpers of the hand's hot loop: a mask's tiles and pips read a byte at a time, and the deal's shuffle.

A hand is a bitmask over tile indices (``_hand``); reading its tiles or its
pips one bit at a time costs a step per tile, so tables give them for each
byte of the mask. The deal shuffles the set with the generator's own swaps
(``shuffle``), in one call: the same deck as ``random.Random.shuffle``, which
``SAME_SHUFFLE`` checks once on this Python (and ``tests/dominoes`` for every set).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from bonepile.dominoes._tiles import TILES, Tile

_BYTES: Final = range((len(TILES) + 7) // 8)
_TILES_OF_BYTE: Final[tuple[tuple[tuple[Tile, ...], ...], ...]] = tuple(
    tuple(tuple(TILES[8 * k + i] for i in range(8) if byte >> i & 1 and 8 * k + i < len(TILES)) for byte in range(256))
    for k in _BYTES
)
"""For the k-th byte of a mask and its value, the tiles its bits stand for (a hand read 8 tiles at a time)."""
_PIPS_OF_BYTE: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sum(t.pips for t in tiles) for tiles in by_value) for by_value in _TILES_OF_BYTE
)


def tiles_of(mask: int) -> tuple[Tile, ...]:
    """The tiles of a mask (bit i: tile index i), lowest index first."""
    found: tuple[Tile, ...] = ()
    for by_value in _TILES_OF_BYTE:
        if not mask:
            break
        found += by_value[mask & 255]
        mask >>= 8
    return found


def pips_of(mask: int) -> int:
    """The pips of a mask's tiles, added up."""
    total = 0
    for by_value in _PIPS_OF_BYTE:
        if not mask:
            break
        total += by_value[mask & 255]
        mask >>= 8
    return total


def shuffle(deck: list[int], getrandbits: Callable[[int], int]) -> None:
    """``random.Random.shuffle(deck)``, the same swaps from the same bits, in one call (the deal's hot spot).

    The shuffle swaps each place i, from the last down, with a place j below
    i + 1 drawn as ``getrandbits`` of i + 1's bit length, drawn again while too big.
    """
    steps = _SHUFFLE_STEPS.get(len(deck))
    if steps is None:
        steps = _SHUFFLE_STEPS[len(deck)] = tuple((i, (i + 1).bit_length(), i + 1) for i in range(len(deck) - 1, 0, -1))
    for i, bits, n in steps:
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        deck[i], deck[j] = deck[j], deck[i]


_SHUFFLE_STEPS: Final[dict[int, tuple[tuple[int, int, int], ...]]] = {}
"""Per deck size, each step of the shuffle: (the place i, the bit length of i + 1, i + 1)."""


def _shuffles_alike() -> bool:
    """Whether ``shuffle`` makes exactly ``random.Random.shuffle``'s deck on this Python (checked once, at import)."""
    for seed in range(8):
        ours, theirs = list(range(28 + seed * 9)), list(range(28 + seed * 9))
        shuffle(ours, random.Random(seed).getrandbits)
        random.Random(seed).shuffle(theirs)
        if ours != theirs:
            return False
    return True


SAME_SHUFFLE: Final = _shuffles_alike()
"""Where a Python's shuffle differs, ``Hand.deal`` calls ``rng.shuffle`` itself: the deal never changes."""
