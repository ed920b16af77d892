"""The terminal speaks the language of its environment (issue 18): ``bonepile play dominoes`` in tmux with
``LANG=de_DE.UTF-8`` shows its first screen in German. What German is expected is read from the German
catalog (the terminal's messages, those extracted from ``src/bonepile/cli`` and the registry), not written here: some of
their translations are on the screen, and none of the English whose translation differs.
"""

from __future__ import annotations

import os
import re
import shutil
import time

from environment_helpers import unless
from i18n_support import messages, pattern, placeholders
from terminal_helpers import TmuxScreen, play_command

import bonepile.i18n as i18n

LANGUAGE = "de"
TERMINAL = re.compile(r"src/bonepile/(cli/|games\.py)")
"""Where the terminal's texts come from: its own files, and the registry (the games' titles)."""


def terminal_texts() -> list[tuple[str, str]]:
    """(English, German) of the terminal's messages, where the German is not the English."""
    i18n.read_catalog.cache_clear()
    catalog = i18n.read_catalog(LANGUAGE)
    assert catalog is not None, f"no catalog {i18n.po_path(LANGUAGE)}"
    pairs = []
    for message in messages(catalog):
        if message.fuzzy or not any(TERMINAL.search(path) for path, _line in message.locations):
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for english, german in zip(ids, strings, strict=False):
            if german and german != english:
                pairs.append((english, german))
    return pairs


def on_screen(text: str, screen: str) -> bool:
    """Whether ``text`` (a message, its placeholders any words) is on one of the screen's lines."""
    if placeholders(text):
        found = pattern(text)
        return found is not None and any(
            found.pattern and re.search(found.pattern, line) for line in screen.splitlines()
        )
    return (" " in text.strip() or len(text) > 6) and text in screen


@unless(shutil.which("tmux") is not None, "tmux (Debian package tmux; .ci/run installs it)")
def test_the_first_screen_in_german() -> None:
    pairs = terminal_texts()
    assert pairs, "the German catalog has no translation of the terminal's messages (src/bonepile/cli)"
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("COLUMNS", "LINES", "LANGUAGE", "LC_ALL", "LC_MESSAGES")
    }
    env["LANG"] = "de_DE.UTF-8"
    with TmuxScreen("i18n-test", play_command("dominoes", "--seed", "5"), 120, 40, env=env) as tmux:
        screen, before = "", None
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:  # until the first screen has settled
            screen = tmux.screen()
            if screen.strip() and screen == before and ">" in screen:
                break
            before = screen
            time.sleep(0.3)
    assert "Traceback" not in screen, screen
    german = sorted({de for en, de in pairs if on_screen(de, screen)})
    english = sorted({en for en, de in pairs if on_screen(en, screen)})
    assert not english, f"English on the German first screen: {english}\n{screen}"
    assert len(german) >= 3, f"only {german} of the German catalog's terminal texts on the first screen:\n{screen}"
