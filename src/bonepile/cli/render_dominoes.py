"""How a Dominoes table looks in the terminal (rule sheet D9): opponents on top, the line, your tiles below.

Everything here is drawn from one player's ``Observation`` (and, once a hand
is over, its public ``HandOutcome``), never from the game itself, so the screen
cannot show a tile the player may not see. Nothing here reads input or decides
a move; ``play_dominoes`` does that.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from bonepile.cli.terminal import header_text, numbers_text
from bonepile.dominoes import End, GameOutcome, HandOutcome, Move, MoveKind, Observation, Rules, Termination, Tile
from bonepile.i18n import _, n_, p_

HUMAN = 0
"""The seat of the person at the keyboard; the AI players sit clockwise after them."""

TURN_STYLE = "bold yellow"
PLAYABLE_STYLE = "bold green"
UNPLAYABLE_STYLE = "dim"
DOUBLE_STYLE = "bold yellow"
SPINNER_STYLE = "bold magenta"
END_STYLE = "bold cyan"
SCORE_STYLE = "bold green"


@dataclass(frozen=True, slots=True)
class Glyphs:
    """The few non-ASCII characters the table uses, with ASCII stand-ins for terminals that lack them."""

    back: str
    left_end: str
    right_end: str
    more: str
    double_top: str
    double_middle: str
    double_bottom: str
    thinking: str
    dot: str
    none: str
    turn: str
    north_end: str = "▲"
    south_end: str = "▼"


UNICODE = Glyphs(
    back="▮",
    left_end="◀",
    right_end="▶",
    more="…",
    double_top="┌┐",
    double_middle="├─┤",
    double_bottom="└┘",
    thinking="…",
    dot=" · ",
    none="—",
    turn="▸ ",
)
ASCII = Glyphs(
    back="#",
    left_end="<",
    right_end=">",
    more="~",
    double_top="..",
    double_middle="|-|",
    double_bottom="''",
    thinking="...",
    dot=" - ",
    none="-",
    turn="> ",
    north_end="^",
    south_end="v",
)


def tile_text(tile: Tile) -> str:
    return f"[{tile.high}|{tile.low}]"


def move_text(move: Move) -> str:
    """A move as a player would say it: 'played 6-4 right', 'drew a tile', 'passed'."""
    if move.kind is MoveKind.DRAW:
        return _("drew a tile")
    if move.kind is MoveKind.PASS:
        return _("passed")
    assert move.tile is not None
    if move.end is None:
        return _("led {tile}", tile=str(move.tile))
    # TRANSLATORS: {end} is the end in notation (left, right, north, south).
    return _("played {tile} {end}", tile=str(move.tile), end=str(move.end))


def move_line(name: str, move: Move) -> str:
    """A move as a whole sentence: 'Ann played 6-4 right', 'AI 1 drew a tile', 'AI 2 passed'."""
    if move.kind is MoveKind.DRAW:
        return _("{player} drew a tile", player=name)
    if move.kind is MoveKind.PASS:
        return _("{player} passed", player=name)
    assert move.tile is not None
    if move.end is None:
        return _("{player} led {tile}", player=name, tile=str(move.tile))
    return _("{player} played {tile} {end}", player=name, tile=str(move.tile), end=str(move.end))


def side_names(rules: Rules, names: Sequence[str]) -> list[str]:
    """What each side is called: the player, or 'A & B' for a partnership team (D7)."""
    return [" & ".join(names[p] for p in rules.members(side)) for side in range(rules.num_sides)]


def playable_numbers(observation: Observation) -> list[int]:
    """The numbers (1..n, as shown on screen) of the player's tiles that have a legal move now."""
    fitting = {move.tile for move in observation.legal_moves if move.tile is not None}
    return [number for number, tile in enumerate(observation.hand, start=1) if tile in fitting]


def _draws(moves: Sequence[Move]) -> int:
    return sum(1 for move in moves if move.kind is MoveKind.DRAW)


