"""Bitmask helpers: the engines keep hands and tile sets as integers, one bit per tile index."""

from __future__ import annotations


def bit_indices(mask: int) -> list[int]:
    """The indices of the bits set in ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found
