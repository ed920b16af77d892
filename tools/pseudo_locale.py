"""Write a pseudo-translation of every language bonepile speaks: a way to see, before any translator has
worked, which texts are still English (nobody wrapped them) and which layouts break under longer words.

Usage::

    python tools/pseudo_locale.py /tmp/pseudo            # every language but English
    python tools/pseudo_locale.py /tmp/pseudo de fi      # only these
    BONEPILE_LOCALES=/tmp/pseudo bonepile serve          # the server, the page and the terminal read them
    BONEPILE_LOCALES=/tmp/pseudo python -m pytest tests/i18n -n 2

For each language it writes ``<dir>/<language>/LC_MESSAGES/bonepile.po`` (the shape of
``src/bonepile/i18n/locales``), made from a fresh extraction of the sources (``babel.cfg`` and the
Makefile's ``KEYWORDS``, as ``make messages`` extracts). Every translation is the English with its letters
accented and the whole wrapped in ``⟦ ⟧`` (``"{player} played {tile}"`` becomes
``"⟦{player} ṗĺáýéḋ {tile}⟧"``): the named placeholders are kept as they are, so the texts are filled as
the real ones will be; a counted message gets the ``Plural-Forms`` Babel's CLDR data gives the language
(three forms for Lithuanian, four for Slovak), its first form made from the singular, the others from the
plural. On a page, English without brackets is a text nobody wrapped; a ``⟦`` without its ``⟧`` is a text
cut off.

Never commit the output as a language's catalog: it is not a translation.
"""

from __future__ import annotations

import itertools
import re
import shlex
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.plurals import get_plural
from babel.messages.pofile import write_po

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("es", "fr", "de", "nl", "fi", "fil", "lt", "sk")
PLACEHOLDER = re.compile(r"(\{[A-Za-z_][A-Za-z0-9_]*\})")
ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀčḋéḟǧĥíĵķĺḿńóṗɋŕšťúṽẁẋýžÁƁČḊÉḞǦĤÍĴĶĹḾŃÓṖɊŔŠŤÚṼẀẊÝŽ",
)


def pseudo(text: str) -> str:
    """``text`` with its letters accented, its ``{placeholders}`` kept, wrapped in ``⟦ ⟧``."""
    parts = PLACEHOLDER.split(text)
    return "⟦" + "".join(part if PLACEHOLDER.fullmatch(part) else part.translate(ACCENTED) for part in parts) + "⟧"


def keywords() -> list[str]:
    line = next(row for row in (ROOT / "Makefile").read_text().splitlines() if row.startswith("KEYWORDS"))
    words = shlex.split(line.partition("=")[2])
    return [word for flag, word in itertools.pairwise(words) if flag == "-k"]


def in_sources(path: str) -> bool:
    """Only the folders that hold sources ``babel.cfg`` names (the repository's data is not walked)."""
    relative = Path(path).resolve().relative_to(ROOT).as_posix()
    name = relative.rsplit("/", 1)[-1]
    wanted = relative in ("src", "src/bonepile") or relative.startswith("src/bonepile/")
    return wanted and not name.startswith((".", "_"))


def template() -> Catalog:
    """The English of the sources, extracted now as ``make messages`` extracts it."""
    with (ROOT / "babel.cfg").open() as mapping:
        method_map, options_map = parse_mapping_cfg(mapping, str(ROOT / "babel.cfg"))
    catalog = Catalog(project="bonepile", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(ROOT),
        method_map,
        options_map,
        keywords=parse_keywords(keywords()),
        comment_tags=("TRANSLATORS:",),
        strip_comment_tags=True,
        directory_filter=in_sources,
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def pseudo_catalog(english: Catalog, language: str) -> Catalog:
    plural = get_plural(language)
    catalog = Catalog(locale=language, domain="bonepile", project="bonepile", fuzzy=False)
    for message in english:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            singular, plural_id = message.id[0], message.id[1]
            string: str | tuple[str, ...] = tuple(
                pseudo(singular if form == 0 else plural_id) for form in range(plural.num_plurals)
            )
        else:
            string = pseudo(message.id)
        catalog.add(
            message.id, string, list(message.locations), auto_comments=message.auto_comments, context=message.context
        )
    return catalog


def write(directory: Path, languages: tuple[str, ...] = LANGUAGES) -> list[Path]:
    english = template()
    written = []
    for language in languages:
        path = directory / language / "LC_MESSAGES" / "bonepile.po"
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            write_po(handle, pseudo_catalog(english, language), width=0)
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    chosen = tuple(argv[1:]) or LANGUAGES
    unknown = [code for code in chosen if code not in LANGUAGES]
    if unknown:
        print(f"not a language bonepile speaks: {', '.join(unknown)}", file=sys.stderr)
        return 2
    for path in write(Path(argv[0]), chosen):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
