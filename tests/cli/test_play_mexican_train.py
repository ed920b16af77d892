"""``bonepile play mexican-train``: the input interpreter, the table's rows, and whole games in-process and in tmux.

The games are played by a bot that reads only what the screen shows (the
playable tile numbers, the trains offered, the prompt) and answers the first
option, so a screen that lied about what may be played would fail the test.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from environment_helpers import unless
from rich.console import Console
from terminal_helpers import TmuxScreen, play_command

from bonepile.ai import make_agent
from bonepile.cli.play_mexican_train import (
    ASCII,
    UNICODE,
    ChooseTrain,
    MexicanTrainTable,
    Quit,
    Rejected,
    interpret,
    interpret_train,
    render_table,
)
from bonepile.cli.terminal import RecordFile, Terminal, agent_seed
from bonepile.mexican_train import DRAW, PASS, Game, Move, Round, Rules, replay
from bonepile.store import load_record

NAMES = ("You", "Ann", "Bob")


def _round(hands: list[list[str]], boneyard: list[str], **options: object) -> Round:
    return Round.from_deal(Rules.preset("mexican-train", players=len(hands), **options), hands=hands, boneyard=boneyard)


def _render(renderable: object, width: int = 100) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None, highlight=False)
    console.print(renderable)
    output = console.file
    assert isinstance(output, io.StringIO)
    return output.getvalue()


def bot_answer(screen: str) -> str:
    """The first option the screen offers: what a patient player who trusts the table would type."""
    prompt = screen.rstrip("\n").rsplit("\n", 1)[-1]
    if "Press enter" in prompt or "p to pass" in prompt:
        return ""
    offered = re.search(r"goes on \d+ trains: (\S+) = ", prompt)
    if offered:
        return offered.group(1)
    if "d to draw" in prompt:
        return "d"
    assert "Your move" in prompt, f"unexpected prompt {prompt!r}"
    playable = re.findall(r"you can play ([\d, or]+)", screen)
    assert playable, f"no playable tiles shown before {prompt!r}"
    first: str = re.findall(r"\d+", playable[-1])[0]
    return first


# ----------------------------------------------------------------- the input interpreter

# Seat 0 holds 4-3 (1), 12-5 (2) and 12-7 (3); the others' trains are empty and closed.
FIRST = [["12-5", "12-7", "3-4"], ["11-1"], ["10-2"]]


def test_a_tile_that_goes_on_one_train_only_is_played_by_its_number() -> None:
    round_ = _round([["12-5", "5-3", "3-4"], ["11-1"], ["10-2"]], ["6-6", "0-0"])
    # Tiles are numbered in the engine's order: 1 = 4-3, 2 = 5-3, 3 = 12-5.
    assert isinstance(interpret("3", round_.observation(0), NAMES), ChooseTrain)  # mine or mexican
    round_.play("12-5 mine")
    round_.play("draw")
    round_.play("pass")  # Ann draws 6-6, which fits nowhere: her marker goes out (M5)
    round_.play("draw")
    round_.play("pass")  # Bob too, with 0-0
    # 5-3 now goes on your own train only (the Mexican Train needs a 12, the open trains too).
    seen = round_.observation(0)
    assert interpret("2", seen, NAMES) == Move.parse("5-3 mine")
    assert interpret("3-5", seen, NAMES) == Move.parse("5-3 mine")
    assert interpret("1", seen, NAMES) == Rejected("4-3 fits no train open to you: you can play 2")


def test_a_tile_that_goes_on_several_trains_asks_which_by_name() -> None:
    seen = _round(FIRST, ["6-6"]).observation(0)
    choice = interpret("3", seen, NAMES)
    mine, mexican = Move.parse("12-7 mine"), Move.parse("12-7 mexican")
    assert isinstance(choice, ChooseTrain) and choice.moves == {0: mine, None: mexican}
    assert interpret_train("mine", choice, NAMES, 3) == mine
    assert interpret_train("m", choice, NAMES, 3) == mine
    assert interpret_train("mexican", choice, NAMES, 3) == mexican
    assert interpret_train("x", choice, NAMES, 3) == mexican
    assert interpret_train("", choice, NAMES, 3) is None  # back to choosing a tile
    assert interpret_train("q", choice, NAMES, 3) == Quit()
    refused = interpret_train("@2", choice, NAMES, 3)
    assert isinstance(refused, Rejected) and "mine = your train, mexican = the Mexican Train" in refused.message
    # The tile and its train at once, by word or by the owner's name.
    assert interpret("3 mexican", seen, NAMES) == mexican
    assert interpret("12-7 mine", seen, NAMES) == mine
    assert interpret("3 you", seen, NAMES) == mine


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("1", "4-3 fits no train open to you: you can play 2 or 3"),
        ("9", "there is no tile 9: your tiles are numbered 1 to 3"),
        ("", "choose a tile"),
        ("d", "you cannot draw now"),
        ("p", "you cannot pass now"),
        ("banana", "'banana' is not a move"),
        ("2 @2", "12-5 goes on mine or mexican here, not on Ann's train"),
        ("2 zed", "'zed' is no train"),
        ("11-1", "you do not hold 11-1"),
        ("1 2 3", "is not a move"),
    ],
)
def test_bad_answers_get_one_line_saying_why(text: str, says: str) -> None:
    seen = _round(FIRST, ["6-6"]).observation(0)
    answer = interpret(text, seen, NAMES)
    assert isinstance(answer, Rejected)
    assert says in answer.message and "\n" not in answer.message
    assert "6-6" not in answer.message and "10-2" not in answer.message  # nothing hidden is named


def test_with_no_tile_that_fits_enter_draws_then_passes() -> None:
    round_ = _round([["3-4", "5-1"], ["11-1"], ["10-2"]], ["6-6"])
    seen = round_.observation(0)
    assert interpret("", seen, NAMES) is DRAW and interpret("d", seen, NAMES) is DRAW
    assert isinstance(interpret("p", seen, NAMES), Rejected)
    round_.play("draw")  # 6-6 fits nowhere: pass, and the marker goes out
    seen = round_.observation(0)
    assert interpret("", seen, NAMES) is PASS and interpret("pass", seen, NAMES) is PASS
    assert interpret("q", seen, NAMES) == Quit()


# ----------------------------------------------------------------- the table's rows


def test_the_hub_and_each_train_are_rows_with_markers_and_the_waiting_double() -> None:
    round_ = _round([["12-5", "3-4", "9-9"], ["12-9", "11-1"], ["10-2", "7-7"]], [])
    round_.play("12-5 mine")
    round_.play("12-9 mexican")
    round_.play("pass")  # Bob cannot play and the boneyard is empty: his marker goes out (M5)
    screen = _render(render_table(round_.observation(0), NAMES, 5, UNICODE))
    rows = [row.strip("│ ") for row in screen.splitlines()]
    assert any(row.startswith("hub") and "engine 12-12" in row for row in rows)
    assert any(re.match(r"mexican\s+Mexican Train\s+12-9\s+→ 9", row) for row in rows), screen
    assert any(re.match(r"mine\s+your train\s+12-5\s+→ 5", row) for row in rows), screen
    assert any(re.match(r"@2\s+Ann\s+—\s+→ 12", row) for row in rows), screen
    assert any(re.match(r"@3\s+Bob ⚑ open\s+—\s+→ 12", row) for row in rows), screen
    assert "boneyard 0" in screen and "seed 5" in screen
    assert "11-1" not in screen and "10-2" not in screen  # the others' tiles stay hidden (M9)
    # A double laid on the Mexican Train and left uncovered waits (M6), and the screen says who must cover it.
    round_.play("9-9 mexican")
    round_.play("pass")
    screen = _render(render_table(round_.observation(0), NAMES, 5, ASCII))
    assert "the 9-9 on the Mexican Train waits: Ann must cover it" in screen
    assert re.search(r"mexican\s+Mexican Train\s+12-9 9-9\s+-> 9 double!", screen), screen
    assert re.search(r"mine\s+your train \[open\]", screen), screen


# ----------------------------------------------------------------- whole games, in-process


def _table(players: int, seed: int, tmp_path: Path, rounds: int) -> tuple[MexicanTrainTable, io.StringIO]:
    game = Game.new("mexican-train", players, seed, rounds=rounds)
    names = ["You"] + [f"AI {seat} (random)" for seat in range(1, players)]
    agents = {seat: make_agent("random", "mexican-train", agent_seed(seed, seat)) for seat in range(1, players)}
    output = io.StringIO()
    read_from = 0

    def read_line() -> str:
        nonlocal read_from
        screen = output.getvalue()[read_from:]
        read_from = len(output.getvalue())
        return bot_answer(screen)

    console = Console(file=output, width=110, color_system=None, highlight=False)
    terminal = Terminal(console, read_line, echo=True, sleep=lambda _: None)
    return MexicanTrainTable(game, names, agents, terminal, RecordFile(str(tmp_path / "game.json"))), output


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2), (8, 3)])
def test_a_game_plays_to_its_score_sheet_with_the_record_kept(players: int, seed: int, tmp_path: Path) -> None:
    table, output = _table(players, seed, tmp_path, rounds=2)
    assert table.play() == 0
    screen = output.getvalue()
    assert "Game over: the score sheet" in screen and "with the lowest total" in screen
    assert "fits no train" not in screen and "is not a move" not in screen  # the screen's hints were right
    assert "Round 1 of 2 (engine 12-12)" in screen and "Round 2 of 2 (engine 11-11)" in screen
    game = replay(load_record(tmp_path / "game.json"))
    assert game.is_over and game.scores == table.game.scores
    total = next(line for line in screen.splitlines()[::-1] if line.lstrip("│ ").startswith("total"))
    assert sorted(int(n) for n in re.findall(r"\d+", total)) == sorted(game.scores)


# ----------------------------------------------------------------- the real command


def _command(*args: str) -> list[str]:
    return play_command("mexican-train", *args)


def test_closed_input_ends_the_piped_game_with_a_message() -> None:
    done = subprocess.run(_command("--seed", "3"), input="", capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    assert "Input ended" in done.stdout and "Traceback" not in done.stderr
    assert "AI 1 (greedy)" in done.stdout and "does not play Mexican Train" not in done.stdout  # the default AI


@unless(shutil.which("tmux") is not None, "tmux (Debian package tmux; .ci/run installs it)")
def test_the_live_table_in_tmux_names_the_trains_and_takes_a_train_by_name(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    args = ("--players", "4", "--seed", "11", "--opponent", "random", "--record", str(record))
    tmux = TmuxScreen("mt", _command(*args), 110, 40)

    expected = Game.new("mexican-train", 4, 11)
    seen = expected.observation(0)
    assert expected.to_move == 0  # round 1: the first seat plays first (M3)
    with tmux:
        screen = tmux.screen_when(lambda s: "Your move" in s)
        rows = screen.splitlines()
        assert rows[0].startswith("Mexican Train · mexican-train · 4 players · seed 11")
        assert rows[1].startswith("Round 1 of 13 · engine 12-12 · boneyard 30")
        trains = [row.strip("│ ").split()[0] for row in rows if re.match(r"│ (hub|mexican|mine|@\d) ", row)]
        assert trains == ["hub", "mexican", "mine", "@2", "@3", "@4"]
        numbered = next(i for i, row in enumerate(rows) if row.startswith("Your tiles"))
        assert rows[numbered + 2].split() == [str(tile) for tile in seen.hand]

        tmux.send("xyz")
        assert "'xyz' is not a move" in tmux.screen_when(lambda s: "'xyz' is not a move" in s)
        both = [t for t in seen.hand if sum(1 for m in seen.legal_moves if m.tile == t) == 2]
        assert both, "seed 11 should give the player a tile for two trains"
        tmux.send(str(seen.hand.index(both[0]) + 1))
        screen = tmux.screen_when(lambda s: "goes on 2 trains" in s)
        assert f"{both[0]} goes on 2 trains: mine = your train, mexican = the Mexican Train >" in screen
        tmux.send("mexican")
        screen = tmux.screen_when(
            lambda s: re.search(r"mexican\s+Mexican Train\s+" + re.escape(f"12-{both[0].low}"), s)
        )
        assert re.search(r"mexican\s+Mexican Train\s+" + re.escape(f"12-{both[0].low}"), screen), screen
        tmux.send("q")
        screen = tmux.screen_when(lambda s: "You quit" in s)
        assert "You quit: the game stops in round 1" in screen and "Traceback" not in screen
        assert load_record(record)["moves"][0] == f"{both[0]} mexican"
