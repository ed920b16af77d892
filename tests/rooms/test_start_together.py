"""Several processes started at the same moment on a fresh database all come up: the migration runs under a
lock (a PostgreSQL advisory lock; a lock file beside a SQLite file), so none of them races another to create
the schema.

Two levels: many rounds of bare store opens (child processes that import everything first, then open the
store at one agreed instant, the narrowest race there is), and a few rounds of whole ``bonepile serve``
processes started together, as a service manager or a compose file starts them.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from postgres_helpers import database_for
from rooms_helpers import ServeProcess, free_port
from sqlalchemy import create_engine, text

OPENER = """
import sys, traceback
from bonepile.store.db import GameStore
print("ready", flush=True)
for line in sys.stdin:
    try:
        GameStore(line.strip()).close()
    except Exception:
        print("failed " + traceback.format_exc().replace("\\n", " | ")[-1500:], flush=True)
    else:
        print("opened", flush=True)
"""
"""A process that imports everything once, then opens the store at each URL it is sent (a line on its stdin)
and says how that went: each round's opens start within a millisecond of each other."""

ROUNDS = 10
"""Rounds of opens per database kind (before the lock, 4 processes racing failed in the first round)."""
OPENERS = 4
SERVE_ROUNDS = 2
SERVERS = 3


def _schema_is_whole(url: str) -> None:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            versions = connection.execute(text("SELECT version_num FROM alembic_version")).scalars().all()
            assert len(versions) == 1, versions
            assert connection.execute(text("SELECT count(*) FROM games")).scalar() == 0
            assert connection.execute(text("SELECT count(*) FROM rooms")).scalar() == 0
    finally:
        engine.dispose()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_stores_opened_at_one_instant_on_a_fresh_database_all_open(kind: str, tmp_path: Path) -> None:
    started = time.monotonic()
    children = [
        subprocess.Popen(
            [sys.executable, "-c", OPENER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
        )
        for _ in range(OPENERS)
    ]
    try:
        for child in children:  # every child has imported SQLAlchemy and Alembic: none starts late
            assert child.stdout is not None and child.stdout.readline().strip() == b"ready"
        for round_number in range(ROUNDS):
            with database_for(kind, str(tmp_path / f"fresh-{round_number}.db")) as url:
                for child in children:
                    assert child.stdin is not None
                    child.stdin.write(url.encode() + b"\n")
                    child.stdin.flush()
                for child in children:
                    assert child.stdout is not None
                    answer = child.stdout.readline().decode().strip()
                    assert answer == "opened", (round_number, answer)
                _schema_is_whole(url)
    finally:
        for child in children:
            assert child.stdin is not None
            child.stdin.close()  # the end of its input: the child is done
        for child in children:
            try:
                child.wait(timeout=30)
            finally:
                if child.poll() is None:
                    child.kill()
                    child.wait()
                assert child.stdout is not None
                child.stdout.close()
    assert time.monotonic() - started < 180


def test_serve_processes_started_together_on_a_fresh_postgresql_database_all_come_up(tmp_path: Path) -> None:
    """``SERVE_ROUNDS`` rounds of ``SERVERS`` whole ``bonepile serve`` processes (SQLite is the opens above: one
    file without ``--redis`` takes one server only)."""
    started = time.monotonic()
    for round_number in range(SERVE_ROUNDS):
        with database_for("postgresql", "") as url:
            servers = [
                ServeProcess(url, free_port(), log=tmp_path / f"serve-{round_number}-{n}.log") for n in range(SERVERS)
            ]
            try:
                for server in servers:
                    server.launch()
                for server in servers:
                    server.wait_up()
                    assert httpx.get(f"{server.url}/health", timeout=5).status_code == 200
            finally:
                for server in servers:
                    server.stop()
            _schema_is_whole(url)
    assert time.monotonic() - started < 180
