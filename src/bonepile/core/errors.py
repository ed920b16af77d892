"""The exception tree of bonepile; every class below the root is also a ``ValueError``.

    BonepileError
    ├── RulesError                bad preset, option or player count
    ├── MoveError                 a move that cannot be played as given
    │   ├── InvalidMoveError      text that is not a move at all
    │   ├── IllegalMoveError      a well-formed move the rules forbid now
    │   └── AmbiguousMoveError    short notation that fits several legal moves
    ├── InvalidPositionError      a position text that cannot be read
    └── RecordError               a game record that does not replay

Every message carries the offending input and, where there is one, the position,
so that a bug report quoting the message is enough to reproduce it. A front end
that only needs "this move cannot be played" catches ``MoveError``.

The errors a player can meet when moving also carry their public message as a
template and its values (``T_("illegal move {move}: {why}", move=..., why=...)``),
so that a front end can show it in the player's language
(``bonepile.i18n.public_message``); the engines themselves never translate.
"""

from __future__ import annotations

from collections.abc import Mapping


class Template:
    """An English message with ``{named}`` placeholders and their values, filled only when it is shown.

    A value may itself be a ``Template`` (a reason inside a sentence), or a tuple of
    alternatives, which English joins with " or " (a front end joins them in its language).
    ``str()`` is the English text, exactly as the engines wrote it before templates.
    """

    __slots__ = ("template", "values")

    def __init__(self, template: str, values: Mapping[str, object]) -> None:
        self.template = template
        self.values = values

    def __str__(self) -> str:
        return self.template.format(**{key: english(value) for key, value in self.values.items()})

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"T_({self.template!r}, **{dict(self.values)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Template):
            return self.template == other.template and dict(self.values) == dict(other.values)
        return str(self) == other if isinstance(other, str) else NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))

    def __contains__(self, text: str) -> bool:
        return text in str(self)


def english(value: object) -> object:
    """A template's value as the English text shows it: a nested template filled, alternatives joined by 'or'."""
    if isinstance(value, Template):
        return str(value)
    if isinstance(value, tuple):
        return " or ".join(str(english(item)) for item in value)
    return value


def T_(template: str, /, **values: object) -> Template:
    """Marks ``template`` for the catalogs (``pybabel extract -k T_``) and keeps its values; no translation here."""
    return Template(template, values)


message_template = T_
"""The long name of ``T_``."""


def out_of_turn(move: object, player: int, to_move: int | None, deal_word: str) -> Template:
    """Every engine's refusal of a move by ``player`` when ``to_move`` is to move (None: the deal, a
    ``"hand"`` or a ``"round"``, is over)."""
    if to_move is None:
        state = T_("the hand is over") if deal_word == "hand" else T_("the round is over")
    else:
        state = T_("player {player} is to move", player=to_move)
    return T_(
        "illegal move {move}: it is not player {player}'s turn ({state})", move=str(move), player=player, state=state
    )


class BonepileError(Exception):
    """Base of every error the engines raise on purpose.

    ``public`` is the message without the position: engine messages name the
    whole position (every hand and the pool), which a front end must not show
    to a player, so front ends show ``public`` instead.

    ``template`` and ``values``, where given, are ``public`` before it was filled
    in (``public`` is then the template filled, when it is not given), so that a
    front end can show it in the player's language: ``bonepile.i18n.public_message``.
    ``public`` may also be given as a ``Template`` (``T_(...)``), which sets all three.
    """

    def __init__(
        self,
        message: str,
        *,
        public: str | Template | None = None,
        template: str | None = None,
        values: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__(message)
        if isinstance(public, Template):
            template, values, public = public.template, public.values, str(public)
        self.template = template
        self.values: Mapping[str, object] = values if values is not None else {}
        if public is None:
            public = str(Template(template, self.values)) if template is not None else message
        self.public = public


class RulesError(BonepileError, ValueError):
    """A preset, option or player count that the rule sheet does not allow."""


class MoveError(BonepileError, ValueError):
    """A move that cannot be played as given: unreadable, illegal now, or ambiguous; the state is unchanged."""


class InvalidMoveError(MoveError):
    """Text that cannot be read as a move (syntax, not legality)."""


class IllegalMoveError(MoveError):
    """A move that is well formed but not legal in the current position."""


class AmbiguousMoveError(MoveError):
    """Short notation that matches more than one legal move."""


class InvalidPositionError(BonepileError, ValueError):
    """A position text that cannot be read or is inconsistent."""


class RecordError(BonepileError, ValueError):
    """A game record that is malformed or does not replay."""


def template_of(error: BaseException) -> Template | str:
    """What ``error`` says to a player, as a template where it has one (to carry into an error that wraps it)."""
    template = getattr(error, "template", None)
    if isinstance(template, str):
        return Template(template, getattr(error, "values", {}))
    return str(error)
