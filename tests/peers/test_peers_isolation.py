"""The peers stay optional: nothing that plays imports the bridge, and the bridge imports a peer only when used.

These tests run with or without the extra ``peers`` installed.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

from bonepile.peers import INSTALL_HINT, PeerMissingError, bonepile_decider

SOURCE = pathlib.Path(__file__).resolve().parents[2] / "src" / "bonepile"


def test_only_the_bridge_mentions_the_bridge() -> None:
    offenders = [
        str(path.relative_to(SOURCE))
        for path in SOURCE.rglob("*.py")
        if "peers" not in path.relative_to(SOURCE).parts and "bonepile.peers" in path.read_text(encoding="utf-8")
    ]
    assert offenders == []


def test_playing_imports_neither_the_bridge_nor_a_peer() -> None:
    code = (
        "import sys\n"
        "import bonepile.cli.main, bonepile.arena, bonepile.dominoes\n"
        "from bonepile.ai import make_agent\n"
        "make_agent('random', 'dominoes', 0)\n"
        "peers = ('bonepile.peers', 'pyspiel', 'open_spiel', 'dominoes')\n"
        "print(sorted(m for m in sys.modules if m.startswith(peers)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_importing_the_bridge_imports_no_peer() -> None:
    code = (
        "import sys\n"
        "import bonepile.peers, bonepile.peers.openspiel_dominoes, bonepile.peers.dominoes_package\n"
        "print(sorted(m for m in sys.modules if m.startswith(('pyspiel', 'open_spiel', 'dominoes'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("missing", ["pyspiel", "open_spiel"])
def test_missing_open_spiel_names_the_extra(monkeypatch: pytest.MonkeyPatch, missing: str) -> None:
    from bonepile.peers import openspiel_dominoes

    monkeypatch.setitem(sys.modules, missing, None)  # makes the import fail as if not installed
    monkeypatch.delitem(sys.modules, "open_spiel.python.games", raising=False)
    with pytest.raises(PeerMissingError, match="'peers'") as caught:
        openspiel_dominoes.play_lockstep(openspiel_dominoes.BLOCK, [bonepile_decider(), bonepile_decider()])
    assert INSTALL_HINT in str(caught.value)
    assert isinstance(caught.value, ImportError)


def test_missing_dominoes_package_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    from bonepile.peers import dominoes_package

    monkeypatch.setitem(sys.modules, "dominoes", None)
    with pytest.raises(PeerMissingError, match="'peers'"):
        dominoes_package.play_lockstep([bonepile_decider()] * 4)
    with pytest.raises(PeerMissingError, match="'dominoes'"):
        dominoes_package.dominoes_package_player("random")