def turn_text(moves: Sequence[Move], points: int = 0) -> str:
    """One turn in words: 'played 6-4 right', 'drew 2, played 6-4 left', 'drew 3, passed', 'led 5-5 (+10)'."""
    draws = _draws(moves)
    # TRANSLATORS: part of a turn in the log ("drew 2, played 6-4 left"): how many tiles the player drew.
    parts = [_("drew {count}", count=draws)] if draws else []
    if moves and moves[-1].kind is not MoveKind.DRAW:
        said = move_text(moves[-1])
        # TRANSLATORS: a move and the points it scored: "led 5-5 (+10)".
        parts.append(_("{move} (+{points})", move=said, points=points) if points else said)
    return ", ".join(parts)


def _turns(observation: Observation) -> list[tuple[int, list[Move], int]]:
    """This hand's public events grouped into turns: (player, that turn's moves, points scored), oldest first."""
    turns: list[tuple[int, list[Move], int]] = []
    for event in observation.events:
        if turns and turns[-1][0] == event.player:
            player, moves, points = turns[-1]
            moves.append(event.move)
            turns[-1] = (player, moves, points + event.points)
        else:
            turns.append((event.player, [event.move], event.points))
    return turns


def recent_turns(observation: Observation, names: Sequence[str], count: int) -> list[str]:
    """The last ``count`` turns of this hand, one line each, for the log under the table."""
    # TRANSLATORS: a line of the log: {player} is a name, {turn} what they did ("drew 2, played 6-4 left").
    return [
        _("{player} {turn}", player=names[player], turn=turn_text(moves, points))
        for player, moves, points in _turns(observation)[-count:]
    ]


def player_status(observation: Observation, player: int, glyphs: Glyphs = UNICODE) -> str:
    """What the table says a player is doing: 'thinking…', 'drew 2', 'played 6-4 right', 'passed', 'domino!'."""
    if observation.hand_over is not None and observation.tile_counts[player] == 0:
        # TRANSLATORS: the status of the player who went out (played their last tile).
        return _("domino!")
    turns = [(moves, points) for who, moves, points in _turns(observation) if who == player]
    last, scored = turns[-1] if turns else ([], 0)
    if observation.to_move == player:
        current = bool(observation.events) and observation.events[-1].player == player
        if current:
            return _("drew {count}, thinking{dots}", count=_draws(last), dots=glyphs.thinking)
        return _("thinking{dots}", dots=glyphs.thinking)
    return turn_text(last, scored) if last else _("waiting")


def your_status(observation: Observation) -> str:
    """The status line of the player at the keyboard, telling them what they may do now."""
    player = observation.player
    if observation.to_move != player:
        return player_status(observation, player)
    current = bool(observation.events) and observation.events[-1].player == player
    legal = observation.legal_moves
    if legal and legal[0].kind is MoveKind.DRAW:
        status = _("no tile fits, d to draw")
    elif legal and legal[0].kind is MoveKind.PASS:
        status = _("no tile fits and you cannot draw, p to pass")
    else:
        # TRANSLATORS: {numbers} lists the numbers of the player's tiles that fit ("1, 3 or 5").
        status = _("your turn, you can play {numbers}", numbers=numbers_text(playable_numbers(observation)))
    if current:
        # TRANSLATORS: {count} tiles the player drew this turn; {status} says what they can do now.
        return _("you drew {count}: {status}", count=_draws(_turns(observation)[-1][1]), status=status)
    return status


@dataclass(frozen=True, slots=True)
class _Cell:
    """One piece of a wrapped row, three text rows high so that doubles can stand crossways."""

    top: Text
    middle: Text
    bottom: Text

    @property
    def width(self) -> int:
        return self.middle.cell_len


def _flat(text: str, style: str = "") -> _Cell:
    blank = Text(" " * len(text))
    return _Cell(blank, Text(text, style=style), blank)


def _double_cell(number: int, glyphs: Glyphs, style: str = DOUBLE_STYLE) -> _Cell:
    """D4: a double lies crossways; its halves show above and below the line."""
    bar = glyphs.double_middle[1] * len(str(number))
    top = glyphs.double_top[0] + str(number) + glyphs.double_top[1]
    middle = glyphs.double_middle[0] + bar + glyphs.double_middle[2]
    bottom = glyphs.double_bottom[0] + str(number) + glyphs.double_bottom[1]
    return _Cell(Text(top, style), Text(middle, style), Text(bottom, style))


