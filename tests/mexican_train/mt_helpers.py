"""Literal deals for the Mexican Train rule tests: rules, a round from given hands, what it offers."""

from __future__ import annotations

from typing import Any

from bonepile.mexican_train import Round, Rules


def rules(players: int = 2, preset: str = "mexican-train", **options: Any) -> Rules:
    return Rules.preset(preset, players=players, **options)


def deal(
    hands: list[list[str]],
    boneyard: list[str] | None = None,
    first: int = 0,
    engine: str | None = None,
    preset: str = "mexican-train",
    *,
    scores: list[int] | None = None,
    **options: Any,
) -> Round:
    """A round from these hands and boneyard (any tiles of the set without the engine), ``first`` to play."""
    return Round.from_deal(
        rules(len(hands), preset, **options),
        hands=hands,
        boneyard=boneyard or [],
        first=first,
        engine=engine,
        scores=scores,
    )


def legal(round_: Round) -> set[str]:
    return {str(move) for move in round_.legal_moves()}


def play(round_: Round, *moves: str) -> None:
    for move in moves:
        round_.play(move)
