"""Helpers of the language tests: a fresh extraction of the English the sources say (as ``make messages``
does it, in-process), the catalogs of the languages, and the named placeholders of a text.

The module has a name no other test folder uses, so tests import it whatever order pytest collects in.
"""

from __future__ import annotations

import functools
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message

import bonepile.i18n as i18n

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import pseudo_locale  # noqa: E402  (tools/ is no package: a developer runs it as a script)

OTHER_LANGUAGES = tuple(code for code in i18n.LANGUAGES if code != i18n.DEFAULT)
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


@functools.cache
def template() -> Catalog:
    """Every English text of the sources, extracted now as ``make messages`` extracts it (``babel.cfg`` and
    the Makefile's keywords): the developers' tool ``tools/pseudo_locale.py`` does it, and the tests reuse it."""
    return pseudo_locale.template()


def messages(catalog: Catalog) -> list[Message]:
    return [message for message in catalog if message.id]


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def english_texts() -> set[str]:
    """Every English text a person may see, singular and plural forms both."""
    texts: set[str] = set()
    for message in messages(template()):
        texts.update(message.id if isinstance(message.id, tuple) else (message.id,))
    return texts


def translated_differently(language: str) -> dict[str, str]:
    """The English texts whose translation in ``language`` is not the same as the English (so loan words
    and names that stay the same are allowed on the page), each with its translation."""
    catalog = i18n.read_catalog(language)
    found: dict[str, str] = {}
    if catalog is None:
        return found
    for message in messages(catalog):
        if message.fuzzy:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            continue
        for english in ids:
            if english not in strings:
                found[english] = strings[0]
    return found


def all_translations(language: str) -> set[str]:
    """Every text of the language's catalog (each plural form)."""
    catalog = i18n.read_catalog(language)
    found: set[str] = set()
    for message in messages(catalog) if catalog is not None else ():
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found.update(text for text in strings if text)
    return found


def pattern(text: str) -> re.Pattern[str] | None:
    """A text with its placeholders as wildcards (``"{player} played {tile}"``: ``".+ played .+"``); None
    when what is left is no words (``"{first}, {second}"`` would match anything)."""
    parts = re.split(r"\{[A-Za-z_][A-Za-z0-9_]*\}", text)
    if not re.search(r"[^\W\d_]{2,}", "".join(parts)):
        return None
    return re.compile("(.+?)".join(re.escape(part) for part in parts), re.DOTALL)


class EnglishFinder:
    """Finds, among texts a person sees, those that are an English message whose translation in the
    language is not the English (a word both languages share is allowed). Under a pseudo-translation it
    finds more: every text with words outside the ``⟦ ⟧`` of the pseudo-translated ones, English that is
    not in the catalogs at all (nobody wrapped it)."""

    def __init__(self, language: str) -> None:
        differing = translated_differently(language)
        self.pseudo = is_pseudo(language)
        self.exact = {english for english in differing if not placeholders(english)}
        self.patterns = [
            (english, found) for english in differing if placeholders(english) and (found := pattern(english))
        ]
        # A text the language itself says (some translation, placeholders filled) is not English, even where
        # it also fits an English pattern ("{level} computer" is English and, filled, Filipino too).
        translations = all_translations(language)
        self.own_exact = {text for text in translations if not placeholders(text)}
        self.own_patterns = [found for text in translations if placeholders(text) and (found := pattern(text))]

    def english(self, text: str) -> str | None:
        """The English message ``text`` is, if it is one."""
        shown = " ".join(text.split())
        if self.pseudo:
            return outside_brackets(shown)
        if shown in self.exact:
            return shown
        for english, found in self.patterns:
            if found.fullmatch(shown):
                if shown in self.own_exact or any(own.fullmatch(shown) for own in self.own_patterns):
                    return None
                return english
        return None


MACHINE_WORDS = {"bonepile"}
"""Words that stay as they are in every language (the program's name)."""


@functools.cache
def machine_texts() -> frozenset[str]:
    """Whole texts that stay as they are in every language: the presets' names (``draw``, ``all-fives``)."""
    from bonepile.games import kinds

    return frozenset(name for kind in kinds() for name in kind.presets)


@functools.cache
def is_pseudo(language: str) -> bool:
    """Whether the catalog of ``language`` is a pseudo-translation (``tools/pseudo_locale.py``): every text
    wrapped in ``⟦ ⟧``. Then any words outside the brackets on a page are English nobody wrapped."""
    catalog = i18n.read_catalog(language)
    strings = [message.string for message in messages(catalog)] if catalog is not None else []
    flat = [text for string in strings for text in (string if isinstance(string, tuple) else (string,))]
    return bool(flat) and all(text.startswith("⟦") and text.endswith("⟧") for text in flat)


def outside_brackets(text: str) -> str | None:
    """Under a pseudo-translation: ``text`` when it has words outside every ``⟦ ⟧`` (not translated)."""
    if text in machine_texts():
        return None
    bare = re.sub(r"⟦[^⟧]*⟧", " ", text)
    words = [word for word in re.findall(r"[A-Za-z]{2,}", bare) if word.lower() not in MACHINE_WORDS]
    return " ".join(text.split()) if words else None