def _line_cells(
    line: Sequence[tuple[int, int]], glyphs: Glyphs, spinner: Tile | None = None, compass: bool = False
) -> list[_Cell]:
    # TRANSLATORS: the one-letter marks of the west and east ends of the line on screen.
    west, east = (_("W") + " ", " " + _("E")) if compass else ("", "")
    cells = [_flat(f"{west}{glyphs.left_end} {line[0][0]} ", END_STYLE)]
    for left, right in line:
        if left == right:
            spins = spinner is not None and spinner.high == left
            cells.append(_double_cell(left, glyphs, SPINNER_STYLE if spins else DOUBLE_STYLE))
        else:
            cells.append(_flat(f"[{left}|{right}]", "bold"))
    cells.append(_flat(f" {line[-1][1]} {glyphs.right_end}{east}", END_STYLE))
    return cells


def _arm_cells(name: str, arm: Sequence[tuple[int, int]], start: int, marker: str, glyphs: Glyphs) -> list[_Cell]:
    """One of the spinner's north and south arms, outward from it, ending at its open number."""
    # TRANSLATORS: the label of one of the spinner's arms; {arm} is "north" or "south" (notation).
    cells = [_flat(_("{arm}: spinner", arm=name) + " ", "dim")]
    for near, far in arm:
        cells.append(_double_cell(near, glyphs) if near == far else _flat(f"[{near}|{far}]", "bold"))
    end = arm[-1][1] if arm else start
    cells.append(_flat(f" {end} {marker}", END_STYLE))
    return cells


def _wrap(cells: Sequence[_Cell], width: int, more: str) -> Iterator[list[_Cell]]:
    """Rows of cells no wider than ``width``, each broken row marked at both sides of the break."""
    row: list[_Cell] = []
    used = 0
    room = max(width - 2 * len(more), 8)
    for cell in cells:
        if row and used + cell.width > room:
            yield [*row, _flat(more, "dim")]
            row, used = [_flat(more, "dim")], len(more)
        row.append(cell)
        used += cell.width
    if row:
        yield row


def _rows(rows: Iterator[list[_Cell]]) -> list[Text]:
    lines: list[Text] = []
    for row in rows:
        for part in ("top", "middle", "bottom"):
            text = Text().join(getattr(cell, part) for cell in row)
            if text.plain.strip():
                lines.append(text)
    return lines


class LineOfPlay:
    """The layout, wrapped like text to the width it is given; every open end marked.

    With a spinner (D4), the line runs west to east through it (the spinner
    drawn crossways in its own colour) and, once both its sides hold a tile,
    its north arm is drawn above the line and its south arm below, each from
    the spinner outward to its open number.
    """

    def __init__(
        self,
        line: Sequence[tuple[int, int]],
        glyphs: Glyphs = UNICODE,
        *,
        spinner: Tile | None = None,
        north: Sequence[tuple[int, int]] | None = None,
        south: Sequence[tuple[int, int]] | None = None,
    ) -> None:
        self.line = tuple(line)
        self.glyphs = glyphs
        self.spinner = spinner
        self.north = None if north is None else tuple(north)
        self.south = None if south is None else tuple(south)

    @classmethod
    def of(cls, observation: Observation, glyphs: Glyphs = UNICODE) -> LineOfPlay:
        """The layout ``observation`` shows; the north and south arms only once they are open."""
        arms = any(end is End.NORTH for end, _ in observation.open_ends)
        return cls(
            observation.line,
            glyphs,
            spinner=observation.spinner,
            north=observation.north if arms else None,
            south=observation.south if arms else None,
        )

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if not self.line:
            yield Text(_("no tile played yet"), style="dim")
            return
        width, more, glyphs = options.max_width, self.glyphs.more, self.glyphs
        spinner = self.spinner
        arms = spinner is not None and self.north is not None and self.south is not None
        if arms and spinner is not None and self.north is not None:
            yield from _rows(
                _wrap(_arm_cells("north", self.north, spinner.high, glyphs.north_end, glyphs), width, more)
            )
        yield from _rows(_wrap(_line_cells(self.line, glyphs, spinner, arms), width, more))
        if arms and spinner is not None and self.south is not None:
            yield from _rows(
                _wrap(_arm_cells("south", self.south, spinner.high, glyphs.south_end, glyphs), width, more)
            )


