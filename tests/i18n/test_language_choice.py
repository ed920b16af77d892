"""Which language a person gets, and the counted forms it gives them (``bonepile.i18n``): codes of browsers
and terminals understood, ``Accept-Language``'s weights honoured, the environment read as gettext reads it,
and a count's form picked by the language's CLDR rule (Lithuanian and Slovak have three), on the server
(``n_``) and in the page's catalog (``catalog_for_page``, whose CLDR categories ``Intl.PluralRules`` picks).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural
from babel.messages.pofile import write_po

import bonepile.i18n as i18n
from bonepile.i18n import _, catalog_for_page, from_accept_language, from_environment, n_, negotiate, normalize, using


@pytest.mark.parametrize(
    ("code", "language"),
    [
        ("de-AT", "de"),
        ("de", "de"),
        ("DE_de", "de"),
        ("tl", "fil"),
        ("tl-PH", "fil"),
        ("fil", "fil"),
        ("fi_FI.UTF-8", "fi"),
        ("lt_LT.UTF-8@euro", "lt"),
        ("es-419", "es"),
        ("nl-BE", "nl"),
        ("sk-SK", "sk"),
        ("en-GB", "en"),
        ("xx", None),
        ("", None),
        (None, None),
    ],
)
def test_normalize(code: str | None, language: str | None) -> None:
    assert normalize(code) == language


def test_negotiate_takes_the_first_we_speak() -> None:
    assert negotiate(["xx", "pt-BR", "tl", "de"]) == "fil"
    assert negotiate(["xx", "ja"]) == "en"
    assert negotiate([]) == "en"


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("fr;q=0.5, de;q=0.9", "de"),
        ("fr, de;q=0.9", "fr"),
        ("ja, fi-FI;q=0.8, en;q=0.7", "fi"),
        ("de;q=0, sk;q=0.1", "sk"),
        ("*, lt;q=0.2", "lt"),
        ("en-US,en;q=0.9,es;q=0.8", "en"),
        ("xx", "en"),
        ("", "en"),
        (None, "en"),
    ],
)
def test_from_accept_language(header: str | None, language: str) -> None:
    assert from_accept_language(header) == language


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({"LANGUAGE": "xx:nl:de", "LANG": "fr_FR.UTF-8"}, "nl"),
        ({"LC_ALL": "fi_FI.UTF-8", "LANG": "de_DE.UTF-8"}, "fi"),
        ({"LC_MESSAGES": "sk_SK.UTF-8", "LANG": "de_DE.UTF-8"}, "sk"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LC_ALL": "C", "LANG": "es_ES.UTF-8"}, "es"),
        ({"LC_ALL": "POSIX", "LANG": "lt_LT.UTF-8"}, "lt"),
        ({"LC_ALL": "C.UTF-8", "LANG": "tl_PH.UTF-8"}, "fil"),
        ({"LANG": "C"}, "en"),
        ({}, "en"),
    ],
)
def test_from_environment(environ: dict[str, str], language: str) -> None:
    assert from_environment(environ) == language


def test_using_sets_the_language_for_the_block_only() -> None:
    assert i18n.current() == "en"
    with using("de-AT") as chosen:
        assert chosen == "de" and i18n.current() == "de"
        with using("xx"):
            assert i18n.current() == "en"
        assert i18n.current() == "de"
    assert i18n.current() == "en"


# ----------------------------------------------------------------------------- counted forms, CLDR's


TILES = ("{count} tile", "{count} tiles")


def _clear() -> None:
    i18n.read_catalog.cache_clear()
    i18n._translations.cache_clear()
    catalog_for_page.cache_clear()


@pytest.fixture
def small_catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Catalogs of Lithuanian and Slovak with one plain and one counted message, each form marked with its
    index ("form 1: {count}"), their Plural-Forms Babel's."""
    for language in ("lt", "sk"):
        plural = get_plural(language)
        catalog = Catalog(locale=language, domain=i18n.DOMAIN, fuzzy=False)
        catalog.add("Your turn", f"turn-{language}")
        catalog.add(TILES, tuple(f"form {form}: {{count}}" for form in range(plural.num_plurals)))
        path = tmp_path / language / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
        path.parent.mkdir(parents=True)
        with path.open("wb") as handle:
            write_po(handle, catalog)
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    _clear()
    yield tmp_path
    _clear()


def gettext_form(language: str, count: int) -> int:
    """The form gettext's expression of Babel's Plural-Forms gives ``count``, computed here on its own."""
    import gettext

    return int(gettext.c2py(get_plural(language).plural_expr)(count))


@pytest.mark.parametrize("language", ["lt", "sk"])
def test_n_picks_the_languages_form(small_catalogs: Path, language: str) -> None:
    with using(language):
        assert _("Your turn") == f"turn-{language}"
        for count in (0, 1, 2, 3, 4, 5, 9, 10, 11, 12, 19, 20, 21, 22, 25, 100, 101, 111):
            assert n_(*TILES, count) == f"form {gettext_form(language, count)}: {count}", count
    with using("en"):
        assert [n_(*TILES, count) for count in (1, 2)] == ["1 tile", "2 tiles"]


def test_lithuanian_forms_by_hand(small_catalogs: Path) -> None:
    """1 plytelė, 2 plytelės, 10 plytelių: one form each, as Lithuanian grammar has it."""
    with using("lt"):
        assert [n_(*TILES, count) for count in (1, 21, 2, 9, 22, 10, 11, 20, 0)] == [
            "form 0: 1",
            "form 0: 21",
            "form 1: 2",
            "form 1: 9",
            "form 1: 22",
            "form 2: 10",
            "form 2: 11",
            "form 2: 20",
            "form 2: 0",
        ]


def test_slovak_forms_by_hand(small_catalogs: Path) -> None:
    """1 kameň, 2 to 4 kamene, 5 kameňov."""
    with using("sk"):
        assert [n_(*TILES, count) for count in (1, 2, 4, 5, 0, 21)] == [
            "form 0: 1",
            "form 1: 2",
            "form 1: 4",
            "form 2: 5",
            "form 2: 0",
            "form 2: 21",
        ]


@pytest.mark.parametrize("language", ["lt", "sk"])
def test_the_pages_catalog_maps_cldr_categories_to_forms(small_catalogs: Path, language: str) -> None:
    page = catalog_for_page(language)
    assert page["language"] == language
    messages = page["messages"]
    assert isinstance(messages, dict)
    assert messages["Your turn"] == f"turn-{language}"
    by_category = messages[TILES[0]]
    assert isinstance(by_category, dict)
    rule = Locale(language).plural_form
    # Every category CLDR gives a whole count, and the text the page shows for it is the server's form.
    for count in range(0, 200):
        category = rule(count)
        assert by_category[category] == f"form {gettext_form(language, count)}: {{count}}", (count, category)
    assert "other" in by_category


def test_the_lithuanian_pages_categories(small_catalogs: Path) -> None:
    by_category = catalog_for_page("lt")["messages"][TILES[0]]  # type: ignore[index]
    rule = Locale("lt").plural_form
    assert (rule(1), rule(2), rule(10)) == ("one", "few", "other")
    assert by_category["one"] == "form 0: {count}"
    assert by_category["few"] == "form 1: {count}"
    assert by_category["other"] == "form 2: {count}"


def test_english_has_no_catalog_and_unknown_languages_are_english() -> None:
    assert catalog_for_page("en")["messages"] == {}
    assert catalog_for_page("xx")["language"] == "en"
    assert {entry["code"] for entry in catalog_for_page("en")["languages"]} == set(i18n.LANGUAGES)  # type: ignore[union-attr]
