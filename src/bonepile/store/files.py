"""Game records as JSON files, written atomically so a crash never leaves half a file."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from bonepile.core.errors import RecordError


def save_record(record: dict[str, Any], path: str | os.PathLike[str]) -> Path:
    """Write ``record`` to ``path`` (replacing it whole: write a temporary file, then rename)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            json.dump(record, stream, indent=1)
            stream.write("\n")
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return target


def load_record(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read a record file; raise ``RecordError`` with the path and the reason when it cannot be read."""
    source = Path(path)
    try:
        text = source.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"no such record file: {source}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"cannot read {source}: {error}") from None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"{source} is not valid JSON: {error}") from None
    if not isinstance(record, dict):
        raise RecordError(f"{source} does not hold a game record (a JSON object)")
    return record
