"""The one ISMCTS both games' players run: the search loop, the tree's node, and the race-to-the-target lookup.

Why a module of its own: the Dominoes and Tri-Ominos searches differ in
how they imagine worlds, finish a hand, score a result (D8, T8) and which
moves they favour, but walk, grow and credit the tree the same way. The loop
lives here once, over the hand protocol (``SearchHand``); each
game's player gives a ``Decision`` (its world sampler, rollout and rewards
for one move to choose), so neither game's player depends on the other's.

Single-observer ISMCTS (Cowling, Powley and Whitehouse): every iteration
imagines a world consistent with the observation, walks the tree choosing
only among the moves that world allows, adds one node, finishes the hand
with the game's rollout, and credits every move on the path with the result
for the side that made it. A move is only available in some worlds, so its
UCB term counts the times it *could* have been chosen (availability), not
the parent's visits. The observer's own draw is followed by a chance node
keyed by the tile drawn (the observer sees it, so the positions differ);
another player's draw is one branch (the tile stays hidden).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from bonepile.ai.base import SeededAgent
from bonepile.ai.reasons import Reason, search_reason

EXPLORATION = 0.5
"""UCB exploration constant, for rewards spread over [0, 1] (0.3 and 0.7 played alike in arena runs; 1.5 worse)."""


class Node:
    """Statistics of one move in one information state of the observer."""

    __slots__ = ("children", "visits", "total", "available")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.total = 0.0
        """Sum of rewards of the side that made the move leading here."""
        self.available = 1


class RaceTable:
    """The chance of winning a race to the target, read from a table a game's model has built.

    ``_table[a][b]`` is the chance that a side needing ``a`` more units of
    ``unit`` points beats one needing ``b``; each game fills it by its own
    rules of how points come (D8, T8).
    """

    target: int
    unit: int
    _size: int
    _table: list[list[float]]

    def win_probability(self, own: int, other: int) -> float:
        """The chance that a side with ``own`` points beats one with ``other`` points to the target."""
        target = self.target
        if own >= target or other >= target:
            return 1.0 if own > other else 0.0 if other > own else 0.5
        a = min(self._size - 1, math.ceil((target - own) / self.unit))
        b = min(self._size - 1, math.ceil((target - other) / self.unit))
        return self._table[a][b]


class Indexed(Protocol):
    """A tile, as the search names it (by its index in the set)."""

    @property
    def index(self) -> int: ...


class SearchHand(Protocol):
    """One deal as the search plays it: every hand known (a sampled world), moves applied in place.

    The engines' ``Hand`` and ``Round`` are such hands (``bonepile.core.protocol.HandInPlay``, with the
    tiles' index the search keys the observer's draws by).
    """

    @property
    def to_move(self) -> int | None:
        """Whose turn it is, or None when the hand is over."""

    @property
    def is_over(self) -> bool: ...

    def legal_moves(self) -> Sequence[Hashable]: ...

    def play(self, move: Any) -> object:
        """Apply a legal move (one of ``legal_moves``)."""

    def tiles_of(self, player: int) -> Sequence[Indexed]:
        """The tiles ``player`` holds."""


S = TypeVar("S", bound=SearchHand)
"""The game's hand in play (``Hand``, ``Round``)."""


class Decision(Protocol[S]):
    """What one game tells the search about one move to choose: everything in which the games differ."""

    @property
    def sides(self) -> Sequence[int]:
        """The side each player scores for: whose reward a player's move is credited with."""

    @property
    def bias(self) -> float:
        """Progressive bias: the weight of a move's prior score in UCB, fading with visits (0 with no priors)."""

    def world(self, rng: random.Random) -> S:
        """A hand consistent with the observation, to play one iteration in (the game's world sampler)."""

    def candidates(self, state: S, at_root: bool) -> tuple[Sequence[Any], Sequence[float] | None]:
        """The moves to search in ``state`` and a prior score for each, or None for no priors.

        With priors, untried moves are expanded best-scoring first and UCB
        gets the bias; without, an untried move is picked at random.
        """

    def key(self, move: Any) -> int:
        """A small integer naming ``move`` in the tree (ints hash the same in every run, unlike objects)."""

    def is_draw(self, move: Any) -> bool:
        """Whether ``move`` draws a tile (when the observer draws, a chance node keyed by the tile follows)."""

    def finish(self, state: S, rng: random.Random) -> Sequence[float]:
        """Play the hand on (the game's rollout) and return each side's reward, in about [0, 1]."""


