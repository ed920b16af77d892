"""What bonepile says to a person, in that person's language: gettext catalogs read with Babel.

Why a context variable and not a language argument: a text is made deep
inside a presenter or a terminal renderer, far from the request or socket
that knows who reads it. The server sets the language of the reader around
the work it does for them (``using``); everything below asks ``_`` and gets
that reader's words. A room with four languages renders each socket's view
under that socket's language, so nothing is ever stored in one language.

Messages carry named placeholders (``_("{player} played {tile}", player=..., tile=...)``) so that a
language may put the words in its own order; a count goes through ``n_``, which picks the plural form
the language's CLDR rules give (Lithuanian and Slovak have more than two). Numbers are written the way
the language writes them (``babel.numbers``).

The catalogs are the ``.po`` files under ``locales/`` (one set for the server, the terminal and the
page: ``catalog_for_page`` turns one into the page's JSON catalog). ``make messages`` extracts the
English from the sources and updates every catalog (``pybabel extract`` and ``pybabel update``).
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from babel import Locale
from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "N_",
    "_",
    "catalog_for_page",
    "current",
    "from_accept_language",
    "from_environment",
    "language_names",
    "n_",
    "negotiate",
    "p_",
    "public_message",
    "translate_template",
    "using",
]

LOCALES = Path(os.environ.get("BONEPILE_LOCALES") or Path(__file__).with_name("locales"))
"""Where the catalogs are: ``locales/<language>/LC_MESSAGES/bonepile.po``; the environment variable
``BONEPILE_LOCALES`` names another folder of the same shape (``tools/pseudo_locale.py`` writes one)."""

DOMAIN = "bonepile"

DEFAULT = "en"
"""The language of the sources: a language without a catalog entry falls back to it."""

LANGUAGES: tuple[str, ...] = ("en", "es", "fr", "de", "nl", "fi", "fil", "lt", "sk")
"""The languages bonepile speaks, English (the source) first."""

ALIASES: Mapping[str, str] = {"tl": "fil"}
"""Other codes for a language we speak: Filipino is the standard form of Tagalog."""

_current: contextvars.ContextVar[str] = contextvars.ContextVar("bonepile_language", default=DEFAULT)


def current() -> str:
    """The language of whoever the text being made is for."""
    return _current.get()


@contextlib.contextmanager
def using(language: str | None) -> Iterator[str]:
    """Make texts in ``language`` (normalized; unknown or None: English) until the block ends."""
    chosen = normalize(language) or DEFAULT
    token = _current.set(chosen)
    try:
        yield chosen
    finally:
        _current.reset(token)


def normalize(code: str | None) -> str | None:
    """The language we speak for a code such as ``de-AT``, ``fi_FI.UTF-8`` or ``tl``; None if we speak none."""
    if not code:
        return None
    base = re.split(r"[.@]", code.strip())[0].replace("_", "-").lower()
    if base in LANGUAGES:
        return base
    primary = base.split("-")[0]
    primary = ALIASES.get(primary, primary)
    return primary if primary in LANGUAGES else None


def negotiate(preferred: Sequence[str]) -> str:
    """The first of ``preferred`` (best first) that we speak, else English."""
    for code in preferred:
        found = normalize(code)
        if found:
            return found
    return DEFAULT


def from_accept_language(header: str | None) -> str:
    """The language an ``Accept-Language`` header asks for (its q-values honoured), else English."""
    if not header:
        return DEFAULT
    weighted: list[tuple[float, int, str]] = []
    for position, part in enumerate(header.split(",")):
        code, _sep, params = part.strip().partition(";")
        weight = 1.0
        match = re.search(r"q\s*=\s*([0-9.]+)", params)
        if match:
            try:
                weight = float(match.group(1))
            except ValueError:
                weight = 0.0
        if code and code != "*" and weight > 0:
            weighted.append((-weight, position, code))
    return negotiate([code for _w, _p, code in sorted(weighted)])


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The terminal's language, read as gettext reads it: ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if not value or value in ("C", "POSIX") or value.startswith("C."):
            continue
        # LANGUAGE may list several languages, best first.
        return negotiate(value.split(":"))
    return DEFAULT


@dataclass(frozen=True, slots=True)
class _Translations:
    """One language's catalog, read once: a message's translation by (context, message id)."""

    language: str
    singles: Mapping[tuple[str | None, str], str]
    plurals: Mapping[tuple[str | None, str], tuple[str, ...]]
    plural_index: object
    """The catalog's ``Plural-Forms`` expression as a function of the count (``gettext.c2py``)."""

    def form(self, count: int) -> int:
        return int(self.plural_index(count))  # type: ignore[operator]


def po_path(language: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def read_catalog(language: str) -> Catalog | None:
    """The catalog of ``language`` as Babel reads it (None for English, the source, or a missing file)."""
    path = po_path(language)
    if language == DEFAULT or not path.exists():
        return None
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


@functools.cache
def _translations(language: str) -> _Translations | None:
    catalog = read_catalog(language)
    if catalog is None:
        return None
    singles: dict[tuple[str | None, str], str] = {}
    plurals: dict[tuple[str | None, str], tuple[str, ...]] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, tuple):
            forms = tuple(message.string) if isinstance(message.string, tuple) else ()
            if forms and all(forms):
                plurals[(message.context, message.id[0])] = forms
        elif isinstance(message.id, str) and isinstance(message.string, str) and message.string:
            singles[(message.context, message.id)] = message.string
    return _Translations(language, singles, plurals, gettext.c2py(catalog.plural_expr))


