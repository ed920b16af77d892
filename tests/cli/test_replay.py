"""``bonepile replay``: exact replays, and clear errors for corrupt or tampered records."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from bonepile.dominoes import Game
from bonepile.store import load_record, save_record


def _finished_record(seed: int) -> dict[str, object]:
    game = Game.new("draw", players=3, seed=seed)
    chooser = random.Random(seed)
    while not game.is_over:
        game.play(chooser.choice(game.legal_moves()))
    return game.to_record(players=["Ann", "Bob", "Cy"])


def _replay(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bonepile.cli.main", "replay", str(path)], capture_output=True, text=True, timeout=60
    )


def test_replay_prints_the_final_scores(tmp_path: Path) -> None:
    record = _finished_record(4)
    path = save_record(record, tmp_path / "game.json")
    done = _replay(path)
    assert done.returncode == 0, done.stderr
    scores = record["scores"]
    assert isinstance(scores, list)
    total_line = next(line for line in done.stdout.splitlines() if "total" in line)
    assert [int(word) for word in total_line.replace("│", " ").split() if word.isdigit()] == scores
    assert "(winner)" in done.stdout


def test_replay_names_the_first_bad_move(tmp_path: Path) -> None:
    record = _finished_record(9)
    moves = record["moves"]
    assert isinstance(moves, list)
    moves[5] = "pass" if moves[5] != "pass" else "draw"
    done = _replay(save_record(record, tmp_path / "tampered.json"))
    assert done.returncode == 2
    assert "move 6 " in done.stderr
    assert "Traceback" not in done.stderr


def test_replay_rejects_garbage_files_clearly(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json", encoding="utf-8")
    done = _replay(garbage)
    assert done.returncode == 2 and "not valid JSON" in done.stderr
    missing = _replay(tmp_path / "missing.json")
    assert missing.returncode == 2 and "no such record file" in missing.stderr
    wrong_game = tmp_path / "chess.json"
    wrong_game.write_text(json.dumps({"game": "chess"}), encoding="utf-8")
    done = _replay(wrong_game)
    assert done.returncode == 2 and "chess" in done.stderr


def test_save_record_replaces_the_file_whole(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "game.json"
    save_record({"a": 1}, path)
    save_record({"a": 2}, path)
    assert load_record(path) == {"a": 2}
    assert [p.name for p in path.parent.iterdir()] == ["game.json"]