class YourTiles:
    """The player's tiles, numbered 1..n; on their turn the playable ones bright and the others dimmed."""

    def __init__(self, observation: Observation) -> None:
        self.observation = observation

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        observation = self.observation
        if not observation.hand:
            yield Text(_("no tiles left"), style="dim")
            return
        playable = set(playable_numbers(observation))
        my_turn = bool(observation.legal_moves)
        cells = []
        for number, tile in enumerate(observation.hand, start=1):
            face = tile_text(tile)
            style = "bold" if not my_turn else PLAYABLE_STYLE if number in playable else UNPLAYABLE_STYLE
            width = len(face) + 2
            cells.append(_Cell(Text(f"{number:^{len(face)}}  ", style), Text(face + "  ", style), Text(" " * width)))
        yield from _rows(_wrap(cells, options.max_width, ""))


def _score_line(observation: Observation, player: int, names: Sequence[str]) -> str:
    """A player's score; in a partnership the team's (D7), naming the partner on the player's own panel."""
    rules = observation.rules
    side = rules.side_of(player)
    score = observation.scores[side]
    if not rules.teams:
        return _("score {score}", score=score)
    if player != observation.player:
        return _("team score {score}", score=score)
    partners = [names[p] for p in rules.members(side) if p != player]
    return _("team score {score} with your partner {partner}", score=score, partner=" & ".join(partners))


def _opponent_panel(observation: Observation, player: int, names: Sequence[str], glyphs: Glyphs) -> Panel:
    rules = observation.rules
    count = observation.tile_counts[player]
    backs = glyphs.back * min(count, 12) + ("+" if count > 12 else "")
    tiles = Text(backs, style="cyan")
    tiles.append(" " + n_("{count} tile", "{count} tiles", count) if count else _("no tiles"))
    to_move = observation.to_move == player
    title = names[player]
    if rules.teams and rules.side_of(player) == rules.side_of(observation.player):
        title += glyphs.dot + _("partner")
    status = Text(player_status(observation, player, glyphs), style=TURN_STYLE if to_move else "")
    return Panel(
        Group(tiles, status, Text(_score_line(observation, player, names))),
        title=Text((glyphs.turn if to_move else "") + title),
        title_align="left",
        border_style=TURN_STYLE if to_move else "blue",
    )


@dataclass(frozen=True, slots=True)
class TableView:
    """Everything one screen of the table shows."""

    observation: Observation
    names: tuple[str, ...]
    seed: int
    log_lines: int = 0
    """How many of this hand's recent turns to list under the table (none in a transcript, which has them)."""
    message: str = ""
    glyphs: Glyphs = UNICODE


def header(observation: Observation, seed: int, glyphs: Glyphs = UNICODE) -> Text:
    """The top line; it shows the seed so that a game worth playing again can be dealt again."""
    rules = observation.rules
    about = [_("hand {number}", number=observation.hand_number), _("first to {target}", target=rules.target)]
    return header_text(_("Dominoes"), rules.preset, rules.players, about, seed, glyphs.dot)


