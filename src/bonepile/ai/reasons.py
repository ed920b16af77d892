"""Why an agent chose a move, as facts about the position a player can check.

A hint that only names the move teaches nothing; one that says "sheds 10
pips; Ann passed on 4 twice" shows what to look at. Each ``Reason`` is one
such fact, worked out from the observation through the engine's public API
(the agents' own views of the table), never from hidden tiles and never by
applying a rule again here. ``weight`` is how much the fact counted in the
agent's own scoring, so the front ends can show the weightiest first.

The words are one message of the catalogs (``template``, and ``plural`` for a
counted one), with named placeholders: ``{player}`` for the name of the seat
in ``seats`` (only the front end knows what the table calls them), and the
others from ``values``. They are said when shown (``words``), in the language
of whoever reads them (``bonepile.i18n.current``): a value that is itself
words (a number in words, a list) is kept as a function that says it then.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from bonepile.i18n import _, n_, p_

FactValue = int | float | str | tuple[int, ...]

WordValue = int | str | Callable[[], str]
"""A value put into a reason's words: a number, a tile's notation, or words to say when shown."""


@dataclass(frozen=True, slots=True)
class Plural:
    """A counted message's English pair, marked for the catalogs where it is written:
    ``Plural.n_("sheds {count} pip", "sheds {count} pips")`` (pybabel extracts ``n_`` calls)."""

    singular: str
    plural: str

    @staticmethod
    def n_(singular: str, plural: str, /) -> Plural:
        return Plural(singular, plural)


# TRANSLATORS: a hint's reason: the pips on the tile played leave the hand (they would count against you).
SHEDS = Plural.n_("sheds {count} pip", "sheds {count} pips")
"""The commonest reason of all, in the games played with dominoes."""


@dataclass(frozen=True, slots=True)
class Reason:
    """One fact that counted for a move."""

    kind: str
    """What sort of fact: ``sheds``, ``passed_on``, ``keeps``, ``bonus``, ``no_bonus_place``, ``search``, ..."""
    template: str
    """The fact in plain English, the message id of the catalogs: ``{player}`` for the name of the seat in
    ``seats``, other named placeholders from ``values`` (the singular, where ``plural`` is set)."""
    weight: float = 0.0
    """How much it counted in the agent's scoring (its own units); larger first."""
    seats: tuple[int, ...] = ()
    facts: Mapping[str, FactValue] = field(default_factory=dict)
    """The numbers behind the words (``{"pips": 10}``), for clients and tests to check."""
    values: Mapping[str, WordValue] = field(default_factory=dict)
    """What fills the words' placeholders besides the players' names (a function: words said when shown)."""
    plural: str | None = None
    """The plural message of a counted fact (``count`` picks the form; ``{count}`` is filled)."""
    count: int = 0

    @staticmethod
    def counted(
        kind: str,
        words: Plural,
        count: int,
        weight: float = 0.0,
        seats: tuple[int, ...] = (),
        facts: Mapping[str, FactValue] | None = None,
        values: Mapping[str, WordValue] | None = None,
    ) -> Reason:
        """A fact said with a count, in the plural form the reader's language uses for it."""
        return Reason(kind, words.singular, weight, seats, facts or {}, values or {}, words.plural, count)

    def words(self, names: Sequence[str]) -> str:
        """The fact in the current language, with the players' names put in."""
        shown: dict[str, object] = {key: value() if callable(value) else value for key, value in self.values.items()}
        if self.seats:
            shown["player"] = names[self.seats[0]]
        if self.plural is not None:
            return n_(self.template, self.plural, self.count, **shown)
        return _(self.template, **shown)

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
    return tuple(reason for _unused, reason in ranked[:limit])


def count_word(count: int) -> str:
    """'three' for 3 (numbers up to nine in words, as players say them), '12' beyond, in the current language."""
    # TRANSLATORS: a number in words, put into hints as {count_word} ("keeps three 5s for you"). Where your
    # language must inflect it to fit the sentence, write {count} (the number in digits) in that sentence instead.
    words = (
        p_("number in words", "no"),
        p_("number in words", "one"),
        p_("number in words", "two"),
        p_("number in words", "three"),
        p_("number in words", "four"),
        p_("number in words", "five"),
        p_("number in words", "six"),
        p_("number in words", "seven"),
        p_("number in words", "eight"),
        p_("number in words", "nine"),
    )
    return words[count] if 0 <= count < len(words) else str(count)


def spoken(count: int) -> Callable[[], str]:
    """``count`` in words, said when the reason is shown (a reason's ``count_word`` value)."""
    return functools.partial(count_word, count)


def percent(chance: float) -> str:
    """A chance as a whole percentage: '35%' (in the current language)."""
    # TRANSLATORS: a chance in a hint, as a whole percentage ("35%").
    return _("{number}%", number=round(chance * 100))


def a_percent(chance: float) -> str:
    """'a 35%', 'an 80%', 'an 11%': the article as the number is spoken (in the current language)."""
    shown = percent(chance)
    whole = round(chance * 100)
    if str(whole).startswith("8") or whole in (11, 18):
        # TRANSLATORS: a chance with its English article as the number is spoken ("an 80%", "an 11%"),
        # put into hints as {a_percent}; your language may write the same as for "a {percent}".
        return p_("article", "an {percent}", percent=shown)
    # TRANSLATORS: a chance with its English article ("a 35%"), put into hints as {a_percent}.
    return p_("article", "a {percent}", percent=shown)


def search_reason(visits: int, total: int, others: int) -> Reason:
    """What a search weighed: how many of its simulated deals went to this move, out of how many."""
    share = visits / total if total else 0.0
    facts: dict[str, FactValue] = {"visits": visits, "deals": total, "other_moves": others}
    if not others:
        return Reason.counted(
            "search",
            # TRANSLATORS: a hint of the strongest AI, which plays out possible deals of the tiles it cannot see.
            Plural.n_(
                "the only move the search found ({count} possible deal played out)",
                "the only move the search found ({count} possible deals played out)",
            ),
            total,
            weight=float("inf"),
            facts=facts,
        )
    return Reason.counted(
        "search",
        # TRANSLATORS: a hint of the strongest AI. {deals}: the possible deals of the hidden tiles it played
        # out; {visits}: in how many of them it tried this move; {percent}: that share ("35%"); {count}: the
        # number of other legal moves ({count_word}: the same in words, "three").
        Plural.n_(
            "played out {deals} possible deals of the hidden tiles: this move held up best, "
            "searched in {visits} of them ({percent}) against the other move",
            "played out {deals} possible deals of the hidden tiles: this move held up best, "
            "searched in {visits} of them ({percent}) against the {count_word} other moves",
        ),
        others,
        weight=float("inf"),
        facts=facts,
        values={
            "deals": total,
            "visits": visits,
            "percent": functools.partial(percent, share),
            "count_word": spoken(others),
        },
    )
