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
"""


class BonepileError(Exception):
    """Base of every error the engines raise on purpose.

    ``public`` is the message without the position: engine messages name the
    whole position (every hand and the pool), which a front end must not show
    to a player, so front ends show ``public`` instead.
    """

    def __init__(self, message: str, *, public: str | None = None) -> None:
        super().__init__(message)
        self.public = public if public is not None else message


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
