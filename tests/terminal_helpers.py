"""``bonepile play`` as a person runs it: through pipes (a transcript) or on a live screen in tmux.

The terminal tests of every game and language drive the real command this way; what differs between them
is only the game, its flags and what they read on the screen.
"""

from __future__ import annotations

import os
import select
import shlex
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from types import TracebackType


def play_command(game: str, *args: str) -> list[str]:
    """``bonepile play GAME`` with no pause between the AI's moves, and ``args``."""
    return [sys.executable, "-m", "bonepile.cli.main", "play", game, "--delay", "0", *args]


class PipedGame:
    """The command with its stdin and stdout as pipes; reads up to each prompt and answers it."""

    def __init__(self, game: str, *args: str) -> None:
        env = dict(os.environ, PYTHONUNBUFFERED="1", COLUMNS="100")
        self.process = subprocess.Popen(
            play_command(game, *args), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
        )
        self.transcript = ""

    def next_screen(self, timeout: float = 15.0) -> str | None:
        """Everything printed up to the next prompt, or None once the program has ended."""
        assert self.process.stdout is not None
        chunk = b""
        deadline = time.monotonic() + timeout
        while not chunk.endswith(b"> "):
            ready, _, _ = select.select([self.process.stdout], [], [], max(0.0, deadline - time.monotonic()))
            assert ready, f"no prompt within {timeout}s; last output: {chunk.decode()[-500:]!r}"
            data = os.read(self.process.stdout.fileno(), 65536)
            if not data:
                self.transcript += chunk.decode()
                return None
            chunk += data
        self.transcript += chunk.decode()
        return chunk.decode()

    def answer(self, text: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(text.encode() + b"\n")
        self.process.stdin.flush()


class TmuxScreen:
    """A command on a tmux screen of its own (its own server socket, removed on leaving the ``with``).

    The command is followed by a pause, so that its last screen can still be read once it has ended. The
    pane's environment is this one without COLUMNS and LINES unless ``env`` is given: under pytest, readline
    puts COLUMNS=80 and LINES=24 in the process's own environment, and the game would believe them rather
    than the pane's size.
    """

    def __init__(
        self, name: str, command: list[str], columns: int, rows: int, env: Mapping[str, str] | None = None
    ) -> None:
        self.tmux = ["tmux", "-L", f"bonepile-{name}-{os.getpid()}"]
        line = shlex.join(command) + "; sleep 30"
        started = [*self.tmux, "new-session", "-d", "-s", "play", "-x", str(columns), "-y", str(rows), line]
        if env is None:
            env = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "LINES")}
        subprocess.run(started, check=True, env=dict(env))

    def __enter__(self) -> TmuxScreen:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        subprocess.run([*self.tmux, "kill-server"], capture_output=True)

    def screen(self) -> str:
        shown = subprocess.run([*self.tmux, "capture-pane", "-p", "-t", "play"], capture_output=True, text=True)
        return shown.stdout

    def screen_when(self, ready: Callable[[str], bool], timeout: float = 10.0) -> str:
        """The screen once ``ready`` holds of it, or as it is when ``timeout`` seconds have gone by."""
        deadline = time.monotonic() + timeout
        while True:
            shown = self.screen()
            if ready(shown) or time.monotonic() > deadline:
                return shown
            time.sleep(0.05)

    def send(self, keys: str) -> None:
        """Type ``keys`` and Enter."""
        subprocess.run([*self.tmux, "send-keys", "-t", "play", keys, "Enter"], check=True)
