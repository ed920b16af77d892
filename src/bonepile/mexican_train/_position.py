"""The text of a whole Mexican Train position (M10): ``Round.position`` writes it, ``Round.from_position``
reads it back exactly. The reader and the writer live with ``Round`` (they set its fields); this module
keeps their names importable from here."""

from bonepile.mexican_train._round import read_position, write_position

__all__ = ["read_position", "write_position"]
