"""A flat vector cut into named blocks, each with its bounds: the shape both games' encodings share."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from bonepile.encoding import Vector


@dataclass(frozen=True, slots=True)
class Block:
    name: str
    start: int
    size: int


@dataclass(slots=True)
class Layout:
    """Blocks added in order; ``low``/``high`` hold every element's bounds once the layout is complete."""

    blocks: dict[str, Block] = field(default_factory=dict)
    _low: list[float] = field(default_factory=list)
    _high: list[float] = field(default_factory=list)

    def add(self, name: str, size: int, low: float | Sequence[float], high: float | Sequence[float]) -> None:
        self.blocks[name] = Block(name, len(self._low), size)
        self._low.extend(low if isinstance(low, Sequence) else [low] * size)
        self._high.extend(high if isinstance(high, Sequence) else [high] * size)

    @property
    def size(self) -> int:
        return len(self._low)

    def bounds(self) -> tuple[Vector, Vector]:
        return np.array(self._low, dtype=np.float32), np.array(self._high, dtype=np.float32)

    def start(self, name: str) -> int:
        return self.blocks[name].start
