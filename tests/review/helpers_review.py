"""Records for the review's tests: one deal played out by chosen agents, and a Tri-Ominos hexagon passed up."""

from __future__ import annotations

from typing import Any

from bonepile import games
from bonepile.ai.base import make_agent
from bonepile.core.protocol import Game


def play_hands(name: str, agent: str, seed: int, hands: int = 1, extra: int = 0, **options: Any) -> Game:
    """A game of ``name`` (seed ``seed``) whose first ``hands`` deals ``agent`` plays, then ``extra`` moves more."""
    game = games.game_kind(name).new_game(seed=seed, **options)
    agents = [make_agent(agent, name, 100 + p) for p in range(game.num_players)]
    while not game.is_over and game.deal_number <= hands:
        player = game.to_move
        assert player is not None
        game.play(agents[player].choose(game.observation(player)))
    for _ in range(extra):
        player = game.to_move
        assert player is not None
        game.play(agents[player].choose(game.observation(player)))
    return game


def record_of(game: Game) -> dict[str, Any]:
    return game.to_record()


def hexagon_passed_up(seed: int) -> tuple[dict[str, Any], int] | None:
    """A finished Tri-Ominos round in which, at one move, a hexagon was there to make and a plain placement
    worth fewer points was played instead (the greedy agent plays the rest); the record and that move's
    number, or None when the seed's round never offers a hexagon."""
    name = "triominoes"
    game = games.game_kind(name).new_game(seed=seed)
    agents = [make_agent("greedy", name, 100 + p) for p in range(game.num_players)]
    passed = None
    while game.deal_number == 1 and not game.is_over:
        player = game.to_move
        assert player is not None
        legal = game.legal_moves()
        if passed is None:
            placements = [m for m in legal if str(m) not in ("draw", "pass")]
            bonuses = {m: str(game.move_bonus(m) or "") for m in placements}
            hexagons = [m for m in placements if "hexagon" in bonuses[m]]
            plain = [m for m in placements if not bonuses[m]]
            if hexagons and plain:
                passed = len(game.moves) + 1
                game.play(plain[0])
                continue
        game.play(agents[player].choose(game.observation(player)))
    if passed is None:
        return None
    return game.to_record(), passed
