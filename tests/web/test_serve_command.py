"""``bonepile serve``: builds the app on the given database and prints where to play."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import uvicorn

from bonepile.cli.main import main


def test_serve_prints_the_address_and_runs_the_app(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    ran: dict[str, Any] = {}

    def fake_run(app: Any, **options: Any) -> None:
        ran.update(options, app=app)

    monkeypatch.setattr(uvicorn, "run", fake_run)
    database = tmp_path / "served.db"
    assert main(["serve", "--port", "8123", "--db", f"sqlite:///{database}", "--ai-delay", "0"]) == 0
    out = capsys.readouterr().out
    assert "http://127.0.0.1:8123/" in out and str(database) in out
    assert ran["host"] == "127.0.0.1" and ran["port"] == 8123
    assert ran["app"].state.manager.ai_delay == 0
    assert database.exists()
