"""The views speak the reader's language: a view made under ``bonepile.i18n.using("de")`` says the German of a
catalog, and the English view made before and after it is the same word for word (the presenters' caches of
log entries key on the language, so one reader's words never reach another)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bonepile import dominoes, i18n, mexican_train, triominoes
from bonepile.ai import make_agent
from bonepile.web import views
from bonepile.web.views import SeatInfo, Table

CATALOG = r"""
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Language: de\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "{player} drew a tile"
msgstr "{player} zog einen Stein"

msgid "You drew a tile"
msgstr "Du hast einen Stein gezogen"

msgid "{player} drew a tile ({points})"
msgstr "{player} zog einen Stein ({points})"

msgid "You drew a tile ({points})"
msgstr "Du hast einen Stein gezogen ({points})"

msgid "thinking…"
msgstr "denkt nach…"

msgid "sheds {count} pip"
msgid_plural "sheds {count} pips"
msgstr[0] "wirft {count} Auge ab"
msgstr[1] "wirft {count} Augen ab"
"""


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """A tiny German catalog in place of the real ones, read afresh (and forgotten afterwards)."""
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "bonepile.po").write_text(CATALOG, encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    i18n.read_catalog.cache_clear()
    i18n._translations.cache_clear()
    yield
    i18n.read_catalog.cache_clear()
    i18n._translations.cache_clear()


def _table(game: str, preset: str, players: int, move_number: int) -> Table:
    names = ("You", "Ann", "Bob", "Cy")[:players]
    seats = tuple(
        SeatInfo("human" if i == 0 else "ai", name, None if i == 0 else "easy") for i, name in enumerate(names)
    )
    return Table("g", game, preset, seats, move_number, False, (), None)


def _texts(view: dict[str, Any]) -> list[str]:
    return [entry["text"] for entry in view["log"]] + [player["status"] for player in view["players"]]


GAMES = [
    ("dominoes", "draw", 2, lambda seed: dominoes.Game.new("draw", players=2, seed=seed)),
    ("triominoes", "pressman", 2, lambda seed: triominoes.Game.new("pressman", players=2, seed=seed)),
    ("mexican-train", "mexican-train", 3, lambda seed: mexican_train.Game.new(players=3, seed=seed)),
]


@pytest.mark.parametrize(("game_name", "preset", "players", "new"), GAMES, ids=[g[0] for g in GAMES])
@pytest.mark.usefixtures("german")
def test_a_view_is_made_in_the_readers_language_and_english_stays_the_same(
    game_name: str, preset: str, players: int, new: Any
) -> None:
    for seed in range(10):
        game = new(seed)
        for step in range(300):
            if game.is_over:
                break
            observation = game.observation(game.to_move)
            game.play(make_agent("greedy", game.game_name, seed).choose(observation))
            table = _table(game_name, preset, players, step + 1)
            english = views.view(table, game.observation(0), 0, game.move_bonus)
            said = _texts(english)
            if not any(text.startswith("Ann drew a tile") for text in said):
                continue
            with i18n.using("de"):
                german = views.view(table, game.observation(0), 0, game.move_bonus)
            shown = _texts(german)
            assert any(text.startswith("Ann zog einen Stein") for text in shown), shown
            assert not any(text.startswith("Ann drew a tile") for text in shown), shown
            if any(text.startswith("You drew a tile") for text in said):
                assert any(text.startswith("Du hast einen Stein gezogen") for text in shown)
            # The English view made again (its log entries come from the same caches) is the English one.
            assert views.view(table, game.observation(0), 0, game.move_bonus) == english
            return
    pytest.fail(f"no draw by Ann in 10 games of {game_name}")


@pytest.mark.usefixtures("german")
def test_a_hint_reason_is_said_in_the_readers_language_when_shown() -> None:
    game = dominoes.Game.new("draw", players=2, seed=1)
    agent = make_agent("heuristic", "dominoes", 1)
    for _step in range(100):
        observation = game.observation(game.to_move)
        move = agent.choose(observation)
        reasons = [reason for reason in agent.explain(observation, move) if reason.kind == "sheds"]  # type: ignore[attr-defined]
        if reasons and move.tile is not None and move.tile.pips > 1:
            (reason,) = reasons
            pips = move.tile.pips
            assert reason.words(("You", "Ann")) == f"sheds {pips} pips"
            with i18n.using("de"):
                assert reason.words(("You", "Ann")) == f"wirft {pips} Augen ab"
                assert reason.to_json(("You", "Ann"))["facts"] == {"pips": pips}
            assert reason.to_json(("You", "Ann"))["text"] == f"sheds {pips} pips"
            return
        game.play(move)
    pytest.fail("no play of more than one pip in 100 moves")
