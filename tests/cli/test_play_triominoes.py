"""``bonepile play triominoes``: the input interpreter, the board map, and whole games in-process, through a pipe
and in tmux.

The games are played by a bot that reads only what the screen shows (the
codes of the placement list, the prompt) and answers with them, so a screen
whose list disagreed with the engine would fail the test; and at every prompt
the screen is checked for tiles the player may not see.
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
from bonepile.cli.play_triominoes import Focus, TriominoesTable, interpret, prompt
from bonepile.cli.render_triominoes import (
    ASCII,
    BoardFrame,
    BoardMap,
    Choices,
    TableView,
    board_frame,
    place_letter,
    player_status,
    render_table,
)
from bonepile.cli.render_triominoes_summary import render_round_summary
from bonepile.cli.terminal import Quit, RecordFile, Rejected, Terminal, agent_seed
from bonepile.store import load_record
from bonepile.triominoes import DRAW, PASS, Game, Move, Observation, Round, Rules, replay

# ----------------------------------------------------------------- positions and helpers

# Seat 0 to move; tiles 2 (0-2-3) and 3 (0-3-4) fit; 0-2-3 on place c is a bridge (T5).
BRIDGE = (
    "board: 3-3-3 c-1 r-2 down, 2-2-0 c-4 r-1 down, 3-5-3 c-1 r-1 up, 5-5-3 c0 r-1 down, 3-5-1 c1 r-1 up, "
    "5-0-1 c2 r-1 down, 2-3-2 c-4 r0 up, 3-4-2 c-3 r0 down, 2-4-5 c-2 r0 up, 4-5-5 c-1 r0 down, 5-5-5 c0 r0 up, "
    "5-0-0 c2 r0 up, 0-3-0 c3 r0 down; "
    "hands: 0-1-4 0-2-3 0-3-4 1-1-1 1-2-2 1-3-4 1-4-5 / 0-0-0 0-0-2 0-1-1 1-2-3 2-3-5 2-4-4; "
    "pool: 0-4-5 3-4-5; scores: 55 21; turn: 0; starter: 0"
)
# Seat 0 has drawn once; only 4-5-5 fits, on c1 r0 down, where it closes a ring of six (T5: hexagon).
HEXAGON = (
    "board: 5-5-1 c0 r-1 down, 1-0-0 c-3 r0 down, 0-0-5 c-2 r0 up, 0-5-5 c-1 r0 down, 5-5-5 c0 r0 up, "
    "1-2-0 c-2 r1 down, 0-2-5 c-1 r1 up, 2-4-5 c0 r1 down, 5-4-4 c1 r1 up, 4-4-4 c2 r1 down, 2-2-2 c-1 r2 down, "
    "2-2-4 c0 r2 up; hands: 1-1-3 2-5-5 3-5-5 4-5-5 / 0-0-0 0-2-3 2-2-5; pool: 1-1-4 3-3-5; "
    "scores: 63 44; turn: 0; starter: 0; draws: 1"
)
MUST_DRAW = "board: 5-5-5 c0 r0 up; hands: 0-1-2 0-0-3 / 0-0-0 4-4-4; pool: 1-1-1 2-2-2 3-3-3; turn: 0; starter: 1"
MUST_PASS = "board: 5-5-5 c0 r0 up; hands: 0-1-2 0-0-3 / 0-0-0 4-4-4; pool: -; turn: 0; starter: 1"
MINUS = "\N{MINUS SIGN}"
"""What the screen writes before a penalty where the terminal has it."""
HIDDEN = ("0-0-0", "0-0-2", "0-1-1", "1-2-3", "2-3-5", "2-4-4", "0-4-5", "3-4-5")
"""The tiles seat 0 may not see in ``BRIDGE``: the opponent's and the pool's."""


def _position(position: str, preset: str = "pressman", players: int = 2) -> tuple[Round, Observation]:
    round_ = Round.from_position(Rules.from_preset(preset, players), position)
    return round_, round_.observation(0)


def _answer(text: str, position: str = BRIDGE, focus: int | None = None) -> object:
    round_, seen = _position(position)
    return interpret(text, seen, round_.parse_move, focus)


def _render(renderable: object, width: int = 100) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None, highlight=False)
    console.print(renderable)
    output = console.file
    assert isinstance(output, io.StringIO)
    return output.getvalue()


_PROMPT_LETTERS = re.compile(r"a letter \(([a-z]+)")
_CODES = re.compile(r"\b(\d+[a-z]{1,2})  \d-\d-\d at c")
_FITTING = re.compile(r"your turn: tiles? ([\d, or]+) fit")


def bot_answer(screen: str, turn: int = 0) -> str:
    """An answer read off the screen: a listed code, or (every other turn) a tile number and then a letter."""
    last = screen.rstrip("\n").rsplit("\n", 1)[-1]
    if "Press enter" in last or "p to pass" in last:
        return ""
    if "d to draw" in last:
        return "d"
    if "Place for" in last:
        letters = _PROMPT_LETTERS.search(last)
        assert letters, f"no letters in {last!r}"
        return letters.group(1)
    assert "Your move" in last, f"unexpected prompt {last!r}"
    codes = _CODES.findall(screen)
    fitting = _FITTING.findall(screen)
    if turn % 2 and fitting:
        return re.findall(r"\d+", fitting[-1])[0]
    assert codes, f"no placement codes on screen before {last!r}"
    return str(codes[0])


# ----------------------------------------------------------------- the choices and the interpreter


def test_places_are_lettered_in_reading_order_and_never_with_a_command_letter() -> None:
    letters = [place_letter(i) for i in range(60)]
    assert letters[:5] == ["a", "b", "c", "e", "f"]
    assert len(set(letters)) == 60 and not {"d", "p", "q"} & set(letters)
    _, seen = _position(BRIDGE)
    choices = Choices.of(seen)
    assert [(p.code, str(p.move), p.points) for p in choices.placements] == [
        ("2a", "0-2-3 c3 r1 up", 5),
        ("2c", "0-2-3 c-3 r-1 up", 45),
        ("3b", "0-3-4 c4 r0 up", 7),
    ]
    # Reading order: the top row first, left to right.
    assert list(choices.letters.values()) == ["a", "b", "c"]
    assert [str(p) for p in choices.letters] == ["c3 r1 up", "c4 r0 up", "c-3 r-1 up"]


def test_a_code_plays_a_tile_on_a_place() -> None:
    assert _answer("2c") == Move.parse("0-2-3 c-3 r-1 up")
    assert _answer(" 2 C ") == Move.parse("0-2-3 c-3 r-1 up")
    assert _answer("3b") == Move.parse("0-3-4 c4 r0 up")


def test_a_tile_number_plays_its_only_place_or_lists_its_places() -> None:
    assert _answer("3") == Move.parse("0-3-4 c4 r0 up")  # 0-3-4 fits one place only
    assert _answer("2") == Focus(2)  # 0-2-3 fits two: list them
    assert _answer("c", focus=2) == Move.parse("0-2-3 c-3 r-1 up")
    assert _answer("", focus=2) == Focus(None)  # enter: back to every tile
    assert _answer("3", focus=2) == Move.parse("0-3-4 c4 r0 up")  # another tile


def test_a_place_letter_alone_plays_the_only_tile_that_fits_there() -> None:
    assert _answer("b") == Move.parse("0-3-4 c4 r0 up")
    assert _answer("a") == Move.parse("0-2-3 c3 r1 up")


def test_the_engine_notation_is_read_by_the_engine() -> None:
    assert _answer("0-2-3 c-3 r-1 up") == Move.parse("0-2-3 c-3 r-1 up")
    assert _answer("0-2-3 c-3 r-1") == Move.parse("0-2-3 c-3 r-1 up")
    assert _answer("0-3-4") == Move.parse("0-3-4 c4 r0 up")


@pytest.mark.parametrize(
    ("text", "focus", "says"),
    [
        ("9", None, "there is no tile 9: your tiles are numbered 1 to 7"),
        ("0", None, "there is no tile 0"),
        ("1", None, "0-1-4 fits nowhere now"),
        ("2b", None, "0-2-3 does not fit at b: it fits at a or c"),
        ("2z", None, "there is no place z on the board for 0-2-3"),
        ("z", None, "there is no place z on the board"),
        ("b", 2, "0-2-3 does not fit at b"),
        ("", None, "choose a move: type a code from the list, like 2a"),
        ("d", None, "you cannot draw now"),
        ("p", None, "you cannot pass now"),
        ("banana", None, "'banana' is not a move: type a code from the list, like 2a, or a tile number"),
        ("0-0-0", None, "you do not hold 0-0-0"),
        ("2-3-5 c3 r1", None, "you do not hold 2-3-5"),
        ("1-1-1", None, "1-1-1 fits nowhere now"),
        ("0-2-3 c4 r0", None, "would show 2 where the layout shows 3 (T4); 0-2-3 fits at a or c (type 2 to list them)"),
        ("3-2-0 c3 r1", None, "its mirror 0-2-3 does"),
        ("0-2-3", None, "0-2-3 fits 2 places: type one of 2a or 2c"),
        ("9-9-9", None, "not a"),
    ],
)
def test_bad_answers_get_one_line_saying_why(text: str, focus: int | None, says: str) -> None:
    answer = _answer(text, focus=focus)
    assert isinstance(answer, Rejected), answer
    assert says in answer.message
    assert "\n" not in answer.message
    # The engine's full messages describe the whole position; none of it may reach the player.
    assert "pool" not in answer.message and "hands" not in answer.message
    assert not any(tile in answer.message for tile in HIDDEN if tile not in text)


def test_with_no_tile_that_fits_enter_draws_or_passes() -> None:
    round_, seen = _position(MUST_DRAW)
    assert interpret("", seen, round_.parse_move) is DRAW
    assert interpret("D", seen, round_.parse_move) is DRAW
    refused = interpret("1", seen, round_.parse_move)
    assert isinstance(refused, Rejected) and "d to draw" in refused.message
    assert isinstance(interpret("p", seen, round_.parse_move), Rejected)
    assert prompt(seen, Choices.of(seen)).startswith("d to draw")
    round_, seen = _position(MUST_PASS)
    assert interpret("", seen, round_.parse_move) is PASS
    assert interpret("pass", seen, round_.parse_move) is PASS
    assert isinstance(interpret("d", seen, round_.parse_move), Rejected)
    assert interpret("q", seen, round_.parse_move) == Quit()


def test_goliath_offers_buying_a_tile_beside_the_placements() -> None:
    round_, seen = _position(BRIDGE, "goliath")
    assert interpret("d", seen, round_.parse_move) is DRAW
    choices = Choices.of(seen)
    assert choices.draw == -5
    assert ", d to buy," in prompt(seen, choices)
    assert f"d to buy a tile ({MINUS}5)" in _render(render_table(TableView(seen, ("You", "AI 1"), seed=1)))


# ----------------------------------------------------------------- the screen


def test_the_board_puts_each_number_on_its_grid_point_with_the_labels() -> None:
    _, seen = _position("board: 5-5-5 c0 r0 up, 5-4-5 c1 r0 down; hands: 0-4-5 / 1-1-1; turn: 0; starter: 1")
    frame = board_frame(seen, scale=2)
    # The tiles' columns and rows, and every place next to them, with a column more on each side.
    assert (frame.col_min, frame.col_max, frame.row_min, frame.row_max) == (-2, 3, -1, 1)
    rows = [line.plain for line in BoardMap(seen, frame, {}, ASCII).lines()]
    # Up 5-5-5 and down 5-4-5 share the edge between two 5s; the 4 is the down tile's top right corner.
    # Two-character labels do not fit every other character: even columns on one line, odd on the next.
    assert rows == [
        "c     -2   0   2",
        "        -1   1   3",
        "",
        "r1",
        "           5---4",
        "r0        / \\ /",
        "         5---5",
        "r-1",
        "",
    ]
    # Each label sits over its column's middle: column 1 (the down tile) over its bottom point.
    assert rows[1].index(" 1") + 1 == rows[6].rindex("5")
    rows = [line.plain for line in BoardMap(seen, board_frame(seen, scale=3), {}, ASCII).lines()]
    assert rows[0] == "c      -2 -1  0  1  2  3"
    assert rows[4:8] == ["              5-----4", "             / \\   /", "r0          /   \\ /", "           5-----5"]


def test_the_last_tile_is_marked_and_the_free_places_carry_their_letters() -> None:
    _, seen = _position(BRIDGE)
    choices = Choices.of(seen)
    marks = {p.place: p.letter for p in choices.placements}
    board = "\n".join(line.plain for line in BoardMap(seen, board_frame(seen, 3), marks, ASCII).lines())
    assert board.count("*") == 0  # a position read from text has no last move
    for letter in "abc":
        assert re.search(rf"\b{letter}\b", board)
    game = Game.new("pressman", 2, seed=5)
    game.play(game.legal_moves()[0])
    seen = game.observation(0)
    board = "\n".join(line.plain for line in BoardMap(seen, board_frame(seen, 2), {}, ASCII).lines())
    assert board.count("*") == 1


def test_a_wide_board_is_cut_around_the_last_tile() -> None:
    game = Game.new("pressman", 2, seed=5)
    while len(game.round.board) < 12:
        game.play(game.legal_moves()[-1])
    seen = game.observation(0)
    full = board_frame(seen, 2)
    cut = board_frame(seen, 2, width=BoardFrame.GUTTER + 1 + 2 * 6)
    assert cut.col_max - cut.col_min + 1 == 5 < full.col_max - full.col_min + 1


def test_the_table_shows_counts_scores_and_the_list_never_the_hidden_tiles() -> None:
    round_, seen = _position(BRIDGE)
    view = TableView(seen, ("You", "AI 1 (greedy)"), seed=5, bonus_of=round_.placement_bonus)
    screen = _render(render_table(view))
    assert "AI 1 (greedy)  6 tiles  score 21" in screen
    assert "pool 2 tiles" in screen and "seed 5" in screen
    assert "You · score 55 · 7 tiles" in screen
    assert re.search(r"1 0-1-4 +2 0-2-3 +3 0-3-4", screen)
    assert "2c  0-2-3 at c-3 r-1 up      5 + bridge 40" in screen
    assert "your turn: tiles 2 or 3 fit (3 placements)" in screen
    for hidden in HIDDEN:
        assert hidden not in screen


def test_bonuses_are_named_by_the_engine() -> None:
    round_, seen = _position(HEXAGON)
    screen = _render(render_table(TableView(seen, ("You", "AI 1"), seed=5, bonus_of=round_.placement_bonus)))
    assert re.search(r"4a  4-5-5 at c1 r0 down +14 \+ hexagon 50", screen)
    assert "your turn: tile 4 fits (1 placement)" in screen
    # Without the engine's names the list still shows what each placement scores, as one number.
    assert re.search(r"4a  4-5-5 at c1 r0 down +64\n", _render(render_table(TableView(seen, ("You", "AI 1"), seed=5))))
    # T3: the opening tile's start bonus.
    game = next(g for g in (Game.new("pressman", 2, seed) for seed in range(50)) if g.to_move == 0)
    seen = game.observation(0)
    for placement in Choices.of(seen, game.round.placement_bonus).placements:
        assert placement.bonus is not None and placement.bonus.name == "start bonus"
        assert placement.points == placement.tile.value + placement.bonus.points


# Seat 0 holds 34 tiles on a board of 13: 21 placements, too many for a short screen.
CROWDED = (
    "board: 3-3-3 c-1 r-2 down, 2-2-0 c-4 r-1 down, 3-5-3 c-1 r-1 up, 5-5-3 c0 r-1 down, 3-5-1 c1 r-1 up, "
    "5-0-1 c2 r-1 down, 2-3-2 c-4 r0 up, 3-4-2 c-3 r0 down, 2-4-5 c-2 r0 up, 4-5-5 c-1 r0 down, 5-5-5 c0 r0 up, "
    "5-0-0 c2 r0 up, 0-3-0 c3 r0 down; hands: 0-0-1 0-0-2 0-0-4 0-1-1 0-1-2 0-1-3 0-1-4 0-2-3 0-2-4 0-2-5 0-3-3 "
    "0-3-4 0-3-5 0-4-4 0-4-5 0-5-5 1-1-1 1-1-2 1-1-3 1-1-4 1-1-5 1-2-2 1-2-4 1-2-5 1-3-3 1-3-4 1-4-4 1-4-5 1-5-5 "
    "2-2-2 2-2-4 2-2-5 2-3-3 2-3-5 / 0-0-0 1-2-3; pool: -; turn: 0; starter: 0"
)


def test_too_many_placements_are_listed_by_tile_and_a_tile_number_lists_its_places() -> None:
    round_, seen = _position(CROWDED)
    assert len(Choices.of(seen).placements) == 21
    screen = _render(render_table(TableView(seen, ("You", "AI 1"), seed=3, height=28)))
    assert "type a tile number to see its places" in screen
    assert re.search(r"11 0-3-3  4 places: a, e, i, j  best 6", screen)
    assert "11a" not in screen and len(screen.splitlines()) <= 27
    assert interpret("11", seen, round_.parse_move) == Focus(11)
    screen = _render(render_table(TableView(seen, ("You", "AI 1"), seed=3, height=28, focus=11)))
    assert "0-3-3 fits 4 places:" in screen
    assert [code for code in ("11a", "11e", "11i", "11j") if f"{code}  0-3-3 at " in screen] == [
        "11a",
        "11e",
        "11i",
        "11j",
    ]
    assert "16c" not in screen  # another tile's placement
    assert interpret("j", seen, round_.parse_move, focus=11) == Move.parse("3-3-0 c0 r-2 up")


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_screen_of_a_game_fits_a_100_by_35_terminal(players: int) -> None:
    game = Game.new("pressman", players, seed=players)
    agents = [make_agent("greedy", "triominoes", seat) for seat in range(players)]
    names = tuple(["You"] + [f"AI {seat} (greedy)" for seat in range(1, players)])
    while game.round_number == 1 and not game.is_over:
        seat = game.to_move
        assert seat is not None
        if seat == 0:
            seen = game.observation(0)
            for focus in (None, *Choices.of(seen).playable[:1]):
                view = TableView(seen, names, 1, focus=focus, log_lines=3, message="refused", height=35)
                console = Console(file=io.StringIO(), width=100, height=35, color_system=None)
                console.print(render_table(view))
                output = console.file
                assert isinstance(output, io.StringIO)
                assert len(output.getvalue().splitlines()) <= 34  # and the prompt under it
        game.play(agents[seat].choose(game.observation(seat)))


def test_statuses_say_what_each_player_did_with_the_points() -> None:
    round_, _ = _position(MUST_DRAW, players=2)
    round_.play("draw")  # 1-1-1: still nothing fits
    round_.play("draw")  # 2-2-2: nothing
    seen = round_.observation(1)
    assert player_status(seen, 0) == f"drew 2 ({MINUS}10), thinking\N{HORIZONTAL ELLIPSIS}"
    round_.play("draw")  # 3-3-3: nothing
    round_.play("pass")  # three draws and no play: -10 more (T6)
    seen = round_.observation(1)
    assert player_status(seen, 0) == f"drew 3 ({MINUS}15), passed ({MINUS}10)"
    round_, _ = _position(BRIDGE)
    round_.play("0-2-3 c-3 r-1 up")
    assert player_status(round_.observation(1), 0) == "played 0-2-3 at c-3 r-1 up for 5 + bridge 40"


def test_a_round_summary_itemizes_the_scores() -> None:
    round_, _ = _position("board: 5-5-5 c0 r0 up; hands: 5-5-4 / 0-1-2 3-3-4; turn: 0; starter: 1; scores: 10 20")
    summary = round_.play("5-5-4 c1 r0 down")
    assert summary is not None
    screen = _render(render_round_summary(summary, 1, round_.rules, ("You", "AI 1"), round_.scores))
    assert "Round 1: You went out" in screen
    row = next(line for line in screen.splitlines() if line.startswith("│ You"))
    # 14 for the tile, 25 for going out (T7), 3 + 10 for the tiles AI 1 still holds.
    assert re.findall(rf"[+{MINUS}]?\d+", row) == ["+14", "+25", "+13", "+52", "62"]
    assert "You score 25 for going out and 13 for the tiles the others still hold." in screen
    assert "0-1-2 3-3-4 (value 13)" in screen


# ----------------------------------------------------------------- whole games, in-process


def _table(
    preset: str, players: int, seed: int, tmp_path: Path, target: int, answer: Callable[[str, int], str] = bot_answer
) -> tuple[TriominoesTable, io.StringIO, list[float]]:
    """A table whose keyboard is ``answer`` applied to what the screen shows since the last answer.

    Every screen is also checked for the tiles the player may not see then.
    """
    game = Game.new(preset, players, seed, target=target)
    names = ["You"] + [f"AI {seat} (greedy)" for seat in range(1, players)]
    agents = {seat: make_agent("greedy", "triominoes", agent_seed(seed, seat)) for seat in range(1, players)}
    output = io.StringIO()
    read_from = 0
    pauses: list[float] = []
    turns = 0

    def read_line() -> str:
        nonlocal read_from, turns
        screen = output.getvalue()[read_from:]
        read_from = len(output.getvalue())
        round_ = table.game.round
        if "Press enter" not in screen and not round_.is_over:  # a round's end shows every hand, as it should
            hidden = {str(t) for p in range(1, players) for t in round_.tiles_of(p)} | {str(t) for t in round_.pool()}
            shown = set(re.findall(r"(?<![\d-])\d-\d-\d(?![\d-])", screen))
            assert not shown & hidden, f"hidden tiles on screen: {shown & hidden}"
        turns += 1
        return answer(screen, turns)

    console = Console(file=output, width=100, color_system=None, highlight=False)
    terminal = Terminal(console, read_line, echo=True, sleep=pauses.append)
    table = TriominoesTable(game, names, agents, terminal, RecordFile(str(tmp_path / "game.json")), delay=0.25)
    return table, output, pauses


@pytest.mark.parametrize(
    ("preset", "players", "seed", "target"),
    [("pressman", 2, 1, 400), ("goliath", 3, 2, 150), ("classic", 4, 3, 150), ("pressman", 6, 4, 100)],
)
def test_every_preset_plays_to_the_end_with_the_record_kept(
    preset: str, players: int, seed: int, target: int, tmp_path: Path
) -> None:
    table, output, pauses = _table(preset, players, seed, tmp_path, target)
    assert table.play() == 0
    screen = output.getvalue()
    assert "Game over" in screen and " points" in screen
    # The screen's list was right: no answer read off it was refused.
    for refusal in ("does not fit", "fits nowhere", "not a move", "no place", "cannot draw now", "cannot pass now"):
        assert refusal not in screen
    game = replay(load_record(tmp_path / "game.json"))
    assert game.is_over and game.scores == table.game.scores
    rounds = len(game.round_summaries)
    assert all(f"Round {n}: " in screen for n in range(1, rounds + 1))
    ai_moves = len(re.findall(r"^AI \d \(greedy\) (?:played|drew|passed)", screen, re.MULTILINE))
    assert pauses == [0.25] * ai_moves  # each AI move shown for --delay seconds
    # Every draw and penalty is said with its points.
    assert all(f"({MINUS}5)" in line for line in screen.splitlines() if re.match(r"^(You|AI \d \(greedy\)) drew", line))


def test_quitting_keeps_the_record_so_far(tmp_path: Path) -> None:
    answers: Iterator[str] = iter(["bot", "bot", "q"])

    def answer(screen: str, turn: int) -> str:
        given = next(answers)
        return bot_answer(screen) if given == "bot" else given

    table, output, _ = _table("pressman", 2, 8, tmp_path, 400, answer)
    assert table.play() == 0
    assert "You quit: the game stops in round 1" in output.getvalue()
    record = load_record(tmp_path / "game.json")
    assert record["result"] is None and len(record["moves"]) >= 2
    assert replay(record).moves == table.game.moves


def test_end_of_input_stops_the_game_cleanly(tmp_path: Path) -> None:
    def closed(screen: str, turn: int) -> str:
        raise EOFError

    table, output, _ = _table("pressman", 2, 8, tmp_path, 400, closed)
    assert table.play() == 0
    assert "Input ended: the game stops in round 1" in output.getvalue()
    assert "Seed 8" in output.getvalue()


def test_a_blocked_round_is_told_with_its_points(tmp_path: Path) -> None:
    # Nobody can place and the pool is empty: both pass (-10 each, pressman), and the round is blocked (T7).
    # Two tiles each, so the lower total decides: AI 1 (value 3) scores 6 - 3.
    position = "board: 5-5-5 c0 r0 up; hands: 0-1-2 0-0-3 / 0-0-0 1-1-1; pool: -; turn: 0; starter: 1"
    game = Game.from_round(Round.from_position(Rules.from_preset("pressman"), position), seed=1)
    answers = iter(["", ""])  # pass, then enter for the next round; then the input ends

    def read_line() -> str:
        answer = next(answers, None)
        if answer is None:
            raise EOFError
        return answer

    output = io.StringIO()
    console = Console(file=output, width=100, color_system=None, highlight=False)
    terminal = Terminal(console, read_line, echo=True)
    agents = {1: make_agent("greedy", "triominoes", 1)}
    table = TriominoesTable(game, ["You", "AI 1"], agents, terminal, RecordFile(None))
    assert table.play() == 0
    screen = output.getvalue()
    assert f"You passed ({MINUS}10)" in screen and f"AI 1 passed ({MINUS}10)" in screen
    assert "The round is blocked: AI 1 scores 3, the others' tiles less their own" in screen
    assert "Round 1: blocked, AI 1 wins it with the fewest tiles and the lower total" in screen
    row = next(line for line in screen.splitlines() if line.startswith("│ AI 1"))
    # Penalties, the blocked round's points, the round, the score.
    assert re.findall(rf"[+{MINUS}]?\d+", row) == ["1", f"{MINUS}10", "+3", f"{MINUS}7", f"{MINUS}7"]
    assert "Input ended: the game stops in round 2" in screen


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["play", "triominoes", "--players", "9"], "not 9"),
        (["play", "triominoes", "--opponent", "wizard"], "unknown agent 'wizard'"),
        (["play", "triominoes", "--preset", "draw"], "unknown preset 'draw'"),
    ],
)
def test_bad_options_give_one_red_line(argv: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err


# ----------------------------------------------------------------- the real command through a pipe


def _command(*args: str) -> list[str]:
    return play_command("triominoes", *args)


def test_a_whole_game_through_a_pipe_replays_to_the_same_scores(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    game = PipedGame("triominoes", "--seed", "21", "--record", str(path))
    turn = 0
    with game.process:  # closes the pipes, and waits, whatever happens
        while (screen := game.next_screen()) is not None:
            turn += 1
            game.answer(bot_answer(screen, turn))
        assert game.process.wait(timeout=10) == 0
        assert game.process.stderr is not None
        assert game.process.stderr.read() == b""
    out = game.transcript
    assert "\x1b[" not in out  # plain text when piped
    replayed = replay(load_record(path))
    assert replayed.is_over
    rounds = len(replayed.round_summaries)
    assert all(f"Round {n}: " in out for n in range(1, rounds + 1)) and f"Round {rounds + 1}: " not in out
    total = next(line for line in out.splitlines() if "total" in line)
    assert [int(word.replace(MINUS, "-")) for word in re.findall(rf"[-{MINUS}]?\d+", total)] == list(replayed.scores)
    assert f"with {max(replayed.scores)} points" in out and "seed 21" in out


def test_closed_input_ends_the_piped_game_with_a_message() -> None:
    done = subprocess.run(_command("--seed", "3"), input="", capture_output=True, text=True, timeout=30)
    assert done.returncode == 0
    assert "Input ended" in done.stdout and "Traceback" not in done.stderr


# ----------------------------------------------------------------- the live screen in tmux


@unless(shutil.which("tmux") is not None, "tmux (Debian package tmux; .ci/run installs it)")
def test_the_live_table_in_tmux(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    tmux = TmuxScreen("tri-test", _command("--seed", "5", "--record", str(record)), 100, 35)

    # What the engine says the player sees at their first turn, with the same AI player.
    expected = Game.new("pressman", 2, 5)
    agent = make_agent("greedy", "triominoes", agent_seed(5, 1))
    while expected.to_move != 0:
        expected.play(agent.choose(expected.observation(1)))
    seen = expected.observation(0)
    choices = Choices.of(seen)
    with tmux:
        hand_words = [w for n, t in enumerate(seen.hand, start=1) for w in (str(n), str(t))]
        # Wait for the whole table: under load the prompt can show before the screen has settled.
        screen = tmux.screen_when(
            lambda s: "Your move" in s and any(row.split() == hand_words for row in s.splitlines())
        )
        rows = screen.splitlines()
        assert len(rows) <= 35
        assert rows[0].startswith("Tri-Ominos · pressman · 2 players · round 1") and "seed 5" in rows[0]
        assert "AI 1 (greedy)" in rows[1] and f"{seen.tile_counts[1]} tiles" in rows[1]
        # The board: the column ruler, the row labels, the opening tile's numbers on its three points.
        ruler = next(row for row in rows if row.startswith("c "))
        assert all(f" {col}" in ruler for col in ("-1", "0", "1"))
        assert any(row.startswith("r0") for row in rows) and any(row.startswith("r-1") for row in rows)
        assert sum(row.count("5") for row in rows[3:14]) >= 3
        # Your tiles, numbered, and the placement list with codes and points.
        hand = next(row for row in rows if row.startswith("1 "))
        assert hand.split() == hand_words
        for placement in choices.placements:
            assert f"{placement.code}  {placement.tile} at {placement.place}" in screen
        for hidden in {str(t) for t in expected.round.tiles_of(1)} | {str(t) for t in expected.round.pool()}:
            assert hidden not in screen

        tmux.send("xyz")
        # The answer is printed before the prompt comes back: wait for both.
        screen = tmux.screen_when(lambda s: "'xyz'" in s and s.rstrip().endswith("or q to quit >"))
        assert "'xyz' is not a move: type a code from the list" in screen
        assert screen.rstrip().endswith("or q to quit >")
        # Tile 9 of this hand, 3-4-4, fits nowhere yet; there is no tile 12. Each answer, then the prompt again.
        assert str(seen.hand[8]) == "3-4-4" and not choices.of_tile(9) and choices.placements[0].code == "3a"
        for typed, answer in (
            ("9", "3-4-4 fits nowhere now: type a code from the list, like 3a, or a tile number"),
            ("12", "there is no tile 12: your tiles are numbered 1 to 9"),
        ):
            tmux.send(typed)
            screen = tmux.screen_when(lambda s, a=answer: a in s and s.rstrip().endswith("or q to quit >"))
            assert answer in screen
            assert "or q to quit >" in screen.rstrip().splitlines()[-1]

        first = choices.placements[0]
        tmux.send(str(first.number))
        if len(choices.of_tile(first.number)) > 1:
            screen = tmux.screen_when(lambda s: f"Place for {first.tile}" in s)
            tmux.send(first.letter)
        screen = tmux.screen_when(lambda s: f"You played {first.tile} at {first.place}" in s)
        assert f"You played {first.tile} at {first.place} for {first.tile.value}" in screen

        tmux.send("q")
        screen = tmux.screen_when(lambda s: "You quit" in s)
        assert "You quit: the game stops in round 1" in screen and "Traceback" not in screen
        assert str(first.move) in load_record(record)["moves"]
