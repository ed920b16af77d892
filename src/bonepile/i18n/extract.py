"""A Babel extraction method for the texts a game's registry entry and its engine give a person.

Why: a game's title and its presets' descriptions are the engine's own words
(``PRESETS`` of a rules module), and the engine stays free of any translation
machinery. ``pybabel extract`` calls this method for ``games.py`` (see
``babel.cfg``): it reads the registry, as the front ends do, and hands Babel
each text with the line of the registry entry it came from, so the catalogs
hold every game the registry holds and no list of them is written twice.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import IO

from bonepile.games import kinds

Extracted = tuple[int, str, str | tuple[str, str], list[str]]


def registry_texts(
    fileobj: IO[bytes], keywords: Mapping[str, object], comment_tags: Collection[str], options: Mapping[str, object]
) -> Iterator[Extracted]:
    """Each game's title, its presets' descriptions and their names (context ``preset``: the page and the terminal
    show a preset by its name in the reader's language), as ``(line, function, text, comments)``."""
    lines = fileobj.read().decode("utf-8").splitlines()
    for kind in kinds():
        line = next((number for number, text in enumerate(lines, 1) if f'title="{kind.title}"' in text), 1)
        yield line, "_", kind.title, ["The name of a game (its title on the start page and the table)."]
        for preset, description in kind.presets.items():
            yield line, "_", description, [f"What the preset {preset!r} of {kind.title} plays."]
            comment = f"The name of a preset (a variant) of {kind.title}, shown beside the game's title: {description}"
            yield line, "p_", ("preset", preset), [comment]
