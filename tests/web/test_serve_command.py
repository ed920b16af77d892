"""``bonepile serve``: builds the app on the given database and prints where to play."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import uvicorn

from bonepile.cli.main import main
from bonepile.web.server import connection_cap


@pytest.fixture(autouse=True)
def _keep_the_test_runners_logging(monkeypatch: pytest.MonkeyPatch) -> None:
    """uvicorn's Config sets up logging with ``dictConfig``, which closes every handler already there, the
    test runner's own capture handlers included (later tests in the same worker then fail on a closed
    file). These tests read the config, not the logs, so its logging setup is left out."""
    monkeypatch.setattr(uvicorn.Config, "configure_logging", lambda config: None)


def test_serve_prints_the_address_and_runs_the_app(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    ran: dict[str, Any] = {}

    def fake_run(server: uvicorn.Server, sockets: Any = None) -> None:
        config = server.config
        ran.update(host=config.host, port=config.port, app=config.app, config=config)

    monkeypatch.setattr(uvicorn.Server, "run", fake_run)
    database = tmp_path / "served.db"
    assert main(["serve", "--port", "8123", "--db", f"sqlite:///{database}", "--ai-delay", "0"]) == 0
    out = capsys.readouterr().out
    assert "http://127.0.0.1:8123/" in out and str(database) in out
    assert ran["host"] == "127.0.0.1" and ran["port"] == 8123
    assert ran["app"].state.manager.ai_delay == 0
    assert database.exists()
    # The connection limits of the settings (docs: settings) reach uvicorn.
    config = ran["config"]
    assert config.timeout_keep_alive == 5 and config.limit_concurrency == connection_cap(500)
    assert config.ws_max_size == 64 * 1024


def test_serve_reads_its_limits_from_flags_and_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    ran: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn.Server, "run", lambda server, sockets=None: ran.update(app=server.config.app))
    monkeypatch.setenv("BONEPILE_MAX_MOVES", "300")
    monkeypatch.setenv("BONEPILE_HINT_TIMEOUT", "3")
    database = tmp_path / "served.db"
    assert main(["serve", "--db", f"sqlite:///{database}", "--hint-timeout", "4"]) == 0
    settings = ran["app"].state.settings
    assert settings.max_moves == 300 and settings.hint_timeout == 4.0  # a flag wins over the environment
    assert main(["serve", "--db", f"sqlite:///{database}", "--max-moves", "lots"]) == 2


def test_backup_copies_the_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = tmp_path / "served.db"
    from bonepile.store.db import GameStore

    GameStore(f"sqlite:///{database}").close()
    assert main(["backup", str(tmp_path / "copy.db"), "--db", f"sqlite:///{database}"]) == 0
    assert "copied 0 games" in capsys.readouterr().out
    assert main(["backup", str(tmp_path / "copy.db"), "--db", f"sqlite:///{database}"]) == 2  # never overwrites
