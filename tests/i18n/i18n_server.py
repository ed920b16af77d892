"""The server of the language tests: `bonepile serve` as a subprocess (a module of its own, with a name no other
test folder uses, so a test imports it whatever order pytest collects the folders in)."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

# As `bonepile serve` builds it, without the AI's pauses, waiting between hands for the player (so a hand's
# summary stays on the table), and without the per-address limits (all these tests are one address).
_SERVE = """
import sys
import uvicorn
from bonepile.web import create_app
from bonepile.web.settings import Settings
settings = Settings(create_burst=10_000, hint_burst=10_000)
app = create_app(sys.argv[1], ai_delay=0.0, hand_pause=None, settings=settings)
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""


class Server:
    def __init__(self, folder: Path) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port: int = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = folder / "server.log"
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-c", _SERVE, f"sqlite:///{folder / 'games.db'}", str(self.port)],
                stdout=log,
                stderr=subprocess.STDOUT,
                env=dict(os.environ, PYTHONUNBUFFERED="1"),
            )
        deadline = time.monotonic() + 30
        while True:
            assert self.process.poll() is None, f"the server stopped: {self.log.read_text()[-2000:]}"
            with contextlib.suppress(OSError), urllib.request.urlopen(f"{self.url}/api/games/catalog", timeout=2):
                return
            assert time.monotonic() < deadline, "the server did not start in 30 s"
            time.sleep(0.1)

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        headers = {"Content-Type": "application/json"} | ({"Authorization": f"Bearer {token}"} if token else {})
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"{self.url}{path}", data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return json.load(answer)
        except urllib.error.HTTPError as error:
            raise AssertionError(f"{method} {path}: {error.code} {error.read().decode()}") from None

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=5)


# The browser itself is the fixture ``browser`` of tests/conftest.py, shared with tests/web_browser.