def iterate(root: Node, decision: Decision[S], state: S, rng: random.Random, me: int, exploration: float) -> None:
    """One iteration of the search in the world ``state``: select, expand one node, roll out, credit the path."""
    node = root
    path: list[tuple[Node, int]] = []
    sides = decision.sides
    key_of = decision.key
    bias = decision.bias
    c = exploration
    expanded = False
    while not state.is_over and not expanded:
        player = state.to_move
        assert player is not None
        legal, points = decision.candidates(state, node is root)
        children = node.children
        if len(legal) == 1:
            move = legal[0]
            key = key_of(move)
            child = children.get(key)
            if child is None:
                child = children[key] = Node()
                expanded = True
        else:
            keys = [key_of(m) for m in legal]
            untried = [i for i, k in enumerate(keys) if k not in children]
            if untried:
                if points is not None:
                    # Best-scoring untried move first (ties: the engine's order), so small budgets see the big ones.
                    i = max(untried, key=points.__getitem__)
                else:
                    i = untried[int(rng.random() * len(untried))] if len(untried) > 1 else untried[0]
                for k in keys:
                    known = children.get(k)
                    if known is not None:
                        known.available += 1
                child = children[keys[i]] = Node()
                expanded = True
            else:
                best_value = -math.inf
                i = 0
                for j, k in enumerate(keys):
                    candidate = children[k]
                    candidate.available += 1
                    visits = candidate.visits
                    value = candidate.total / visits + c * math.sqrt(math.log(candidate.available) / visits)
                    if points is not None:
                        value += bias * points[j] / (visits + 1)
                    if value > best_value:
                        best_value, i = value, j
                child = children[keys[i]]
            move = legal[i]
        path.append((child, sides[player]))
        if player == me and decision.is_draw(move):
            before = set(state.tiles_of(me))
            state.play(move)
            drawn = next(t for t in state.tiles_of(me) if t not in before)
            chance = child.children.get(drawn.index)
            if chance is None:
                chance = child.children[drawn.index] = Node()
                expanded = True
            child = chance
            path.append((child, sides[player]))
        else:
            state.play(move)
        node = child
    reward = decision.finish(state, rng)
    for visited, side in path:
        visited.visits += 1
        visited.total += reward[side]


class ISMCTSPlayer(SeededAgent, Generic[S]):
    """An ISMCTS agent: the budget, the choice of the most visited root move, and its explanation.

    Each game's player subclasses it with ``decide`` (its ``Decision`` for
    an observation) and ``facts`` (the heuristic's reasons for a move).
    """

    name = "ismcts"
    searches = True

    def __init__(
        self, game: str, seed: int, iterations: int | None, time_limit: float | None, exploration: float
    ) -> None:
        super().__init__(game, seed)
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        self.iterations = iterations
        self.time_limit = time_limit
        self.exploration = exploration
        self.last_iterations = 0
        """How many iterations the last search ran (for benchmarks)."""
        self.last_root: Node | None = None
        """The tree of the last search (None when the move was forced): what ``explain`` reports."""

    def decide(self, observation: Any) -> Decision[S]:
        """The game's ``Decision`` for choosing a move from ``observation``."""
        raise NotImplementedError

    def move_key(self, move: Any) -> int:
        """The tree key of one of the observer's moves (as the game's ``Decision.key``)."""
        raise NotImplementedError

    def facts(self, observation: Any, move: Any) -> tuple[Reason, ...]:
        """The facts of the position the game's heuristic weighs for ``move``."""
        raise NotImplementedError

    def choose(self, observation: Any) -> Any:
        moves = observation.legal_moves
        self.last_root = None
        if len(moves) == 1:
            self.last_iterations = 0
            return moves[0]
        root = self.search(observation)
        self.last_root = root
        by_key = {self.move_key(m): m for m in moves}
        best = max(
            (key for key in root.children if key in by_key),
            key=lambda k: (root.children[k].visits, root.children[k].total),
        )
        return by_key[best]

    def explain(self, observation: Any, move: Any) -> tuple[Reason, ...]:
        """Why the last ``choose`` played ``move``: how often the search tried it, then the facts of the
        position the heuristic weighs for it."""
        facts = self.facts(observation, move)
        root = self.last_root
        if root is None:
            return facts
        legal = {self.move_key(m) for m in observation.legal_moves}
        visits = {key: child.visits for key, child in root.children.items() if key in legal}
        chosen = visits.get(self.move_key(move), 0)
        if not chosen:
            return facts
        return (search_reason(chosen, sum(visits.values()), len(visits) - 1), *facts[:2])

    def search(self, observation: Any) -> Node:
        """Run the search from ``observation`` and return the root of the tree."""
        return self.run(self.decide(observation), observation.player)

    def run(self, decision: Decision[S], me: int) -> Node:
        """Iterate ``decision`` within the budget (iterations, time limit or both) and return the root."""
        rng = self.rng
        root = Node()
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        limit = self.iterations
        c = self.exploration
        done = 0
        while limit is None or done < limit:
            if deadline is not None and done % 8 == 0 and done and time.perf_counter() >= deadline:
                break
            iterate(root, decision, decision.world(rng), rng, me, c)
            done += 1
        self.last_iterations = done
        return root
