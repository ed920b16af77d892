"""Why an agent chose a move, as facts about the position a player can check.

A hint that only names the move teaches nothing; one that says "sheds 10
pips; Ann passed on 4 twice" shows what to look at. Each ``Reason`` is one
such fact, worked out from the observation through the engine's public API
(the agents' own views of the table), never from hidden tiles and never by
applying a rule again here. ``weight`` is how much the fact counted in the
agent's own scoring, so the front ends can show the weightiest first.

The words name players by seat (``{0}``, ``{1}`` in ``template`` for the
seats in ``seats``): only the front end knows what the table calls them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

FactValue = int | float | str | tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Reason:
    """One fact that counted for a move."""

    kind: str
    """What sort of fact: ``sheds``, ``passed_on``, ``keeps``, ``bonus``, ``no_bonus_place``, ``search``, ..."""
    template: str
    """The fact in plain words, with ``{0}``, ``{1}``... for the names of ``seats``."""
    weight: float = 0.0
    """How much it counted in the agent's scoring (its own units); larger first."""
    seats: tuple[int, ...] = ()
    facts: Mapping[str, FactValue] = field(default_factory=dict)
    """The numbers behind the words (``{"pips": 10}``), for clients and tests to check."""

    def words(self, names: Sequence[str]) -> str:
        """The fact with the players' names put in."""
        return self.template.format(*(names[seat] for seat in self.seats))

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "text": self.words(names),
            "seats": list(self.seats),
            "facts": {key: list(value) if isinstance(value, tuple) else value for key, value in self.facts.items()},
        }


class Explains(Protocol):
    """An agent that can say why it would play ``move`` (one of its legal moves) in ``observation``."""

    def explain(self, observation: Any, move: Any) -> tuple[Reason, ...]: ...


def strongest(reasons: Sequence[Reason], limit: int = 3) -> tuple[Reason, ...]:
    """The ``limit`` weightiest reasons, weightiest first (ties keep their order)."""
    ranked = sorted(enumerate(reasons), key=lambda pair: (-pair[1].weight, pair[0]))
    return tuple(reason for _, reason in ranked[:limit])


_COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def count_word(count: int) -> str:
    """'three' for 3 (numbers up to nine in words, as players say them), '12' beyond."""
    return _COUNT_WORDS[count] if 0 <= count < len(_COUNT_WORDS) else str(count)


def times(count: int) -> str:
    """'once', 'twice', '3 times'."""
    return "once" if count == 1 else "twice" if count == 2 else f"{count} times"


def percent(chance: float) -> str:
    """A chance as a whole percentage: '35%'."""
    return f"{round(chance * 100)}%"


def a_percent(chance: float) -> str:
    """'a 35%', 'an 80%', 'an 11%': the article as the number is spoken."""
    shown = percent(chance)
    spoken_vowel = shown.startswith("8") or shown in ("11%", "18%")
    return f"{'an' if spoken_vowel else 'a'} {shown}"


def search_reason(visits: int, total: int, others: int) -> Reason:
    """What a search weighed: how many of its simulated deals went to this move, out of how many."""
    share = visits / total if total else 0.0
    others_words = "the other move" if others == 1 else f"the {count_word(others)} other moves"
    template = (
        f"played out {total} possible deals of the hidden tiles: this move held up best, "
        f"searched in {visits} of them ({percent(share)}) against {others_words}"
        if others
        else f"the only move the search found ({total} possible deals played out)"
    )
    return Reason(
        "search",
        template,
        weight=float("inf"),
        facts={"visits": visits, "deals": total, "other_moves": others},
    )
