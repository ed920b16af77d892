"""The server's clock and the way it writes times in its JSON (one format for games and rooms alike)."""

from __future__ import annotations

from datetime import UTC, datetime


def now() -> datetime:
    return datetime.now(UTC)


def iso(moment: datetime) -> str:
    """A time to the second, as the API writes ``created_at`` and ``updated_at``: ``2025-01-31T18:04:35Z``."""
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def iso_ms(moment: datetime) -> str:
    """A time with milliseconds, for a clock's deadline: ``2025-01-31T18:04:35.250Z``."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"
