"""``bonepile play dominoes``: the input interpreter, the table's pieces, and whole games through a pipe and in tmux.

The games are played by a bot that reads only what the screen shows (the
playable tile numbers, the prompt) and answers the first legal option, so a
screen that lied about what may be played would fail the test.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from environment_helpers import unless
from rich.console import Console
from terminal_helpers import PipedGame, TmuxScreen, play_command

from bonepile.ai import make_agent
from bonepile.cli.main import main
from bonepile.cli.play_dominoes import (
    ChooseEnd,
    DominoesTable,
    Quit,
    Rejected,
    interpret,
    interpret_end,
)
from bonepile.cli.render_dominoes import (
    ASCII,
    LineOfPlay,
    TableView,
    player_status,
    render_table,
)
from bonepile.cli.terminal import RecordFile, Terminal, agent_seed
from bonepile.dominoes import DRAW, PASS, End, Game, Hand, Move, Observation, Rules, Tile, replay
from bonepile.store import load_record

# ----------------------------------------------------------------- helpers


def _observation(position: str, preset: str = "draw") -> tuple[Hand, Observation]:
    hand = Hand.from_position(Rules.from_preset(preset), position)
    return hand, hand.observation(0)


# Seat 0 holds 3-3 4-1 4-3 6-5 (numbered 1-4 in that order); the line's open ends are 4 and 3.
CHOICES = "hands: 3-3 4-1 4-3 6-5 / 2-2 0-0; line: 4-5 5-5 5-3; boneyard: 1-1 2-0; turn: 0"
MUST_DRAW = "hands: 6-6 1-0 / 2-2 0-0; line: 4-5 5-3; boneyard: 1-1 2-1; turn: 0"
MUST_PASS = "hands: 6-6 1-0 / 2-2 3-2; line: 4-5 5-3; boneyard: -; turn: 0"


def _render(renderable: object, width: int = 100) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None, highlight=False)
    console.print(renderable)
    output = console.file
    assert isinstance(output, io.StringIO)
    return output.getvalue()


def bot_answer(screen: str) -> str:
    """The first legal option, read off the screen: what a patient player who trusts the table would type."""
    prompt = screen.rstrip("\n").rsplit("\n", 1)[-1]
    if "Press enter" in prompt or "p to pass" in prompt:
        return ""
    if "fits both ends" in prompt:
        return "r"
    offered = re.search(r"fits \d+ ends: (\w) = ", prompt)
    if offered:
        return offered.group(1)
    if "d to draw" in prompt:
        return "d"
    assert "Your move" in prompt, f"unexpected prompt {prompt!r}"
    playable: list[str] = re.findall(r"you can play ([\d, or]+)", screen)
    assert playable, f"no playable tiles shown before {prompt!r}"
    first: str = re.findall(r"\d+", playable[-1])[0]
    return first


# ----------------------------------------------------------------- the input interpreter


def test_a_tile_number_plays_the_tile_at_the_only_end_it_fits() -> None:
    hand, seen = _observation(CHOICES)
    assert interpret("2", seen, hand.parse_move) == Move.play(Tile(4, 1), End.LEFT)
    assert interpret(" 1 ", seen, hand.parse_move) == Move.play(Tile(3, 3), End.RIGHT)


def test_a_tile_that_fits_both_ends_asks_which() -> None:
    hand, seen = _observation(CHOICES)
    choice = interpret("3", seen, hand.parse_move)
    left, right = Move.play(Tile(4, 3), End.LEFT), Move.play(Tile(4, 3), End.RIGHT)
    assert choice == ChooseEnd(Tile(4, 3), {End.LEFT: left, End.RIGHT: right})
    assert isinstance(choice, ChooseEnd)
    assert interpret_end("l", choice, seen) == left
    assert interpret_end("RIGHT", choice, seen) == right
    assert interpret_end("", choice, seen) is None  # back to choosing a tile
    assert interpret_end("q", choice, seen) == Quit()
    assert isinstance(interpret_end("up", choice, seen), Rejected)
    assert interpret("3 r", seen, hand.parse_move) == Move.play(Tile(4, 3), End.RIGHT)


def test_full_notation_is_read_by_the_engine() -> None:
    hand, seen = _observation(CHOICES)
    assert interpret("4-3 right", seen, hand.parse_move) == Move.play(Tile(4, 3), End.RIGHT)
    assert interpret("3-4 l", seen, hand.parse_move) == Move.play(Tile(4, 3), End.LEFT)
    assert interpret("1-4", seen, hand.parse_move) == Move.play(Tile(4, 1), End.LEFT)
    assert isinstance(interpret("4-3", seen, hand.parse_move), ChooseEnd)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("4", "6-5 does not fit: you can play 1, 2 or 3"),
        ("9", "there is no tile 9: your tiles are numbered 1 to 4"),
        ("0", "there is no tile 0"),
        ("", "choose a tile"),
        ("d", "you cannot draw now"),
        ("p", "you cannot pass now"),
        ("banana", "'banana' is not a move"),
        ("2 up", "is not a move"),
        ("6-2", "you do not hold 6-2"),
        ("2-2", "you do not hold 2-2"),
        ("2 r", "4-1 fits only the left end"),
        ("99-1", "is not a move"),
    ],
)
def test_bad_answers_get_one_line_saying_why(text: str, says: str) -> None:
    hand, seen = _observation(CHOICES)
    answer = interpret(text, seen, hand.parse_move)
    assert isinstance(answer, Rejected)
    assert says in answer.message
    assert "\n" not in answer.message
    # The engine's own error messages describe the whole position; none of it may leak to the player.
    assert "0-0" not in answer.message and "boneyard" not in answer.message


def test_with_no_tile_that_fits_enter_draws_or_passes() -> None:
    hand, seen = _observation(MUST_DRAW)
    assert interpret("", seen, hand.parse_move) is DRAW
    assert interpret("D", seen, hand.parse_move) is DRAW
    assert interpret("draw", seen, hand.parse_move) is DRAW
    refused = interpret("1", seen, hand.parse_move)
    assert isinstance(refused, Rejected) and "d to draw" in refused.message
    assert isinstance(interpret("p", seen, hand.parse_move), Rejected)
    hand, seen = _observation(MUST_PASS)
    assert interpret("", seen, hand.parse_move) is PASS
    assert interpret("p", seen, hand.parse_move) is PASS
    assert isinstance(interpret("d", seen, hand.parse_move), Rejected)
    assert interpret("q", seen, hand.parse_move) == Quit()


# ----------------------------------------------------------------- the table's pieces


def test_the_line_shows_doubles_crossways_and_both_open_ends() -> None:
    lines = _render(LineOfPlay([(4, 5), (5, 5), (5, 3)]), width=40).splitlines()
    assert [line.rstrip() for line in lines] == ["         ┌5┐", "◀ 4 [4|5]├─┤[5|3] 3 ▶", "         └5┘"]


def test_a_long_line_wraps_and_keeps_every_tile_in_order() -> None:
    line = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 0), (0, 2), (2, 4), (4, 6), (6, 1)]
    text = _render(LineOfPlay(line, ASCII), width=30)
    rows = [row.rstrip() for row in text.splitlines()]
    assert len(rows) > 1 and all(len(row) <= 30 for row in rows)
    assert re.findall(r"\[(\d)\|(\d)\]", text) == [(str(a), str(b)) for a, b in line]
    assert rows[0].startswith("< 0 ") and rows[-1].endswith(" 1 >")


# Spinner 5-5 with both sides covered: west 3, east 5 (2-5), and the open north and south ends (5, 5).
THREE_ENDS = "hands: 5-1 4-0 / 2-2 0-0; line: 3-5 5-5 5-6 6-2 2-5; spinner: 5-5; boneyard: 1-1 2-0; turn: 0"


def test_a_tile_that_fits_three_arms_asks_which_by_the_compass() -> None:
    # East ends in 5 (2-5), north and south are open on the spinner's 5 (alike: one choice, north).
    # Seat 0's tiles are numbered 1 = 4-0, 2 = 5-1.
    hand, seen = _observation(THREE_ENDS, "all-fives")
    choice = interpret("2", seen, hand.parse_move)
    assert isinstance(choice, ChooseEnd)
    assert set(choice.moves) == {End.RIGHT, End.NORTH}
    assert interpret_end("e", choice, seen) == Move.parse("5-1 right")
    assert interpret_end("n", choice, seen) == Move.parse("5-1 north")
    refused = interpret_end("w", choice, seen)
    assert isinstance(refused, Rejected) and "e = east (5), n = north (5)" in refused.message
    assert interpret("2 n", seen, hand.parse_move) == Move.parse("5-1 north")
    alike = interpret("5-1 s", seen, hand.parse_move)  # south is like north here: the engine offers north
    assert isinstance(alike, Rejected) and "5-1 goes east or north here, not south" in alike.message
    assert isinstance(interpret("2 w", seen, hand.parse_move), Rejected)


def test_the_layout_shows_the_spinners_four_arms_and_the_count() -> None:
    text = "hands: 6-1 / 4-0; line: 3-5 5-5 5-6; spinner: 5-5; north: 5-2 2-2; south: 5-4; boneyard: 1-1; turn: 0"
    hand = Hand.from_position(Rules.from_preset("all-fives"), text)
    screen = _render(render_table(TableView(hand.observation(0), ("You", "AI 1 (greedy)"), seed=5)))
    rows = [row.strip("│ ") for row in screen.splitlines()]
    north = next(i for i, row in enumerate(rows) if row.startswith("north: spinner [5|2]├─┤ 2 ▲"))
    line = next(i for i, row in enumerate(rows) if row.startswith("W ◀ 3 [3|5]├─┤[5|6] 6 ▶ E"))
    south = next(i for i, row in enumerate(rows) if row.startswith("south: spinner [5|4] 4 ▼"))
    assert north < line < south
    assert "open ends: west 3 · east 6 · north 2 · south 4" in screen
    assert "count 17" in screen  # 3 + 6 + the 2-2 crossways (4) + 4
    assert "layout · spinner 5-5" in screen


def test_a_score_made_during_play_is_said_in_the_log() -> None:
    hand = Hand.from_position(
        Rules.from_preset("all-fives"), "hands: 5-0 6-6 / 3-3 2-1; line: 5-5; spinner: 5-5; boneyard: 1-1; turn: 0"
    )
    hand.play("5-0 right")
    seen = hand.observation(1)
    assert player_status(seen, 0) == "played 5-0 right (+10)"
    screen = _render(render_table(TableView(seen, ("Ann", "AI 1 (greedy)"), seed=5, log_lines=3)))
    assert "Ann played 5-0 right (+10)" in screen and "count 10" in screen and "score 10" in screen


def test_statuses_say_what_each_player_did() -> None:
    hand = Hand.from_position(
        Rules.from_preset("draw", 3),
        "hands: 6-6 2-1 / 3-3 1-0 / 6-4 5-5; line: 4-5; boneyard: 0-0 5-2 2-2; turn: 0",
    )
    hand.play("draw")  # 0-0: still nothing fits
    hand.play("draw")  # 5-2 fits
    hand.play("5-2 right")
    seen = hand.observation(2)
    assert player_status(seen, 0) == "drew 2, played 5-2 right"
    assert player_status(seen, 1) == "thinking…"
    assert player_status(seen, 2) == "waiting"
    hand.play("draw")  # 2-2 for seat 1, which fits
    assert player_status(hand.observation(2), 1) == "drew 1, thinking…"


def test_the_table_shows_counts_not_the_opponents_tiles() -> None:
    _, seen = _observation(CHOICES)
    screen = _render(render_table(TableView(seen, ("You", "AI 1 (greedy)"), seed=5)))
    assert "2 tiles" in screen and "boneyard: 2 tiles" in screen
    for hidden in ("[2|2]", "[0|0]", "[1|1]", "[2|0]"):
        assert hidden not in screen
    assert "your turn, you can play 1, 2 or 3" in screen and "seed 5" in screen


def test_a_partnership_table_names_the_partner_and_the_team_score() -> None:
    game = Game.new("partnership", seed=3)
    names = ("Ann", "AI 1 (greedy)", "AI 2 (greedy)", "AI 3 (greedy)")
    screen = _render(render_table(TableView(game.observation(0), names, seed=3)))
    assert "AI 2 (greedy) · partner" in screen
    assert "team score 0 with your partner AI 2 (greedy)" in screen
    assert "partner" not in screen.split("AI 1 (greedy)", 1)[1].split("╮", 1)[0]


# ----------------------------------------------------------------- whole games, in-process


def _table(
    preset: str, players: int | None, seed: int, tmp_path: Path, answer: Callable[[str], str] = bot_answer
) -> tuple[DominoesTable, io.StringIO, list[float]]:
    """A table whose keyboard is ``answer`` applied to what the screen shows since the last answer."""
    game = Game.new(preset, players, seed)
    names = ["You"] + [f"AI {seat} (greedy)" for seat in range(1, game.num_players)]
    agents = {seat: make_agent("greedy", "dominoes", agent_seed(seed, seat)) for seat in range(1, game.num_players)}
    output = io.StringIO()
    read_from = 0
    pauses: list[float] = []

    def read_line() -> str:
        nonlocal read_from
        screen = output.getvalue()[read_from:]
        read_from = len(output.getvalue())
        return answer(screen)

    console = Console(file=output, width=100, color_system=None, highlight=False)
    terminal = Terminal(console, read_line, echo=True, sleep=pauses.append)
    table = DominoesTable(game, names, agents, terminal, RecordFile(str(tmp_path / "game.json")), delay=0.25)
    return table, output, pauses


@pytest.mark.parametrize(
    ("preset", "players", "seed"),
    [("draw", 3, 1), ("block", 2, 2), ("partnership", None, 3), ("draw-reserve", 2, 4), ("all-fives", 2, 5)],
)
def test_every_preset_plays_to_the_end_with_the_record_kept(
    preset: str, players: int | None, seed: int, tmp_path: Path
) -> None:
    table, output, pauses = _table(preset, players, seed, tmp_path)
    assert table.play() == 0
    screen = output.getvalue()
    assert "Game over" in screen and "with " in screen and " points" in screen
    assert "does not fit" not in screen and "is not a move" not in screen  # the screen's hints were right
    game = replay(load_record(tmp_path / "game.json"))
    assert game.is_over and game.scores == table.game.scores
    ai_moves = len(re.findall(r"^AI \d \(greedy\) (?:led|played|drew|passed)", screen, re.MULTILINE))
    assert pauses == [0.25] * ai_moves  # each AI move shown for --delay seconds


def test_quitting_keeps_the_record_so_far(tmp_path: Path) -> None:
    answers: Iterator[str] = iter(["1", "1", "q"])

    def answer(screen: str) -> str:
        given = next(answers)
        return bot_answer(screen) if given == "1" else given

    table, output, _ = _table("draw", 2, 8, tmp_path, answer)
    assert table.play() == 0
    assert "You quit: the game stops in hand 1" in output.getvalue()
    record = load_record(tmp_path / "game.json")
    assert record["result"] is None and len(record["moves"]) >= 2
    assert replay(record).moves == table.game.moves


def test_end_of_input_stops_the_game_cleanly(tmp_path: Path) -> None:
    def closed(screen: str) -> str:
        raise EOFError

    table, output, _ = _table("draw", 2, 8, tmp_path, closed)
    assert table.play() == 0
    assert "Input ended: the game stops in hand 1" in output.getvalue()
    assert "Seed 8" in output.getvalue()


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["play", "dominoes", "--players", "9"], "not 9"),
        (["play", "dominoes", "--opponent", "wizard"], "unknown agent 'wizard'"),
        (["play", "dominoes", "--preset", "muggins"], "unknown preset 'muggins'"),
    ],
)
def test_bad_options_give_one_red_line(argv: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err


def test_an_unwritable_record_file_is_reported_before_play(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "blocker").write_text("a file, not a folder", encoding="utf-8")
    assert main(["play", "dominoes", "--seed", "1", "--record", str(tmp_path / "blocker" / "game.json")]) == 2
    assert "cannot write the record" in capsys.readouterr().err


# ----------------------------------------------------------------- the real command through a pipe


def _command(*args: str) -> list[str]:
    return play_command("dominoes", *args)


def test_a_whole_game_through_a_pipe_replays_to_the_same_scores(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    game = PipedGame("dominoes", "--seed", "21", "--record", str(path))
    with game.process:  # closes the pipes, and waits, whatever happens
        while (screen := game.next_screen()) is not None:
            game.answer(bot_answer(screen))
        assert game.process.wait(timeout=10) == 0
        assert game.process.stderr is not None
        assert game.process.stderr.read() == b""
    out = game.transcript
    assert "\x1b[" not in out  # plain text when piped
    replayed = replay(load_record(path))
    assert replayed.is_over
    hands = len(replayed.hand_summaries)
    assert all(f"Hand {n}: " in out for n in range(1, hands + 1)) and f"Hand {hands + 1}: " not in out
    total = next(line for line in out.splitlines() if "total" in line)
    assert [int(word) for word in re.findall(r"\d+", total)] == list(replayed.scores)
    assert f"with {max(replayed.scores)} points" in out and "seed 21" in out


def test_closed_input_ends_the_piped_game_with_a_message() -> None:
    done = subprocess.run(_command("--seed", "3"), input="", capture_output=True, text=True, timeout=30)
    assert done.returncode == 0
    assert "Input ended" in done.stdout and "Traceback" not in done.stderr


# ----------------------------------------------------------------- the live screen in tmux


@unless(shutil.which("tmux") is not None, "tmux (Debian package tmux; .ci/run installs it)")
def test_the_live_table_in_tmux(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    tmux = TmuxScreen("test", _command("--players", "4", "--seed", "11", "--record", str(record)), 100, 35)

    # What the engine says the player sees at their first turn, with the same AI players.
    expected = Game.new("draw", 4, 11)
    agents = {seat: make_agent("greedy", "dominoes", agent_seed(11, seat)) for seat in (1, 2, 3)}
    while expected.to_move != 0:
        seat = expected.to_move
        assert seat is not None
        expected.play(agents[seat].choose(expected.observation(seat)))
    seen = expected.observation(0)
    with tmux:
        screen = tmux.screen_when(lambda s: "Your move" in s)
        rows = screen.splitlines()
        assert rows[0].startswith("Dominoes · draw · 4 players · hand 1") and "seed 11" in rows[0]
        # Opponents on top, in seat order, as tile counts.
        assert [int(n) for n in re.findall(r"(\d+) tiles?", rows[2])] == list(seen.tile_counts[1:])
        # The line of play, doubles drawn crossways.
        line = "".join("├─┤" if a == b else f"[{a}|{b}]" for a, b in seen.line)
        ends = seen.ends
        assert ends is not None
        assert any(f"◀ {ends[0]} {line} {ends[1]} ▶" in row for row in rows)
        # Your tiles, numbered.
        tiles_row = next(i for i, row in enumerate(rows) if "[" in row and "You" in rows[i - 2])
        assert re.findall(r"\d+", rows[tiles_row - 1]) == [str(n) for n in range(1, len(seen.hand) + 1)]
        assert rows[tiles_row].split() == ["│", *(f"[{t.high}|{t.low}]" for t in seen.hand), "│"]

        tmux.send("xyz")
        # The answer is printed before the prompt comes back: wait for both.
        screen = tmux.screen_when(lambda s: "'xyz' is not a move" in s and s.rstrip().endswith("or q to quit >"))
        assert "'xyz' is not a move: you can play" in screen and screen.rstrip().endswith("or q to quit >")
        tmux.send("9")
        assert "there is no tile 9" in tmux.screen_when(lambda s: "no tile 9" in s)

        both = [t for t in seen.hand if sum(1 for m in seen.legal_moves if m.tile is t) == 2]
        assert both, "seed 11 should give the player a tile that fits both ends"
        tmux.send(str(seen.hand.index(both[0]) + 1))
        screen = tmux.screen_when(lambda s: "fits both ends" in s)
        assert f"{both[0]} fits both ends: l = left ({ends[0]}), r = right ({ends[1]}) >" in screen
        tmux.send("l")
        screen = tmux.screen_when(lambda s: f"You played {both[0]} left" in s)
        assert f"You played {both[0]} left" in screen

        tmux.send("q")
        screen = tmux.screen_when(lambda s: "You quit" in s)
        assert "You quit: the game stops in hand 1" in screen and "Traceback" not in screen
        assert load_record(record)["moves"][len(seen.events)] == f"{both[0]} left"


@unless(shutil.which("tmux") is not None, "tmux (Debian package tmux; .ci/run installs it)")
def test_the_live_all_fives_table_in_tmux_shows_the_spinner_and_the_count(tmp_path: Path) -> None:
    tmux = TmuxScreen(
        "fives", _command("--preset", "all-fives", "--seed", "9", "--record", str(tmp_path / "g.json")), 100, 40
    )
    # With seed 9 the AI leads the 5-5: the spinner, a count of 10, and 10 points to the AI at once.
    expected = Game.new("all-fives", 2, 9)
    agent = make_agent("greedy", "dominoes", agent_seed(9, 1))
    while expected.to_move != 0:
        expected.play(agent.choose(expected.observation(1)))
    seen = expected.observation(0)
    assert (seen.spinner, seen.count, seen.scores) == (Tile(5, 5), 10, (0, 10))

    with tmux:
        screen = tmux.screen_when(lambda s: "Your move" in s)
        assert screen.splitlines()[0].startswith("Dominoes · all-fives · 2 players · hand 1 · first to 150")
        assert "layout · spinner 5-5" in screen
        assert re.search(r"open ends: left 5 · right 5 +count 10 ", screen), screen
        assert re.search(r"AI 1 \(greedy\) ─+╮\n.*\n│ led 5-5 \(\+10\) +│\n│ score 10 +│", screen), screen
        assert "─ You · score 0 ─" in screen
        tmux.send("q")
        screen = tmux.screen_when(lambda s: "You quit" in s)
        assert "You quit: the game stops in hand 1" in screen and "Traceback" not in screen
