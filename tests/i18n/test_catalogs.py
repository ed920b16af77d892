"""Every language's catalog is complete for what the sources say today (issue 18): each English text of a
fresh extraction (``babel.cfg``, the Makefile's keywords) is in the language's ``.po``, translated (no empty
or fuzzy entry), with the same named placeholders as the English, and the catalog has the plural forms
CLDR gives the language. A new English string without its translations fails here, naming it.

``BONEPILE_LOCALES`` points these tests (and the app) at another folder of catalogs, such as the
pseudo-translation ``tools/pseudo_locale.py`` writes.
"""

from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.plurals import get_plural
from i18n_support import OTHER_LANGUAGES, messages, placeholders, template

import bonepile.i18n as i18n

SHOWN = 20


def listed(ids: list[str], what: str) -> str:
    more = f"\n  … and {len(ids) - SHOWN} more" if len(ids) > SHOWN else ""
    return f"{len(ids)} {what}:\n" + "\n".join(f"  {text!r}" for text in ids[:SHOWN]) + more


def key(message: Message) -> str:
    english = message.id[0] if isinstance(message.id, tuple) else message.id
    return english if message.context is None else f"{message.context}\u0004{english}"


def shown_id(message: Message) -> str:
    english = message.id[0] if isinstance(message.id, tuple) else message.id
    return english if message.context is None else f"[{message.context}] {english}"


def catalog_of(language: str) -> Catalog:
    i18n.read_catalog.cache_clear()
    path = i18n.po_path(language)
    assert path.exists(), (
        f"no catalog for {language}: {path} (make messages, then "
        f"pybabel init -i {i18n.LOCALES}/bonepile.pot -d {i18n.LOCALES} -D bonepile -l {language})"
    )
    catalog = i18n.read_catalog(language)
    assert catalog is not None
    return catalog


def test_the_sources_say_something() -> None:
    english = messages(template())
    assert len(english) > 10, "the extraction found almost nothing: is babel.cfg still right?"


@pytest.fixture(params=OTHER_LANGUAGES)
def language(request: pytest.FixtureRequest) -> str:
    code: str = request.param
    return code


def test_every_english_text_is_translated(language: str) -> None:
    catalog = catalog_of(language)
    entries = {key(message): message for message in messages(catalog)}
    obsolete = {key(message) for message in catalog.obsolete.values()}
    missing, only_obsolete, untranslated, fuzzy, not_counted = [], [], [], [], []
    for english in messages(template()):
        found = entries.get(key(english))
        if found is None:
            (only_obsolete if key(english) in obsolete else missing).append(shown_id(english))
            continue
        strings = found.string if isinstance(found.string, tuple) else (found.string,)
        if isinstance(english.id, tuple) and not isinstance(found.id, tuple):
            not_counted.append(shown_id(english))
        elif found.fuzzy:
            fuzzy.append(shown_id(english))
        elif not all(strings):
            untranslated.append(shown_id(english))
    problems = [
        listed(ids, what)
        for ids, what in (
            (missing, "English texts are not in the catalog (make messages adds them)"),
            (only_obsolete, "English texts are in the catalog only as obsolete (#~) entries"),
            (untranslated, "have an empty translation"),
            (fuzzy, "are fuzzy (check the translation, then remove the fuzzy flag)"),
            (not_counted, "are counted messages in the sources but single ones in the catalog"),
        )
        if ids
    ]
    assert not problems, f"{i18n.po_path(language)}:\n" + "\n".join(problems)


def test_translations_keep_the_named_placeholders(language: str) -> None:
    catalog = catalog_of(language)
    wrong: list[str] = []
    for message in messages(catalog):
        if message.fuzzy or not message.string:
            continue
        if isinstance(message.id, tuple):
            allowed = [placeholders(message.id[0]), placeholders(message.id[1])]
            for form, text in enumerate(message.string):
                # A form may drop {count} where it is used for one number only ("one tile").
                if text and placeholders(text) not in allowed and placeholders(text) | {"count"} not in allowed:
                    wrong.append(f"{message.id[0]!r} form {form}: {text!r}")
        elif isinstance(message.string, str) and placeholders(message.string) != placeholders(message.id):
            wrong.append(f"{message.id!r}: {message.string!r}")
    assert not wrong, f"{i18n.po_path(language)}: " + listed(wrong, "translations name other placeholders")


def test_the_plural_forms_are_cldrs(language: str) -> None:
    catalog = catalog_of(language)
    expected = get_plural(language)
    assert catalog.num_plurals == expected.num_plurals, (
        f"{i18n.po_path(language)}: Plural-Forms has {catalog.num_plurals} forms, CLDR gives {language} "
        f"{expected.num_plurals}: {expected.plural_forms}"
    )
    short = [
        shown_id(message)
        for message in messages(catalog)
        if isinstance(message.id, tuple) and len(message.string) != expected.num_plurals
    ]
    lacking = f"counted messages lack {expected.num_plurals} forms"
    assert not short, f"{i18n.po_path(language)}: " + listed(short, lacking)


def test_lithuanian_and_slovak_count_in_more_than_two_forms() -> None:
    """CLDR's "many" of Slovak is for fractions only, so gettext's rule for whole counts has three forms."""
    assert get_plural("lt").num_plurals == 3 and get_plural("sk").num_plurals == 3
