"""The terminal's language: ``--lang``, else the environment, else English; engine errors translated."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import bonepile.i18n as i18n
from bonepile.cli.main import language_of, main
from bonepile.core.errors import IllegalMoveError
from bonepile.dominoes import Game, Move

GERMAN_PO = r"""
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Language: de\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "play a game in the terminal against AI players"
msgstr "ein Spiel im Terminal gegen KI-Spieler spielen"

msgid "illegal move {move}: {why}"
msgstr "unzulässiger Zug {move}: {why}"

msgid "player {player} does not hold {tile}"
msgstr "Spieler {player} hat {tile} nicht"
"""

ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture
def german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "bonepile.po").write_text(GERMAN_PO, encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    for name in ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)
    i18n.read_catalog.cache_clear()
    i18n._translations.cache_clear()
    yield
    i18n.read_catalog.cache_clear()
    i18n._translations.cache_clear()


def _help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 0
    return capsys.readouterr().out


def test_help_is_english_by_default(german: None, capsys: pytest.CaptureFixture[str]) -> None:
    out = _help(["--help"], capsys)
    assert "play a game in the terminal against AI players" in out
    assert "--lang CODE" in out


@pytest.mark.parametrize("argv", [["--lang", "de", "--help"], ["--lang=de_AT", "--help"]])
def test_lang_flag_picks_german(german: None, capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert "ein Spiel im Terminal gegen KI-Spieler spielen" in _help(argv, capsys)


def test_lang_flag_on_play(german: None, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "dominoes", "--lang", "de", "--help"]
    assert language_of(argv) == "de"
    assert "--lang CODE" in _help(argv, capsys)


def test_environment_picks_german(
    german: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert language_of([]) == "de"
    assert "ein Spiel im Terminal gegen KI-Spieler spielen" in _help(["--help"], capsys)


def test_lang_flag_wins_over_the_environment(german: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert language_of(["--lang", "en", "play", "dominoes"]) == "en"


def test_unknown_language_is_refused(german: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "xx", "play", "dominoes"]) == 2
    err = capsys.readouterr().err
    assert "unknown language 'xx'" in err
    for code in i18n.LANGUAGES:
        assert code in err


def _refused() -> IllegalMoveError:
    game = Game.new("draw", None, 1)
    player = game.to_move
    assert player is not None
    missing = game.observation((player + 1) % game.num_players).hand[0]  # a tile another player holds
    with pytest.raises(IllegalMoveError) as caught:
        game.play(Move.play(missing))
    return caught.value


def test_engine_error_template_translates(german: None) -> None:
    error = _refused()
    assert error.template == "illegal move {move}: {why}"
    english = error.public
    assert english.startswith("illegal move ") and "does not hold" in english
    with i18n.using("en"):
        assert i18n.public_message(error) == english
    with i18n.using("de"):
        german_text = i18n.public_message(error)
    assert german_text.startswith("unzulässiger Zug ")
    assert "hat" in german_text and "nicht" in german_text
    assert "does not hold" not in german_text