def render_table(view: TableView) -> RenderableType:
    """The whole table, top to bottom as seed 001 lays it out (D9)."""
    observation, names, glyphs = view.observation, view.names, view.glyphs
    rules = observation.rules
    opponents = Table.grid(expand=True, padding=(0, 1))
    seats = [p for p in range(rules.players) if p != observation.player]
    for _seat in seats:
        opponents.add_column(ratio=1)
    opponents.add_row(*(_opponent_panel(observation, p, names, glyphs) for p in seats))

    about = Text()
    if observation.open_ends:
        about.append(_("open ends:") + " ")
        compass = any(end is End.NORTH for end, _ in observation.open_ends)
        by_compass = {End.LEFT: "west", End.RIGHT: "east"} if compass else {}
        for number, (end, value) in enumerate(observation.open_ends):
            if number:
                about.append(glyphs.dot)
            about.append(f"{by_compass.get(end, end.value)} {value}", END_STYLE)
        about.append("   ")
    if rules.scores_during_play:
        # TRANSLATORS: the sum of the open ends (all-fives scoring), shown before its number.
        about.append(_("count") + " ")
        about.append(str(observation.count), SCORE_STYLE if observation.count % 5 == 0 else "bold")
        about.append("   ")
    size = observation.boneyard_size
    about.append(n_("boneyard: {count} tile", "boneyard: {count} tiles", size))
    if not rules.drawing:
        about.append(" " + _("(no drawing in this game)"), "dim")
    if observation.spinner is None:
        title = _("line of play")
    else:
        title = _("layout") + glyphs.dot + _("spinner {tile}", tile=str(observation.spinner))
    middle = Panel(Group(LineOfPlay.of(observation, glyphs), about), title=title, title_align="left")

    mine = observation.to_move == observation.player
    status = Text(your_status(observation), style=TURN_STYLE if mine else "")
    you = Panel(
        Group(YourTiles(observation), status),
        title=Text(f"{names[observation.player]}{glyphs.dot}{_score_line(observation, observation.player, names)}"),
        title_align="left",
        border_style=TURN_STYLE if mine else "blue",
    )
    parts: list[RenderableType] = [header(observation, view.seed, glyphs), opponents, middle, you]
    log = recent_turns(observation, names, view.log_lines) if view.log_lines else []
    for number, line in enumerate(log):
        parts.append(Text(line, style="" if number == len(log) - 1 else "dim"))
    if view.message:
        parts.append(Text(view.message, style="bold red"))
    return Group(*parts)


def hand_ending(outcome: HandOutcome, rules: Rules, names: Sequence[str]) -> str:
    """How the hand ended, in words (D6)."""
    if outcome.termination is Termination.DOMINO:
        assert outcome.winning_player is not None
        return _("domino by {player}", player=names[outcome.winning_player])
    if outcome.termination is Termination.TARGET_REACHED:
        assert outcome.winning_player is not None and outcome.winner is not None
        scorer = side_names(rules, names)[outcome.winner]
        return _(
            "{player}'s count takes {side} to {target}: play stops",
            player=names[outcome.winning_player],
            side=scorer,
            target=rules.target,
        )
    if outcome.winner is None:
        return _("blocked, and the lightest hands tie: nobody scores")
    lightest = side_names(rules, names)[outcome.winner]
    if rules.teams:
        return _("blocked, {players} have the lightest hand", players=lightest)
    return _("blocked, {player} has the lightest hand", player=lightest)


def render_hand_summary(
    outcome: HandOutcome,
    hand_number: int,
    rules: Rules,
    names: Sequence[str],
    scores: Sequence[int],
    glyphs: Glyphs = UNICODE,
) -> RenderableType:
    """The end of a hand: how it ended, every hand revealed with its pips, who scored what, the scores."""
    # Names go in as Text throughout: a name is what the player typed, never console markup.
    title = _("Hand {number}: {ending}", number=hand_number, ending=hand_ending(outcome, rules, names))
    players = Table(title=Text(title), title_justify="left")
    players.add_column(_("player"))
    players.add_column(_("tiles left"))
    players.add_column(_("pips"), justify="right")
    if not rules.teams:
        players.add_column(_("points"), justify="right")
        players.add_column(_("score"), justify="right")
    for player, name in enumerate(names):
        tiles = " ".join(tile_text(t) for t in outcome.hands[player]) or glyphs.none
        row: list[RenderableType] = [Text(name), tiles, str(outcome.pips[player])]
        if not rules.teams:
            points = outcome.points[player]
            row += [f"+{points}" if points else "", str(scores[player])]
        players.add_row(*row, style="bold" if outcome.winner == rules.side_of(player) else "")
    parts: list[RenderableType] = [players]
    if rules.teams:
        teams = Table(title=_("teams"), title_justify="left")
        teams.add_column(_("team"))
        teams.add_column(_("pips"), justify="right")
        teams.add_column(_("points"), justify="right")
        teams.add_column(_("score"), justify="right")
        team_pips = rules.side_totals(outcome.pips)
        for side, label in enumerate(side_names(rules, names)):
            pips = team_pips[side]
            points = outcome.points[side]
            teams.add_row(Text(label), str(pips), f"+{points}" if points else "", str(scores[side]))
        parts.append(teams)
    if any(outcome.play_points):
        counts = ", ".join(
            _("{side} {points}", side=label, points=points)
            for label, points in zip(side_names(rules, names), outcome.play_points, strict=True)
        )
        parts.append(Text(_("Counts made during play (in the points): {counts}.", counts=counts)))
    if outcome.winner is not None and not rules.scores_during_play:
        scorer = side_names(rules, names)[outcome.winner]
        parts.append(Text(_scores_line(scorer, outcome.points[outcome.winner], names)))
    elif outcome.winner is not None and outcome.termination is not Termination.TARGET_REACHED:
        scorer = side_names(rules, names)[outcome.winner]
        end_points = outcome.points[outcome.winner] - outcome.play_points[outcome.winner]
        parts.append(Text(_scores_line(scorer, end_points, names, end=True)))
    return Group(*parts)