def _format_values(values: Mapping[str, object], language: str) -> dict[str, object]:
    """Numbers in the language's way of writing them; everything else as it is."""
    shown: dict[str, object] = {}
    for key, value in values.items():
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 1000:
            shown[key] = format_decimal(value, locale=_babel_locale(language))
        else:
            shown[key] = value
    return shown


def _fill(text: str, values: Mapping[str, object], language: str) -> str:
    if not values:
        return text
    return text.format(**_format_values(values, language))


def _(message: str, /, **values: object) -> str:
    """``message`` in the current language, its ``{named}`` placeholders filled from ``values``."""
    language = _current.get()
    found = _translations(language) if language != DEFAULT else None
    text = found.singles.get((None, message), message) if found else message
    return _fill(text, values, language)


def p_(context: str, message: str, /, **values: object) -> str:
    """``message`` in the current language where the same English means different things (``context``)."""
    language = _current.get()
    found = _translations(language) if language != DEFAULT else None
    text = found.singles.get((context, message), message) if found else message
    return _fill(text, values, language)


def n_(singular: str, plural: str, count: int, /, **values: object) -> str:
    """The form of a counted message that the current language uses for ``count`` (``{count}`` is filled)."""
    language = _current.get()
    found = _translations(language) if language != DEFAULT else None
    forms = found.plurals.get((None, singular)) if found else None
    if found and forms:
        index = found.form(count)
        text = forms[index] if index < len(forms) else forms[-1]
    else:
        text = singular if count == 1 else plural
    return _fill(text, {"count": count, **values}, language)


def N_(message: str, /) -> str:
    """Marks ``message`` for the catalogs where it is defined; ``_(message)`` translates it where it is shown."""
    return message


def translate_template(template: str, values: Mapping[str, object]) -> str:
    """An engine's message template (``bonepile.core.errors.T_``) in the current language.

    A value that is itself a template (a reason inside a sentence) is translated
    first; a tuple of alternatives is joined the language's way ("6-4 left or
    6-4 right"). In English the text is the engine's own, word for word.
    """
    language = _current.get()
    if language == DEFAULT:
        from bonepile.core.errors import Template

        return str(Template(template, values))
    filled: dict[str, object] = {}
    for key, value in values.items():
        nested_template = getattr(value, "template", None)
        nested_values = getattr(value, "values", None)
        if isinstance(nested_template, str) and isinstance(nested_values, Mapping):
            filled[key] = translate_template(nested_template, nested_values)
        elif isinstance(value, tuple):
            filled[key] = format_list([str(item) for item in value], style="or", locale=_babel_locale(language))
        else:
            filled[key] = value
    return _(template, **filled)


def public_message(error: BaseException) -> str:
    """What an engine error says to a player, in the current language.

    The error's template (``BonepileError.template`` and ``values``) translated where
    it has one, else its ``public`` message (English), else ``str(error)``.
    """
    template = getattr(error, "template", None)
    values = getattr(error, "values", None)
    if isinstance(template, str) and isinstance(values, Mapping):
        return translate_template(template, values)
    public = getattr(error, "public", None)
    return public if isinstance(public, str) else str(error)


@functools.cache
def _babel_locale(language: str) -> Locale:
    return Locale.parse(language)


@functools.cache
def language_names() -> dict[str, str]:
    """Each language we speak, in its own words ("Deutsch", "suomi"), for the language picker."""
    names = {}
    for code in LANGUAGES:
        name = _babel_locale(code).get_display_name(code) or code
        names[code] = name[:1].upper() + name[1:]
    return names


def _plural_categories(language: str, translations: _Translations) -> dict[str, int]:
    """Which gettext form each CLDR plural category of the language uses, found by asking both rules of
    the same whole numbers (the page picks a category with ``Intl.PluralRules``)."""
    rule = _babel_locale(language).plural_form
    categories: dict[str, int] = {}
    for count in range(0, 1001):
        categories.setdefault(rule(count), translations.form(count))
    return categories


@functools.cache
def catalog_for_page(language: str) -> dict[str, object]:
    """The page's catalog of ``language``: ``messages`` maps a message id (``context\\u0004id`` where there is
    a context) to its text, or, for a counted message, to its text for each CLDR plural category."""
    chosen = normalize(language) or DEFAULT
    translations = _translations(chosen) if chosen != DEFAULT else None
    messages: dict[str, object] = {}
    if translations is not None:
        categories = _plural_categories(chosen, translations)
        for (context, message_id), text in translations.singles.items():
            messages[message_id if context is None else f"{context}\u0004{message_id}"] = text
        for (context, message_id), forms in translations.plurals.items():
            key = message_id if context is None else f"{context}\u0004{message_id}"
            by_category = {category: forms[min(index, len(forms) - 1)] for category, index in categories.items()}
            by_category.setdefault("other", forms[-1])
            messages[key] = by_category
    return {
        "language": chosen,
        "languages": [{"code": code, "name": name} for code, name in language_names().items()],
        "messages": messages,
    }
