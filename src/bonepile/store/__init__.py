"""Storage of game records: files on disk now, a database later. Sits on top of the engines."""

from bonepile.store.files import load_record, save_record

__all__ = ["load_record", "save_record"]