def _scores_line(scorer: str, points: int, names: Sequence[str], *, end: bool = False) -> str:
    """'Ann scores 20.', 'You score 20.', 'Ann & Bo score 20.' (``end``: '... for the hand's end')."""
    if scorer == _("You"):  # the lone human under the default name
        if end:
            return _("You score {points} for the hand's end (to the nearest 5).", points=points)
        return _("You score {points}.", points=points)
    if " & " in scorer:
        if end:
            return _("{players} score {points} for the hand's end (to the nearest 5).", players=scorer, points=points)
        return _("{players} score {points}.", players=scorer, points=points)
    if end:
        return _("{player} scores {points} for the hand's end (to the nearest 5).", player=scorer, points=points)
    return _("{player} scores {points}.", player=scorer, points=points)


def termination_text(termination: Termination) -> str:
    """How a hand ended, in a word or two, for the final table's 'ended' column."""
    if termination is Termination.DOMINO:
        # TRANSLATORS: a hand ended by a player playing their last tile.
        return p_("hand ended by", "domino")
    if termination is Termination.BLOCKED:
        return p_("hand ended by", "blocked")
    if termination is Termination.TARGET_REACHED:
        return p_("hand ended by", "target reached")
    return str(termination.value)


def render_game_over(
    outcome: GameOutcome,
    summaries: Sequence[HandOutcome],
    rules: Rules,
    names: Sequence[str],
    seed: int,
    record: str | None,
    glyphs: Glyphs = UNICODE,
) -> RenderableType:
    """The last screen: the winner, the final scores, and every hand's points."""
    labels = side_names(rules, names)
    mine = rules.side_of(HUMAN)
    points = outcome.scores[outcome.winner]
    winner = labels[outcome.winner]
    if rules.teams and outcome.winner == mine:
        verdict = _("Your team wins with {points} points!", points=points)
    elif outcome.winner == mine and winner == _("You"):
        verdict = _("You win with {points} points!", points=points)
    elif outcome.winner == mine:
        verdict = _("{player} wins with {points} points!", player=winner, points=points)
    elif " & " in winner:
        verdict = _("{players} win with {points} points.", players=winner, points=points)
    else:
        verdict = _("{player} wins with {points} points.", player=winner, points=points)
    table = Table(title=_("final scores"), title_justify="left")
    table.add_column(_("hand"), justify="right")
    table.add_column(_("ended"))
    for label in labels:
        table.add_column(Text(label), justify="right")
    for number, summary in enumerate(summaries, start=1):
        ended = termination_text(summary.termination)
        table.add_row(str(number), ended, *(str(p) if p else "" for p in summary.points))
    table.add_section()
    table.add_row("", _("total"), *(str(s) for s in outcome.scores), style="bold")
    lines: list[RenderableType] = [Text(verdict, style="bold green" if outcome.winner == mine else "bold"), table]
    footer = _("seed {seed}", seed=str(seed))
    if record:
        footer += glyphs.dot + _("record saved to {file} (bonepile replay {file})", file=record)
    lines.append(Text(footer, style="dim"))
    return Panel(Group(*lines), title=_("Game over"), title_align="left", border_style="green", expand=False)
